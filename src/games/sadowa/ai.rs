//! The computer's view of the Sadowa Campaign (issue 15, docs/AI.md): its evaluation and
//! the policy of its playouts.

use super::charts::{CrtCell, VictoryLevel};
use super::data::{Kind, SdRules, Side};
use super::state::{SdCommand, SdState, Step};
use crate::ai::margin_score;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// 14.0: the VP lead so far (VP are awarded as the game goes: units and HQs eliminated,
/// objectives) and the threat to the Prussian GHQ ([`ghq_threat`], 6.5.3), over a scale
/// of [`SCALE`] VP; from the turn before the armistice turn on
/// (4.7) blended half and half with what an armistice asked now would leave
/// ([`armistice_value`]).
pub fn evaluate(rules: &SdRules, st: &SdState, side: &str) -> f64 {
    let Some(me) = Side::from_name(side) else {
        return 0.5;
    };
    let mut margin = st.g.vp[me.idx()] as f64 - st.g.vp[me.other().idx()] as f64;
    let threat = ghq_threat(rules, st);
    margin += if me == Side::Austria { threat } else { -threat };
    let winner = st.g.winner.map(|w| w.name());
    let over = st.g.step == Step::GameOver;
    let score = margin_score(over, winner, side, margin, SCALE);
    if over {
        return score;
    }
    match armistice_value(rules, st, me) {
        Some(a) => (1.0 - ARMISTICE_WEIGHT) * score + ARMISTICE_WEIGHT * a,
        None => score,
    }
}

/// 6.5.3: what the evaluation counts the Prussian GHQ on the map within the reach of
/// Austrian field units, in VP to Austria (its elimination is an Austrian Decisive
/// Victory, and a GHQ alone in its hex falls to an attack with no roll, 6.3): up to
/// [`GHQ_THREAT_VP`], less a part for each hex between it and the nearest Austrian corps
/// or cavalry up to [`GHQ_THREAT_HEXES`], halved when Prussian units share its hex. The
/// playouts are a few commands long, the march to the GHQ takes operations: this term
/// tells the search which moves close in (our heuristic; for Prussia it is the reason
/// to keep the GHQ back and covered).
pub fn ghq_threat(rules: &SdRules, st: &SdState) -> f64 {
    let Some(ghq) = rules.ghq() else {
        return 0.0;
    };
    let Some(at) = st.units.get(ghq as usize).and_then(|u| u.hex) else {
        return 0.0;
    };
    let mut nearest = u32::MAX;
    let mut covered = false;
    for u in rules.ids() {
        let Some(s) = st.units.get(u as usize) else {
            continue;
        };
        let (Some(h), None) = (s.hex, s.gone) else {
            continue;
        };
        match (rules.side(u), rules.kind(u)) {
            (Side::Austria, Kind::Corps | Kind::Cavalry) => nearest = nearest.min(h.distance(at)),
            (Side::Prussia, Kind::Corps | Kind::Cavalry | Kind::Garrison) if h == at => {
                covered = true
            }
            _ => {}
        }
    }
    if nearest == u32::MAX || nearest > GHQ_THREAT_HEXES {
        return 0.0;
    }
    let near = 1.0 - (nearest.saturating_sub(1)) as f64 / GHQ_THREAT_HEXES as f64;
    GHQ_THREAT_VP * near * if covered { 0.5 } else { 1.0 }
}

/// The most [`ghq_threat`] counts (an Austrian field unit next to the lone GHQ), in VP.
pub const GHQ_THREAT_VP: f64 = 20.0;

/// The hexes within which [`ghq_threat`] counts an Austrian corps near the GHQ (about
/// four operations' march, 7.2; six in the first runs of session 24).
pub const GHQ_THREAT_HEXES: u32 = 12;

/// The evaluation's VP scale: a lead of 10 VP is a marginal victory, 30 a substantive
/// one, 60 a decisive one (14.1, RECONSTRUCTED in docs/games/sadowa-charts.md), and from
/// turn 10 the side behind may ask for an armistice, whose die can move the level up to
/// two steps (4.7, the RECONSTRUCTED Armistice Table): only a decisive lead is safe from
/// it. On a scale of 6 every lead past 15 VP looked alike (the evaluation's flat end),
/// and a computer Austria won by 19 to 32 VP and lost the victory to the armistice die;
/// the scale follows the levels (our heuristic).
pub const SCALE: f64 = 30.0;

/// How much of the evaluation is the armistice's expected result once the armistice is
/// near ([`armistice_value`]; our heuristic).
pub const ARMISTICE_WEIGHT: f64 = 0.5;

