//! Great Saxon War 1756: the plain game state and the commands. Strength points (SP)
//! are counts per area, power and place (in the field or inside the fortress); leaders
//! are individuals with a location (forces).

pub use super::data::{AreaId, LeaderId, Power};
pub use crate::engine::refusal::Refusal;
pub use crate::engine::side::Side;
use serde::{Deserialize, Serialize};

pub const POWERS: usize = 8;

/// Where a leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LLoc {
    /// Not in play (yet): enters with his power's entry year, or never.
    Pool,
    /// Active, waiting to be placed in the secret deployment.
    Undeployed,
    /// In the field in an area.
    Field(AreaId),
    /// Inside the fortress of an area (garrison).
    Garrison(AreaId),
    /// A prisoner held by a side (prisoners.exchange).
    Prisoner(Side),
    /// Wounded until the given absolute turn (campaign.casualties).
    Wounded(u16),
    /// Killed, surrendered with his country, or lost for good.
    Gone,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderSt {
    pub loc: LLoc,
    /// Moved (or declined to move, or was picked up) in the march phase in progress.
    pub moved: bool,
}

/// The SPs and the morale of one area.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AreaSt {
    /// SPs in the field per power.
    pub field: [u16; POWERS],
    /// SPs inside the fortress per power.
    pub garrison: [u16; POWERS],
    /// Demoralized marker on the field force of a power (morale.states).
    pub demoralized: [bool; POWERS],
    /// The side that last garrisoned the fortress (its controller); None: never held.
    pub holder: Option<Side>,
    /// The side that captured the fortress (siege.honors, move.overwhelm-fortress): a
    /// supply source for it from the moment of capture, garrisoned or not, while no
    /// enemy garrison retakes it (supply.sources: "immediately upon their capture").
    #[serde(default)]
    pub taken: Option<Side>,
    /// Demoralized marker on the garrison of a power (morale.states: a demoralized
    /// force that goes inside stays demoralized until it recovers).
    #[serde(default)]
    pub demoralized_in: [bool; POWERS],
    /// The depot in the area (one per area, supply.depots).
    pub depot: Option<Depot>,
    /// A side's force entered the area over a mountain pass this player turn
    /// (campaign.terrain), by side index.
    pub pass_entry: [bool; 2],
    /// The force of a power pulled off a battlefield voluntarily: +2 to its morale
    /// recovery (morale.recovery).
    #[serde(default)]
    pub withdrew: [bool; POWERS],
    /// The same for a garrison that went inside when it pulled off (morale.recovery: the
    /// +2 goes along into the fortress with the demoralized marker).
    #[serde(default, skip_serializing_if = "none_set")]
    pub withdrew_in: [bool; POWERS],
    /// The siege of the fortress was lifted by a besieger refusing a relief force's
    /// battle (fortress.relief): by that side, in that player turn (`SxState::player_turn`).
    #[serde(default)]
    pub lifted: Option<(Side, u32)>,
    /// Empire SPs in the field here lent to France (allies.minor): part of
    /// `field[Empire]`, marching with French leaders.
    #[serde(default)]
    pub lent: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depot {
    pub owner: Side,
    pub complete: bool,
    /// Built in the area of a fortress the enemy held: it goes when the fortress falls.
    pub siege: bool,
}

/// SPs that are not on the map, per power.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Pools {
    /// Waiting to be placed in the secret deployment.
    pub undeployed: [u16; POWERS],
    /// Prisoners held by a side (by side index), per power of the prisoners.
    pub prisoners: [[u16; POWERS]; 2],
    pub eliminated: [u16; POWERS],
    /// Every SP a power ever had (starting + bought): the invariant's total.
    pub total: [u16; POWERS],
    /// RP spent so far (grand.increment, the late army list).
    pub rp_spent: [u16; POWERS],
}

/// The sequence of play: a player turn's seven phases (turn.sequence) and the
/// deployment and strategic sequence around them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Deploy,
    /// Morale recovery, the first phase: RECONSTRUCTED (turn.sequence lost item 1).
    Morale,
    Depot,
    March,
    ForceMarch,
    Combat,
    Retreat,
    Siege,
    Attrition,
    Increment,
    GameOver,
}

