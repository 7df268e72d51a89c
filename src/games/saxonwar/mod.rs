//! Great Saxon War 1756 (MWAN #106, Steven Verdoliva): the area campaign of the Seven
//! Years' War whose battles were fought with miniatures. Leaders rated SIV/AIV/DIV
//! command strength points (SP) on an area map; normal and forced march rolls,
//! overwhelming attacks, the willingness to fight, depots and supply, strategic morale,
//! fortresses, sieges and the Honors of War, prisoners, winter and the Grand Campaign's
//! strategic sequence. Battles are decided by a resolver of our design. See
//! docs/games/saxonwar.md (section ids such as `supply.depots` stand for the article's
//! sections, which have no case numbers).

pub mod ai;
pub mod battle;
pub mod data;
pub mod ecs;
pub mod flow;
pub mod reference;
pub mod rules;
pub mod state;
pub mod steps;
#[cfg(feature = "gui")]
pub mod ui;
pub mod view;

use crate::engine::dice::Dice;
use crate::engine::game::RulesGame;
use crate::engine::hash::state_hash;
use crate::engine::log::GameLog;
use crate::engine::scenarios::ScenarioSource;
use crate::engine::session::Summary;
use data::SxRules;
use flow::Game;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;
use state::*;
use std::sync::Arc;

pub const GAME_ID: &str = "saxonwar";

/// Great Saxon War 1756: its registry entry and the type the shared layer runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SaxonWar;

impl RulesGame for SaxonWar {
    type Rules = SxRules;
    type State = SxState;
    type Command = SxCommand;
    const GAME_ID: &'static str = GAME_ID;
    const NAME: &'static str = "Great Saxon War 1756";
    const DATE: &'static str = "1756-1762 · area campaign";
    const ABOUT: &'static str = "Frederick against Austria, Saxony, France, Russia and Sweden: leaders and strength points on an area map, depots, sieges and the Honors of War.";

    fn load_rules(scenario: &ScenarioSource, variants: &[String]) -> Result<Arc<SxRules>, String> {
        data::load_rules(scenario, variants)
    }

    fn scenario_id(rules: &SxRules) -> &str {
        &rules.meta.id
    }

    fn new_state(rules: &SxRules) -> SxState {
        flow::new_state(rules)
    }

    fn start(rules: &SxRules, st: &mut SxState, dice: &mut Dice, log: &mut GameLog) {
        Game {
            r: rules,
            st,
            dice,
            log,
        }
        .start();
    }

    fn apply(
        rules: &SxRules,
        st: &mut SxState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &SxCommand,
    ) -> Result<(), Refusal> {
        crate::engine::step::check::<SaxonWar>(rules, st, cmd)?;
        let actor = crate::engine::step::to_act::<SaxonWar>(rules, st);
        steps::step(st.g.step).execute(rules, st, dice, log, cmd);
        // A command that hands the decision to the other side is final (as in 1866): the
        // hand-over is logged like a roll so that undo stops there.
        let now = crate::engine::step::to_act::<SaxonWar>(rules, st);
        if let (Some(a), Some(n)) = (actor, now)
            && a != n
        {
            dice.rolls.push(crate::engine::dice::Roll {
                purpose: format!("hand-over to {}", n.name()),
                rule: "turn.sequence".into(),
                die: 0,
                modifiers: Vec::new(),
                total: 0,
            });
        }
        Ok(())
    }

    fn legal(rules: &SxRules, st: &SxState) -> Vec<SxCommand> {
        crate::engine::step::legal::<SaxonWar>(rules, st)
    }

    fn over(st: &SxState) -> bool {
        st.g.step == Step::GameOver
    }

    /// Public figures only: fortresses held by each side (nothing of a secret
    /// deployment).
    fn summary(rules: &SxRules, st: &SxState, seed: u64, commands: usize) -> Summary {
        let mut held = [0u32; 2];
        for (i, a) in rules.areas.iter().enumerate() {
            if a.fortress.is_some()
                && let Some(h) = st.areas[i].holder
            {
                held[h.idx()] += 1;
            }
        }
        Summary {
            game: GAME_ID.into(),
            scenario: rules.meta.id.clone(),
            seed,
            finished: st.g.step == Step::GameOver,
            winner: st.g.winner.map(|w| w.name().to_string()),
            vp: [
                (Side::Austria.name().to_string(), held[Side::Austria.idx()]),
                (Side::Prussia.name().to_string(), held[Side::Prussia.idx()]),
            ]
            .into_iter()
            .collect(),
            turns: (st.g.year.saturating_sub(rules.start_year) as u32) * 18 + st.g.turn as u32
                - rules.start_turn as u32
                + 1,
            commands,
            state_hash: state_hash(st),
        }
    }

