//! Our battle resolver (docs/games/saxonwar.md, "The battle resolver"): it replaces the
//! miniatures rules the article sends its battles to, built on the article's inputs.
//! Everything here is pure: [`inputs`] reads a battle from the state, [`mods`] gives
//! every modifier of both rolls for a positional or a maneuver battle, [`odds`] and
//! [`margins`] count the 36 pairs of dice with exactly those modifiers, [`outcome`]
//! turns the two totals into losses, prisoners and the leader casualty roll, and
//! [`view`] gathers all of it for the battle panel. `steps/combat.rs` rolls the dice and
//! applies the outcome; nothing else decides a battle.
//!
//! - `campaign.conversion`: the smaller army is worth the small army list, 106.5 points
//!   (the article's example); each SP of both sides is worth 106.5 / the smaller army's
//!   SPs; the larger army's points round to a whole point and come off the large list
//!   when above the small list size. Losses go back to SPs with a fraction of 2/3 of an
//!   SP's value or more counting a whole SP ([`points_to_sp`]).
//! - `campaign.initiative`: the attacker (the phasing player) adds his commander's AIV,
//!   the defender his DIV (an unnamed general 1); -1 when the commander's own force is
//!   demoralized (morale.states).
//! - `morale.states`: -1 more for the -2 morale when the demoralized SPs are more than
//!   half of the side (a good force beside a demoralized ally: `rules::side_demoralized`).
//! - the points ratio: the larger army +1 at 1.5:1, +2 at 2:1, +3 at 3:1.
//! - `campaign.deployment`: the defender chooses. Positional: the defender +1 (prepared
//!   position) and +1 more on rough ground (`campaign.terrain`). Maneuver: no position,
//!   the ground does not count, the side with the higher initiative +1.
//! - Higher total wins; equal: a drawn battle, both lose 10 % of their points, and each
//!   (the defender first) may pull off the field voluntarily.
//! - Losses: the loser 10 % of its points + 5 % per point of margin (margin counted up
//!   to 8), the winner 5 %. `campaign.pursuit`: the winner pursues with 50 per mille of
//!   the loser's points per point of margin, shifted by 100 per mille his way when his
//!   SIV is 2 or more above the loser's (or 100 the other way when the loser's is); the
//!   pursuit's points are prisoners when they make at least one SP, else normal losses.
//! - `campaign.casualties`: the beaten commander rolls for his fate when the margin is
//!   4 or more.

use super::data::SxRules;
use super::rules::*;
use super::state::*;
use serde::{Deserialize, Serialize};

/// The small army list, in hundredths of a point (the article's 106.5 points).
pub const SMALL_LIST: u32 = 10_650;

/// campaign.conversion: the value of one SP of both armies in hundredths of a point.
pub fn per_sp(smaller_sp: u16) -> u32 {
    SMALL_LIST / smaller_sp.max(1) as u32
}

/// campaign.conversion back to SPs: whole SPs, and a fraction of 2/3 of an SP's value or
/// more counts one more (17 points at 10 per SP are 2 SP, 16 are 1).
pub fn points_to_sp(points: u32, per_sp: u32) -> u16 {
    if per_sp == 0 {
        return 0;
    }
    let whole = points / per_sp;
    let rest = points % per_sp;
    (whole + u32::from(3 * rest >= 2 * per_sp)).min(u16::MAX as u32) as u16
}

/// The conversion of a battle: the value of an SP, each army's points (hundredths;
/// attacker first) and whether it is bought off the large army list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Conversion {
    pub per_sp: u32,
    pub points: [u32; 2],
    pub large: [bool; 2],
}

/// campaign.conversion: 15 SP against 10 are 160 and 106.5 points (the article's
/// example, `conversion(15, 10)`).
pub fn conversion(att_sp: u16, def_sp: u16) -> Conversion {
    let smaller = att_sp.min(def_sp);
    let v = per_sp(smaller);
    let pts = |sp: u16| {
        let raw = sp as u32 * v;
        if sp > smaller {
            (raw + 50) / 100 * 100
        } else {
            raw
        }
    };
    let points = [pts(att_sp), pts(def_sp)];
    Conversion {
        per_sp: v,
        points,
        large: [points[0] > SMALL_LIST, points[1] > SMALL_LIST],
    }
}

/// One side's part in a battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleSide {
    pub side: Side,
    /// The commander (None: an unnamed general).
    pub leader: Option<LeaderId>,
    pub sp: u16,
    /// The SIV he fights with (0 when demoralized), for the pursuit.
    pub siv: i32,
    /// AIV for the attacker, DIV for the defender, -1 when the commander's force is
    /// demoralized.
    pub initiative: i32,
    /// The commander's own force is demoralized (initiative -1, morale.states).
    pub demoralized: bool,
    /// The demoralized SPs are more than half of the side (morale -1, morale.states;
    /// `rules::side_demoralized`).
    #[serde(default)]
    pub morale_low: bool,
}

