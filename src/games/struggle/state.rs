//! The changing state of a game of 1866: where every counter and card is, the turn, the
//! operational round and the use of a card in progress; the commands. Plain data: the
//! ECS layer keeps it in resources and hands it to the rules.

use super::cards::CardId;
use super::data::{GenId, UnitId};
use super::map::SpaceId;
pub use crate::engine::refusal::Refusal;
use crate::engine::side::Side;
use serde::{Deserialize, Serialize};

/// Where a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    Space(SpaceId),
    /// Waiting for its side's set-up choice (22.2 "Brieg or Neisse").
    Choice(u8),
    /// The Corps Support Box (11.2 step 4).
    CorpsSupport,
    /// The General Holding Area (18.4).
    Pool,
    /// The Eliminated Units box (11.2 step 4).
    Eliminated,
    /// Permanently eliminated (set-up lists, 13.5).
    Permanent,
    /// Not in play: brought only by an event (2.31, 16.4).
    Reserve,
}

impl Loc {
    pub fn space(self) -> Option<SpaceId> {
        match self {
            Loc::Space(s) => Some(s),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub loc: Loc,
    /// Reduced side up (3.0 CU, 6.21).
    pub reduced: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenState {
    pub loc: Loc,
}

/// Every card is in exactly one of these places (4.4, 5.1, 6.1, 6.3, 6.4). The order of
/// `draw` is the shuffled deck: it is never shown (see `StCommand` and the log).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Piles {
    pub draw: Vec<CardId>,
    /// Hands by `Side::idx` (Austria 0, Prussia 1).
    pub hands: [Vec<CardId>; 2],
    pub discard: Vec<CardId>,
    /// Removed from play (* events 6.1, the 22.2 scenario list).
    pub removed: Vec<CardId>,
    /// The War deck set aside during the Mobilization Phase (4.4, 7.21).
    pub aside: Vec<CardId>,
    /// The card being played, face up (6.2).
    pub in_play: Option<CardId>,
    /// Optional rule 4: each side's Operations Queue, by `Side::idx`: face down (the
    /// other side knows only how many), turned face up onto the discard pile when used
    /// or abandoned; hidden from the other seat's computer and `feldzug inspect`.
    #[serde(default)]
    pub queue: [Vec<CardId>; 2],
}

impl Piles {
    pub fn hand(&self, side: Side) -> &Vec<CardId> {
        &self.hands[side.idx()]
    }
    /// Every card with the name of its place.
    pub fn places(&self) -> Vec<(CardId, &'static str)> {
        let mut v = Vec::new();
        v.extend(self.draw.iter().map(|&c| (c, "draw pile")));
        v.extend(self.hands[0].iter().map(|&c| (c, "Austrian hand")));
        v.extend(self.hands[1].iter().map(|&c| (c, "Prussian hand")));
        v.extend(self.discard.iter().map(|&c| (c, "discard pile")));
        v.extend(self.removed.iter().map(|&c| (c, "removed")));
        v.extend(self.aside.iter().map(|&c| (c, "War deck set aside")));
        v.extend(self.in_play.iter().map(|&c| (c, "in play")));
        v.extend(
            self.queue[0]
                .iter()
                .map(|&c| (c, "Austrian Operations Queue")),
        );
        v.extend(
            self.queue[1]
                .iter()
                .map(|&c| (c, "Prussian Operations Queue")),
        );
        v
    }
}

/// A general or a combat unit (6.23 activations, 9.3 armies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    Unit(UnitId),
    General(GenId),
}

/// The four uses of a card the player chooses in his operational round (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Use {
    /// 6.21
    Mobilize,
    /// 6.22: this general and his army.
    Activate { general: GenId },
    /// 6.23
    Individual,
    /// 6.24
    Event,
    /// Optional rule 4: the card goes into the player's Operations Queue.
    Queue,
    /// Optional rule 3: the card flips this reduced unit, on the map and in supply, to
    /// full strength (once per War turn).
    Replace { unit: UnitId },
    /// Optional rule 8: the card is discarded to mobilize this general onto `at` (6.21)
    /// in a War turn (a 2 card: the most senior, 18.4; a 3 or 4 card: any).
    General { general: GenId, at: SpaceId },
}

