//! The sequence of play of 1866 (5.1-5.10) as code: the deal, the operational rounds,
//! the end of the turn (siege, supply, discard, victory check, turn record, decks), and
//! the queries and effects the steps share (movement 9, control 14.1, mobilization 6.21,
//! the battle seam 11). The decisions are the steps of `steps/`.

use super::cards::CardId;
use super::data::{GenId, StRules, Start, StartLoc, UnitId};
use super::map::{Country, SpaceId, SpaceKind, StruggleMap};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;

/// The Declaration of War (card #2, 7.22).
pub const DOW: CardId = 2;
/// Needle Guns (card #41): played or discarded, the deck is reshuffled (5.10, 6.42).
pub const NEEDLE_GUNS: CardId = 41;
/// The VP track's automatic victory (4.3, 21.1: 15+).
pub const AUTO_VP: i32 = 15;
/// Mobilization turns before war breaks out anyway (7.22).
pub const MOBILIZATION_TURNS: u8 = 4;
/// The last War turn (22.1, 22.2).
pub const WAR_TURNS: u8 = 10;
/// The MA of a general and of an army (18.5).
pub const ARMY_MA: u8 = 6;

/// The game in play: rules, state, dice and log together.
pub struct Game<'a> {
    pub rules: &'a StRules,
    pub st: &'a mut StState,
    pub dice: &'a mut Dice,
    pub log: &'a mut GameLog,
}

pub fn new_state(rules: &StRules) -> StState {
    let loc = |s: StartLoc| match s {
        StartLoc::Space(x) => Loc::Space(x),
        StartLoc::Choice(n) => Loc::Choice(n),
        StartLoc::CorpsSupport => Loc::CorpsSupport,
        StartLoc::Pool => Loc::Pool,
        StartLoc::Eliminated => Loc::Permanent,
        StartLoc::Reserve => Loc::Reserve,
    };
    let units = rules
        .units
        .iter()
        .map(|d| UnitState {
            loc: loc(d.start),
            reduced: d.reduced,
        })
        .collect();
    let generals = rules
        .gen_start
        .iter()
        .map(|&s| GenState { loc: loc(s) })
        .collect();
    let control = rules
        .map
        .spaces
        .iter()
        .map(|s| {
            if s.kind == SpaceKind::Junction {
                None
            } else {
                StruggleMap::side_of(s.owner)
            }
        })
        .collect();
    // 14.1, 14.2: each province starts with the side holding most of its tinted spaces
    let mut provinces = super::control::province_control_at_start(&rules.map);
    let mut control: Vec<Option<Side>> = control;
    // 22.2: the cards the scenario card lists as played before the start have their
    // control changes made at set-up (Brigade Kalik #5: Holstein is Prussian).
    for &c in &rules.removed {
        let Some(card) = rules.cards.get(c) else {
            continue;
        };
        let side = match card.event {
            super::cards::EventSide::Austria => Side::Austria,
            super::cards::EventSide::Prussia => Side::Prussia,
            _ => continue,
        };
        for e in &card.effects {
            if let super::cards::Effect::Control { province, opponent } = e {
                let who = if *opponent { side.other() } else { side };
                for (s, slot) in control.iter_mut().enumerate() {
                    if super::events::in_region(rules, s, province) {
                        *slot = Some(who);
                    }
                }
                if let Some(p) = rules.map.provinces.iter().position(|p| &p.name == province)
                    && let Some(slot) = provinces.get_mut(p)
                {
                    *slot = Some(who);
                }
            }
        }
    }
    StState {
        units,
        generals,
        cards: Piles::default(),
        g: Globals {
            war: rules.start == Start::War,
            turn: 1,
            step: Step::Setup,
            to_play: Side::Prussia,
            rounds_left: [0; 2],
            vp: rules.vp,
            dow: rules.start == Start::War,
            france: false,
            reshuffle: false,
            control,
            destroyed: vec![false; rules.map.spaces.len()],
            provinces,
            provinces_at_start: Vec::new(),
            op: None,
            last_actor: None,
            choice_next: 0,
            winner: None,
            result: String::new(),
            event: None,
            battle: None,
            besieged: vec![None; rules.map.spaces.len()],
            inside: Vec::new(),
            italy: None,
            france_wave: None,
            french_activated: false,
            marks: Default::default(),
            replaced: [false; 2],
        },
    }
}

