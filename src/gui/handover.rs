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
    /// The sides the computer plays (by [`Side::idx`]): with one, nobody hands over the
    /// mouse, so no notice is shown.
    pub computer: [bool; 2],
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
        if self.computer.iter().any(|&c| c) {
            return None;
        }
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

/// The hand-over curtain of a game with hidden hands (card games) played hot-seat:
/// whenever the side to act is not the side that last took the screen, a full-window
/// opaque layer hides the board, the panels and the hand ("Prussia to play — Austria,
/// look away"), until that side clicks. A side's hand is drawn only after its click.
///
/// The game keeps one in its UI resource, calls [`Curtain::follow`] with the side to act
/// each frame, draws it with [`Curtain::draw`] after its own panels, and draws a hand
/// only where [`Curtain::show_hand_of`] allows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Curtain {
    /// The side to act now (None: nobody, e.g. the game is over).
    to_act: Option<Side>,
    /// The side that took the screen with its click.
    viewer: Option<Side>,
    /// The sides the computer plays (by [`Side::idx`]). With a computer seat there is no
    /// hand-over: the screen belongs to the human side (none when the computer plays
    /// both), whose hand alone is shown; the computer's hand never is.
    computer: [bool; 2],
}

impl Curtain {
    /// The side to act now.
    pub fn follow(&mut self, to_act: Option<Side>) {
        self.to_act = to_act;
    }

    /// The sides the computer plays (by [`Side::idx`]; the window's computer seats).
    pub fn seat(&mut self, computer: [bool; 2]) {
        self.computer = computer;
    }

    /// Whether the computer plays `side` (a seat set by [`Curtain::seat`]).
    pub fn is_computer(&self, side: Option<Side>) -> bool {
        side.is_some_and(|s| self.computer[s.idx()])
    }

    /// The one human side when the computer plays the other; None in a hot-seat game or
    /// when the computer plays both.
    fn human(&self) -> Option<Side> {
        match self.computer {
            [true, false] => Some(Side::Prussia),
            [false, true] => Some(Side::Austria),
            _ => None,
        }
    }

    /// The curtain is down: a side must act that has not taken the screen. Never with a
    /// computer seat (one person, or nobody, at the screen).
    pub fn is_down(&self) -> bool {
        if self.computer.iter().any(|&c| c) {
            return false;
        }
        self.to_act.is_some() && self.to_act != self.viewer
    }

    /// The side that has the screen (its hand may be shown): with a computer seat the
    /// human side, whoever is to act (none when the computer plays both).
    pub fn viewer(&self) -> Option<Side> {
        if self.computer.iter().any(|&c| c) {
            return self.human();
        }
        if self.is_down() { None } else { self.viewer }
    }

    /// Whether the panels must not offer the commands of the side to act: the curtain
    /// is down, or the computer plays that side (its choices, which may name its hidden
    /// cards, are its own).
    pub fn hides_commands(&self) -> bool {
        self.is_down() || self.is_computer(self.to_act)
    }

    /// May `side`'s hand be drawn now? Only after that side's click, and never while the
    /// curtain is down.
    pub fn show_hand_of(&self, side: Side) -> bool {
        self.viewer() == Some(side)
    }

    /// The side to act takes the screen (its click on the curtain).
    pub fn lift(&mut self) {
        self.viewer = self.to_act;
    }

    /// Hides the screen again (a "hide my hand" button): the side to act must click.
    pub fn lower(&mut self) {
        self.viewer = None;
    }

    /// Draws the curtain while it is down: an opaque layer over the whole window, above
    /// every panel, with the notice; a click on it lifts it. Returns true while it is
    /// down (the game may skip drawing its panels).
    pub fn draw(&mut self, ctx: &egui::Context) -> bool {
        if !self.is_down() {
            return false;
        }
        let Some(side) = self.to_act else {
            return false;
        };
        let rect = ctx.viewport_rect();
        let mut lift = false;
        egui::Area::new(egui::Id::new("handover-curtain"))
            .order(egui::Order::Foreground)
            .fixed_pos(rect.min)
            .show(ctx, |ui| {
                let resp = ui.allocate_rect(rect, egui::Sense::click());
                let p = ui.painter();
                p.rect_filled(rect, 0.0, egui::Color32::from_rgb(24, 26, 32));
                let c = rect.center();
                p.text(
                    c - egui::vec2(0.0, 40.0),
                    egui::Align2::CENTER_CENTER,
                    format!("{} to play", side.name()),
                    egui::FontId::proportional(34.0),
                    egui::Color32::from_rgb(240, 220, 150),
                );
                p.text(
                    c + egui::vec2(0.0, 6.0),
                    egui::Align2::CENTER_CENTER,
                    format!("{}, look away.", side.other().name()),
                    egui::FontId::proportional(20.0),
                    egui::Color32::from_gray(220),
                );
                p.text(
                    c + egui::vec2(0.0, 44.0),
                    egui::Align2::CENTER_CENTER,
                    format!("Click anywhere when {} has the mouse.", side.name()),
                    egui::FontId::proportional(16.0),
                    egui::Color32::from_gray(170),
                );
                lift = resp.clicked();
            });
        if lift {
            self.lift();
            return false;
        }
        true
    }
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

    #[test]
    fn the_curtain_hides_each_hand_until_its_side_clicks() {
        let mut c = Curtain::default();
        c.follow(Some(Side::Prussia));
        assert!(c.is_down());
        assert!(!c.show_hand_of(Side::Prussia));
        c.lift();
        assert!(c.show_hand_of(Side::Prussia));
        assert!(!c.show_hand_of(Side::Austria));
        // Austria must respond: the curtain falls, no hand is shown
        c.follow(Some(Side::Austria));
        assert!(c.is_down());
        assert!(!c.show_hand_of(Side::Prussia));
        assert!(!c.show_hand_of(Side::Austria));
        c.lift();
        assert!(c.show_hand_of(Side::Austria));
        assert!(!c.show_hand_of(Side::Prussia));
        // nobody to act: the last viewer keeps the screen
        c.follow(None);
        assert!(!c.is_down());
        assert!(c.show_hand_of(Side::Austria));
        // "hide my hand"
        c.follow(Some(Side::Austria));
        c.lower();
        assert!(c.is_down());
        assert!(!c.show_hand_of(Side::Austria));
    }

    #[test]
    fn against_the_computer_only_the_human_hand_is_shown_and_no_curtain_falls() {
        let mut c = Curtain::default();
        // the computer plays Prussia
        c.seat([false, true]);
        for to_act in [Some(Side::Prussia), Some(Side::Austria), None] {
            c.follow(to_act);
            assert!(!c.is_down());
            assert!(c.show_hand_of(Side::Austria));
            assert!(!c.show_hand_of(Side::Prussia));
        }
        c.follow(Some(Side::Prussia));
        assert!(c.hides_commands());
        c.follow(Some(Side::Austria));
        assert!(!c.hides_commands());
        // computer against computer: no hand at all
        c.seat([true, true]);
        assert!(!c.is_down());
        assert!(!c.show_hand_of(Side::Austria));
        assert!(!c.show_hand_of(Side::Prussia));
        let mut h = HandoverState::default();
        h.follow(&at(Some(Side::Prussia), "Movement", 0));
        let s = at(Some(Side::Austria), "Movement", 1);
        h.follow(&s);
        assert!(h.current(&s).is_some());
        h.computer = [false, true];
        assert_eq!(h.current(&s), None);
    }
}