/// The force moving now (9.3, 9.4, 6.23).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mover {
    /// An army activated per 6.22 (6 MPs, 18.5); false: an individual activation.
    pub army: bool,
    pub at: SpaceId,
    /// The space it entered `at` from (the route's other end: 11.45 river, mountain).
    pub from: Option<SpaceId>,
    /// 9.62: the last space it stood on before `at` that is not the railroad junction:
    /// the space it "entered from" for 9.52, 10.3 and 12.1 (audit 8 defect 1). None: as
    /// `from` (copied to [`Pending::back`](super::flow_battle::Pending::back)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<SpaceId>,
    /// The pieces moving together; the commander first for an army.
    pub pieces: Vec<Piece>,
    /// MPs the army (or the lone piece) has spent.
    pub mp: u8,
    /// Its movement allowance (6 for a general or army, 18.5; the unit's MA, 9.2).
    pub ma: u8,
    /// 9.61: special rail MPs left of the block (3, 6 for Prussia); None before the block
    /// starts, Some(0) once it is used up or broken off by other movement.
    #[serde(default)]
    pub rail: Option<u8>,
    /// 9.61: the player keeps the rail block for later (`StCommand::SaveRail`): until he
    /// lets it go, rail steps are paid from the ordinary MPs and the block does not begin.
    #[serde(default)]
    pub save_rail: bool,
    /// 15.2: the force left its last space without an LOC: unsupplied for a battle in
    /// the space it entered (judged as it departed, not after it moved).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub left_unsupplied: bool,
}

