//! 9.3, 9.4: the active formation moves (reinforcements enter, units turn, the formation
//! commander moves, units leave by an evacuation hex); 10.2: a demoralised formation
//! falls back first.

use super::*;
#[allow(unused_imports)]
use crate::engine::hexmap::{Coord, SideKind, Terrain};
#[allow(unused_imports)]
use crate::games::trautenau::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
#[allow(unused_imports)]
use crate::games::trautenau::data::*;
#[allow(unused_imports)]
use crate::games::trautenau::flow::*;
#[allow(unused_imports)]
use crate::games::trautenau::los;
#[allow(unused_imports)]
use crate::games::trautenau::rules::{self, View};
#[allow(unused_imports)]
use crate::games::trautenau::state::*;

#[derive(Clone, Copy, Debug, Default)]
pub struct Movement;

impl PlayStep<Trautenau> for Movement {
    fn name(&self) -> &'static str {
        "Movement"
    }

    fn case(&self) -> &'static str {
        "9.3"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        let who = who(rules, st);
        if demoralised_active(rules, st)
            && !must_fall_back(rules, st, &rules::view(rules, st)).is_empty()
        {
            return format!(
                "{who}: the formation is demoralised: each unit that can must move closer to your map edge before the movement ends (10.2)."
            );
        }
        format!(
            "{who}: select a unit of the active formation (or its commander), then a highlighted hex; turn it with Shift+wheel or Q/E; bring on reinforcements; then end the movement (9.3, 9.4)."
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        active_formation_side(rules, st)
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(
            cmd,
            TsCommand::Move { .. }
                | TsCommand::Face { .. }
                | TsCommand::MoveLeader { .. }
                | TsCommand::Evacuate { .. }
                | TsCommand::Done
        )
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        let view = rules::view(rules, st);
        let mut exits = Exits::default();
        for u in 0..st.units.len() as UnitId {
            move_options(rules, st, &view, &mut exits, u, out);
        }
        leader_moves_and_done(rules, st, &view, out);
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        match cmd {
            TsCommand::Move { unit, to, facing } => {
                let view = rules::view(rules, st);
                if may_move_to(rules, st, &view, *unit, *to, *facing) {
                    return Ok(());
                }
                Err(move_refusal(rules, st, *unit, *to))
            }
            TsCommand::Face { unit, facing } => {
                let u = *unit as usize;
                if free_to_move(rules, st, *unit)
                    && st.units[u].loc.hex().is_some()
                    && *facing != st.units[u].facing
                {
                    return Ok(());
                }
                Err(Refusal::new(
                    "4",
                    format!(
                        "{} may only turn during its own formation's movement",
                        unit_name(rules, *unit)
                    ),
                ))
            }
            TsCommand::Evacuate { unit } => {
                let u = *unit;
                if acts_now(rules, st, u)
                    && !rules.absent.contains(&rules.units[u as usize].id)
                    && on_map(st, u).is_some_and(|c| {
                        exit_hexes(rules, st, rules.units[u as usize].side).contains(&c)
                    })
                {
                    return Ok(());
                }
                Err(evacuate_refusal(rules, st, u))
            }
            TsCommand::MoveLeader { leader, to } => {
                if active_leader(rules, st) == Some(*leader as usize)
                    && formation_leader_moves(rules, st, &rules::view(rules, st), *leader as usize)
                        .contains(to)
                {
                    return Ok(());
                }
                Err(Refusal::new(
                    "9.1.1",
                    "only the active formation's commander moves, 6 cavalry MP, and not after a failed activation test",
                ))
            }
            TsCommand::Done => {
                if !demoralised_active(rules, st) {
                    return Ok(());
                }
                let owed: Vec<String> = must_fall_back(rules, st, &rules::view(rules, st))
                    .iter()
                    .map(|&u| unit_name(rules, u))
                    .collect();
                if owed.is_empty() {
                    return Ok(());
                }
                Err(Refusal::new(
                    "10.2",
                    format!(
                        "the formation is demoralised: {} must first move closer to its map edge",
                        owed.join(", ")
                    ),
                ))
            }
            _ => Err(other_step(rules, st, cmd)),
        }
    }

    fn execute(
        &self,
        rules: &TsRules,
        st: &mut TsState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &TsCommand,
    ) {
        let mut g = game(rules, st, dice, log);
        match *cmd {
            TsCommand::Move { unit, to, facing } => g.move_unit(unit, to, facing),
            TsCommand::Face { unit, facing } => {
                crate::games::trautenau::flow::turn_stack(rules, g.st, unit, facing);
                g.note("4", format!("{} faces {facing:?}", g.uname(unit)));
            }
            TsCommand::MoveLeader { leader, to } => {
                let l = leader as usize;
                g.st.leaders[l].loc = Loc::Map(to);
                g.st.leaders[l].moved = true;
                g.note("9.3", format!("{} moves to {to}", g.lname(l)));
            }
            TsCommand::Evacuate { unit } => g.evacuate(unit),
            TsCommand::Done => g.st.g.step = Step::Declare,
            _ => {}
        }
    }
}

