//! The computer's view of 1866 (issue 15, docs/AI.md): its evaluation and the cards it
//! cannot see.

use super::data::StRules;
use super::flow::AUTO_VP;
use super::state::{StState, Step};
use crate::ai::{margin_score, shuffle};
use crate::engine::side::Side;
use rand_xoshiro::Xoshiro256PlusPlus;

/// 21.2: the VP track (positive for Austria; Austria wins ties, half a VP), over a
/// scale of a third of the automatic victory (AUTO_VP).
pub fn evaluate(_rules: &StRules, st: &StState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let austria = st.g.vp as f64 + 0.5;
    let margin = if me == Side::Austria {
        austria
    } else {
        -austria
    };
    let winner = st.g.winner.map(|w| w.name());
    margin_score(
        st.g.step == Step::GameOver,
        winner,
        side,
        margin,
        AUTO_VP as f64 / 3.0,
    )
}

/// 4.5, 5.1: the seat sees its own hand and the face-up piles; the opponent's hand and
/// the draw pile are dealt anew from the cards in them (the same counts), at random.
pub fn determinize(
    _rules: &StRules,
    st: &StState,
    seat: &str,
    rng: &mut Xoshiro256PlusPlus,
) -> StState {
    let mut out = st.clone();
    let Some(me) = Side::from_name(seat) else {
        return out;
    };
    let o = me.other().idx();
    let cards = &mut out.cards;
    let held = cards.hands[o].len();
    let mut unseen: Vec<_> = cards.hands[o].drain(..).collect();
    unseen.append(&mut cards.draw);
    // in card order first: the dealing does not depend on where the unseen cards are
    unseen.sort_unstable();
    shuffle(&mut unseen, rng);
    cards.draw = unseen.split_off(held);
    cards.hands[o] = unseen;
    out
}
