//! 8.2, 8.3: the operational round: the side to play plays a card of its hand for one of
//! its uses (6.21 mobilize, 6.22 activate a general, 6.23 individual activations, 6.24
//! event) or takes a free OP. 7.22: a player holding the Declaration of War must play it
//! as an event by his last operational round of the turn.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::cards::{CardId, EventSide};
use crate::games::struggle::data::{GenId, StRules};
use crate::games::struggle::flow::{self, DOW, Game};
use crate::games::struggle::options::{self, OPT4_QUEUE};
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct Round;

/// OPs a card gives for mobilizing: its number, +1 for Prussia (7.24, Italians too).
pub fn mobilize_ops(side: Side, ops: u8) -> u8 {
    ops + u8::from(side == Side::Prussia)
}

/// Whether mobilization is still allowed (6.21: until the DOW; 7.32: never in war).
pub fn may_mobilize(st: &StState) -> bool {
    !st.g.war && !st.g.dow
}

/// The cheapest individual activation `side` could make (6.23), if any piece is on the map.
pub fn cheapest_activation(rules: &StRules, st: &StState, side: Side) -> Option<u8> {
    let gens = (0..st.generals.len() as GenId)
        .filter(|&g| rules.gen_side(g) == side && st.generals[g as usize].loc.space().is_some())
        .map(|_| 1u8);
    let units = (0..st.units.len() as u16)
        .filter(|&u| rules.side(u) == side && st.units[u as usize].loc.space().is_some())
        .map(|u| rules.echelon(u).activation_cost());
    gens.chain(units).min()
}

/// Whether `general` may be activated with `ops` (6.22: initiative <= OP; he is on the
/// map; 18.2: also a junior in a senior general's space).
pub fn check_activate(
    rules: &StRules,
    st: &StState,
    side: Side,
    general: GenId,
    ops: u8,
) -> Result<(), Refusal> {
    let Some(d) = rules.general(general) else {
        return Err(Refusal::new("6.22", "no such general"));
    };
    if d.side() != side {
        return Err(Refusal::new("6.22", format!("{} is not yours", d.name)));
    }
    let Some(_at) = st.generals[general as usize].loc.space() else {
        return Err(Refusal::new(
            "6.22",
            format!("{} is not on the map", d.name),
        ));
    };
    if d.initiative > ops {
        return Err(Refusal::new(
            "6.22",
            format!(
                "{} has initiative {}: a card of {ops} OP cannot activate him",
                d.name, d.initiative
            ),
        ));
    }
    // 18.2: a junior in a more senior general's space may be activated: he leaves with
    // what he picks up, at least one combat unit staying with the senior (movement.rs)
    Ok(())
}

fn check_use(
    rules: &StRules,
    st: &StState,
    side: Side,
    card: Option<CardId>,
    use_: Use,
) -> Result<(), Refusal> {
    let ops = match card {
        Some(c) => rules.card_ops(c),
        None => 1,
    };
    match use_ {
        Use::Mobilize => {
            if !may_mobilize(st) {
                return Err(Refusal::new(
                    "6.21",
                    "mobilization is only possible until the Declaration of War (6.21, 7.32)",
                ));
            }
            if card.is_some() && ops == 0 {
                return Err(Refusal::new("6.21", "this card has no OPs"));
            }
            Ok(())
        }
        Use::Activate { general } => check_activate(rules, st, side, general, ops),
        Use::Individual => {
            if card.is_some() && ops == 0 {
                return Err(Refusal::new("6.23", "this card has no OPs"));
            }
            Ok(())
        }
        Use::Event => {
            let Some(c) = card else {
                return Err(Refusal::new(
                    "8.3",
                    "a free OP cannot be played as an event",
                ));
            };
            let Some(k) = rules.cards.get(c) else {
                return Err(Refusal::new("6.24", "no such card"));
            };
            let allowed = match k.event {
                EventSide::Both => true,
                EventSide::Prussia => side == Side::Prussia,
                EventSide::Austria => side == Side::Austria,
                EventSide::None => false,
            };
            if !allowed {
                return Err(Refusal::new(
                    "6.24",
                    format!("{} may not play {} as an event", side.name(), k.title),
                ));
            }
            if c == DOW && st.g.dow {
                return Err(Refusal::new("7.22", "war has already been declared"));
            }
            if c == DOW {
                return Ok(());
            }
            crate::games::struggle::events::check(rules, st, side, c)
        }
        Use::Queue => {
            if !options::on(rules, OPT4_QUEUE) {
                return Err(Refusal::new(
                    "optional rule 4",
                    "the Operations Queue is not in play",
                ));
            }
            if card.is_none() {
                return Err(Refusal::new(
                    "optional rule 4",
                    "a free OP cannot go into the Operations Queue (it abandons it)",
                ));
            }
            Ok(())
        }
        Use::Replace { unit } => {
            if card.is_none() {
                return Err(Refusal::new(
                    "optional rule 3",
                    "a card must be played for a replacement, not a free OP",
                ));
            }
            options::check_replace(rules, st, side, unit)
        }
        Use::General { general, at } => {
            options::check_war_general(rules, st, side, card, general, at)
        }
    }
}