/// The Movement step's legal commands for some of the active units only (the
/// computer's playouts, which sample a few moves and need not list every unit's
/// reachable hexes): `keep` picks, from the units that act now and have not moved, those
/// whose moves are listed; the evacuations of units that moved, the commander's moves and
/// "done" are listed as in [`Movement::legal`]. A subset of that list.
pub fn legal_for_some(
    rules: &TsRules,
    st: &TsState,
    keep: &mut dyn FnMut(Vec<UnitId>) -> Vec<UnitId>,
) -> Vec<TsCommand> {
    let view = rules::view(rules, st);
    let mut exits = Exits::default();
    let mut out = Vec::new();
    let mut free = Vec::new();
    for u in 0..st.units.len() as UnitId {
        if st.units[u as usize].moved {
            move_options(rules, st, &view, &mut exits, u, &mut out);
        } else if free_to_move(rules, st, u) {
            free.push(u);
        }
    }
    for u in keep(free) {
        if free_to_move(rules, st, u) {
            move_options(rules, st, &view, &mut exits, u, &mut out);
        }
    }
    leader_moves_and_done(rules, st, &view, &mut out);
    out
}

/// The movement's commands besides the units': the active commander's moves, and "done"
/// (10.2: only once every unit of a demoralised formation that can move closer to its
/// map edge has done so).
fn leader_moves_and_done(rules: &TsRules, st: &TsState, view: &View, out: &mut Vec<TsCommand>) {
    if let Some(l) = active_leader(rules, st) {
        for to in formation_leader_moves(rules, st, view, l) {
            out.push(TsCommand::MoveLeader {
                leader: l as LeaderId,
                to,
            });
        }
    }
    if must_fall_back(rules, st, view).is_empty() {
        out.push(TsCommand::Done);
    }
}

/// The open evacuation hexes of each side, asked once per list.
#[derive(Default)]
struct Exits([Option<Vec<Coord>>; 2]);

impl Exits {
    fn get(&mut self, rules: &TsRules, st: &TsState, side: Side) -> &[Coord] {
        self.0[side.idx()].get_or_insert_with(|| exit_hexes(rules, st, side))
    }
}

/// A unit that acts now, is in play and has not moved in this activation.
fn free_to_move(rules: &TsRules, st: &TsState, u: UnitId) -> bool {
    acts_now(rules, st, u)
        && !rules.absent.contains(&rules.units[u as usize].id)
        && !st.units[u as usize].moved
}

/// The formation commander of the active formation.
fn active_leader(rules: &TsRules, st: &TsState) -> Option<usize> {
    st.g.active.and_then(|f| rules.formation_leader[f])
}

