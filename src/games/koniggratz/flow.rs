//! What the steps of the sequence of play share (4.0-5.0, 7.0): a game in progress
//! ([`Game`]: rules, state, dice and log borrowed together, with the notes, placements and
//! losses every step uses), applying a command through its step, and the automatic
//! sequence that asks each step in turn until a player must decide. The steps themselves
//! are in `steps/`, one module each.

use super::Koniggratz;
use super::data::{KgRules, Kind, Side};
use super::rules::{self, View};
use super::state::*;
use super::steps;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::step;

pub use super::steps::{
    bombard_hexes, due_reinforcements, hq_hexes, pass_cap_roll, return_hexes, victory_points,
};

/// A new game at the start of the scenario (8.0).
pub fn new_state(rules: &KgRules) -> KgState {
    let units = rules
        .units
        .iter()
        .map(|u| UnitState {
            loc: match u.start {
                Some(c) => Loc::Map(c),
                None => Loc::Off,
            },
            // 4.2a: a reinforcement's turn and entry hex are printed on its March side,
            // so it waits (and enters) March side up.
            march: u.start_march || (u.start.is_none() && u.kind == Kind::Infantry),
            exhausted: false,
        })
        .collect();
    let mut hqs = vec![HqState::default(); rules.hqs.len()];
    for &(i, c, battle) in &rules.hq_start {
        hqs[i] = HqState {
            at: Some(c),
            battle,
            placed: false,
        };
    }
    KgState {
        units,
        hqs,
        g: Globals {
            turn: rules.start_turn,
            step: Step::HqPlacement,
            ap: [rules.options.austrian_ap, rules.options.prussian_ap],
            bombard: None,
            pending: Vec::new(),
            to_move: Side::Prussia,
            passed: [false; 2],
            cap: None,
            returning: Vec::new(),
            winner: None,
            vp: [0, 0],
            road_moves: Vec::new(),
            ap_removed: [false; 2],
        },
    }
}

/// A game in progress: rules data, state, dice and log borrowed together.
pub struct Game<'a> {
    pub rules: &'a KgRules,
    pub st: &'a mut KgState,
    pub dice: &'a mut Dice,
    pub log: &'a mut GameLog,
}

/// Who must decide now, or None when the game is over.
pub fn active_side(rules: &KgRules, st: &KgState) -> Option<Side> {
    step::to_act::<Koniggratz>(rules, st)
}

/// The HQs of `side`.
pub(super) fn hq_ids_of(rules: &KgRules, side: Side) -> impl Iterator<Item = usize> + '_ {
    rules
        .hqs
        .iter()
        .enumerate()
        .filter(move |(_, h)| h.side == side)
        .map(|(i, _)| i)
}

/// Indices of `side`'s units, or just `only` when it is one of them.
pub(super) fn side_units<'a>(
    rules: &'a KgRules,
    st: &'a KgState,
    side: Side,
    only: Option<UnitId>,
) -> impl Iterator<Item = usize> + 'a {
    (0..st.units.len())
        .filter(move |&i| rules.units[i].side == side && only.is_none_or(|o| o as usize == i))
}

/// Every command legal now, in a stable order. Empty only when the game is over.
pub fn legal_commands(rules: &KgRules, st: &KgState) -> Vec<KgCommand> {
    step::legal::<Koniggratz>(rules, st)
}

/// The unit a command moves or attacks with, used to check one command cheaply.
pub fn acting_unit(cmd: &KgCommand) -> Option<UnitId> {
    match cmd {
        KgCommand::Move { unit, .. }
        | KgCommand::ExitEzoc { unit, .. }
        | KgCommand::FlipToMarch { unit } => Some(*unit),
        KgCommand::Attack { attacker, .. } => Some(*attacker),
        _ => None,
    }
}

/// A command naming a unit or HQ the scenario does not have (a hand-edited save file):
/// refused for that, before any rule is asked.
pub fn unknown_id(rules: &KgRules, cmd: &KgCommand) -> Option<Refusal> {
    let unit = |u: &UnitId| {
        (*u as usize >= rules.units.len()).then(|| {
            Refusal::new(
                "",
                format!(
                    "there is no unit {u} in this scenario (units are numbered 0 to {})",
                    rules.units.len().saturating_sub(1)
                ),
            )
        })
    };
    match cmd {
        KgCommand::PlaceHq { hq, .. } => (*hq as usize >= rules.hqs.len()).then(|| {
            Refusal::new(
                "",
                format!(
                    "there is no HQ {hq} in this scenario (HQs are numbered 0 to {})",
                    rules.hqs.len().saturating_sub(1)
                ),
            )
        }),
        KgCommand::SelectReturning { unit: u }
        | KgCommand::ReturnBlown { unit: u, .. }
        | KgCommand::FlipToMarch { unit: u }
        | KgCommand::ExitEzoc { unit: u, .. }
        | KgCommand::Move { unit: u, .. } => unit(u),
        KgCommand::Attack { attacker, defender } => unit(attacker).or_else(|| unit(defender)),
        KgCommand::PlaceBombardment { .. }
        | KgCommand::Artillery { .. }
        | KgCommand::Retreat { .. }
        | KgCommand::Pass => None,
    }
}

/// Whether one command is legal now, checked by its step without the whole list.
pub fn is_legal(rules: &KgRules, st: &KgState, cmd: &KgCommand) -> bool {
    step::check::<Koniggratz>(rules, st, cmd).is_ok()
}

