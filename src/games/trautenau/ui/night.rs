//! The night steps: Step::Redeploy (13.2: after Bonin's panic the Austrian player places
//! X Corps again, one click a unit, then names the brigade that acts first) and
//! Step::NightFallBack (13.2: the marked units fall back; lit in `highlights`).

use super::*;

/// 13.2: the brigade that acts in the first two turns, once every unit is placed.
pub(super) fn redeploy_panel(ui_: &mut egui::Ui, f: &Frame, ui: &mut TsUi) {
    let Frame { r, st, legal, .. } = *f;
    if st.g.step == Step::Redeploy && st.g.to_place.is_empty() {
        ui_.strong("The brigade that acts in the first two turns (13.2)");
        for c in legal {
            if let TsCommand::ChooseFormation { formation } = c
                && ui_
                    .button(&r.formations[*formation as usize].name)
                    .clicked()
            {
                ui.core.outbox.push(c.clone());
            }
        }
    }
}

/// 13.2: one click places the next unit (facing north, or its stack's). True when the
/// click was taken.
pub(super) fn redeploy_click(world: &mut World, st: &TsState, hits: &[TsCommand]) -> bool {
    if st.g.step == Step::Redeploy
        && let Some(c) = hits
            .iter()
            .find(|c| matches!(c, TsCommand::Place { facing: Dir::N, .. }))
            .or(hits.first())
    {
        send(world, c.clone());
        return true;
    }
    false
}

/// 13.2: the units that must fall back for the night, lit (unless already lit).
pub(super) fn fall_back_targets(
    rules: &TsRules,
    st: &TsState,
    view: &rules::View,
    targets: &mut Vec<(Coord, String, Color, f32)>,
) {
    if let Step::NightFallBack(side) = st.g.step {
        for u in flow::night_candidates(rules, st, view, side) {
            if let Some(h) = st.units[u as usize].loc.hex()
                && !targets.iter().any(|x| x.0 == h)
            {
                targets.push((
                    h,
                    "fall back".into(),
                    Color::srgba(0.9, 0.6, 0.1, 0.25),
                    0.95,
                ));
            }
        }
    }
}
