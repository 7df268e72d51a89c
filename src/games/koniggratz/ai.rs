//! The computer's view of Königgrätz (issue 15, docs/AI.md): its evaluation and the
//! secret artillery choice it must not read.

use super::combat;
use super::data::{KgRules, Side};
use super::state::{KgCommand, KgState, Pending, Step};
use crate::ai::margin_score;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// 7.0: the VP lead (1 VP per blown or eliminated enemy unit plus its ER; Austria wins
/// ties, counted as half a VP), over a scale of 4 VP.
pub fn evaluate(rules: &KgRules, st: &KgState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let vp = super::flow::victory_points(rules, st);
    let tie = if me == Side::Austria { 0.5 } else { -0.5 };
    let margin = vp[me.idx()] as f64 - vp[me.other().idx()] as f64 + tie;
    let winner = st.g.winner.map(|w| w.name());
    margin_score(st.g.step == Step::GameOver, winner, side, margin, 4.0)
}

/// 4.3a: the opponent's Artillery Support choice, made in secret and not yet revealed,
/// is drawn at random (only where the opponent had a real choice, 6.2; otherwise it is
/// "none" for everyone to see).
pub fn determinize(
    rules: &KgRules,
    st: &KgState,
    seat: &str,
    rng: &mut Xoshiro256PlusPlus,
) -> KgState {
    let mut out = st.clone();
    let Some(me) = Side::from_name(seat) else {
        return out;
    };
    if let Some(Pending::Artillery {
        attacker,
        defender,
        choice,
    }) = out.g.pending.last_mut()
    {
        for u in [*attacker, *defender] {
            let Some(d) = rules.units.get(u as usize) else {
                continue;
            };
            let other = d.side;
            if other != me && choice[other.idx()].is_some() && combat::may_support(rules, st, u) {
                choice[other.idx()] = Some(rng.random_bool(0.5));
            }
        }
    }
    out
}

/// The playout policy (the search's stand-in for both players after its first command):
/// in the Attack Phase the attack with the best odds (the odds the combat panel shows,
/// [`combat::odds`], counted without artillery on either side, since the opponent's
/// choice is secret), a pass when none is better than even; everything else as the
/// random player ([`super::random::random_play`]), whose moves lean towards the enemy.
pub fn playout_play(
    rules: &KgRules,
    st: &KgState,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<KgCommand> {
    if st.g.step == Step::Attack && st.g.pending.is_empty() && rng.random_range(0..100) >= 10 {
        let legal = super::flow::legal_commands(rules, st);
        let mut best: Option<(f64, &KgCommand)> = None;
        for c in &legal {
            if let KgCommand::Attack { attacker, defender } = c {
                let o = combat::odds(rules, st, *attacker, *defender, false, false);
                let v = 0.3 * o.defender[0] + o.defender[1] + 1.5 * o.defender[2]
                    - (0.3 * o.attacker[0] + o.attacker[1] + 1.5 * o.attacker[2])
                    + rng.random_range(0.0..0.05);
                if best.is_none_or(|b| v > b.0) {
                    best = Some((v, c));
                }
            }
        }
        return match best {
            Some((v, c)) if v > 0.0 || !legal.contains(&KgCommand::Pass) => Some(c.clone()),
            _ if legal.contains(&KgCommand::Pass) => Some(KgCommand::Pass),
            _ => super::random::random_command(rules, st, &legal, rng),
        };
    }
    super::random::random_play(rules, st, rng)
}
