//! The computer's view of 1866 (issue 15, docs/AI.md): its evaluation and the cards it
//! cannot see.

use super::control;
use super::data::StRules;
use super::data::UnitId;
use super::endturn::situation;
use super::flow::{AUTO_VP, DOW};
use super::state::{Loc, StState, Step};
use crate::ai::{margin_score, shuffle};
use crate::engine::side::Side;
use rand_xoshiro::Xoshiro256PlusPlus;

/// What the evaluation counts a lost combat-unit step, in VP (a heuristic of ours).
pub const STEP_VP: f64 = 0.25;

/// What the evaluation counts a VP the next Victory Check would move ([`pending_vp`]):
/// less than one banked (the enemy may still take the spaces back; a heuristic of ours).
pub const PENDING_WEIGHT: f64 = 0.75;

/// 14.2, 14.5, 5.6: the VP the next Victory Check of a War turn would move (positive for
/// Austria) if the turn ended now: every province whose majority differs from its
/// controller changes hands, and Italy likewise. The search's playouts seldom reach the
/// end of the turn, so without this the spaces a side takes would count for nothing
/// until then. 0 before the war (7.21: no Victory Check) and after the game.
pub fn pending_vp(rules: &StRules, st: &StState) -> i32 {
    if !st.g.war || st.g.step == Step::GameOver {
        return 0;
    }
    let sit = situation(rules, st);
    let signed = |side: Side, n: i32| if side == Side::Austria { n } else { -n };
    let mut v = 0;
    for (p, prov) in rules.map.provinces.iter().enumerate() {
        let before = st.g.provinces.get(p).copied().flatten();
        if let Some(side) = control::province_majority(&rules.map, p, &sit)
            && before != Some(side)
        {
            v += signed(side, prov.vp as i32);
        }
    }
    let italy = st.g.italy.unwrap_or(Side::Prussia);
    let after = control::italy_control(&rules.map, &sit, italy);
    if after != italy {
        v += signed(after, 1);
    }
    v
}

/// 21.2: the VP track (positive for Austria; Austria wins ties, half a VP), plus
/// [`STEP_VP`] per combat-unit step the enemy has lost more than oneself (a reduced
/// unit one step, an eliminated one two: 6.21, 11.2; the track moves rarely, the losses
/// tell the search which battles went well), plus the VP the next Victory Check would
/// move ([`pending_vp`], weighed by [`PENDING_WEIGHT`]), over a scale of a third of the
/// automatic victory (AUTO_VP).
pub fn evaluate(rules: &StRules, st: &StState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let mut lost = [0u32; 2];
    for (i, u) in st.units.iter().enumerate() {
        let steps = match u.loc {
            Loc::Eliminated | Loc::Permanent => 2,
            Loc::Space(_) | Loc::CorpsSupport if u.reduced => 1,
            _ => 0,
        };
        lost[rules.side(i as UnitId).idx()] += steps;
    }
    let austria = st.g.vp as f64
        + 0.5
        + PENDING_WEIGHT * pending_vp(rules, st) as f64
        + STEP_VP * (lost[Side::Prussia.idx()] as f64 - lost[Side::Austria.idx()] as f64);
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

/// 4.5, 5.1: the seat sees its own hand and the face-up piles; the opponent's hand, his
/// Operations Queue (optional rule 4: queued face down, named only when used or
/// abandoned) and the draw pile are dealt anew from the cards in them (the same counts),
/// at random.
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
    let queued = cards.queue[o].len();
    let mut unseen: Vec<_> = cards.hands[o].drain(..).collect();
    unseen.append(&mut cards.queue[o]);
    unseen.append(&mut cards.draw);
    // in card order first: the dealing does not depend on where the unseen cards are
    unseen.sort_unstable();
    shuffle(&mut unseen, rng);
    // the queue first, from the cards that may be queued: never the Declaration of War,
    // which is played only as an event (7.22; optional rule 4, audit 13k row 14)
    let mut queue = Vec::with_capacity(queued);
    unseen.retain(|&c| {
        if queue.len() < queued && c != DOW {
            queue.push(c);
            false
        } else {
            true
        }
    });
    cards.queue[o] = queue;
    cards.draw = unseen.split_off(held.min(unseen.len()));
    cards.hands[o] = unseen;
    out
}