/// Optional rule 4: whether `side` may spend its Operations Queue on `use_` now.
fn check_use_queue(rules: &StRules, st: &StState, side: Side, use_: Use) -> Result<(), Refusal> {
    if !options::on(rules, OPT4_QUEUE) {
        return Err(Refusal::new(
            "optional rule 4",
            "the Operations Queue is not in play",
        ));
    }
    if dow_forced(st, side) {
        return Err(Refusal::new(
            "7.22",
            "the Declaration of War must be played as an event this round",
        ));
    }
    let total = options::queue_total(rules, st, side);
    if st.cards.queue[side.idx()].is_empty() {
        return Err(Refusal::new(
            "optional rule 4",
            "your Operations Queue is empty",
        ));
    }
    match use_ {
        Use::Activate { general } => check_activate(rules, st, side, general, total),
        Use::Individual => Ok(()),
        _ => Err(Refusal::new(
            "optional rule 4",
            "the Operations Queue activates a general (6.22) or pieces individually (6.23)",
        )),
    }
}

/// 16.3: in Austria's last round, while no French piece has been activated this turn, the
/// round must activate one: a French general by initiative (6.22), or individual
/// activations (6.23) with OPs enough for a French piece (the declarations then begin
/// with one, `declare.rs`). `ops` is what the play gives: the card's OPs, 1 for a free
/// OP, the queue's total for an Operations Queue (optional rule 4, audit 5 defect 1);
/// the costs are optional rule 2's where it is in play (audit 5 defect 2).
fn check_french(
    rules: &StRules,
    st: &StState,
    side: Side,
    ops: u8,
    use_: Use,
) -> Result<(), Refusal> {
    use crate::games::struggle::endturn;
    if !endturn::french_duty(rules, st, side) {
        return Ok(());
    }
    let ok = match use_ {
        Use::Activate { general } => endturn::is_french_piece(rules, Piece::General(general)),
        Use::Individual => (0..st.generals.len() as GenId)
            .map(Piece::General)
            .chain((0..st.units.len() as u16).map(Piece::Unit))
            .filter(|&p| endturn::is_french_piece(rules, p))
            .filter(|&p| matches!(flow::piece_loc(st, p), Some(Loc::Space(_))))
            .any(|p| super::declare::cost_halves(rules, p) <= ops.saturating_mul(2)),
        Use::Mobilize | Use::Event | Use::Queue | Use::Replace { .. } | Use::General { .. } => {
            false
        }
    };
    if ok {
        Ok(())
    } else {
        Err(Refusal::new(
            "16.3",
            "Austria's last round this turn must activate a French general or unit",
        ))
    }
}

