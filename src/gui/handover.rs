//! The hot-seat hand-over notice every game shows under its prompt: when the side to act
//! changes (a new step, or within a step: a pass, the other side's rally picks), the
//! notice asks the players to hand over the mouse, until that side gives a command.

use crate::engine::game_ecs::CurrentStep;
use crate::engine::side::Side;
use bevy::prelude::*;
use bevy_egui::egui;

/// A notice: `side` is to act in `step` after `at` commands of the step.
#[derive(Clone, Debug, PartialEq)]
pub struct Handover {
    pub side: Side,
    pub step: &'static str,
    pub at: usize,
}

/// What a game's UI keeps for the notice.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandoverState {
    pub notice: Option<Handover>,
    pub last_to_act: Option<Side>,
}

impl HandoverState {
    /// Follows the step on screen (on entering a step, and after each command): a notice
    /// when the side to act is not the one that acted before.
    pub fn follow(&mut self, step: &CurrentStep) {
        if let (Some(now), Some(before)) = (step.to_act, self.last_to_act)
            && now != before
        {
            self.notice = Some(Handover {
                side: now,
                step: step.name,
                at: step.commands,
            });
        }
        if step.to_act.is_some() {
            self.last_to_act = step.to_act;
        }
    }

    /// The notice, while that side is still to act and has given no command since.
    pub fn current(&self, step: &CurrentStep) -> Option<&Handover> {
        self.notice
            .as_ref()
            .filter(|h| step.to_act == Some(h.side) && step.name == h.step && step.commands == h.at)
    }

    /// Draws the notice under the prompt.
    pub fn show(&self, ui: &mut egui::Ui, step: &CurrentStep) {
        if let Some(h) = self.current(step) {
            ui.colored_label(
                egui::Color32::YELLOW,
                format!(
                    "{} to act ({} step): hand over the mouse in a hot-seat game.",
                    h.side.name(),
                    h.step
                ),
            );
        }
    }
}

/// A game UI resource that holds a [`HandoverState`].
pub trait HasHandover: Resource<Mutability = bevy::ecs::component::Mutable> {
    fn handover(&mut self) -> &mut HandoverState;
}

/// Follows the step after each command within a step (the `OnEnter` of each step state
/// calls [`on_enter`]); runs in `Update` after the step systems.
pub fn follow_commands<U: HasHandover>(step: Option<Res<CurrentStep>>, mut ui: ResMut<U>) {
    if let Some(step) = step
        && step.is_changed()
        && step.commands > 0
    {
        ui.handover().follow(&step);
    }
}

/// `OnEnter` of a step state (after `enter_step`): the step's hand-over notice.
pub fn on_enter<U: HasHandover>(step: Res<CurrentStep>, mut ui: ResMut<U>) {
    ui.handover().follow(&step);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(side: Option<Side>, name: &'static str, commands: usize) -> CurrentStep {
        CurrentStep {
            name,
            case: "",
            prompt: String::new(),
            to_act: side,
            commands,
        }
    }

    #[test]
    fn a_change_of_side_within_a_step_puts_up_the_notice_until_a_command() {
        let mut h = HandoverState::default();
        h.follow(&at(Some(Side::Prussia), "Movement", 0));
        assert_eq!(h.current(&at(Some(Side::Prussia), "Movement", 0)), None);
        // Prussia passes: Austria moves in the same step (no new Bevy state)
        let s = at(Some(Side::Austria), "Movement", 1);
        h.follow(&s);
        assert_eq!(h.current(&s).map(|h| h.side), Some(Side::Austria));
        // Austria's first move ends the notice
        let s2 = at(Some(Side::Austria), "Movement", 2);
        h.follow(&s2);
        assert_eq!(h.current(&s2), None);
    }
}
