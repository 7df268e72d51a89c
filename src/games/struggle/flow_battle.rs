//! Interception, coordinated attacks, avoid battle, battles, losses, retreat and pursuit
//! (10, 11, 12, 17.1) as decisions of both players. When the moving force enters a space
//! `Game::contact` opens a [`Pending`] procedure; the step `steps/battle.rs` asks each
//! decision of the side it belongs to, in the order of 10.8 and 11.2:
//!
//! 1. `Intercept` (inactive player, 10.2): each army adjacent to the entered space may try,
//!    die (+1 with a CD, 17.1) > initiative. After a success the mover may `Return` (10.3).
//! 2. `Support` (active player, 11.4): adjacent armies roll to join, die (-1 cavalry, -2
//!    Moltke) <= offensive rating. Overrun (9.51) is checked before.
//! 3. `Avoid` (inactive player, 10.4-10.7).
//! 4. `Respond` attacker, then defender (6.25, 11.2 step 2 note); then both dice roll
//!    through [`battle::plan`], the function [`battle_preview`] shows beforehand.
//! 5. `Losses` attacker, then defender (11.2 step 4), from [`battle::loss_choices`].
//! 6. `Retreat` of the loser (12.1, 12.2), `Advance` of supporting armies (11.44),
//!    `Pursue` (12.4, 12.5), and attacker impetus (11.3) or the end of the move.
//!
//! The defender may also withdraw inside its own fortress or major city (13.2, 9.51); a
//! relief force fights with the garrison besieged in the space (13.6); each force's
//! supply status gives its -2 (15.3). The stage `Attrition` asks the owner of a force hit
//! by attrition (12.5 pursuit, 15.5 end of turn) which steps it loses.

use super::battle::{self, BUnit, BattlePlan, Fate, Force, Kind, Ratings, Situation, Stats, Who};
use super::cards::{BattleContext, CardId, Effect, Nation as CardNation, ResponseWhen, UnitClass};
use super::data::{Echelon, GenId, Nation, StRules, UnitId};
use super::flow::{self, Game};
use super::map::{SpaceId, SpaceKind};
use super::state::*;
use crate::engine::side::Side;
use serde::{Deserialize, Serialize};

/// Where the procedure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// 10.2: the inactive player may intercept into the space.
    Intercept,
    /// 10.3: after a successful interception the mover fights or returns.
    Stay,
    /// Card #12/#52 Sound of the Guns: the moment a battle of a Prussian force begins,
    /// before any support roll (the card's RECONSTRUCTED text; audit defect 30).
    BattleStart,
    /// 11.4: supporting armies of the attacker.
    Support,
    /// 10.4-10.7: the defender may avoid battle.
    Avoid,
    /// 11.2 step 2 note: response cards, attacker first.
    Respond(Side),
    /// 11.2 step 3: both dice (automatic).
    Roll,
    /// 11.2 step 4: this side takes its loss.
    Losses(Side),
    /// 12.1 (12.5: `second`): the loser retreats.
    Retreat,
    /// 11.44: supporting armies of a winning attacker may enter the battle space.
    Advance,
    /// 12.4: the winner may pursue.
    Pursue,
    /// 15.5, 12.5: the owner of the first force in [`Pending::attrition`] picks the steps
    /// it loses (11.2 step 4 procedure, 15.5 note).
    Attrition,
    /// 9.52, 18.6: the owner of the generals left alone in the space entered picks the
    /// adjacent space they retreat to (`Retreat`; asked only when there are two or more).
    GeneralRetreat,
    /// 13.7 with optional rule 5: the besieger (`att`) of `at` makes its free Siege Phase
    /// attempt (`Siege`) or declines it (`Done`); the failed attempts' steps wait in
    /// [`Pending::attrition`].
    SiegePhase,
}

/// Attrition rolled against a force whose owner still has to pick the steps (15.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttritionDue {
    pub at: SpaceId,
    pub side: Side,
    /// The force's units when the die was rolled.
    pub units: Vec<UnitId>,
    /// Steps to lose (Attrition Table).
    pub steps: u32,
    /// The case that called for the roll ("15.5" end of turn, "12.5" pursuit).
    pub rule: String,
}

/// The interception or battle in progress around the moving force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The space entered (the battle space).
    pub at: SpaceId,
    /// The space the mover entered it from: the route's other end (11.45 river, mountain;
    /// the 9.62 junction when it came through it).
    pub from: Option<SpaceId>,
    /// 9.62: the real space before the junction when the mover came through it (10.3
    /// return, 12.1 retreat, 9.52); None: as `from` (see [`Pending::came_from`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<SpaceId>,
    /// The active player (the attacker, 11.1).
    pub att: Side,
    pub stage: Stage,
    /// Generals asked about interception or support already (each army tries once).
    pub asked: Vec<GenId>,
    /// Generals who intercepted into the space (10.3 +1, 10.7 no avoid).
    pub intercepted: Vec<GenId>,
    /// Supporting armies that joined: (general, his space) (11.42).
    pub supports: Vec<(GenId, SpaceId)>,
    /// The Moltke card was played for the support rolls (11.43).
    pub moltke: bool,
    /// 10.4, 10.5: the defender failed to avoid battle.
    pub failed_avoid: bool,
    /// Battle responses declared, in order (11.2 step 2 note).
    pub cards: Vec<(Side, CardId)>,
    /// Units of each side in the battle (by `Who::idx`), set at the roll.
    pub units: [Vec<UnitId>; 2],
    /// CF loss each side takes (by `Who::idx`).
    pub loss: [u32; 2],
    pub winner: Option<Side>,
    /// 11.3: the attacker may go on moving if it wins.
    pub impetus: bool,
    /// The loser's retreat space (12.4) once it retreated.
    pub retreated_to: Option<SpaceId>,
    /// 12.5: the second retreat after a pursuit.
    pub second: bool,
    /// The loser had a corps in the battle (VP glossary).
    pub loser_had_corps: bool,
    /// 9.51 in the defender's own fortress or major city: its lone EBC withdraws inside
    /// (13.2) or is overrun; no avoid battle.
    #[serde(default)]
    pub overrun: bool,
    /// 13.6: the attacker's pieces that were besieged inside the battle space and fight
    /// with the relief force (set at the roll); they stay inside if the relief loses.
    #[serde(default)]
    pub garrison: Vec<Piece>,
    /// 15.5, 12.5: forces whose attrition steps their owners still pick, in order.
    #[serde(default)]
    pub attrition: Vec<AttritionDue>,
    /// The stage after the attrition queue (None: the end of the turn goes on).
    #[serde(default)]
    pub after_attrition: Option<Stage>,
    /// 9.52: after the lone generals' retreat the entry of the space is resolved again
    /// (`flow::Game::entered`); false: the mover goes on (after an overrun or avoid).
    #[serde(default)]
    pub then_enter: bool,
    /// 10.2: units the inactive player leaves behind when their army intercepts.
    #[serde(default)]
    pub stay_behind: Vec<UnitId>,
    /// Optional rule 5: the queue holds the Siege Phase's losses; the Supply Phase follows.
    #[serde(default)]
    pub then_supply: bool,
    /// 13.6: the attacker is a force sortieing from inside its own besieged stronghold
    /// against the besiegers in the same space (no relief: only the mover fights).
    #[serde(default)]
    pub sortie: bool,
    /// Sound of the Guns (#12/#52) played at `BattleStart`: Prussia picks the army that joins.
    #[serde(default)]
    pub sound: Option<CardId>,
    /// 10.8: interceptions declared at `Stage::Intercept`, rolled once all are declared.
    #[serde(default)]
    pub declared: Vec<GenId>,
    /// 10.8: the avoid battle declared with the interceptions (`Avoid{to, unit}`),
    /// attempted after the interception and support rolls.
    #[serde(default)]
    pub avoid_declared: Option<(SpaceId, Option<UnitId>)>,
    /// 10.8: the inactive player's declarations are complete.
    #[serde(default)]
    pub declared_done: bool,
    /// 10.8: an interception or support die was rolled (no avoid declared afterwards).
    #[serde(default)]
    pub rolled: bool,
    /// Cholera (card 44): the queue holds the event's attrition; the event's use goes on
    /// after the owner's pick (`events::resume`).
    #[serde(default)]
    pub then_event: bool,
    /// 10.7, 10.8: the units and generals that intercepted into the space; an avoid
    /// battle declared with the interceptions moves only the force that was there.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived: Vec<UnitId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrived_gens: Vec<GenId>,
    /// 12.4: the generals who commanded the attack and the defence (by `Who::idx`), set
    /// at the roll: the victorious general's rating is the pursuit's.
    #[serde(default, skip_serializing_if = "no_commanders")]
    pub commanders: [Option<GenId>; 2],
    /// 10.3, 13.2: the defender's units in the space the mover came from when it
    /// entered the battle space (the garrison of an enemy stronghold it had besieged):
    /// a return finds only these there, none that moved in since (audit 8 confirmation
    /// defect 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_behind: Vec<UnitId>,
}

fn no_commanders(c: &[Option<GenId>; 2]) -> bool {
    c.iter().all(Option::is_none)
}

/// 10.3, 12.1, 13.2: the enemy units in `f` (the space the mover came from) are only the
/// ones that stood there when it left (the garrison of the enemy stronghold it had
/// besieged, inside the walls), none that moved in since (an avoid battle, audit 8
/// confirmation defect 1).
pub fn only_left_behind(rules: &StRules, st: &StState, p: &Pending, f: SpaceId) -> bool {
    flow::units_at(rules, st, f, p.att.other())
        .iter()
        .all(|u| p.left_behind.contains(u))
}

impl Pending {
    /// 9.52, 10.3, 12.1: the space the mover entered the battle space from, the junction
    /// (9.62) passed through: the real space before it (audit 8 defect 1).
    pub fn came_from(&self) -> Option<SpaceId> {
        self.back.or(self.from)
    }

    /// A procedure at `at` with nothing decided yet.
    pub fn new(at: SpaceId, from: Option<SpaceId>, att: Side, stage: Stage) -> Pending {
        Pending {
            at,
            from,
            back: None,
            att,
            stage,
            asked: Vec::new(),
            intercepted: Vec::new(),
            supports: Vec::new(),
            moltke: false,
            failed_avoid: false,
            cards: Vec::new(),
            units: [Vec::new(), Vec::new()],
            loss: [0, 0],
            winner: None,
            impetus: false,
            retreated_to: None,
            second: false,
            loser_had_corps: false,
            overrun: false,
            garrison: Vec::new(),
            attrition: Vec::new(),
            after_attrition: None,
            then_enter: false,
            stay_behind: Vec::new(),
            then_supply: false,
            sortie: false,
            sound: None,
            declared: Vec::new(),
            avoid_declared: None,
            declared_done: false,
            rolled: false,
            then_event: false,
            arrived: Vec::new(),
            arrived_gens: Vec::new(),
            commanders: [None, None],
            left_behind: Vec::new(),
        }
    }
}

/// The force moving now and its side.
fn mover(st: &StState) -> Option<(&Mover, Side)> {
    let op = st.g.op.as_ref()?;
    Some((op.mover.as_ref()?, op.side))
}