/// 9.3, 9.4: whether `u` may move (or enter) to `to`, ending facing `facing`.
fn may_move_to(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    u: UnitId,
    to: Coord,
    facing: Dir,
) -> bool {
    if !free_to_move(rules, st, u) {
        return false;
    }
    let reach = match st.units[u as usize].loc {
        Loc::Map(_) => rules::destinations(rules, st, view, u, rules_hour(st))
            .iter()
            .any(|d| d.hex == to),
        Loc::Off => entry_hex_due(rules, st, u).is_some_and(|entry| {
            let f = rules.unit_formation[u as usize];
            rules::entry_destinations(
                rules,
                st,
                view,
                u,
                entry,
                st.formations[f].entered,
                rules_hour(st),
            )
            .iter()
            .any(|d| d.hex == to)
        }),
        _ => false,
    };
    reach && end_facings(rules, st, view, u, to).contains(&facing)
}

fn move_options(
    rules: &TsRules,
    st: &TsState,
    view: &View,
    exits: &mut Exits,
    u: UnitId,
    out: &mut Vec<TsCommand>,
) {
    let d = &rules.units[u as usize];
    let s = &st.units[u as usize];
    if !acts_now(rules, st, u) || rules.absent.contains(&d.id) {
        return;
    }
    if s.moved {
        // 11.4.1, 12.4.1: a unit that ended its move on an exit hex may leave by it in
        // the same movement.
        if let Loc::Map(c) = s.loc
            && exits.get(rules, st, d.side).contains(&c)
        {
            out.push(TsCommand::Evacuate { unit: u });
        }
        return;
    }
    match s.loc {
        Loc::Map(c) => {
            for f in Dir::ALL {
                if f != s.facing {
                    out.push(TsCommand::Face { unit: u, facing: f });
                }
            }
            for dest in rules::destinations(rules, st, view, u, rules_hour(st)) {
                for f in end_facings(rules, st, view, u, dest.hex) {
                    out.push(TsCommand::Move {
                        unit: u,
                        to: dest.hex,
                        facing: f,
                    });
                }
            }
            if exits.get(rules, st, d.side).contains(&c) {
                out.push(TsCommand::Evacuate { unit: u });
            }
        }
        Loc::Off => {
            if let Some(entry) = entry_hex_due(rules, st, u) {
                let f = rules.unit_formation[u as usize];
                for dest in rules::entry_destinations(
                    rules,
                    st,
                    view,
                    u,
                    entry,
                    st.formations[f].entered,
                    rules_hour(st),
                ) {
                    for fc in end_facings(rules, st, view, u, dest.hex) {
                        out.push(TsCommand::Move {
                            unit: u,
                            to: dest.hex,
                            facing: fc,
                        });
                    }
                }
            }
        }
        _ => {}
    }
}

/// Whether `u` has any command in this movement (a unit on the map that has not moved
/// may always turn).
fn has_options(rules: &TsRules, st: &TsState, view: &View, exits: &mut Exits, u: UnitId) -> bool {
    let s = &st.units[u as usize];
    if !acts_now(rules, st, u) || rules.absent.contains(&rules.units[u as usize].id) {
        return false;
    }
    if !s.moved && s.loc.hex().is_some() {
        return true;
    }
    let mut out = Vec::new();
    move_options(rules, st, view, exits, u, &mut out);
    !out.is_empty()
}

/// 9.3: where the active formation's commander may go (6 cavalry MP; entering with his
/// formation, 9.4), unless he moved or failed his activation test (9.1.1).
pub fn formation_leader_moves(rules: &TsRules, st: &TsState, view: &View, l: usize) -> Vec<Coord> {
    let ls = &st.leaders[l];
    let ld = &rules.leaders[l];
    let LeaderKind::Formation { formation, .. } = &ld.kind else {
        return vec![];
    };
    let Some(f) = rules.formation(formation) else {
        return vec![];
    };
    if ls.moved || st.formations[f].failed_activation {
        return vec![];
    }
    match ls.loc {
        Loc::Map(c) => rules::leader_destinations(rules, st, view, ld.side, c, ld.movement, false),
        Loc::Off => match &leader_arrival(rules, st, l) {
            Some(a) if arrived_due(st, a) => {
                let mut v = vec![a.hex];
                v.extend(rules::leader_destinations(
                    rules,
                    st,
                    view,
                    ld.side,
                    a.hex,
                    ld.movement.saturating_sub(1),
                    false,
                ));
                v.sort();
                v.dedup();
                v
            }
            _ => vec![],
        },
        _ => vec![],
    }
}