/// A leader's march in progress (move.leaders, move.normal, move.forced).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct March {
    pub leader: LeaderId,
    pub at: AreaId,
    /// The force is still inside the fortress it started in.
    pub inside: bool,
    pub sp: u16,
    pub followers: Vec<LeaderId>,
    pub forced: bool,
    /// The march die has been rolled: areas it may still enter.
    pub rolled: bool,
    pub left: u8,
    /// Areas entered so far.
    pub entered: u8,
    /// The march roll allowed two areas (the second costs 1 SP).
    pub double: bool,
    /// An overwhelming attack was tried in the current area (one per area entered).
    pub tried_here: bool,
    /// Entered an enemy-occupied area: the march ends unless it attacks.
    pub stopped: bool,
    /// Lent Empire SPs marching with a French leader (allies.minor).
    #[serde(default)]
    pub lent_sp: u16,
    /// supply.siv: a leader of SIV 0 or 1 who began his march out of supply must try to
    /// get back into it.
    #[serde(default)]
    pub must_supply: bool,
}

/// The decision on battle in one area (combat.willingness): by side index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CombatSt {
    pub area: AreaId,
    pub fight: [Option<bool>; 2],
    /// A battle will be fought: waiting for a sally (fortress.relief) and the defender's
    /// choice of a positional or a maneuver battle (campaign.deployment).
    #[serde(default)]
    pub battle: bool,
    /// The besieged garrison has decided whether to sally (fortress.relief).
    #[serde(default)]
    pub sally_done: bool,
    /// A drawn battle: the side asked whether it pulls off the field voluntarily.
    #[serde(default)]
    pub pull: Option<Side>,
}

/// The loser of a battle leaving the area (combat.post-battle).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RetreatSt {
    pub area: AreaId,
    pub side: Side,
    /// The retreat roll was 3 or more: it may leave the area.
    pub may_leave: bool,
    /// It pulled off the field voluntarily (after a drawn battle): +2 to recover.
    #[serde(default)]
    pub voluntary: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SiegeStage {
    /// The besieger grants or denies the Honors of War.
    Honors,
    /// Denied: the garrison accepts surrender or refuses.
    Garrison,
    /// Refused: the besieger storms or declines.
    Storm,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SiegeSt {
    pub area: AreaId,
    pub stage: SiegeStage,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Globals {
    pub year: u16,
    pub turn: u8,
    pub step: Step,
    pub phasing: Side,
    /// The side placing forces in the secret deployment.
    pub deploying: Side,
    /// The strategic sequence has opened every country (grand.start).
    pub opened: bool,
    pub march: Option<March>,
    pub combat: Option<CombatSt>,
    /// Areas whose combat was decided this phase.
    pub combat_done: Vec<AreaId>,
    pub retreat: Option<RetreatSt>,
    pub siege: Option<SiegeSt>,
    /// Fortresses tried this siege phase.
    pub sieges_tried: Vec<AreaId>,
    /// Powers active in the war; surrendered or left.
    pub active: [bool; POWERS],
    pub out: [bool; POWERS],
    /// Co-operation rolls of 5 or 6 (allies.cooperation).
    pub cooperates: [bool; POWERS],
    /// RP spent in the increment phase in progress.
    pub rp_this_phase: [u16; POWERS],
    pub winner: Option<Side>,
    pub result: String,
    /// grand.redeploy: leaders each power must still give up (chosen by its player).
    #[serde(default)]
    pub to_lose: [u8; POWERS],
    /// grand.redeploy: the side has finished its secret re-deployment (by side index).
    #[serde(default)]
    pub redeployed: [bool; 2],
    /// A re-deployment (after the first strategic sequence) rather than the first
    /// secret deployment.
    #[serde(default)]
    pub redeploying: bool,
    /// prisoners.exchange: an exchange waiting for the holder's choice.
    #[serde(default)]
    pub exchange: Option<ExchangeSt>,
    /// prisoners.exchange: released pieces waiting for their owner to pick the
    /// unbesieged fortress they go to (two or more to choose from), first in line first.
    #[serde(default)]
    pub placing: Vec<Placing>,
    /// campaign.casualties: wounded leaders due back whose owner still picks the friendly
    /// force they return to (two or more to choose from), first in line first.
    #[serde(default)]
    pub returning: Vec<LeaderId>,
    /// grand.redeploy: by area, where each side stood when the re-deployment began; the
    /// places a side may re-deploy to are judged against it, so that the second side's
    /// legal places do not reveal the first side's secret withdrawals (empty otherwise).
    #[serde(default)]
    pub redeploy_start: Vec<SeenAt>,
    /// The last battle fought, for the battle panel's result (`battle::BattleReport`).
    #[serde(default)]
    pub last_battle: Option<super::battle::BattleReport>,
}

/// grand.redeploy: whether each side (by index) had SPs in the field and inside the
/// fortress of an area when the re-deployment began, and whether that garrison was
/// besieged then.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeenAt {
    pub field: [bool; 2],
    pub inside: [bool; 2],
    /// The garrison was besieged (`besieger`) when the re-deployment began; None in a
    /// save made before this was recorded (then judged on the live state).
    #[serde(default)]
    pub besieged: Option<bool>,
    /// The public position when the re-deployment began, for the computer's view of the
    /// other side's secret re-deployment (`deploy::scatter`, deployment.secret); None in
    /// a save made before this was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forces: Option<StartForces>,
}

/// grand.redeploy: the forces of an area when the re-deployment began, as both sides saw
/// them: SPs per power in the field and inside, the leaders there (`true`: inside) and
/// the Empire SPs lent to France.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StartForces {
    pub field: [u16; POWERS],
    pub inside: [u16; POWERS],
    pub leaders: Vec<(LeaderId, bool)>,
    pub lent: u16,
}

