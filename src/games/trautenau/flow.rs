//! The sequence of play of Trautenau – Soor (6-10, 11-12): one list of legal commands per
//! step, refusals with reasons, and the state changes of each command. Pure: the ECS
//! systems and the headless runner both call [`Game::apply`].

use super::Trautenau;

use super::data::*;
pub use super::hours::{
    abs_hour, arrived_due, dynamic_arrival, end_hour, entry_hex_due, is_night, is_night_at,
    iv_slot, leader_arrival, return_slot, rules_hour, start_hour, unit_arrival, victory,
};

pub use super::losses::{aide_hexes, bonus_leader, defence_leader, leaders_with};
pub use super::odds::{
    attack_input, barrage_input, coordination_mods_for, coordination_odds, defensive_input,
    morale_input, morale_odds, rally_odds,
};
use super::rules::View;
pub use super::scoring::{
    austrian_level, bonin_panics, can_trace_home, controls, exit_check, exit_hexes,
    formation_losses, panic_chance, score, takes_prisoners_of, trapped_of,
};
use super::state::*;
pub use super::steps::barrage::{barrage_targets, in_front_arc, may_barrage};
pub use super::steps::chief_command::chief_candidates;
pub use super::steps::chief_move::chief_moves;
pub use super::steps::choose_first::choosable;
pub use super::steps::combat::{advance_candidates, busy};
pub use super::steps::declare::{
    coordination_leader, crossable_for_assault, may_assault, trail_between, uncommitted,
};
pub use super::steps::defence::{
    defence_helpers, defence_pool, defend_refusal, defenders, helper_reach, retreat_before_options,
    support_options,
};
pub use super::steps::movement::must_fall_back;
pub use super::steps::movement::why_not_move;
pub use super::steps::night::night_candidates;
pub use super::steps::night::{adjacent_enemies, night_retreats};
pub use super::steps::rally::rally_blocked;
pub use super::steps::rally::rally_candidates;
pub use super::steps::redeploy::PANIC_PLACES;
pub use super::steps::redeploy::zone_hexes;
pub use super::steps::retreat::retreat_commands;
use crate::engine::dice::Dice;
use crate::engine::hexmap::{Coord, Terrain};
use crate::engine::log::GameLog;

// ---------------------------------------------------------------------------------------
// Set-up

pub fn new_state(rules: &TsRules) -> TsState {
    let units = rules
        .units
        .iter()
        .map(|u| {
            let present = !rules.absent.contains(&u.id);
            UnitState {
                loc: match u.start {
                    Some(c) if present => Loc::Map(c),
                    _ => Loc::Off,
                },
                facing: u.facing,
                losses: u.losses,
                initial_losses: u.losses,
                disorg: false,
                spent: 0,
                moved: false,
                fired: false,
                acted: false,
                in_command: true, // until its first activation checks it (9.1.2)
                chief_command: false,
                support_used: false,
                engaged: false,
            }
        })
        .collect();
    let leaders = rules
        .leaders
        .iter()
        .map(|l| LeaderState {
            loc: match l.start {
                Some(c) if !rules.absent.contains(&l.id) => Loc::Map(c),
                _ => Loc::Off,
            },
            ooc: false,
            aide: false,
            moved: false,
            may_move: false,
            returns_next_turn: false,
        })
        .collect();
    let formations = rules
        .formations
        .iter()
        .map(|f| FormationState {
            demoralised: f.demoralised,
            demoralised_day: 0,
            ..Default::default()
        })
        .collect();
    let mut st = TsState {
        units,
        leaders,
        formations,
        last_occupant: vec![None; rules.map.len()],
        g: Globals {
            hour: rules.start_hour,
            day: 1,
            step: Step::ChiefMove(Side::Prussia),
            active: None,
            initiative: None,
            assaults: Vec::new(),
            pending: Vec::new(),
            chief_budget: Vec::new(),
            initiative_chief: None,
            winner: None,
            vp: [0, 0],
            banked_vp: [0, 0],
            panic: false,
            evacuated_clean: [0, 0],
            day1_vp: [0, 0],
            iv_start: None,
            fled: false,
            return_start: None,
            zones: Vec::new(),
            panic_brigade: None,
            to_place: Vec::new(),
            deferred: Vec::new(),
            handled: Vec::new(),
            night_loser: None,
            decided: Vec::new(),
        },
    };
    mark_occupants(rules, &mut st);
    st
}

