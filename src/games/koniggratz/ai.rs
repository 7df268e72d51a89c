//! The computer's view of Königgrätz (issue 15, docs/AI.md): its evaluation and the
//! secret artillery choice it must not read.

use super::combat;
use super::data::{KgRules, Side};
use super::state::{KgCommand, KgState, Pending, Step};
use crate::ai::margin_score;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// 7.0: the VP lead (1 VP per blown or eliminated enemy unit plus its ER; Austria wins
/// ties, counted as half a VP), plus [`THREAT_WEIGHT`] times the lead in threats
/// ([`threats`]: what each side's units in an enemy ZOC could win by attacking now),
/// over a scale of 4 VP.
pub fn evaluate(rules: &KgRules, st: &KgState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let vp = super::flow::victory_points(rules, st);
    let tie = if me == Side::Austria { 0.5 } else { -0.5 };
    let mut margin = vp[me.idx()] as f64 - vp[me.other().idx()] as f64 + tie;
    let over = st.g.step == Step::GameOver;
    if !over && THREAT_WEIGHT > 0.0 {
        let t = threats(rules, st);
        margin += THREAT_WEIGHT * (t[me.idx()] - t[me.other().idx()]);
    }
    let winner = st.g.winner.map(|w| w.name());
    margin_score(over, winner, side, margin, 4.0)
}

/// How much of a side's threats the evaluation counts (our heuristic: the threats are
/// not all carried out, and the enemy moves first).
pub const THREAT_WEIGHT: f64 = 1.0;

/// The VP a result is worth (7.0): a blown or eliminated unit 1 + its ER, a retreat
/// [`RETREAT_VP`] (our heuristic: it loosens the line).
fn result_vp(o: &[f64; 3], er: u8) -> f64 {
    RETREAT_VP * o[0] + (1.0 + er as f64) * (o[1] + o[2])
}

const RETREAT_VP: f64 = 0.3;

/// Per side: the sum over its units that may attack now (4.3: in an enemy ZOC, next
/// to an enemy; [`super::steps::attack_options`]) of the best expected VP of one attack
/// ([`combat::odds`], the panel's odds, without artillery), when that is positive.
pub fn threats(rules: &KgRules, st: &KgState) -> [f64; 2] {
    let view = super::rules::View::new(rules, st);
    let mut out = [0.0; 2];
    for side in [Side::Prussia, Side::Austria] {
        let mut best: Vec<(super::state::UnitId, f64)> = Vec::new();
        for c in super::steps::attack_options(rules, st, &view, side, None) {
            let KgCommand::Attack { attacker, defender } = c else {
                continue;
            };
            let o = combat::odds(rules, st, attacker, defender, false, false);
            let v = result_vp(&o.defender, rules.units[defender as usize].er)
                - result_vp(&o.attacker, rules.units[attacker as usize].er);
            match best.iter_mut().find(|(a, _)| *a == attacker) {
                Some(b) => b.1 = b.1.max(v),
                None => best.push((attacker, v)),
            }
        }
        out[side.idx()] = best.iter().map(|(_, v)| v.max(0.0)).sum();
    }
    out
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
