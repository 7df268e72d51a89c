//! 1866: The Struggle for Supremacy in Germany (Compass Games): the card-driven strategic
//! game of the Austro-Prussian War on a point-to-point map. Hidden hands of Operations
//! cards played for mobilization, activations or events; generals with seniority and
//! initiative leading armies; the Mobilization and War Phases. See docs/games/struggle.md.

pub mod ai;
pub mod battle;
pub mod bench;
pub mod cards;
pub mod charts;
pub mod control;
pub mod data;
pub mod ecs;
pub mod endturn;
pub mod events;
pub mod flow;
pub mod flow_battle;
pub mod map;
pub mod options;
pub mod rail;
pub mod reference;
pub mod siege;
pub mod state;
pub mod steps;
pub mod supply;
#[cfg(feature = "gui")]
pub mod ui;

use crate::engine::dice::Dice;
use crate::engine::game::RulesGame;
use crate::engine::hash::state_hash;
use crate::engine::log::GameLog;
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::Summary;
use crate::engine::side::Side;
use data::StRules;
use flow::Game;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use state::{Loc, StCommand, StState, Step};
use std::sync::Arc;

pub const GAME_ID: &str = "struggle";

/// 1866: The Struggle for Supremacy in Germany: its registry entry and the type the
/// shared layer runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Struggle;

impl RulesGame for Struggle {
    type Rules = StRules;
    type State = StState;
    type Command = StCommand;
    const GAME_ID: &'static str = GAME_ID;
    const NAME: &'static str = "1866: The Struggle for Supremacy in Germany";
    const DATE: &'static str = "May-August 1866 · strategic, card-driven";
    const ABOUT: &'static str = "Hidden hands of Operations cards, mobilization, generals and armies across Germany, Bohemia and Italy.";

    fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<StRules>, String> {
        // the optional rules: known ids, 2 and 4 not together (options.rs)
        crate::engine::scenarios::check_variants(&scenario.variants, variants)?;
        data::load_rules(scenario, variants)
    }

    fn scenario_id(rules: &StRules) -> &str {
        &rules.meta.id
    }

    fn new_state(rules: &StRules) -> StState {
        flow::new_state(rules)
    }

    fn start(rules: &StRules, st: &mut StState, dice: &mut Dice, log: &mut GameLog) {
        Game {
            rules,
            st,
            dice,
            log,
        }
        .start();
    }

    fn apply(
        rules: &StRules,
        st: &mut StState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &StCommand,
    ) -> Result<(), state::Refusal> {
        crate::engine::step::check::<Struggle>(rules, st, cmd)?;
        let actor = crate::engine::step::to_act::<Struggle>(rules, st);
        steps::step(steps::id_of(st)).execute(rules, st, dice, log, cmd);
        // 13.2, 13.42: the units inside a partial withdrawal stay true to the map
        siege::tidy_inside(rules, st);
        // 13.42: a siege is lifted the instant no besieging unit is left, not only in the
        // Supply Phase (audit 6 D2: a stale marker made every unit of the holder
        // "inside" when the enemy came back in the same turn)
        Game {
            rules,
            st,
            dice,
            log,
        }
        .lift_sieges();
        st.g.last_actor = actor;
        // Hidden hands: a command that hands the decision to the other side is final.
        // The engine's undo stops at a command after which the roll count changed, so
        // the hand-over is logged like a roll (die 0, no information): the side now to
        // act cannot take back the other side's round and look at his hand.
        let now = crate::engine::step::to_act::<Struggle>(rules, st);
        if let (Some(a), Some(n)) = (actor, now)
            && a != n
        {
            dice.rolls.push(crate::engine::dice::Roll {
                purpose: format!("hand-over to {}", n.name()),
                rule: "8.2".into(),
                die: 0,
                modifiers: Vec::new(),
                total: 0,
            });
        }
        Ok(())
    }

    fn legal(rules: &StRules, st: &StState) -> Vec<StCommand> {
        crate::engine::step::legal::<Struggle>(rules, st)
    }

    fn over(st: &StState) -> bool {
        st.g.step == Step::GameOver
    }

