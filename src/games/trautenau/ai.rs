//! The computer's evaluation of Trautenau and Soor (issue 15, docs/AI.md).

use super::data::{Side, TsRules};
use super::state::{Step, TsState};
use crate::ai::margin_score;

/// 11.4: the VP lead as the game would score it now (steps lost, demoralised
/// formations, locations held), over a scale of 4 VP; a lead of 2 wins (7.23).
pub fn evaluate(rules: &TsRules, st: &TsState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let over = st.g.step == Step::GameOver;
    let vp = if over {
        [st.g.vp[0] as i32, st.g.vp[1] as i32]
    } else {
        super::flow::score(rules, st, false).0
    };
    let margin = (vp[me.idx()] - vp[me.other().idx()]) as f64;
    let winner = st.g.winner.map(|w| w.name());
    margin_score(over, winner, side, margin, 4.0)
}
