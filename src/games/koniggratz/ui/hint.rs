//! The prompt under the message: who is to act and what to do in this step (or in the
//! pending decision), citing the case.

use super::*;

/// The prompt for the side to act, from the pending decision or else the step.
pub(super) fn hint(rules: &KgRules, st: &KgState) -> String {
    let who = flow::active_side(rules, st)
        .map(|s| s.name())
        .unwrap_or("nobody");
    if let Some(p) = st.g.pending.last() {
        return match p {
            Pending::Artillery { .. } => {
                format!("{who}: choose artillery support in the panel (4.3a).")
            }
            Pending::Retreat { unit, .. } => format!(
                "{who}: click a highlighted hex to retreat {} (4.3.1).",
                rules.units[*unit as usize].name
            ),
        };
    }
    match st.g.step {
        Step::HqPlacement => {
            format!("{who}: pick an HQ in the panel, then a highlighted hex (4.0b).")
        }
        Step::BlownSelect(_) => format!("{who}: choose two blown units to return (4.0c)."),
        Step::BlownReturn(_) => {
            format!(
                "{who}: select a returning unit in the panel, then a hex next to an HQ, or leave them on the track (4.0c)."
            )
        }
        Step::Bombardment => {
            "Austria: click a highlighted hex for the bombardment marker (4.0d).".into()
        }
        Step::Organize(_) => format!("{who}: click units to flip them to March, then Done (4.0e)."),
        Step::ExitEzoc => format!(
            "{who}: select a unit in an enemy ZOC and a hex to retreat to, or decline (4.0e)."
        ),
        Step::Movement => format!("{who}: select a unit, then a highlighted hex; or pass (4.2)."),
        Step::Attack => {
            format!("{who}: select an attacker, then a highlighted enemy; or pass (4.3).")
        }
        Step::GameOver => "The game is over.".into(),
    }
}