fn mover_units(st: &StState) -> Vec<UnitId> {
    mover(st)
        .map(|(m, _)| {
            m.pieces
                .iter()
                .filter_map(|p| match p {
                    Piece::Unit(u) => Some(*u),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

fn is_cavalry(rules: &StRules, u: UnitId) -> bool {
    rules.echelon(u).is_cavalry()
}

/// The army of general `g`: the CUs of his side in his space, as many as the generals
/// there can activate (18.3); None when he is not its commander (18.1: a more senior
/// general is there; among equals each may command, the owner picks) or it has no CU.
pub fn army_of(rules: &StRules, st: &StState, g: GenId) -> Option<(SpaceId, Vec<UnitId>)> {
    let s = st.generals.get(g as usize)?.loc.space()?;
    let side = rules.gen_side(g);
    let gens = flow::generals_at(rules, st, s, side);
    // 18.1: the most senior commands; among equals the owner picks (any of them)
    if gens
        .iter()
        .any(|&o| flow::seniority(rules, o) > flow::seniority(rules, g))
    {
        return None;
    }
    let cap: usize = gens
        .iter()
        .map(|&x| flow::seniority(rules, x) as usize)
        .sum();
    let units: Vec<UnitId> = flow::units_at(rules, st, s, side)
        .into_iter()
        .take(cap)
        .collect();
    (!units.is_empty()).then_some((s, units))
}

/// 10.2: the inactive armies that may still try to intercept into the pending space.
/// Our readings: (audit 5 B4) only the spaces next to it by a route, not the cities beyond
/// the 9.62 junction (which retreats, avoids and lone generals pass through, per the
/// example of play); (audit 5 B5) an army sheltered in its own besieged stronghold may
/// intercept out of it: 13.5 keeps it out of combat in that space, and no rule forbids it.
pub fn interceptors(rules: &StRules, st: &StState) -> Vec<GenId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    let side = p.att.other();
    // 9.62: no unit ends its movement on the railroad junction: no interception there
    if rules
        .map
        .spaces
        .get(p.at)
        .is_some_and(|x| x.kind == SpaceKind::Junction)
    {
        return Vec::new();
    }
    // 10.2: not into a space that holds combat units of the active side besides the mover
    let moving = mover_units(st);
    // 13.6: a sortie is subject to the normal interception rules; the units that stay
    // sheltered inside do not prevent it
    if !p.sortie
        && flow::units_at(rules, st, p.at, p.att)
            .iter()
            .any(|u| !moving.contains(u))
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (_, o) in rules.map.routes_from(p.at) {
        for g in flow::generals_at(rules, st, o, side) {
            if !p.asked.contains(&g) && army_of(rules, st, g).is_some() && !out.contains(&g) {
                out.push(g);
            }
        }
    }
    // optional rule 6: not into an enemy fortress or major city not besieged
    if super::options::closed_to(rules, st, side, p.at) {
        out.clear();
    }
    out
}

/// 10.2, 18.3: the units general `g`'s army takes into an interception: those of his
/// space the player has not left behind (`Pending::stay_behind`), up to the capacity.
pub fn intercepting_units(
    rules: &StRules,
    st: &StState,
    g: GenId,
) -> Option<(SpaceId, Vec<UnitId>)> {
    let (s, _) = army_of(rules, st, g)?;
    let side = rules.gen_side(g);
    let stay: &[UnitId] =
        st.g.battle
            .as_ref()
            .map(|p| &p.stay_behind[..])
            .unwrap_or(&[]);
    let cap: usize = flow::generals_at(rules, st, s, side)
        .iter()
        .map(|&x| flow::seniority(rules, x) as usize)
        .sum();
    let units: Vec<UnitId> = flow::units_at(rules, st, s, side)
        .into_iter()
        .filter(|u| !stay.contains(u))
        .take(cap)
        .collect();
    (!units.is_empty()).then_some((s, units))
}

/// 10.2, 17.1, optional rule 6: the modifiers of general `g`'s interception die into the
/// pending battle space, each with its case: the one list both the roll
/// ([`Game::intercept`]) and the odds ([`intercept_chance_in_6`]) use.
pub fn intercept_modifiers(rules: &StRules, st: &StState, g: GenId) -> Vec<(String, i32)> {
    let mut mods = Vec::new();
    if intercepting_units(rules, st, g)
        .is_some_and(|(_, us)| us.iter().any(|&u| is_cavalry(rules, u)))
    {
        mods.push(("a CD with the army (17.1)".to_string(), 1));
    }
    if let Some(p) = st.g.battle.as_ref() {
        mods.extend(super::options::control_drm(
            rules,
            st,
            rules.gen_side(g),
            p.at,
        ));
    }
    mods
}

/// 10.2, 17.1: general `g`'s interception roll: [`intercept_modifiers`] and his
/// initiative to beat. The one function the odds ([`intercept_chance_in_6`]), the roll
/// and its log line (`Game::roll_interception`) read.
pub fn intercept_roll(rules: &StRules, st: &StState, g: GenId) -> battle::DieRoll {
    battle::DieRoll {
        case: "10.2".into(),
        mods: intercept_modifiers(rules, st, g),
        need: battle::Need::Above(flow::initiative(rules, g) as i32),
        against: "initiative rating, 10.2".into(),
    }
}

/// 10.2, 17.1: chance in 6 that general `g` intercepts (die, +1 with a CD, > initiative).
pub fn intercept_chance_in_6(rules: &StRules, st: &StState, g: GenId) -> u32 {
    intercept_roll(rules, st, g).chance_in_6()
}

/// 11.4: armies of the attacker adjacent to the battle space that may still roll to support.
/// Our reading (audit 5 B4): adjacent by a route only, not across the 9.62 junction.
pub fn supporters(rules: &StRules, st: &StState) -> Vec<GenId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    let Some((m, _)) = mover(st) else {
        return Vec::new();
    };
    if !m.army {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (_, o) in rules.map.routes_from(p.at) {
        for g in flow::generals_at(rules, st, o, p.att) {
            if !p.asked.contains(&g)
                && !m.pieces.contains(&Piece::General(g))
                && army_of(rules, st, g).is_some()
                && !out.contains(&g)
            {
                out.push(g);
            }
        }
    }
    out
}

/// Sound of the Guns (#12/#52): the Prussian armies adjacent to the battle space, not in
/// the battle, that may join it (attacking or defending).
pub fn sound_armies(rules: &StRules, st: &StState) -> Vec<GenId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    let moving: Vec<Piece> = mover(st).map(|(m, _)| m.pieces.clone()).unwrap_or_default();
    let mut out = Vec::new();
    for (_, o) in rules.map.routes_from(p.at) {
        if o == p.at {
            continue;
        }
        for g in flow::generals_at(rules, st, o, Side::Prussia) {
            if !p.asked.contains(&g)
                && !p.intercepted.contains(&g)
                && !moving.contains(&Piece::General(g))
                && army_of(rules, st, g).is_some()
                && !out.contains(&g)
            {
                out.push(g);
            }
        }
    }
    out
}

/// 11.42, 11.43: general `g`'s support roll (None without an army): its modifiers (cavalry
/// in the army, the Moltke card) and the number to reach. The one function the prompt's
/// odds ([`support_chance`]), the roll and its log line ([`Game::support`]) read.
pub fn support_roll(rules: &StRules, st: &StState, g: GenId) -> Option<battle::DieRoll> {
    let (_, units) = army_of(rules, st, g)?;
    let cav = units.iter().any(|&u| is_cavalry(rules, u));
    let moltke = st.g.battle.as_ref().is_some_and(|p| p.moltke);
    let off = rules.general(g).map(|d| d.offensive as i32).unwrap_or(0);
    Some(battle::support_roll(&rules.charts, off, cav, moltke))
}

/// 11.42, 11.43: chance in 6 that general `g`'s army joins the attack.
pub fn support_chance(rules: &StRules, st: &StState, g: GenId) -> u32 {
    support_roll(rules, st, g).map_or(0, |r| r.chance_in_6())
}

/// 12.1: spaces next to `s` a force of `side` may retreat or avoid battle into.
pub fn retreat_spaces(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> Vec<SpaceId> {
    let g = |o: SpaceId| {
        let sp = rules.map.spaces.get(o);
        sp.is_some_and(|x| {
            x.kind != SpaceKind::OffBoard
                && x.kind != SpaceKind::Junction
                && (x.country != super::map::Country::France || st.g.france)
        })
    };
    // 9.62: the junction is passed through, not stopped on: the cities beyond it count as
    // adjacent (the example of play, War turn 1 WOR4: Arendtschildt avoids battle from
    // Hildesheim to Göttingen)
    let junction = |o: SpaceId| {
        rules
            .map
            .spaces
            .get(o)
            .is_some_and(|x| x.kind == SpaceKind::Junction)
    };
    let mut v: Vec<SpaceId> = rules
        .map
        .routes_from(s)
        .flat_map(|(_, o)| {
            if junction(o) {
                rules
                    .map
                    .routes_from(o)
                    .map(|(_, b)| b)
                    .filter(|&b| b != s)
                    .collect::<Vec<_>>()
            } else {
                vec![o]
            }
        })
        // 12.1, 13.5: enemy units sheltered inside a stronghold besieged by `side` do not
        // bar it (a retreat into a friendly siege)
        .filter(|&o| {
            g(o) && {
                let sheltered = super::siege::sheltered(rules, st, o, side.other());
                flow::units_at(rules, st, o, side.other())
                    .iter()
                    .all(|u| sheltered.contains(u))
            }
        })
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// 9.52, 18.6: the spaces the generals left alone in the pending space may retreat to:
/// adjacent (through the junction, 9.62), regardless of control, without enemy units, not
/// the space the enemy force entered from.
pub fn lone_general_spaces(rules: &StRules, st: &StState) -> Vec<SpaceId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    retreat_spaces(rules, st, p.at, p.att.other())
        .into_iter()
        .filter(|&o| Some(o) != p.came_from())
        .collect()
}

/// One way to avoid battle and its chance in 6 (10.4-10.6, 17.1, 17.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AvoidOption {
    pub cmd: StCommand,
    pub chance_in_6: u32,
    /// Its die roll ([`avoid_roll`]), None when it needs none (10.6); the chance is the
    /// roll's, and a roll that cannot fail is not rolled.
    pub roll: Option<battle::DieRoll>,
}

/// 10.4, 10.5, 17.1, 17.2, optional rule 6: the avoid battle roll of `side` into `to`: the
/// army's (`unit` None: above its commander's initiative, +1 with a CD in it) or one unit's
/// without a general (`unit` Some: a 6, +1 for a CD avoiding for itself), with the DRM of
/// optional rule 6. The one function the odds ([`avoid_options`]), the roll and its log
/// line ([`Game::avoid`]) read.
pub fn avoid_roll(
    rules: &StRules,
    st: &StState,
    side: Side,
    to: SpaceId,
    army: Option<(GenId, &[UnitId])>,
    unit: Option<UnitId>,
) -> battle::DieRoll {
    let mut mods = Vec::new();
    let (case, need, against) = match (unit, army) {
        (None, Some((c, units))) => {
            if units.iter().any(|&u| is_cavalry(rules, u)) {
                mods.push(("a CD with the army (17.1)".to_string(), 1));
            }
            (
                "10.4",
                flow::initiative(rules, c) as i32,
                "initiative rating, 10.4".to_string(),
            )
        }
        _ => {
            if unit.is_some_and(|u| is_cavalry(rules, u)) {
                mods.push(("a CD avoiding battle for itself (17.2)".to_string(), 1));
            }
            ("10.5", 5, "a 6, 10.5".to_string())
        }
    };
    mods.extend(super::options::control_drm(rules, st, side, to));
    battle::DieRoll {
        case: case.into(),
        mods,
        need: battle::Need::Above(need),
        against,
    }
}

/// 10.7, 10.8: the defender's units and generals that may avoid battle: those in the
/// space except the armies that intercepted into it (an avoid declared with the
/// interceptions is the original force's; the interceptors stay and fight).
pub fn avoiding_force(rules: &StRules, st: &StState, p: &Pending) -> (Vec<UnitId>, Vec<GenId>) {
    let def = p.att.other();
    // 13.2: the units withdrawn inside stay there
    let units = super::siege::outside(rules, st, p.at, def)
        .into_iter()
        .filter(|u| !p.arrived.contains(u))
        .collect();
    let gens = flow::generals_at(rules, st, p.at, def)
        .into_iter()
        .filter(|g| !p.arrived_gens.contains(g))
        .collect();
    (units, gens)
}

/// 10.4, 18.3: the units an army's avoid battle takes along: as many of the avoiding
/// force's `units` as the seniority of its generals `gens` allows (an avoid battle is a
/// movement of the inactive player, 10.1, and a general activates for movement only that
/// many units, 18.3); the others stay in the space and fight (as 10.5 leaves the units
/// that may not avoid to the battle). The owner picks who stays (`Drop` of a unit,
/// [`rearguard_choices`], kept in `stay`, as units stay behind in an interception, 10.2,
/// and are dropped at the moving player's discretion, 9.3); of the rest the first in unit
/// order go (our reading for the units he has not picked).
pub fn avoiding_army_units(
    rules: &StRules,
    units: &[UnitId],
    gens: &[GenId],
    stay: &[UnitId],
) -> Vec<UnitId> {
    let cap: usize = gens
        .iter()
        .map(|&x| flow::seniority(rules, x) as usize)
        .sum();
    units
        .iter()
        .copied()
        .filter(|u| !stay.contains(u))
        .take(cap)
        .collect()
}

/// 10.4, 18.3 (9.3): the units of the avoiding army the owner may still leave behind
/// (`StCommand::Drop`) before the avoid is rolled or declared: while more units than its
/// generals' seniority would go, each of them (the owner chooses the rearguard; the
/// 17.1 cavalry bonus follows the units that go). Empty when the army takes them all,
/// for lone units (10.5) and when no avoid is possible.
pub fn rearguard_choices(rules: &StRules, st: &StState) -> Vec<UnitId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    let (units, gens) = avoiding_force(rules, st, p);
    if flow::commander(rules, &gens).is_none() || avoid_options(rules, st).is_empty() {
        return Vec::new();
    }
    let cap: usize = gens
        .iter()
        .map(|&x| flow::seniority(rules, x) as usize)
        .sum();
    let left: Vec<UnitId> = units
        .into_iter()
        .filter(|u| !p.stay_behind.contains(u))
        .collect();
    if left.len() > cap { left } else { Vec::new() }
}

/// 10.4-10.7: the defender's ways to avoid battle.
pub fn avoid_options(rules: &StRules, st: &StState) -> Vec<AvoidOption> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    let def = p.att.other();
    let (units, gens) = avoiding_force(rules, st, p);
    // 9.51: an overrun EBC may not avoid battle (it may withdraw inside, 13.2)
    if units.is_empty() || p.overrun {
        return Vec::new();
    }
    let cmdr = flow::commander(rules, &gens);
    // 10.7: no avoid after intercepting into the space
    if cmdr.is_some_and(|c| p.intercepted.contains(&c)) {
        return Vec::new();
    }
    // card 54: no army of this side may avoid battle this turn
    if cmdr.is_some() && super::events::no_avoid(st, def) {
        return Vec::new();
    }
    // 14.4: never into a space with an enemy PC marker
    let spaces: Vec<SpaceId> = retreat_spaces(rules, st, p.at, def)
        .into_iter()
        .filter(|&o| !flow::enemy_controlled(st, o, def))
        .collect();
    // 10.6, 11.4: the supporting armies are in the attack already
    let att_all_infantry = attackers(rules, st, p)
        .iter()
        .all(|&u| !is_cavalry(rules, u));
    let lone_cav = units.len() == 1 && is_cavalry(rules, units[0]);
    let mut out = Vec::new();
    // 10.6: a lone cavalry unit before an all-infantry force needs no roll
    let automatic = lone_cav && att_all_infantry;
    let mut offer = |to: SpaceId, army: Option<(GenId, &[UnitId])>, unit: Option<UnitId>| {
        if super::options::closed_to(rules, st, def, to) {
            return; // optional rule 6
        }
        let roll = (!automatic).then(|| avoid_roll(rules, st, def, to, army, unit));
        out.push(AvoidOption {
            cmd: StCommand::Avoid { to, unit },
            chance_in_6: roll.as_ref().map_or(6, |r| r.chance_in_6()),
            roll,
        });
    };
    match cmdr {
        Some(c) => {
            // 18.3: the roll's 17.1 cavalry is among the units that go
            let going = avoiding_army_units(rules, &units, &gens, &p.stay_behind);
            for &to in &spaces {
                offer(to, Some((c, &going)), None);
            }
        }
        None => {
            for &u in &units {
                for &to in &spaces {
                    offer(to, None, Some(u));
                }
            }
        }
    }
    out
}

/// 13.2 (9.51, 13.5): the defender's units that may still withdraw inside the fortress or
/// major city they were found in instead of fighting or avoiding battle, the number
/// inside already (a partial withdrawal, [`Globals::inside`]) and the capacity (None: a
/// major city, unlimited; a fortress its value). None when no withdrawal is possible:
/// only in its own standing fortress or major city, at the avoid-battle decision, and
/// not the units of an army that intercepted into the space (it came to fight; 13.2
/// speaks of the force present when the space is first entered). The force that was
/// there may still withdraw after a friendly interception (audit 8 defect 2, as
/// [`avoiding_force`] lets it avoid battle); the interceptors then fight alone.
fn withdrawal(rules: &StRules, st: &StState) -> Option<(Vec<UnitId>, usize, Option<usize>)> {
    let p = st.g.battle.as_ref()?;
    let def = p.att.other();
    if p.stage != Stage::Avoid
        || super::siege::fortification(rules, st, p.at).is_none()
        || st.g.control.get(p.at).copied().flatten() != Some(def)
    {
        return None;
    }
    let out: Vec<UnitId> = super::siege::outside(rules, st, p.at, def)
        .into_iter()
        .filter(|u| !p.arrived.contains(u))
        .collect();
    if out.is_empty() {
        return None;
    }
    let inside = super::siege::sheltered(rules, st, p.at, def).len();
    Some((out, inside, super::siege::shelter_capacity(rules, st, p.at)))
}

/// 13.2 (9.51, 13.5): may the defender's whole force (all its units still outside) withdraw
/// inside? Only if they all fit within the capacity with those inside already.
pub fn can_withdraw(rules: &StRules, st: &StState) -> bool {
    withdrawal(rules, st)
        .is_some_and(|(out, inside, cap)| cap.is_none_or(|c| inside + out.len() <= c))
}

/// 13.2, 13.5: the defender's units that may withdraw inside one at a time while the rest
/// stay outside (`StCommand::WithdrawUnit`): each unit outside while two or more are
/// (one alone is the whole force, `Withdraw`) and the place has room for one more. Not
/// for an overrun EBC (9.51: it withdraws or is overrun).
///
/// Ours: only combat units go inside one at a time; the defender's generals stay with
/// the force outside (they avoid, fight and retreat with it). 13.5 lets a besieged place
/// host any number of generals, but 13.2's choice is the force's ("up to its capacity"
/// counts combat units), so no command puts a general inside while units fight outside
/// (audit 6 D4, a documented reading).
pub fn withdraw_units(rules: &StRules, st: &StState) -> Vec<UnitId> {
    if st.g.battle.as_ref().is_some_and(|p| p.overrun) {
        return Vec::new();
    }
    match withdrawal(rules, st) {
        Some((out, inside, cap)) if out.len() >= 2 && cap.is_none_or(|c| inside < c) => out,
        _ => Vec::new(),
    }
}

/// 13.6: the attacker's units besieged inside the battle space, who fight with the
/// relief force that entered it (no roll, no activation).
pub fn garrison(rules: &StRules, st: &StState, p: &Pending) -> Vec<UnitId> {
    if p.sortie || super::siege::besieger(rules, st, p.at) != Some(p.att.other()) {
        return Vec::new();
    }
    let moving = mover_units(st);
    super::siege::sheltered(rules, st, p.at, p.att)
        .into_iter()
        .filter(|u| !moving.contains(u))
        .collect()
}

/// Response cards `side` may declare now (6.25): in his hand, a response of this moment,
/// playable by him as an event in this phase, and in a battle only if the battle meets
/// the card's requirements as seen from `side` (attacking, across a river, the units of
/// the forces, the region: [`crate::games::struggle::cards::Card::check_battle`]).
pub fn responses(rules: &StRules, st: &StState, side: Side, when: ResponseWhen) -> Vec<CardId> {
    let ctx = battle_context(rules, st, side);
    st.cards
        .hand(side)
        .iter()
        .copied()
        .filter(|&c| {
            rules.cards.get(c).is_some_and(|k| {
                k.response == Some(when)
                    && k.event_allowed(side, st.g.war)
                    && ctx.as_ref().is_none_or(|ctx| k.check_battle(ctx).is_ok())
            })
        })
        .collect()
}

/// The pending battle as `side` sees it, for the requirements of battle cards.
pub fn battle_context(rules: &StRules, st: &StState, side: Side) -> Option<BattleContext> {
    let p = st.g.battle.as_ref()?;
    let a_units = attackers(rules, st, p);
    // 13.2: only the defender's units outside the walls fight
    let d_units = super::siege::outside(rules, st, p.at, p.att.other());
    let kinds = |us: &[UnitId]| -> Vec<(CardNation, UnitClass)> {
        us.iter()
            .filter_map(|&u| {
                let t = rules.ty(u)?;
                let nation = CardNation::of(&format!("{:?}", t.nation))?;
                let class = match t.echelon {
                    Echelon::Corps => UnitClass::Corps,
                    Echelon::ID => UnitClass::Division,
                    Echelon::IB => UnitClass::Brigade,
                    Echelon::CD | Echelon::LtCD | Echelon::RCD => UnitClass::Cavalry,
                };
                Some((nation, class))
            })
            .collect()
    };
    let (own, enemy) = if side == p.att {
        (kinds(&a_units), kinds(&d_units))
    } else {
        (kinds(&d_units), kinds(&a_units))
    };
    let route = p.from.and_then(|f| rules.map.route_between(f, p.at));
    let across_river = route.is_some_and(|r| r.river)
        && p.supports
            .iter()
            .all(|&(_, s)| rules.map.route_between(s, p.at).is_some_and(|r| r.river));
    let mut regions = Vec::new();
    if let Some(sp) = rules.map.spaces.get(p.at) {
        if let Some(pr) = sp.province.and_then(|i| rules.map.provinces.get(i)) {
            regions.push(pr.name.clone());
        }
        regions.push(format!("{:?}", sp.country));
    }
    Some(BattleContext {
        attacking: side == p.att,
        across_river,
        own,
        enemy,
        regions,
    })
}

fn unit_stats(rules: &StRules, u: UnitId) -> Stats {
    let (sp, cf) = rules
        .ty(u)
        .map(|t| (t.sp, t.cf))
        .unwrap_or(((0, 0), (0, 0)));
    Stats {
        sp_full: sp.0 as u32,
        sp_reduced: sp.1 as u32,
        cf_full: cf.0 as u32,
        cf_reduced: cf.1 as u32,
    }
}

/// 11.2 step 4 note: whether `u` may replace `corps` (an IB for Austrian and Hanoverian
/// corps, else an ID, of the corps' nationality; any counter type of it, e.g. the French IG
/// ID or ID, the Italian ID or Garibaldi ID).
fn replaces(rules: &StRules, corps: UnitId, u: UnitId) -> bool {
    let Some(t) = rules.ty(corps) else {
        return false;
    };
    let want = match t.nation {
        Nation::Au | Nation::Hn => Echelon::IB,
        _ => Echelon::ID,
    };
    rules
        .ty(u)
        .is_some_and(|x| x.nation == t.nation && x.echelon == want)
}

/// 11.2 step 4 note: the EBC in the Corps Support Box that replaces `corps` (the first of
/// the fitting ones; battle and attrition both use this).
pub fn replacement_unit(rules: &StRules, st: &StState, corps: UnitId) -> Option<UnitId> {
    // Our reading (11.2 step 4 NOTE): with several fitting EBC types in the box (French IG
    // ID / ID, Italian ID / Garibaldi ID) the first in unit order replaces the corps; the
    // owner does not choose
    (0..st.units.len() as UnitId)
        .find(|&u| st.units[u as usize].loc == Loc::CorpsSupport && replaces(rules, corps, u))
}

/// The stock key of `corps`' replacements: the type of the unit that would replace it
/// now, else the first fitting type in the scenario list (a stock of 0).
fn replacement_type(rules: &StRules, st: &StState, corps: UnitId) -> Option<String> {
    replacement_unit(rules, st, corps)
        .or_else(|| (0..st.units.len() as UnitId).find(|&u| replaces(rules, corps, u)))
        .and_then(|u| rules.ty(u).map(|x| x.id.clone()))
}

/// The units of `units` as battle.rs sees them, with the Corps Support Box stocks.
pub fn battle_units(
    rules: &StRules,
    st: &StState,
    units: &[UnitId],
) -> (Vec<BUnit>, Vec<battle::SupportStock>, Vec<String>) {
    let mut stocks: Vec<battle::SupportStock> = Vec::new();
    let mut stock_ty: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for &u in units {
        let kind = if rules.echelon(u).is_corps() {
            Kind::Corps
        } else if is_cavalry(rules, u) {
            Kind::Cavalry
        } else {
            Kind::Infantry
        };
        let mut replacement = None;
        if kind == Kind::Corps
            && let Some(ty) = replacement_type(rules, st, u)
        {
            let i = match stock_ty.iter().position(|t| *t == ty) {
                Some(i) => i,
                None => {
                    let ids = rules.unit_by_type(&ty);
                    // every fitting counter type in the Box counts (DEFECT 24)
                    let count = (0..st.units.len() as UnitId)
                        .filter(|&x| {
                            st.units[x as usize].loc == Loc::CorpsSupport && replaces(rules, u, x)
                        })
                        .count() as u32;
                    let first = ids.first().copied().unwrap_or(0);
                    stocks.push(battle::SupportStock {
                        name: rules.ty(first).map(|t| t.name.clone()).unwrap_or_default(),
                        stats: unit_stats(rules, first),
                        count,
                    });
                    stock_ty.push(ty);
                    stocks.len() - 1
                }
            };
            replacement = Some(i);
        }
        out.push(BUnit {
            name: rules.unit_name(u),
            stats: unit_stats(rules, u),
            kind,
            reduced: st.units.get(u as usize).is_some_and(|x| x.reduced),
            replacement,
        });
    }
    (out, stocks, stock_ty)
}

fn ratings(rules: &StRules, g: Option<GenId>) -> Option<Ratings> {
    g.and_then(|g| rules.general(g)).map(|d| Ratings {
        offensive: d.offensive as i32,
        defensive: d.defensive as i32,
    })
}

/// The attacking units: the mover's CUs, the supporting armies' (11.42) and a relieved
/// garrison (13.6).
fn attackers(rules: &StRules, st: &StState, p: &Pending) -> Vec<UnitId> {
    let mut v = mover_units(st);
    for &(g, _) in &p.supports {
        if let Some((_, us)) = army_of(rules, st, g) {
            v.extend(us);
        }
    }
    v.extend(garrison(rules, st, p));
    v
}

/// 15.1-15.3: is the attacking force supplied for the battle? Its status in the battle
/// space, except that a force that left a space without an LOC fights unsupplied (15.2).
/// The primary force's status is the attacker's (a relieved garrison, unsupplied by 13.8,
/// and supporting armies do not change it): a relief force (13.6) is judged on its own
/// LOC, without the 13.8 cut-off of the place it entered. 15.4: the moving force may
/// trace to the French source when it holds a French combat unit.
pub fn attacker_supplied(rules: &StRules, st: &StState, p: &Pending) -> bool {
    // 15.2: judged as the mover departed its last space (after the move, that space may
    // trace its LOC through the space entered)
    let left_unsupplied = match mover(st) {
        Some((m, _)) => m.left_unsupplied,
        None => p
            .came_from()
            .is_some_and(|f| !super::endturn::supplied(rules, st, f, p.att)),
    };
    let mut primary = mover_units(st);
    if primary.is_empty() {
        primary = flow::units_at(rules, st, p.at, p.att);
    }
    // 13.6 with 13.8: a relief force is not cut off by the siege it lifts (audit 6 D1),
    // with or without a garrison inside (audit 7 defect 1); 13.8 only for a sortie. For
    // an attack on an enemy-held space both judgements are the same.
    let supplied = if p.sortie {
        super::endturn::force_supplied(rules, st, p.at, p.att, &primary)
    } else {
        super::endturn::relief_supplied(rules, st, p.at, p.att, &primary)
    };
    supplied && !left_unsupplied
}

/// 18.1, 13.6: the generals commanding the attack and the defence of the pending battle.
pub fn battle_commanders(rules: &StRules, st: &StState, p: &Pending) -> [Option<GenId>; 2] {
    // 18.1: the primary army's commander leads the attack (the example's Falckenstein);
    // 13.6: with a relieved garrison, the most senior general of both (18.1)
    let relief = !garrison(rules, st, p).is_empty();
    let a_cmd = relief
        .then(|| flow::commander(rules, &flow::generals_at(rules, st, p.at, p.att)))
        .flatten()
        .or_else(|| {
            mover(st).and_then(|(m, _)| match m.pieces.first() {
                Some(Piece::General(g)) => Some(*g),
                _ => None,
            })
        })
        .or_else(|| flow::commander(rules, &flow::generals_at(rules, st, p.at, p.att)));
    let d_cmd = flow::commander(rules, &flow::generals_at(rules, st, p.at, p.att.other()));
    [a_cmd, d_cmd]
}

/// Both forces and the situation of the pending battle, as [`battle::plan`] takes them.
pub fn battle_inputs(rules: &StRules, st: &StState) -> Option<(Force, Force, Situation)> {
    let p = st.g.battle.as_ref()?;
    let def = p.att.other();
    let a_units = attackers(rules, st, p);
    // 13.2, 13.5: the units withdrawn inside are not subject to combat
    let d_units = super::siege::outside(rules, st, p.at, def);
    if a_units.is_empty() || d_units.is_empty() {
        return None;
    }
    let [a_cmd, d_cmd] = battle_commanders(rules, st, p);
    // 15.3: -2 to an unsupplied force's battle roll (15.1, 15.2, 13.8)
    let attacker = Force {
        units: battle_units(rules, st, &a_units).0,
        commander: ratings(rules, a_cmd),
        supplied: attacker_supplied(rules, st, p),
    };
    let defender = Force {
        units: battle_units(rules, st, &d_units).0,
        commander: ratings(rules, d_cmd),
        // 15.4: only the units outside make the force French or French-Austrian (audit 6 D3)
        supplied: super::endturn::force_supplied(rules, st, p.at, def, &d_units),
    };
    let kind = rules.map.spaces.get(p.at).map(|x| x.kind);
    let destroyed = st.g.destroyed.get(p.at).copied().unwrap_or(false);
    let route = p.from.and_then(|f| rules.map.route_between(f, p.at));
    // 11.45: every attacking army across a river
    let across_river = route.is_some_and(|r| r.river)
        && p.supports
            .iter()
            .all(|&(_, s)| rules.map.route_between(s, p.at).is_some_and(|r| r.river));
    let mut sit = Situation {
        defender_intercepted: !p.intercepted.is_empty(),
        defender_failed_avoid: p.failed_avoid,
        across_river,
        across_mountain: route.is_some_and(|r| r.mountain),
        // the fortress helps its holder, not a force besieging it (13.6 relief)
        defender_in_fortress: matches!(kind, Some(SpaceKind::Fortress(_)))
            && !destroyed
            && st.g.control.get(p.at).copied().flatten() != Some(p.att),
        // cards 6, 7 played as events: a marker in the space
        defender_entrenched: super::events::entrenched(rules, st, p.at, def),
        fortified_space: matches!(kind, Some(SpaceKind::Fortress(_)) | Some(SpaceKind::Major))
            && !destroyed,
        // 12.4: a winner that still besieges enemy units inside may pursue: the attacker
        // with defenders sheltered inside (13.5), the besiegers beating a relief (13.6)
        besieges_inside: [
            !super::siege::sheltered(rules, st, p.at, def).is_empty(),
            !garrison(rules, st, p).is_empty(),
        ],
        cards: Vec::new(),
    };
    for &(side, c) in &p.cards {
        if let Some(card) = rules.cards.get(c) {
            let who = if side == p.att {
                Who::Attacker
            } else {
                Who::Defender
            };
            if card.effects.contains(&Effect::Entrench) && who == Who::Defender {
                sit.defender_entrenched = true;
            }
            // the card's stronger effect where its condition holds (audit defect 29): #20
            // across a mountain route or with the Tyrolian ID in the player's force; #11,
            // #50 against a defender with Prussian units
            let own = if who == Who::Attacker {
                &a_units
            } else {
                &d_units
            };
            let stronger = match c {
                20 => {
                    sit.across_mountain
                        || own
                            .iter()
                            .any(|&u| rules.ty(u).is_some_and(|t| t.id == "au-tyrol"))
                }
                11 | 50 => d_units
                    .iter()
                    .any(|&u| rules.ty(u).is_some_and(|t| t.nation == Nation::Pr)),
                _ => false,
            };
            sit.cards
                .push((who, battle::CardPlay::from_card(card, stronger)));
        }
    }
    // card 53 played with the activation (6.25)
    for card in super::events::battle_cards(rules, st) {
        sit.cards
            .push((Who::Attacker, battle::CardPlay::from_card(card, false)));
    }
    Some((attacker, defender, sit))
}

/// The odds of the pending battle before it is committed: the same [`battle::plan`] that
/// resolves it (columns, every shift and DRM with its case, the 36 outcomes, pursuit).
pub fn battle_preview(rules: &StRules, st: &StState) -> Option<BattlePlan> {
    let (a, d, sit) = battle_inputs(rules, st)?;
    Some(battle::plan(&rules.charts, &a, &d, &sit))
}

/// 11.2 step 4: the ways the side to take losses may take them.
pub fn loss_options(rules: &StRules, st: &StState) -> Vec<battle::LossChoice> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    match p.stage {
        Stage::Losses(side) => {
            let who = if side == p.att { 0 } else { 1 };
            let (bu, stocks, _) = battle_units(rules, st, &p.units[who]);
            battle::loss_choices(&bu, &stocks, p.loss[who])
        }
        // 15.5 note: attrition in steps, eliminations as in 11.2 step 4
        Stage::Attrition => {
            let Some(a) = p.attrition.first() else {
                return Vec::new();
            };
            let (bu, stocks, _) = battle_units(rules, st, &attrition_units(st, a));
            let all = battle::step_choices(&bu, &stocks, a.steps);
            // optional rule 5: "flip one besieging unit to its reduced side": a full unit
            // while there is one (a reduced one only when all are reduced)
            let flips: Vec<battle::LossChoice> = all
                .iter()
                .filter(|c| {
                    c.fates
                        .iter()
                        .all(|f| matches!(f, Fate::Unhurt | Fate::Flipped))
                })
                .cloned()
                .collect();
            if a.rule == "optional rule 5" && !flips.is_empty() {
                flips
            } else {
                all
            }
        }
        _ => Vec::new(),
    }
}