impl Game<'_> {
    fn phase(&self) -> &'static str {
        self.st.g.step.phase_name()
    }

    pub(super) fn note(&mut self, rule: &str, text: impl Into<String>) {
        let (t, p) = (self.st.g.turn, self.phase());
        self.log.push(t, p, rule, text);
    }

    pub(super) fn name(&self, u: UnitId) -> String {
        self.rules.units[u as usize].name.clone()
    }

    /// Explains why `cmd` is not legal now.
    pub fn refusal(&self, cmd: &KgCommand) -> Refusal {
        steps::explain(self.rules, self.st, cmd)
    }

    /// Applies a command if its step allows it, then runs the automatic steps that follow.
    pub fn apply(&mut self, cmd: &KgCommand) -> Result<(), Refusal> {
        step::check::<Koniggratz>(self.rules, self.st, cmd)?;
        steps::of(self.st).execute(self.rules, self.st, self.dice, self.log, cmd);
        self.advance();
        Ok(())
    }

    /// Starts the game: runs the automatic parts of turn 1 until someone must decide.
    pub fn start(&mut self) {
        self.begin_turn();
        self.advance();
    }

    pub(super) fn view(&self) -> View {
        View::new(self.rules, self.st)
    }

    /// 6.1: spends AP (never below 0); a side left with none removes its AP marker from
    /// the game, so it never gains AP again.
    pub(super) fn spend_ap(&mut self, side: Side, n: u8) {
        let i = side.idx();
        self.st.g.ap[i] = self.st.g.ap[i].saturating_sub(n);
        if self.st.g.ap[i] == 0 && !self.st.g.ap_removed[i] {
            self.st.g.ap_removed[i] = true;
            self.note(
                "6.1",
                format!(
                    "{} has no AP left and removes its AP marker from the game",
                    side.name()
                ),
            );
        }
    }

    pub(super) fn place(&mut self, u: UnitId, at: Coord) {
        self.st.units[u as usize].loc = Loc::Map(at);
    }

    pub(super) fn blown_or_elim(&mut self, u: UnitId, rule: &str) {
        let t = self.st.g.turn;
        if t >= self.rules.options.blown_is_elim_from {
            self.st.units[u as usize].loc = Loc::Eliminated;
            self.note(
                rule,
                format!(
                    "{} is blown, which on turn {t} means eliminated (4.3.3)",
                    self.name(u)
                ),
            );
        } else {
            self.st.units[u as usize].loc = Loc::Blown(t + 2);
            self.note(
                rule,
                format!(
                    "{} is blown and returns on turn {} (4.3.3)",
                    self.name(u),
                    t + 2
                ),
            );
        }
    }

    pub(super) fn eliminate(&mut self, u: UnitId, rule: &str) {
        self.st.units[u as usize].loc = Loc::Eliminated;
        self.note(rule, format!("{} is eliminated", self.name(u)));
    }

    /// One move or attack taken in the alternation (4.2b, 4.3).
    pub(super) fn count_action(&mut self, side: Side) {
        let other = side.other();
        if self.st.g.passed[other.idx()] {
            if let Some(c) = self.st.g.cap.as_mut() {
                *c = c.saturating_sub(1);
            }
        } else {
            self.st.g.to_move = other;
        }
    }

    /// 4.2e-f, 4.3.5: `side` passes in the Movement or Attack Phase. The first to pass
    /// rolls the cap of the other side's further moves or attacks; the second ends the
    /// phase.
    pub(super) fn pass_alternating(&mut self, side: Side) {
        let movement = self.st.g.step == Step::Movement;
        self.st.g.passed[side.idx()] = true;
        let other = side.other();
        if self.st.g.passed[other.idx()] {
            self.st.g.cap = Some(0);
            self.note(
                if movement { "4.2e" } else { "4.3.5" },
                format!("{} passes too", side.name()),
            );
            return;
        }
        let (purpose, rule, mods) = pass_cap_roll(self.rules, self.st, side);
        let r = self.dice.d6(purpose, rule, mods);
        let cap = r.total.clamp(0, 255) as u8;
        self.st.g.cap = Some(cap);
        self.st.g.to_move = other;
        self.note(
            rule,
            format!(
                "{} passes; {} may make at most {cap} more (die {})",
                side.name(),
                other.name(),
                r.die
            ),
        );
    }

    /// Runs automatic steps until a player must decide.
    pub fn advance(&mut self) {
        for _ in 0..10_000 {
            if !self.advance_once() {
                break;
            }
        }
        self.force_battle_in_ezoc();
    }

    /// 4.2c: any infantry unit in an EZOC is in Battle formation.
    fn force_battle_in_ezoc(&mut self) {
        let marching = |i: usize| {
            self.rules.units[i].kind == Kind::Infantry
                && self.st.units[i].march
                && matches!(self.st.units[i].loc, Loc::Map(_))
        };
        if !(0..self.st.units.len()).any(marching) {
            return;
        }
        let occ = rules::occupancy(self.rules, self.st);
        for i in 0..self.st.units.len() {
            let d = &self.rules.units[i];
            if let Loc::Map(c) = self.st.units[i].loc
                && d.kind == Kind::Infantry
                && self.st.units[i].march
                && rules::in_ezoc_by(self.rules, self.st, &occ, d.side, c)
            {
                self.st.units[i].march = false;
            }
        }
    }

    /// One automatic transition of the step the game is in (a pending decision first);
    /// false when a player must act.
    fn advance_once(&mut self) -> bool {
        steps::of(self.st).auto(self)
    }
}