/// 7.22: the DOW must be played now (the holder's last round of the turn).
pub fn dow_forced(st: &StState, side: Side) -> bool {
    !st.g.war
        && !st.g.dow
        && st.cards.hand(side).contains(&DOW)
        && st.g.rounds_left[side.idx()] <= 1
}

fn uses(rules: &StRules, st: &StState, side: Side) -> Vec<Use> {
    let mut v = vec![Use::Mobilize, Use::Individual, Use::Event];
    for g in 0..st.generals.len() as GenId {
        if rules.gen_side(g) == side && st.generals[g as usize].loc.space().is_some() {
            v.push(Use::Activate { general: g });
        }
    }
    if options::on(rules, OPT4_QUEUE) {
        v.push(Use::Queue);
    }
    for unit in options::replaceable(rules, st, side) {
        v.push(Use::Replace { unit });
    }
    for (general, at) in options::war_generals(rules, st, side, 4) {
        v.push(Use::General { general, at });
    }
    v
}

impl PlayStep<Struggle> for Round {
    fn name(&self) -> &'static str {
        "Operational round"
    }
    fn case(&self) -> &'static str {
        "8.2"
    }
    fn prompt(&self, _rules: &StRules, st: &StState) -> String {
        let side = st.g.to_play;
        let left = st.g.rounds_left[side.idx()];
        if dow_forced(st, side) {
            return format!(
                "{}: last operational round: the Declaration of War must be played as an event (7.22)",
                side.name()
            );
        }
        // optional rule 4: every seat reads the prompt (the side panel draws it for all,
        // also while the computer acts), so it gives only the public count; the total
        // and the cards are the owner's (`options::queue_for_owner`, audit 13k row 15)
        let q = &st.cards.queue[side.idx()];
        let queue = if q.is_empty() {
            String::new()
        } else {
            format!(
                "; {} card(s) in your Operations Queue: use it, add to it, or any other play abandons it (optional rule 4)",
                q.len()
            )
        };
        format!(
            "{}: play a card to mobilize, activate a general, activate units or as an event, or take a free OP ({left} round{} left){queue}",
            side.name(),
            if left == 1 { "" } else { "s" }
        )
    }
    fn to_act(&self, _rules: &StRules, st: &StState) -> Option<Side> {
        Some(st.g.to_play)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::Play { .. } | StCommand::FreeOp { .. } | StCommand::UseQueue { .. }
        )
    }
    fn legal(&self, rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
        let side = st.g.to_play;
        let us = uses(rules, st, side);
        for &card in st.cards.hand(side) {
            for &use_ in &us {
                let c = StCommand::Play { card, use_ };
                if self.check(rules, st, &c).is_ok() {
                    out.push(c);
                }
            }
        }
        for &use_ in &us {
            let c = StCommand::FreeOp { use_ };
            if self.check(rules, st, &c).is_ok() {
                out.push(c);
            }
        }
        if !st.cards.queue[side.idx()].is_empty() {
            for &use_ in &us {
                let c = StCommand::UseQueue { use_ };
                if self.check(rules, st, &c).is_ok() {
                    out.push(c);
                }
            }
        }
    }
    fn check(&self, rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
        let side = st.g.to_play;
        match *cmd {
            StCommand::Play { card, use_ } => {
                if !st.cards.hand(side).contains(&card) {
                    return Err(Refusal::new("8.2", "that card is not in your hand"));
                }
                if dow_forced(st, side) && (card != DOW || use_ != Use::Event) {
                    return Err(Refusal::new(
                        "7.22",
                        "the Declaration of War must be played as an event this round",
                    ));
                }
                if card == DOW && use_ != Use::Event {
                    return Err(Refusal::new(
                        "7.22",
                        "the Declaration of War can only be played as an event",
                    ));
                }
                check_use(rules, st, side, Some(card), use_)?;
                check_french(rules, st, side, rules.card_ops(card), use_)
            }
            StCommand::FreeOp { use_ } => {
                if dow_forced(st, side) {
                    return Err(Refusal::new(
                        "7.22",
                        "the Declaration of War must be played as an event this round",
                    ));
                }
                check_use(rules, st, side, None, use_)?;
                check_french(rules, st, side, 1, use_)
            }
            StCommand::UseQueue { use_ } => {
                // 16.3 holds for the queue too (optional rule 4, audit 5 defect 1)
                check_use_queue(rules, st, side, use_)?;
                check_french(rules, st, side, options::queue_total(rules, st, side), use_)
            }
            _ => Err(Refusal::new("8.2", "play a card or take a free OP")),
        }
    }
    fn execute(
        &self,
        rules: &StRules,
        st: &mut StState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &StCommand,
    ) {
        let side = st.g.to_play;
        let (card, use_, from_queue) = match *cmd {
            StCommand::Play { card, use_ } => (Some(card), use_, false),
            StCommand::FreeOp { use_ } => (None, use_, false),
            StCommand::UseQueue { use_ } => (None, use_, true),
            _ => return,
        };
        let queued = options::queue_total(rules, st, side);
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        // optional rule 4: any other play of a card, or a free OP, abandons the queue
        if !from_queue && use_ != Use::Queue {
            g.empty_queue(side, "abandoned");
        }
        match use_ {
            Use::Queue => return queue_card(&mut g, side, card),
            Use::Replace { unit } => return replace(&mut g, side, card, unit),
            Use::General { general, at } => return war_general(&mut g, side, card, general, at),
            _ => {}
        }
        if from_queue {
            g.empty_queue(side, "used");
        }
        let st = &mut *g.st;
        if let Some(c) = card {
            st.cards.hands[side.idx()].retain(|&x| x != c);
            st.cards.in_play = Some(c);
        }
        let ops = if from_queue {
            queued
        } else {
            card.map(|c| rules.card_ops(c)).unwrap_or(1)
        };
        st.g.op = Some(Op {
            side,
            card,
            use_,
            ops,
            queue: Vec::new(),
            mover: None,
            spent: Vec::new(),
            rail_left: Vec::new(),
            half: false,
        });
        let what = match card {
            Some(c) => format!("plays {} ({} OP)", rules.card_title(c), ops),
            None if from_queue => format!("spends the Operations Queue ({ops} OP)"),
            None => "takes a free OP".to_string(),
        };
        match use_ {
            Use::Mobilize => {
                // 7.24: the bonus is for a card played to mobilize, not a free OP (8.3)
                let n = if card.is_some() {
                    mobilize_ops(side, ops)
                } else {
                    ops
                };
                if let Some(o) = g.st.g.op.as_mut() {
                    o.ops = n;
                }
                g.say(
                    if side == Side::Prussia {
                        "7.24"
                    } else {
                        "6.21"
                    },
                    format!("{} {what} to mobilize: {n} OP to spend", side.name()),
                );
                g.st.g.step = Step::Mobilize;
            }
            Use::Activate { general } => {
                if crate::games::struggle::endturn::is_french_piece(rules, Piece::General(general))
                {
                    g.st.g.french_activated = true; // 16.3
                }
                let gname = rules.gen_name(general);
                g.say(
                    "6.22",
                    format!("{} {what} to activate {gname}", side.name()),
                );
                super::movement::start_army(&mut g, general);
            }
            Use::Individual => {
                g.say(
                    "6.23",
                    format!("{} {what} for individual activations", side.name()),
                );
                g.st.g.step = Step::Declare;
            }
            Use::Event => {
                g.say("6.24", format!("{} {what} as an event", side.name()));
                let Some(c) = card else { return };
                if c == DOW {
                    // 7.22: the declaring side loses a VP; the card's event also gives
                    // two OPs of last mobilization (example of play, FOR4).
                    g.st.g.dow = true;
                    g.gain_vp(side.other(), 1, "the Declaration of War", "7.22");
                    let n = mobilize_ops(side, 2);
                    if let Some(o) = g.st.g.op.as_mut() {
                        o.ops = n;
                    }
                    g.say(
                        "7.22",
                        format!("{n} OP of mobilization with the declaration"),
                    );
                    g.st.g.step = Step::Mobilize;
                } else {
                    crate::games::struggle::events::play(&mut g, side, c);
                    if g.st.g.step == Step::Round || g.st.g.step == Step::GameOver {
                        if g.st.g.step == Step::GameOver {
                            return;
                        }
                        g.end_use();
                    }
                }
            }
            Use::Queue | Use::Replace { .. } | Use::General { .. } => {}
        }
    }
}