/// The use of a card (or free OP) in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Op {
    pub side: Side,
    pub card: Option<CardId>,
    pub use_: Use,
    /// OPs left to spend (6.21, 6.23).
    pub ops: u8,
    /// 6.23: activations declared and not yet moved.
    pub queue: Vec<Piece>,
    pub mover: Option<Mover>,
    /// MPs each piece has spent in this use (9.3: no unit beyond its own MA).
    pub spent: Vec<(Piece, u8)>,
    /// 9.61: bonus rail MPs each unit has left of its own block (not listed: its block
    /// has not begun; 0: used up or over). A unit picked up on the way has its own block.
    #[serde(default)]
    pub rail_left: Vec<(Piece, u8)>,
    /// Optional rule 2: half an OP left besides `ops` (a general or a cavalry division
    /// costs 0.5 OP).
    #[serde(default)]
    pub half: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// 22.2: a side picks one space of a set-up choice.
    Setup,
    /// 8.2, 8.3: the side to play picks a card and its use, or a free OP.
    Round,
    /// 6.21: spending the OPs on mobilizing units and generals.
    Mobilize,
    /// 6.23: declaring individual activations.
    Declare,
    /// 9: moving the activated force.
    Move,
    GameOver,
    /// 6.24: the player chooses what an event acts on (events.rs, steps/event.rs).
    Event,
    /// 10, 11, 12: interception, coordinated attack, avoid battle, responses, losses,
    /// retreat and pursuit around the moving force (`Globals::battle`).
    Battle,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Globals {
    /// In the War Phase (7.3); false: the Mobilization Phase (7.2).
    pub war: bool,
    /// Turn on its track: Mobilization 1-4 (May I ..), War 1-10.
    pub turn: u8,
    pub step: Step,
    /// The side whose operational round it is (8.2).
    pub to_play: Side,
    /// Operational rounds each side has left this turn, by `Side::idx` (8.1).
    pub rounds_left: [u8; 2],
    /// The VP marker: positive = Austria, negative = Prussia (4.3).
    pub vp: i32,
    /// The Declaration of War has been played (7.22).
    pub dow: bool,
    /// France has intervened (16.1).
    pub france: bool,
    /// A reshuffle is due at the end of the turn (5.10, 6.42).
    pub reshuffle: bool,
    /// The side controlling each space (14.1); None: neutral France, the junction.
    pub control: Vec<Option<Side>>,
    /// Reduced fortresses and major cities (13.31).
    pub destroyed: Vec<bool>,
    /// The side controlling each province (14.2).
    pub provinces: Vec<Option<Side>>,
    /// 9.63: the provinces' controllers at the beginning of the turn, recorded when an
    /// event changes `provinces` during the turn (empty: the same as `provinces`);
    /// cleared when the next turn begins (after the 14.2 control). Special rail reads it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provinces_at_start: Vec<Option<Side>>,
    pub op: Option<Op>,
    /// The side that gave the last command (hand-over, `secret_pending`).
    pub last_actor: Option<Side>,
    /// The next set-up choice to make (22.2).
    pub choice_next: u8,
    pub winner: Option<Side>,
    pub result: String,
    /// The choice an event waits for (6.24), in the step `Step::Event`.
    #[serde(default)]
    pub event: Option<EventChoice>,
    /// The interception or battle in progress (10-12; see `flow_battle`).
    #[serde(default)]
    pub battle: Option<super::flow_battle::Pending>,
    /// Besieged markers (13.2, 13.41): the side besieging or masking each space. A
    /// siege lasts while that side has a combat unit there (13.42).
    #[serde(default)]
    pub besieged: Vec<Option<Side>>,
    /// 13.2, 13.5: partial withdrawals: per space, the units its controller withdrew
    /// inside while the rest of the force stayed outside to fight or avoid battle. A
    /// space without a record reads as before: every unit of the side under an enemy
    /// besieged marker is inside (a whole force withdrawn, old saves). Records whose
    /// enemy has left, and units no longer in the space, are dropped after every command
    /// (`siege::tidy_inside`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inside: Vec<(SpaceId, Vec<UnitId>)>,
    /// The side controlling the Kingdom of Italy (14.5); None: Prussia's ally, as at start.
    #[serde(default)]
    pub italy: Option<Side>,
    /// 16.4: the War turn whose first Operational Round brings the second French wave.
    #[serde(default)]
    pub france_wave: Option<u8>,
    /// 16.3: a French general or unit has been activated this turn.
    #[serde(default)]
    pub french_activated: bool,
    /// Lasting effects of events and responses (6.24, 6.25; events.rs).
    #[serde(default)]
    pub marks: super::events::Marks,
    /// Optional rule 3: each side (by `Side::idx`) has taken its replacement this turn.
    #[serde(default)]
    pub replaced: [bool; 2],
}