/// The units of an attrition roll still in their space (the ones whose steps are picked).
pub fn attrition_units(st: &StState, a: &AttritionDue) -> Vec<UnitId> {
    a.units
        .iter()
        .copied()
        .filter(|&u| st.units.get(u as usize).map(|x| x.loc) == Some(Loc::Space(a.at)))
        .collect()
}

/// 12.1: the spaces the loser may retreat to now (the attacker only whence it came).
pub fn retreat_options(rules: &StRules, st: &StState) -> Vec<SpaceId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    let Some(w) = p.winner else {
        return Vec::new();
    };
    let loser = w.other();
    let here = if p.second {
        p.retreated_to.unwrap_or(p.at)
    } else {
        p.at
    };
    let all = retreat_spaces(rules, st, here, loser);
    if loser == p.att && !p.second {
        return p
            .came_from()
            .into_iter()
            .filter(|f| all.contains(f))
            .collect();
    }
    let all: Vec<SpaceId> = all
        .into_iter()
        .filter(|&o| !(p.second && o == p.at))
        .collect();
    // 14.4: into a friendly PC space if at all possible
    let friendly: Vec<SpaceId> = all
        .iter()
        .copied()
        .filter(|&o| st.g.control.get(o).copied().flatten() == Some(loser))
        .collect();
    if friendly.is_empty() { all } else { friendly }
}

