//! The sequence of play as state changes: the start, the seven phases of a player turn
//! (turn.sequence) with what happens automatically at their start, the end of a turn
//! (prisoner exchange, winter), the end of a year (the strategic sequence) and of the
//! game; and the effects every command shares (captures, depots, surrender).

use super::data::SxRules;
use super::rules::*;
use super::state::*;
use super::steps;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;

pub struct Game<'a> {
    pub r: &'a SxRules,
    pub st: &'a mut SxState,
    pub dice: &'a mut Dice,
    pub log: &'a mut GameLog,
}

pub fn phase_name(st: &SxState) -> String {
    match st.g.step {
        Step::Deploy if st.g.redeploying => "Secret re-deployment".into(),
        Step::Deploy => "Secret deployment".into(),
        Step::Morale => "1 Morale recovery".into(),
        Step::Depot => "2 Depot creation".into(),
        Step::March => "3 Friendly marches".into(),
        Step::ForceMarch => "4 Enemy force marches".into(),
        Step::Combat | Step::Retreat => "5 Combat".into(),
        Step::Siege => "6 Siege resolution".into(),
        Step::Attrition => "7 Enemy attrition".into(),
        Step::Increment => "Strategic sequence: force increments".into(),
        Step::GameOver => "Game over".into(),
    }
}

pub fn new_state(r: &SxRules) -> SxState {
    let mut st = SxState {
        g: Globals {
            year: r.start_year,
            turn: r.start_turn,
            step: Step::Deploy,
            phasing: Side::Prussia,
            deploying: Side::Austria,
            opened: false,
            march: None,
            combat: None,
            combat_done: Vec::new(),
            retreat: None,
            siege: None,
            sieges_tried: Vec::new(),
            active: [false; POWERS],
            out: [false; POWERS],
            cooperates: [false; POWERS],
            rp_this_phase: [0; POWERS],
            winner: None,
            result: String::new(),
            to_lose: [0; POWERS],
            redeployed: [false; 2],
            redeploying: false,
            exchange: None,
            placing: Vec::new(),
            returning: Vec::new(),
            redeploy_start: Vec::new(),
            last_battle: None,
        },
        areas: vec![AreaSt::default(); r.areas.len()],
        leaders: vec![
            LeaderSt {
                loc: LLoc::Pool,
                moved: false,
            };
            r.leaders.len()
        ],
        pools: Pools::default(),
    };
    for (i, a) in r.areas.iter().enumerate() {
        if a.fortress.is_some() {
            st.areas[i].holder = a.country.power().map(|p| p.side());
        }
    }
    activate(r, &mut st, r.start_year);
    st
}

/// The powers and leaders entering in `year` (grand.start, grand.diplomacy).
fn activate(r: &SxRules, st: &mut SxState, year: u16) {
    for (e, ls) in r.entries.iter().zip(&r.entry_leaders) {
        if e.year != year || st.g.out[e.power.idx()] {
            continue;
        }
        let p = e.power.idx();
        st.g.active[p] = true;
        st.pools.undeployed[p] += e.sp;
        st.pools.total[p] += e.sp;
        for l in ls {
            if let Some(x) = st.leaders.get_mut(*l as usize) {
                x.loc = LLoc::Undeployed;
            }
        }
    }
}