/// Moves the played card from the hand into play and opens its use (no OPs to spend).
fn take_card(g: &mut Game<'_>, side: Side, card: Option<CardId>, use_: Use) {
    if let Some(c) = card {
        g.st.cards.hands[side.idx()].retain(|&x| x != c);
        g.st.cards.in_play = Some(c);
    }
    g.st.g.op = Some(Op {
        side,
        card,
        use_,
        ops: 0,
        queue: Vec::new(),
        mover: None,
        spent: Vec::new(),
        rail_left: Vec::new(),
        half: false,
    });
}

/// Optional rule 4: the card goes face down into the queue; the round is over.
fn queue_card(g: &mut Game<'_>, side: Side, card: Option<CardId>) {
    let Some(c) = card else { return };
    g.st.cards.hands[side.idx()].retain(|&x| x != c);
    g.st.cards.queue[side.idx()].push(c);
    let n = g.st.cards.queue[side.idx()].len();
    // optional rule 4 (audit 8 confirmation defect 3): the queued cards stay face down
    // until the queue is used or abandoned (`empty_queue` names them then): the log
    // names neither the card nor its OPs
    g.say(
        "optional rule 4",
        format!(
            "{} plays a card face down into the Operations Queue ({n} card{} queued)",
            side.name(),
            if n == 1 { "" } else { "s" }
        ),
    );
    g.st.g.op = Some(Op {
        side,
        card: None,
        use_: Use::Queue,
        ops: 0,
        queue: Vec::new(),
        mover: None,
        spent: Vec::new(),
        rail_left: Vec::new(),
        half: false,
    });
    g.end_use();
}

