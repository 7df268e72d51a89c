//! The `GameUi` hooks of the game: what a command resets in the selection, the demo
//! autoplay up to a step, the selection at start-up and the lesson's first hex.

use super::*;

impl GameUi for Trautenau {
    /// Its own game-over window, with the statistics plot (`gui::stats`).
    const GAME_OVER_WINDOW: bool = true;

    type Ui = TsUi;

    /// No hand-over with a computer seat (`gui::computer`).
    fn seats(ui: &mut TsUi, computer: [bool; 2]) {
        ui.handover.computer = computer;
    }
    const UNDO_IN_LESSON: &'static str =
        "Undo is off during a lesson; use Replay previous step instead.";

    fn core(ui: &TsUi) -> &UiCore<TsCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut TsUi) -> &mut UiCore<TsCommand> {
        &mut ui.core
    }

    fn map(rules: &TsRules) -> HexMap {
        rules.map.clone()
    }

    fn deselect(ui: &mut TsUi) {
        ui.selected = None;
        ui.leader = None;
        ui.builder = None;
    }

    fn applied(ui: &mut TsUi, cmd: &TsCommand) {
        if matches!(
            cmd,
            TsCommand::Done
                | TsCommand::Declare { .. }
                | TsCommand::Barrage { .. }
                | TsCommand::Evacuate { .. }
        ) {
            ui.selected = None;
        }
        if matches!(cmd, TsCommand::Declare { .. }) {
            ui.builder = None;
        }
        if matches!(cmd, TsCommand::Defend { .. }) {
            ui.split.clear();
            ui.support = None;
            ui.helpers.clear();
        }
    }

    /// FELDZUG_AUTOPLAY=movement|combat|rally|aide|barrage|defence|decide: random legal
    /// commands until that step
    /// (demos and screenshots); the game is still scenario + seed + commands.
    fn autoplay(world: &mut World, rules: &Arc<TsRules>, seed: u64) -> Vec<TsCommand> {
        let Ok(until) = std::env::var("FELDZUG_AUTOPLAY") else {
            return Vec::new();
        };
        use rand::SeedableRng;
        let mut g = crate::games::trautenau::PureGame::new(rules.clone(), seed);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let want = if until == "combat" {
            Step::Declare
        } else {
            Step::Movement
        };
        let rally = until == "rally";
        let aide = until == "aide";
        let ready = |g: &crate::games::trautenau::PureGame| {
            let any = |f: fn(&TsCommand) -> bool| g.legal().iter().any(f);
            match until.as_str() {
                "barrage" => {
                    return g.st.g.step == Step::Barrage
                        && any(|c| matches!(c, TsCommand::Barrage { .. }));
                }
                "defence" => {
                    return matches!(g.st.g.pending.first(), Some(Pending::Defence { .. }));
                }
                "decide" => return any(|c| matches!(c, TsCommand::Decide { .. })),
                _ => {}
            }
            if aide {
                return matches!(g.st.g.pending.first(), Some(Pending::PlaceAide { .. }));
            }
            if rally {
                return matches!(g.st.g.step, Step::Rally(_))
                    && g.legal()
                        .iter()
                        .any(|c| matches!(c, TsCommand::Rally { .. }));
            }
            g.st.g.step == want
                && g.st.g.pending.is_empty()
                && g.commands.len() > 3
                && (want != Step::Declare
                    || g.legal()
                        .iter()
                        .any(|c| matches!(c, TsCommand::Declare { .. })))
        };
        while !ready(&g) && !g.over() && g.commands.len() < 5000 {
            let legal = g.legal();
            let Some(c) =
                crate::games::trautenau::random_command(&g.rules, &g.st, &legal, &mut rng)
            else {
                break;
            };
            let _ = g.apply(&c);
        }
        // centre the view on the first possible assault (demos, screenshots)
        if let Some(TsCommand::Declare { target, .. }) = g
            .legal()
            .into_iter()
            .find(|c| matches!(c, TsCommand::Declare { .. }))
        {
            info!("autoplay: possible assault on {target}");
            world.resource_mut::<crate::gui::board::Focus>().0 = Some((target, 0.45));
        }
        g.commands
    }

    /// FELDZUG_SELECT=<unit id>: select it and centre the view on it (screenshots).
    fn started(world: &mut World, rules: &TsRules) {
        let select = std::env::var("FELDZUG_SELECT").ok().and_then(|id| {
            let u = rules.units.iter().position(|d| d.id == id)?;
            let st = gather(world)?;
            Some((u as UnitId, st.units[u].loc.hex()?))
        });
        // FELDZUG_AUTOPLAY=barrage without a selection: the first battery that may fire
        let select = select.or_else(|| {
            if std::env::var("FELDZUG_AUTOPLAY").ok()? != "barrage" {
                return None;
            }
            let st = gather(world)?;
            flow::legal_commands(rules, &st)
                .into_iter()
                .find_map(|c| match c {
                    TsCommand::Barrage { unit, .. } => {
                        Some((unit, st.units[unit as usize].loc.hex()?))
                    }
                    _ => None,
                })
        });
        if let Some((u, c)) = select {
            world.resource_mut::<crate::gui::board::Focus>().0 = Some((c, 0.45));
            world.resource_mut::<TsUi>().selected = Some(u);
        }
    }

    /// Centres the view on the first hex the lesson points at.
    fn lesson_opened(world: &mut World, lesson: &crate::engine::tutorial::Lesson<TsCommand>) {
        if let Some(c) = lesson.steps.iter().find_map(|s| match s.target {
            crate::engine::tutorial::Target::Hex(c) => Some(c),
            _ => None,
        }) {
            world.resource_mut::<crate::gui::board::Focus>().0 = Some((c, 0.5));
        }
    }
}