    /// Public figures only: no card of a hand is named (hidden information).
    fn summary(rules: &StRules, st: &StState, seed: u64, commands: usize) -> Summary {
        let vp = st.g.vp;
        Summary {
            game: GAME_ID.into(),
            scenario: rules.meta.id.clone(),
            seed,
            finished: st.g.step == Step::GameOver,
            winner: st.g.winner.map(|w| w.name().to_string()),
            vp: [
                (Side::Austria.name().to_string(), vp.max(0) as u32),
                (Side::Prussia.name().to_string(), (-vp).max(0) as u32),
            ]
            .into_iter()
            .collect(),
            turns: st.g.turn as u32
                + if st.g.war {
                    flow::MOBILIZATION_TURNS as u32
                } else {
                    0
                },
            commands,
            state_hash: state_hash(st),
        }
    }

    fn random_command(
        rules: &StRules,
        st: &StState,
        legal: &[StCommand],
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<StCommand> {
        random_command(rules, st, legal, rng)
    }

    fn phase_and_step(_rules: &StRules, st: &StState) -> (String, String) {
        (flow::phase_name(st), format!("{:?}", st.g.step))
    }

    fn side_to_act(rules: &StRules, st: &StState) -> Option<String> {
        crate::engine::step::to_act::<Struggle>(rules, st).map(|s| s.name().to_string())
    }

    fn evaluate(rules: &StRules, st: &StState, side: &str) -> f64 {
        ai::evaluate(rules, st, side)
    }

    fn determinize(
        rules: &StRules,
        st: &StState,
        seat: &str,
        rng: &mut Xoshiro256PlusPlus,
    ) -> StState {
        ai::determinize(rules, st, seat, rng)
    }

    fn point_map(rules: &StRules) -> Option<&crate::engine::graph::PointMap> {
        Some(&rules.map.graph)
    }

    fn check_invariants(rules: &StRules, st: &StState) -> Result<(), String> {
        check_invariants(rules, st)
    }

    /// 5.1, 6.1: the cards in the hands, in the Operations Queues (optional rule 4) and
    /// the order of the draw pile are secret; a
    /// developer's `feldzug inspect` shows them as counts (unless asked to reveal them).
    fn redact_hidden(state: &mut serde_json::Value) {
        let Some(cards) = state.get_mut("cards").and_then(|c| c.as_object_mut()) else {
            return;
        };
        let count =
            |v: Option<&serde_json::Value>| v.and_then(|v| v.as_array()).map_or(0, Vec::len);
        if let Some(hands) = cards.get_mut("hands").and_then(|h| h.as_array_mut()) {
            for h in hands.iter_mut() {
                *h = serde_json::json!({ "hidden_cards": count(Some(h)) });
            }
        }
        // optional rule 4: the queued cards lie face down until used or abandoned
        if let Some(queues) = cards.get_mut("queue").and_then(|q| q.as_array_mut()) {
            for q in queues.iter_mut() {
                *q = serde_json::json!({ "hidden_cards": count(Some(q)) });
            }
        }
        let draw = count(cards.get("draw"));
        cards.insert("draw".into(), serde_json::json!({ "hidden_cards": draw }));
    }

    /// 5.1, 6.1, optional rule 4: a card played or declared from the hand (`Play`,
    /// `Respond`), a card an event takes from or discards of a hand (`EventCard`) and the
    /// Operations Queue's activations (`UseQueue`: which are legal tells the queue's
    /// total) name what only one player may see; `feldzug inspect` leaves them out of
    /// its legal list unless asked to reveal hidden information (audit 13k row 18).
    fn names_hidden(_rules: &StRules, _st: &StState, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::Play { .. }
                | StCommand::Respond { .. }
                | StCommand::EventCard { .. }
                | StCommand::UseQueue { .. }
        )
    }

    fn reference() -> Vec<crate::engine::reference::RuleCase> {
        reference::cases()
    }

    fn bench_figures(games: u32) -> Result<Vec<(String, String, String)>, String> {
        bench::figures(games)
    }
}

