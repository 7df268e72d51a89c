//! 4.2: the Movement Phase. Due reinforcements enter first, lowest ER first (4.2a); then
//! the sides alternate single moves from Prussia (4.2b) until both pass. The first to pass
//! rolls a die that caps the other side's further moves (4.2e-f).

use super::super::Koniggratz;
use super::super::data::{KgRules, Kind, Side};
use super::super::flow::{Game, side_units};
use super::super::rules::{self, View};
use super::super::state::{After, KgCommand, KgState, Loc, OnFail, Pending, Refusal, Step, UnitId};
use super::{KgStep, checked, not_this_step, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct Movement;

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

/// The reinforcements that must enter now (4.2a): those due that can enter, of the
/// lowest ER among them, with their destinations. Empty when none can enter.
pub fn entering(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
) -> Vec<(UnitId, Vec<Coord>)> {
    let mut reinf: Vec<(u8, UnitId, Vec<Coord>)> = Vec::new();
    for u in due_reinforcements(rules, st, side) {
        let d = rules::destination_hexes(rules, st, view, u);
        if !d.is_empty() {
            reinf.push((rules.units[u as usize].er, u, d));
        }
    }
    let Some(min_er) = reinf.iter().map(|r| r.0).min() else {
        return Vec::new();
    };
    reinf
        .into_iter()
        .filter(|r| r.0 == min_er)
        .map(|(_, u, d)| (u, d))
        .collect()
}

/// Moves allowed to `side` now: reinforcements first, lowest ER first (4.2a); true when
/// they are reinforcements.
pub fn move_options(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
    only: Option<UnitId>,
) -> (Vec<KgCommand>, bool) {
    let reinf = entering(rules, st, view, side);
    if !reinf.is_empty() {
        let mut out = Vec::new();
        for (u, ds) in reinf {
            out.extend(ds.into_iter().map(|to| KgCommand::Move { unit: u, to }));
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

impl PlayStep<Koniggratz> for Movement {
    fn name(&self) -> &'static str {
        "Movement"
    }

    fn case(&self) -> &'static str {
        "4.2"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: select a unit, then a highlighted hex it can reach; or pass (4.2).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &KgRules, st: &KgState) -> Option<Side> {
        Some(st.g.to_move)
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::Move { .. } | KgCommand::Pass)
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let view = View::new(rules, st);
        let (moves, reinforcing) = move_options(rules, st, &view, st.g.to_move, None);
        out.extend(moves);
        if !reinforcing {
            out.push(KgCommand::Pass);
        }
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || {
            let view = View::new(rules, st);
            let side = st.g.to_move;
            let reinf = entering(rules, st, &view, side);
            match cmd {
                KgCommand::Pass => reinf.is_empty(),
                KgCommand::Move { unit, to } if !reinf.is_empty() => {
                    reinf.iter().any(|(u, ds)| u == unit && ds.contains(to))
                }
                KgCommand::Move { unit, to } => {
                    let i = *unit as usize;
                    rules.units[i].side == side
                        && matches!(st.units[i].loc, Loc::Map(_))
                        && rules::destination_hexes(rules, st, &view, *unit).contains(to)
                }
                _ => false,
            }
        })
    }

    fn refuse_other(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Option<Refusal> {
        other_kind(rules, cmd, || not_this_step(rules, st, cmd))
    }

    fn execute(
        &self,
        rules: &KgRules,
        st: &mut KgState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &KgCommand,
    ) {
        let side = st.g.to_move;
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            KgCommand::Move { unit, to } => g.move_unit(side, *unit, *to),
            KgCommand::Pass => g.pass_alternating(side),
            _ => {}
        }
    }
}

impl KgStep for Movement {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        match cmd {
            KgCommand::Move { unit, to } => {
                let view = View::new(rules, st);
                let d = &rules.units[*unit as usize];
                if d.side != st.g.to_move {
                    return Refusal::new(
                        "4.2b",
                        format!("it is {}'s turn to move", who(rules, st)),
                    );
                }
                let reinf = entering(rules, st, &view, d.side);
                if !reinf.is_empty() && !reinf.iter().any(|(u, _)| u == unit) {
                    return Refusal::new(
                        "4.2a",
                        format!(
                            "reinforcements must enter first, lowest ER first ({} waiting)",
                            due_reinforcements(rules, st, d.side).len()
                        ),
                    );
                }
                let (rule, reason) = rules::why_not_move(rules, st, &view, *unit, *to);
                Refusal::new(&rule, reason)
            }
            KgCommand::Pass => Refusal::new(
                "4.2a",
                "reinforcements that can enter must enter before you pass",
            ),
            _ => not_this_step(rules, st, cmd),
        }
    }

    /// Both passed (or the cap is used up): the Attack Phase. An enemy unit on the entry
    /// hex of a due reinforcement retreats first (4.2a).
    fn auto(&self, g: &mut Game) -> bool {
        if g.st.g.cap == Some(0) {
            g.begin_attack();
            return true;
        }
        let rules = g.rules;
        let side = g.st.g.to_move;
        let due = due_reinforcements(rules, g.st, side);
        if due.is_empty() {
            return false;
        }
        let view = g.view();
        for u in due {
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
                g.note(
                    "4.2a",
                    format!("{} stands on an entry hex and must retreat", g.name(o)),
                );
                g.st.g.pending.push(Pending::Retreat {
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
}

impl Game<'_> {
    pub(in super::super) fn begin_movement(&mut self) {
        self.st.g.step = Step::Movement;
        self.st.g.road_moves.clear();
        self.st.g.to_move = Side::Prussia;
        self.st.g.passed = [false; 2];
        self.st.g.cap = None;
        self.note("4.2", "Movement phase");
    }

    /// 4.2a-c: one move (or a reinforcement's entry) of `side`.
    fn move_unit(&mut self, side: Side, unit: UnitId, to: Coord) {
        let view = self.view();
        let opt = rules::destination(self.rules, self.st, &view, unit, to);
        let entering = self.st.units[unit as usize].loc == Loc::Off;
        self.place(unit, to);
        let m = &self.rules.map;
        let d = &self.rules.units[unit as usize];
        // the zones of the enemy, which the move does not change
        if d.kind == Kind::Infantry && (view.in_ezoi(m, d.side, to) || view.in_ezoc(m, d.side, to))
        {
            self.st.units[unit as usize].march = false;
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
        match self.st.g.road_moves.iter_mut().find(|m| m.0 == unit) {
            Some(m) => m.1 = road,
            None => self.st.g.road_moves.push((unit, road)),
        }
        let verb = if entering { "enters the map" } else { "moves" };
        self.note(
            if entering { "4.2a" } else { "4.2b" },
            format!("{} {verb} to {to}{how}", self.name(unit)),
        );
        self.count_action(side);
        if d.side == Side::Prussia && self.st.g.bombard == Some(to) {
            self.bombard(unit);
        }
    }
}