impl BattleSide {
    /// The side's morale as the battle panel names it: the two maluses of
    /// morale.states apart (the commander's own force for the initiative, the majority
    /// of the side's SPs for the morale), as `mods` applies them.
    pub fn morale_label(&self) -> &'static str {
        match (self.demoralized, self.morale_low) {
            (false, false) => "good",
            (true, false) => "commander's force demoralized (initiative -1)",
            (false, true) => "most SPs demoralized (morale -1)",
            (true, true) => "demoralized (initiative -1, morale -1)",
        }
    }
}

/// The inputs of a battle: the attacker is the phasing player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleInputs {
    pub area: AreaId,
    pub attacker: Side,
    pub att: BattleSide,
    pub def: BattleSide,
    /// Rough ground: a side entered the area over a mountain pass this player turn.
    pub rough: bool,
    pub conv: Conversion,
}

fn side_of(r: &SxRules, st: &SxState, a: AreaId, side: Side, attacker: bool) -> BattleSide {
    let (s, aiv, div, _) = ratings(r, st, a, side, false);
    let (demoralized, morale_low) = side_demoralized(r, st, a, side);
    BattleSide {
        side,
        leader: commander(r, st, a, side, false),
        sp: st.field_of(a, side),
        siv: s,
        initiative: if attacker { aiv } else { div } - i32::from(demoralized),
        demoralized,
        morale_low,
    }
}

/// The battle in an area as it stands now.
pub fn inputs(r: &SxRules, st: &SxState, area: AreaId) -> BattleInputs {
    let attacker = st.g.phasing;
    let att = side_of(r, st, area, attacker, true);
    let def = side_of(r, st, area, attacker.other(), false);
    let rough = st
        .area(area)
        .is_some_and(|x| x.pass_entry.iter().any(|p| *p));
    let conv = conversion(att.sp, def.sp);
    BattleInputs {
        area,
        attacker,
        att,
        def,
        rough,
        conv,
    }
}

pub type Mods = Vec<(String, i32)>;

/// Every modifier of the attacker's and the defender's roll for a positional
/// (`maneuver` false) or a maneuver battle.
pub fn mods(i: &BattleInputs, maneuver: bool) -> (Mods, Mods) {
    let mut a = vec![(
        "AIV (campaign.initiative)".to_string(),
        i.att.initiative + i32::from(i.att.demoralized),
    )];
    let mut d = vec![(
        "DIV (campaign.initiative)".to_string(),
        i.def.initiative + i32::from(i.def.demoralized),
    )];
    for (m, s) in [(&mut a, &i.att), (&mut d, &i.def)] {
        if s.demoralized {
            m.push(("demoralized: initiative -1 (morale.states)".into(), -1));
        }
        if s.morale_low {
            m.push(("demoralized: morale -2, as -1 (morale.states)".into(), -1));
        }
    }
    let [pa, pd] = i.conv.points;
    let (big, small) = (pa.max(pd) as u64, pa.min(pd).max(1) as u64);
    let ratio = if big >= 3 * small {
        3
    } else if big >= 2 * small {
        2
    } else if 2 * big >= 3 * small {
        1
    } else {
        0
    };
    if ratio > 0 && pa != pd {
        let m = if pa > pd { &mut a } else { &mut d };
        m.push((
            format!(
                "points {:.1} against {:.1} (campaign.conversion)",
                big as f64 / 100.0,
                small as f64 / 100.0
            ),
            ratio,
        ));
    }
    if maneuver {
        if i.att.initiative != i.def.initiative {
            let m = if i.att.initiative > i.def.initiative {
                &mut a
            } else {
                &mut d
            };
            m.push((
                "maneuver battle: the higher initiative (campaign.deployment)".into(),
                1,
            ));
        }
    } else {
        d.push((
            "positional battle: prepared position (campaign.deployment)".into(),
            1,
        ));
        if i.rough {
            d.push((
                "positional battle on rough ground after a pass (campaign.terrain)".into(),
                1,
            ));
        }
    }
    (a, d)
}

fn sums(i: &BattleInputs, maneuver: bool) -> (i32, i32) {
    let (a, d) = mods(i, maneuver);
    (a.iter().map(|m| m.1).sum(), d.iter().map(|m| m.1).sum())
}