impl Game<'_> {
    pub fn note(&mut self, rule: &str, text: impl Into<String>) {
        let phase = phase_name(self.st);
        self.log.push(self.st.g.turn, &phase, rule, text);
    }

    pub fn roll(&mut self, purpose: &str, rule: &str, mods: Vec<(String, i32)>) -> (u8, i32) {
        let roll = self.dice.d6(purpose, rule, mods.clone());
        let mods_text: String = mods
            .iter()
            .map(|(m, v)| format!(" {v:+} {m}"))
            .collect::<Vec<_>>()
            .join(",");
        self.note(
            rule,
            format!("{purpose}: rolled {}{mods_text} = {}", roll.die, roll.total),
        );
        (roll.die, roll.total)
    }

    pub fn start(&mut self) {
        self.note(
            "grand.start",
            format!(
                "{} begins on turn {} of {}: secret deployment",
                self.r.meta.name, self.st.g.turn, self.st.g.year
            ),
        );
        self.begin_deployment();
    }

    fn has_undeployed(&self, side: Side) -> bool {
        Power::ALL
            .iter()
            .any(|p| p.side() == side && self.st.pools.undeployed[p.idx()] > 0)
            || self.st.leaders.iter().enumerate().any(|(i, l)| {
                l.loc == LLoc::Undeployed && power_of(self.r, i as LeaderId).side() == side
            })
    }

    /// The secret deployment (grand.start, grand.redeploy): Austria's side places first,
    /// then Prussia's, behind the hand-over screen; both are revealed at the end.
    fn begin_deployment(&mut self) {
        self.st.g.step = Step::Deploy;
        if self.st.g.opened {
            // grand.redeploy: each side re-deploys in secret and says when it is done
            self.st.g.redeploying = true;
            self.st.g.redeployed = [false; 2];
            // deployment.secret: the position the re-deployment starts from
            let seen = (0..self.st.areas.len() as AreaId)
                .map(|a| {
                    let mut s = SeenAt::default();
                    for side in Side::BOTH {
                        s.field[side.idx()] = self.st.field_of(a, side) > 0;
                        s.inside[side.idx()] = self.st.garrison_of(a, side) > 0;
                    }
                    s.besieged = Some(besieger(self.r, self.st, a).is_some());
                    let x = &self.st.areas[a as usize];
                    let mut leaders = Vec::new();
                    for inside in [false, true] {
                        let loc = if inside {
                            LLoc::Garrison(a)
                        } else {
                            LLoc::Field(a)
                        };
                        for l in self.st.leaders_at(loc) {
                            leaders.push((l, inside));
                        }
                    }
                    s.forces = Some(StartForces {
                        field: x.field,
                        inside: x.garrison,
                        leaders,
                        lent: x.lent,
                    });
                    s
                })
                .collect();
            self.st.g.redeploy_start = seen;
            self.st.g.deploying = Side::Austria;
            return;
        }
        if self.has_undeployed(Side::Austria) {
            self.st.g.deploying = Side::Austria;
        } else if self.has_undeployed(Side::Prussia) {
            self.st.g.deploying = Side::Prussia;
        } else {
            self.end_deployment();
        }
    }

    /// After each deployment command: the next side, or the reveal and the first turn.
    pub fn deployment_progress(&mut self) {
        if self.st.g.redeploying {
            let d = self.st.g.deploying;
            if !self.st.g.redeployed[d.idx()] {
                return;
            }
            if d == Side::Austria {
                self.st.g.deploying = Side::Prussia;
                return;
            }
            self.st.g.redeploying = false;
            self.end_deployment();
            return;
        }
        if self.has_undeployed(self.st.g.deploying) {
            return;
        }
        if self.st.g.deploying == Side::Austria && self.has_undeployed(Side::Prussia) {
            // deployment.secret: one line, not one per placement (AUDIT14j 3.1)
            self.note("grand.start", "Austria has deployed in secret");
            self.st.g.deploying = Side::Prussia;
            return;
        }
        self.end_deployment();
    }

    fn end_deployment(&mut self) {
        // grand.redeploy, deployment.secret: a fortress secretly garrisoned in the
        // re-deployment changes hands now, at the reveal (the first deployment places
        // only in a side's own fortresses, which it already holds). `settle` (after
        // `enter`) would give them too; done here so that the reveal's log names them.
        let re = !self.st.g.redeploy_start.is_empty();
        let mut changed = Vec::new();
        if re {
            for (i, a) in self.r.areas.iter().enumerate() {
                if a.fortress.is_none() {
                    continue;
                }
                for side in Side::BOTH {
                    if self.st.garrison_of(i as AreaId, side) > 0
                        && self.st.garrison_of(i as AreaId, side.other()) == 0
                        && self.st.areas[i].holder != Some(side)
                    {
                        self.st.areas[i].holder = Some(side);
                        changed.push(format!("{} now held by {}", a.name, side.name()));
                    }
                }
            }
        }
        self.st.g.redeploy_start.clear();
        let mut lines = Vec::new();
        for (i, a) in self.r.areas.iter().enumerate() {
            let x = &self.st.areas[i];
            let mut parts = Vec::new();
            for p in Power::ALL {
                if x.field[p.idx()] > 0 {
                    parts.push(format!("{} {} SP", p.name(), x.field[p.idx()]));
                }
                if x.garrison[p.idx()] > 0 {
                    parts.push(format!("{} {} SP inside", p.name(), x.garrison[p.idx()]));
                }
            }
            if x.lent > 0 {
                parts.push(format!("{} Empire SP lent to France", x.lent));
            }
            for (l, ls) in self.st.leaders.iter().enumerate() {
                if ls.loc == LLoc::Field(i as AreaId) || ls.loc == LLoc::Garrison(i as AreaId) {
                    parts.push(self.r.leader_name(l as LeaderId).to_string());
                }
            }
            if !parts.is_empty() {
                lines.push(format!("{}: {}", a.name, parts.join(", ")));
            }
        }
        if re {
            let held = if changed.is_empty() {
                String::new()
            } else {
                format!(" {}.", changed.join("; "))
            };
            self.note(
                "grand.redeploy",
                format!("The re-deployment is revealed.{held} {}", lines.join("; ")),
            );
        } else {
            self.note(
                "grand.start",
                format!("The deployment is revealed. {}", lines.join("; ")),
            );
        }
        self.st.g.phasing = Side::Prussia;
        self.enter(Step::Morale);
    }

    /// Enters a step with what happens at its start, then runs on to the first step
    /// that waits for a decision.
    pub fn enter(&mut self, step: Step) {
        self.st.g.step = step;
        match step {
            Step::Morale => {
                for a in self.st.areas.iter_mut() {
                    a.pass_entry = [false; 2];
                }
                self.return_wounded();
            }
            Step::Depot => {
                // campaign.casualties: one left without a force waits for the next phase
                self.st.g.returning.clear();
                let side = self.st.g.phasing;
                for i in 0..self.st.areas.len() {
                    if let Some(d) = self.st.areas[i].depot.as_mut()
                        && d.owner == side
                        && !d.complete
                    {
                        d.complete = true;
                        let name = self.r.area_name(i as AreaId).to_string();
                        self.note(
                            "supply.depots",
                            format!("{}'s depot at {name} is complete", side.name()),
                        );
                    }
                }
            }
            Step::March | Step::ForceMarch => {
                for l in self.st.leaders.iter_mut() {
                    l.moved = false;
                }
                self.st.g.march = None;
            }
            Step::Combat => {
                self.st.g.combat_done.clear();
                self.st.g.combat = None;
            }
            Step::Siege => {
                self.st.g.sieges_tried.clear();
                self.st.g.siege = None;
            }
            Step::Attrition => {
                // fortress.relief: a lifted siege may be taken up again after the
                // besieger's next siege phase (ours)
                let now = self.st.player_turn();
                let ph = self.st.g.phasing;
                for a in self.st.areas.iter_mut() {
                    if a.lifted.is_some_and(|(s, t)| s == ph && now > t) {
                        a.lifted = None;
                    }
                }
            }
            _ => {}
        }
        self.run_on();
    }

    /// Leaves steps that have nothing to decide.
    pub fn run_on(&mut self) {
        for _ in 0..64 {
            self.settle();
            if self.st.g.step == Step::GameOver {
                return;
            }
            if self.st.g.step == Step::Combat && self.st.g.combat.is_none() {
                self.next_combat();
            }
            if steps::has_work(self.r, self.st) {
                return;
            }
            self.next_step();
        }
    }

    pub fn next_step(&mut self) {
        let next = match self.st.g.step {
            Step::Morale => Step::Depot,
            Step::Depot => Step::March,
            Step::March => Step::ForceMarch,
            Step::ForceMarch => Step::Combat,
            Step::Combat | Step::Retreat => Step::Siege,
            Step::Siege => Step::Attrition,
            Step::Attrition => {
                self.end_player_turn();
                return;
            }
            Step::Increment => {
                if self.st.g.deploying == Side::Austria {
                    self.st.g.deploying = Side::Prussia;
                    self.st.g.rp_this_phase = [0; POWERS];
                    return;
                }
                self.begin_deployment();
                return;
            }
            Step::Deploy => {
                self.deployment_progress();
                return;
            }
            Step::GameOver => return,
        };
        self.enter(next);
    }

    fn end_player_turn(&mut self) {
        if self.st.g.phasing == Side::Prussia {
            self.st.g.phasing = Side::Austria;
            self.enter(Step::Morale);
            return;
        }
        self.st.g.phasing = Side::Prussia;
        self.new_turn();
    }

    fn new_turn(&mut self) {
        // grand.initiation: the year ends early once every force is in winter quarters.
        // OUR READING (AUDIT14f untested case 8, docs/games/saxonwar.md): Russians in
        // the Russia box are a force in the field (the box is a depot, no fortress), so
        // they keep the year going and suffer the winter attrition (winter.turns)
        let all_in_quarters = self.st.g.turn >= 16
            && self
                .st
                .areas
                .iter()
                .all(|a| a.field.iter().all(|n| *n == 0));
        if self.st.g.turn >= 18 || all_in_quarters {
            self.end_year();
            return;
        }
        self.st.g.turn += 1;
        self.note(
            "turn.sequence",
            format!("Turn {} of {}", self.st.g.turn, self.st.g.year),
        );
        if self.st.g.turn == 16 {
            self.note(
                "winter.turns",
                "Winter: march rolls -1; units inside fortresses are in winter quarters",
            );
        }
        if self.st.g.turn.is_multiple_of(2) {
            self.exchange_prisoners();
        }
        self.enter(Step::Morale);
    }

    /// The end of a year: the end of the game, or the strategic sequence.
    fn end_year(&mut self) {
        if self.st.g.year >= self.r.end_year {
            self.game_over_at_end();
            return;
        }
        self.st.g.year += 1;
        self.st.g.turn = 1;
        self.st.g.opened = true;
        let year = self.st.g.year;
        self.note(
            "grand.diplomacy",
            format!("Strategic sequence before {year}"),
        );
        activate(self.r, self.st, year);
        // grand.diplomacy: Russia may leave the war from 1760
        let r_idx = Power::Russia.idx();
        if year >= 1760 && self.st.g.active[r_idx] && !self.st.g.out[r_idx] {
            let need = (year - 1759).min(3) as i32;
            let (d, _) = self.roll("Russia leaves the war on 1", "grand.diplomacy", vec![]);
            if (d as i32) <= need {
                self.note(
                    "grand.diplomacy",
                    format!("Russia leaves the war ({d} ≤ {need})"),
                );
                self.remove_power(Power::Russia);
            }
        }
        for p in [Power::Austria, Power::France, Power::Russia] {
            if self.st.g.active[p.idx()] && !self.st.g.out[p.idx()] {
                let (d, _) = self.roll(
                    &format!("co-operation of {} (5-6)", p.name()),
                    "allies.cooperation",
                    vec![],
                );
                self.st.g.cooperates[p.idx()] = d >= 5;
            }
        }
        self.new_leaders();
        self.st.g.step = Step::Increment;
        self.st.g.deploying = Side::Austria;
        self.st.g.rp_this_phase = [0; POWERS];
        self.run_on();
        if self.st.g.step == Step::Increment && !steps::has_work(self.r, self.st) {
            self.begin_deployment();
        }
    }

    /// grand.redeploy: 1d6 per power: 3 one new leader, 4 one new and one lost, 5-6 two
    /// new and one lost. New leaders are drawn at random from those available by the
    /// year; the lost one is an "existing" leader (one on the map before this roll,
    /// `existing_leader`), chosen by the player in the re-deployment (`Dismiss`). A power
    /// whose leaders all enter this year has none to lose.
    fn new_leaders(&mut self) {
        let year = self.st.g.year;
        for p in Power::ALL {
            if !self.st.g.active[p.idx()] || self.st.g.out[p.idx()] {
                continue;
            }
            let (d, _) = self.roll(
                &format!("leader changes of {}", p.name()),
                "grand.redeploy",
                vec![],
            );
            let (new, lost) = match d {
                3 => (1, 0),
                4 => (1, 1),
                5 | 6 => (2, 1),
                // RECONSTRUCTED (lost item "1-2"): no change; 3 gives one new leader
                // and higher rolls more, so the lowest give none (docs/games/saxonwar.md)
                _ => (0, 0),
            };
            // the player chooses the leader he loses, in the re-deployment, among the
            // existing ones: not those drawn or entering now (grand.redeploy)
            let have = (0..self.st.leaders.len() as LeaderId)
                .filter(|l| power_of(self.r, *l) == p && existing_leader(self.st, *l))
                .count() as u8;
            self.st.g.to_lose[p.idx()] = lost.min(have);
            if self.st.g.to_lose[p.idx()] > 0 {
                self.note(
                    "grand.redeploy",
                    format!(
                        "{} must give up {} leader(s), chosen by its player",
                        p.name(),
                        self.st.g.to_lose[p.idx()]
                    ),
                );
            }
            for _ in 0..new {
                let pool: Vec<LeaderId> = (0..self.st.leaders.len() as LeaderId)
                    .filter(|l| {
                        power_of(self.r, *l) == p
                            && self.st.leaders[*l as usize].loc == LLoc::Pool
                            && self.r.leaders[*l as usize].year <= year
                            && !self.r.leaders[*l as usize].unnamed
                    })
                    .collect();
                if pool.is_empty() {
                    break;
                }
                let k = self.dice.draw(pool.len(), "new leader", "grand.redeploy");
                let l = pool[k];
                self.st.leaders[l as usize].loc = LLoc::Undeployed;
                let n = self.r.leader_name(l).to_string();
                self.note("grand.redeploy", format!("{n} joins {}", p.name()));
            }
            self.replace_lost_leaders(p);
        }
    }

    /// grand.redeploy: a power that has lost all its leaders receives a random new one,
    /// or, with none left, its leader with all values 0 (the data's unnamed general,
    /// RECONSTRUCTED).
    pub fn replace_lost_leaders(&mut self, p: Power) {
        let n = self.st.leaders.len() as LeaderId;
        if (0..n).any(|l| power_of(self.r, l) == p && in_service(self.st, l)) {
            return;
        }
        let year = self.st.g.year;
        let pool: Vec<LeaderId> = (0..n)
            .filter(|l| {
                power_of(self.r, *l) == p
                    && self.st.leaders[*l as usize].loc == LLoc::Pool
                    && self.r.leaders[*l as usize].year <= year
                    && !self.r.leaders[*l as usize].unnamed
            })
            .collect();
        let l = if pool.is_empty() {
            let Some(u) = (0..n).find(|l| {
                power_of(self.r, *l) == p
                    && self.r.leaders[*l as usize].unnamed
                    && matches!(self.st.leaders[*l as usize].loc, LLoc::Pool | LLoc::Gone)
            }) else {
                return;
            };
            u
        } else {
            pool[self.dice.draw(pool.len(), "new leader", "grand.redeploy")]
        };
        self.st.leaders[l as usize].loc = LLoc::Undeployed;
        let name = self.r.leader_name(l).to_string();
        self.note(
            "grand.redeploy",
            format!(
                "{} has lost all its leaders: {name} takes command",
                p.name()
            ),
        );
    }

    fn game_over_at_end(&mut self) {
        // RECONSTRUCTED victory (docs/games/saxonwar.md)
        let mut held = [0u32; 2];
        for (i, a) in self.r.areas.iter().enumerate() {
            if a.fortress.is_none() {
                continue;
            }
            let Some(owner) = a.country.power() else {
                continue;
            };
            if self.st.areas[i].holder == Some(owner.side().other()) {
                held[owner.side().other().idx()] += 1;
            }
        }
        let (p, au) = (held[Side::Prussia.idx()], held[Side::Austria.idx()]);
        // the Grand Campaign: Prussia survived to the end; the 1756 campaign: the count
        let grand = self.r.end_year > self.r.start_year;
        let winner = if grand || self.st.g.out[Power::Saxony.idx()] || p > au {
            Some(Side::Prussia)
        } else if au > p {
            Some(Side::Austria)
        } else {
            None
        };
        let text = format!(
            "End of {}: Prussia holds {p} enemy fortresses, Austria's side {au}: {}",
            self.st.g.year,
            winner.map_or("a draw".to_string(), |w| format!("{} wins", w.name()))
        );
        self.finish(winner, text);
    }

    pub fn finish(&mut self, winner: Option<Side>, text: String) {
        self.note("grand.surrender", text.clone());
        self.st.g.winner = winner;
        self.st.g.result = text;
        self.st.g.step = Step::GameOver;
        self.st.g.march = None;
        self.st.g.combat = None;
        self.st.g.retreat = None;
        self.st.g.siege = None;
    }

    /// prisoners.exchange: on even turns, one for one; released SPs and leaders go into
    /// an unbesieged fortress of their nationality (held by their side in their own
    /// country), else they stay prisoners. The side holding fewer releases all of them at
    /// once; the side holding more chooses which to release (`Release`,
    /// `ReleaseLeader` in the morale step, `g.exchange`) when it holds more than one
    /// power's SPs (or more leaders than it releases).
    fn exchange_prisoners(&mut self) {
        let mut releasable = [0u16; 2];
        for h in Side::BOTH {
            for p in Power::ALL {
                if exchange_dest(self.r, self.st, p).is_some() && !self.st.g.out[p.idx()] {
                    releasable[h.idx()] += self.st.pools.prisoners[h.idx()][p.idx()]
                        .min(release_room(self.r, self.st, p));
                }
            }
        }
        let held = [
            held_leaders(self.r, self.st, Side::Austria),
            held_leaders(self.r, self.st, Side::Prussia),
        ];
        let n = releasable[0].min(releasable[1]);
        let k = held[0].len().min(held[1].len()) as u16;
        let mut pending = ExchangeSt {
            sp: [0; 2],
            leaders: [0; 2],
        };
        for h in Side::BOTH {
            let i = h.idx();
            if n > 0 {
                let kinds: Vec<Power> = Power::ALL
                    .into_iter()
                    .filter(|p| {
                        self.st.pools.prisoners[i][p.idx()] > 0
                            && exchange_dest(self.r, self.st, *p).is_some()
                            && release_room(self.r, self.st, *p) > 0
                            && !self.st.g.out[p.idx()]
                    })
                    .collect();
                if releasable[i] == n || kinds.len() == 1 {
                    // no choice: all of them, or n of the one power held
                    let mut left = n;
                    for p in kinds {
                        let c = self.st.pools.prisoners[i][p.idx()]
                            .min(left)
                            .min(release_room(self.r, self.st, p));
                        for _ in 0..c {
                            self.release_sp(h, p);
                        }
                        left -= c;
                    }
                } else {
                    pending.sp[i] = n;
                }
            }
            if k > 0 {
                if held[i].len() as u16 == k {
                    for l in held[i].clone() {
                        self.release_leader(l);
                    }
                } else {
                    pending.leaders[i] = k;
                }
            }
        }
        if n > 0 || k > 0 {
            self.note(
                "prisoners.exchange",
                format!("exchange of {n} SP and {k} leaders on each side"),
            );
        }
        if pending
            .sp
            .iter()
            .chain(pending.leaders.iter())
            .any(|x| *x > 0)
        {
            self.st.g.exchange = Some(pending);
        }
    }

    /// One prisoner SP of a power held by `holder` goes home (prisoners.exchange); with
    /// two or more fortresses to go to, its owner picks one (`PlaceReleased`).
    pub fn release_sp(&mut self, holder: Side, p: Power) {
        let dests = exchange_dests(self.r, self.st, p);
        let Some(&a) = dests.first() else {
            return;
        };
        if release_room(self.r, self.st, p) == 0 {
            return;
        }
        let x = &mut self.st.pools.prisoners[holder.idx()][p.idx()];
        if *x == 0 {
            return;
        }
        *x -= 1;
        if dests.len() > 1 {
            self.st.g.placing.push(Placing {
                power: p,
                leader: None,
            });
            self.note(
                "prisoners.exchange",
                format!(
                    "1 SP of {} is released; {} picks the fortress it goes to",
                    p.name(),
                    p.side().name()
                ),
            );
            return;
        }
        self.st.areas[a as usize].garrison[p.idx()] += 1;
        let f = self.r.fortress_name(a).to_string();
        self.note(
            "prisoners.exchange",
            format!("1 SP of {} is released to {f}", p.name()),
        );
    }

    /// A captured leader goes home (prisoners.exchange).
    pub fn release_leader(&mut self, l: LeaderId) {
        let p = power_of(self.r, l);
        if exchange_dests(self.r, self.st, p).len() > 1 {
            // the owner picks the fortress (`PlaceReleased`); he stays in the holder's
            // hands until then but is no longer one to release
            self.st.g.placing.push(Placing {
                power: p,
                leader: Some(l),
            });
            let n = self.r.leader_name(l).to_string();
            self.note(
                "prisoners.exchange",
                format!(
                    "{n} is exchanged; {} picks the fortress he goes to",
                    p.side().name()
                ),
            );
            return;
        }
        if let Some(d) = exchange_dest(self.r, self.st, p) {
            self.st.leaders[l as usize].loc = LLoc::Garrison(d);
            let n = self.r.leader_name(l).to_string();
            let f = self.r.fortress_name(d).to_string();
            self.note(
                "prisoners.exchange",
                format!("{n} is exchanged and goes to {f}"),
            );
        }
    }

    /// prisoners.exchange: the first released piece waiting goes to the fortress its
    /// owner picked (checked by `legal`).
    pub fn place_released(&mut self, a: AreaId) {
        if self.st.g.placing.is_empty() {
            return;
        }
        let x = self.st.g.placing.remove(0);
        let f = self.r.fortress_name(a).to_string();
        match x.leader {
            Some(l) => {
                self.st.leaders[l as usize].loc = LLoc::Garrison(a);
                let n = self.r.leader_name(l).to_string();
                self.note("prisoners.exchange", format!("{n} goes to {f}"));
            }
            None => {
                self.st.areas[a as usize].garrison[x.power.idx()] += 1;
                self.note(
                    "prisoners.exchange",
                    format!("1 released SP of {} goes to {f}", x.power.name()),
                );
            }
        }
    }

    /// campaign.casualties: wounded leaders come back in their side's morale recovery
    /// phase "to any friends not besieged": a force of their side (allies count) in the
    /// field or in an unbesieged fortress. With one such force he goes there; with two or
    /// more his owner picks (`ReturnWounded`, `g.returning`); with none he waits.
    fn return_wounded(&mut self) {
        let now = self.st.abs_turn();
        self.st.g.returning.clear();
        for l in 0..self.st.leaders.len() as LeaderId {
            let LLoc::Wounded(back) = self.st.leaders[l as usize].loc else {
                continue;
            };
            let p = power_of(self.r, l);
            if back > now || p.side() != self.st.g.phasing {
                continue;
            }
            let to = wounded_dests(self.r, self.st, l);
            if to.len() > 1 {
                self.st.g.returning.push(l);
                let n = self.r.leader_name(l).to_string();
                self.note(
                    "campaign.casualties",
                    format!(
                        "{n} is back from his wound; {} picks the force he joins",
                        p.side().name()
                    ),
                );
            } else if let Some(&(a, inside)) = to.first() {
                self.return_leader(l, a, inside);
            }
        }
    }

    /// campaign.casualties: a wounded leader rejoins the friendly force at a place.
    pub fn return_leader(&mut self, l: LeaderId, a: AreaId, inside: bool) {
        self.st.g.returning.retain(|x| *x != l);
        self.st.leaders[l as usize].loc = if inside {
            LLoc::Garrison(a)
        } else {
            LLoc::Field(a)
        };
        let n = self.r.leader_name(l).to_string();
        self.note(
            "campaign.casualties",
            format!(
                "{n} returns from his wound to the force {} {}",
                if inside { "inside" } else { "at" },
                self.r.area_name(a)
            ),
        );
    }

    /// Removes a power from the map for good (grand.surrender, Russia leaving).
    pub fn remove_power(&mut self, p: Power) {
        let i = p.idx();
        self.st.g.out[i] = true;
        let mut n = self.st.pools.undeployed[i];
        self.st.pools.undeployed[i] = 0;
        for a in self.st.areas.iter_mut() {
            n += a.field[i] + a.garrison[i];
            a.field[i] = 0;
            a.garrison[i] = 0;
            a.demoralized[i] = false;
            a.demoralized_in[i] = false;
        }
        self.st.pools.eliminated[i] += n;
        for l in 0..self.st.leaders.len() {
            if power_of(self.r, l as LeaderId) == p
                && matches!(
                    self.st.leaders[l].loc,
                    LLoc::Field(_) | LLoc::Garrison(_) | LLoc::Undeployed | LLoc::Wounded(_)
                )
            {
                self.st.leaders[l].loc = LLoc::Gone;
            }
        }
    }

    /// Effects every command shares: lone leaders captured, depots removed, destroyed or
    /// captured (supply.depots), markers of empty forces cleared, surrenders
    /// (grand.surrender).
    pub fn settle(&mut self) {
        if self.st.g.step == Step::Deploy || self.st.g.step == Step::GameOver {
            return;
        }
        let n = self.st.areas.len();
        let marching: Vec<LeaderId> = self
            .st
            .g
            .march
            .as_ref()
            .map(|m| {
                let mut v = m.followers.clone();
                v.push(m.leader);
                v
            })
            .unwrap_or_default();
        // the powers with a leader in the field / in the garrison of each area (a bit per
        // power), counted in one pass instead of a scan of all leaders per area and power;
        // an area's field bits are counted again after a capture there (the only change
        // to the leaders below)
        let bit = |l: usize| 1u8 << power_of(self.r, l as LeaderId).idx();
        let mut in_field = vec![0u8; n];
        let mut in_garrison = vec![0u8; n];
        for (i, l) in self.st.leaders.iter().enumerate() {
            match l.loc {
                LLoc::Field(a) if (a as usize) < n => in_field[a as usize] |= bit(i),
                LLoc::Garrison(a) if (a as usize) < n => in_garrison[a as usize] |= bit(i),
                _ => {}
            }
        }
        for a in 0..n as AreaId {
            let mut captured = false;
            // lone leaders in the field with the enemy are captured (ours)
            for side in Side::BOTH {
                if self.st.field_of(a, side) == 0 && self.st.field_of(a, side.other()) > 0 {
                    for l in self.st.leaders_at(LLoc::Field(a)) {
                        if power_of(self.r, l).side() == side && !marching.contains(&l) {
                            self.st.leaders[l as usize].loc = LLoc::Prisoner(side.other());
                            captured = true;
                            let name = self.r.leader_name(l).to_string();
                            self.note(
                                "move.overwhelm",
                                format!(
                                    "{name}, alone with the enemy at {}, is captured",
                                    self.r.area_name(a)
                                ),
                            );
                        }
                    }
                }
            }
            if captured {
                in_field[a as usize] = self
                    .st
                    .leaders_at(LLoc::Field(a))
                    .iter()
                    .fold(0, |m, &l| m | bit(l as usize));
            }
            let x = &self.st.areas[a as usize];
            // supply.depots, OUR READING (AUDIT14f D5, docs/games/saxonwar.md): "below
            // 10 SP the depot is removed" binds only a depot being built; a completed
            // one stays, operative while 1 friendly SP is in its area (supply.sources
            // item 2), and is captured by an enemy occupying the area
            if let Some(d) = x.depot {
                let own = self.st.field_of(a, d.owner);
                let enemy = self.st.field_of(a, d.owner.other());
                let name = self.r.area_name(a).to_string();
                if !d.complete && enemy > 0 {
                    self.st.areas[a as usize].depot = None;
                    self.note(
                        "supply.depots",
                        format!("the depot begun at {name} is destroyed"),
                    );
                } else if !d.complete && own < 10 {
                    self.st.areas[a as usize].depot = None;
                    self.note(
                        "supply.depots",
                        format!("the depot begun at {name} is removed: fewer than 10 SP"),
                    );
                } else if d.complete && enemy > 0 && own == 0 {
                    self.st.areas[a as usize].depot = Some(Depot {
                        owner: d.owner.other(),
                        complete: true,
                        siege: false,
                    });
                    self.note(
                        "supply.depots",
                        format!("{} captures the depot at {name}", d.owner.other().name()),
                    );
                }
            }
            for p in Power::ALL {
                let has_leader = in_field[a as usize] & (1 << p.idx()) != 0;
                let has_leader_in = in_garrison[a as usize] & (1 << p.idx()) != 0;
                let x = &mut self.st.areas[a as usize];
                if x.field[p.idx()] == 0 && !has_leader {
                    x.demoralized[p.idx()] = false;
                }
                if x.garrison[p.idx()] == 0 && !has_leader_in {
                    x.demoralized_in[p.idx()] = false;
                }
                if !x.demoralized[p.idx()] {
                    x.withdrew[p.idx()] = false;
                }
                if !x.demoralized_in[p.idx()] {
                    x.withdrew_in[p.idx()] = false;
                }
                if p == Power::Empire {
                    x.lent = x.lent.min(x.field[p.idx()]);
                }
                if x.garrison[p.idx()] > 0 {
                    x.holder = Some(p.side());
                }
            }
        }
        self.check_surrender();
    }

    fn check_surrender(&mut self) {
        for p in Power::ALL {
            if !self.st.g.active[p.idx()]
                || self.st.g.out[p.idx()]
                || matches!(p, Power::Russia | Power::Empire)
            {
                continue;
            }
            let forts = starting_fortresses(self.r, p);
            if forts.is_empty()
                || !forts
                    .iter()
                    .all(|a| self.st.areas[*a as usize].holder == Some(p.side().other()))
            {
                continue;
            }
            self.note(
                "grand.surrender",
                format!(
                    "{} surrenders: all its starting fortresses are taken",
                    p.name()
                ),
            );
            self.remove_power(p);
            match p {
                Power::Prussia => {
                    self.finish(
                        Some(Side::Austria),
                        "Prussia surrenders: Austria wins".into(),
                    );
                    return;
                }
                Power::Austria => {
                    self.finish(
                        Some(Side::Prussia),
                        "Austria surrenders: Prussia wins".into(),
                    );
                    return;
                }
                _ => {}
            }
        }
    }

    /// The next area where both sides have SPs in the field (combat.willingness).
    fn next_combat(&mut self) {
        for a in 0..self.st.areas.len() as AreaId {
            if self.st.g.combat_done.contains(&a) {
                continue;
            }
            if self.st.field_of(a, Side::Austria) > 0 && self.st.field_of(a, Side::Prussia) > 0 {
                // morale.states: no combat where neither side has a good force to
                // initiate it
                if !may_initiate(self.st, a, Side::Austria)
                    && !may_initiate(self.st, a, Side::Prussia)
                {
                    self.st.g.combat_done.push(a);
                    continue;
                }
                self.st.g.combat = Some(CombatSt {
                    area: a,
                    fight: [None, None],
                    battle: false,
                    sally_done: false,
                    pull: None,
                });
                return;
            }
        }
    }

    /// Moves a power's SPs between places, carrying the demoralized marker with them, into
    /// the field or into a fortress (morale.states: a good force joining a demoralized one
    /// becomes demoralized; only a recovery roll removes the marker).
    pub fn move_sp(&mut self, p: Power, from: (AreaId, bool), to: (AreaId, bool), n: u16) {
        let demor = demoralized(self.st, p, from.0, from.1);
        let have = sp_at(self.st, p, from.0, from.1);
        let n = n.min(have);
        if let Some(x) = sp_at_mut(self.st, p, from.0, from.1) {
            *x -= n;
        }
        if let Some(x) = sp_at_mut(self.st, p, to.0, to.1) {
            *x += n;
        }
        let withdrew = self.st.area(from.0).is_some_and(|x| {
            if from.1 {
                x.withdrew_in[p.idx()]
            } else {
                x.withdrew[p.idx()]
            }
        });
        if demor && let Some(x) = self.st.areas.get_mut(to.0 as usize) {
            // morale.states: the marker goes along into a fortress and out of it
            if to.1 {
                x.demoralized_in[p.idx()] = true;
                x.withdrew_in[p.idx()] |= withdrew;
            } else {
                x.demoralized[p.idx()] = true;
                x.withdrew[p.idx()] |= withdrew;
            }
        }
    }

    /// Takes up to `n` SPs of a side's powers at a place (largest first), to the eliminated
    /// box or to the enemy as prisoners. Returns how many.
    pub fn lose(&mut self, side: Side, a: AreaId, inside: bool, n: u16, prisoners: bool) -> u16 {
        let mut left = n;
        while left > 0 {
            let Some(p) = Power::ALL
                .iter()
                .filter(|p| p.side() == side)
                .max_by_key(|p| (sp_at(self.st, **p, a, inside), std::cmp::Reverse(p.idx())))
                .copied()
            else {
                break;
            };
            let have = sp_at(self.st, p, a, inside);
            if have == 0 {
                break;
            }
            if let Some(x) = sp_at_mut(self.st, p, a, inside) {
                *x -= 1;
            }
            if prisoners {
                self.st.pools.prisoners[side.other().idx()][p.idx()] += 1;
            } else {
                self.st.pools.eliminated[p.idx()] += 1;
            }
            left -= 1;
        }
        n - left
    }

    /// Takes up to `n` SPs of one power at a place to the eliminated box (attrition, the
    /// attacker's losses). Returns how many.
    pub fn lose_from(&mut self, p: Power, a: AreaId, inside: bool, n: u16) -> u16 {
        let Some(x) = sp_at_mut(self.st, p, a, inside) else {
            return 0;
        };
        let k = n.min(*x);
        *x -= k;
        self.st.pools.eliminated[p.idx()] += k;
        k
    }

    /// A fortress falls to `side` (siege.honors, move.overwhelm-fortress): its besieger's
    /// depot there goes (supply.depots), and it supplies the captor from now on
    /// (supply.sources, `rules::fortress_source`).
    pub fn capture_fortress(&mut self, a: AreaId, side: Side) {
        self.st.areas[a as usize].holder = Some(side);
        // supply.sources: a source for the captor at once, garrisoned or not
        self.st.areas[a as usize].taken = Some(side);
        if self.st.areas[a as usize]
            .depot
            .is_some_and(|d| d.owner == side && d.siege)
        {
            self.st.areas[a as usize].depot = None;
            let n = self.r.area_name(a).to_string();
            self.note(
                "supply.depots",
                format!("the siege depot at {n} is removed"),
            );
        }
        let f = self.r.fortress_name(a).to_string();
        self.note("fortress.garrison", format!("{} takes {f}", side.name()));
    }

    /// The leaders of a side inside a fortress become prisoners.
    pub fn capture_garrison_leaders(&mut self, a: AreaId, side: Side) {
        for l in self.st.leaders_at(LLoc::Garrison(a)) {
            if power_of(self.r, l).side() == side {
                self.st.leaders[l as usize].loc = LLoc::Prisoner(side.other());
            }
        }
    }
}

