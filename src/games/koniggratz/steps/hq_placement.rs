//! 4.0a-b: the start of a turn and the HQ Placement step. HQs are placed one at a time,
//! alternating from Prussia, each within 3 hexes (5 for Benedek) of a unit of its command
//! that is outside an enemy ZOI.

use super::super::Koniggratz;
use super::super::data::{KgRules, Kind, Side};
use super::super::flow::{Game, hq_ids_of};
use super::super::rules::View;
use super::super::state::{HqState, KgCommand, KgState, Loc, Refusal, Step};
use super::{KgStep, checked, not_this_step, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::hexmap::Coord;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct HqPlacement;

/// The hexes of the units that let `hq` be placed near them (4.0b): of its command, on
/// the map, not in an enemy ZOI.
fn anchors<'a>(
    rules: &'a KgRules,
    st: &'a KgState,
    view: &'a View,
    hq: usize,
) -> impl Iterator<Item = Coord> + 'a {
    let def = &rules.hqs[hq];
    st.units.iter().enumerate().filter_map(move |(i, u)| {
        let Loc::Map(c) = u.loc else { return None };
        let ud = &rules.units[i];
        (ud.side == def.side
            && def.armies.contains(&ud.army)
            && !view.in_ezoi(&rules.map, ud.side, c))
        .then_some(c)
    })
}

/// The hexes of the other HQs placed this turn.
fn other_hqs(st: &KgState, hq: usize) -> impl Iterator<Item = Coord> + '_ {
    st.hqs
        .iter()
        .enumerate()
        .filter(move |(i, h)| *i != hq && h.placed)
        .filter_map(|(_, h)| h.at)
}

/// Legal HQ hexes (4.0b): within 3 (5 for Benedek) of a unit of its command not in an
/// EZOI; any empty hex if there is none.
pub fn hq_hexes(rules: &KgRules, st: &KgState, view: &View, hq: usize) -> Vec<Coord> {
    let m = &rules.map;
    let radius = rules.hqs[hq].placement_radius;
    let mut near = vec![false; m.len()];
    for c in anchors(rules, st, view, hq) {
        for x in m.within(c, radius) {
            if let Some(i) = m.index(x) {
                near[i] = true;
            }
        }
    }
    // in sorted order (column, then row)
    let mut out: Vec<Coord> = (1..=m.cols)
        .flat_map(|col| (1..=m.rows).map(move |row| Coord::new(col, row)))
        .filter(|c| m.index(*c).is_some_and(|i| near[i]))
        .collect();
    if out.is_empty() {
        out = m
            .coords()
            .filter(|c| view.occupant(m, *c).is_none() && st.g.bombard != Some(*c))
            .collect();
    }
    let others: Vec<Coord> = other_hqs(st, hq).collect();
    out.retain(|c| !others.contains(c));
    out
}

/// Whether `hq` may be placed at `at` ([`hq_hexes`] for one hex).
fn hq_hex_ok(rules: &KgRules, st: &KgState, view: &View, hq: usize, at: Coord) -> bool {
    let m = &rules.map;
    if !m.contains(at) || other_hqs(st, hq).any(|c| c == at) {
        return false;
    }
    let radius = rules.hqs[hq].placement_radius;
    let mut anchored = false;
    for c in anchors(rules, st, view, hq) {
        if c.distance(at) <= radius {
            return true;
        }
        anchored = true;
    }
    !anchored && view.occupant(m, at).is_none() && st.g.bombard != Some(at)
}

impl PlayStep<Koniggratz> for HqPlacement {
    fn name(&self) -> &'static str {
        "HQ placement"
    }

    fn case(&self) -> &'static str {
        "4.0b"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: pick an HQ in the panel, then a highlighted hex within its placement radius (4.0b).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &KgRules, st: &KgState) -> Option<Side> {
        Some(st.g.to_move)
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::PlaceHq { .. })
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let view = View::new(rules, st);
        for h in hq_ids_of(rules, st.g.to_move) {
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

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || {
            let KgCommand::PlaceHq { hq, at, .. } = cmd else {
                return false;
            };
            let h = *hq as usize;
            rules.hqs[h].side == st.g.to_move
                && !st.hqs[h].placed
                && hq_hex_ok(rules, st, &View::new(rules, st), h, *at)
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
        let KgCommand::PlaceHq { hq, at, battle } = cmd else {
            return;
        };
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        let h = *hq as usize;
        g.st.hqs[h] = HqState {
            at: Some(*at),
            battle: *battle,
            placed: true,
        };
        let mode = if *battle { "Battle" } else { "Normal" };
        g.note(
            "4.0b",
            format!("{} placed at {at} in {mode} mode", rules.hqs[h].name),
        );
        g.next_hq_placer();
    }
}

impl KgStep for HqPlacement {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        let KgCommand::PlaceHq { hq, at, .. } = cmd else {
            return not_this_step(rules, st, cmd);
        };
        let h = *hq as usize;
        if rules.hqs[h].side != st.g.to_move {
            Refusal::new(
                "4.0b",
                format!("it is {}'s turn to place an HQ", who(rules, st)),
            )
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

    /// Both sides placed every HQ: the blown units return (4.0c); a side with none left
    /// to place hands over.
    fn auto(&self, g: &mut Game) -> bool {
        let rules = g.rules;
        let unplaced = |s: Side| hq_ids_of(rules, s).any(|h| !g.st.hqs[h].placed);
        if !unplaced(Side::Prussia) && !unplaced(Side::Austria) {
            g.begin_blown(Side::Prussia);
            return true;
        }
        if !unplaced(g.st.g.to_move) {
            g.st.g.to_move = g.st.g.to_move.other();
            return true;
        }
        false
    }
}

impl Game<'_> {
    /// After a placement: the other side places next if it has an HQ left.
    fn next_hq_placer(&mut self) {
        let cur = self.st.g.to_move;
        let unplaced = |s: Side, st: &KgState| hq_ids_of(self.rules, s).any(|h| !st.hqs[h].placed);
        if unplaced(cur.other(), self.st) {
            self.st.g.to_move = cur.other();
        } else if unplaced(cur, self.st) {
            self.st.g.to_move = cur;
        }
    }

    /// Start of a turn: AP for arriving armies (6.1), cavalry recovery (4.0a), HQs removed
    /// (4.0b).
    pub(in super::super) fn begin_turn(&mut self) {
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
}