/// The chances of each margin (attacker's total less the defender's) in 36ths, counted
/// over every pair of dice with the modifiers of [`mods`].
pub fn margins(i: &BattleInputs, maneuver: bool) -> Vec<(i32, u32)> {
    let (ma, md) = sums(i, maneuver);
    let mut v: Vec<(i32, u32)> = Vec::new();
    for x in 1..=6 {
        for y in 1..=6 {
            let m = (x + ma) - (y + md);
            match v.iter_mut().find(|e| e.0 == m) {
                Some(e) => e.1 += 1,
                None => v.push((m, 1)),
            }
        }
    }
    v.sort_unstable();
    v
}

/// (attacker wins, drawn, defender wins) in 36ths.
pub fn odds(i: &BattleInputs, maneuver: bool) -> (u32, u32, u32) {
    let mut out = (0, 0, 0);
    for (m, n) in margins(i, maneuver) {
        match m.cmp(&0) {
            std::cmp::Ordering::Greater => out.0 += n,
            std::cmp::Ordering::Equal => out.1 += n,
            std::cmp::Ordering::Less => out.2 += n,
        }
    }
    out
}

/// What a pair of totals does (attacker first in the arrays).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// None: a drawn battle.
    pub winner: Option<Side>,
    pub margin: i32,
    /// Points lost as normal losses (hundredths), after a pursuit too small for an SP.
    pub loss_points: [u32; 2],
    /// SPs lost as normal losses.
    pub losses: [u16; 2],
    /// The pursuit in per mille of the loser's points (campaign.pursuit).
    pub pursuit: i32,
    pub prisoner_points: u32,
    /// The loser's SPs taken prisoner.
    pub prisoners: u16,
    /// The beaten commander rolls for his fate (campaign.casualties).
    pub casualty: bool,
}

/// The pursuit of a winner in per mille of the loser's points.
pub fn pursuit(margin: i32, winner_siv: i32, loser_siv: i32) -> i32 {
    let shift = if winner_siv >= loser_siv + 2 {
        100
    } else if loser_siv >= winner_siv + 2 {
        -100
    } else {
        0
    };
    (50 * margin + shift).max(0)
}

/// The result of the totals `ta` (attacker) and `td` (defender).
pub fn outcome(i: &BattleInputs, ta: i32, td: i32) -> Outcome {
    let v = i.conv.per_sp;
    let sp = [i.att.sp, i.def.sp];
    let pts = i.conv.points;
    if ta == td {
        let lp = [pts[0] / 10, pts[1] / 10];
        return Outcome {
            winner: None,
            margin: 0,
            loss_points: lp,
            losses: [
                points_to_sp(lp[0], v).min(sp[0]),
                points_to_sp(lp[1], v).min(sp[1]),
            ],
            pursuit: 0,
            prisoner_points: 0,
            prisoners: 0,
            casualty: false,
        };
    }
    let (w, l) = if ta > td { (0, 1) } else { (1, 0) };
    let sides = [&i.att, &i.def];
    let margin = (ta - td).abs();
    let mut lp = [0u32; 2];
    lp[l] = pts[l] * (10 + 5 * margin.min(8) as u32) / 100;
    lp[w] = pts[w] * 5 / 100;
    let pursuit = pursuit(margin, sides[w].siv, sides[l].siv);
    let mut prisoner_points = pts[l] as u64 * pursuit as u64 / 1000;
    let mut prisoners = points_to_sp(prisoner_points as u32, v);
    if prisoners == 0 {
        lp[l] += prisoner_points as u32;
        prisoner_points = 0;
    }
    let mut losses = [
        points_to_sp(lp[0], v).min(sp[0]),
        points_to_sp(lp[1], v).min(sp[1]),
    ];
    losses[l] = losses[l].min(sp[l]);
    prisoners = prisoners.min(sp[l] - losses[l]);
    Outcome {
        winner: Some(sides[w].side),
        margin,
        loss_points: lp,
        losses,
        pursuit,
        prisoner_points: prisoner_points as u32,
        prisoners,
        casualty: margin >= 4,
    }
}

/// One choice of the defender with its modifiers and odds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleOption {
    pub maneuver: bool,
    pub att_mods: Mods,
    pub def_mods: Mods,
    /// (attacker wins, drawn, defender wins) in 36ths.
    pub odds: (u32, u32, u32),
    /// Each margin (attacker less defender) with its chance in 36ths.
    pub margins: Vec<(i32, u32)>,
}

/// Everything the battle panel shows before the dice: the inputs, and for a positional
/// and a maneuver battle every modifier and the exact odds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleView {
    pub inputs: BattleInputs,
    pub positional: BattleOption,
    pub maneuver: BattleOption,
}

pub fn option(i: &BattleInputs, maneuver: bool) -> BattleOption {
    let (att_mods, def_mods) = mods(i, maneuver);
    BattleOption {
        maneuver,
        att_mods,
        def_mods,
        odds: odds(i, maneuver),
        margins: margins(i, maneuver),
    }
}