/// prisoners.exchange: the unbesieged fortress of its nationality a released prisoner
/// of a power goes to (held by its side in its own country), if any.
pub fn exchange_dest(r: &SxRules, st: &SxState, p: Power) -> Option<AreaId> {
    exchange_dests(r, st, p).first().copied()
}

/// prisoners.exchange: every unbesieged fortress of its nationality a released prisoner
/// of a power may go to ("any unbesieged fortress of that nationality"); its owner picks
/// when there are two or more. OUR READING (AUDIT14f D5, docs/games/saxonwar.md): our
/// RECONSTRUCTED map has no Russian fortress (Russia is the Russia box only), so Russian
/// prisoners have nowhere to go and, as prisoners who cannot be placed are held on
/// (prisoners.exchange), are never exchanged nor counted in the 1-for-1 balance.
pub fn exchange_dests(r: &SxRules, st: &SxState, p: Power) -> Vec<AreaId> {
    (0..r.areas.len() as AreaId)
        .filter(|a| {
            r.has_fortress(*a)
                && own_country(r, p, *a)
                && st.areas[*a as usize].holder == Some(p.side())
                && garrisoned_by(st, *a) != Some(p.side().other())
                && besieger(r, st, *a).is_none()
        })
        .collect()
}

/// campaign.casualties: the friendly forces a wounded leader may return to, as (area,
/// inside): SPs of any power of his side in the field, or inside a fortress that is not
/// besieged, in an area his power may enter (`may_enter`).
pub fn wounded_dests(r: &SxRules, st: &SxState, l: LeaderId) -> Vec<(AreaId, bool)> {
    let p = power_of(r, l);
    let side = p.side();
    let mut v = Vec::new();
    for a in 0..st.areas.len() as AreaId {
        // he goes where his power may go (AUDIT14d defect 3): the Russia box holds only
        // Russians (allies.minor), allies combine only after co-operation and the
        // Anglo-Allies stay west of Magdeburg (allies.cooperation), as a march
        if may_enter(r, st, p, a).is_err() {
            continue;
        }
        if st.field_of(a, side) > 0 {
            v.push((a, false));
        }
        if st.garrison_of(a, side) > 0 && besieger(r, st, a).is_none() {
            v.push((a, true));
        }
    }
    v
}

