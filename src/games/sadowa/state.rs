//! The changing state of a Sadowa Campaign game, its commands and refusals. Plain data:
//! the ECS layer keeps the counters as entities and gathers them into an [`SdState`] to
//! call the rules.

use super::data::{Side, UnitId};
use crate::engine::hexmap::Coord;
pub use crate::engine::refusal::Refusal;
use serde::{Deserialize, Serialize};

/// How a unit left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// Eliminated in combat (6.3, 9.4) or a surrender (3.1, 5.4, 7.4.1, 8.3).
    Eliminated,
    /// Exited off the south map edge (14.0).
    Exited,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct UnitState {
    /// On the map; None: not placed yet, a reinforcement not entered, or gone.
    pub hex: Option<Coord>,
    pub gone: Option<Fate>,
    /// Committed (striped) side up (2.2.1, 4.3).
    pub committed: bool,
    /// Disrupted marker (7.1.2, 7.4, 11).
    pub disrupted: bool,
    /// Out of Supply marker (4.1, 5.3).
    pub oos: bool,
    /// Activated in the current operation (4.3).
    pub activated: bool,
    /// Activated while Committed: a forced march (7.1.2), rolled for when it ends.
    pub forced: bool,
    /// Movement points left in this operation (7.2).
    pub mp: u8,
    /// Moved in this operation (8.5: a besieger that moves ends its siege).
    pub moved: bool,
    /// Its movement is over (7.1: each unit moves before another; a forced march rolled).
    pub done: bool,
    /// Took part in an attack of this operation as an attacker (7.3).
    pub attacked: bool,
}

impl UnitState {
    pub fn on_map(&self) -> Option<Coord> {
        if self.gone.is_some() { None } else { self.hex }
    }
}

/// Where the sequence of play stands (4.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// 13.1 / 13.2: a side places its units (Austria first).
    Setup(Side),
    /// 5.5: the Prussian player may declare forage supply (turn 8 on).
    Forage,
    /// 4.3: the side with the initiative activates units and moves them (7.1).
    Activate,
    /// 7.3: the same side's attacks after all movement.
    Attack,
    /// 8.1: a side declares or lifts sieges (Prussia first).
    Siege(Side),
    /// 9.5, 10.1: a side enters unnamed garrisons; Prussia announces or places the GHQ.
    Reinforce(Side),
    /// 4.7: the side with fewer VPs may ask for an armistice (turn 10 on).
    Armistice(Side),
    GameOver,
}

/// A decision that interrupts a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// 7.4.1: the owner retreats the units from `from` two hexes.
    Retreat {
        side: Side,
        units: Vec<UnitId>,
        from: Coord,
    },
    /// 7.4.2: the attacker may advance these participating units into `into`.
    Advance { units: Vec<UnitId>, into: Coord },
    /// 3.1: `side` is over the stacking limit at the end of an Operations Phase: the
    /// opposing player chooses the excess units that surrender, one at a time, until
    /// every hex of `side` is within the limit.
    Surrender { side: Side },
}

/// The operation in progress (4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Operation {
    /// The HQ whose activation lets units join for free (4.3, 6.1) while it has not
    /// moved.
    pub hq_open: Option<UnitId>,
    /// The unit moving now (7.1: each unit moves individually).
    pub mover: Option<UnitId>,
    /// Something was activated (a Pass is no longer possible, 7.5).
    pub acted: bool,
}

/// A siege (8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    pub fortress: Coord,
    pub by: Side,
    pub level: u8,
    /// Declared this turn (8.2: nothing more happens this turn).
    pub new: bool,
    /// The besieging units and the hexes they besiege from (8.1, 8.5): every eligible
    /// unit adjacent to the fortress when the siege was declared.
    #[serde(default)]
    pub besiegers: Vec<(UnitId, Coord)>,
}