/// 10.2: units of the active formation, when it is demoralised, that have not moved yet
/// and can move closer to their map edge: they must ("or else not move at all if this is
/// not possible"). Their legal moves are only those that end closer (`rules::destinations`).
pub fn must_fall_back(rules: &TsRules, st: &TsState, view: &View) -> Vec<UnitId> {
    if !demoralised_active(rules, st) {
        return vec![];
    }
    let Some(f) = st.g.active else {
        return vec![];
    };
    (0..st.units.len() as UnitId)
        .filter(|&u| {
            let s = &st.units[u as usize];
            rules.unit_formation[u as usize] == f
                && s.loc.hex().is_some()
                && !s.moved
                && acts_now(rules, st, u)
                && !rules::destinations(rules, st, view, u, rules_hour(st)).is_empty()
        })
        .collect()
}

/// 10.2: the active formation is demoralised (its units may owe a move back).
fn demoralised_active(rules: &TsRules, st: &TsState) -> bool {
    st.g.active
        .is_some_and(|f| !rules.formations[f].independent && st.formations[f].demoralised)
}

/// Why `u` may not move to `to` (9.1, 9.3, 9.4, 10.2, 11.1.5, 12.1.5).
fn move_refusal(rules: &TsRules, st: &TsState, u: UnitId, to: Coord) -> Refusal {
    let name = unit_name(rules, u);
    if inactive(rules, st, u) {
        return Refusal::new(
            "11.1.5",
            format!("{name} may not act before its hour unless attacked"),
        );
    }
    if !acts_now(rules, st, u) {
        return Refusal::new("9.1", format!("{name} is not of the active formation"));
    }
    if st.units[u as usize].moved {
        return Refusal::new("9.3", format!("{name} has already moved"));
    }
    if st.units[u as usize].loc == Loc::Off && entry_hex_due(rules, st, u).is_none() {
        return Refusal::new(
            "9.4",
            format!(
                "{name} is not due yet, or Prussian artillery waits for the rest of its column"
            ),
        );
    }
    let side = rules.units[u as usize].side;
    if let Some((_, until, _)) = rules
        .forbidden
        .iter()
        .find(|(s, until, hexes)| *s == side && st.g.hour <= *until && hexes.contains(&to))
    {
        return Refusal::new(
            "12.1.5",
            format!(
                "{to} is closed to {} until the end of the {until:02}.00 turn",
                side.name()
            ),
        );
    }
    // 10.2: a demoralised formation's units only move closer to their edge.
    let f = rules.unit_formation[u as usize];
    let edge = rules.retreat_hexes(side, rules_hour(st));
    if st.formations[f].demoralised
        && !rules.formations[f].independent
        && !edge.is_empty()
        && let Some(h) = on_map(st, u)
    {
        let d = |x: Coord| edge.iter().map(|e| e.distance(x)).min().unwrap_or(0);
        if d(to) >= d(h) {
            return Refusal::new(
                "10.2",
                format!(
                    "{name} belongs to a demoralised formation: it may only move closer to its map edge, and never into an enemy ZoC"
                ),
            );
        }
    }
    Refusal::new("9.3", why_not_move(rules, st, u, to))
}

