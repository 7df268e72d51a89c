//! Königgrätz (Conflict Simulations): the battle of 3 July 1866 on a tactical hex map.
//! See docs/games/koniggratz.md for every rule case and its status.

pub mod ai;
pub mod bench;
pub mod combat;
pub mod data;
pub mod ecs;
pub mod flow;
pub mod random;
pub mod reference;
pub mod rules;
pub mod state;
pub mod steps;
#[cfg(feature = "gui")]
pub mod ui;

use crate::engine::dice::Dice;
use crate::engine::game::{self, RulesGame};
use crate::engine::hash::state_hash;
use crate::engine::log::GameLog;
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::Summary;
use data::{KgRules, Side};
use flow::Game;
use rand_xoshiro::Xoshiro256PlusPlus;
use state::{KgCommand, KgState, Refusal, Step};
use std::sync::Arc;

pub const GAME_ID: &str = "koniggratz";

/// The Königgrätz game: its registry entry and the type the shared layer runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Koniggratz;

impl RulesGame for Koniggratz {
    type Rules = KgRules;
    type State = KgState;
    type Command = KgCommand;
    const GAME_ID: &'static str = GAME_ID;
    const NAME: &'static str = "Königgrätz";

    fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<KgRules>, String> {
        load_rules(scenario, variants)
    }

    fn scenario_id(rules: &KgRules) -> &str {
        &rules.meta.id
    }

    fn new_state(rules: &KgRules) -> KgState {
        flow::new_state(rules)
    }

    fn start(rules: &KgRules, st: &mut KgState, dice: &mut Dice, log: &mut GameLog) {
        Game {
            rules,
            st,
            dice,
            log,
        }
        .start();
    }

    fn apply(
        rules: &KgRules,
        st: &mut KgState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &KgCommand,
    ) -> Result<(), Refusal> {
        Game {
            rules,
            st,
            dice,
            log,
        }
        .apply(cmd)
    }

    fn legal(rules: &KgRules, st: &KgState) -> Vec<KgCommand> {
        flow::legal_commands(rules, st)
    }

    fn over(st: &KgState) -> bool {
        st.g.step == Step::GameOver
    }

    fn summary(rules: &KgRules, st: &KgState, seed: u64, commands: usize) -> Summary {
        summary(rules, st, seed, commands)
    }

    /// The summary's turn and VP, and the units each side has blown or eliminated (7.0:
    /// what the VP count), without the state hash.
    fn statistics(rules: &KgRules, st: &KgState) -> crate::engine::stats::Figures {
        let vp = flow::victory_points(rules, st);
        let mut out = [0.0; 2];
        for (d, u) in rules.units.iter().zip(&st.units) {
            if matches!(u.loc, state::Loc::Blown(_) | state::Loc::Eliminated) {
                out[d.side.idx()] += 1.0;
            }
        }
        crate::engine::stats::Figures {
            turn: st.g.turn as u32,
            values: vec![
                (crate::engine::stats::VP.into(), per_side(vp.map(f64::from))),
                ("Units blown or eliminated".into(), per_side(out)),
            ],
        }
    }