pub fn turn_name(st: &StState) -> String {
    if st.g.war {
        format!("War turn {}", st.g.turn)
    } else {
        let names = ["May I", "May II", "June I", "June II"];
        format!(
            "Mobilization turn {}",
            names
                .get(st.g.turn.saturating_sub(1) as usize)
                .copied()
                .unwrap_or("?")
        )
    }
}

pub fn phase_name(st: &StState) -> String {
    match st.g.step {
        Step::Setup => "Set-up".into(),
        Step::GameOver => "Game over".into(),
        _ => format!("{}, operational phase", turn_name(st)),
    }
}

/// Hand size and rounds of the turn (5.1, 8.1; optional rule 1: one card and one round
/// more).
pub fn hand_and_rounds(rules: &StRules, war: bool) -> (u8, u8) {
    let extra = u8::from(super::options::on(rules, super::options::OPT1_HAND));
    if war {
        (7 + extra, 6 + extra)
    } else {
        (4 + extra, 4 + extra)
    }
}

// ---------------------------------------------------------------------------------
// Queries shared by the steps

/// The side of a piece.
pub fn piece_side(rules: &StRules, p: Piece) -> Side {
    match p {
        Piece::Unit(u) => rules.side(u),
        Piece::General(g) => rules.gen_side(g),
    }
}

pub fn piece_loc(st: &StState, p: Piece) -> Option<Loc> {
    match p {
        Piece::Unit(u) => st.units.get(u as usize).map(|x| x.loc),
        Piece::General(g) => st.generals.get(g as usize).map(|x| x.loc),
    }
}

pub fn piece_name(rules: &StRules, p: Piece) -> String {
    match p {
        Piece::Unit(u) => rules.unit_name(u),
        Piece::General(g) => rules.gen_name(g),
    }
}