/// 11.4.1, 12.4.1: why `u` may not leave the map now.
fn evacuate_refusal(rules: &TsRules, st: &TsState, u: UnitId) -> Refusal {
    let name = unit_name(rules, u);
    if let Some(d) = rules.units.get(u as usize) {
        match exit_check(rules, st, d.side) {
            Err(why) => return Refusal::new("11.4.1", why),
            Ok(exits)
                if !st.units[u as usize]
                    .loc
                    .hex()
                    .is_some_and(|h| exits.contains(&h)) =>
            {
                let list: Vec<String> = exits.iter().map(|c| c.to_string()).collect();
                return Refusal::new(
                    "11.4.1",
                    format!(
                        "{name} must stand on an evacuation hex ({})",
                        list.join(", ")
                    ),
                );
            }
            Ok(_) => {}
        }
    }
    Refusal::new(
        "11.4.1",
        format!(
            "{name} must stand on an evacuation hex, of the active formation, and the evacuation must be open"
        ),
    )
}

impl Game<'_> {
    /// 11.4.1, 12.4.1: a unit leaves the map by an evacuation hex.
    fn evacuate(&mut self, unit: UnitId) {
        let u = unit as usize;
        let side = self.rules.units[u].side;
        if self.st.units[u].losses == 0 {
            self.st.g.evacuated_clean[side.idx()] += 1;
        }
        self.st.units[u].loc = Loc::Evacuated;
        self.st.units[u].moved = true;
        self.note("11.4.1", format!("{} leaves the map", self.uname(unit)));
    }

    /// Only Done is left (10.2 may withhold Done while a move is owed): the assault
    /// declarations begin.
    pub(crate) fn movement_auto(&mut self) -> bool {
        // A unit on the map that has not moved may always turn: the step goes on.
        if (0..self.st.units.len() as UnitId).any(|u| {
            free_to_move(self.rules, self.st, u) && self.st.units[u as usize].loc.hex().is_some()
        }) {
            return false;
        }
        let view = rules::view(self.rules, self.st);
        let mut exits = Exits::default();
        let any = (0..self.st.units.len() as UnitId)
            .any(|u| has_options(self.rules, self.st, &view, &mut exits, u))
            || active_leader(self.rules, self.st)
                .is_some_and(|l| !formation_leader_moves(self.rules, self.st, &view, l).is_empty());
        if any {
            return false;
        }
        self.st.g.step = Step::Declare;
        true
    }
}

/// Why `u` cannot move to `to` (9.3, 5.1, 3, 9.1.4, 10.2).
pub fn why_not_move(rules: &TsRules, st: &TsState, u: UnitId, to: Coord) -> String {
    let view = rules::view(rules, st);
    let d = &rules.units[u as usize];
    if !rules.map.contains(to) {
        return format!("{to} is off the map");
    }
    if view.side_at(to) == Some(d.side.other()) {
        return format!("{to} is held by the enemy");
    }
    if let Some(c) = on_map(st, u)
        && c == to
    {
        return format!("{} is already there; turn it instead", d.name);
    }
    let s = &st.units[u as usize];
    if !s.in_command && !s.chief_command {
        return format!(
            "{} is out of command: half its MP, never into enemy ZoC, and no farther from its commander (9.1.4)",
            d.name
        );
    }
    if !rules::can_end_in(rules, st, &view, u, to) {
        return format!(
            "{} cannot end in {to}: stacking limit (3) or facing",
            d.name
        );
    }
    format!(
        "{} cannot reach {to}: not enough MP, prohibited terrain, or an enemy ZoC on the way (5.1)",
        d.name
    )
}