    fn random_command(
        rules: &KgRules,
        st: &KgState,
        legal: &[KgCommand],
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<KgCommand> {
        random_command(rules, st, legal, rng)
    }

    fn random_play(
        rules: &KgRules,
        st: &KgState,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<KgCommand> {
        random_play(rules, st, rng)
    }

    /// Twice the iterations at the named strengths (normal: 400, so 48 commands of a
    /// move decision's hundreds enter the widened search instead of 36): 99 of 100
    /// games against the random player instead of 94 on the same seeds, thinking p95
    /// 197 ms (docs/PERFORMANCE.md, session 22).
    fn ai_limits(budget: crate::ai::Budget) -> crate::ai::Limits {
        crate::ai::twice_the_iterations(budget)
    }

    fn playout_play(
        rules: &KgRules,
        st: &KgState,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<KgCommand> {
        ai::playout_play(rules, st, rng)
    }

    /// 4.3a: one side has chosen Artillery Support (with a real choice: infantry with AP,
    /// 6.2) and the other has not; the choice is revealed when both are in.
    fn secret_pending(rules: &KgRules, st: &KgState) -> bool {
        let Some(state::Pending::Artillery {
            attacker,
            defender,
            choice,
        }) = st.g.pending.last()
        else {
            return false;
        };
        [*attacker, *defender].into_iter().any(|u| {
            let Some(d) = rules.units.get(u as usize) else {
                return false;
            };
            let (me, other) = (d.side.idx(), d.side.other().idx());
            choice[me].is_some() && choice[other].is_none() && combat::may_support(rules, st, u)
        })
    }

    fn phase_and_step(_rules: &KgRules, st: &KgState) -> (String, String) {
        (
            st.g.step.phase_name().to_string(),
            format!("{:?}", st.g.step),
        )
    }

    fn side_to_act(rules: &KgRules, st: &KgState) -> Option<String> {
        flow::active_side(rules, st).map(|s| s.name().to_string())
    }

    fn evaluate(rules: &KgRules, st: &KgState, side: &str) -> f64 {
        ai::evaluate(rules, st, side)
    }

    fn determinize(
        rules: &KgRules,
        st: &KgState,
        seat: &str,
        rng: &mut Xoshiro256PlusPlus,
    ) -> KgState {
        ai::determinize(rules, st, seat, rng)
    }

    // the game's registry entry: its library card, reference, map, invariants, benchmarks
    const DATE: &'static str = "3 July 1866 · 7 turns";
    const ABOUT: &'static str =
        "Tactical hexes, HQs and artillery ammunition: the decisive battle of the war.";

    fn reference() -> Vec<crate::engine::reference::RuleCase> {
        reference::cases()
    }

    fn hex_map(rules: &KgRules) -> Option<&crate::engine::hexmap::HexMap> {
        Some(&rules.map)
    }

    fn check_invariants(rules: &KgRules, st: &KgState) -> Result<(), String> {
        check_invariants(rules, st)
    }

    fn bench_figures(games: u32) -> Result<Vec<(String, String, String)>, String> {
        bench::figures(games)
    }
}

/// The game's screen, for the registry.
#[cfg(feature = "gui")]
impl crate::gui::library::GuiGame for Koniggratz {
    fn add_ui(app: &mut bevy::prelude::App) {
        app.add_plugins(ui::KgUiPlugin);
    }
}

/// A game run by the pure rules alone (no ECS): replays, the random-game soak and the AI.
pub type PureGame = game::PureGame<Koniggratz>;

pub use crate::engine::game::save_file;
pub use random::{random_command, random_play};

/// Rebuilds a game from a save: scenario + seed + commands. Refuses a save whose
/// commands are not legal or whose hash does not match.
pub fn replay_save(name: &str, text: &str) -> Result<PureGame, String> {
    game::replay_save(name, text)
}

/// Invariants that hold after every command (tests and fuzzing).
pub fn check_invariants(rules: &KgRules, st: &KgState) -> Result<(), String> {
    use state::Loc;
    let mut seen = std::collections::BTreeSet::new();
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(c) = u.loc {
            if !rules.map.contains(c) {
                return Err(format!("unit {i} is off the map at {c}"));
            }
            if !seen.insert(c) {
                return Err(format!("two units in {c} (3.10)"));
            }
        }
    }
    if st.units.len() != rules.units.len() {
        return Err("unit count changed".into());
    }
    if st.g.ap[0] > 100 || st.g.ap[1] > 100 {
        return Err("AP out of range".into());
    }
    Ok(())
}

/// A figure of both sides by their names (for [`RulesGame::statistics`]).
fn per_side(v: [f64; 2]) -> std::collections::BTreeMap<String, f64> {
    [
        (Side::Austria.name().to_string(), v[0]),
        (Side::Prussia.name().to_string(), v[1]),
    ]
    .into_iter()
    .collect()
}

pub fn summary(rules: &KgRules, st: &KgState, seed: u64, commands: usize) -> Summary {
    let vp = flow::victory_points(rules, st);
    Summary {
        game: GAME_ID.into(),
        scenario: rules.meta.id.clone(),
        seed,
        finished: st.g.step == Step::GameOver,
        winner: st.g.winner.map(|w| w.name().to_string()),
        vp: [
            (Side::Austria.name().to_string(), vp[0]),
            (Side::Prussia.name().to_string(), vp[1]),
        ]
        .into_iter()
        .collect(),
        turns: st.g.turn as u32,
        commands,
        state_hash: state_hash(st),
    }
}

pub fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<KgRules>, String> {
    KgRules::from_text(&scenario.name, &scenario.text, variants).map(Arc::new)
}

/// Headless game driven through the ECS app: MinimalPlugins + StatesPlugin + this game.
pub type KgSession = crate::engine::game_ecs::Session<Koniggratz>;