pub(crate) fn mark_occupants(rules: &TsRules, st: &mut TsState) {
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(c) = u.loc
            && let Some(k) = rules.map.index(c)
        {
            st.last_occupant[k] = Some(rules.units[i].side);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Queries

pub fn side_of(rules: &TsRules, u: UnitId) -> Side {
    rules.units[u as usize].side
}

pub(crate) fn on_map(st: &TsState, u: UnitId) -> Option<Coord> {
    st.units.get(u as usize).and_then(|s| s.loc.hex())
}

/// The side whose decision the game waits for (the step's `to_act`).
pub fn active_side(rules: &TsRules, st: &TsState) -> Option<Side> {
    crate::engine::step::to_act::<Trautenau>(rules, st)
}

/// The formation commander's hex of a formation, if he is on the map.
pub fn leader_hex(rules: &TsRules, st: &TsState, f: usize) -> Option<Coord> {
    rules.formation_leader[f].and_then(|l| st.leaders[l].loc.hex())
}

pub fn chief_hex(rules: &TsRules, st: &TsState, f: usize) -> Option<Coord> {
    chief_of(rules, st, f).and_then(|l| st.leaders[l].loc.hex())
}

/// 7.2: whether formation `f`'s commander at `lh` is within his commander in chief's
/// line of command (six cavalry MP, not through an enemy ZoC without a friendly unit);
/// never with the commander in chief off the map.
pub fn in_line_of_command(
    rules: &TsRules,
    st: &TsState,
    view: &super::rules::View,
    f: usize,
    lh: Coord,
) -> bool {
    let side = rules.formations[f].side;
    match chief_hex(rules, st, f) {
        Some(ch) => {
            ch == lh || super::rules::command_reach(rules, st, view, side, ch, 6).contains(&lh)
        }
        None => false,
    }
}

/// 13.1: the decision id of the 1st Guards Division at 13.00 (the scenario's
/// `decisions`); with it Bonin panicking ends the linked game.
pub const GUARD_DECISION: &str = "guard-1866";

/// An option chosen before play, or a decision (13.1) the side took during play.
pub fn option_taken(rules: &TsRules, st: &TsState, id: &str) -> bool {
    rules.chosen.iter().any(|v| v == id)
        || st
            .g
            .decided
            .iter()
            .any(|&(k, yes)| yes && rules.decisions.get(k as usize).is_some_and(|d| d.id == id))
}

/// The decision (index into `rules.decisions`) owed now: at the start of its turn, in
/// its side's chief-movement step, before anything else of that step (13.1).
pub fn decision_due(rules: &TsRules, st: &TsState) -> Option<usize> {
    let Step::ChiefMove(side) = st.g.step else {
        return None;
    };
    if !st.g.pending.is_empty() {
        return None;
    }
    rules
        .decisions
        .iter()
        .enumerate()
        .find(|(k, d)| {
            d.side == side
                && d.day == st.g.day
                && d.hour == st.g.hour
                && !st.g.decided.iter().any(|x| x.0 as usize == *k)
        })
        .map(|(k, _)| k)
}

/// The commander in chief a formation answers to (7.2, 9.1.4), as changed by a decision
/// (13.1: the 1st Guards Division under Bonin).
pub fn chief_of(rules: &TsRules, st: &TsState, f: usize) -> Option<usize> {
    if let Some((v, c)) = &rules.formations[f].variant_chief
        && option_taken(rules, st, v)
    {
        return rules.leaders.iter().position(|l| &l.id == c);
    }
    rules.formation_chief[f]
}

pub(crate) fn is_chief(rules: &TsRules, l: usize) -> bool {
    matches!(rules.leaders[l].kind, LeaderKind::Chief { .. })
}

/// Units that move and fight in the current activation: the active formation's, and the
/// side's independent units that have not acted this turn (9.1.3).
pub fn acts_now(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    let Some(f) = st.g.active else { return false };
    let uf = rules.unit_formation[u as usize];
    let us = &st.units[u as usize];
    if uf == f {
        return !inactive(rules, st, u);
    }
    rules.formations[uf].independent
        && rules.formations[uf].side == rules.formations[f].side
        && !us.acted
}

/// 11.1.5: a formation held back until an hour unless attacked.
pub(crate) fn inactive(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    let f = rules.unit_formation[u as usize];
    let fd = &rules.formations[f];
    match fd.inactive_until {
        // 11.1.5 belongs to the first day: on day two of the linked game the absolute
        // hour is past it.
        Some(h) => {
            abs_hour(st) < h
                && !st.formations[f].attacked
                && !fd.inactive_except.contains(&rules.units[u as usize].id)
        }
        None => false,
    }
}

pub(crate) fn protection(rules: &TsRules, c: Coord) -> u8 {
    match rules.map.terrain(c) {
        Terrain::Town | Terrain::Fortress => 3,
        Terrain::Village | Terrain::Woods | Terrain::WoodedTown => 2,
        _ => 1,
    }
}

pub(crate) fn is_town(rules: &TsRules, c: Coord) -> bool {
    matches!(
        rules.map.terrain(c),
        Terrain::Town | Terrain::Village | Terrain::Fortress | Terrain::WoodedTown
    )
}

/// 9.5.7: a D makes no retreat for units in a town. The terrain table knows towns
/// (protection 3) and villages (protection 2); a village is not a town. Fortress counts
/// with the towns (protection 3 here); a wooded town is read as village-class (protection
/// 2 here). The Trautenau – Soor map has neither.
pub(crate) fn is_town_proper(rules: &TsRules, c: Coord) -> bool {
    matches!(rules.map.terrain(c), Terrain::Town | Terrain::Fortress)
}

pub(crate) fn is_cover(rules: &TsRules, c: Coord) -> bool {
    matches!(
        rules.map.terrain(c),
        Terrain::Town | Terrain::Village | Terrain::Woods | Terrain::WoodedTown
    )
}

pub(crate) fn friends_at(rules: &TsRules, st: &TsState, side: Side, c: Coord) -> Vec<UnitId> {
    (0..st.units.len() as UnitId)
        .filter(|&u| side_of(rules, u) == side && on_map(st, u) == Some(c))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Legal commands

/// Every legal command of the current step (its step module's list). The UI highlights
/// these, random play and the AI draw from them; [`check`] accepts exactly these plus
/// the free-form splits of assault points and defence shares that the list only samples.
pub fn legal_commands(rules: &TsRules, st: &TsState) -> Vec<TsCommand> {
    crate::engine::step::legal::<Trautenau>(rules, st)
}

pub fn is_legal(rules: &TsRules, st: &TsState, cmd: &TsCommand) -> bool {
    check(rules, st, cmd).is_ok()
}

pub(crate) fn rot(d: Dir, k: usize) -> Dir {
    Dir::ALL[(d.index() + k) % 6]
}

/// The facings a unit may end in at `hex`: the stack's facing if friends stand there (4).
pub(crate) fn end_facings(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    hex: Coord,
) -> Vec<Dir> {
    let here: Vec<UnitId> = view
        .units_at(hex)
        .iter()
        .copied()
        .filter(|&x| x != u)
        .collect();
    match here.first() {
        Some(&x) if side_of(rules, x) == side_of(rules, u) => vec![st.units[x as usize].facing],
        _ => Dir::ALL.to_vec(),
    }
}

// ---------------------------------------------------------------------------------------
// Legality with reasons

/// A command naming a unit, leader or formation the scenario does not have (a hand-edited
/// save file): refused for that, before any rule is asked.
pub fn unknown_id(rules: &TsRules, cmd: &TsCommand) -> Option<Refusal> {
    let missing = |what: &str, id: usize, n: usize| {
        (id >= n).then(|| {
            Refusal::new(
                "",
                format!(
                    "there is no {what} {id} in this scenario ({what}s are numbered 0 to {})",
                    n.saturating_sub(1)
                ),
            )
        })
    };
    let unit = |u: &UnitId| missing("unit", *u as usize, rules.units.len());
    let leader = |l: &LeaderId| missing("leader", *l as usize, rules.leaders.len());
    match cmd {
        TsCommand::MoveChief { leader: l, .. }
        | TsCommand::MoveLeader { leader: l, .. }
        | TsCommand::PlaceAide { leader: l, .. } => leader(l),
        TsCommand::ChooseFormation { formation } => {
            missing("formation", *formation as usize, rules.formations.len())
        }
        TsCommand::Barrage {
            unit: u, target, ..
        } => unit(u).or_else(|| unit(target)),
        TsCommand::Move { unit: u, .. }
        | TsCommand::Face { unit: u, .. }
        | TsCommand::Retreat { unit: u, .. }
        | TsCommand::TakeCommand { unit: u }
        | TsCommand::Rally { unit: u }
        | TsCommand::Place { unit: u, .. }
        | TsCommand::Evacuate { unit: u } => unit(u),
        TsCommand::Declare { units, .. } => units.iter().find_map(|(u, _)| unit(u)),
        TsCommand::RetreatBefore { unit: u, .. } => u.as_ref().and_then(unit),
        TsCommand::Defend { support, .. } => support.as_ref().and_then(unit),
        TsCommand::Advance {
            unit: u, leaders, ..
        } => u
            .as_ref()
            .and_then(unit)
            .or_else(|| leaders.iter().find_map(leader)),
        TsCommand::Decide { decision, .. } => {
            missing("decision", *decision as usize, rules.decisions.len())
        }
        TsCommand::Resolve { .. } | TsCommand::Done => None,
    }
}

/// Why a command is refused (or Ok): the step the state is in checks it, without
/// building its list of legal commands. The one source of legality.
pub fn check(rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
    crate::engine::step::check::<Trautenau>(rules, st, cmd)
}

// ---------------------------------------------------------------------------------------
// Applying commands

pub struct Game<'a> {
    pub rules: &'a TsRules,
    pub st: &'a mut TsState,
    pub dice: &'a mut Dice,
    pub log: &'a mut GameLog,
}

impl Game<'_> {
    pub(crate) fn note(&mut self, rule: &str, text: impl Into<String>) {
        let phase = self.st.g.step.phase_name();
        self.log.push(self.st.g.hour, phase, rule, text);
    }

    pub(crate) fn uname(&self, u: UnitId) -> String {
        let d = &self.rules.units[u as usize];
        format!("{} ({})", d.name, d.side.name())
    }

    pub(crate) fn lname(&self, l: usize) -> String {
        let d = &self.rules.leaders[l];
        if self.st.leaders[l].aide {
            format!("{}'s aide de camp", d.name)
        } else {
            d.name.clone()
        }
    }

    pub fn start(&mut self) {
        self.note(
            "11.1.1",
            format!(
                "{}: {:02}.00 to {:02}.00",
                self.rules.meta.name, self.rules.start_hour, self.rules.end_hour
            ),
        );
        self.begin_turn();
    }

    pub fn apply(&mut self, cmd: &TsCommand) -> Result<(), Refusal> {
        check(self.rules, self.st, cmd)?;
        let s = super::steps::step(super::steps::id_of(self.st));
        s.execute(self.rules, self.st, self.dice, self.log, cmd);
        self.advance();
        Ok(())
    }

    pub(crate) fn pop_pending(&mut self) -> Option<Pending> {
        if self.st.g.pending.is_empty() {
            None
        } else {
            Some(self.st.g.pending.remove(0))
        }
    }

    /// Runs automatic steps until a player has a decision to make.
    pub fn advance(&mut self) {
        for _ in 0..10_000 {
            if !self.advance_once() {
                return;
            }
        }
    }

    /// One automatic step: a waiting retreat with nowhere to go or an advance nobody can
    /// make resolves itself, a deferred advance comes due, or the step the state is in
    /// ends because nothing is left to do in it (each step module's exit).
    pub(crate) fn advance_once(&mut self) -> bool {
        if self.st.g.step == Step::GameOver {
            return false;
        }
        match self.st.g.pending.first() {
            Some(Pending::Retreat { .. }) => return self.retreat_auto(),
            Some(Pending::Advance { .. }) => return self.advance_auto(),
            Some(_) => return false,
            None => {}
        }
        // 9.5.1: an advance waits until its candidates have fought all their assaults.
        if let Some(k) = self.st.g.deferred.iter().position(|&(a, hex, _)| {
            !advance_candidates(self.rules, self.st, a as usize, hex)
                .iter()
                .any(|&u| busy(self.st, u))
        }) {
            let (assault, hex, optional) = self.st.g.deferred.remove(k);
            let after = if optional {
                AfterRetreat::MayOccupy { assault, hex }
            } else {
                AfterRetreat::Advance { assault, hex }
            };
            self.after_retreat(after);
            return true;
        }
        match self.st.g.step {
            Step::ChiefMove(_) => self.chief_move_auto(),
            Step::Redeploy => self.redeploy_auto(),
            Step::ChooseFirst(_) => self.choose_first_auto(),
            Step::Barrage => self.barrage_auto(),
            Step::Movement => self.movement_auto(),
            Step::Declare => self.declare_auto(),
            Step::Combat => self.combat_auto(),
            Step::ChiefCommand => self.chief_command_auto(),
            Step::Rally(_) => self.rally_auto(),
            Step::NightFallBack(_) => self.night_auto(),
            Step::GameOver => false,
        }
    }

    // ----- turn structure -----

    // ----- barrage and combat -----

    pub(crate) fn occupy(&mut self, c: Coord, side: Side) {
        if let Some(i) = self.rules.map.index(c) {
            self.st.last_occupant[i] = Some(side);
        }
    }
}

/// 4: turning a unit turns its whole stack.
pub fn turn_stack(rules: &TsRules, st: &mut TsState, u: UnitId, facing: Dir) {
    let Some(h) = on_map(st, u) else { return };
    let side = side_of(rules, u);
    for i in 0..st.units.len() {
        if rules.units[i].side == side && st.units[i].loc == Loc::Map(h) {
            st.units[i].facing = facing;
        }
    }
}