impl Game<'_> {
    pub(crate) fn move_unit(&mut self, u: UnitId, to: Coord, facing: Dir) {
        let view = rules::view(self.rules, self.st);
        let i = u as usize;
        let side = self.rules.units[i].side;
        let (cost, dis, path) = match self.st.units[i].loc {
            Loc::Map(_) => rules::destinations(self.rules, self.st, &view, u, rules_hour(self.st))
                .into_iter()
                .find(|d| d.hex == to)
                .map(|d| (d.cost, d.disorganises, d.path))
                .unwrap_or((0, false, vec![])),
            _ => {
                let f = self.rules.unit_formation[i];
                let entry = entry_hex_due(self.rules, self.st, u).unwrap_or(to);
                let r = rules::entry_destinations(
                    self.rules,
                    self.st,
                    &view,
                    u,
                    entry,
                    self.st.formations[f].entered,
                    rules_hour(self.st),
                )
                .into_iter()
                .find(|d| d.hex == to)
                .map(|d| (d.cost, d.disorganises, d.path))
                .unwrap_or((0, false, vec![]));
                self.st.formations[f].entered += 1;
                self.note("9.4", format!("{} enters at {entry}", self.uname(u)));
                r
            }
        };
        self.st.units[i].loc = Loc::Map(to);
        self.st.units[i].facing = facing;
        self.st.units[i].spent = self.st.units[i].spent.saturating_add(cost);
        self.st.units[i].moved = true;
        for c in path.iter().chain(std::iter::once(&to)) {
            self.occupy(*c, side);
        }
        if dis && !self.st.units[i].disorg {
            self.st.units[i].disorg = true;
            self.note(
                "TEC",
                format!("{} is disorganised by the woods", self.uname(u)),
            );
        }
        self.note(
            "9.3",
            format!(
                "{} moves to {to} ({cost} MP), facing {facing:?}",
                self.uname(u)
            ),
        );
        self.jump_lone_commanders(side.other());
    }

    /// 9.5.12 / 9.5.13: a commander of `side` alone next to an enemy unit during an enemy
    /// movement is put on the nearest friendly unit (in MP).
    pub(crate) fn jump_lone_commanders(&mut self, side: Side) {
        // Most moves leave every commander with his units: no need to look further.
        // (Without a unit of his side in his hex and an enemy unit next to it, the view
        // below finds nothing to do.)
        let lone = (0..self.rules.leaders.len()).any(|l| {
            self.rules.leaders[l].side == side
                && self.st.leaders[l].loc.hex().is_some_and(|h| {
                    let near = |mine: bool, d: u32| {
                        (0..self.st.units.len()).any(|i| {
                            (self.rules.units[i].side == side) == mine
                                && self.st.units[i]
                                    .loc
                                    .hex()
                                    .is_some_and(|c| c.distance(h) == d)
                        })
                    };
                    !near(true, 0) && near(false, 1)
                })
        });
        if !lone {
            return;
        }
        let view = rules::view(self.rules, self.st);
        for l in 0..self.rules.leaders.len() {
            if self.rules.leaders[l].side != side {
                continue;
            }
            let Some(h) = self.st.leaders[l].loc.hex() else {
                continue;
            };
            if view.side_at(h) == Some(side) || !view.enemy_adjacent(&self.rules.map, side, h) {
                continue;
            }
            let mut best: Option<(u32, Coord)> = None;
            // MP from his hex to every hex (`rules::mp_distance` to each unit).
            let costs = rules::mp_distances(self.rules, &view, side, h);
            for (i, u) in self.st.units.iter().enumerate() {
                if self.rules.units[i].side != side {
                    continue;
                }
                let Some(c) = u.loc.hex() else { continue };
                let d = costs
                    .as_ref()
                    .and_then(|v| {
                        let k = v[self.rules.map.index(c)?];
                        (k != u32::MAX).then_some(k)
                    })
                    .unwrap_or(1000 + h.distance(c));
                if best.is_none_or(|b| (d, c) < b) {
                    best = Some((d, c));
                }
            }
            match best {
                Some((_, c)) => {
                    self.st.leaders[l].loc = Loc::Map(c);
                    self.note(
                        "9.5.13",
                        format!(
                            "{} is alone next to the enemy and rejoins the unit at {c}",
                            self.lname(l)
                        ),
                    );
                }
                None => self.leader_falls(l),
            }
        }
    }
}
