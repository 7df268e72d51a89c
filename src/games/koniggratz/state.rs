//! The changing state of a Königgrätz game, its commands and refusals. Plain data: the
//! ECS layer stores units and HQs as entities and gathers them into a [`KgState`] to call
//! the rules.

use super::data::Side;
use crate::engine::hexmap::Coord;
use serde::{Deserialize, Serialize};

pub type UnitId = u16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    /// A reinforcement not yet on the map.
    Off,
    Map(Coord),
    /// On the turn track, back in the Command Phase of this turn (4.3.3).
    Blown(u8),
    Eliminated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub loc: Loc,
    /// Infantry: March formation (3.1.1). Ignored for cavalry.
    pub march: bool,
    /// Cavalry: Exhausted (3.1.2). Ignored for infantry.
    pub exhausted: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct HqState {
    pub at: Option<Coord>,
    pub battle: bool,
    /// Placed in this turn's HQ Placement step (4.0b).
    pub placed: bool,
}

/// Where the sequence of play stands (4.0-5.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// 4.0b, alternating from Prussia.
    HqPlacement,
    /// 4.0c: more than two of `side`'s blown units are due; the opponent picks two.
    BlownSelect(Side),
    /// 4.0c: `side` places its returning units next to a friendly HQ.
    BlownReturn(Side),
    /// 4.0d
    Bombardment,
    /// 4.0e-i: `side` may flip units to March formation.
    Organize(Side),
    /// 4.0e-iii
    ExitEzoc,
    /// 4.2
    Movement,
    /// 4.3
    Attack,
    GameOver,
}

impl Step {
    pub fn phase_name(self) -> &'static str {
        match self {
            Step::HqPlacement => "Command: HQ placement",
            Step::BlownSelect(_) | Step::BlownReturn(_) => "Command: blown units return",
            Step::Bombardment => "Command: bombardment",
            Step::Organize(_) => "Command: formations",
            Step::ExitEzoc => "Command: exit EZOCs",
            Step::Movement => "Movement",
            Step::Attack => "Attack",
            Step::GameOver => "Game over",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OnFail {
    Blown,
    Eliminated,
}

/// What happens once a defender has left its hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum After {
    Nothing,
    /// 4.3.2: the attacker advances into `hex` unless in an EZOC then.
    Advance {
        attacker: UnitId,
        hex: Coord,
    },
}

/// A decision that interrupts the step in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// 4.3a: both players choose Artillery Support in secret; [Austria, Prussia].
    Artillery {
        attacker: UnitId,
        defender: UnitId,
        choice: [Option<bool>; 2],
    },
    /// 4.3.1 / 6.3 / 4.2a: the unit's owner picks where the retreat ends.
    Retreat {
        unit: UnitId,
        away_from: Vec<Coord>,
        hexes: u8,
        on_fail: OnFail,
        after: After,
        rule: String,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Globals {
    pub turn: u8,
    pub step: Step,
    /// Ammunition points [Austria, Prussia] (6.1).
    pub ap: [u8; 2],
    pub bombard: Option<Coord>,
    pub pending: Vec<Pending>,
    /// Whose single move/attack/placement is next.
    pub to_move: Side,
    /// Movement/attack pass flags and the die-rolled cap for the other side (4.2f, 4.3.5).
    pub passed: [bool; 2],
    pub cap: Option<u8>,
    /// Units the opponent chose to return (4.0c).
    pub returning: Vec<UnitId>,
    pub winner: Option<Side>,
    pub vp: [u32; 2],
    /// Units that moved in this Movement Phase and whether by road (3.9.3, 4.2b: a unit
    /// may not mix road and normal movement in one phase).
    #[serde(default)]
    pub road_moves: Vec<(UnitId, bool)>,
    /// A side whose AP reached 0 has removed its AP marker from the game (6.1).
    #[serde(default)]
    pub ap_removed: [bool; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KgState {
    pub units: Vec<UnitState>,
    pub hqs: Vec<HqState>,
    pub g: Globals,
}

/// Everything a player can do. The UI and the AI only ever produce these.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum KgCommand {
    /// 4.0b
    PlaceHq { hq: u8, at: Coord, battle: bool },
    /// 4.0c: the opponent picks a returning unit.
    SelectReturning { unit: UnitId },
    /// 4.0c
    ReturnBlown { unit: UnitId, at: Coord },
    /// 4.0d / 6.3
    PlaceBombardment { at: Coord },
    /// 4.0e-i
    FlipToMarch { unit: UnitId },
    /// 4.0e-iii: retreat a unit out of an EZOC, ending at `to`.
    ExitEzoc { unit: UnitId, to: Coord },
    /// 4.2b
    Move { unit: UnitId, to: Coord },
    /// 4.3
    Attack { attacker: UnitId, defender: UnitId },
    /// 4.3a, for the side whose choice is asked.
    Artillery { support: bool },
    /// 4.3.1: where the pending retreat ends.
    Retreat { to: Coord },
    /// Done with this step: end organisation, decline exits, pass (4.2e, 4.3.5).
    Pass,
}

pub use crate::engine::refusal::Refusal;