/// The combat units of `side` in space `s`.
pub fn units_at(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> Vec<UnitId> {
    st.units
        .iter()
        .enumerate()
        .filter(|(i, u)| u.loc == Loc::Space(s) && rules.side(*i as UnitId) == side)
        .map(|(i, _)| i as UnitId)
        .collect()
}

/// The generals of `side` in space `s`.
pub fn generals_at(rules: &StRules, st: &StState, s: SpaceId, side: Side) -> Vec<GenId> {
    st.generals
        .iter()
        .enumerate()
        .filter(|(i, g)| g.loc == Loc::Space(s) && rules.gen_side(*i as GenId) == side)
        .map(|(i, _)| i as GenId)
        .collect()
}

pub fn seniority(rules: &StRules, g: GenId) -> u8 {
    rules.general(g).map(|d| d.seniority).unwrap_or(0)
}

pub fn initiative(rules: &StRules, g: GenId) -> u8 {
    rules.general(g).map(|d| d.initiative).unwrap_or(6)
}

/// Whether `side` controls space `s` as an enemy would see it (14.1).
pub fn enemy_controlled(st: &StState, s: SpaceId, side: Side) -> bool {
    st.g.control.get(s).copied().flatten() == Some(side.other())
}

/// Strength points of a unit now (11.2 step 1).
pub fn sp(rules: &StRules, st: &StState, u: UnitId) -> u32 {
    let Some(t) = rules.ty(u) else { return 0 };
    let red = st.units.get(u as usize).is_some_and(|x| x.reduced);
    (if red { t.sp.1 } else { t.sp.0 }) as u32
}

/// Cohesion factor of a unit's current side (11.2 step 4).
pub fn cf(rules: &StRules, st: &StState, u: UnitId) -> u8 {
    let Some(t) = rules.ty(u) else { return 0 };
    let red = st.units.get(u as usize).is_some_and(|x| x.reduced);
    if red { t.cf.1 } else { t.cf.0 }
}

/// The most senior general of `side` among `gens` (18.1; ties: the first).
pub fn commander(rules: &StRules, gens: &[GenId]) -> Option<GenId> {
    let mut best: Option<GenId> = None;
    for &g in gens {
        if best.is_none_or(|b| seniority(rules, g) > seniority(rules, b)) {
            best = Some(g);
        }
    }
    best
}

/// The next general a side must mobilize from a holding area (18.4): the most senior
/// of his nationality's pool; ties are all eligible.
pub fn appointable(rules: &StRules, st: &StState, side: Side) -> Vec<GenId> {
    let in_pool: Vec<GenId> = (0..st.generals.len() as GenId)
        .filter(|&g| st.generals[g as usize].loc == Loc::Pool && rules.gen_side(g) == side)
        .collect();
    in_pool
        .iter()
        .copied()
        .filter(|&g| {
            let Some(d) = rules.general(g) else {
                return false;
            };
            !in_pool.iter().any(|&o| {
                rules
                    .general(o)
                    .is_some_and(|od| od.pool == d.pool && od.seniority > d.seniority)
            })
        })
        .collect()
}

impl<'a> Game<'a> {
    pub fn turn(&self) -> u8 {
        self.st.g.turn
    }

    pub fn say(&mut self, rule: &str, text: impl Into<String>) {
        let phase = phase_name(self.st);
        self.log.push(self.st.g.turn, &phase, rule, text);
    }

    /// Moves the VP marker `n` points towards `side` (4.3: one signed number).
    pub fn gain_vp(&mut self, side: Side, n: i32, why: &str, rule: &str) {
        let d = if side == Side::Austria { n } else { -n };
        // 4.3: the marker stops in the 15+ box at either end of the track.
        let max = self.rules.charts.vp.max.max(1);
        self.st.g.vp = self.st.g.vp.saturating_add(d).clamp(-max, max);
        let v = self.st.g.vp;
        let where_ = if v > 0 {
            format!("{v} Austria")
        } else if v < 0 {
            format!("{} Prussia", -v)
        } else {
            "0".into()
        };
        self.say(
            rule,
            format!(
                "{} {n:+} VP ({why}): the VP marker is on {where_}",
                side.name()
            ),
        );
    }

    // -------------------------------------------------------------------------
    // Start, deal and decks

    pub fn start(&mut self) {
        let rules = self.rules;
        // 4.4: the decks by scenario
        let mut removed = rules.removed.clone();
        removed.sort_unstable();
        removed.dedup();
        let all: Vec<CardId> = rules.cards.cards.iter().map(|c| c.id).collect();
        let (mut draw, aside): (Vec<CardId>, Vec<CardId>) = if rules.start == Start::War {
            (
                all.iter()
                    .copied()
                    .filter(|c| !removed.contains(c))
                    .collect(),
                Vec::new(),
            )
        } else {
            let mob = rules.deck(super::cards::Deck::Mobilization);
            (
                mob.iter()
                    .copied()
                    .filter(|c| !removed.contains(c))
                    .collect(),
                all.iter()
                    .copied()
                    .filter(|c| !mob.contains(c) && !removed.contains(c))
                    .collect(),
            )
        };
        self.dice.shuffle(&mut draw, "the Operations deck", "4.5");
        self.st.cards = Piles {
            draw,
            hands: [Vec::new(), Vec::new()],
            discard: Vec::new(),
            removed,
            aside,
            in_play: None,
            queue: Default::default(),
        };
        self.say(
            "4.4",
            format!(
                "{}: {} cards in the draw pile, {} set aside, {} removed",
                rules.meta.name,
                self.st.cards.draw.len(),
                self.st.cards.aside.len(),
                self.st.cards.removed.len()
            ),
        );
        if rules.choices.is_empty() {
            self.begin_turn();
        } else {
            self.st.g.step = Step::Setup;
        }
    }

    /// After the set-up choices (22.2).
    pub fn setup_done(&mut self) {
        self.begin_turn();
    }

    /// 5.1 and 5.2: deal and open the operational phase.
    pub fn begin_turn(&mut self) {
        // 9.63: the turn starts from the province control settled at the end of the
        // last (14.2 in a War turn; an event's change in a Mobilization turn)
        self.st.g.provinces_at_start.clear();
        let (hand, rounds) = hand_and_rounds(self.rules, self.st.g.war);
        // 16.3: after the intervention Austria has 8 cards and 7 rounds, and goes first
        let france = self.st.g.france && self.st.g.war;
        let hands = [if france { hand + 1 } else { hand }, hand];
        let need = hands[0] as usize + hands[1] as usize;
        if self.st.cards.draw.len() < need || self.st.g.reshuffle {
            self.reshuffle(if self.st.g.reshuffle { "5.10" } else { "6.41" });
        }
        // 5.1: alternately, Prussia first
        let mut dealt = [0u8; 2];
        for i in 0..hands[0].max(hands[1]) {
            for side in [Side::Prussia, Side::Austria] {
                if i >= hands[side.idx()] {
                    continue;
                }
                if let Some(c) = self.st.cards.draw.pop() {
                    self.st.cards.hands[side.idx()].push(c);
                    dealt[side.idx()] += 1;
                }
            }
        }
        let t = turn_name(self.st);
        let opt1 = super::options::on(self.rules, super::options::OPT1_HAND);
        self.say(
            if opt1 { "5.1, optional rule 1" } else { "5.1" },
            format!(
                "{t}: Prussia is dealt {} cards, Austria {} ({} left in the draw pile)",
                dealt[Side::Prussia.idx()],
                dealt[Side::Austria.idx()],
                self.st.cards.draw.len()
            ),
        );
        self.st.g.rounds_left = [if france { rounds + 1 } else { rounds }, rounds];
        self.st.g.to_play = if france { Side::Austria } else { Side::Prussia };
        self.st.g.step = Step::Round;
        self.st.g.op = None;
        self.st.g.french_activated = false;
        self.st.g.replaced = [false; 2];
        self.french_wave_due();
    }

    /// 6.41: draw pile and discards together, shuffled (removed cards stay out).
    pub fn reshuffle(&mut self, rule: &str) {
        let mut all = std::mem::take(&mut self.st.cards.draw);
        all.append(&mut self.st.cards.discard);
        self.dice.shuffle(&mut all, "the Operations deck", rule);
        self.say(
            rule,
            format!("the deck is reshuffled ({} cards)", all.len()),
        );
        self.st.cards.draw = all;
        self.st.g.reshuffle = false;
    }

    /// The card in play goes to the discard pile, or out of the game (6.1 *).
    pub fn finish_card(&mut self, removed: bool) {
        if let Some(c) = self.st.cards.in_play.take() {
            if removed {
                self.st.cards.removed.push(c);
                let t = self.rules.card_title(c);
                self.say("6.1", format!("{t} is removed from play"));
            } else {
                self.st.cards.discard.push(c);
            }
            if c == NEEDLE_GUNS {
                self.st.g.reshuffle = true;
            }
        }
    }

    /// The use of the card is over: the round passes (8.2).
    pub fn end_use(&mut self) {
        let removed = self.st.g.op.as_ref().is_some_and(|o| {
            o.use_ == Use::Event && o.card.is_some_and(|c| c == DOW || self.card_removes(c))
        });
        self.finish_card(removed);
        let side = self
            .st
            .g
            .op
            .as_ref()
            .map(|o| o.side)
            .unwrap_or(self.st.g.to_play);
        self.st.g.op = None;
        let r = &mut self.st.g.rounds_left[side.idx()];
        *r = r.saturating_sub(1);
        self.next_round(side);
    }

    fn card_removes(&self, c: CardId) -> bool {
        self.rules.cards.get(c).is_some_and(|k| k.remove)
    }

    fn next_round(&mut self, last: Side) {
        let other = last.other();
        if self.st.g.winner.is_some() {
            self.st.g.step = Step::GameOver;
            return;
        }
        if self.st.g.rounds_left[other.idx()] > 0 {
            self.st.g.to_play = other;
            self.st.g.step = Step::Round;
        } else if self.st.g.rounds_left[last.idx()] > 0 {
            self.st.g.to_play = last;
            self.st.g.step = Step::Round;
        } else {
            self.end_turn();
        }
    }

    // -------------------------------------------------------------------------
    // End of the turn (5.3-5.10)

    pub fn end_turn(&mut self) {
        if self.st.g.war {
            // 13.7 (the besiegers asked under optional rule 5), the owners' picks of the
            // failures' steps, then the Supply Phase: the turn goes on from there
            self.siege_phase();
            return;
        }
        self.end_turn_after_supply();
    }

    /// The end of the turn after the Supply Check and Attrition Phase (5.5-5.10).
    pub fn end_turn_after_supply(&mut self) {
        let war = self.st.g.war;
        // 5.5: unused cards are discarded face up
        for side in [Side::Prussia, Side::Austria] {
            let hand = std::mem::take(&mut self.st.cards.hands[side.idx()]);
            if !hand.is_empty() {
                let names: Vec<String> = hand.iter().map(|&c| self.rules.card_title(c)).collect();
                self.say(
                    "5.5",
                    format!("{} discards {}", side.name(), names.join(", ")),
                );
            }
            if hand.contains(&NEEDLE_GUNS) {
                self.st.g.reshuffle = true;
            }
            self.st.cards.discard.extend(hand);
        }
        if war {
            self.victory_check();
            if self.st.g.step == Step::GameOver {
                return;
            }
            if self.st.g.turn >= WAR_TURNS {
                self.final_victory();
                return;
            }
            self.st.g.turn += 1;
        } else if self.st.g.dow || self.st.g.turn >= MOBILIZATION_TURNS {
            if !self.st.g.dow {
                self.say(
                    "7.22",
                    "the Mobilization Phase is over: hostilities break out",
                );
                self.st.g.dow = true;
            }
            self.begin_war();
        } else {
            self.st.g.turn += 1;
        }
        self.begin_turn();
    }

    /// 5.7, 5.9, 7.23: the War deck joins the remaining Mobilization cards.
    fn begin_war(&mut self) {
        self.st.g.war = true;
        self.st.g.turn = 1;
        let mut aside = std::mem::take(&mut self.st.cards.aside);
        self.st.cards.draw.append(&mut aside);
        // the Declaration of War has no use once war has broken out (7.22-7.23)
        for pile in [&mut self.st.cards.draw, &mut self.st.cards.discard] {
            if let Some(i) = pile.iter().position(|&c| c == DOW) {
                pile.remove(i);
                self.st.cards.removed.push(DOW);
            }
        }
        self.say(
            "7.23",
            "the War deck is combined with the Mobilization cards",
        );
        self.st.g.reshuffle = true;
    }

    /// 21.2: the most VPs after War turn 10; Austria wins ties.
    fn final_victory(&mut self) {
        let w = if self.st.g.vp < 0 {
            Side::Prussia
        } else {
            Side::Austria
        };
        self.end_game(w, "the most VPs after War turn 10 (21.2)");
    }

    pub fn end_game(&mut self, w: Side, why: &str) {
        self.st.g.winner = Some(w);
        self.st.g.result = format!("{} wins: {why}", w.name());
        self.st.g.step = Step::GameOver;
        self.st.g.op = None;
        let r = self.st.g.result.clone();
        self.say("21", r);
    }

    // -------------------------------------------------------------------------
    // Control (14.1) and movement effects (9)

    /// Gives `s` to `side`, moving the VP marker for a red-outlined VP space.
    pub fn set_control(&mut self, s: SpaceId, side: Side, rule: &str) {
        let before = self.st.g.control.get(s).copied().flatten();
        if before == Some(side) || self.rules.map.spaces.get(s).is_none() {
            return;
        }
        self.st.g.control[s] = Some(side);
        let name = self.rules.space_name(s);
        self.say(rule, format!("{} takes control of {name}", side.name()));
        if self.rules.map.spaces[s].vp {
            self.gain_vp(side, 1, &format!("the VP space {name}"), rule);
        }
    }

    /// What happens when the moving force has entered `s` (9.5, 9.51, 9.52, 14.1).
    /// Returns true when its movement must end.
    pub fn entered(&mut self, s: SpaceId) -> bool {
        let rules = self.rules;
        let Some(op) = self.st.g.op.clone() else {
            return true;
        };
        let Some(m) = op.mover.clone() else {
            return true;
        };
        let side = op.side;
        let enemy = side.other();
        let cus: Vec<UnitId> = m
            .pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Unit(u) => Some(*u),
                _ => None,
            })
            .collect();
        // 13.5: units sheltering inside a fortress this side besieges are not fought
        let inside = super::siege::sheltered(rules, self.st, s, enemy);
        let enemy_units: Vec<UnitId> = units_at(rules, self.st, s, enemy)
            .into_iter()
            .filter(|u| !inside.contains(u))
            .collect();
        // 9.52, 18.6: lone enemy generals retreat before an army or unit (a force with
        // CUs), not those sheltered inside (13.5); their owner picks the space
        if !cus.is_empty()
            && enemy_units.is_empty()
            && inside.is_empty()
            && self.lone_generals(s, m.from, true)
        {
            return true;
        }
        // 10, 11, 12: interception, battle (flow_battle.rs)
        if self.st.g.war && !cus.is_empty() {
            return self.contact(s, m.from);
        }
        if !enemy_units.is_empty() {
            return true;
        }
        // 13.2, 13.41: an enemy fortress or major city entered is besieged or masked
        if !cus.is_empty() {
            self.place_besieged_marker(s, side);
        }
        // 14.1: a force moving through an enemy minor city takes it
        let kind = rules.map.spaces.get(s).map(|x| x.kind);
        if !cus.is_empty()
            && enemy_controlled(self.st, s, side)
            && (kind == Some(SpaceKind::Minor)
                || self.st.g.destroyed.get(s).copied().unwrap_or(false))
        {
            self.set_control(s, side, "14.1");
        }
        false
    }

    /// Whether pieces of `side` may stand in `o` at all (16.1 France closed, off-board
    /// spaces, the junction 9.62).
    pub fn enterable(&self, _side: Side, o: SpaceId) -> bool {
        let Some(sp) = self.rules.map.spaces.get(o) else {
            return false;
        };
        if sp.kind == SpaceKind::OffBoard || sp.kind == SpaceKind::Junction {
            return false;
        }
        // 16.1: France is closed to both sides only before the intervention
        if sp.country == Country::France && !self.st.g.france {
            return false;
        }
        true
    }

    // Battles (10-12) are in flow_battle.rs.

    /// 11.2 note: Austrian and Hanoverian corps are replaced by an IB, the others by an
    /// ID of their nationality, from the Corps Support Box.
    pub fn replacement(&self, corps: UnitId) -> Option<UnitId> {
        super::flow_battle::replacement_unit(self.rules, self.st, corps)
    }
}