/// Optional rule 3: the card flips one reduced unit in supply; once a War turn.
fn replace(g: &mut Game<'_>, side: Side, card: Option<CardId>, unit: u16) {
    take_card(g, side, card, Use::Replace { unit });
    g.st.units[unit as usize].reduced = false;
    g.st.g.replaced[side.idx()] = true;
    let t = card.map(|c| g.rules.card_title(c)).unwrap_or_default();
    let n = g.rules.unit_name(unit);
    let at = g.st.units[unit as usize]
        .loc
        .space()
        .map(|s| g.rules.space_name(s))
        .unwrap_or_default();
    g.say(
        "optional rule 3",
        format!(
            "{} plays {t} for a replacement: {n} at {at}, in supply, is flipped to full strength",
            side.name()
        ),
    );
    g.end_use();
}

/// Optional rule 8: the card is discarded to place a general per 6.21.
fn war_general(g: &mut Game<'_>, side: Side, card: Option<CardId>, general: GenId, at: usize) {
    take_card(g, side, card, Use::General { general, at });
    g.st.generals[general as usize].loc = Loc::Space(at);
    let t = card.map(|c| g.rules.card_title(c)).unwrap_or_default();
    let ops = card.map(|c| g.rules.card_ops(c)).unwrap_or(0);
    let n = g.rules.gen_name(general);
    let a = g.rules.space_name(at);
    g.say(
        "optional rule 8",
        format!(
            "{} discards {t} ({ops} OP) to mobilize {n} at {a}{}",
            side.name(),
            if ops == 2 {
                " (a 2 card: the most senior general, 18.4)"
            } else {
                ""
            }
        ),
    );
    g.end_use();
}
