//! The changing state of a Trautenau – Soor game, its commands and refusals. Plain data:
//! the ECS layer keeps units, leaders and markers as entities and gathers them into a
//! [`TsState`] to call the rules.

use super::data::{Dir, Side};
use crate::engine::hexmap::Coord;
pub use crate::engine::refusal::Refusal;
use serde::{Deserialize, Serialize};

pub type UnitId = u16;
pub type LeaderId = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    /// Not yet arrived (9.4) or left out by a variant.
    Off,
    Map(Coord),
    Eliminated,
    /// Left the map by an evacuation hex (11.4.1, 12.4.1).
    Evacuated,
}

impl Loc {
    pub fn hex(self) -> Option<Coord> {
        match self {
            Loc::Map(c) => Some(c),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub loc: Loc,
    pub facing: Dir,
    /// Step losses (9.5.10); the unit is eliminated when they reach its morale.
    pub losses: u8,
    /// Losses the unit had at set-up (12.1.2/12.4.1: they count for demoralisation only).
    pub initial_losses: u8,
    /// Disorganised side up (1.2.3).
    pub disorg: bool,
    /// MP spent in this activation (9.3; 9.5.11: cavalry that spent more than 3 cannot charge).
    pub spent: u8,
    pub moved: bool,
    pub fired: bool,
    /// Independent units act in one activation per turn (9.1.3): set when an activation
    /// in which the unit moved, fired or assaulted ends.
    pub acted: bool,
    /// Command status checked at the start of its formation's activation (9.1.2).
    pub in_command: bool,
    /// Taken under the commander in chief's direct command for this turn (9.1.4).
    pub chief_command: bool,
    /// Artillery defensive support used in this activation (9.5.6).
    pub support_used: bool,
    /// Engaged in an assault of this activation (9.5.1: no defensive fire elsewhere).
    pub engaged: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    pub loc: Loc,
    /// Out of command marker on a formation commander (7.2, 9.1.1).
    pub ooc: bool,
    /// Flipped to the Aide de Camp side (9.5.13).
    pub aide: bool,
    /// Commander in chief: moved this turn (activated side, 7.1). Formation commander:
    /// moved in this activation.
    pub moved: bool,
    /// Commander in chief passed (or was excused from) this turn's reaction test (7.1).
    pub may_move: bool,
    /// An eliminated Aide de Camp comes back next turn (9.5.13).
    pub returns_next_turn: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct FormationState {
    pub demoralised: bool,
    /// Day on which it became demoralised (its VP go to the enemy that day, 13.4).
    pub demoralised_day: u8,
    /// Has been attacked (lifts 11.1.5).
    pub attacked: bool,
    /// Its marker is still in the cup this turn.
    pub in_cup: bool,
    /// Units already entered this turn by road column (9.4), per formation.
    pub entered: u8,
    /// Activation test failed this turn (9.1.1): units out of command, commander stays.
    pub failed_activation: bool,
}

/// Where the sequence of play stands (6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// 7.1: `side` may move its commanders in chief.
    ChiefMove(Side),
    /// 8: the initiative winner picks the formation that acts first.
    ChooseFirst(Side),
    /// 13.2: after Bonin's panic the Austrian player redeploys X Corps for day two, then
    /// names the one brigade that may act in the first two turns.
    Redeploy,
    /// 9.2: the active formation's artillery may fire.
    Barrage,
    /// 9.3, 9.4: the active formation moves.
    Movement,
    /// 9.5.1: the active formation declares its assaults.
    Declare,
    /// 9.5.3: the attacker picks the next declared assault to resolve.
    Combat,
    /// 9.1.4: the commander in chief takes cut-off units of the drawn formation under
    /// his direct command.
    ChiefCommand,
    /// 10.1: `side` picks the disorganised units that try to rally.
    Rally(Side),
    /// 13.2: the night between the days: `side` moves its units out of enemy ZoC on
    /// protection-1 ground.
    NightFallBack(Side),
    GameOver,
}

impl Step {
    pub fn phase_name(self) -> &'static str {
        match self {
            Step::ChiefMove(_) => "Command: commanders in chief",
            Step::ChooseFirst(_) => "Command: initiative",
            Step::Redeploy => "Night: redeployment (13.2)",
            Step::Barrage => "Operations: barrage",
            Step::Movement => "Operations: movement",
            Step::Declare => "Operations: assault declaration",
            Step::Combat => "Operations: assaults",
            Step::ChiefCommand => "Operations: command status (9.1.4)",
            Step::Rally(_) => "Rally phase",
            Step::NightFallBack(_) => "Night: falling back (13.2)",
            Step::GameOver => "Game over",
        }
    }
}

/// A declared assault (9.5.1): attacking units with the combat points each commits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assault {
    pub target: Coord,
    pub attackers: Vec<(UnitId, u8)>,
    /// Passed the coordination test (9.5.2).
    pub coordinated: bool,
    /// Formation commander stacked with an attacker who gives his bonus (9.5.13).
    pub leader: Option<LeaderId>,
    pub resolved: bool,
    /// 9.5.1: units outside the target hex, with an attacker in a front hex, that added
    /// their points to the defensive fire (set when the defender commits).
    #[serde(default)]
    pub helpers: Vec<UnitId>,
}