    /// The secret deployment and a declaration to fight not yet answered.
    fn secret_pending(_rules: &SxRules, st: &SxState) -> bool {
        match st.g.step {
            Step::Deploy => true,
            Step::Combat => {
                st.g.combat
                    .as_ref()
                    .is_some_and(|c| c.fight.iter().filter(|f| f.is_some()).count() == 1)
            }
            _ => false,
        }
    }

    fn random_command(
        rules: &SxRules,
        st: &SxState,
        legal: &[SxCommand],
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<SxCommand> {
        random_command(rules, st, legal, rng)
    }

    fn phase_and_step(_rules: &SxRules, st: &SxState) -> (String, String) {
        (flow::phase_name(st), format!("{:?}", st.g.step))
    }

    fn side_to_act(rules: &SxRules, st: &SxState) -> Option<String> {
        crate::engine::step::to_act::<SaxonWar>(rules, st).map(|s| s.name().to_string())
    }

    fn evaluate(rules: &SxRules, st: &SxState, side: &str) -> f64 {
        ai::evaluate(rules, st, side)
    }

    fn playout_play(
        rules: &SxRules,
        st: &SxState,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<SxCommand> {
        ai::playout_play(rules, st, rng)
    }

    fn determinize(
        rules: &SxRules,
        st: &SxState,
        seat: &str,
        rng: &mut Xoshiro256PlusPlus,
    ) -> SxState {
        ai::determinize(rules, st, seat, rng)
    }

    fn point_map(rules: &SxRules) -> Option<&crate::engine::graph::PointMap> {
        Some(&rules.graph)
    }

    fn check_invariants(rules: &SxRules, st: &SxState) -> Result<(), String> {
        check_invariants(rules, st)
    }

    /// `feldzug bench`: the legal commands of every position of 5 random games of each
    /// scenario (random full games are measured for every game by `crate::bench`).
    fn bench_figures(_games: u32) -> Result<Vec<(String, String, String)>, String> {
        crate::bench::legal_command_figures::<SaxonWar>(
            "Great Saxon War",
            &["saxonwar-1756", "saxonwar-grand"],
            5,
        )
    }

    /// grand.start: during the secret deployment the places of the forces are hidden
    /// from `feldzug inspect` (unless asked to reveal them); combat.willingness: a
    /// willingness declaration given while the other side's is still to come is hidden
    /// too (`secret_pending`).
    fn redact_hidden(state: &mut serde_json::Value) {
        if let Some(fight) = state
            .get_mut("g")
            .and_then(|g| g.get_mut("combat"))
            .and_then(|c| c.get_mut("fight"))
            .and_then(|f| f.as_array_mut())
            && fight.iter().filter(|f| !f.is_null()).count() == 1
        {
            for f in fight.iter_mut().filter(|f| !f.is_null()) {
                *f = serde_json::json!("hidden");
            }
        }
        let deploying = state
            .get("g")
            .and_then(|g| g.get("step"))
            .and_then(|s| s.as_str())
            == Some("Deploy");
        if deploying && let Some(o) = state.as_object_mut() {
            o.insert("areas".into(), serde_json::json!("hidden"));
            o.insert("leaders".into(), serde_json::json!("hidden"));
        }
    }

    fn reference() -> Vec<crate::engine::reference::RuleCase> {
        reference::cases()
    }
}

/// A random legal command: 'done', 'halt' and declining are rarer so that forces move
/// and fight; deployments spread over the country.
pub fn random_command(
    _rules: &SxRules,
    _st: &SxState,
    legal: &[SxCommand],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<SxCommand> {
    if legal.is_empty() {
        return None;
    }
    // the secret re-deployment ends soon (else forces are taken up again and again)
    if legal.contains(&SxCommand::Done)
        && legal
            .iter()
            .any(|c| matches!(c, SxCommand::Withdraw { .. }))
        && rng.random_range(0..100) < 50
    {
        return Some(SxCommand::Done);
    }
    let rare = |c: &SxCommand| {
        matches!(
            c,
            SxCommand::Done
                | SxCommand::Halt
                | SxCommand::Take { .. }
                | SxCommand::TakeLent { .. }
                | SxCommand::Withdraw { .. }
                | SxCommand::Lend { .. }
                | SxCommand::Recall { .. }
        )
    };
    let others: Vec<&SxCommand> = legal.iter().filter(|c| !rare(c)).collect();
    if others.is_empty() || rng.random_range(0..100) < 12 {
        return Some(legal[rng.random_range(0..legal.len())].clone());
    }
    Some(others[rng.random_range(0..others.len())].clone())
}

/// Invariants after every command: every SP in exactly one place (its power's total is
/// the sum of the map, the undeployed, the prisoners, the released SPs waiting for a
/// fortress and the eliminated), every leader in
/// one valid place, one depot per area (by construction: one slot), a decision in every
/// step but game over.
pub fn check_invariants(rules: &SxRules, st: &SxState) -> Result<(), String> {
    if st.areas.len() != rules.areas.len() || st.leaders.len() != rules.leaders.len() {
        return Err("area or leader count changed".into());
    }
    for p in Power::ALL {
        let i = p.idx();
        let on_map: u32 = st
            .areas
            .iter()
            .map(|a| a.field[i] as u32 + a.garrison[i] as u32)
            .sum();
        let off = st.pools.undeployed[i] as u32
            + st.pools.prisoners[0][i] as u32
            + st.pools.prisoners[1][i] as u32
            + st.pools.eliminated[i] as u32
            // prisoners.exchange: released SPs waiting for their owner's pick of fortress
            + st.g.placing
                .iter()
                .filter(|x| x.power == p && x.leader.is_none())
                .count() as u32;
        if on_map + off != st.pools.total[i] as u32 {
            return Err(format!(
                "{}: {} SP on the map and {} off it, but {} in all",
                p.name(),
                on_map,
                off,
                st.pools.total[i]
            ));
        }
        if let Some(rep) = rules.replacements(p)
            && st.g.opened
            && st.g.step != Step::GameOver
        {
            let army = on_map + st.pools.undeployed[i] as u32;
            if army > rep.max.max(st.pools.total[i].min(rep.max)) as u32 && st.pools.rp_spent[i] > 0
            {
                return Err(format!("{} is above its army maximum", p.name()));
            }
        }
    }
    for (i, l) in st.leaders.iter().enumerate() {
        match l.loc {
            LLoc::Field(a) | LLoc::Garrison(a) if a as usize >= st.areas.len() => {
                return Err(format!("leader {i} off the map"));
            }
            _ => {}
        }
    }
    for (a, x) in st.areas.iter().enumerate() {
        if x.lent > x.field[Power::Empire.idx()] {
            return Err(format!(
                "more Empire SPs lent than in the field at {}",
                rules.area_name(a as AreaId)
            ));
        }
        if x.garrison.iter().any(|n| *n > 0) && !rules.has_fortress(a as AreaId) {
            return Err(format!(
                "a garrison at {} without a fortress",
                rules.area_name(a as AreaId)
            ));
        }
        if st.garrison_of(a as AreaId, Side::Austria) > 0
            && st.garrison_of(a as AreaId, Side::Prussia) > 0
        {
            return Err(format!(
                "both sides inside {}",
                rules.area_name(a as AreaId)
            ));
        }
        if x.field[Power::Russia.idx()] + x.garrison[Power::Russia.idx()] == 0
            && a as AreaId == rules.russia
            && (x.field.iter().sum::<u16>() > 0)
        {
            return Err("non-Russians in the Russia box".into());
        }
    }
    if st.g.step != Step::GameOver && crate::engine::step::legal::<SaxonWar>(rules, st).is_empty() {
        return Err(format!("no legal command in {:?}", st.g.step));
    }
    Ok(())
}

/// Headless game driven through the ECS app.
pub type SxSession = crate::engine::game_ecs::Session<SaxonWar>;
