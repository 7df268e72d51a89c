//! The turn structure of Trautenau – Soor (6): the start of a turn (reaction tests, 7.1),
//! lines of command and the initiative (7.2, 8), the cup and the activations (9), the end
//! of a turn and of a day (11.4, 13.2).

#[allow(unused_imports)]
use crate::engine::hexmap::{Coord, SideKind, Terrain};
#[allow(unused_imports)]
use crate::games::trautenau::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
#[allow(unused_imports)]
use crate::games::trautenau::data::*;
use crate::games::trautenau::flow::Game;
#[allow(unused_imports)]
use crate::games::trautenau::flow::*;
#[allow(unused_imports)]
use crate::games::trautenau::los;
#[allow(unused_imports)]
use crate::games::trautenau::rules::{self, View};
#[allow(unused_imports)]
use crate::games::trautenau::state::*;

impl Game<'_> {
    pub(crate) fn begin_turn(&mut self) {
        let hour = self.st.g.hour;
        for u in &mut self.st.units {
            u.acted = false;
            u.chief_command = false;
        }
        for f in &mut self.st.formations {
            f.in_cup = false;
            f.entered = 0;
            f.failed_activation = false;
        }
        self.note(
            "6",
            format!(
                "Turn {hour:02}.00{}",
                if self.rules.is_night(hour) {
                    " (night)"
                } else {
                    ""
                }
            ),
        );
        // 9.5.13: an eliminated aide de camp comes back on a unit of his formation.
        for l in 0..self.rules.leaders.len() {
            if self.st.leaders[l].returns_next_turn {
                self.st.leaders[l].returns_next_turn = false;
                self.place_aide(l);
            }
        }
        self.reinforcement_rolls();
        // 7.1: reaction tests.
        let view = rules::view(self.rules, self.st);
        for l in 0..self.rules.leaders.len() {
            self.st.leaders[l].moved = false;
            self.st.leaders[l].may_move = false;
            let LeaderKind::Chief { reaction, .. } = self.rules.leaders[l].kind else {
                continue;
            };
            let side = self.rules.leaders[l].side;
            match self.st.leaders[l].loc {
                Loc::Map(c) => {
                    let near = self.st.units.iter().enumerate().any(|(i, u)| {
                        self.rules.units[i].side != side
                            && u.loc.hex().is_some_and(|h| h.distance(c) <= 3)
                    });
                    if near {
                        self.st.leaders[l].may_move = true;
                        self.note(
                            "7.1",
                            format!(
                                "{} is within 3 hexes of the enemy and moves freely",
                                self.lname(l)
                            ),
                        );
                    } else {
                        let r = self.dice.d6(
                            &format!("reaction test, {}", self.rules.leaders[l].name),
                            "7.1",
                            vec![("reaction value (1.2.1)".into(), reaction as i32)],
                        );
                        let ok = combat::test_passes(r.die, reaction);
                        self.st.leaders[l].may_move = ok;
                        self.note(
                            "7.1",
                            format!(
                                "{} reaction test: {} + {} = {} — {}",
                                self.lname(l),
                                r.die,
                                reaction,
                                r.total,
                                if ok { "may move" } else { "stays" }
                            ),
                        );
                    }
                }
                Loc::Off => {
                    if let Some(a) = leader_arrival(self.rules, self.st, l)
                        && arrived_due(self.st, &a)
                        && !self.rules.absent.contains(&self.rules.leaders[l].id)
                    {
                        self.st.leaders[l].may_move = true;
                    }
                }
                _ => {}
            }
        }
        let _ = view;
        self.st.g.step = Step::ChiefMove(Side::Prussia);
    }

    /// 7.2 lines of command, 9.1.4 budget, 8 initiative and the cup.
    pub(crate) fn command_and_initiative(&mut self) {
        let view = rules::view(self.rules, self.st);
        let hour = self.st.g.hour;
        for f in 0..self.rules.formations.len() {
            let Some(l) = self.rules.formation_leader[f] else {
                continue;
            };
            let Loc::Map(lh) = self.st.leaders[l].loc else {
                // 9.4: a formation arriving as a reinforcement is in command.
                self.st.leaders[l].ooc = false;
                continue;
            };
            let reached = in_line_of_command(self.rules, self.st, &view, f, lh);
            if self.st.leaders[l].ooc == reached {
                self.st.leaders[l].ooc = !reached;
            }
            if !reached {
                self.note(
                    "7.2",
                    format!(
                        "{} is out of command (no line of command to his commander in chief)",
                        self.lname(l)
                    ),
                );
            }
        }
        // 9.1.4: each commander in chief on the map commands up to his reaction value of
        // cut-off units of his own formations this turn.
        self.st.g.chief_budget = self
            .rules
            .leaders
            .iter()
            .enumerate()
            .map(|(i, l)| match l.kind {
                LeaderKind::Chief { reaction, .. } if self.st.leaders[i].loc.hex().is_some() => {
                    reaction
                }
                _ => 0,
            })
            .collect();
        // 1.2.4: markers of formations present or arriving this turn.
        for f in 0..self.rules.formations.len() {
            let fd = &self.rules.formations[f];
            if fd.independent || fd.marker_from.is_some_and(|h| hour < h) {
                continue;
            }
            let present = self.rules.units.iter().enumerate().any(|(i, u)| {
                self.rules.unit_formation[i] == f
                    && (self.st.units[i].loc.hex().is_some()
                        || (self.st.units[i].loc == Loc::Off
                            && !self.rules.absent.contains(&u.id)
                            && unit_arrival(self.rules, self.st, i as UnitId)
                                .is_some_and(|a| arrived_due(self.st, &a))))
            });
            // 13.2: after a panic only one Austrian brigade acts in the first two turns.
            let held_back = self.st.g.day == 2
                && self.st.g.fled
                && fd.side == Side::Austria
                && self.st.g.panic_brigade.is_some_and(|b| b as usize != f)
                && hour < start_hour(self.rules, self.st) + 2;
            self.st.formations[f].in_cup = present && !held_back;
        }
        // 8: initiative.
        let winner = self.roll_initiative();
        let _ = view;
        match winner {
            Some(s) => {
                self.note("8", format!("{} has the initiative", s.name()));
                self.st.g.step = Step::ChooseFirst(s);
            }
            None => {
                self.note(
                    "8",
                    "no commander in chief on the map: every marker goes in the cup",
                );
                self.draw_next();
            }
        }
    }

    /// 8: each commander in chief on the map rolls; the higher side wins (ties as the
    /// scenario says, Prussia on day two); with several chiefs, the one who rolled best
    /// names the formation.
    fn roll_initiative(&mut self) -> Option<Side> {
        let mut best: [Option<i32>; 2] = [None, None];
        let mut best_chief: [Option<(i32, usize)>; 2] = [None, None];
        // two chiefs of one side sharing the best roll: either may name the formation
        let mut shared_best = [false, false];
        for side in Side::BOTH {
            for (l, ld) in self.rules.leaders.iter().enumerate() {
                if ld.side != side || self.st.leaders[l].loc.hex().is_none() {
                    continue;
                }
                if let LeaderKind::Chief { initiative, .. } = ld.kind {
                    let r = self.dice.d6(
                        &format!("initiative, {}", ld.name),
                        "8",
                        vec![("initiative bonus (1.2.1)".into(), initiative as i32)],
                    );
                    self.note(
                        "8",
                        format!("{} rolls {} + {} = {}", ld.name, r.die, initiative, r.total),
                    );
                    let b = &mut best[side.idx()];
                    *b = Some(b.map_or(r.total, |x| x.max(r.total)));
                    let bc = &mut best_chief[side.idx()];
                    if bc.is_none_or(|(t, _)| r.total > t) {
                        *bc = Some((r.total, l));
                        shared_best[side.idx()] = false;
                    } else if bc.is_some_and(|(t, _)| r.total == t) {
                        shared_best[side.idx()] = true;
                    }
                }
            }
        }
        let winner = match (best[Side::Austria.idx()], best[Side::Prussia.idx()]) {
            (None, None) => None,
            (Some(_), None) => Some(Side::Austria),
            (None, Some(_)) => Some(Side::Prussia),
            (Some(a), Some(p)) => Some(if a > p {
                Side::Austria
            } else if p > a {
                Side::Prussia
            } else if self.st.g.day >= 2 && self.rules.day2.is_some() {
                // 8: day two is the Battle of Soor; the Austrian edge on ties is
                // Trautenau's alone (11.1.5).
                Side::Prussia
            } else {
                self.rules.initiative_ties
            }),
        };
        self.st.g.initiative = winner;
        // 8: with several chiefs, only a formation of the winning chief goes first.
        self.st.g.initiative_chief = winner
            .and_then(|s| best_chief[s.idx()])
            .filter(|_| {
                let side = winner.unwrap_or(Side::Prussia);
                self.rules
                    .leaders
                    .iter()
                    .enumerate()
                    .filter(|(i, l)| {
                        l.side == side
                            && matches!(l.kind, LeaderKind::Chief { .. })
                            && self.st.leaders[*i].loc.hex().is_some()
                    })
                    .count()
                    > 1
                    && !shared_best[side.idx()]
            })
            .map(|(_, l)| l as u8);
        winner
    }

    pub(crate) fn draw_next(&mut self) {
        let cup: Vec<usize> = (0..self.rules.formations.len())
            .filter(|&f| self.st.formations[f].in_cup)
            .collect();
        if cup.is_empty() {
            // C: the rally phase (10.1), Prussia first.
            self.st.g.active = None;
            self.st.g.handled.clear();
            self.st.g.step = Step::Rally(Side::Prussia);
            return;
        }
        let k = self
            .dice
            .draw(cup.len(), "activation marker drawn from the cup", "9");
        let f = cup[k];
        self.note(
            "9",
            format!("Drawn from the cup: {}", self.rules.formations[f].name),
        );
        self.activate(f);
    }

    pub(crate) fn activate(&mut self, f: usize) {
        let side = self.rules.formations[f].side;
        self.st.formations[f].in_cup = false;
        self.st.g.active = Some(f);
        self.st.g.assaults.clear();
        for i in 0..self.st.units.len() {
            let u = &mut self.st.units[i];
            u.spent = 0;
            u.moved = false;
            u.fired = false;
            u.engaged = false;
            u.support_used = false;
        }
        for l in 0..self.rules.leaders.len() {
            if !is_chief(self.rules, l) {
                self.st.leaders[l].moved = false;
            }
        }
        // 9.1.1: activation test of a commander out of command.
        if let Some(l) = self.rules.formation_leader[f]
            && self.st.leaders[l].loc.hex().is_some()
            && self.st.leaders[l].ooc
            && let LeaderKind::Formation { command, .. } = self.rules.leaders[l].kind
        {
            let r = self.dice.d6(
                &format!("activation test, {}", self.rules.leaders[l].name),
                "9.1.1",
                vec![("command value (1.2.2)".into(), command as i32)],
            );
            let ok = combat::test_passes(r.die, command);
            if ok {
                self.st.leaders[l].ooc = false;
            } else {
                self.st.formations[f].failed_activation = true;
            }
            self.note(
                "9.1.1",
                format!(
                    "{} activation test: {} + {} = {} — {}",
                    self.lname(l),
                    r.die,
                    command,
                    r.total,
                    if ok {
                        "the formation acts normally"
                    } else {
                        "the formation stays out of command"
                    }
                ),
            );
        }
        // 9.1.2 - 9.1.4: command status of the units.
        let view = rules::view(self.rules, self.st);
        let lh = leader_hex(self.rules, self.st, f).filter(|_| {
            !self.st.formations[f].failed_activation
                && self.rules.formation_leader[f].is_some_and(|l| !self.st.leaders[l].ooc)
        });
        let lreach = lh
            .map(|h| {
                let mut v = rules::command_reach(self.rules, self.st, &view, side, h, 6);
                v.push(h);
                v
            })
            .unwrap_or_default();
        let leader_present =
            self.rules.formation_leader[f].is_some_and(|l| self.st.leaders[l].loc.hex().is_some());
        for i in 0..self.st.units.len() {
            let uf = self.rules.unit_formation[i];
            if !(uf == f
                || (self.rules.formations[uf].independent
                    && self.rules.formations[uf].side == side))
            {
                continue;
            }
            let always = self
                .rules
                .always_in_command
                .iter()
                .any(|&(x, h)| x == i && abs_hour(self.st) <= h); // 11.1.4: day one only
            let Some(h) = self.st.units[i].loc.hex() else {
                // 9.4: reinforcements are in command.
                self.st.units[i].in_command = true;
                continue;
            };
            // 9.1.3 / 9.1.4: an independent unit is in command through the activated
            // formation commander; through the commander in chief only when he takes it
            // under his direct command, which counts toward his limit (9.1.4).
            let inc = if self.rules.formations[uf].independent {
                always || lreach.contains(&h)
            } else {
                always
                    || (!leader_present && self.rules.formation_leader[f].is_none())
                    || lreach.contains(&h)
            };
            self.st.units[i].in_command = inc;
        }
        // 9.1.4: the commander in chief may take cut-off units under his command.
        if chief_candidates(self.rules, self.st, &rules::view(self.rules, self.st)).is_empty() {
            self.end_command_check();
        } else {
            self.st.g.step = Step::ChiefCommand;
        }
    }

    pub(crate) fn end_activation(&mut self) {
        // 9.1.3: an independent unit that moved, fired or assaulted in this activation has
        // had its one activation of the turn. Within the activation it acts like any unit
        // of the formation (fire then move, move then assault).
        if let Some(f) = self.st.g.active {
            let side = self.rules.formations[f].side;
            for i in 0..self.st.units.len() {
                let uf = self.rules.unit_formation[i];
                let u = &mut self.st.units[i];
                if self.rules.formations[uf].independent
                    && self.rules.formations[uf].side == side
                    && (u.moved || u.fired || u.engaged)
                {
                    u.acted = true;
                }
            }
        }
        self.st.g.active = None;
        self.st.g.assaults.clear();
        self.draw_next();
    }

    pub(crate) fn end_turn(&mut self) {
        let hour = self.st.g.hour;
        // 12.4.1: control at the end of the check turn.
        if let Victory::Soor {
            check_hour,
            hold,
            bonus,
            ..
        } = victory(self.rules, self.st)
            && hour == *check_hour
            && self.st.g.iv_start.is_none()
        {
            let held = hold
                .iter()
                .filter(|l| controls(self.rules, self.st, Side::Austria, l))
                .count();
            let mut vp = if held == hold.len() {
                2
            } else if held > 0 {
                1
            } else {
                0
            };
            if controls(self.rules, self.st, Side::Austria, bonus) {
                vp += 2;
            }
            self.st.g.banked_vp[Side::Austria.idx()] += vp;
            self.note(
                "12.4.1",
                format!("Austria scores {vp} VP for the places it holds at {hour:02}.00"),
            );
        }
        // 11.4.2: Bonin's panic.
        if let Victory::Trautenau { panic_from, .. } = victory(self.rules, self.st)
            && hour >= *panic_from
        {
            let (vp, _) = score(self.rules, self.st, false);
            let level = austrian_level(vp);
            if panic_chance(level) == 0.0 {
                self.note(
                    "11.4.2",
                    format!(
                        "Bonin holds his nerve: Austria {} VP, Prussia {} VP, no die can make him panic",
                        vp[0], vp[1]
                    ),
                );
            }
            let r = if panic_chance(level) > 0.0 {
                Some(self.dice.d6(
                    "Bonin's panic",
                    "11.4.2",
                    vec![("Austrian victory level (VP margin)".into(), level)],
                ))
            } else {
                None
            };
            if let Some(r) = &r
                && bonin_panics(r.die, level)
            {
                self.st.g.panic = true;
                self.note(
                    "11.4.2",
                    format!(
                        "Bonin panics ({} + {level}): a major Austrian victory",
                        r.die
                    ),
                );
                // 13.1 / 13.2: in the linked game the second day follows unless the
                // Guard division came to Bonin's help.
                let guard = option_taken(self.rules, self.st, GUARD_DECISION);
                if self.rules.day2.is_some() && self.st.g.day == 1 && !guard {
                    self.next_day();
                } else {
                    self.finish();
                }
                return;
            }
            if let Some(r) = r {
                self.note(
                    "11.4.2",
                    format!("Bonin holds his nerve ({} + {level})", r.die),
                );
            }
        }
        if hour >= end_hour(self.rules, self.st) {
            if self.st.g.day == 1 && self.rules.day2.is_some() {
                self.next_day();
            } else {
                self.finish();
            }
            return;
        }
        self.st.g.hour += 1;
        self.begin_turn();
    }

    /// 13.2: the night between the two days of the linked game.
    pub(crate) fn next_day(&mut self) {
        // 13.4: day one keeps the victory conditions of Trautenau, so its end is "the end
        // of the game" of 11.4.1: units cut off from their edge are taken prisoner.
        let (mut vp, lines) = score(self.rules, self.st, true);
        for l in lines {
            self.note("13.4", format!("Day one: {l}"));
        }
        if self.st.g.panic {
            // 13.4: Bonin's panic counts as a major Austrian victory of 5 VP.
            vp = [5, 0];
        } else {
            self.take_prisoners();
        }
        self.st.g.day1_vp = vp;
        let panicked = self.st.g.panic;
        self.st.g.panic = false;
        self.note(
            "13.2",
            format!(
                "End of the first day: Austria {} VP, Prussia {} VP",
                vp[0], vp[1]
            ),
        );
        if panicked {
            // 13.2: every Prussian unit present is withdrawn; the I Corps may come back.
            self.st.g.fled = true;
            for i in 0..self.st.units.len() {
                if self.rules.units[i].side == Side::Prussia && self.st.units[i].loc.hex().is_some()
                {
                    self.st.units[i].loc = Loc::Off;
                    self.st.units[i].disorg = false;
                }
            }
            for l in 0..self.st.leaders.len() {
                if self.rules.leaders[l].side == Side::Prussia
                    && self.st.leaders[l].loc.hex().is_some()
                {
                    self.st.leaders[l].loc = Loc::Off;
                }
            }
            self.note(
                "13.2",
                "Bonin panicked: the Prussian I Corps leaves the field",
            );
            // 13.2: the Austrian player redeploys X Corps before day two.
            self.st.g.to_place.clear();
            for i in 0..self.st.units.len() {
                if self.rules.units[i].side == Side::Austria && self.st.units[i].loc.hex().is_some()
                {
                    self.st.units[i].loc = Loc::Off;
                    self.st.g.to_place.push(i as UnitId);
                }
            }
        } else {
            // 13.2: units in an enemy ZoC on protection-1 ground fall back as in a
            // retreat after combat; the loser's units also test their morale. The
            // loser moves first (Prussia on a tie). 11.4.2: a margin of 1 VP or less is a
            // tied game: nobody lost, and nobody tests morale.
            let loser = if vp[0] - vp[1] >= 2 {
                Some(Side::Prussia)
            } else if vp[1] - vp[0] >= 2 {
                Some(Side::Austria)
            } else {
                None
            };
            self.note(
                "13.2",
                match loser {
                    Some(l) => format!("{} lost the first day and falls back first", l.name()),
                    None => "The first day is a tied game (11.4.2): Prussia falls back first"
                        .to_string(),
                },
            );
            self.st.g.night_loser = loser;
            self.st.g.handled.clear();
            self.st.g.active = None;
            self.st.g.assaults.clear();
            self.st.g.step = Step::NightFallBack(loser.unwrap_or(Side::Prussia));
            return;
        }
        self.begin_day_two(true);
    }

    /// 13.2: the second day starts (after the redeployment if Bonin panicked).
    pub(crate) fn begin_day_two(&mut self, panicked: bool) {
        // Day-two scoring counts only new losses (12.4.1).
        for i in 0..self.st.units.len() {
            self.st.units[i].initial_losses = match self.st.units[i].loc {
                Loc::Eliminated => self.rules.units[i].morale,
                _ => self.st.units[i].losses,
            };
        }
        self.st.g.evacuated_clean = [0, 0];
        self.st.g.banked_vp = [0, 0];
        self.st.g.day = 2;
        self.st.g.hour = start_hour(self.rules, self.st);
        self.st.g.active = None;
        self.st.g.assaults.clear();
        self.note(
            "13.2",
            format!("The second day begins at {:02}.00", self.st.g.hour),
        );
        if panicked {
            self.st.g.step = Step::Redeploy;
            return;
        }
        self.begin_turn();
    }

    /// 13.3: the day-two reinforcement rolls at the start of a turn.
    pub(crate) fn reinforcement_rolls(&mut self) {
        let Some(d) = self.rules.day2.clone() else {
            return;
        };
        if self.st.g.day < 2 {
            return;
        }
        let hour = self.st.g.hour;
        if self.st.g.iv_start.is_none() && hour >= d.iv_hours.0 && hour <= d.iv_hours.1 {
            let r = self.dice.d6("Austrian IV Corps arrives?", "13.3.1", vec![]);
            if r.die == d.iv_roll {
                self.st.g.iv_start = Some(hour);
                self.note("13.3.1", format!("{}: the Austrian IV Corps marches to the guns, one brigade per turn from now", r.die));
            } else {
                self.note("13.3.1", format!("{}: no sign of the IV Corps", r.die));
            }
        }
        if self.st.g.fled
            && self.st.g.return_start.is_none()
            && self.st.g.iv_start.is_some_and(|h| hour > h)
            && hour <= d.return_until
        {
            let r = self.dice.d6("Prussian I Corps returns?", "13.3.2", vec![]);
            if r.die >= d.return_roll {
                self.st.g.return_start = Some(hour);
                self.note(
                    "13.3.2",
                    format!(
                        "{}: the Prussian I Corps comes back, one division per turn",
                        r.die
                    ),
                );
            } else {
                self.note("13.3.2", format!("{}: the I Corps stays away", r.die));
            }
        }
    }

    pub(crate) fn finish(&mut self) {
        let (vp, lines) = score(self.rules, self.st, true);
        for l in lines {
            self.note("11.4", l);
        }
        self.st.g.vp = [vp[0].max(0) as u32, vp[1].max(0) as u32];
        let diff = vp[0] - vp[1];
        self.st.g.winner = if self.st.g.panic || diff >= 2 {
            Some(Side::Austria)
        } else if diff <= -2 {
            Some(Side::Prussia)
        } else {
            None
        };
        let level = if self.st.g.panic || diff.abs() >= 5 {
            "major victory"
        } else if diff.abs() >= 2 {
            "minor victory"
        } else {
            "tied game"
        };
        let who = self.st.g.winner.map(|s| s.name()).unwrap_or("Nobody");
        self.note(
            "11.4.2",
            format!(
                "Game over: Austria {} VP, Prussia {} VP — {who}: {level}",
                vp[0], vp[1]
            ),
        );
        self.st.g.step = Step::GameOver;
        self.st.g.active = None;
        self.st.g.pending.clear();
    }
}
