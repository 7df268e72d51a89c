//! The prompt under the message: who is to act and what to do in this step (or in the
//! pending decision), citing the case.

use super::*;

/// The prompt for the side to act, from the pending decision or else the step.
pub(super) fn hint(rules: &TsRules, st: &TsState) -> String {
    let who = flow::active_side(rules, st)
        .map(|s| s.name())
        .unwrap_or("nobody");
    if let Some(p) = st.g.pending.first() {
        return match p {
            Pending::Defence { .. } => format!(
                "{who}: defend (share your points in the panel) or fall back before combat by clicking a lit hex (9.5.3, 9.5.4)."
            ),
            Pending::Retreat { units, .. } => format!(
                "{who}: click a lit hex to retreat {} (9.5.8).",
                units
                    .first()
                    .map(|u| rules.units[*u as usize].name.as_str())
                    .unwrap_or("")
            ),
            Pending::Advance { .. } => {
                format!("{who}: choose the attacker that advances in the panel (9.5.9).")
            }
            Pending::PlaceAide { leader } => format!(
                "{who}: {} falls; click a lit hex of his formation to put his aide de camp there (9.5.13).",
                rules.leaders[*leader as usize].name
            ),
        };
    }
    if let Some(d) = flow::decision_due(rules, st).and_then(|k| rules.decisions.get(k)) {
        return format!(
            "{who}: decide first, in the Decision window: {} ({}).",
            d.name, d.rule
        );
    }
    if st.g.step == Step::Movement
        && !flow::must_fall_back(rules, st, &rules::view(rules, st)).is_empty()
    {
        return format!(
            "{who}: the formation is demoralised: each unit that can must move closer to your map edge before the movement ends (10.2)."
        );
    }
    match st.g.step {
        Step::ChiefMove(_) => format!(
            "{who}: select your commander in chief in the panel, then a lit hex; or end (7.1)."
        ),
        Step::Redeploy => match st.g.to_place.first() {
            Some(u) => format!(
                "Austria: Bonin has fled. Click a lit hex to place {} (13.2).",
                rules.units[*u as usize].name
            ),
            None => {
                "Austria: name the one brigade that may act in the first two turns (13.2).".into()
            }
        },
        Step::ChooseFirst(_) => {
            format!("{who}: you won the initiative — pick the formation that acts first (8).")
        }
        Step::Barrage => format!(
            "{who}: select a battery, then a lit enemy unit in range and sight; or end barrages (9.2)."
        ),
        Step::Movement => format!(
            "{who}: select a unit, click a lit hex; Shift+wheel or Q/E turns it; end movement when done (9.3)."
        ),
        Step::Declare => format!(
            "{who}: click an enemy hex in front of your units to declare an assault; end declarations when done (9.5.1)."
        ),
        Step::Combat => {
            format!("{who}: resolve the declared assaults in the order you choose (9.5.3).")
        }
        Step::ChiefCommand => format!(
            "{who}: click a lit cut-off unit to put it under your commander in chief, or end (9.1.4)."
        ),
        Step::Rally(_) => format!(
            "{who}: click a lit disorganised unit (or use the Turn panel) to test it; end the rally when done (10.1)."
        ),
        Step::NightFallBack(_) => format!(
            "{who}: night. Select each marked unit in an enemy ZoC on open ground and click a lit hex to fall back (13.2)."
        ),
        Step::GameOver => "The game is over.".into(),
    }
}
