//! The layer every game shares on top of its pure rules: what a game must provide
//! ([`RulesGame`]), a game run by the rules alone ([`PureGame`]), save files built from it
//! and replayed into it, and the registry entry (`GameEntry`) every `RulesGame` gets.
//! A new game implements [`RulesGame`] once; the ECS pipeline is in `engine::game_ecs`.

use super::dice::Dice;
use super::hash::state_hash;
use super::hexmap::{Coord, HexMap};
use super::log::GameLog;
use super::refusal::Refusal;
use super::save::{self, SaveFile};
use super::scenarios::ScenarioSource;
use super::session::{GameEntry, LessonCard, Registrable, ReplayLine, ReplayScript, Summary};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::sync::Arc;

/// What the shared layer needs from a game's pure rules. Implemented by a unit type per
/// game (e.g. `koniggratz::Koniggratz`), which is also its registry entry.
pub trait RulesGame:
    Sized + Clone + Copy + Debug + Default + PartialEq + Send + Sync + 'static
{
    /// The scenario's rules data, loaded once and shared.
    type Rules: Send + Sync + 'static;
    /// The plain game state; its JSON form gives the state hash.
    type State: Clone + Debug + Serialize + Send + Sync + 'static;
    /// One player decision, as stored in save files.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The `game` field of its scenario and save files.
    const GAME_ID: &'static str;
    const NAME: &'static str;

    fn load_rules(
        scenario: &ScenarioSource,
        variants: &[String],
    ) -> Result<Arc<Self::Rules>, String>;
    /// The scenario id the rules were loaded from (the save file's `scenario`).
    fn scenario_id(rules: &Self::Rules) -> &str;
    /// The state before the automatic start.
    fn new_state(rules: &Self::Rules) -> Self::State;
    /// Runs the automatic start of the game up to the first decision.
    fn start(rules: &Self::Rules, st: &mut Self::State, dice: &mut Dice, log: &mut GameLog);
    /// Checks and applies one command, with everything automatic that follows it.
    fn apply(
        rules: &Self::Rules,
        st: &mut Self::State,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &Self::Command,
    ) -> Result<(), Refusal>;
    fn legal(rules: &Self::Rules, st: &Self::State) -> Vec<Self::Command>;
    fn over(st: &Self::State) -> bool;
    fn summary(rules: &Self::Rules, st: &Self::State, seed: u64, commands: usize) -> Summary;
    /// Whether `st` holds a secret choice that one side has made and that is not yet
    /// revealed (e.g. Königgrätz 4.3a artillery support). While it does, the commands
    /// are an undo barrier and saves hold only the commands up to the last state without
    /// such a secret (`engine::game_ecs::undoable`, `public_commands`).
    fn secret_pending(_rules: &Self::Rules, _st: &Self::State) -> bool {
        false
    }
    /// A random legal command for soak tests and `--random` (None when there is none).
    fn random_command(
        rules: &Self::Rules,
        st: &Self::State,
        legal: &[Self::Command],
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<Self::Command>;
    /// A random legal command without a list at hand (`feldzug play --random`, the bench):
    /// by default [`RulesGame::random_command`] over [`RulesGame::legal`]; a game may pick
    /// faster (e.g. a unit first, then only its moves).
    fn random_play(
        rules: &Self::Rules,
        st: &Self::State,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<Self::Command> {
        Self::random_command(rules, st, &Self::legal(rules, st), rng)
    }
    /// The computer's playout policy (`crate::ai`): the command it assumes for whoever
    /// acts after its searched command, and the commands its widened searches try
    /// first. By default [`RulesGame::random_play`]; a game gives a better-informed
    /// policy (attacks at good odds, moves towards its objectives). It reads only the
    /// position it is given (the search passes a determinized one). The random player
    /// (`feldzug duel --b random`) keeps [`RulesGame::random_play`].
    fn playout_play(
        rules: &Self::Rules,
        st: &Self::State,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<Self::Command> {
        Self::random_play(rules, st, rng)
    }
    /// The search's limits for a budget (`crate::ai::Limits`): by default the budget's
    /// own. A game whose decisions need more of the search at the named strengths
    /// (quick, normal, strong) says so here; the explicit forms ("N", "N/H", "...@c,w")
    /// keep their exact meaning for measuring.
    fn ai_limits(budget: crate::ai::Budget) -> crate::ai::Limits {
        budget.limits()
    }
    /// The commands the computer searches at a decision, from the legal ones (never
    /// anything else): by default all of them; a game drops commands that only waste
    /// decisions (e.g. turning in place in Trautenau). Must not return an empty list
    /// for a non-empty one.
    fn ai_candidates(
        _rules: &Self::Rules,
        _st: &Self::State,
        legal: Vec<Self::Command>,
    ) -> Vec<Self::Command> {
        legal
    }
    /// Where the sequence of play stands, for `feldzug inspect`: the phase's name and the
    /// rules' own step (empty when the game does not say).
    fn phase_and_step(_rules: &Self::Rules, _st: &Self::State) -> (String, String) {
        (String::new(), String::new())
    }
    /// The side whose decision the game waits for (None when the game is over, or when
    /// the game does not say).
    fn side_to_act(_rules: &Self::Rules, _st: &Self::State) -> Option<String> {
        None
    }
    /// The computer's score of a position for `side` (a side's name as
    /// [`RulesGame::side_to_act`] gives it), from 0 (lost) to 1 (won); the search scores
    /// its cut-off playouts with it. By default from the summary: the winner at the end,
    /// else the VP lead (`ai::summary_score`). A game overrides it with a cheaper or
    /// better measure (VP, losses, objectives held).
    fn evaluate(rules: &Self::Rules, st: &Self::State, side: &str) -> f64 {
        crate::ai::summary_score::<Self>(rules, st, side)
    }
    /// The position as the player of `seat` may know it, with what the seat cannot see
    /// drawn at random from `rng` (the computer's own generator): the opponent's hand
    /// and the order of the draw pile dealt anew, an opponent's secret choice drawn. The
    /// computer searches only such positions. By default the state as it is (a game
    /// without hidden information).
    fn determinize(
        _rules: &Self::Rules,
        st: &Self::State,
        _seat: &str,
        _rng: &mut Xoshiro256PlusPlus,
    ) -> Self::State {
        st.clone()
    }
    /// The public figures the Statistics panel plots over the turns (`engine::stats`):
    /// the game turn and, per figure, each side's value. Only what both players may
    /// know (never a hand or a secret choice). By default the summary's turn and VP; a
    /// game overrides it to add its losses or to skip the summary's state hash.
    fn statistics(rules: &Self::Rules, st: &Self::State) -> super::stats::Figures {
        super::stats::from_summary(&Self::summary(rules, st, 0, 0))
    }
    /// The library card's date line (e.g. "3 July 1866").
    const DATE: &'static str = "";
    /// The library card's one-line description of the game.
    const ABOUT: &'static str = "";
    /// The rules reference (our paraphrase of the rulebook, by case).
    fn reference() -> Vec<super::reference::RuleCase> {
        Vec::new()
    }
    /// The hex map of a scenario (the library's thumbnail, the replay browser's hexes).
    fn hex_map(_rules: &Self::Rules) -> Option<&super::hexmap::HexMap> {
        None
    }
    /// The point-to-point board of a scenario, for a game played on one (the library's
    /// thumbnail).
    fn point_map(_rules: &Self::Rules) -> Option<&super::graph::PointMap> {
        None
    }
    /// Hides what no player may read from the state `feldzug inspect` prints (e.g. the
    /// cards in the hands and the order of the draw pile): by default nothing is hidden.
    fn redact_hidden(_state: &mut serde_json::Value) {}
    /// Whether `cmd` (a legal command at `st`, or one a developer tries there) names what
    /// only the side to act may see: a card of a hand, a face-down pile (e.g. the cards
    /// a 1866 player may play, his Operations Queue). Without `--reveal-hidden`,
    /// `feldzug inspect` leaves such commands out of `legal` and refuses to `--try`
    /// them, as [`RulesGame::redact_hidden`] hides them in the state. By default none.
    fn names_hidden(_rules: &Self::Rules, _st: &Self::State, _cmd: &Self::Command) -> bool {
        false
    }
    /// The game's invariants, checked after every command by the fuzzer.
    fn check_invariants(_rules: &Self::Rules, _st: &Self::State) -> Result<(), String> {
        Ok(())
    }
    /// `feldzug bench`: the game's own headless figures as (figure, value, target) rows
    /// (random full games of every scenario are measured for every game anyway).
    fn bench_figures(_games: u32) -> Result<Vec<(String, String, String)>, String> {
        Ok(Vec::new())
    }
}

/// A game run by the pure rules alone (no ECS): replays, the random-game soak and the AI.
pub struct PureGame<G: RulesGame> {
    pub rules: Arc<G::Rules>,
    pub st: G::State,
    pub dice: Dice,
    pub log: GameLog,
    pub commands: Vec<G::Command>,
}

impl<G: RulesGame> Clone for PureGame<G> {
    fn clone(&self) -> Self {
        Self {
            rules: self.rules.clone(),
            st: self.st.clone(),
            dice: self.dice.clone(),
            log: self.log.clone(),
            commands: self.commands.clone(),
        }
    }
}

impl<G: RulesGame> PureGame<G> {
    pub fn new(rules: Arc<G::Rules>, seed: u64) -> Self {
        Self::new_scripted(rules, seed, &[])
    }

    /// A new game whose first dice are `script` (tutorial lessons).
    pub fn new_scripted(rules: Arc<G::Rules>, seed: u64, script: &[u8]) -> Self {
        let mut st = G::new_state(&rules);
        let mut dice = Dice::new(seed);
        dice.script(script.iter().copied());
        let mut log = GameLog::default();
        G::start(&rules, &mut st, &mut dice, &mut log);
        Self {
            rules,
            st,
            dice,
            log,
            commands: Vec::new(),
        }
    }

    pub fn legal(&self) -> Vec<G::Command> {
        G::legal(&self.rules, &self.st)
    }

    pub fn apply(&mut self, cmd: &G::Command) -> Result<(), Refusal> {
        G::apply(
            &self.rules,
            &mut self.st,
            &mut self.dice,
            &mut self.log,
            cmd,
        )?;
        self.commands.push(cmd.clone());
        Ok(())
    }

    pub fn hash(&self) -> String {
        state_hash(&self.st)
    }

    pub fn over(&self) -> bool {
        G::over(&self.st)
    }

    pub fn summary(&self) -> Summary {
        G::summary(&self.rules, &self.st, self.dice.seed, self.commands.len())
    }
}

/// A save of `commands` played from `seed` on `rules` with the options `variants`.
pub fn new_save<G: RulesGame>(
    rules: &G::Rules,
    seed: u64,
    variants: &[String],
    commands: Vec<G::Command>,
    state_hash: String,
) -> SaveFile<G::Command> {
    SaveFile {
        version: save::SAVE_VERSION,
        game: G::GAME_ID.into(),
        scenario: G::scenario_id(rules).to_string(),
        seed,
        options: variants.to_vec(),
        commands,
        state_hash,
        players: None,
    }
}

/// The save file of a pure game, with its state hash. While a secret choice is waiting
/// to be revealed ([`RulesGame::secret_pending`]) the save holds only the commands up to
/// the last position without one (and that position's hash), as the autosave does.
pub fn save_file<G: RulesGame>(g: &PureGame<G>, variants: &[String]) -> SaveFile<G::Command> {
    if !G::secret_pending(&g.rules, &g.st) {
        return new_save::<G>(
            &g.rules,
            g.dice.seed,
            variants,
            g.commands.clone(),
            g.hash(),
        );
    }
    let mut replay = PureGame::<G>::new(g.rules.clone(), g.dice.seed);
    let mut public = (0, replay.hash());
    for (i, c) in g.commands.iter().enumerate() {
        if replay.apply(c).is_err() {
            break;
        }
        if !G::secret_pending(&replay.rules, &replay.st) {
            public = (i + 1, replay.hash());
        }
    }
    new_save::<G>(
        &g.rules,
        g.dice.seed,
        variants,
        g.commands[..public.0].to_vec(),
        public.1,
    )
}

/// Reads a save and sets up the game at its start (before its commands). Refuses a save
/// for another game, or whose scenario belongs to another game than the save's.
pub fn open_save<G: RulesGame>(
    name: &str,
    text: &str,
) -> Result<(SaveFile<G::Command>, PureGame<G>), String> {
    let s: SaveFile<G::Command> = save::from_text(name, text)?;
    if s.game != G::GAME_ID {
        return Err(format!("{name}: this save is for the game '{}'", s.game));
    }
    let src = super::scenarios::find(&s.scenario).map_err(|e| format!("{name}: {e}"))?;
    if src.meta.game != G::GAME_ID {
        return Err(format!(
            "{name}: line {}: the save is for the game '{}' but its scenario '{}' is of the game '{}'",
            save::field_line(text, "scenario"),
            s.game,
            s.scenario,
            src.meta.game
        ));
    }
    let rules = G::load_rules(&src, &s.options).map_err(|e| format!("{name}: {e}"))?;
    let g = PureGame::<G>::new(rules, s.seed);
    Ok((s, g))
}

/// Plays a save's commands in order; a refused one is named by its number (from 1).
pub fn play_commands<G: RulesGame>(
    name: &str,
    g: &mut PureGame<G>,
    commands: &[G::Command],
) -> Result<(), String> {
    for (i, c) in commands.iter().enumerate() {
        g.apply(c).map_err(|r| {
            format!(
                "{name}: command {} ({}) is refused: {r}",
                i + 1,
                save::command_text(c)
            )
        })?;
    }
    Ok(())
}

/// Rebuilds a game from a save: scenario + seed + commands. Refuses a save for another
/// game, whose commands are not legal or whose hash does not match.
pub fn replay_save<G: RulesGame>(name: &str, text: &str) -> Result<PureGame<G>, String> {
    let (s, mut g) = open_save::<G>(name, text)?;
    play_commands(name, &mut g, &s.commands)?;
    if !s.state_hash.is_empty() && s.state_hash != g.hash() {
        return Err(format!(
            "{name}: the replayed state hash {} differs from the saved {}",
            g.hash(),
            s.state_hash
        ));
    }
    Ok(g)
}

/// What `feldzug inspect` prints: the position after the first `at` commands of a save.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Inspection {
    pub game: String,
    pub scenario: String,
    pub seed: u64,
    /// Commands played (the first `at` of the save).
    pub at: usize,
    /// Commands in the save.
    pub commands: usize,
    pub phase: String,
    pub step: String,
    pub side_to_act: Option<String>,
    pub over: bool,
    pub state_hash: String,
    /// The hash the save records after its last command (only when `at` is the end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saved_state_hash: Option<String>,
    /// How many commands `legal` lists.
    pub legal_count: usize,
    /// The legal commands in the form a save file uses (without `--reveal-hidden`, not
    /// those that name hidden information: [`RulesGame::names_hidden`]).
    pub legal: Vec<String>,
    /// Whether `legal` leaves out the commands that name hidden information (without
    /// `--reveal-hidden`): set whether or not such a command is legal now, since
    /// whether one was left out would itself tell, e.g., that the side to act holds a
    /// fitting response card (AUDIT13l row 15); not printed with `--reveal-hidden`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub legal_hidden: bool,
    #[serde(rename = "try", skip_serializing_if = "Option::is_none")]
    pub try_command: Option<TryResult>,
    /// The game's whole state.
    pub state: serde_json::Value,
    /// The game log up to the position, one line an entry ("T<turn> <phase> [<case>]
    /// <text>"), printed with `feldzug inspect --log` (the log never holds hidden
    /// information).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<Vec<String>>,
}

/// Whether a command would be accepted at the inspected position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TryResult {
    pub command: String,
    pub accepted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The rule case of the refusal (empty when no case applies).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// The position after the first `at` commands of a save (all when None), its legal
/// commands and, with `try_command` (RON, as in a save file), whether that command would
/// be accepted there and why not.
pub fn inspect_save<G: RulesGame>(
    name: &str,
    text: &str,
    at: Option<usize>,
    try_command: Option<&str>,
    reveal_hidden: bool,
) -> Result<Inspection, String> {
    let tried: Option<G::Command> = match try_command {
        Some(t) => Some(
            ron::de::from_str(t)
                .map_err(|e| format!("--try {t:?}: column {}: {}", e.span.start.col, e.code))?,
        ),
        None => None,
    };
    let (s, mut g) = open_save::<G>(name, text)?;
    let n = at.unwrap_or(s.commands.len());
    if n > s.commands.len() {
        return Err(format!(
            "{name}: --at {n} is beyond the save's {} commands",
            s.commands.len()
        ));
    }
    play_commands(name, &mut g, &s.commands[..n])?;
    // a try would tell whether the card is in the hand (or what the queue holds)
    if let (Some(c), Some(t), false) = (&tried, try_command, reveal_hidden)
        && G::names_hidden(&g.rules, &g.st, c)
    {
        return Err(format!(
            "--try {t:?}: the command names hidden information (a card of a hand or a face-down pile); add --reveal-hidden"
        ));
    }
    let try_command = tried.map(|c| {
        let mut trial = g.clone();
        let command = save::command_text(&c);
        match trial.apply(&c) {
            Ok(()) => TryResult {
                command,
                accepted: true,
                reason: None,
                rule: None,
            },
            Err(r) => TryResult {
                command,
                accepted: false,
                reason: Some(r.reason),
                rule: Some(r.rule),
            },
        }
    });
    let all = g.legal();
    let shown: Vec<&G::Command> = all
        .iter()
        .filter(|c| reveal_hidden || !G::names_hidden(&g.rules, &g.st, c))
        .collect();
    let legal_hidden = !reveal_hidden;
    let legal: Vec<String> = shown.into_iter().map(save::command_text).collect();
    let (phase, step) = G::phase_and_step(&g.rules, &g.st);
    Ok(Inspection {
        game: G::GAME_ID.to_string(),
        scenario: s.scenario.clone(),
        seed: s.seed,
        at: n,
        commands: s.commands.len(),
        phase,
        step,
        side_to_act: G::side_to_act(&g.rules, &g.st),
        over: g.over(),
        state_hash: g.hash(),
        saved_state_hash: (n == s.commands.len() && !s.state_hash.is_empty())
            .then(|| s.state_hash.clone()),
        legal_count: legal.len(),
        legal,
        legal_hidden,
        try_command,
        state: {
            let mut state = serde_json::to_value(&g.st).map_err(|e| format!("{name}: {e}"))?;
            if !reveal_hidden {
                G::redact_hidden(&mut state);
            }
            state
        },
        log: Some(
            g.log
                .entries
                .iter()
                .map(|e| format!("T{} {} [{}] {}", e.turn, e.phase, e.rule, e.text))
                .collect(),
        ),
    })
}

/// The first hex a command or log text names that lies on `map` (a command's hex
/// fields are written as "XXYY" strings; log texts print hex numbers as four digits).
pub fn hex_named(map: Option<&HexMap>, text: &str) -> Option<Coord> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let j = (i..bytes.len())
                .find(|&k| !bytes[k].is_ascii_digit())
                .unwrap_or(bytes.len());
            if j - i == 4
                && let Ok(c) = Coord::parse(&text[i..j])
                && map.is_none_or(|m| m.contains(c))
            {
                return Some(c);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    None
}

/// The replay browser's reading of a save: the start's log and, per command, its text,
/// the log lines it wrote and a hex it names. A refused command ends the lines.
pub fn replay_script<G: RulesGame>(name: &str, text: &str) -> Result<ReplayScript, String> {
    let (s, mut g) = open_save::<G>(name, text)?;
    let start_log = g.log.entries.clone();
    let mut lines = Vec::new();
    let mut refused = None;
    for (i, c) in s.commands.iter().enumerate() {
        let before = g.log.entries.len();
        if let Err(r) = g.apply(c) {
            refused = Some(format!(
                "command {} ({}) is refused: {r}",
                i + 1,
                save::command_text(c)
            ));
            break;
        }
        let command = save::command_text(c);
        let log = g.log.entries[before..].to_vec();
        let map = G::hex_map(&g.rules);
        let hex =
            hex_named(map, &command).or_else(|| log.iter().find_map(|e| hex_named(map, &e.text)));
        lines.push(ReplayLine { command, log, hex });
    }
    Ok(ReplayScript {
        game: s.game,
        scenario: s.scenario,
        seed: s.seed,
        options: s.options,
        start_log,
        lines,
        refused,
    })
}

/// A new save of the first `at` commands of a save: the same scenario, options and seed,
/// with the state hash of that position (a branch to play on from).
pub fn branch_save<G: RulesGame>(name: &str, text: &str, at: usize) -> Result<String, String> {
    let (s, mut g) = open_save::<G>(name, text)?;
    if at > s.commands.len() {
        return Err(format!(
            "{name}: command {at} is beyond the save's {} commands",
            s.commands.len()
        ));
    }
    play_commands(name, &mut g, &s.commands[..at])?;
    // the branch is played on by the same players
    let mut branch = save_file(&g, &s.options);
    branch.players = s.players;
    save::to_text(&branch)
}

/// Plays random legal commands; `each` gets the save text after every command.
pub fn play_random_each<G: RulesGame>(
    scenario: &ScenarioSource,
    variants: &[String],
    seed: u64,
    agent_seed: u64,
    max_commands: usize,
    mut each: Option<&mut dyn FnMut(&str) -> Result<(), String>>,
) -> Result<(Summary, String), String> {
    let rules = G::load_rules(scenario, variants)?;
    let mut g = PureGame::<G>::new(rules, seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(agent_seed);
    while !g.over() && g.commands.len() < max_commands {
        let Some(cmd) = G::random_play(&g.rules, &g.st, &mut rng) else {
            break;
        };
        g.apply(&cmd)
            .map_err(|r| format!("legal command refused: {cmd:?}: {r}"))?;
        if let Some(each) = each.as_mut() {
            each(&save::to_text(&save_file(&g, variants))?)?;
        }
    }
    let text = save::to_text(&save_file(&g, variants))?;
    Ok((g.summary(), text))
}

/// A command changed at random where it holds numbers and flags (unit ids, hexes,
/// indices, yes/no): how the fuzzer makes commands no position offers.
fn mutate_command<G: RulesGame>(cmd: &G::Command, a: u8, b: u8, c: u8) -> Option<G::Command> {
    let text = save::command_text(cmd);
    let mut out = String::with_capacity(text.len() + 8);
    let mut run = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch.is_ascii_digit() {
            let mut width = 1;
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
                width += 1;
            }
            run += 1;
            let n = (b as usize * 31 + c as usize * 7 + run * a as usize)
                % 10usize.pow(width.min(6) as u32);
            if (a as usize + run).is_multiple_of(2) {
                out.push_str(&format!("{n:0width$}"));
            } else {
                out.push_str(&format!("{n}"));
            }
        } else {
            out.push(ch);
        }
    }
    let out = if a.is_multiple_of(3) {
        out.replace("true", "_T_")
            .replace("false", "true")
            .replace("_T_", "false")
    } else {
        out
    };
    ron::de::from_str(&out).ok()
}

/// The fuzz target of arbitrary command sequences on a scenario of the game chosen by
/// the first byte: each triple of bytes picks a legal command, one offered in an earlier
/// position, or a mutated one; the game must apply or refuse it without panicking, and
/// keep its invariants.
pub fn fuzz_commands<G: RulesGame>(data: &[u8]) -> Result<(), String> {
    let scenarios: Vec<ScenarioSource> = super::scenarios::embedded()
        .into_iter()
        .flatten()
        .filter(|s| s.meta.game == G::GAME_ID && !s.meta.hidden)
        .collect();
    if scenarios.is_empty() {
        return Ok(());
    }
    let first = data.first().copied().unwrap_or(0) as usize;
    let src = &scenarios[first % scenarios.len()];
    let rules = G::load_rules(src, &[])?;
    let mut g = PureGame::<G>::new(rules, (first / scenarios.len()) as u64);
    let mut seen: Vec<G::Command> = Vec::new();
    for ch in data.chunks(3).skip(1) {
        let (a, b, c) = (ch[0], *ch.get(1).unwrap_or(&0), *ch.get(2).unwrap_or(&0));
        let legal = g.legal();
        let pick = b as usize * 256 + c as usize;
        if !legal.is_empty() && seen.len() < 512 {
            seen.push(legal[pick % legal.len()].clone());
            seen.push(legal[(pick / 7) % legal.len()].clone());
        }
        let cmd = match a % 4 {
            0 if !seen.is_empty() => {
                let base = &seen[pick % seen.len()];
                mutate_command::<G>(base, a, b, c).unwrap_or_else(|| base.clone())
            }
            1 if !seen.is_empty() => seen[(pick * 13) % seen.len()].clone(),
            _ if !legal.is_empty() => legal[pick % legal.len()].clone(),
            _ => match seen.first() {
                Some(c) => c.clone(),
                None => break,
            },
        };
        let _ = g.apply(&cmd);
        G::check_invariants(&g.rules, &g.st)
            .map_err(|e| format!("invariant broken after {cmd:?}: {e}"))?;
        if g.over() {
            break;
        }
    }
    Ok(())
}

impl<G: Registrable> GameEntry for G {
    fn id(&self) -> &'static str {
        G::GAME_ID
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn play_random(
        &self,
        scenario: &ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
    ) -> Result<(Summary, String), String> {
        play_random_each::<G>(scenario, variants, seed, agent_seed, max_commands, None)
    }

    fn replay(&self, name: &str, text: &str) -> Result<Summary, String> {
        replay_save::<G>(name, text).map(|g| g.summary())
    }

    fn check_scenario(&self, scenario: &ScenarioSource) -> Result<(), String> {
        G::load_rules(scenario, &[]).map(|_| ())
    }

    fn inspect(
        &self,
        name: &str,
        text: &str,
        at: Option<usize>,
        try_command: Option<&str>,
        reveal_hidden: bool,
    ) -> Result<Inspection, String> {
        inspect_save::<G>(name, text, at, try_command, reveal_hidden)
    }

    fn date(&self) -> &'static str {
        G::DATE
    }

    fn about(&self) -> &'static str {
        G::ABOUT
    }

    fn lessons(&self) -> Vec<LessonCard> {
        super::tutorial::lessons_of::<G::Command>(G::GAME_ID)
            .into_iter()
            .map(|(id, title, order)| LessonCard { id, title, order })
            .collect()
    }

    fn rules_reference(&self) -> Vec<super::reference::RuleCase> {
        G::reference()
    }

    fn map(&self, scenario: &ScenarioSource) -> Result<Option<HexMap>, String> {
        let rules = G::load_rules(scenario, &[])?;
        Ok(G::hex_map(&rules).cloned())
    }

    fn points(&self, scenario: &ScenarioSource) -> Result<Option<super::graph::PointMap>, String> {
        let rules = G::load_rules(scenario, &[])?;
        Ok(G::point_map(&rules).cloned())
    }

    fn play_random_each(
        &self,
        scenario: &ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
        each: &mut dyn FnMut(&str) -> Result<(), String>,
    ) -> Result<(Summary, String), String> {
        play_random_each::<G>(
            scenario,
            variants,
            seed,
            agent_seed,
            max_commands,
            Some(each),
        )
    }

    fn bench_figures(&self, games: u32) -> Result<Vec<(String, String, String)>, String> {
        G::bench_figures(games)
    }

    fn bench_ai(
        &self,
        positions: usize,
        budget: crate::ai::Budget,
        only: Option<&str>,
    ) -> Result<Vec<(String, String, String)>, String> {
        let mut out = Vec::new();
        for sc in self.scenarios() {
            if only.is_some_and(|o| o != sc.id) {
                continue;
            }
            let src = super::scenarios::find(&sc.id)?;
            let rules = G::load_rules(&src, &[])?;
            let p = crate::ai::bench::profile::<G>(rules, &sc.id, positions, 10, budget, 1)?;
            out.extend(p.rows(&crate::ai::duel::agent_name(crate::ai::Agent::Ai(budget))));
        }
        Ok(out)
    }

    fn play_agents(
        &self,
        scenario: &ScenarioSource,
        variants: &[String],
        seed: u64,
        agent_seed: u64,
        max_commands: usize,
        agent_of: &dyn Fn(&str) -> crate::ai::Agent,
    ) -> Result<crate::ai::duel::Played, String> {
        crate::ai::duel::play_game::<G>(
            scenario,
            variants,
            seed,
            agent_seed,
            max_commands,
            agent_of,
        )
    }

    fn sides(&self, scenario: &ScenarioSource) -> Result<Vec<String>, String> {
        let rules = G::load_rules(scenario, &[])?;
        let st = G::new_state(&rules);
        Ok(crate::ai::duel::sides::<G>(&rules, &st))
    }

    fn duel(
        &self,
        scenario: &ScenarioSource,
        variants: &[String],
        games: usize,
        seed: u64,
        a: crate::ai::Agent,
        b: crate::ai::Agent,
        a_side: Option<&str>,
        max_commands: usize,
        threads: usize,
    ) -> Result<crate::ai::duel::DuelReport, String> {
        crate::ai::duel::duel::<G>(
            scenario,
            variants,
            games,
            seed,
            a,
            b,
            a_side,
            max_commands,
            threads,
        )
    }

    fn fuzz_scenario(&self, text: &str) {
        let src = ScenarioSource {
            name: "fuzz.ron".into(),
            text: text.to_string(),
            meta: super::scenarios::ScenarioMeta {
                id: "fuzz".into(),
                game: G::GAME_ID.into(),
                name: "fuzz".into(),
                description: String::new(),
                reconstructed: Vec::new(),
                hidden: true,
            },
            variants: Vec::new(),
        };
        let _ = G::load_rules(&src, &[]);
    }

    fn fuzz_commands(&self, data: &[u8]) -> Result<(), String> {
        fuzz_commands::<G>(data)
    }

    fn replay_script(&self, name: &str, text: &str) -> Result<ReplayScript, String> {
        replay_script::<G>(name, text)
    }

    fn branch(&self, name: &str, text: &str, at: usize) -> Result<String, String> {
        branch_save::<G>(name, text, at)
    }

    fn add_ecs(&self, app: &mut bevy::prelude::App) {
        app.add_plugins(<G as super::game_ecs::EcsGame>::Plugin::default());
    }

    fn restore_at(
        &self,
        world: &mut bevy::prelude::World,
        name: &str,
        text: &str,
        at: usize,
    ) -> Result<(), String> {
        let (s, g) = open_save::<G>(name, text)?;
        let at = at.min(s.commands.len());
        super::game_ecs::restore_game::<G>(world, g.rules, s.seed, &s.commands[..at])
    }

    fn world_hash(&self, world: &mut bevy::prelude::World) -> Option<String> {
        <G as super::game_ecs::EcsGame>::gather(world).map(|s| state_hash(&s))
    }

    #[cfg(feature = "gui")]
    fn gui(&self) -> &dyn crate::gui::library::GuiEntry {
        self
    }
}
