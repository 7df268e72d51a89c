//! Step::GameOver (7.0): the winner, the victory points and the units each side lost.

use super::*;

/// The end of the game, in the middle of the screen.
pub(super) fn window(ctx: &egui::Context, f: &Frame, next: &mut NextState<AppState>) {
    let Frame { rules, st, .. } = *f;
    if st.g.step == Step::GameOver {
        egui::Window::new("Game over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui_| {
                let [a, p] = st.g.vp;
                ui_.heading(format!(
                    "{} wins",
                    st.g.winner.map(|w| w.name()).unwrap_or("nobody")
                ));
                ui_.label(format!("Austria {a} VP · Prussia {p} VP (7.0: 1 per blown or eliminated enemy unit plus its stars; ties to Austria)"));
                for (i, d) in rules.units.iter().enumerate() {
                    if matches!(st.units[i].loc, Loc::Blown(_) | Loc::Eliminated) {
                        ui_.label(format!(
                            "{} lost: {} VP to {}",
                            d.name,
                            1 + d.er,
                            d.side.other().name()
                        ));
                    }
                }
                crate::gui::stats::game_over_plot(ui_);
                if ui_.button("Main menu").clicked() {
                    next.set(AppState::Menu);
                }
            });
    }
}
