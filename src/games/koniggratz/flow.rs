//! The sequence of play (4.0-5.0, 7.0): which commands are legal now, applying one, and
//! running the automatic parts until a player must decide.

use super::combat::{self, Effect};
use super::data::{KgRules, Kind, Side};
use super::rules::{self, View, unit_hex};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;

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
    if let Some(p) = st.g.pending.last() {
        return Some(match p {
            Pending::Artillery {
                attacker,
                defender,
                choice,
            } => {
                let a = rules.units[*attacker as usize].side;
                if choice[a.idx()].is_none() {
                    a
                } else {
                    rules.units[*defender as usize].side
                }
            }
            Pending::Retreat { unit, .. } => rules.units[*unit as usize].side,
        });
    }
    match st.g.step {
        Step::GameOver => None,
        Step::BlownSelect(s) => Some(s.other()),
        Step::BlownReturn(s) | Step::Organize(s) => Some(s),
        Step::Bombardment => Some(Side::Austria),
        Step::HqPlacement | Step::ExitEzoc | Step::Movement | Step::Attack => Some(st.g.to_move),
    }
}

fn hq_ids_of(rules: &KgRules, side: Side) -> impl Iterator<Item = usize> + '_ {
    rules
        .hqs
        .iter()
        .enumerate()
        .filter(move |(_, h)| h.side == side)
        .map(|(i, _)| i)
}

/// Legal HQ hexes (4.0b): within 3 (5 for Benedek) of a unit of its command not in an
/// EZOI; any empty hex if there is none.
pub fn hq_hexes(rules: &KgRules, st: &KgState, view: &View, hq: usize) -> Vec<Coord> {
    let m = &rules.map;
    let def = &rules.hqs[hq];
    let mut out: Vec<Coord> = Vec::new();
    let others: Vec<Coord> = st
        .hqs
        .iter()
        .enumerate()
        .filter(|(i, h)| *i != hq && h.placed)
        .filter_map(|(_, h)| h.at)
        .collect();
    for (i, u) in st.units.iter().enumerate() {
        let Loc::Map(c) = u.loc else { continue };
        let ud = &rules.units[i];
        if ud.side != def.side || !def.armies.contains(&ud.army) || view.in_ezoi(m, ud.side, c) {
            continue;
        }
        out.extend(m.within(c, def.placement_radius));
    }
    out.sort();
    out.dedup();
    if out.is_empty() {
        out = m
            .coords()
            .filter(|c| view.occupant(m, *c).is_none() && st.g.bombard != Some(*c))
            .collect();
    }
    out.retain(|c| !others.contains(c));
    out
}