/// prisoners.exchange: one released SP (`leader` None) or leader of a power whose owner
/// still picks the fortress it goes to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placing {
    pub power: Power,
    pub leader: Option<LeaderId>,
}

/// prisoners.exchange: the side holding more prisoners chooses whom to release; the
/// other side's are released in full. By side index of the holder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExchangeSt {
    /// SPs the holder must still choose to release.
    pub sp: [u16; 2],
    /// Leaders the holder must still choose to release.
    pub leaders: [u16; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SxState {
    pub g: Globals,
    pub areas: Vec<AreaSt>,
    pub leaders: Vec<LeaderSt>,
    pub pools: Pools,
}

/// One player decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SxCommand {
    /// Secret deployment: a leader in an area of his country, in the field or inside.
    Deploy {
        leader: LeaderId,
        area: AreaId,
        inside: bool,
    },
    /// Secret deployment: SPs of a power in an area of its country.
    DeploySp {
        power: Power,
        area: AreaId,
        inside: bool,
        sp: u16,
    },
    /// Ends the phase (or the player's part of it).
    Done,
    /// Makes the rolls of an automatic phase (morale recovery, attrition).
    Roll,
    BuildDepot {
        area: AreaId,
    },
    DestroyDepot {
        area: AreaId,
    },
    /// Begins the march of a leader (the lowest-ranked of his power still to move).
    Select {
        leader: LeaderId,
    },
    /// The SPs the marching leader takes along.
    Take {
        sp: u16,
    },
    /// Another leader goes with the marching one (and does not move on his own).
    PickUp {
        leader: LeaderId,
    },
    /// Rolls the march die (1d6 + SIV).
    March,
    Enter {
        area: AreaId,
    },
    /// Overwhelming attack in the area entered, on the field force or on the fortress.
    Overwhelm {
        fortress: bool,
    },
    /// Leaves SPs of the marching force inside the fortress of its area.
    Garrison {
        sp: u16,
    },
    /// The whole marching force goes inside the fortress of its area; its march ends.
    IntoFortress,
    /// Ends the marching leader's move.
    Halt,
    /// Willing to fight in the area being decided, or not.
    Fight {
        fight: bool,
    },
    Retreat {
        area: AreaId,
        into_fortress: bool,
    },
    Siege {
        area: AreaId,
    },
    Honors {
        grant: bool,
    },
    Accept {
        accept: bool,
    },
    Storm {
        storm: bool,
    },
    /// grand.increment: buy SPs with RP.
    Buy {
        power: Power,
        sp: u16,
    },
    /// campaign.deployment: the defender fights a positional or a maneuver battle.
    BattleKind {
        maneuver: bool,
    },
    /// fortress.relief: SPs of the besieged garrison come out to join the relief force.
    Sally {
        sp: u16,
    },
    /// After a drawn battle: pull off the field voluntarily (combat.post-battle,
    /// morale.recovery +2), or stay.
    PullOff {
        pull: bool,
    },
    /// allies.minor: Austria lends Empire SPs in the field in an area to France (at the
    /// start of a campaign year).
    Lend {
        area: AreaId,
        sp: u16,
    },
    /// allies.minor: Austria takes lent Empire SPs in an area back.
    Recall {
        area: AreaId,
        sp: u16,
    },
    /// A French leader's march takes lent Empire SPs along (allies.minor).
    TakeLent {
        sp: u16,
    },
    /// grand.redeploy: a power's SPs and leaders at a place go back to be placed again in
    /// secret.
    Withdraw {
        power: Power,
        area: AreaId,
        inside: bool,
    },
    /// grand.redeploy: the player gives up one of his leaders (lost for good).
    Dismiss {
        leader: LeaderId,
    },
    /// prisoners.exchange: the holder releases one SP of a power.
    Release {
        power: Power,
    },
    /// prisoners.exchange: the holder releases a captured leader.
    ReleaseLeader {
        leader: LeaderId,
    },
    /// prisoners.exchange: the owner of a released SP or leader picks the unbesieged
    /// fortress of its nationality it goes to (only when there are two or more).
    PlaceReleased {
        area: AreaId,
    },
    /// campaign.casualties: the owner of a wounded leader who is due back picks the
    /// friendly force (of his side, not besieged) he returns to, when two or more qualify.
    ReturnWounded {
        area: AreaId,
        inside: bool,
    },
}

