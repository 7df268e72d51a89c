//! The `GameUi` hooks of the game: what a command resets in the selection, the demo
//! autoplay and the start-up selection.

use super::*;

impl GameUi for Sadowa {
    /// Its own game-over window, with the statistics plot (`gui::stats`).
    const GAME_OVER_WINDOW: bool = true;

    type Ui = SdUi;

    /// No hand-over with a computer seat (`gui::computer`).
    fn seats(ui: &mut SdUi, computer: [bool; 2]) {
        ui.handover.computer = computer;
    }

    fn core(ui: &SdUi) -> &UiCore<SdCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut SdUi) -> &mut UiCore<SdCommand> {
        &mut ui.core
    }

    /// The board: the map's hexes, with the names of its places when the map file has
    /// no labels of its own.
    fn map(rules: &SdRules) -> HexMap {
        let mut m = rules.map.hex.clone();
        if m.labels.is_empty() {
            m.labels = rules
                .map
                .places
                .iter()
                .map(|p| (p.hex, p.name.clone()))
                .collect();
        }
        m
    }

    fn deselect(ui: &mut SdUi) {
        ui.selected = None;
        ui.target = None;
    }

    fn applied(ui: &mut SdUi, cmd: &SdCommand) {
        match cmd {
            // an activated or joining unit is selected: it moves next (7.1)
            SdCommand::ActivateUnit { unit } | SdCommand::Join { unit } => {
                ui.selected = Some(*unit)
            }
            SdCommand::Move { .. } | SdCommand::ActivateHq { .. } => {}
            SdCommand::Place { .. } => ui.selected = None,
            _ => {
                ui.selected = None;
                ui.target = None;
            }
        }
    }

    /// FELDZUG_AUTOPLAY=<n>|operations|hq|attack: random legal commands first (demos and
    /// screenshots); the game is still scenario + seed + commands.
    fn autoplay(_world: &mut World, rules: &Arc<SdRules>, seed: u64) -> Vec<SdCommand> {
        let Ok(until) = std::env::var("FELDZUG_AUTOPLAY") else {
            return Vec::new();
        };
        demo_game(rules, seed, &until).commands
    }

    /// FELDZUG_SELECT=<unit id>: select it and centre the view on it (screenshots); an
    /// activated HQ is selected.
    fn started(world: &mut World, rules: &SdRules) {
        let Some(st) = gather(world) else { return };
        let select = std::env::var("FELDZUG_SELECT")
            .ok()
            .and_then(|id| rules.by_id(&id))
            .or(st.g.op.hq_open);
        if let Some(u) = select {
            world.resource_mut::<SdUi>().selected = Some(u);
            if std::env::var("FELDZUG_SELECT").is_ok()
                && let Some(h) = flow::hex_of(&st, u)
            {
                world.resource_mut::<crate::gui::board::Focus>().0 = Some((h, 0.6));
            }
        }
    }
}

/// The demo game of FELDZUG_AUTOPLAY: `n` random commands, or random commands until the
/// Operations Phase (`operations`), until an HQ is activated there (`hq`: the first HQ
/// the side to act may activate), or until an attack is legal (`attack`).
pub fn demo_game(
    rules: &Arc<SdRules>,
    seed: u64,
    until: &str,
) -> crate::engine::game::PureGame<Sadowa> {
    use rand::SeedableRng;
    let mut g = crate::engine::game::PureGame::<Sadowa>::new(rules.clone(), seed);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let count: Option<usize> = until.parse().ok();
    let ready = |g: &crate::engine::game::PureGame<Sadowa>| match until {
        _ if count.is_some() => g.commands.len() >= count.unwrap_or(0),
        "attack" => g
            .legal()
            .iter()
            .any(|c| matches!(c, SdCommand::Attack { .. })),
        _ => g.st.g.step == Step::Activate && g.st.g.pending.is_empty(),
    };
    while !ready(&g) && !g.over() && g.commands.len() < 5000 {
        let legal = g.legal();
        let Some(c) = super::super::random_command(&g.rules, &g.st, &legal, &mut rng) else {
            break;
        };
        let _ = g.apply(&c);
    }
    if until == "hq"
        && let Some(c) = g
            .legal()
            .into_iter()
            .find(|c| matches!(c, SdCommand::ActivateHq { .. }))
    {
        let _ = g.apply(&c);
    }
    g
}

impl crate::gui::handover::HasHandover for SdUi {
    fn handover(&mut self) -> &mut crate::gui::handover::HandoverState {
        &mut self.handover
    }
}
