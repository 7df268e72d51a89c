//! The computer's evaluation of the Sadowa Campaign (issue 15, docs/AI.md).

use super::data::{SdRules, Side};
use super::state::{SdState, Step};
use crate::ai::margin_score;

/// 14.0: the VP lead so far (VP are awarded as the game goes: units and HQs eliminated,
/// objectives), over a scale of [`SCALE`] VP.
pub fn evaluate(_rules: &SdRules, st: &SdState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let margin = st.g.vp[me.idx()] as f64 - st.g.vp[me.other().idx()] as f64;
    let winner = st.g.winner.map(|w| w.name());
    margin_score(st.g.step == Step::GameOver, winner, side, margin, SCALE)
}

/// The evaluation's VP scale: a lead of 10 VP is a marginal victory, 30 a substantive
/// one, 60 a decisive one (14.1, RECONSTRUCTED in docs/games/sadowa-charts.md), and from
/// turn 10 the side behind may ask for an armistice, whose die can move the level up to
/// two steps (4.7, the RECONSTRUCTED Armistice Table): only a decisive lead is safe from
/// it. On a scale of 6 every lead past 15 VP looked alike (the evaluation's flat end),
/// and a computer Austria won by 19 to 32 VP and lost the victory to the armistice die;
/// the scale follows the levels (our heuristic).
pub const SCALE: f64 = 30.0;