/// The captured leaders held by a side who could go home now: not those of a power out
/// of the war (grand.surrender: its forces "may never return to play"; Russia gone).
pub fn held_leaders(r: &SxRules, st: &SxState, h: Side) -> Vec<LeaderId> {
    (0..st.leaders.len() as LeaderId)
        .filter(|l| {
            st.leaders[*l as usize].loc == LLoc::Prisoner(h)
                && !st.g.out[power_of(r, *l).idx()]
                && !st.g.placing.iter().any(|x| x.leader == Some(*l))
                && exchange_dest(r, st, power_of(r, *l)).is_some()
        })
        .collect()
}

/// An "existing" leader of grand.redeploy's "1 existing leader lost": one on the map (in
/// the field or inside a fortress). Ours (a reading, docs/games/saxonwar.md): a wounded
/// or captured leader is not "existing", so the player never gives one of them up. Before the lost leaders are chosen nothing has been
/// taken up, so the leaders drawn or entering this year (waiting to be placed) are not
/// among them.
pub fn existing_leader(st: &SxState, l: LeaderId) -> bool {
    matches!(
        st.leaders.get(l as usize).map(|x| x.loc),
        Some(LLoc::Field(_)) | Some(LLoc::Garrison(_))
    )
}

/// A leader in service: on the map or waiting to be placed (grand.redeploy).
pub fn in_service(st: &SxState, l: LeaderId) -> bool {
    matches!(
        st.leaders.get(l as usize).map(|x| x.loc),
        Some(LLoc::Field(_)) | Some(LLoc::Garrison(_)) | Some(LLoc::Undeployed)
    )
}

/// How many prisoner SPs of a power may come back without putting its army above its
/// maximum (grand.strengths). OUR READING (docs/games/saxonwar.md, readings): the
/// article makes the exchange mandatory and blocks it only when no unbesieged fortress
/// exists, but it also says "remember the army maximum size limit"; we hold the
/// maximum for released prisoners too, and the ones over it stay prisoners (the army
/// never exceeds its printed size, whatever way SPs come back).
pub fn release_room(r: &SxRules, st: &SxState, p: Power) -> u16 {
    let Some(rep) = r.replacements(p) else {
        return u16::MAX;
    };
    let waiting =
        st.g.placing
            .iter()
            .filter(|x| x.power == p && x.leader.is_none())
            .count() as u16;
    let army: u16 = waiting
        + st.pools.undeployed[p.idx()]
        + st.areas
            .iter()
            .map(|a| a.field[p.idx()] + a.garrison[p.idx()])
            .sum::<u16>();
    rep.max.saturating_sub(army)
}
