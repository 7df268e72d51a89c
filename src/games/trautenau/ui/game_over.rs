//! Step::GameOver (11.4, 12.4): the winner, the victory points and how they were scored.

use super::*;

/// The end of the game, in the middle of the screen.
pub(super) fn window(ctx: &egui::Context, f: &Frame, next: &mut NextState<AppState>) {
    let Frame { r, st, .. } = *f;
    if st.g.step == Step::GameOver {
        egui::Window::new("Game over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui_| {
                let [a, p] = st.g.vp;
                ui_.heading(match st.g.winner {
                    Some(w) => format!("{} wins", w.name()),
                    None => "Tied game".into(),
                });
                ui_.label(format!("Austria {a} VP · Prussia {p} VP"));
                let (_, lines) = flow::score(r, st, true);
                for l in lines {
                    ui_.small(l);
                }
                crate::gui::stats::game_over_plot(ui_);
                if ui_.button("Main menu").clicked() {
                    next.set(AppState::Menu);
                }
            });
    }
}
