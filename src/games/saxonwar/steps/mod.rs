//! The sequence of play of Great Saxon War as code: one module per step (the secret
//! deployment, the seven phases of a player turn, the retreat after a battle, the force
//! increments of the strategic sequence, game over), each a [`PlayStep`]. Every step
//! lists its legal commands in one function; `check` accepts exactly those and words
//! the refusal of anything else.

pub mod attrition;
pub mod combat;
pub mod deploy;
pub mod depot;
pub mod game_over;
pub mod increment;
pub mod march;
pub mod morale;
pub mod retreat;
pub mod siege;

use super::SaxonWar;
use super::data::SxRules;
use super::flow::Game;
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::step::{PlayStep, Sequenced};

/// A command of the step's kind that is not in its legal list: the step's reason, or a
/// plain one.
pub fn check_in(
    legal: Vec<SxCommand>,
    cmd: &SxCommand,
    why: impl FnOnce() -> Refusal,
) -> Result<(), Refusal> {
    if legal.contains(cmd) {
        Ok(())
    } else {
        Err(why())
    }
}

macro_rules! step {
    ($ty:ident, $name:expr, $case:expr, $m:ident) => {
        #[derive(Default)]
        pub struct $ty;
        impl PlayStep<SaxonWar> for $ty {
            fn name(&self) -> &'static str {
                $name
            }
            fn case(&self) -> &'static str {
                $case
            }
            fn prompt(&self, r: &SxRules, st: &SxState) -> String {
                $m::prompt(r, st)
            }
            fn to_act(&self, r: &SxRules, st: &SxState) -> Option<Side> {
                $m::to_act(r, st)
            }
            fn takes(&self, cmd: &SxCommand) -> bool {
                $m::takes(cmd)
            }
            fn legal(&self, r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
                $m::legal(r, st, out)
            }
            fn check(&self, r: &SxRules, st: &SxState, cmd: &SxCommand) -> Result<(), Refusal> {
                let mut l = Vec::new();
                $m::legal(r, st, &mut l);
                check_in(l, cmd, || $m::why(r, st, cmd))
            }
            fn execute(
                &self,
                r: &SxRules,
                st: &mut SxState,
                dice: &mut Dice,
                log: &mut GameLog,
                cmd: &SxCommand,
            ) {
                let mut g = Game { r, st, dice, log };
                $m::execute(&mut g, cmd);
                g.run_on();
            }
        }
    };
}

step!(Deploy, "Secret deployment", "grand.start", deploy);
step!(Morale, "Morale recovery", "morale.recovery", morale);
step!(DepotStep, "Depot creation", "supply.depots", depot);
step!(MarchStep, "Marches", "move.leaders", march);
step!(CombatStep, "Combat", "combat.willingness", combat);
step!(
    RetreatStep,
    "Retreat after battle",
    "combat.post-battle",
    retreat
);
step!(SiegeStep, "Siege resolution", "siege.resolution", siege);
step!(Attrition, "Enemy attrition", "supply.attrition", attrition);
step!(Increment, "Force increments", "grand.increment", increment);
step!(GameOver, "Game over", "grand.surrender", game_over);

pub fn step(s: Step) -> &'static dyn PlayStep<SaxonWar> {
    match s {
        Step::Deploy => &Deploy,
        Step::Morale => &Morale,
        Step::Depot => &DepotStep,
        Step::March | Step::ForceMarch => &MarchStep,
        Step::Combat => &CombatStep,
        Step::Retreat => &RetreatStep,
        Step::Siege => &SiegeStep,
        Step::Attrition => &Attrition,
        Step::Increment => &Increment,
        Step::GameOver => &GameOver,
    }
}

/// Whether the step the state is in waits for a decision (else the sequence runs on).
pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    match st.g.step {
        Step::Deploy => deploy::has_work(r, st),
        Step::Morale => morale::has_work(r, st),
        Step::Depot => depot::has_work(r, st),
        Step::March | Step::ForceMarch => march::has_work(r, st),
        Step::Combat => st.g.combat.is_some(),
        Step::Retreat => st.g.retreat.is_some(),
        Step::Siege => siege::has_work(r, st),
        Step::Attrition => attrition::has_work(r, st),
        Step::Increment => increment::has_work(r, st),
        Step::GameOver => true,
    }
}

impl Sequenced for SaxonWar {
    fn step(_rules: &SxRules, st: &SxState) -> &'static dyn PlayStep<SaxonWar> {
        step(st.g.step)
    }

    fn describe(cmd: &SxCommand) -> String {
        describe(cmd)
    }

    /// While a prisoner exchange or a wounded leader's return waits for a pick in the
    /// morale step, a command of another step is refused with the pick that comes first
    /// (prisoners.exchange, campaign.casualties), not only as the wrong step.
    fn refuse_other_step(
        r: &SxRules,
        st: &SxState,
        step: &dyn PlayStep<SaxonWar>,
        cmd: &SxCommand,
    ) -> Refusal {
        let waiting = !st.g.placing.is_empty()
            || morale::chooser(st).is_some()
            || morale::returning(r, st).is_some();
        if st.g.step == Step::Morale && waiting {
            return morale::why(r, st, cmd);
        }
        crate::engine::step::wrong_step::<SaxonWar>(step, cmd)
    }
}

pub fn describe(cmd: &SxCommand) -> String {
    match cmd {
        SxCommand::Deploy { .. } | SxCommand::DeploySp { .. } => "a deployment".into(),
        SxCommand::Done => "'done'".into(),
        SxCommand::Roll => "the phase's rolls".into(),
        SxCommand::BuildDepot { .. } => "building a depot".into(),
        SxCommand::DestroyDepot { .. } => "destroying a depot".into(),
        SxCommand::Select { .. }
        | SxCommand::Take { .. }
        | SxCommand::PickUp { .. }
        | SxCommand::March
        | SxCommand::Enter { .. }
        | SxCommand::Garrison { .. }
        | SxCommand::IntoFortress
        | SxCommand::Halt => "a march".into(),
        SxCommand::Overwhelm { .. } => "an overwhelming attack".into(),
        SxCommand::Fight { .. } => "a decision to fight".into(),
        SxCommand::Retreat { .. } => "a retreat".into(),
        SxCommand::Siege { .. }
        | SxCommand::Honors { .. }
        | SxCommand::Accept { .. }
        | SxCommand::Storm { .. } => "a siege decision".into(),
        SxCommand::Buy { .. } => "a force increment".into(),
        SxCommand::BattleKind { .. } => "the choice of a positional or a maneuver battle".into(),
        SxCommand::Sally { .. } => "a sally of the garrison".into(),
        SxCommand::PullOff { .. } => "pulling off the field".into(),
        SxCommand::Lend { .. } | SxCommand::Recall { .. } => "a loan of the Empire's troops".into(),
        SxCommand::TakeLent { .. } => "a march".into(),
        SxCommand::Withdraw { .. } | SxCommand::Dismiss { .. } => "a re-deployment".into(),
        SxCommand::Release { .. }
        | SxCommand::ReleaseLeader { .. }
        | SxCommand::PlaceReleased { .. } => "a release of prisoners".into(),
        SxCommand::ReturnWounded { .. } => "the return of a wounded leader".into(),
    }
}