/// Empty hexes next to a friendly HQ, not in an EZOC or EZOI (4.0c).
pub fn return_hexes(rules: &KgRules, st: &KgState, view: &View, side: Side) -> Vec<Coord> {
    let m = &rules.map;
    let mut out = Vec::new();
    for h in hq_ids_of(rules, side) {
        let Some(at) = st.hqs[h].at else { continue };
        for (_, nb) in m.neighbors(at) {
            if view.occupant(m, nb).is_none()
                && !view.in_ezoc(m, side, nb)
                && !view.in_ezoi(m, side, nb)
                && st.hqs.iter().all(|x| x.at != Some(nb))
            {
                out.push(nb);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// 4.0d / 6.3: empty hexes, or hexes with a Prussian unit, at least 3 hexes from every
/// Prussian entry hex.
pub fn bombard_hexes(rules: &KgRules, st: &KgState, view: &View) -> Vec<Coord> {
    let m = &rules.map;
    m.coords()
        .filter(|c| rules.entry_hexes.iter().all(|(_, e)| c.distance(*e) >= 3))
        .filter(|c| match view.occupant(m, *c) {
            None => st.hqs.iter().all(|h| h.at != Some(*c)),
            Some(o) => rules.units[o as usize].side == Side::Prussia,
        })
        .collect()
}

fn due_blown(rules: &KgRules, st: &KgState, side: Side) -> Vec<UnitId> {
    (0..st.units.len())
        .filter(|&i| {
            rules.units[i].side == side
                && matches!(st.units[i].loc, Loc::Blown(t) if t <= st.g.turn)
        })
        .map(|i| i as UnitId)
        .collect()
}

/// 4.2f, 4.3.5: the die `side` rolls when it passes first in the Movement or Attack
/// Phase (what the roll is for, its case and its modifiers); the total caps the other
/// side's moves or attacks. The UI shows the range from the same list.
pub fn pass_cap_roll(
    rules: &KgRules,
    st: &KgState,
    side: Side,
) -> (&'static str, &'static str, Vec<(String, i32)>) {
    let other = side.other();
    if st.g.step != Step::Movement {
        return ("attacks left after a pass", "4.3.5", vec![]);
    }
    let m = &rules.map;
    let view = View::new(rules, st);
    let free = (0..st.units.len())
        .filter(|&i| {
            rules.units[i].side == other
                && matches!(st.units[i].loc, Loc::Map(c) if !view.in_ezoc(m, other, c))
        })
        .count() as i32;
    let reinf = due_reinforcements(rules, st, other).len() as i32;
    let mut mods = vec![(format!("{free} units not in an EZOC (4.2f)"), free)];
    if reinf > 0 {
        mods.push((format!("{reinf} reinforcements to enter (4.2f)"), reinf));
    }
    ("moves left after a pass", "4.2f", mods)
}

/// Reinforcements of `side` due this turn and not yet on the map (4.2a).
pub fn due_reinforcements(rules: &KgRules, st: &KgState, side: Side) -> Vec<UnitId> {
    (0..st.units.len())
        .filter(|&i| {
            let d = &rules.units[i];
            d.side == side
                && st.units[i].loc == Loc::Off
                && d.entry.as_ref().is_some_and(|e| e.turn <= st.g.turn)
        })
        .map(|i| i as UnitId)
        .collect()
}

/// Units that may flip to March in the Organisation step (4.0e-i).
fn may_flip(rules: &KgRules, st: &KgState, view: &View, side: Side) -> Vec<UnitId> {
    let m = &rules.map;
    (0..st.units.len())
        .filter(|&i| {
            let d = &rules.units[i];
            let s = &st.units[i];
            d.side == side
                && d.kind == Kind::Infantry
                && !s.march
                && matches!(s.loc, Loc::Map(c) if !view.in_ezoi(m, side, c) && !view.in_ezoc(m, side, c))
        })
        .map(|i| i as UnitId)
        .collect()
}

/// Indices of `side`'s units, or just `only` when it is one of them.
fn side_units<'a>(
    rules: &'a KgRules,
    st: &'a KgState,
    side: Side,
    only: Option<UnitId>,
) -> impl Iterator<Item = usize> + 'a {
    (0..st.units.len())
        .filter(move |&i| rules.units[i].side == side && only.is_none_or(|o| o as usize == i))
}

fn exit_options(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
    only: Option<UnitId>,
) -> Vec<KgCommand> {
    let m = &rules.map;
    let mut out = Vec::new();
    for i in side_units(rules, st, side, only) {
        let Loc::Map(c) = st.units[i].loc else {
            continue;
        };
        if !view.in_ezoc(m, side, c) {
            continue;
        }
        let away = rules::zoc_sources(rules, st, side, c);
        let r = rules::retreat_search(rules, st, view, i as UnitId, &away, 3);
        for to in r.ends {
            out.push(KgCommand::ExitEzoc {
                unit: i as UnitId,
                to,
            });
        }
    }
    out
}

/// Moves allowed to `side` now: reinforcements first, lowest ER first (4.2a).
fn move_options(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
    only: Option<UnitId>,
) -> (Vec<KgCommand>, bool) {
    let mut reinf: Vec<(u8, UnitId, Vec<Coord>)> = Vec::new();
    for u in due_reinforcements(rules, st, side) {
        let d = rules::destination_hexes(rules, st, view, u);
        if !d.is_empty() {
            reinf.push((rules.units[u as usize].er, u, d));
        }
    }
    if let Some(min_er) = reinf.iter().map(|r| r.0).min() {
        let mut out = Vec::new();
        for (er, u, ds) in reinf {
            if er == min_er {
                out.extend(ds.into_iter().map(|to| KgCommand::Move { unit: u, to }));
            }
        }
        return (out, true);
    }
    let mut out = Vec::new();
    for i in side_units(rules, st, side, only) {
        if !matches!(st.units[i].loc, Loc::Map(_)) {
            continue;
        }
        for to in rules::destination_hexes(rules, st, view, i as UnitId) {
            out.push(KgCommand::Move {
                unit: i as UnitId,
                to,
            });
        }
    }
    (out, false)
}

fn attack_options(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
    only: Option<UnitId>,
) -> Vec<KgCommand> {
    let m = &rules.map;
    let mut out = Vec::new();
    for i in side_units(rules, st, side, only) {
        let Loc::Map(c) = st.units[i].loc else {
            continue;
        };
        for (_, nb) in m.neighbors(c) {
            let Some(e) = view.occupant(m, nb) else {
                continue;
            };
            if rules.units[e as usize].side == side {
                continue;
            }
            let (ak, ek) = (rules.units[i].kind, rules.units[e as usize].kind);
            let _ = (ak, ek); // cavalry may attack cavalry, or infantry by Deathride (3.4.1)
            if combat::attack_refusal(rules, st, view, i as UnitId, e).is_none() {
                out.push(KgCommand::Attack {
                    attacker: i as UnitId,
                    defender: e,
                });
            }
        }
    }
    out
}

/// Every command legal now, in a stable order. Empty only when the game is over.
pub fn legal_commands(rules: &KgRules, st: &KgState) -> Vec<KgCommand> {
    legal_inner(rules, st, None)
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

/// Whether one command is legal now (the same list, restricted to its unit).
pub fn is_legal(rules: &KgRules, st: &KgState, cmd: &KgCommand) -> bool {
    legal_inner(rules, st, acting_unit(cmd)).contains(cmd)
}

fn legal_inner(rules: &KgRules, st: &KgState, only: Option<UnitId>) -> Vec<KgCommand> {
    let view = View::new(rules, st);
    let Some(side) = active_side(rules, st) else {
        return Vec::new();
    };
    if let Some(p) = st.g.pending.last() {
        return match p {
            Pending::Artillery {
                attacker, defender, ..
            } => {
                let u = if side == rules.units[*attacker as usize].side {
                    *attacker
                } else {
                    *defender
                };
                if combat::may_support(rules, st, u) {
                    vec![
                        KgCommand::Artillery { support: false },
                        KgCommand::Artillery { support: true },
                    ]
                } else {
                    vec![KgCommand::Artillery { support: false }]
                }
            }
            Pending::Retreat {
                unit,
                away_from,
                hexes,
                ..
            } => rules::retreat_search(rules, st, &view, *unit, away_from, *hexes)
                .ends
                .into_iter()
                .map(|to| KgCommand::Retreat { to })
                .collect(),
        };
    }
    let mut out = Vec::new();
    match st.g.step {
        Step::GameOver => {}
        Step::HqPlacement => {
            for h in hq_ids_of(rules, side) {
                if st.hqs[h].placed {
                    continue;
                }
                for at in hq_hexes(rules, st, &view, h) {
                    for battle in [false, true] {
                        out.push(KgCommand::PlaceHq {
                            hq: h as u8,
                            at,
                            battle,
                        });
                    }
                }
            }
        }
        Step::BlownSelect(owner) => {
            for u in due_blown(rules, st, owner) {
                if !st.g.returning.contains(&u) {
                    out.push(KgCommand::SelectReturning { unit: u });
                }
            }
        }
        Step::BlownReturn(owner) => {
            let hexes = return_hexes(rules, st, &view, owner);
            for &u in &st.g.returning {
                for &at in &hexes {
                    out.push(KgCommand::ReturnBlown { unit: u, at });
                }
            }
            // 4.0c: units "may" return; the owner may leave the rest on the track.
            if !out.is_empty() {
                out.push(KgCommand::Pass);
            }
        }
        Step::Bombardment => {
            out.extend(
                bombard_hexes(rules, st, &view)
                    .into_iter()
                    .map(|at| KgCommand::PlaceBombardment { at }),
            );
        }
        Step::Organize(s) => {
            out.extend(
                may_flip(rules, st, &view, s)
                    .into_iter()
                    .map(|unit| KgCommand::FlipToMarch { unit }),
            );
            out.push(KgCommand::Pass);
        }
        Step::ExitEzoc => {
            out.extend(exit_options(rules, st, &view, side, only));
            out.push(KgCommand::Pass);
        }
        Step::Movement => {
            let (moves, reinforcing) = move_options(rules, st, &view, side, only);
            out.extend(moves);
            if !reinforcing {
                out.push(KgCommand::Pass);
            }
        }
        Step::Attack => {
            out.extend(attack_options(rules, st, &view, side, only));
            out.push(KgCommand::Pass);
        }
    }
    out
}

impl Game<'_> {
    fn phase(&self) -> &'static str {
        self.st.g.step.phase_name()
    }

    fn note(&mut self, rule: &str, text: impl Into<String>) {
        let (t, p) = (self.st.g.turn, self.phase());
        self.log.push(t, p, rule, text);
    }

    fn name(&self, u: UnitId) -> String {
        self.rules.units[u as usize].name.clone()
    }

    /// Explains why `cmd` is not legal now.
    pub fn refusal(&self, cmd: &KgCommand) -> Refusal {
        if let Some(r) = unknown_id(self.rules, cmd) {
            return r;
        }
        let rules = self.rules;
        let st = &*self.st;
        let view = View::new(rules, st);
        let who = active_side(rules, st).map(|s| s.name()).unwrap_or("nobody");
        if st.g.step == Step::GameOver {
            return Refusal::new("5.0", "the game is over");
        }
        let bad_unit = |u: UnitId| (u as usize) >= st.units.len();
        if let Some(p) = st.g.pending.last() {
            return match (p, cmd) {
                (Pending::Artillery { .. }, KgCommand::Artillery { support: true }) => {
                    Refusal::new(
                        "6.2",
                        format!(
                            "{who} cannot give Artillery Support now: no ammunition left, or the unit is cavalry"
                        ),
                    )
                }
                (Pending::Artillery { .. }, _) => Refusal::new(
                    "4.3a",
                    format!("{who} must first choose Artillery Support or none"),
                ),
                (Pending::Retreat { unit, .. }, KgCommand::Retreat { to }) => Refusal::new(
                    "4.3.1",
                    format!(
                        "{} cannot end its retreat at {to}: each hex must be farther from the enemy, empty, outside enemy ZOCs and within command range",
                        self.name(*unit)
                    ),
                ),
                (Pending::Retreat { unit, .. }, _) => Refusal::new(
                    "4.3.1",
                    format!("{who} must first retreat {}", self.name(*unit)),
                ),
            };
        }
        match (st.g.step, cmd) {
            (Step::Movement, KgCommand::Move { unit, to }) if !bad_unit(*unit) => {
                let d = &rules.units[*unit as usize];
                if d.side != st.g.to_move {
                    return Refusal::new("4.2b", format!("it is {who}'s turn to move"));
                }
                let due = due_reinforcements(rules, st, d.side);
                let (opts, reinforcing) = move_options(rules, st, &view, d.side, Some(*unit));
                if reinforcing
                    && !opts
                        .iter()
                        .any(|c| matches!(c, KgCommand::Move { unit: u, .. } if u == unit))
                {
                    return Refusal::new(
                        "4.2a",
                        format!(
                            "reinforcements must enter first, lowest ER first ({} waiting)",
                            due.len()
                        ),
                    );
                }
                let (rule, reason) = rules::why_not_move(rules, st, &view, *unit, *to);
                Refusal::new(&rule, reason)
            }
            (Step::Movement, KgCommand::Pass) => Refusal::new(
                "4.2a",
                "reinforcements that can enter must enter before you pass",
            ),
            (Step::Attack, KgCommand::Attack { attacker, defender })
                if !bad_unit(*attacker) && !bad_unit(*defender) =>
            {
                if rules.units[*attacker as usize].side != st.g.to_move {
                    return Refusal::new("4.3", format!("it is {who}'s turn to attack"));
                }
                match combat::attack_refusal(rules, st, &view, *attacker, *defender) {
                    Some((r, why)) => Refusal::new(&r, why),
                    None => Refusal::new("4.3", "that attack is not allowed now"),
                }
            }
            (Step::HqPlacement, KgCommand::PlaceHq { hq, at, .. })
                if (*hq as usize) < rules.hqs.len() =>
            {
                let h = *hq as usize;
                if rules.hqs[h].side != st.g.to_move {
                    Refusal::new("4.0b", format!("it is {who}'s turn to place an HQ"))
                } else if st.hqs[h].placed {
                    Refusal::new(
                        "4.0b",
                        format!("{} is already placed this turn", rules.hqs[h].name),
                    )
                } else {
                    Refusal::new(
                        "4.0b",
                        format!(
                            "{at} is not within {} hexes of a unit of its command that is outside an enemy ZOI",
                            rules.hqs[h].placement_radius
                        ),
                    )
                }
            }
            (Step::Bombardment, KgCommand::PlaceBombardment { at }) => Refusal::new(
                "6.3",
                format!(
                    "{at} must be empty or hold a Prussian unit, and be at least 3 hexes from every Prussian entry hex"
                ),
            ),
            (Step::BlownReturn(_), KgCommand::ReturnBlown { at, .. }) => Refusal::new(
                "4.0c",
                format!("{at} must be empty, next to a friendly HQ and outside enemy ZOC and ZOI"),
            ),
            (Step::Organize(_), KgCommand::FlipToMarch { .. }) => Refusal::new(
                "4.0e",
                "only infantry in Battle formation outside enemy ZOC and ZOI may flip to March",
            ),
            (Step::ExitEzoc, KgCommand::ExitEzoc { .. }) => Refusal::new(
                "4.0e",
                "that unit cannot retreat out of an enemy ZOC to that hex (each hex farther away, empty, no EZOC)",
            ),
            (s, c) => Refusal::new(
                "4.0",
                format!(
                    "{c:?} is not part of this step ({}); {who} is to act",
                    s.phase_name()
                ),
            ),
        }
    }

    /// Applies a command if it is legal, then runs the automatic steps that follow.
    pub fn apply(&mut self, cmd: &KgCommand) -> Result<(), Refusal> {
        if !is_legal(self.rules, self.st, cmd) {
            return Err(self.refusal(cmd));
        }
        self.execute(cmd);
        self.advance();
        Ok(())
    }

    /// Starts the game: runs the automatic parts of turn 1 until someone must decide.
    pub fn start(&mut self) {
        self.begin_turn();
        self.advance();
    }

    fn view(&self) -> View {
        View::new(self.rules, self.st)
    }

    fn execute(&mut self, cmd: &KgCommand) {
        let side = active_side(self.rules, self.st).unwrap_or(Side::Prussia);
        if let Some(p) = self.st.g.pending.last().cloned() {
            match (p, cmd) {
                (
                    Pending::Artillery {
                        attacker,
                        defender,
                        mut choice,
                    },
                    KgCommand::Artillery { support },
                ) => {
                    choice[side.idx()] = Some(*support);
                    self.st.g.pending.pop();
                    self.st.g.pending.push(Pending::Artillery {
                        attacker,
                        defender,
                        choice,
                    });
                    self.note(
                        "4.3a",
                        format!(
                            "{} has chosen (kept secret until both have chosen)",
                            side.name()
                        ),
                    );
                }
                (
                    Pending::Retreat {
                        unit, after, rule, ..
                    },
                    KgCommand::Retreat { to },
                ) => {
                    self.st.g.pending.pop();
                    self.place(unit, *to);
                    self.note(&rule, format!("{} retreats to {to}", self.name(unit)));
                    self.after(after);
                }
                _ => {}
            }
            return;
        }
        match cmd {
            KgCommand::PlaceHq { hq, at, battle } => {
                let h = *hq as usize;
                self.st.hqs[h] = HqState {
                    at: Some(*at),
                    battle: *battle,
                    placed: true,
                };
                let mode = if *battle { "Battle" } else { "Normal" };
                self.note(
                    "4.0b",
                    format!("{} placed at {at} in {mode} mode", self.rules.hqs[h].name),
                );
                self.next_hq_placer();
            }
            KgCommand::SelectReturning { unit } => {
                self.st.g.returning.push(*unit);
                self.note(
                    "4.0c",
                    format!("{} chooses {} to return", side.name(), self.name(*unit)),
                );
            }
            KgCommand::ReturnBlown { unit, at } => {
                self.place(*unit, *at);
                self.st.units[*unit as usize].march = false;
                // 6.2: cavalry recovers at the start of a turn unless in an EZOC or EZOI;
                // a blown unit was in neither and returns outside both (4.0c): Fresh.
                self.st.units[*unit as usize].exhausted = false;
                self.st.g.returning.retain(|u| u != unit);
                self.note(
                    "4.0c",
                    format!("{} returns from the blown track at {at}", self.name(*unit)),
                );
            }
            KgCommand::PlaceBombardment { at } => {
                self.spend_ap(Side::Austria, 1);
                self.st.g.bombard = Some(*at);
                self.note(
                    "4.0d",
                    format!("Austrian bombardment marker placed at {at} (1 AP spent)"),
                );
                self.st.g.step = Step::Organize(Side::Prussia);
                self.begin_organize();
                let target = self.view().occupant(&self.rules.map, *at);
                if let Some(u) = target {
                    self.bombard(u);
                }
            }
            KgCommand::FlipToMarch { unit } => {
                self.st.units[*unit as usize].march = true;
                self.note(
                    "4.0e",
                    format!("{} flips to March formation", self.name(*unit)),
                );
            }
            KgCommand::ExitEzoc { unit, to } => {
                self.place(*unit, *to);
                self.st.units[*unit as usize].march = false;
                self.note(
                    "4.0e",
                    format!("{} retreats out of the enemy ZOC to {to}", self.name(*unit)),
                );
                self.alternate_exit(side);
            }
            KgCommand::Move { unit, to } => {
                let view = self.view();
                let opt = rules::destinations(self.rules, self.st, &view, *unit).remove(to);
                let entering = self.st.units[*unit as usize].loc == Loc::Off;
                self.place(*unit, *to);
                let m = &self.rules.map;
                let d = &self.rules.units[*unit as usize];
                let view = self.view();
                if d.kind == Kind::Infantry
                    && (view.in_ezoi(m, d.side, *to) || view.in_ezoc(m, d.side, *to))
                {
                    self.st.units[*unit as usize].march = false;
                }
                let how = match &opt {
                    Some(o) if o.road => {
                        format!(" along the road ({} MP)", o.cost_half as f32 / 2.0)
                    }
                    Some(o) => format!(" ({} MP)", o.cost_half as f32 / 2.0),
                    None => String::new(),
                };
                // 3.9.3 / 4.2b: remember how the unit moved in this phase.
                let road = opt.as_ref().is_some_and(|o| o.road);
                match self.st.g.road_moves.iter_mut().find(|m| m.0 == *unit) {
                    Some(m) => m.1 = road,
                    None => self.st.g.road_moves.push((*unit, road)),
                }
                let verb = if entering { "enters the map" } else { "moves" };
                self.note(
                    if entering { "4.2a" } else { "4.2b" },
                    format!("{} {verb} to {to}{how}", self.name(*unit)),
                );
                self.count_action(side);
                if d.side == Side::Prussia && self.st.g.bombard == Some(*to) {
                    self.bombard(*unit);
                }
            }
            KgCommand::Attack { attacker, defender } => {
                self.note(
                    "4.3",
                    format!(
                        "{} attacks {}{}",
                        self.name(*attacker),
                        self.name(*defender),
                        if combat::is_deathride(self.rules, *attacker, *defender) {
                            " (Deathride charge, 3.4.1)"
                        } else {
                            ""
                        }
                    ),
                );
                self.count_action(side);
                self.st.g.pending.push(Pending::Artillery {
                    attacker: *attacker,
                    defender: *defender,
                    choice: [None, None],
                });
            }
            KgCommand::Pass => self.pass(side),
            KgCommand::Artillery { .. } | KgCommand::Retreat { .. } => {}
        }
    }

    /// 6.1: spends AP (never below 0); a side left with none removes its AP marker from
    /// the game, so it never gains AP again.
    fn spend_ap(&mut self, side: Side, n: u8) {
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

    fn place(&mut self, u: UnitId, at: Coord) {
        self.st.units[u as usize].loc = Loc::Map(at);
    }

    fn blown_or_elim(&mut self, u: UnitId, rule: &str) {
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

    fn eliminate(&mut self, u: UnitId, rule: &str) {
        self.st.units[u as usize].loc = Loc::Eliminated;
        self.note(rule, format!("{} is eliminated", self.name(u)));
    }

    /// 6.3: the bombardment attacks a Prussian unit in its hex.
    fn bombard(&mut self, u: UnitId) {
        let r = self.dice.d6("bombardment fire", "6.3", vec![]);
        let Some(at) = unit_hex(self.st, u) else {
            return;
        };
        if r.die <= 5 {
            self.note(
                "6.3",
                format!(
                    "bombardment of {}: rolled {}, it must retreat 2 hexes",
                    self.name(u),
                    r.die
                ),
            );
            self.st.g.pending.push(Pending::Retreat {
                unit: u,
                away_from: vec![at],
                hexes: 2,
                on_fail: OnFail::Eliminated,
                after: After::Nothing,
                rule: "6.3".into(),
            });
        } else {
            self.note("6.3", format!("bombardment of {}: rolled 6", self.name(u)));
            self.blown_or_elim(u, "6.3");
        }
    }

    /// One move or attack taken in the alternation (4.2b, 4.3).
    fn count_action(&mut self, side: Side) {
        let other = side.other();
        if self.st.g.passed[other.idx()] {
            if let Some(c) = self.st.g.cap.as_mut() {
                *c = c.saturating_sub(1);
            }
        } else {
            self.st.g.to_move = other;
        }
    }

    /// 4.2e-f, 4.3.5, and the ends of the organisation and exit steps.
    fn pass(&mut self, side: Side) {
        match self.st.g.step {
            Step::Organize(s) => {
                self.note(
                    "4.0e",
                    format!("{} has finished organising formations", s.name()),
                );
                if s == Side::Prussia {
                    self.st.g.step = Step::Organize(Side::Austria);
                } else {
                    self.begin_exits();
                }
            }
            Step::BlownReturn(s) => {
                for u in std::mem::take(&mut self.st.g.returning) {
                    self.note(
                        "4.0c",
                        format!(
                            "{} leaves {} on the track; it is due again next Command Phase",
                            s.name(),
                            self.name(u)
                        ),
                    );
                }
                self.end_blown(s);
            }
            Step::ExitEzoc => {
                self.note(
                    "4.0e",
                    format!("{} declines further exits from enemy ZOCs", side.name()),
                );
                self.st.g.passed[side.idx()] = true;
                self.st.g.to_move = side.other();
            }
            Step::Movement | Step::Attack => {
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
            _ => {}
        }
    }

    fn next_hq_placer(&mut self) {
        let cur = self.st.g.to_move;
        let unplaced = |s: Side, st: &KgState| hq_ids_of(self.rules, s).any(|h| !st.hqs[h].placed);
        if unplaced(cur.other(), self.st) {
            self.st.g.to_move = cur.other();
        } else if unplaced(cur, self.st) {
            self.st.g.to_move = cur;
        }
    }

    fn alternate_exit(&mut self, side: Side) {
        if !self.st.g.passed[side.other().idx()] {
            self.st.g.to_move = side.other();
        }
    }

    /// Start of a turn: AP for arriving armies (6.1), cavalry recovery (4.0a), HQs removed
    /// (4.0b).
    fn begin_turn(&mut self) {
        let t = self.st.g.turn;
        self.note("4.0", format!("Turn {t} begins"));
        let arriving: Vec<String> = self
            .rules
            .armies
            .iter()
            .filter(|a| a.side == Side::Prussia && a.arrives == t && a.arrives > 0)
            .map(|a| a.name.clone())
            .collect();
        for name in arriving {
            let add = self.rules.options.army_arrival_ap;
            if self.st.g.ap_removed[Side::Prussia.idx()] {
                self.note(
                    "6.1",
                    format!(
                        "{name} arrives, but Prussia's AP marker has left the game: no AP gained"
                    ),
                );
                continue;
            }
            self.st.g.ap[1] = self.st.g.ap[1].saturating_add(add);
            self.note("6.1", format!("{name} arrives: Prussia gains {add} AP"));
        }
        let view = self.view();
        let m = &self.rules.map;
        for i in 0..self.st.units.len() {
            let d = &self.rules.units[i];
            if d.kind != Kind::Cavalry || !self.st.units[i].exhausted {
                continue;
            }
            if let Loc::Map(c) = self.st.units[i].loc
                && !view.in_ezoc(m, d.side, c)
                && !view.in_ezoi(m, d.side, c)
            {
                self.st.units[i].exhausted = false;
                self.note("4.0a", format!("{} recovers from exhaustion", d.name));
            }
        }
        if t > self.rules.start_turn || self.rules.hq_start.is_empty() {
            for h in self.st.hqs.iter_mut() {
                h.at = None;
                h.placed = false;
            }
            self.st.g.step = Step::HqPlacement;
        } else {
            // a set-up with HQs already placed skips the first placement
            for h in self.st.hqs.iter_mut() {
                h.placed = h.at.is_some();
            }
            self.st.g.step = Step::HqPlacement;
        }
        self.st.g.bombard = None;
        self.st.g.to_move = Side::Prussia;
        self.st.g.passed = [false; 2];
        self.st.g.cap = None;
        if !hq_ids_of(self.rules, Side::Prussia).any(|h| !self.st.hqs[h].placed) {
            self.st.g.to_move = Side::Austria;
        }
    }

    /// The end of one side's blown-unit return (4.0c): Austria's follows Prussia's.
    fn end_blown(&mut self, side: Side) {
        if side == Side::Prussia {
            self.begin_blown(Side::Austria);
        } else {
            self.st.g.step = Step::Bombardment;
        }
    }

    fn begin_blown(&mut self, side: Side) {
        let due = due_blown(self.rules, self.st, side);
        self.st.g.returning.clear();
        if due.len() > 2 {
            self.st.g.step = Step::BlownSelect(side);
            self.note(
                "4.0c",
                format!(
                    "{} blown {} units are due; {} picks the two that return",
                    due.len(),
                    side.name(),
                    side.other().name()
                ),
            );
        } else {
            self.st.g.returning = due;
            self.st.g.step = Step::BlownReturn(side);
        }
    }

    fn begin_organize(&mut self) {
        // 4.0e-ii: units in an EZOC or EZOI are in Battle formation.
        let view = self.view();
        let m = &self.rules.map;
        for i in 0..self.st.units.len() {
            let d = &self.rules.units[i];
            if let Loc::Map(c) = self.st.units[i].loc
                && d.kind == Kind::Infantry
                && self.st.units[i].march
                && (view.in_ezoc(m, d.side, c) || view.in_ezoi(m, d.side, c))
            {
                self.st.units[i].march = false;
                self.note("4.0e", format!("{} must take Battle formation", d.name));
            }
        }
    }

    fn begin_exits(&mut self) {
        self.st.g.step = Step::ExitEzoc;
        self.st.g.to_move = Side::Prussia;
        self.st.g.passed = [false; 2];
    }

    fn begin_movement(&mut self) {
        self.st.g.step = Step::Movement;
        self.st.g.road_moves.clear();
        self.st.g.to_move = Side::Prussia;
        self.st.g.passed = [false; 2];
        self.st.g.cap = None;
        self.note("4.2", "Movement phase");
    }

    fn begin_attack(&mut self) {
        self.st.g.step = Step::Attack;
        self.st.g.road_moves.clear();
        self.st.g.to_move = Side::Prussia;
        self.st.g.passed = [false; 2];
        self.st.g.cap = None;
        self.note("4.3", "Attack phase");
    }

    fn end_turn(&mut self) {
        if self.st.g.turn >= self.rules.options.turns {
            self.finish();
        } else {
            self.st.g.turn += 1;
            self.begin_turn();
        }
    }

    /// 7.0: 1 VP per blown or eliminated enemy unit plus its ER; ties go to Austria.
    fn finish(&mut self) {
        self.st.g.vp = victory_points(self.rules, self.st);
        let [a, p] = self.st.g.vp;
        let w = if p > a { Side::Prussia } else { Side::Austria };
        self.st.g.winner = Some(w);
        self.st.g.step = Step::GameOver;
        self.st.g.bombard = None;
        self.note(
            "7.0",
            format!(
                "Game over: Austria {a} VP, Prussia {p} VP; {} wins",
                w.name()
            ),
        );
    }

    fn after(&mut self, after: After) {
        if let After::Advance { attacker, hex } = after {
            let Some(_) = unit_hex(self.st, attacker) else {
                return;
            };
            let view = self.view();
            let m = &self.rules.map;
            let side = self.rules.units[attacker as usize].side;
            let Some(a) = unit_hex(self.st, attacker) else {
                return;
            };
            if view.occupant(m, hex).is_some() {
                return;
            }
            if view.in_ezoc(m, side, a) {
                self.note(
                    "4.3.2",
                    format!(
                        "{} is in an enemy ZOC and does not advance",
                        self.name(attacker)
                    ),
                );
                return;
            }
            self.place(attacker, hex);
            let view = self.view();
            if self.rules.units[attacker as usize].kind == Kind::Infantry
                && (view.in_ezoc(m, side, hex) || view.in_ezoi(m, side, hex))
            {
                self.st.units[attacker as usize].march = false;
            }
            self.note(
                "4.3.2",
                format!("{} advances after combat into {hex}", self.name(attacker)),
            );
            if side == Side::Prussia && self.st.g.bombard == Some(hex) {
                self.bombard(attacker);
            }
        }
    }

    /// 4.3b-f: both artillery choices are in; resolve the attack.
    fn resolve_attack(&mut self, attacker: UnitId, defender: UnitId, choice: [Option<bool>; 2]) {
        let rules = self.rules;
        let aside = rules.units[attacker as usize].side;
        let dside = aside.other();
        let a_art = choice[aside.idx()].unwrap_or(false);
        let d_art = choice[dside.idx()].unwrap_or(false);
        self.note(
            "4.3a",
            format!(
                "Artillery revealed: {} {}, {} {}",
                aside.name(),
                if a_art { "support" } else { "no support" },
                dside.name(),
                if d_art { "support" } else { "no support" }
            ),
        );
        let (mut am, mut dm) = combat::modifiers(rules, self.st, attacker, defender);
        let mut a_bonus = a_art;
        let mut d_bonus = d_art;
        for (s, used) in [(aside, a_art), (dside, d_art)] {
            if used {
                self.spend_ap(s, 1);
            }
        }
        if a_art && d_art {
            let ra = self.dice.d6(
                &format!("artillery duel ({})", aside.name()),
                "4.3c",
                vec![],
            );
            let rd = self.dice.d6(
                &format!("artillery duel ({})", dside.name()),
                "4.3c",
                vec![],
            );
            let tie = combat::duel_tie_winner(rules, self.st.g.turn);
            let a_wins = ra.die > rd.die || (ra.die == rd.die && tie == aside);
            a_bonus = a_wins;
            d_bonus = !a_wins;
            let winner = if a_wins { aside } else { dside };
            self.note(
                "4.3c",
                format!(
                    "Artillery duel: {} {} vs {} {}; {} wins",
                    aside.name(),
                    ra.die,
                    dside.name(),
                    rd.die,
                    winner.name()
                ),
            );
            // 4.3d: a 6 costs the other side one more AP.
            if ra.die == 6 && self.st.g.ap[dside.idx()] > 0 {
                self.note(
                    "4.3d",
                    format!("Bad ammunition: {} loses 1 more AP", dside.name()),
                );
                self.spend_ap(dside, 1);
            }
            if rd.die == 6 && self.st.g.ap[aside.idx()] > 0 {
                self.note(
                    "4.3d",
                    format!("Bad ammunition: {} loses 1 more AP", aside.name()),
                );
                self.spend_ap(aside, 1);
            }
        }
        if a_bonus {
            am.push(combat::Drm {
                label: "artillery support".into(),
                rule: "4.3b".into(),
                value: 2,
            });
        }
        if d_bonus {
            dm.push(combat::Drm {
                label: "artillery support".into(),
                rule: "4.3b".into(),
                value: 2,
            });
        }
        let to_mods = |v: &Vec<combat::Drm>| {
            v.iter()
                .map(|d| (format!("{} ({})", d.label, d.rule), d.value))
                .collect()
        };
        let ra = self
            .dice
            .d6(&format!("attack ({})", aside.name()), "4.3e", to_mods(&am));
        let rd = self
            .dice
            .d6(&format!("defence ({})", dside.name()), "4.3e", to_mods(&dm));
        let diff = ra.total - rd.total;
        self.note(
            "4.3e",
            format!(
                "Attack roll {} ({:+}) = {} against defence {} ({:+}) = {}",
                ra.die,
                ra.total - ra.die as i32,
                ra.total,
                rd.die,
                rd.total - rd.die as i32,
                rd.total
            ),
        );
        // 4.3f: cavalry that gave a DRM is exhausted.
        for c in combat::supporting_cavalry(rules, self.st, attacker, defender) {
            if !self.st.units[c as usize].exhausted {
                self.st.units[c as usize].exhausted = true;
                self.note("4.3f", format!("{} is exhausted", self.name(c)));
            }
        }
        let blown_elim = self.st.g.turn >= rules.options.blown_is_elim_from;
        let deathride = combat::is_deathride(rules, attacker, defender);
        let def_hex = unit_hex(self.st, defender);
        let att_hex = unit_hex(self.st, attacker);
        if deathride && diff <= 0 {
            self.note("3.4.1", "The Deathride charge fails");
            self.eliminate(attacker, "3.4.1");
            return;
        }
        let effect = combat::effect_of(diff, blown_elim);
        let (loser, winner_hex) = if diff > 0 {
            (defender, att_hex)
        } else {
            (attacker, def_hex)
        };
        if effect == Effect::Stalemate {
            self.note("4.3e", "Stalemate: nothing happens");
            return;
        }
        let after = if loser == defender {
            match def_hex {
                Some(h) => After::Advance { attacker, hex: h },
                None => After::Nothing,
            }
        } else {
            After::Nothing
        };
        if deathride {
            let ls = rules.units[defender as usize].side;
            let before = self.st.g.ap[ls.idx()];
            let lost = before.min(2);
            self.note(
                "3.4.1",
                format!(
                    "The Deathride succeeds: {} loses {lost} AP and the charging cavalry is blown",
                    ls.name(),
                ),
            );
            self.spend_ap(ls, 2);
            self.blown_or_elim(attacker, "3.4.1");
        }
        self.note(
            "4.3e",
            format!(
                "Differential {}: {} {:?}",
                diff.abs(),
                self.name(loser),
                effect
            ),
        );
        match effect {
            Effect::Retreat => {
                let away = winner_hex.map(|h| vec![h]).unwrap_or_default();
                self.st.g.pending.push(Pending::Retreat {
                    unit: loser,
                    away_from: away,
                    hexes: 3,
                    on_fail: OnFail::Blown,
                    after,
                    rule: "4.3.1".into(),
                });
            }
            Effect::Blown => {
                self.blown_or_elim(loser, "4.3.3");
                self.after(after);
            }
            Effect::Eliminated => {
                self.eliminate(loser, "4.3.4");
                self.after(after);
            }
            Effect::Stalemate => {}
        }
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
        let view = self.view();
        let m = &self.rules.map;
        for i in 0..self.st.units.len() {
            let d = &self.rules.units[i];
            if let Loc::Map(c) = self.st.units[i].loc
                && d.kind == Kind::Infantry
                && self.st.units[i].march
                && view.in_ezoc(m, d.side, c)
            {
                self.st.units[i].march = false;
            }
        }
    }

    /// One automatic transition; false when a player must act.
    fn advance_once(&mut self) -> bool {
        let rules = self.rules;
        if let Some(p) = self.st.g.pending.last().cloned() {
            match p {
                Pending::Artillery {
                    attacker,
                    defender,
                    mut choice,
                } => {
                    let mut changed = false;
                    for u in [attacker, defender] {
                        let s = rules.units[u as usize].side;
                        if choice[s.idx()].is_none() && !combat::may_support(rules, self.st, u) {
                            choice[s.idx()] = Some(false);
                            changed = true;
                        }
                    }
                    if choice.iter().all(|c| c.is_some()) {
                        self.st.g.pending.pop();
                        self.resolve_attack(attacker, defender, choice);
                        return true;
                    }
                    if changed {
                        self.st.g.pending.pop();
                        self.st.g.pending.push(Pending::Artillery {
                            attacker,
                            defender,
                            choice,
                        });
                        return true;
                    }
                    return false;
                }
                Pending::Retreat {
                    unit,
                    away_from,
                    hexes,
                    on_fail,
                    after,
                    rule,
                } => {
                    if unit_hex(self.st, unit).is_none() {
                        self.st.g.pending.pop();
                        return true;
                    }
                    let view = self.view();
                    let r = rules::retreat_search(rules, self.st, &view, unit, &away_from, hexes);
                    match r.ends.len() {
                        0 => {
                            self.st.g.pending.pop();
                            if r.swamp_forced && on_fail == OnFail::Blown {
                                self.note(
                                    "3.9.1",
                                    format!("{} can only retreat across a swamp", self.name(unit)),
                                );
                                self.eliminate(unit, "3.9.1");
                            } else if on_fail == OnFail::Eliminated {
                                self.note(&rule, format!("{} cannot retreat", self.name(unit)));
                                self.eliminate(unit, &rule);
                            } else {
                                self.note(&rule, format!("{} cannot retreat", self.name(unit)));
                                self.blown_or_elim(unit, &rule);
                            }
                            self.after(after);
                            return true;
                        }
                        1 => {
                            self.st.g.pending.pop();
                            let to = r.ends[0];
                            self.place(unit, to);
                            self.note(&rule, format!("{} retreats to {to}", self.name(unit)));
                            self.after(after);
                            return true;
                        }
                        _ => return false,
                    }
                }
            }
        }
        let view = self.view();
        match self.st.g.step {
            Step::GameOver => false,
            Step::HqPlacement => {
                let unplaced = |s: Side| hq_ids_of(rules, s).any(|h| !self.st.hqs[h].placed);
                if !unplaced(Side::Prussia) && !unplaced(Side::Austria) {
                    self.begin_blown(Side::Prussia);
                    return true;
                }
                if !unplaced(self.st.g.to_move) {
                    self.st.g.to_move = self.st.g.to_move.other();
                    return true;
                }
                false
            }
            Step::BlownSelect(side) => {
                if self.st.g.returning.len() >= 2 {
                    for u in due_blown(rules, self.st, side) {
                        if !self.st.g.returning.contains(&u) {
                            self.eliminate(u, "4.0c");
                        }
                    }
                    self.st.g.step = Step::BlownReturn(side);
                    return true;
                }
                false
            }
            Step::BlownReturn(side) => {
                if self.st.g.returning.is_empty()
                    || return_hexes(rules, self.st, &view, side).is_empty()
                {
                    for u in std::mem::take(&mut self.st.g.returning) {
                        self.note(
                            "4.0c",
                            format!(
                                "{} finds no empty hex next to a friendly HQ outside enemy ZOC and ZOI; it stays on the track and is due again next Command Phase",
                                self.name(u)
                            ),
                        );
                    }
                    self.end_blown(side);
                    return true;
                }
                false
            }
            Step::Bombardment => {
                let no_ap = self.st.g.ap[0] == 0;
                if no_ap || bombard_hexes(rules, self.st, &view).is_empty() {
                    let why = if no_ap {
                        "Austria has no AP left to pay for it (6.1)"
                    } else {
                        "no hex is at least 3 hexes from every Prussian entry hex and free of Austrian units and HQs"
                    };
                    self.note("4.0d", format!("No bombardment this turn: {why}"));
                    self.st.g.step = Step::Organize(Side::Prussia);
                    self.begin_organize();
                    return true;
                }
                false
            }
            Step::Organize(s) => {
                if may_flip(rules, self.st, &view, s).is_empty() {
                    if s == Side::Prussia {
                        self.st.g.step = Step::Organize(Side::Austria);
                    } else {
                        self.begin_exits();
                    }
                    return true;
                }
                false
            }
            Step::ExitEzoc => {
                let side = self.st.g.to_move;
                let can = |s: Side| {
                    !self.st.g.passed[s.idx()]
                        && !exit_options(rules, self.st, &view, s, None).is_empty()
                };
                if can(side) {
                    return false;
                }
                if can(side.other()) {
                    self.st.g.to_move = side.other();
                    return true;
                }
                self.begin_movement();
                true
            }
            Step::Movement => {
                if self.st.g.cap == Some(0) {
                    self.begin_attack();
                    return true;
                }
                // 4.2a: an enemy unit on the entry hex of a due reinforcement retreats.
                let side = self.st.g.to_move;
                for u in due_reinforcements(rules, self.st, side) {
                    let Some(e) = rules.units[u as usize]
                        .entry
                        .as_ref()
                        .and_then(|e| rules.entry_hex(e.hex))
                    else {
                        continue;
                    };
                    if let Some(o) = view.occupant(&rules.map, e)
                        && rules.units[o as usize].side != side
                    {
                        self.note(
                            "4.2a",
                            format!("{} stands on an entry hex and must retreat", self.name(o)),
                        );
                        self.st.g.pending.push(Pending::Retreat {
                            unit: o,
                            away_from: vec![e],
                            hexes: 3,
                            on_fail: OnFail::Blown,
                            after: After::Nothing,
                            rule: "4.2a".into(),
                        });
                        return true;
                    }
                }
                false
            }
            Step::Attack => {
                if self.st.g.cap == Some(0) {
                    self.end_turn();
                    return true;
                }
                false
            }
        }
    }
}

/// 7.0: VP [Austria, Prussia]: each blown or eliminated enemy unit is worth 1 + its ER.
pub fn victory_points(rules: &KgRules, st: &KgState) -> [u32; 2] {
    let mut vp = [0u32; 2];
    for (i, u) in st.units.iter().enumerate() {
        if matches!(u.loc, Loc::Blown(_) | Loc::Eliminated) {
            let d = &rules.units[i];
            vp[d.side.other().idx()] += 1 + d.er as u32;
        }
    }
    vp
}