impl SxState {
    pub fn area(&self, a: AreaId) -> Option<&AreaSt> {
        self.areas.get(a as usize)
    }
    /// Field SPs of a side in an area.
    pub fn field_of(&self, a: AreaId, side: Side) -> u16 {
        self.area(a).map_or(0, |x| {
            Power::ALL
                .iter()
                .filter(|p| p.side() == side)
                .map(|p| x.field[p.idx()])
                .sum()
        })
    }
    /// Garrison SPs of a side in an area.
    pub fn garrison_of(&self, a: AreaId, side: Side) -> u16 {
        self.area(a).map_or(0, |x| {
            Power::ALL
                .iter()
                .filter(|p| p.side() == side)
                .map(|p| x.garrison[p.idx()])
                .sum()
        })
    }
    /// Leaders at a place of an area (field or inside), in leader order.
    pub fn leaders_at(&self, loc: LLoc) -> Vec<LeaderId> {
        self.leaders
            .iter()
            .enumerate()
            .filter(|(_, l)| l.loc == loc)
            .map(|(i, _)| i as LeaderId)
            .collect()
    }
    /// The absolute turn number (18 per year) for wounds.
    pub fn abs_turn(&self) -> u16 {
        self.g.year.saturating_sub(1700) * 18 + self.g.turn as u16
    }
    /// The player turn counted from 1700 (two per game turn), for lifted sieges.
    pub fn player_turn(&self) -> u32 {
        self.abs_turn() as u32 * 2 + u32::from(self.g.phasing == Side::Austria)
    }
    pub fn winter(&self) -> bool {
        self.g.turn >= 16
    }
}

/// No power's flag is set (kept out of the save, so older saves hash alike).
fn none_set(x: &[bool; POWERS]) -> bool {
    !x.iter().any(|b| *b)
}