/// 12.5: the winner's units in the battle space that pursue: all but those the winner
/// leaves behind (`Pending::stay_behind`, `Drop` at `Stage::Pursue`); its generals go with
/// them.
pub fn pursuing_units(rules: &StRules, st: &StState) -> Vec<UnitId> {
    let Some(p) = st.g.battle.as_ref() else {
        return Vec::new();
    };
    let Some(w) = p.winner else {
        return Vec::new();
    };
    flow::units_at(rules, st, p.at, w)
        .into_iter()
        .filter(|u| !p.stay_behind.contains(u))
        .collect()
}

/// 12.4, 17.1: the winner's pursuit roll, None when he may not pursue: the -1 with more
/// cavalry divisions among the pursuing units (12.5) than among the loser's in its retreat
/// space, and his rating. The one function the prompt's odds ([`pursuit_chance`]), the
/// roll and its log line ([`Game::pursue`]) read.
pub fn pursuit_roll(rules: &StRules, st: &StState) -> Option<battle::DieRoll> {
    let p = st.g.battle.as_ref()?;
    let w = p.winner?;
    let to = p.retreated_to?;
    if p.second {
        return None;
    }
    // 12.4: not from an unbesieged fortress or major city that still stands; the winner
    // besieging enemy units sheltered inside (13.5, e.g. besiegers beating a relief force,
    // 13.6) may pursue. A loser sheltered back inside the battle space is not pursued.
    let besieged = !super::siege::sheltered(rules, st, p.at, w.other()).is_empty();
    if super::siege::fortification(rules, st, p.at).is_some() && !besieged {
        return None;
    }
    if to == p.at {
        return None;
    }
    // cards that forbid pursuit against their player (e.g. a rearguard)
    if p.cards.iter().any(|&(s, c)| {
        s != w
            && rules
                .cards
                .get(c)
                .is_some_and(|k| k.effects.contains(&Effect::NoPursuit))
    }) {
        return None;
    }
    let loser_units = flow::units_at(rules, st, to, w.other());
    if loser_units.is_empty() {
        return None;
    }
    let win_units = pursuing_units(rules, st);
    // 12.4: the victorious general (the battle's commander, set at the roll) if he is
    // still in the space, else the most senior general there (18.1)
    let here = flow::generals_at(rules, st, p.at, w);
    let cmd = p.commanders[if w == p.att { 0 } else { 1 }]
        .filter(|c| here.contains(c))
        .or_else(|| flow::commander(rules, &here))?;
    if win_units.is_empty() {
        return None;
    }
    let d = rules.general(cmd)?;
    let rating = if w == p.att { d.offensive } else { d.defensive } as i32;
    let cav = |us: &[UnitId]| us.iter().filter(|&&u| is_cavalry(rules, u)).count();
    Some(battle::pursuit_roll(
        &rules.charts,
        rating,
        w == p.att,
        cav(&win_units) > cav(&loser_units),
    ))
}

/// 12.4: the winner's pursuit chance in 6, None when he may not pursue.
pub fn pursuit_chance(rules: &StRules, st: &StState) -> Option<u32> {
    pursuit_roll(rules, st).map(|r| r.chance_in_6())
}

