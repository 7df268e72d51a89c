//! The computer's evaluation of the Sadowa Campaign (issue 15, docs/AI.md).

use super::data::{SdRules, Side};
use super::state::{SdState, Step};
use crate::ai::margin_score;

/// 14.0: the VP lead so far (VP are awarded as the game goes: units and HQs eliminated,
/// objectives), over a scale of 6 VP.
pub fn evaluate(_rules: &SdRules, st: &SdState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let margin = st.g.vp[me.idx()] as f64 - st.g.vp[me.other().idx()] as f64;
    let winner = st.g.winner.map(|w| w.name());
    margin_score(st.g.step == Step::GameOver, winner, side, margin, 6.0)
}