/// A random legal command: 'done' is rarer than the others so that forces move.
pub fn random_command(
    _rules: &StRules,
    _st: &StState,
    legal: &[StCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<StCommand> {
    if legal.is_empty() {
        return None;
    }
    let others: Vec<&StCommand> = legal
        .iter()
        .filter(|c| !matches!(c, StCommand::Done))
        .collect();
    if (others.is_empty() || rng.random_range(0..100) < 15) && legal.contains(&StCommand::Done) {
        return Some(StCommand::Done);
    }
    if others.is_empty() {
        return Some(legal[rng.random_range(0..legal.len())].clone());
    }
    Some(others[rng.random_range(0..others.len())].clone())
}

/// Invariants after every command: every card in exactly one place (draw pile, a hand,
/// discard, removed, set aside, in play) and all 55 there; hands within their size; no
/// space held by combat units of both sides; pieces in valid places.
pub fn check_invariants(rules: &StRules, st: &StState) -> Result<(), String> {
    let places = st.cards.places();
    let mut seen: Vec<&str> = vec![""; 256];
    for (c, place) in &places {
        if rules.cards.get(*c).is_none() {
            return Err(format!("unknown card {c} in the {place}"));
        }
        let s = &mut seen[*c as usize];
        if !s.is_empty() {
            return Err(format!("card {c} is both in the {s} and in the {place}"));
        }
        *s = place;
    }
    for k in &rules.cards.cards {
        if seen[k.id as usize].is_empty() {
            return Err(format!("card {} is nowhere", k.id));
        }
    }
    let (hand, _) = flow::hand_and_rounds(rules, true);
    for side in Side::BOTH {
        if st.cards.hand(side).len() > hand as usize + 1 {
            return Err(format!("{} holds too many cards", side.name()));
        }
    }
    if st.units.len() != rules.units.len() || st.generals.len() != rules.generals.len() {
        return Err("piece count changed".into());
    }
    let n = rules.map.spaces.len();
    let mut held = vec![[false; 2]; n];
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Space(s) = u.loc {
            if s >= n {
                return Err(format!("unit {i} off the map"));
            }
            held[s][rules.side(i as u16).idx()] = true;
        }
        if matches!(u.loc, Loc::Choice(_)) && st.g.step != Step::Setup {
            return Err(format!("unit {i} still waits for a set-up choice"));
        }
    }
    // a pending battle (10-12) has both sides in its space until the loser retreats
    // (and the retreat space while a pursuit's second retreat is pending, 12.5)
    let fighting: Vec<usize> =
        st.g.battle
            .as_ref()
            .map(|b| {
                let mut v = vec![b.at];
                v.extend(b.retreated_to.filter(|_| b.second));
                v
            })
            .unwrap_or_default();
    for (s, h) in held.iter().enumerate() {
        // 13.5: one side may shelter inside a fortress the other besieges
        if h[0] && h[1] && !fighting.contains(&s) && siege::besieger(rules, st, s).is_none() {
            return Err(format!("both sides' units in {}", rules.space_name(s)));
        }
    }
    // 13.2: a unit recorded inside a partial withdrawal stands in that space, on its
    // controller's side; outside a battle no unit of that side is left outside with the
    // enemy there
    for (s, units) in &st.g.inside {
        let holder = st.g.control.get(*s).copied().flatten();
        for &u in units {
            if st.units.get(u as usize).map(|x| x.loc) != Some(Loc::Space(*s)) {
                return Err(format!(
                    "unit {u} recorded inside {} stands elsewhere",
                    rules.space_name(*s)
                ));
            }
            if holder != Some(rules.side(u)) {
                return Err(format!(
                    "unit {u} recorded inside {}, not its side's",
                    rules.space_name(*s)
                ));
            }
        }
        if let Some(h) = holder
            && !fighting.contains(s)
            && !siege::outside(rules, st, *s, h).is_empty()
            && !flow::units_at(rules, st, *s, h.other()).is_empty()
        {
            return Err(format!(
                "units left outside {} with the enemy there after a partial withdrawal",
                rules.space_name(*s)
            ));
        }
    }
    for (i, g) in st.generals.iter().enumerate() {
        if let Loc::Space(s) = g.loc
            && s >= n
        {
            return Err(format!("general {i} off the map"));
        }
    }
    if st.g.step != Step::GameOver
        && st.g.step != Step::Setup
        && crate::engine::step::legal::<Struggle>(rules, st).is_empty()
    {
        return Err(format!("no legal command in {:?}", st.g.step));
    }
    Ok(())
}

/// Headless game driven through the ECS app.
pub type StSession = crate::engine::game_ecs::Session<Struggle>;

/// The game's screen, for the registry.
#[cfg(feature = "gui")]
impl crate::gui::library::GuiGame for Struggle {
    fn add_ui(app: &mut bevy::prelude::App) {
        app.add_plugins(ui::StUiPlugin);
    }
}