/// What follows once pending retreats are done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AfterRetreat {
    Nothing,
    /// 9.5.9: an attacker of this assault advances into `hex`.
    Advance {
        assault: u8,
        hex: Coord,
    },
    /// 9.5.4: the defender retreated before combat; the assault is over, an attacker may
    /// occupy `hex`.
    MayOccupy {
        assault: u8,
        hex: Coord,
    },
    /// 9.5.3: defensive fire is over; the surviving attackers of this assault attack.
    Attack {
        assault: u8,
    },
}

/// A decision that interrupts the step in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// 9.5.4 / 9.5.2 / 9.5.6: the defender retreats before combat or defends (sharing
    /// its points in a coordinated assault, with artillery support).
    Defence { assault: u8 },
    /// 9.5.8 / 9.5.4: the owner moves each unit of `units` back one hex.
    Retreat {
        units: Vec<UnitId>,
        from: Coord,
        /// Attackers' hexes, to retreat away from.
        enemies: Vec<Coord>,
        /// Cavalry facing infantry may go two hexes before combat (9.5.4).
        hexes: u8,
        rule: String,
        after: AfterRetreat,
    },
    /// 9.5.9 (must) or 9.5.4 (may): an attacker moves into the vacated hex.
    Advance {
        hex: Coord,
        candidates: Vec<UnitId>,
        optional: bool,
    },
    /// 9.5.13: the owner puts the aide de camp on a unit of the formation.
    PlaceAide { leader: LeaderId },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Globals {
    /// Clock hour of the turn (9 = 09.00).
    pub hour: u8,
    /// Day of a linked game (1 or 2).
    pub day: u8,
    pub step: Step,
    /// Formation acting now (index into the formations).
    pub active: Option<usize>,
    /// Side with the initiative this turn (8), if any.
    pub initiative: Option<Side>,
    pub assaults: Vec<Assault>,
    pub pending: Vec<Pending>,
    /// Units the commanders in chief command directly this turn (9.1.4), per side.
    pub chief_budget: Vec<u8>,
    /// 8: with several commanders in chief, the one whose roll won the initiative; only a
    /// formation of his may be chosen to act first.
    pub initiative_chief: Option<u8>,
    pub winner: Option<Side>,
    pub vp: [u32; 2],
    /// VP scored during play (12.00 control in Soor), per side.
    pub banked_vp: [u32; 2],
    /// Bonin panicked (11.4.2).
    pub panic: bool,
    /// Evacuated units without losses, per side (11.4.1).
    pub evacuated_clean: [u8; 2],
    /// Linked game (13): VP of the first day [Austria, Prussia].
    pub day1_vp: [i32; 2],
    /// 13.3.1: turn on which the Austrian IV Corps starts to enter.
    pub iv_start: Option<u8>,
    /// 13.2 / 13.3.2: the Prussian I Corps fled on day one, and the turn it starts back.
    pub fled: bool,
    pub return_start: Option<u8>,
    /// 13.2: the zone each X Corps brigade was redeployed to (formation, zone index;
    /// zones 0-2 are around the places, 3 is north of row 10).
    pub zones: Vec<(u8, u8)>,
    /// 13.2: the only Austrian brigade that may act in the first two turns of day two.
    pub panic_brigade: Option<u8>,
    /// 13.2: Austrian units still to be put back on the map in the redeployment.
    pub to_place: Vec<UnitId>,
    /// 9.5.1: advances after combat waiting until every candidate has fought all its
    /// assaults: (assault, vacated hex, optional).
    #[serde(default)]
    pub deferred: Vec<(u8, Coord, bool)>,
    /// Units already dealt with in the current rally phase (10.1) or night fall-back
    /// (13.2).
    #[serde(default)]
    pub handled: Vec<UnitId>,
    /// 13.2: the side that lost the first day (its units test morale after falling back).
    #[serde(default)]
    pub night_loser: Option<Side>,
    /// Choices made during play (index into `TsRules::decisions`, yes or no), e.g. the 1st
    /// Guards Division at 13.00 (13.1).
    #[serde(default)]
    pub decided: Vec<(u8, bool)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TsState {
    pub units: Vec<UnitState>,
    pub leaders: Vec<LeaderState>,
    pub formations: Vec<FormationState>,
    /// Last side to occupy each location hex (11.4.1), by map index.
    pub last_occupant: Vec<Option<Side>>,
    pub g: Globals,
}

fn yes() -> bool {
    true
}

/// Everything a player can do. The UI and the AI only ever produce these.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TsCommand {
    /// 7.1: move a commander in chief (also his entry as a reinforcement).
    MoveChief { leader: LeaderId, to: Coord },
    /// 8: the initiative winner's first formation.
    ChooseFormation { formation: u8 },
    /// 9.2: an artillery unit fires at one enemy unit, first turning one hexside if asked.
    Barrage {
        unit: UnitId,
        target: UnitId,
        turn: Option<Dir>,
    },
    /// 9.3 / 9.4: move a unit (or bring on a reinforcement) to `to`, ending facing `facing`.
    Move {
        unit: UnitId,
        to: Coord,
        facing: Dir,
    },
    /// 4: turn a unit (and its stack) during its movement.
    Face { unit: UnitId, facing: Dir },
    /// 9.3: move a formation commander.
    MoveLeader { leader: LeaderId, to: Coord },
    /// 9.5.1: declare an assault on `target` with the points each unit commits; ask for a
    /// coordinated assault (9.5.2).
    /// `commander`: a formation commander stacked with an attacker adds his bonus and
    /// takes part (9.5.13); a commander who tries to coordinate always takes part.
    Declare {
        target: Coord,
        units: Vec<(UnitId, u8)>,
        coordinate: bool,
        #[serde(default = "yes")]
        commander: bool,
    },
    /// 9.5.3: resolve this declared assault next.
    Resolve { assault: u8 },
    /// 9.5.4: the defending stack (or, with `unit`, one unit of it) retreats before
    /// combat to `to`; the rest of a split stack still defends.
    RetreatBefore {
        to: Coord,
        facing: Dir,
        #[serde(default)]
        unit: Option<UnitId>,
    },
    /// 9.5.3 A: the defender's points against each attacker (in declaration order) and an
    /// optional supporting artillery unit (9.5.6).
    /// `commander`: a formation commander stacked with the defenders adds his bonus to
    /// the defensive fire and takes part (9.5.13).
    Defend {
        split: Vec<u8>,
        support: Option<UnitId>,
        #[serde(default = "yes")]
        commander: bool,
        /// 9.5.1: units outside the assaulted hex, with an attacker in one of their front
        /// hexes and not engaged in another combat, that add their points to the fire.
        #[serde(default)]
        helpers: Vec<UnitId>,
    },
    /// 9.5.8: where a retreating unit goes, and its facing (one hexside of change).
    Retreat {
        unit: UnitId,
        to: Coord,
        facing: Dir,
    },
    /// 9.5.9: which attacker advances and its facing; None declines an optional advance.
    /// `leaders`: commanders stacked with the unit who go along (9.5.12, 9.5.13).
    Advance {
        unit: Option<UnitId>,
        facing: Dir,
        #[serde(default)]
        leaders: Vec<LeaderId>,
    },
    /// 9.1.4: the commander in chief commands this cut-off unit directly for the turn.
    TakeCommand { unit: UnitId },
    /// 10.1: a disorganised unit takes its rally test.
    Rally { unit: UnitId },
    /// 9.5.13: the aide de camp of a fallen commander joins the formation's unit(s) at
    /// `at`.
    PlaceAide { leader: LeaderId, at: Coord },
    /// 13.2: put a unit at `to` during the redeployment after Bonin's panic.
    Place {
        unit: UnitId,
        to: Coord,
        facing: Dir,
    },
    /// A choice made during play when its turn comes (13.1: `take` brings the 1st Guards
    /// Division in at 13.00).
    Decide { decision: u8, take: bool },
    /// 11.4.1 / 12.4.1: a unit on an evacuation hex leaves the map.
    Evacuate { unit: UnitId },
    /// End the current step: no more chief moves, barrages, moves or declarations.
    Done,
}