/// 4.7: from the turn before the armistice turn on, `me`'s expected result (1 a win,
/// 0.5 a draw, 0 a loss) if the side behind asked for an armistice now: the mean over
/// the die of the Armistice Table's level (14.1). A substantive lead keeps 11/12 of a
/// win against a draw on a 6, a decisive one all of it: the search sees the point of
/// pushing a lead past the next level before the side behind may ask. `None` before
/// that turn, or with the VPs equal (nobody may ask).
pub fn armistice_value(rules: &SdRules, st: &SdState, me: Side) -> Option<f64> {
    let c = &rules.charts;
    // the next Armistice Phase's turn
    let turn = st.g.turn.saturating_add(1);
    if turn < c.armistice_from_turn {
        return None;
    }
    let (p, a) = (st.g.vp[Side::Prussia.idx()], st.g.vp[Side::Austria.idx()]);
    let asker = c.armistice_asker(turn, p, a)?;
    let now = c.victory_level(p, a);
    let value = |l: VictoryLevel| match l.winner() {
        Some(w) if w == me => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    Some(
        (1..=6u8)
            .map(|d| value(c.armistice(d, now, asker)))
            .sum::<f64>()
            / 6.0,
    )
}

/// The VP an attack is worth to the attacker (14.0: 1 VP a Loss Point, 4 an HQ; 7.4:
/// Loss Points are a side's CFs times the result's multiplier, a surrender loses the
/// units' CFs and the HQs stacked with them, 6.3): the mean over the exact chances of
/// the combat panel ([`super::steps::attack::plan_of`]). HQs alone in the hex attacked
/// are eliminated with no roll (6.3); the Prussian GHQ counts [`GHQ_VP`] (6.5.3: its
/// loss is an Austrian Decisive Victory).
pub fn attack_vp(rules: &SdRules, st: &SdState, cmd: &SdCommand) -> Option<f64> {
    let plan = super::steps::attack::plan_of(rules, st, cmd)?;
    let hqs_in = |hex| -> f64 {
        plan.hqs
            .iter()
            .filter(|(h, _)| st.units.get(*h as usize).and_then(|u| u.hex) == Some(hex))
            .map(|(h, _)| match rules.kind(*h) {
                Kind::Ghq => GHQ_VP,
                _ => HQ_VP,
            })
            .sum()
    };
    let (att_hqs, def_hqs) = (hqs_in(plan.att_hex), hqs_in(plan.def_hex));
    if plan.hq_alone {
        return Some(def_hqs);
    }
    let (a, d) = (plan.best.att_lp_cf as f64, plan.best.def_lp_cf as f64);
    let side = |cf: f64, hqs: f64, r: &super::charts::SideResult| {
        cf * r.mult as f64 + if r.surrender { cf + hqs } else { 0.0 }
    };
    let cell_vp = |c: &CrtCell| side(d, def_hqs, &c.defender) - side(a, att_hqs, &c.attacker);
    Some(plan.results.iter().map(|r| r.p() * cell_vp(&r.cell)).sum())
}

/// 14.0: an HQ eliminated is worth 4 VP to the enemy.
pub const HQ_VP: f64 = 4.0;

/// What the playouts count the Prussian GHQ's elimination (6.5.3: an Austrian Decisive
/// Victory at once): the lead of a decisive victory (14.1, RECONSTRUCTED), our heuristic.
pub const GHQ_VP: f64 = 60.0;

/// The playout policy (the search's stand-in for both players after its first command):
/// in the attacks after an operation's movement (7.3), nine times in ten the attack worth
/// most VP ([`attack_vp`]), or the end of the operation when none is worth more than
/// nothing; everything else as the random player ([`super::random_command`]), which
/// attacks at any odds.
pub fn playout_play(
    rules: &SdRules,
    st: &SdState,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<SdCommand> {
    let legal = <super::Sadowa as crate::engine::game::RulesGame>::legal(rules, st);
    if st.g.step == Step::Attack && st.g.pending.is_empty() && rng.random_range(0..100) >= 10 {
        let mut best: Option<(f64, &SdCommand)> = None;
        for c in &legal {
            if let Some(v) = attack_vp(rules, st, c) {
                let v = v + rng.random_range(0.0..0.05);
                if best.is_none_or(|b| v > b.0) {
                    best = Some((v, c));
                }
            }
        }
        match best {
            Some((v, c)) if v > 0.0 || !legal.contains(&SdCommand::EndOperation) => {
                return Some(c.clone());
            }
            _ if legal.contains(&SdCommand::EndOperation) => return Some(SdCommand::EndOperation),
            _ => {}
        }
    }
    super::random_command(rules, st, &legal, rng)
}