/// The battle panel's data for the battle in an area (None when there is none to
/// fight: both sides need SPs in the field there).
pub fn view(r: &SxRules, st: &SxState, area: AreaId) -> Option<BattleView> {
    if st.field_of(area, Side::Austria) == 0 || st.field_of(area, Side::Prussia) == 0 {
        return None;
    }
    let i = inputs(r, st, area);
    Some(BattleView {
        positional: option(&i, false),
        maneuver: option(&i, true),
        inputs: i,
    })
}

/// A fought battle for the panel's result: the inputs, the defender's choice, both
/// totals and what they did (kept in `Globals::last_battle` until the next battle).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleReport {
    pub inputs: BattleInputs,
    pub maneuver: bool,
    pub att_total: i32,
    pub def_total: i32,
    pub outcome: Outcome,
}

/// The battle being decided in the combat phase, if any.
pub fn current(r: &SxRules, st: &SxState) -> Option<BattleView> {
    view(r, st, st.g.combat.as_ref()?.area)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inp(att: (u16, i32, bool), def: (u16, i32, bool), rough: bool) -> BattleInputs {
        let s = |side, (sp, ini, dem): (u16, i32, bool)| BattleSide {
            side,
            leader: None,
            sp,
            siv: 0,
            initiative: ini - i32::from(dem),
            demoralized: dem,
            morale_low: dem,
        };
        BattleInputs {
            area: 0,
            attacker: Side::Prussia,
            att: s(Side::Prussia, att),
            def: s(Side::Austria, def),
            rough,
            conv: conversion(att.0, def.0),
        }
    }

    #[test]
    fn the_panels_morale_row_names_the_maluses_the_roll_applies() {
        // rule morale.states (our split): the row must say "initiative" exactly when
        // the roll takes the initiative -1 and "morale" exactly when it takes the
        // morale -1 (audit5 D4: it showed the commander's flag only)
        for dem in [false, true] {
            for low in [false, true] {
                let mut i = inp((15, 4, false), (10, 3, false), false);
                i.def.demoralized = dem;
                i.def.morale_low = low;
                i.def.initiative = 3 - i32::from(dem);
                let m = mods(&i, false);
                let label = i.def.morale_label();
                let has = |w: &str| m.1.iter().any(|(t, v)| t.contains(w) && *v == -1);
                assert_eq!(has("initiative -1"), dem, "{label}");
                assert_eq!(has("morale -2"), low, "{label}");
                assert_eq!(label.contains("initiative"), dem, "{label}");
                assert_eq!(label.contains("morale"), low, "{label}");
                assert_eq!(label == "good", !dem && !low);
            }
        }
    }

    #[test]
    fn battle_odds_match_a_brute_force_count() {
        // rule campaign.deployment, campaign.conversion: the odds are counted from the
        // modifiers the roll uses; here against a plain recount of the dice
        let i = inp((15, 4, false), (10, 3, true), true);
        for maneuver in [false, true] {
            let (w, t, l) = odds(&i, maneuver);
            assert_eq!(w + t + l, 36);
            // attacker AIV 4 + points 1 (160 against 106.5); defender DIV 3 - 1 - 1, and
            // positional +1 +1 rough, or maneuver: the attacker's initiative is higher +1
            let (ma, md) = if maneuver { (6, 1) } else { (5, 3) };
            let mut n = (0, 0, 0);
            for x in 1..=6 {
                for y in 1..=6 {
                    match (x + ma).cmp(&(y + md)) {
                        std::cmp::Ordering::Greater => n.0 += 1,
                        std::cmp::Ordering::Equal => n.1 += 1,
                        std::cmp::Ordering::Less => n.2 += 1,
                    }
                }
            }
            assert_eq!((w, t, l), n, "maneuver {maneuver}");
            // every outcome's chance sums to the three results
            let m = margins(&i, maneuver);
            assert_eq!(m.iter().map(|e| e.1).sum::<u32>(), 36);
            assert_eq!(m.iter().filter(|e| e.0 > 0).map(|e| e.1).sum::<u32>(), w);
        }
    }

    #[test]
    fn the_articles_conversion_examples() {
        // rule campaign.conversion: 17 points lost at 10 points per SP are 2 SP (2/3 of
        // an SP's value makes one); 16 are only 1
        assert_eq!(points_to_sp(1700, 1000), 2);
        assert_eq!(points_to_sp(1600, 1000), 1);
        assert_eq!(points_to_sp(2000, 1000), 2);
        // 15 Prussian SP against 10 Austrian: 106.5 and 159.75, rounded to 160 points
        let c = conversion(15, 10);
        assert_eq!(c.points, [16_000, 10_650]);
        assert_eq!(c.per_sp, 1065);
        assert_eq!(c.large, [true, false]);
    }
}