impl Game<'_> {
    fn pending(&mut self) -> Option<&mut Pending> {
        self.st.g.battle.as_mut()
    }

    /// The moving force entered `s` (War Phase, with CUs): open interception and battle.
    /// Returns true when a procedure is pending (the step is `Battle`) or the move ended.
    /// 13.6: the mover, sheltered in its own besieged stronghold, sorties against the
    /// besiegers in the same space: the normal interception, avoid battle and battle.
    pub fn sortie(&mut self) {
        let Some((m, side)) = mover(self.st) else {
            return;
        };
        let at = m.at;
        let on = self.rules.space_name(at);
        self.say(
            "13.6",
            format!("the besieged force sorties against the besiegers of {on}"),
        );
        let mut p = Pending::new(at, None, side, Stage::Intercept);
        p.sortie = true;
        self.st.g.battle = Some(p);
        self.st.g.step = Step::Battle;
        self.progress();
    }

    pub fn contact(&mut self, s: SpaceId, from: Option<SpaceId>) -> bool {
        let Some((_, side)) = mover(self.st) else {
            return false;
        };
        let mut p = Pending::new(s, from, side, Stage::Intercept);
        p.back = mover(self.st).and_then(|(m, _)| m.back);
        if let Some(f) = p.came_from() {
            p.left_behind = flow::units_at(self.rules, self.st, f, side.other());
        }
        self.st.g.battle = Some(p);
        self.st.g.step = Step::Battle;
        self.progress();
        // still pending, or the move ended inside `progress`
        self.st.g.step != Step::Move
    }

    fn set_stage(&mut self, stage: Stage) {
        if let Some(p) = self.pending() {
            p.stage = stage;
        }
    }

    /// Runs the procedure until a player has a decision to make, or it is over.
    pub fn progress(&mut self) {
        let rules = self.rules;
        for _ in 0..64 {
            let Some(p) = self.st.g.battle.clone() else {
                return;
            };
            match p.stage {
                Stage::Intercept => {
                    // 10.8: every interception and the avoid battle are declared before a
                    // die is rolled (the interception and the support dice)
                    let avoid_open = p.avoid_declared.is_none()
                        && !avoid_options(rules, self.st).is_empty()
                        && (!p.declared.is_empty() || !supporters(rules, self.st).is_empty());
                    if !p.declared_done && (!interceptors(rules, self.st).is_empty() || avoid_open)
                    {
                        return;
                    }
                    if !p.declared.is_empty() {
                        for g in p.declared.clone() {
                            self.roll_interception(g);
                        }
                        if let Some(q) = self.pending() {
                            q.declared.clear();
                        }
                        continue;
                    }
                    // 10.8: one or more interceptions; then the mover fights or returns
                    if !p.intercepted.is_empty() {
                        self.set_stage(Stage::Stay);
                        continue;
                    }
                    self.after_interception();
                }
                Stage::Stay | Stage::GeneralRetreat | Stage::SiegePhase => return,
                Stage::BattleStart => {
                    // hidden hands: Prussia is asked whenever it holds any card and an
                    // army could join (public facts), not only when it holds #12/#52
                    if p.sound.is_some()
                        || (!self.st.cards.hand(Side::Prussia).is_empty()
                            && !sound_armies(rules, self.st).is_empty())
                    {
                        return;
                    }
                    self.set_stage(Stage::Support);
                }
                Stage::Support => {
                    if !supporters(rules, self.st).is_empty() {
                        return;
                    }
                    self.set_stage(Stage::Avoid);
                }
                Stage::Avoid => {
                    if p.overrun {
                        // 9.51: withdraw inside (13.2) or be overrun
                        if !can_withdraw(rules, self.st) {
                            self.overrun_now();
                        }
                        return;
                    }
                    // 10.8: the avoid battle declared before the dice is attempted now
                    if let Some((to, unit)) = p.avoid_declared {
                        if let Some(q) = self.pending() {
                            q.avoid_declared = None;
                        }
                        if avoid_options(rules, self.st)
                            .iter()
                            .any(|o| o.cmd == StCommand::Avoid { to, unit })
                        {
                            self.avoid(to, unit);
                            return;
                        }
                        self.say(
                            "10.8",
                            "the declared avoid battle is no longer possible (10.4-10.7)",
                        );
                        continue;
                    }
                    if (!p.rolled && !avoid_options(rules, self.st).is_empty())
                        || can_withdraw(rules, self.st)
                        || !withdraw_units(rules, self.st).is_empty()
                    {
                        return;
                    }
                    self.set_stage(Stage::Respond(p.att));
                }
                Stage::Respond(side) => {
                    // hidden hands: the stage stops whenever the side holds any card (hand
                    // sizes are public), not only when a fitting response is in it, so the
                    // pause tells the other player nothing (audit defect 28)
                    if !self.st.cards.hand(side).is_empty() {
                        return;
                    }
                    self.responded(side);
                }
                Stage::Roll => self.roll(),
                Stage::Losses(_) => {
                    let ch = loss_options(rules, self.st);
                    if ch.len() > 1 {
                        return;
                    }
                    let fates = ch.first().map(|c| c.fates.clone()).unwrap_or_default();
                    self.apply_losses(&fates);
                }
                Stage::Retreat => {
                    let opts = retreat_options(rules, self.st);
                    let units = self.loser_units();
                    if opts.len() > 1 && !units.is_empty() {
                        return;
                    }
                    self.retreat(opts.first().copied());
                }
                Stage::Advance => {
                    let can = p
                        .supports
                        .iter()
                        .any(|&(g, _)| army_of(rules, self.st, g).is_some());
                    if can && p.winner == Some(p.att) {
                        return;
                    }
                    self.set_stage(Stage::Pursue);
                }
                Stage::Pursue => {
                    if pursuit_chance(rules, self.st).is_some() {
                        return;
                    }
                    self.finish();
                    return;
                }
                Stage::Attrition => {
                    if p.attrition.is_empty() {
                        self.attrition_done();
                        continue;
                    }
                    let ch = loss_options(rules, self.st);
                    if ch.len() > 1 {
                        return;
                    }
                    let fates = ch.first().map(|c| c.fates.clone()).unwrap_or_default();
                    self.apply_attrition(&fates);
                }
            }
        }
    }

    /// 15.5: the owner's pick of attrition steps for the first force of the queue.
    pub fn apply_attrition(&mut self, fates: &[Fate]) {
        let Some(p) = self.pending() else {
            return;
        };
        if p.stage != Stage::Attrition || p.attrition.is_empty() {
            return;
        }
        let a = p.attrition.remove(0);
        let units = attrition_units(self.st, &a);
        self.take_fates(&units, fates, &a.rule);
        if self.st.g.step != Step::GameOver {
            self.progress();
        }
    }

    /// The attrition queue is empty: the battle goes on (12.5) or the end of the turn.
    fn attrition_done(&mut self) {
        let Some(p) = self.st.g.battle.as_ref() else {
            return;
        };
        match p.after_attrition {
            Some(stage) => self.set_stage(stage),
            None if p.then_event => {
                // card 44: the rest of the card's use (its other effects, the round's end)
                self.st.g.battle = None;
                self.st.g.step = Step::Event;
                super::events::resume(self);
            }
            None if p.then_supply => {
                self.st.g.battle = None;
                self.supply_phase();
            }
            None => {
                self.st.g.battle = None;
                self.after_attrition_phase();
            }
        }
    }

    /// Optional rule 5: the owners pick the steps the failed Siege Phase attempts cost
    /// (automatic where there is one way), then the Supply Phase (5.4).
    pub fn start_siege_losses(&mut self, due: Vec<AttritionDue>) {
        let Some(first) = due.first() else {
            self.supply_phase();
            return;
        };
        let mut p = Pending::new(first.at, None, first.side, Stage::Attrition);
        p.attrition = due;
        p.then_supply = true;
        self.st.g.battle = Some(p);
        self.st.g.step = Step::Battle;
        self.progress();
    }

    /// 15.5 (card 44, Cholera): the owner of the struck force picks the steps (automatic
    /// where there is one way); then the event's use goes on (`events::resume`).
    pub fn start_event_attrition(&mut self, due: AttritionDue) {
        let mut p = Pending::new(due.at, None, due.side, Stage::Attrition);
        p.attrition = vec![due];
        p.then_event = true;
        self.st.g.battle = Some(p);
        self.st.g.step = Step::Battle;
        self.progress();
    }

    /// 15.5: starts the owners' picks for `due` (automatic where there is one way), then
    /// `after` (None: the rest of the end of the turn).
    pub fn start_attrition(&mut self, due: Vec<AttritionDue>, after: Option<Stage>) {
        match self.st.g.battle.as_mut() {
            Some(p) => {
                p.attrition = due;
                p.after_attrition = after;
                p.stage = Stage::Attrition;
            }
            None => {
                let Some(first) = due.first() else {
                    self.after_attrition_phase();
                    return;
                };
                let mut p = Pending::new(first.at, None, first.side, Stage::Attrition);
                p.attrition = due;
                self.st.g.battle = Some(p);
                self.st.g.step = Step::Battle;
            }
        }
        self.progress();
    }

    /// 10.2 done: a battle if the space holds enemy units, else the move goes on.
    fn after_interception(&mut self) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let def = p.att.other();
        // 13.5: units sheltering inside a fortress the mover besieges are not fought
        let inside = super::siege::sheltered(rules, self.st, p.at, def);
        let enemy: Vec<UnitId> = flow::units_at(rules, self.st, p.at, def)
            .into_iter()
            .filter(|u| !inside.contains(u))
            .collect();
        if enemy.is_empty() {
            self.st.g.battle = None;
            self.go_on(p.at);
            return;
        }
        // 9.51: overrun of a lone EBC in a minor city at 5:1 (an army only); in its own
        // fortress or major city the EBC may withdraw inside instead (13.2)
        let army = mover(self.st).is_some_and(|(m, _)| m.army);
        let kind = rules.map.spaces.get(p.at).map(|x| x.kind);
        let standing = super::siege::fortification(rules, self.st, p.at).is_some();
        let city = matches!(
            kind,
            Some(SpaceKind::Minor | SpaceKind::Major | SpaceKind::Fortress(_))
        );
        let att_sp: u32 = mover_units(self.st)
            .iter()
            .map(|&u| flow::sp(rules, self.st, u))
            .sum();
        if army
            && enemy.len() == 1
            && !rules.echelon(enemy[0]).is_corps()
            && battle::overrun(att_sp, flow::sp(rules, self.st, enemy[0]))
        {
            if city && !standing {
                self.overrun_now();
                return;
            }
            if standing && self.st.g.control.get(p.at).copied().flatten() == Some(def) {
                if let Some(q) = self.pending() {
                    q.overrun = true;
                    q.stage = Stage::Avoid;
                }
                return;
            }
        }
        self.set_stage(Stage::BattleStart);
    }

    /// 9.51: the lone enemy EBC in the space is eliminated and the army moves on.
    fn overrun_now(&mut self) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let def = p.att.other();
        let att_sp: u32 = mover_units(self.st)
            .iter()
            .map(|&u| flow::sp(rules, self.st, u))
            .sum();
        let on = rules.space_name(p.at);
        for u in flow::units_at(rules, self.st, p.at, def) {
            self.st.units[u as usize].loc = Loc::Eliminated;
            let n = rules.unit_name(u);
            self.say(
                "9.51",
                format!("{n} is overrun in {on} ({att_sp} SP against 5:1) and eliminated"),
            );
        }
        if self.lone_generals(p.at, p.from, false) {
            return;
        }
        self.st.g.battle = None;
        self.go_on(p.at);
    }

    /// 13.2, 9.51, 13.5: the defender's force withdraws inside its fortress or major city
    /// and accepts a siege; the mover may besiege or mask it and go on (9.53).
    pub fn withdraw(&mut self) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        if !can_withdraw(rules, self.st) {
            return;
        }
        let def = p.att.other();
        // 13.2 after a friendly interception (audit 8 defect 2): the force that was there
        // goes inside, the interceptors stay outside and fight (a partial withdrawal)
        let fighters: Vec<UnitId> = super::siege::outside(rules, self.st, p.at, def)
            .into_iter()
            .filter(|u| p.arrived.contains(u))
            .collect();
        if !fighters.is_empty() {
            let going: Vec<UnitId> = withdrawal(rules, self.st)
                .map(|(out, _, _)| out)
                .unwrap_or_default();
            match self.st.g.inside.iter_mut().find(|(s, _)| *s == p.at) {
                Some((_, v)) => v.extend(going.iter().copied()),
                None => self.st.g.inside.push((p.at, going.clone())),
            }
            let on = rules.space_name(p.at);
            self.say(
                "13.2",
                format!(
                    "{} withdraws its {} unit(s) inside {on}; the army that intercepted stays outside to fight (10.3)",
                    def.name(),
                    going.len()
                ),
            );
            self.progress();
            return;
        }
        // the whole force: with any units withdrawn one by one before (13.2)
        let units = flow::units_at(rules, self.st, p.at, def);
        if !self.shelter(p.at, &units) {
            return;
        }
        // every unit inside: the whole-force reading, no record needed
        self.st.g.inside.retain(|(s, _)| *s != p.at);
        let on = rules.space_name(p.at);
        self.say(
            "13.2",
            format!(
                "{} withdraws inside {on} instead of fighting and accepts a siege",
                def.name()
            ),
        );
        self.st.g.battle = None;
        self.go_on(p.at);
    }

    /// 13.2, 13.5: one unit of the defender withdraws inside its fortress or major city (up
    /// to its capacity); the rest of the force stays outside to avoid battle or fight. The
    /// besieged marker follows once the space is cleared of the units outside (the
    /// winner's `occupy`, or the mover going on after an avoid).
    pub fn withdraw_unit(&mut self, u: UnitId) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        if !withdraw_units(rules, self.st).contains(&u) {
            return;
        }
        match self.st.g.inside.iter_mut().find(|(s, _)| *s == p.at) {
            Some((_, v)) => v.push(u),
            None => self.st.g.inside.push((p.at, vec![u])),
        }
        let on = rules.space_name(p.at);
        let n = rules.unit_name(u);
        let cap = match super::siege::shelter_capacity(rules, self.st, p.at) {
            Some(c) => format!("capacity {c}"),
            None => "a major city, no limit".into(),
        };
        self.say(
            "13.2",
            format!(
                "{n} withdraws inside {on} ({} inside, {cap}, 13.5); the rest of the force stays outside",
                super::siege::sheltered(rules, self.st, p.at, p.att.other()).len()
            ),
        );
        self.progress();
    }

    /// The battle is off (or won with impetus): the mover may spend its remaining MPs.
    fn go_on(&mut self, s: SpaceId) {
        self.st.g.step = Step::Move;
        let Some((m, side)) = mover(self.st) else {
            return;
        };
        let has_cu = m.pieces.iter().any(|p| matches!(p, Piece::Unit(_)));
        if has_cu {
            self.occupy(s, side);
        }
    }

    /// A force of `side` with combat units stands in `s` after a free entry, a battle won
    /// there (with supporting armies advanced, 11.44) or a pursuit (12.5).
    fn occupy(&mut self, s: SpaceId, side: Side) {
        let rules = self.rules;
        if flow::units_at(rules, self.st, s, side).is_empty() {
            return;
        }
        // 13.2, 13.41: an enemy fortress or major city entered is besieged or masked
        self.place_besieged_marker(s, side);
        // 14.1: a force passing through an enemy minor city takes it
        let kind = rules.map.spaces.get(s).map(|x| x.kind);
        if flow::enemy_controlled(self.st, s, side)
            && (kind == Some(SpaceKind::Minor)
                || self.st.g.destroyed.get(s).copied().unwrap_or(false))
        {
            self.set_control(s, side, "14.1");
        }
    }

    /// 9.52 / 18.6: the enemy generals left alone in `s` (entered from `from`) retreat
    /// together, not into the space the enemy came from; with two or more spaces their
    /// owner picks one (`Stage::GeneralRetreat`, true is returned: the decision is
    /// pending); with none they are eliminated. `then_enter`: see [`Pending::then_enter`].
    pub fn lone_generals(&mut self, s: SpaceId, from: Option<SpaceId>, then_enter: bool) -> bool {
        let Some((_, side)) = mover(self.st) else {
            return false;
        };
        if flow::generals_at(self.rules, self.st, s, side.other()).is_empty() {
            return false;
        }
        let mut p = self.st.g.battle.take().unwrap_or_else(|| {
            let mut p = Pending::new(s, from, side, Stage::GeneralRetreat);
            p.back = mover(self.st).and_then(|(m, _)| m.back);
            p
        });
        p.stage = Stage::GeneralRetreat;
        p.then_enter = then_enter;
        self.st.g.battle = Some(p);
        let opts = lone_general_spaces(self.rules, self.st);
        if opts.len() > 1 {
            self.st.g.step = Step::Battle;
            return true;
        }
        self.move_lone_generals(opts.first().copied());
        if then_enter {
            self.st.g.battle = None;
        }
        false
    }

    fn move_lone_generals(&mut self, to: Option<SpaceId>) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        for g in flow::generals_at(rules, self.st, p.at, p.att.other()) {
            let name = rules.gen_name(g);
            match to {
                Some(o) => {
                    self.st.generals[g as usize].loc = Loc::Space(o);
                    let on = rules.space_name(o);
                    self.say("9.52", format!("{name} retreats alone to {on}"));
                }
                None => {
                    self.st.generals[g as usize].loc = Loc::Eliminated;
                    self.say("9.52", format!("{name} cannot retreat and is eliminated"));
                }
            }
        }
    }

    /// 9.52: the owner's pick of the lone generals' retreat space; then the entry of the
    /// space is resolved (interception, battle) or the mover goes on.
    pub fn retreat_lone_generals(&mut self, to: SpaceId) {
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        if p.stage != Stage::GeneralRetreat
            || !lone_general_spaces(self.rules, self.st).contains(&to)
        {
            return;
        }
        self.move_lone_generals(Some(to));
        self.st.g.battle = None;
        self.st.g.step = Step::Move;
        if p.then_enter {
            if self.entered(p.at) && self.st.g.step == Step::Move && self.st.g.battle.is_none() {
                super::steps::movement::stop(self);
            }
        } else {
            self.go_on(p.at);
        }
    }

    /// 10.2, 10.8: general `g` declares an interception (rolled once all are declared).
    pub fn intercept(&mut self, g: GenId) {
        let rules = self.rules;
        // 18.1: his army tries once, whichever of equal generals commands it
        let with: Vec<GenId> = self.st.generals[g as usize]
            .loc
            .space()
            .map(|s| flow::generals_at(rules, self.st, s, rules.gen_side(g)))
            .unwrap_or_default();
        if let Some(q) = self.pending() {
            q.asked.push(g);
            q.asked.extend(with);
            q.declared.push(g);
        }
        let name = rules.gen_name(g);
        let chance = intercept_chance_in_6(rules, self.st, g);
        self.say(
            "10.8",
            format!("{name} declares an interception ({chance} in 6)"),
        );
        self.progress();
    }

    /// 10.8: the defender declares its avoid battle after the interceptions; the
    /// interception and support dice are rolled first.
    pub fn declare_avoid(&mut self, to: SpaceId, unit: Option<UnitId>) {
        let rules = self.rules;
        let chance = avoid_options(rules, self.st)
            .iter()
            .find(|o| o.cmd == StCommand::Avoid { to, unit })
            .map(|o| o.chance_in_6)
            .unwrap_or(0);
        if let Some(q) = self.pending() {
            q.avoid_declared = Some((to, unit));
            q.declared_done = true;
        }
        let on = rules.space_name(to);
        self.say(
            "10.8",
            format!("avoid battle to {on} declared ({chance} in 6)"),
        );
        self.progress();
    }

    /// 10.2: the declared interception of general `g` is rolled.
    fn roll_interception(&mut self, g: GenId) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let Some((_, units)) = intercepting_units(rules, self.st, g) else {
            return;
        };
        if let Some(q) = self.pending() {
            q.rolled = true;
        }
        let spec = intercept_roll(rules, self.st, g);
        let name = rules.gen_name(g);
        let on = rules.space_name(p.at);
        let r = self.dice.d6(
            &format!("{name} intercepts into {on}"),
            &spec.case,
            spec.mods.clone(),
        );
        if spec.succeeds(r.die) {
            let gens: Vec<GenId> = self
                .st
                .generals
                .get(g as usize)
                .and_then(|x| x.loc.space())
                .map(|s| flow::generals_at(rules, self.st, s, rules.gen_side(g)))
                .unwrap_or_default();
            let mut moved = Vec::new();
            for x in gens {
                if flow::seniority(rules, x) <= flow::seniority(rules, g) {
                    self.st.generals[x as usize].loc = Loc::Space(p.at);
                    moved.push(x);
                }
            }
            for &u in &units {
                self.st.units[u as usize].loc = Loc::Space(p.at);
            }
            if let Some(q) = self.pending() {
                q.arrived.extend(units);
                q.arrived_gens.extend(moved);
            }
            self.say(
                "10.2",
                format!(
                    "{name}'s interception roll: {}: his army intercepts into {on}",
                    spec.result(r.die)
                ),
            );
            if let Some(q) = self.pending() {
                q.intercepted.push(g);
            }
        } else {
            self.say(
                "10.2",
                format!(
                    "{name}'s interception roll: {}: no interception",
                    spec.result(r.die)
                ),
            );
        }
    }

    /// 10.2: unit `u` stays behind when its army intercepts; 10.4, 18.3: or stays in the
    /// battle space when its army avoids battle (the rearguard).
    pub fn stay_behind(&mut self, u: UnitId) {
        if let Some(q) = self.pending() {
            q.stay_behind.push(u);
        }
        let n = self.rules.unit_name(u);
        if let Some(p) = self.st.g.battle.as_ref()
            && self.st.units[u as usize].loc == Loc::Space(p.at)
            && matches!(p.stage, Stage::Intercept | Stage::Avoid)
        {
            let on = self.rules.space_name(p.at);
            self.say(
                "18.3",
                format!("{n} will stay in {on} and fight if its army avoids battle"),
            );
            return;
        }
        if self.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::Pursue) {
            self.say(
                "12.5",
                format!("{n} will stay in the battle space if the army pursues"),
            );
            return;
        }
        self.say(
            "10.2",
            format!("{n} will stay behind if its army intercepts"),
        );
    }

    /// 10.3: the intercepted mover goes back and ends its move.
    pub fn return_back(&mut self) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.take() else {
            return;
        };
        if let (Some(f), Some(op)) = (p.came_from(), self.st.g.op.as_mut())
            && let Some(m) = op.mover.as_mut()
        {
            m.at = f;
            let pieces = m.pieces.clone();
            for q in &pieces {
                match *q {
                    Piece::Unit(u) => self.st.units[u as usize].loc = Loc::Space(f),
                    Piece::General(x) => self.st.generals[x as usize].loc = Loc::Space(f),
                }
            }
            let on = rules.space_name(f);
            self.say("10.3", format!("the intercepted force returns to {on}"));
            // 10.3 with 13.2, 13.42: a force that marched away from the enemy's
            // stronghold it besieged lifted the siege; going back to it, it finds the
            // garrison still inside and besieges it again (the position it left)
            let side = pieces.iter().find_map(|q| match q {
                Piece::Unit(u) => Some(rules.side(*u)),
                Piece::General(_) => None,
            });
            if let Some(mover) = side
                && super::siege::fortification(rules, self.st, f).is_some()
                && self.st.g.control.get(f).copied().flatten() == Some(mover.other())
                && !flow::units_at(rules, self.st, f, mover.other()).is_empty()
                && only_left_behind(rules, self.st, &p, f)
                && let Some(mark) = self.st.g.besieged.get_mut(f)
                && mark.is_none()
            {
                *mark = Some(mover);
                self.say("13.2", format!("{} besieges {on} again", mover.name()));
            }
        }
        self.st.g.step = Step::Move;
        super::steps::movement::stop(self);
    }

    /// 10.3: the intercepted mover stays: a battle.
    pub fn stay(&mut self) {
        self.set_stage(Stage::BattleStart);
        self.progress();
    }

    /// Sound of the Guns (#12/#52): general `g`'s army joins the battle. Attacking, it is
    /// a supporting army without a support roll (11.42); defending, it moves into the
    /// battle space and fights with the defender.
    pub fn sound_join(&mut self, g: GenId) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        if p.sound.is_none() || !sound_armies(rules, self.st).contains(&g) {
            return;
        }
        let Some((s, units)) = army_of(rules, self.st, g) else {
            return;
        };
        let with = flow::generals_at(rules, self.st, s, Side::Prussia);
        let name = rules.gen_name(g);
        if p.att == Side::Prussia {
            if let Some(q) = self.pending() {
                q.asked.push(g);
                q.asked.extend(with);
                q.supports.push((g, s));
                q.sound = None;
            }
            self.say(
                "11.42",
                format!("Sound of the Guns: {name}'s army supports the attack without a roll"),
            );
        } else {
            for u in units {
                self.st.units[u as usize].loc = Loc::Space(p.at);
            }
            for x in with {
                self.st.generals[x as usize].loc = Loc::Space(p.at);
            }
            if let Some(q) = self.pending() {
                q.asked.push(g);
                q.sound = None;
            }
            self.say(
                "6.25",
                format!(
                    "Sound of the Guns: {name}'s army marches into {} and fights with the defender",
                    rules.space_name(p.at)
                ),
            );
        }
        self.set_stage(Stage::Support);
        self.progress();
    }

    /// 11.42: general `g`'s army rolls to support.
    pub fn support(&mut self, g: GenId) {
        let rules = self.rules;
        if self.st.g.battle.is_none() {
            return;
        }
        // 18.1: his army rolls once, whichever of equal generals commands it
        let with: Vec<GenId> = self.st.generals[g as usize]
            .loc
            .space()
            .map(|s| flow::generals_at(rules, self.st, s, rules.gen_side(g)))
            .unwrap_or_default();
        if let Some(q) = self.pending() {
            q.asked.push(g);
            q.asked.extend(with);
            q.rolled = true;
        }
        let (Some((s, _)), Some(spec)) =
            (army_of(rules, self.st, g), support_roll(rules, self.st, g))
        else {
            return;
        };
        let name = rules.gen_name(g);
        let r = self.dice.d6(
            &format!("{name} supports the attack"),
            &spec.case,
            spec.mods.clone(),
        );
        let joins = spec.succeeds(r.die);
        if joins && let Some(q) = self.pending() {
            q.supports.push((g, s));
        }
        let then = if joins {
            "his army supports"
        } else {
            "no support"
        };
        self.say(
            &spec.case,
            format!("{name}'s support roll: {}: {then}", spec.result(r.die)),
        );
        self.progress();
    }

    /// The active player is done with the support rolls (or the inactive with the
    /// interceptions, avoid battle, responses, the winner with advance or pursuit).
    pub fn pass(&mut self) {
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        match p.stage {
            Stage::Intercept => {
                let all = interceptors(self.rules, self.st);
                if let Some(q) = self.pending() {
                    q.asked.extend(all);
                    q.declared_done = true;
                }
            }
            Stage::Stay => self.set_stage(Stage::BattleStart),
            Stage::BattleStart => self.set_stage(Stage::Support),
            Stage::Support => {
                let all = supporters(self.rules, self.st);
                if let Some(q) = self.pending() {
                    q.asked.extend(all);
                }
            }
            Stage::Avoid if p.overrun => {
                self.overrun_now();
                return;
            }
            Stage::Avoid => self.set_stage(Stage::Respond(p.att)),
            Stage::Respond(side) => {
                self.responded(side);
            }
            Stage::Advance => self.set_stage(Stage::Pursue),
            Stage::Pursue => {
                self.finish();
                return;
            }
            _ => {}
        }
        self.progress();
    }

    fn responded(&mut self, side: Side) {
        let att = self.st.g.battle.as_ref().map(|p| p.att);
        if Some(side) == att {
            self.set_stage(Stage::Respond(side.other()));
        } else {
            self.set_stage(Stage::Roll);
        }
    }

    /// 6.25: a response card is declared.
    pub fn respond(&mut self, side: Side, card: CardId) {
        let rules = self.rules;
        self.st.cards.hands[side.idx()].retain(|&c| c != card);
        let remove = rules.cards.get(card).is_some_and(|k| k.remove);
        if remove {
            self.st.cards.removed.push(card);
        } else {
            self.st.cards.discard.push(card);
        }
        if card == flow::NEEDLE_GUNS {
            self.st.g.reshuffle = true;
        }
        let t = rules.card_title(card);
        let moltke = rules
            .cards
            .get(card)
            .is_some_and(|k| k.response == Some(ResponseWhen::OnCoordinatedAttack));
        let sound = rules
            .cards
            .get(card)
            .is_some_and(|k| k.response == Some(ResponseWhen::BattleStart));
        if let Some(p) = self.pending() {
            if moltke {
                p.moltke = true;
            } else if sound {
                p.sound = Some(card);
            } else {
                p.cards.push((side, card));
            }
        }
        self.say("6.25", format!("{} plays {t} as a response", side.name()));
        if let Some(p) = self.st.g.battle.as_ref()
            && p.stage == Stage::SiegePhase
            && let Some((_, drm)) = super::events::siege_train_drm(rules, self.st, side)
        {
            self.say(
                "13.7",
                format!("Siege Train: {drm:+} to this Siege Phase siege roll"),
            );
        }
        self.progress();
    }

    /// 10.4-10.6: the defender tries to avoid battle.
    pub fn avoid(&mut self, to: SpaceId, unit: Option<UnitId>) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let def = p.att.other();
        let Some(opt) = avoid_options(rules, self.st)
            .into_iter()
            .find(|o| o.cmd == StCommand::Avoid { to, unit })
        else {
            return;
        };
        let chance = opt.chance_in_6;
        let on = rules.space_name(to);
        let ok = match opt.roll {
            Some(spec) if chance < 6 => {
                let r = self.dice.d6(
                    &format!("avoid battle to {on}"),
                    &spec.case,
                    spec.mods.clone(),
                );
                self.say(
                    &spec.case,
                    format!("avoid battle roll: {}", spec.result(r.die)),
                );
                spec.succeeds(r.die)
            }
            _ => {
                self.say(
                    "10.6",
                    "the avoid battle cannot fail (a lone cavalry unit, 10.6, or with its modifiers)",
                );
                true
            }
        };
        if ok {
            let (force, gens) = avoiding_force(rules, self.st, &p);
            let units: Vec<UnitId> = match unit {
                Some(u) => vec![u],
                // 10.4, 18.3: an army takes as many units as its generals' seniority
                // allows; the rest stay and fight
                None if flow::commander(rules, &gens).is_some() => {
                    avoiding_army_units(rules, &force, &gens, &p.stay_behind)
                }
                None => force.clone(),
            };
            let staying: Vec<String> = force
                .iter()
                .filter(|u| !units.contains(u))
                .map(|&u| rules.unit_name(u))
                .collect();
            for u in units {
                self.st.units[u as usize].loc = Loc::Space(to);
            }
            // the rearguard's choice is spent: these units may pursue if they win (12.5)
            if let Some(q) = self.pending() {
                q.stay_behind.retain(|u| !force.contains(u));
            }
            if unit.is_none() && !staying.is_empty() {
                self.say(
                    "18.3",
                    format!(
                        "{} stay in {} and fight (beyond the generals' seniority or left as a rearguard)",
                        staying.join(", "),
                        rules.space_name(p.at)
                    ),
                );
            }
            if unit.is_none() || chance >= 6 {
                for g in gens {
                    self.st.generals[g as usize].loc = Loc::Space(to);
                }
            }
            self.say("10.4", format!("the defender avoids battle to {on}"));
            // 13.2: units withdrawn inside stay (with the generals left, 13.5)
            if super::siege::outside(rules, self.st, p.at, def).is_empty() {
                if super::siege::sheltered(rules, self.st, p.at, def).is_empty()
                    && self.lone_generals(p.at, p.from, false)
                {
                    return;
                }
                self.st.g.battle = None;
                self.go_on(p.at);
                return;
            }
            self.set_stage(Stage::Respond(p.att));
        } else {
            self.say(
                "10.4",
                "the attempt fails: -1 to the defender's battle roll",
            );
            if let Some(q) = self.pending() {
                q.failed_avoid = true;
                q.stage = Stage::Respond(q.att);
            }
        }
        self.progress();
    }

    /// 11.2 steps 1-3: both dice, through the same plan the preview shows.
    fn roll(&mut self) {
        let rules = self.rules;
        // the units left behind by an interception (10.2) or picked as an avoiding
        // army's rearguard (18.3) are spent once the battle is rolled: 12.5's pursuit
        // makes its own drops (AUDIT13l row 6: a failed avoid's picks kept them out of
        // the pursuit)
        if let Some(q) = self.pending() {
            q.stay_behind.clear();
        }
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let Some(plan) = battle_preview(rules, self.st) else {
            // nothing left to fight: the move goes on
            self.st.g.battle = None;
            self.go_on(p.at);
            return;
        };
        let def = p.att.other();
        let name = rules.space_name(p.at);
        let mods = |who: Who| -> Vec<(String, i32)> {
            plan.modifiers
                .iter()
                .filter(|m| m.who == who && !m.shift)
                .map(|m| (m.case.clone(), m.amount))
                .collect()
        };
        let a = self.dice.d6(
            &format!("battle of {name} (attacker)"),
            "11.2",
            mods(Who::Attacker),
        );
        let d = self.dice.d6(
            &format!("battle of {name} (defender)"),
            "11.2",
            mods(Who::Defender),
        );
        let o = plan.outcome(a.die, d.die);
        for m in plan.modifiers.iter().filter(|m| m.shift) {
            let who = if m.who == Who::Attacker {
                "attacker"
            } else {
                "defender"
            };
            self.say(
                "11.2",
                format!("column shift {:+} for the {who}: {}", m.amount, m.case),
            );
        }
        let winner = if o.winner == Who::Attacker {
            p.att
        } else {
            def
        };
        self.say(
            "11.2",
            format!(
                "battle of {name}: {} {} SP on {} rolls {} ({}) and inflicts {}; {} {} SP on {} rolls {} ({}) and inflicts {}; {} wins",
                p.att.name(),
                plan.sp[0],
                plan.column_label[0],
                o.dice[0],
                o.modified[0],
                o.inflicted[0],
                def.name(),
                plan.sp[1],
                plan.column_label[1],
                o.dice[1],
                o.modified[1],
                o.inflicted[1],
                winner.name()
            ),
        );
        let a_units = attackers(rules, self.st, &p);
        // 13.2, 13.5: the units withdrawn inside take no part (no loss, no retreat)
        let d_units = super::siege::outside(rules, self.st, p.at, def);
        let loser_units = if winner == p.att { &d_units } else { &a_units };
        let loser_had_corps = loser_units.iter().any(|&u| rules.echelon(u).is_corps());
        // 13.6: the garrison fights with the relief force but stays inside afterwards
        let inside = garrison(rules, self.st, &p);
        let mut garrison_pieces: Vec<Piece> = inside.iter().map(|&u| Piece::Unit(u)).collect();
        if !inside.is_empty() {
            let moving: Vec<Piece> = mover(self.st)
                .map(|(m, _)| m.pieces.clone())
                .unwrap_or_default();
            for g in flow::generals_at(rules, self.st, p.at, p.att) {
                if !moving.contains(&Piece::General(g)) {
                    garrison_pieces.push(Piece::General(g));
                }
            }
            let n = inside.len();
            self.say(
                "13.6",
                format!("{n} combat unit(s) besieged in {name} fight with the relief force"),
            );
        }
        // 13.6, 12.1: a beaten sortie returns whence it came, inside the stronghold; the
        // units and generals that stayed sheltered stay there in any case
        if p.sortie {
            garrison_pieces = flow::units_at(rules, self.st, p.at, p.att)
                .into_iter()
                .map(Piece::Unit)
                .chain(
                    flow::generals_at(rules, self.st, p.at, p.att)
                        .into_iter()
                        .map(Piece::General),
                )
                .collect();
        }
        let commanders = battle_commanders(rules, self.st, &p);
        if let Some(q) = self.pending() {
            q.commanders = commanders;
            q.garrison = garrison_pieces;
            q.units = [a_units, d_units];
            q.loss = o.loss;
            q.winner = Some(winner);
            q.impetus = plan.impetus_if_won;
            q.loser_had_corps = loser_had_corps;
            q.stage = Stage::Losses(q.att);
        }
        if loser_had_corps {
            // 21.1: an automatic victory is judged in the Victory Check Phase only.
            self.gain_vp(winner, 1, "a battle won against a corps", "11.2");
        }
    }

    /// 11.2 step 4: the side in `Stage::Losses` takes `fates` (one per battle unit).
    pub fn apply_losses(&mut self, fates: &[Fate]) {
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let Stage::Losses(side) = p.stage else {
            return;
        };
        let who = if side == p.att { 0 } else { 1 };
        let units = p.units[who].clone();
        let mut after = self.take_fates(&units, fates, "11.2");
        // Death Ride (#14, RECONSTRUCTED text): if its player lost, one of its cavalry
        // divisions charges and takes one step besides the battle loss
        if p.cards.contains(&(side, 14)) && p.winner.is_some_and(|w| w != side) {
            let rules = self.rules;
            if let Some(i) = after.iter().position(|&(_, u)| {
                is_cavalry(rules, u) && self.st.units[u as usize].loc.space().is_some()
            }) {
                let u = after[i].1;
                let fate = if self.st.units[u as usize].reduced {
                    Fate::Eliminated
                } else {
                    Fate::Flipped
                };
                let now = self.take_fates(&[u], &[fate], "card 14");
                match now.first() {
                    Some(&(_, v)) => after[i].1 = v,
                    None => {
                        after.remove(i);
                    }
                }
            }
        }
        if let Some(q) = self.pending() {
            // a garrison corps replaced by an EBC: the EBC stays inside (13.6)
            for &(was, now) in &after {
                if was != now && q.garrison.contains(&Piece::Unit(was)) {
                    q.garrison.push(Piece::Unit(now));
                }
            }
            q.units[who] = after.into_iter().map(|x| x.1).collect();
            q.stage = if side == q.att {
                Stage::Losses(side.other())
            } else {
                Stage::Retreat
            };
        }
        if self.st.g.step != Step::GameOver {
            self.progress();
        }
    }

    /// Applies fates to units (11.2 step 4): flips, eliminations, corps replaced by an EBC
    /// from the Corps Support Box in the corps' space. Returns the units left, each with
    /// the unit it was (a replaced corps: its EBC).
    pub fn take_fates(
        &mut self,
        units: &[UnitId],
        fates: &[Fate],
        rule: &str,
    ) -> Vec<(UnitId, UnitId)> {
        let rules = self.rules;
        let mut left = Vec::new();
        for (&u, f) in units.iter().zip(fates) {
            let n = rules.unit_name(u);
            let at = self.st.units[u as usize].loc;
            match f {
                Fate::Unhurt => left.push((u, u)),
                Fate::Flipped => {
                    self.st.units[u as usize].reduced = true;
                    self.say(rule, format!("{n} is flipped to its reduced side"));
                    left.push((u, u));
                }
                Fate::Eliminated => {
                    self.st.units[u as usize].loc = Loc::Eliminated;
                    self.say(rule, format!("{n} is eliminated"));
                }
                Fate::Replaced { steps } => {
                    self.st.units[u as usize].loc = Loc::Eliminated;
                    let r = replacement_unit(rules, self.st, u);
                    match r {
                        Some(r) => {
                            let rn = rules.unit_name(r);
                            self.st.units[r as usize] = UnitState {
                                loc: at,
                                reduced: *steps >= 1,
                            };
                            let what = match steps {
                                0 => "",
                                1 => ", which is flipped",
                                _ => ", which is eliminated too",
                            };
                            self.say(
                                rule,
                                format!("{n} is eliminated and replaced by {rn} from the Corps Support Box{what}"),
                            );
                            if *steps >= 2 {
                                self.st.units[r as usize].loc = Loc::Eliminated;
                            } else {
                                // 13.2, 13.5: a corps put inside is replaced inside (its
                                // EBC takes its place in the record of the withdrawal)
                                if let Loc::Space(s) = at {
                                    super::siege::replaced_inside(self.st, s, u, &[r]);
                                }
                                left.push((u, r));
                            }
                        }
                        None => self.say(rule, format!("{n} is eliminated")),
                    }
                }
            }
        }
        left
    }

    fn loser_units(&self) -> Vec<UnitId> {
        let Some(p) = self.st.g.battle.as_ref() else {
            return Vec::new();
        };
        let Some(w) = p.winner else {
            return Vec::new();
        };
        let loser = w.other();
        let here = if p.second {
            p.retreated_to.unwrap_or(p.at)
        } else {
            p.at
        };
        // 11.44: only the primary army retreats; supporting armies stay where they are;
        // 13.6: a relieved garrison stays inside; 13.2: so do a defender's units withdrawn
        // inside while the rest of its force fought
        let inside = if loser == p.att {
            Vec::new()
        } else {
            super::siege::sheltered(self.rules, self.st, here, loser)
        };
        flow::units_at(self.rules, self.st, here, loser)
            .into_iter()
            .filter(|&u| !p.garrison.contains(&Piece::Unit(u)) && !inside.contains(&u))
            .collect()
    }

    /// 12.1, 12.2: the loser retreats to `to` (None: nowhere to go).
    pub fn retreat(&mut self, to: Option<SpaceId>) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let Some(w) = p.winner else { return };
        let loser = w.other();
        let here = if p.second {
            p.retreated_to.unwrap_or(p.at)
        } else {
            p.at
        };
        let units = self.loser_units();
        let gens: Vec<GenId> = flow::generals_at(rules, self.st, here, loser)
            .into_iter()
            .filter(|&g| !p.garrison.contains(&Piece::General(g)))
            .collect();
        // 12.4: a retreat that joins another friendly force, or nobody retreating, leaves
        // nothing to pursue; 12.1: only a friendly siege there waives the step
        let joined = to.is_some_and(|o| !flow::units_at(rules, self.st, o, loser).is_empty());
        let friendly_siege =
            to.is_some_and(|o| super::siege::besieger(rules, self.st, o) == Some(loser));
        let mut step_due = None;
        if units.is_empty() {
            // 12.2: lone generals go to the closest friendly space in MPs
            let dest = self.closest_friendly(here, loser);
            for g in gens {
                let name = rules.gen_name(g);
                match dest {
                    Some(o) => {
                        self.st.generals[g as usize].loc = Loc::Space(o);
                        let on = rules.space_name(o);
                        self.say(
                            "12.2",
                            format!("{name}, without his army, retreats to {on}"),
                        );
                    }
                    None => {
                        self.st.generals[g as usize].loc = Loc::Eliminated;
                        self.say(
                            "12.2",
                            format!("{name} has nowhere to go and is eliminated"),
                        );
                    }
                }
            }
        } else {
            match to {
                Some(o) => {
                    for &u in &units {
                        self.st.units[u as usize].loc = Loc::Space(o);
                    }
                    for &g in &gens {
                        self.st.generals[g as usize].loc = Loc::Space(o);
                    }
                    let on = rules.space_name(o);
                    self.say(
                        if p.second { "12.5" } else { "12.1" },
                        format!("{} retreats to {on}", loser.name()),
                    );
                    // 12.1: into a hostile PC costs a step unless a friendly siege is there;
                    // its owner picks it (the 11.2 step 4 procedure, as in 15.5)
                    if flow::enemy_controlled(self.st, o, loser) && !friendly_siege {
                        self.say("12.1", "the retreat into a hostile space costs a step");
                        step_due = Some(AttritionDue {
                            at: o,
                            side: loser,
                            units: units.clone(),
                            steps: 1,
                            rule: "12.1".to_string(),
                        });
                    }
                }
                None => {
                    for &u in &units {
                        self.st.units[u as usize].loc = Loc::Eliminated;
                    }
                    self.say(
                        "12.1",
                        format!("{} has no retreat: the force is eliminated", loser.name()),
                    );
                    // 12.2: the generals of the eliminated army go to the closest
                    // friendly space in MPs (eliminated only if there is none)
                    let dest = self.closest_friendly(here, loser);
                    for &g in &gens {
                        let name = rules.gen_name(g);
                        match dest {
                            Some(d) => {
                                self.st.generals[g as usize].loc = Loc::Space(d);
                                let on = rules.space_name(d);
                                self.say("12.2", format!("{name} escapes to {on}"));
                            }
                            None => {
                                self.st.generals[g as usize].loc = Loc::Eliminated;
                                self.say(
                                    "12.2",
                                    format!("{name} has nowhere to go and is eliminated"),
                                );
                            }
                        }
                    }
                }
            }
        }
        let last = p.second;
        let pursuable = !units.is_empty() && !joined;
        if let Some(q) = self.pending() {
            if !q.second {
                q.retreated_to = to.filter(|_| pursuable);
            }
            q.stage = if last { Stage::Pursue } else { Stage::Advance };
        }
        if let Some(due) = step_due {
            // after the owner's pick: Advance, or Pursue (none after 12.5) to the end
            let next = if last { Stage::Pursue } else { Stage::Advance };
            self.start_attrition(vec![due], Some(next));
            return;
        }
        if last {
            self.finish();
        }
    }

    /// 12.2: the friendly-controlled space closest in MPs (ties: the lowest id).
    fn closest_friendly(&self, s: SpaceId, side: Side) -> Option<SpaceId> {
        let rules = self.rules;
        let costs = rules.map.graph.costs(s, |l, to| {
            let r = rules.map.routes.get(l)?;
            let from = if r.a == to { r.b } else { r.a };
            rules.map.enter_cost(from, to).map(|c| c as u32)
        });
        (0..rules.map.spaces.len())
            .filter(|&o| {
                o != s
                    && self.st.g.control.get(o).copied().flatten() == Some(side)
                    && flow::units_at(rules, self.st, o, side.other()).is_empty()
                    && self.enterable(side, o)
            })
            .filter_map(|o| costs.get(o).copied().flatten().map(|c| (c, o)))
            .min()
            .map(|x| x.1)
    }

    /// 11.44: a supporting army of the winning attacker enters the battle space.
    pub fn advance(&mut self, g: GenId) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        if let Some((s, units)) = army_of(rules, self.st, g) {
            for x in flow::generals_at(rules, self.st, s, p.att) {
                if flow::seniority(rules, x) <= flow::seniority(rules, g) {
                    self.st.generals[x as usize].loc = Loc::Space(p.at);
                }
            }
            for u in units {
                self.st.units[u as usize].loc = Loc::Space(p.at);
            }
            let name = rules.gen_name(g);
            let on = rules.space_name(p.at);
            self.say("11.44", format!("{name}'s army enters {on}"));
        }
        if let Some(q) = self.pending() {
            q.supports.retain(|x| x.0 != g);
        }
        self.progress();
    }

    /// 12.4, 12.5: the winner tries to pursue.
    pub fn pursue(&mut self) {
        let rules = self.rules;
        let Some(p) = self.st.g.battle.clone() else {
            return;
        };
        let (Some(w), Some(to)) = (p.winner, p.retreated_to) else {
            return;
        };
        let Some(spec) = pursuit_roll(rules, self.st) else {
            return;
        };
        let Some(cmd) = flow::commander(rules, &flow::generals_at(rules, self.st, p.at, w)) else {
            return;
        };
        // 12.5: the units left behind stay in the battle space; the generals pursue
        let win_units = pursuing_units(rules, self.st);
        let lose_units = flow::units_at(rules, self.st, to, w.other());
        let r = self.dice.d6("pursuit", &spec.case, spec.mods.clone());
        let name = rules.gen_name(cmd);
        if !spec.succeeds(r.die) {
            self.say(
                &spec.case,
                format!(
                    "{name}'s pursuit roll: {} ({} in 6): no pursuit",
                    spec.result(r.die),
                    spec.chance_in_6()
                ),
            );
            self.finish();
            return;
        }
        self.say(
            &spec.case,
            format!(
                "{name}'s pursuit roll: {}: the pursuit succeeds",
                spec.result(r.die)
            ),
        );
        // 12.5: the victorious army joins the loser in its retreat space
        for u in &win_units {
            self.st.units[*u as usize].loc = Loc::Space(to);
        }
        for g in flow::generals_at(rules, self.st, p.at, w) {
            self.st.generals[g as usize].loc = Loc::Space(to);
        }
        if w == p.att
            && let Some(m) = self.st.g.op.as_mut().and_then(|o| o.mover.as_mut())
        {
            m.at = to;
        }
        // attrition for the loser (15.5 table), the steps picked by its owner
        let steps_in: u32 = lose_units
            .iter()
            .map(|&u| {
                if self.st.units[u as usize].reduced {
                    1
                } else {
                    2
                }
            })
            .sum();
        let die = self.dice.d6("pursuit attrition", "12.5", Vec::new());
        let steps = rules.charts.attrition(steps_in, die.total) as u32;
        self.say(
            "12.5",
            format!("attrition roll {}: {steps} step(s) lost", die.total),
        );
        if let Some(q) = self.pending() {
            q.second = true;
            q.stage = Stage::Retreat;
        }
        if steps > 0 {
            let due = AttritionDue {
                at: to,
                side: w.other(),
                units: lose_units,
                steps,
                rule: "12.5".to_string(),
            };
            self.start_attrition(vec![due], Some(Stage::Retreat));
            return;
        }
        self.progress();
    }

    /// The battle is over: impetus (11.3) or the end of the move.
    fn finish(&mut self) {
        let Some(p) = self.st.g.battle.take() else {
            return;
        };
        if self.st.g.step == Step::GameOver {
            return;
        }
        // the mover keeps only its pieces still in the battle space
        let alive = |st: &StState, q: &Piece| flow::piece_loc(st, *q) == Some(Loc::Space(p.at));
        let st_ro = self.st.clone();
        let mut has_cu = false;
        let mut mp_left = false;
        if let Some(m) = self.st.g.op.as_mut().and_then(|o| o.mover.as_mut()) {
            m.pieces.retain(|q| alive(&st_ro, q));
            has_cu = m.pieces.iter().any(|q| matches!(q, Piece::Unit(_)));
            mp_left = m.mp < m.ma && m.at == p.at;
        }
        let won = p.winner == Some(p.att);
        // 14.1, 13.2: the winner holds the battle space (and the pursuit's space, 12.5)
        if let Some(w) = p.winner {
            self.occupy(p.at, w);
            if p.second
                && let Some(to) = p.retreated_to
            {
                self.occupy(to, w);
            }
        }
        self.st.g.step = Step::Move;
        if won && p.impetus && has_cu && mp_left {
            self.say("11.3", "attacker impetus: the winner may go on moving");
            return;
        }
        super::steps::movement::stop(self);
    }
}