/// The Prussian GHQ (6.5, 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum GhqStatus {
    /// Off the map in Berlin.
    #[default]
    Berlin,
    /// Entry announced on this turn (10.1); placed in the next Reinforcement Phase.
    Announced(u8),
    OnMap,
    /// Eliminated (6.5.3) or exited.
    Gone,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Globals {
    pub turn: u8,
    pub step: Step,
    /// Victory points [Austria, Prussia] (14.0).
    pub vp: [u32; 2],
    /// Loss Points suffered [Austria, Prussia] (7.4).
    pub lp: [u32; 2],
    /// Army Morale Level [Austria, Prussia] (12).
    pub morale: [u8; 2],
    /// The side with the initiative in the current Operations Phase (4.2).
    pub initiative: Option<Side>,
    /// Initiative Points left (4.2, 4.3).
    pub ip: u8,
    /// Operations Phases played this turn (4.2.1).
    pub ops: u8,
    /// Passes in a row (7.5).
    pub passes: u8,
    pub op: Operation,
    /// The side in control of each place of the map (3.3), in `SadowaMap::places` order.
    pub control: Vec<Side>,
    pub sieges: Vec<Siege>,
    pub ghq: GhqStatus,
    /// Prussian forage supply declared (5.5).
    pub forage: bool,
    pub pending: Vec<Pending>,
    pub winner: Option<Side>,
    /// The victory level reached (14.1) or why the game ended.
    pub result: String,
    /// 14.0: the cities and fortresses in Austria or Saxony whose control has earned
    /// Prussia its VPs already (once per place: see docs/games/sadowa-sieges.md).
    #[serde(default)]
    pub scored: Vec<Coord>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SdState {
    pub units: Vec<UnitState>,
    pub g: Globals,
}

/// One player decision, as stored in save files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SdCommand {
    /// 13.1/13.2: place a unit of the set-up on a hex of its area.
    Place { unit: UnitId, hex: Coord },
    /// 13.1/13.2: place every unit not yet placed on its historical hex.
    PlaceRest,
    /// 13.1/13.2: the side's set-up is complete.
    EndSetup,
    /// 5.5: declare forage supply (true) or not this turn (false).
    Forage(bool),
    /// 4.3: activate a Headquarters for its CV in IPs (the GHQ for none, 6.5.1).
    ActivateHq { hq: UnitId },
    /// 4.3: a unit stacked with or adjacent to the open HQ joins its activation for free.
    Join { unit: UnitId },
    /// 4.3: activate one unit by itself (1 IP Uncommitted, 3 IP Committed).
    ActivateUnit { unit: UnitId },
    /// 7.1: move an activated unit to a hex it can reach.
    Move { unit: UnitId, to: Coord },
    /// 14.0: a Prussian unit in an exit hex leaves the map by the south edge.
    Exit { unit: UnitId },
    /// 7.3: movement is over; the attacks follow.
    EndMovement,
    /// 7.5: do nothing this Operations Phase.
    Pass,
    /// 7.3.1: an activated unit attacks an adjacent enemy unit.
    Attack { lead: UnitId, target: UnitId },
    /// 4.3: the operation is over; activated units flip to Committed.
    EndOperation,
    /// 7.4.1: the retreat path (one or more hexes from the combat hex).
    Retreat { path: Vec<Coord> },
    /// 7.4.2: advance this unit into the vacated hex.
    Advance { unit: UnitId },
    /// 7.4.2: no (more) advance.
    EndAdvance,
    /// 8.1: besiege the fortress.
    Besiege { fortress: Coord },
    /// 8.5 (3): lift the siege.
    Lift { fortress: Coord },
    /// 9.5: place an unnamed garrison.
    Garrison { unit: UnitId, hex: Coord },
    /// 10.1: announce the GHQ's entry.
    AnnounceGhq,
    /// 10.1: place the announced GHQ.
    PlaceGhq { hex: Coord },
    /// 4.7: ask for an armistice (true) or not (false).
    Armistice(bool),
    /// Ends the side's Siege or Reinforcement Phase decisions.
    Done,
    /// 7.3: an activated unit attacks an adjacent enemy unit, joined by these other
    /// activated units of its hex (ascending unit numbers; 7.3: they need not join).
    AttackWith {
        lead: UnitId,
        target: UnitId,
        with: Vec<UnitId>,
    },
    /// 3.1: the opposing player chooses this unit of an over-stacked hex to surrender
    /// at the end of an Operations Phase.
    Surrender { unit: UnitId },
}