/// What an event played as a card (6.24) lets its player choose now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventPick {
    /// Flip a reduced unit the card allows to full strength.
    Flip,
    /// Army of the Elbe / Main: the corps replaced by three IDs.
    ReplaceCorps,
    /// The space where this unit is placed.
    Place(UnitId),
    /// Field Entrenchments (cards 6, 7): the space of one's army.
    Entrench,
    /// Dispatches Compromised (card 1): a card of the opponent's hand.
    TakeCard,
    /// The opponent discards a card of his choice (card 37); the opponent chooses.
    Discard,
    /// General Replaced (card 38): the general relieved, then (`Some`) his successor.
    Relieve(Option<GenId>),
    /// Reluctant Ally (card 39): a unit of the state named.
    Reluctant,
    /// General Staff (cards 40, 42, 43): a general activated as an army, with an
    /// initiative of at most `max_ir`, not `not` (the first of card 40's two).
    Activate { max_ir: u8, not: Option<GenId> },
    /// Cholera (card 44): the space of the Prussian force.
    Cholera,
    /// Reserves from Inner Austria (card 35): a city for an IB, or a unit to flip.
    Reserves,
    /// Hungarian Revolt (card 47): Prussian PC markers in Hungary.
    Revolt,
    /// Wing Commander Appointed (card 48): a general and his space.
    Appoint,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventChoice {
    pub card: CardId,
    pub side: Side,
    pub pick: EventPick,
    /// Picks still allowed ("up to two").
    pub left: u8,
    /// The card's effect to go on with after the choice.
    pub next: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StState {
    pub units: Vec<UnitState>,
    pub generals: Vec<GenState>,
    pub cards: Piles,
    pub g: Globals,
}

/// One player decision, as stored in save files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StCommand {
    /// 22.2: the set-up choice `choice` goes to `space`.
    SetupAt { choice: u8, space: SpaceId },
    /// 8.2: play a card of the hand for one use (6.2).
    Play { card: CardId, use_: Use },
    /// 8.3: a free Operational Point instead of a card.
    FreeOp { use_: Use },
    /// 6.21: flip a reduced unit to full strength.
    Mobilize { unit: UnitId },
    /// 6.21, 18.4: bring a general from the holding area onto a space with a friendly CU.
    Appoint { general: GenId, at: SpaceId },
    /// 6.23: declare one individual activation.
    Declare { piece: Piece },
    /// 6.23: declarations are over; the activations are carried out.
    Begin,
    /// 9.1: the moving force enters an adjacent space.
    Move { to: SpaceId },
    /// 9.3: the army picks up a unit or a junior general in its space.
    PickUp { piece: Piece },
    /// 9.3: the army drops off a unit or a general in its space.
    Drop { piece: Piece },
    /// Ends the current movement, or the spending of OPs.
    Done,
    /// 13.33, 13.34: the activated force rolls a siege against its space (2 MPs).
    Siege,
    /// 6.24: the unit an event acts on.
    EventUnit { unit: UnitId },
    /// 6.24: the space an event places its counter in.
    EventSpace { space: SpaceId },
    /// 6.24: the card an event takes or discards (cards 1, 37).
    EventCard { card: CardId },
    /// 6.24: the general an event acts on (cards 38, 40, 42, 43).
    EventGeneral { general: GenId },
    /// 10.2: the inactive player tries to intercept with this general's army.
    Intercept { general: GenId },
    /// 10.3: after an interception the moving force goes back and ends its move.
    Return,
    /// 11.42: a supporting army rolls to join the coordinated attack; after a won battle
    /// (11.44) `Advance` moves it into the battle space.
    Support { general: GenId },
    /// 10.4 (unit None: the army with its general), 10.5/10.6 (one unit): avoid battle to `to`.
    Avoid { to: SpaceId, unit: Option<UnitId> },
    /// 6.25, 11.2 step 2 note: declare a response card.
    Respond { card: CardId },
    /// 11.2 step 4: take the loss as the listed choice number `choice`.
    TakeLosses { choice: u16 },
    /// 12.1, 12.5: the loser retreats to `to`.
    Retreat { to: SpaceId },
    /// 12.4: the winner tries to pursue.
    Pursue,
    /// 11.44: a supporting army of the winning attacker enters the battle space.
    Advance { general: GenId },
    /// 13.2, 9.51: the defender withdraws inside its fortress or major city (13.5).
    Withdraw,
    /// 13.2, 13.5: one unit of the defender withdraws inside its fortress or major city
    /// (up to the capacity); the units left outside fight or avoid battle.
    WithdrawUnit { unit: UnitId },
    /// Optional rule 4: the OPs built up in the Operations Queue activate a general
    /// (`Use::Activate`) or pieces individually (`Use::Individual`).
    UseQueue { use_: Use },
    /// 13.6: the activated force sheltered in its own besieged stronghold sorties against
    /// the besiegers in the same space.
    Sortie,
    /// 9.61: keep the rail bonus block for a later rail stretch (`save`: rail steps are
    /// paid from the ordinary MPs until it is let go), or let the next friendly rail step
    /// begin it (`save` false). Listed only before the block begins and next to a step it
    /// could pay for.
    SaveRail { save: bool },
}
