//! The `GameUi` hooks of the game: what a command resets in the selection and the demo
//! autoplay up to a phase.

use super::*;

impl GameUi for Koniggratz {
    /// Its own game-over window, with the statistics plot (`gui::stats`).
    const GAME_OVER_WINDOW: bool = true;

    type Ui = KgUi;

    /// No hand-over with a computer seat (`gui::computer`).
    fn seats(ui: &mut KgUi, computer: [bool; 2]) {
        ui.handover.computer = computer;
    }

    fn core(ui: &KgUi) -> &UiCore<KgCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut KgUi) -> &mut UiCore<KgCommand> {
        &mut ui.core
    }

    fn map(rules: &KgRules) -> HexMap {
        rules.map.clone()
    }

    fn deselect(ui: &mut KgUi) {
        ui.selected = None;
    }

    fn applied(ui: &mut KgUi, cmd: &KgCommand) {
        if matches!(
            cmd,
            KgCommand::Move { .. } | KgCommand::Attack { .. } | KgCommand::Pass
        ) {
            ui.selected = None;
        }
    }

    /// FELDZUG_AUTOPLAY=movement|attack: random legal commands until that phase (demos
    /// and screenshots); the game is still scenario + seed + commands.
    fn autoplay(_world: &mut World, rules: &Arc<KgRules>, seed: u64) -> Vec<KgCommand> {
        let Ok(until) = std::env::var("FELDZUG_AUTOPLAY") else {
            return Vec::new();
        };
        use rand::SeedableRng;
        let mut g = crate::games::koniggratz::PureGame::new(rules.clone(), seed);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let want = if until == "attack" {
            Step::Attack
        } else {
            Step::Movement
        };
        // "attack" stops where the side to act has an attack to make
        let ready = |g: &crate::games::koniggratz::PureGame| {
            g.st.g.step == want
                && g.st.g.pending.is_empty()
                && (want != Step::Attack
                    || g.legal()
                        .iter()
                        .any(|c| matches!(c, KgCommand::Attack { .. })))
        };
        while !ready(&g) && !g.over() && g.commands.len() < 5000 {
            let legal = g.legal();
            let Some(c) =
                crate::games::koniggratz::random_command(&g.rules, &g.st, &legal, &mut rng)
            else {
                break;
            };
            let _ = g.apply(&c);
        }
        for c in g
            .legal()
            .iter()
            .filter(|c| matches!(c, KgCommand::Attack { .. }))
            .take(3)
        {
            if let KgCommand::Attack { attacker, defender } = c {
                info!(
                    "autoplay: possible attack {:?} -> {:?}",
                    rules::unit_hex(&g.st, *attacker),
                    rules::unit_hex(&g.st, *defender)
                );
            }
        }
        g.commands
    }
}
