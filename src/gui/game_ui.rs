//! The part of a game's screen every game shares: starting and leaving a game, lessons,
//! save, load, autosave and undo, the keys and menu requests for them, and sending the
//! UI's commands (gated by the lesson in progress). A game implements [`GameUi`] for its
//! UI resource, which holds a [`UiCore`]; its drawing and clicks stay in its folder.

use crate::engine::dice::Dice;
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::HexMap;
use crate::engine::save::{self, SaveFile};
use crate::engine::tutorial::{self, Lesson, LessonRun, StepOutcome};
use crate::gui::board::{BoardMap, clear_highlights};
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// What a panel button asks for; handled by [`keys`] with the world at hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiRequest {
    Save,
    Load,
    Undo,
    RestartLesson,
    LessonStep(usize),
    /// Open the replay browser on the game in progress.
    Replay,
    /// Open or close the "Players" window (who plays each side, `gui::computer`).
    Players,
    /// Open or close the "Statistics" window (VP and losses over time, `gui::stats`).
    Statistics,
}

/// The file the game in progress saves into as it goes: None = the game's autosave;
/// a game opened from a file (resume, "play on from here") keeps saving into that file.
#[derive(Resource, Default, Debug, Clone)]
pub struct SaveTarget(pub Option<PathBuf>);

/// While the replay browser is open the board shows a past position: commands from the
/// board and panels are not sent, and nothing is saved.
fn browsing(world: &World) -> bool {
    world.contains_resource::<crate::gui::replay::Browsing>()
}

/// The fields every game's UI resource has.
#[derive(Debug)]
pub struct UiCore<C> {
    pub message: String,
    /// The case a refusal cites (a link to the rules reference).
    pub message_rule: String,
    pub variants: Vec<String>,
    pub seed: u64,
    pub request: Option<UiRequest>,
    /// Commands from clicks and panels, sent by [`dispatch`].
    pub outbox: Vec<C>,
    /// The revision last autosaved.
    pub saved_rev: u64,
    pub show_charts: bool,
    /// The rules reference window and its search text.
    pub rules_open: bool,
    pub rules_query: String,
}

impl<C> UiCore<C> {
    /// The last message on one line; a refusal links to the case it cites. Returns the
    /// case when its link was clicked.
    pub fn message_line(&self, ui: &mut bevy_egui::egui::Ui) -> Option<String> {
        let mut clicked = None;
        ui.horizontal_wrapped(|ui| {
            ui.label(&self.message);
            let refusal =
                self.message.starts_with("Refused") || self.message.starts_with("Not allowed");
            if refusal
                && !self.message_rule.is_empty()
                && ui.small_button(&self.message_rule).clicked()
            {
                clicked = Some(self.message_rule.clone());
            }
        });
        clicked
    }

    /// Opens the rules reference at `rule` (a case clicked in a panel), if any.
    pub fn open_rule(&mut self, rule: Option<String>) {
        if let Some(rule) = rule {
            self.rules_open = true;
            self.rules_query = rule;
        }
    }

    /// The rules reference window over `cases`, open and searched as this core keeps it.
    pub fn rules_window(
        &mut self,
        ctx: &bevy_egui::egui::Context,
        cases: &[crate::engine::reference::RuleCase],
    ) {
        let mut open = self.rules_open;
        let mut q = std::mem::take(&mut self.rules_query);
        crate::gui::panels::rules_window(ctx, &mut open, &mut q, cases);
        self.rules_open = open;
        self.rules_query = q;
    }

    /// The log and dice window; a case clicked there opens the rules reference.
    pub fn log_window(
        &mut self,
        ctx: &bevy_egui::egui::Context,
        log: Option<&crate::engine::log::GameLog>,
        dice: Option<&Dice>,
        turn_label: &dyn Fn(u8) -> String,
    ) {
        let clicks = crate::gui::panels::log_window(ctx, log, dice, turn_label);
        self.open_rule(clicks.rule);
    }
}

impl<C: Clone + Send + Sync + 'static> UiCore<C> {
    /// The lesson window, when a lesson runs: a step or restart clicked becomes this
    /// core's request, "menu" leaves to the menu.
    pub fn lesson_window(
        &mut self,
        ctx: &bevy_egui::egui::Context,
        lesson: Option<&mut tutorial::ActiveLesson<C>>,
        next: &mut NextState<crate::gui::AppState>,
    ) {
        self.lesson_window_hinted(ctx, lesson, next, None);
    }

    /// [`UiCore::lesson_window`] with the game's hint for the step (where to click, the
    /// panel to outline).
    pub fn lesson_window_hinted(
        &mut self,
        ctx: &bevy_egui::egui::Context,
        lesson: Option<&mut tutorial::ActiveLesson<C>>,
        next: &mut NextState<crate::gui::AppState>,
        hint: Option<&crate::gui::panels::LessonHint>,
    ) {
        let Some(lesson) = lesson else {
            return;
        };
        let clicks = crate::gui::panels::lesson_window_hinted(ctx, lesson, hint);
        if let Some(k) = clicks.step {
            self.request = Some(UiRequest::LessonStep(k));
        }
        if clicks.restart {
            self.request = Some(UiRequest::RestartLesson);
        }
        if clicks.menu {
            next.set(crate::gui::AppState::Menu);
        }
    }
}

/// [`GameUi::autoplay`] from `FELDZUG_AUTOPLAY=<situation>`: the game's `until`
/// (its `autoplay_until`) for the named situation; nothing (and a warning) when it
/// fails, nothing when the variable is unset.
pub fn autoplay_from_env<R, C>(
    rules: &Arc<R>,
    seed: u64,
    until: fn(&Arc<R>, u64, &str) -> Result<Vec<C>, String>,
) -> Vec<C> {
    let Ok(situation) = std::env::var("FELDZUG_AUTOPLAY") else {
        return Vec::new();
    };
    match until(rules, seed, &situation) {
        Ok(cmds) => cmds,
        Err(e) => {
            warn!("autoplay: {e}");
            Vec::new()
        }
    }
}

/// A random pick among the legal commands (a game's `random_command`).
pub type RandomPick<G> = fn(
    &<G as RulesGame>::Rules,
    &<G as RulesGame>::State,
    &[<G as RulesGame>::Command],
    &mut rand_xoshiro::Xoshiro256PlusPlus,
) -> Option<<G as RulesGame>::Command>;

/// `FELDZUG_AUTOPLAY`'s play (demos and screenshots): a new game of `seed` played by
/// `pick` (the game's random player, seeded by `seed`) until `ready` holds; the commands
/// played. Err when `until` is not one of `situations`, the game ends or 20 000
/// commands pass before, no command is offered or a legal one is refused.
pub fn play_until<G: RulesGame>(
    rules: &Arc<G::Rules>,
    seed: u64,
    until: &str,
    situations: &[&str],
    ready: &dyn Fn(&crate::engine::game::PureGame<G>) -> bool,
    pick: RandomPick<G>,
) -> Result<Vec<G::Command>, String> {
    use rand::SeedableRng;
    if !situations.contains(&until) {
        return Err(format!(
            "unknown situation {until:?}; one of {}",
            situations.join(", ")
        ));
    }
    let mut g = crate::engine::game::PureGame::<G>::new(rules.clone(), seed);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    while !ready(&g) {
        if g.over() || g.commands.len() >= 20_000 {
            return Err(format!(
                "{until} not reached with seed {seed} ({} commands)",
                g.commands.len()
            ));
        }
        let legal = g.legal();
        let Some(c) = pick(&g.rules, &g.st, &legal, &mut rng) else {
            return Err("no legal command".into());
        };
        if g.apply(&c).is_err() {
            return Err(format!("a legal command was refused: {c:?}"));
        }
    }
    Ok(g.commands)
}

impl<C> Default for UiCore<C> {
    fn default() -> Self {
        Self {
            message: String::new(),
            message_rule: String::new(),
            variants: Vec::new(),
            seed: 0,
            request: None,
            outbox: Vec::new(),
            saved_rev: 0,
            show_charts: false,
            rules_open: false,
            rules_query: String::new(),
        }
    }
}

/// A lesson in progress (learn to play): its steps and where the player is.
pub type ActiveLesson<G> = tutorial::ActiveLesson<<G as RulesGame>::Command>;

/// What the shared screen code needs from a game's UI.
pub trait GameUi: EcsGame {
    /// The game's UI resource.
    type Ui: Resource + Component<Mutability = Mutable> + Default;
    /// Told when undo is asked for during a lesson.
    const UNDO_IN_LESSON: &'static str =
        "Undo is off during a lesson; restart the lesson from the menu instead.";

    fn core(ui: &Self::Ui) -> &UiCore<Self::Command>;
    fn core_mut(ui: &mut Self::Ui) -> &mut UiCore<Self::Command>;
    /// The hex map to draw; a game on a point board ([`GameUi::point_board`]) keeps
    /// this placeholder.
    fn map(_rules: &Self::Rules) -> HexMap {
        HexMap::placeholder()
    }
    /// Drops the selection (Esc, a new game or lesson).
    fn deselect(ui: &mut Self::Ui);
    /// What an applied player command clears in the UI.
    fn applied(ui: &mut Self::Ui, cmd: &Self::Command);
    /// Commands played before a new game opens (FELDZUG_AUTOPLAY demos and screenshots).
    fn autoplay(_world: &mut World, _rules: &Arc<Self::Rules>, _seed: u64) -> Vec<Self::Command> {
        Vec::new()
    }
    /// Called once a new game's entities exist (screenshot selections).
    fn started(_world: &mut World, _rules: &Self::Rules) {}
    /// Called once a lesson's game exists (centring the view).
    fn lesson_opened(_world: &mut World, _lesson: &Lesson<Self::Command>) {}
    /// A game on a point-to-point board: the board to draw instead of a hex map (then
    /// [`GameUi::map`] is not drawn; any small map will do).
    fn point_board(_rules: &Self::Rules) -> Option<crate::gui::pointboard::PointBoard> {
        None
    }
    /// The sides the computer plays (by `Side::idx`), told each frame: a game with a
    /// hot-seat hand-over notice or curtain passes them on (no hand-over with a computer
    /// seat; the computer's hand is never shown).
    fn seats(_ui: &mut Self::Ui, _computer: [bool; 2]) {}
    /// The game draws a game-over window of its own (and puts the statistics plot in
    /// it, `gui::stats::game_over_plot`); otherwise the shared one shows the winner,
    /// the VP and the plot (`gui::stats::stats_window`).
    const GAME_OVER_WINDOW: bool = false;
}

/// The buttons every game's control panel ends with: charts, rules, save, load, undo
/// and back to the menu.
pub fn game_buttons<C>(
    ui_: &mut bevy_egui::egui::Ui,
    core: &mut UiCore<C>,
    next: &mut NextState<crate::gui::AppState>,
) {
    if ui_.button("Charts").clicked() {
        core.show_charts = !core.show_charts;
    }
    if ui_.button("Rules").clicked() {
        core.rules_open = !core.rules_open;
    }
    if ui_.button("Save").clicked() {
        core.request = Some(UiRequest::Save);
    }
    if ui_.button("Load").clicked() {
        core.request = Some(UiRequest::Load);
    }
    if ui_.button("Undo").clicked() {
        core.request = Some(UiRequest::Undo);
    }
    if ui_
        .button("Replay")
        .on_hover_text("Step back and forward through this game; play on from any point")
        .clicked()
    {
        core.request = Some(UiRequest::Replay);
    }
    // the "Statistics" button is in the Players window (`computer::players_window`):
    // one more button here widened the panel over the map
    if ui_
        .button("Players")
        .on_hover_text(
            "Who plays each side: a person or the computer; the statistics (VP and losses, turn by turn)",
        )
        .clicked()
    {
        core.request = Some(UiRequest::Players);
    }
    if ui_.button("Menu").clicked() {
        next.set(crate::gui::AppState::Menu);
    }
}

fn message<G: GameUi>(world: &mut World, text: impl Into<String>) {
    G::core_mut(&mut world.resource_mut::<G::Ui>()).message = text.into();
}

fn show_map<G: GameUi>(world: &mut World, rules: &G::Rules) {
    if let Some(board) = G::point_board(rules) {
        world.insert_resource(BoardMap {
            map: None,
            drawn: false,
        });
        // unchanged (a replay step): not redrawn
        world
            .resource_mut::<crate::gui::pointboard::PointBoard>()
            .set_if_neq(board);
        return;
    }
    world.insert_resource(BoardMap {
        map: Some(G::map(rules)),
        drawn: false,
    });
}

/// Back to the menu: the game is autosaved; clear the board and its entities.
pub fn leave_game<G: GameUi>(world: &mut World) {
    if !world.contains_resource::<RulesRes<G>>() {
        return;
    }
    world.remove_resource::<ActiveLesson<G>>();
    G::despawn(world);
    world.remove_resource::<RulesRes<G>>();
    world.insert_resource(BoardMap {
        map: None,
        drawn: false,
    });
    clear_highlights(world);
    crate::gui::pointboard::clear(world);
    *world.resource_mut::<G::Ui>() = G::Ui::default();
}

/// Opens a new game of scenario `id` (a refusal goes to the menu).
pub fn start_game<G: GameUi>(world: &mut World, id: &str, seed: u64, variants: &[String]) {
    let res = crate::engine::scenarios::find(id).and_then(|s| G::load_rules(&s, variants));
    match res {
        Ok(rules) => {
            show_map::<G>(world, &rules);
            let cmds = G::autoplay(world, &rules, seed);
            let _ = restore_game::<G>(world, rules.clone(), seed, &cmds);
            let mut ui = world.resource_mut::<G::Ui>();
            G::deselect(&mut ui);
            let core = G::core_mut(&mut ui);
            core.variants = variants.to_vec();
            core.seed = seed;
            core.message = format!("New game, seed {seed}.");
            world.insert_resource(SaveTarget(None));
            G::started(world, &rules);
        }
        Err(e) => world.resource_mut::<crate::gui::MenuState>().message = e,
    }
}

pub fn autosave_path<G: RulesGame>() -> PathBuf {
    save::data_dir().join(format!("{}-autosave.ron", G::GAME_ID))
}

/// Where the game in progress saves as it goes ([`SaveTarget`]).
fn target_path<G: RulesGame>(world: &World) -> PathBuf {
    world
        .get_resource::<SaveTarget>()
        .and_then(|t| t.0.clone())
        .unwrap_or_else(autosave_path::<G>)
}

fn manual_save_path<G: RulesGame>() -> PathBuf {
    autosave_path::<G>().with_file_name(format!("{}-save.ron", G::GAME_ID))
}

/// The save of the game in progress (the autosave, Ctrl+S, the replay browser's text),
/// with the seats when the computer plays a side (none in a lesson).
pub fn current_save<G: GameUi>(world: &World) -> Option<SaveFile<G::Command>> {
    let ui = world.get_resource::<G::Ui>()?;
    let mut s = crate::engine::game_ecs::current_save::<G>(world, &G::core(ui).variants)?;
    if !world.contains_resource::<ActiveLesson<G>>() {
        s.players = world
            .get_resource::<crate::gui::computer::Players>()
            .and_then(|p| p.to_save());
    }
    Some(s)
}

pub fn load_autosave<G: GameUi>(world: &mut World) -> Result<(), String> {
    let path = autosave_path::<G>();
    let name = path.display().to_string();
    let text = save::read_text(&name)?;
    load_text::<G>(world, &name, &text)?;
    world.insert_resource(SaveTarget(None));
    Ok(())
}

/// Opens a save file to play on (resume, a branch of the replay browser); the game keeps
/// saving into that file, except the manual save file, which only Ctrl+S writes.
pub fn load_file<G: GameUi>(world: &mut World, path: &std::path::Path) -> Result<(), String> {
    let name = path.display().to_string();
    let text = save::read_text(&name)?;
    load_text::<G>(world, &name, &text)?;
    let target = (path != manual_save_path::<G>()).then(|| path.to_path_buf());
    world.insert_resource(SaveTarget(target));
    Ok(())
}

/// Shows the replay browser's position: the game rebuilt from scenario + seed + the
/// first N commands (`game_ecs::restore_game`); the map is drawn once.
pub fn show_replay<G: GameUi>(
    world: &mut World,
    browser: &crate::replay::ReplayBrowser,
) -> Result<(), String> {
    let r = browser.show(world);
    let Some(rules) = world.get_resource::<RulesRes<G>>().map(|r| r.0.clone()) else {
        return r;
    };
    if world
        .get_resource::<BoardMap>()
        .is_none_or(|b| b.map.is_none())
    {
        show_map::<G>(world, &rules);
    }
    let mut ui = world.resource_mut::<G::Ui>();
    G::deselect(&mut ui);
    let core = G::core_mut(&mut ui);
    core.variants = browser.script.options.clone();
    core.seed = browser.script.seed;
    r
}

fn load_text<G: GameUi>(world: &mut World, name: &str, text: &str) -> Result<(), String> {
    // the same checks as `feldzug replay`: the save's game, its scenario's game, the rules
    let (s, g) = crate::engine::game::open_save::<G>(name, text)?;
    let rules = g.rules;
    show_map::<G>(world, &rules);
    let r = restore_game::<G>(world, rules, s.seed, &s.commands);
    // the seats saved with the game (both human in a save without them)
    let players = world
        .get_resource::<crate::gui::computer::Players>()
        .cloned()
        .unwrap_or_default()
        .with_saved(s.players.as_ref());
    world.insert_resource(players);
    let mut ui = world.resource_mut::<G::Ui>();
    let core = G::core_mut(&mut ui);
    core.variants = s.options.clone();
    core.seed = s.seed;
    core.message = match &r {
        Ok(()) => format!("Loaded {name}"),
        Err(e) => format!("{name}: {e}"),
    };
    r.map_err(|e| format!("{name}: {e}"))
}

fn save_now<G: GameUi>(world: &mut World) {
    let msg = match current_save::<G>(world).map(|s| save::to_text(&s)) {
        Some(Ok(text)) => {
            let p = manual_save_path::<G>();
            let r1 = save::write_atomic(&p, &text);
            let r2 = save::write_atomic(&target_path::<G>(world), &text);
            match r1.and(r2) {
                Ok(()) => format!("Saved to {}", p.display()),
                Err(e) => format!("Save failed: {e}"),
            }
        }
        _ => "Nothing to save".into(),
    };
    message::<G>(world, msg);
}

/// Takes back the last command if no die was rolled since (see [`undoable`]).
pub fn undo<G: GameUi>(world: &mut World) {
    if world.contains_resource::<ActiveLesson<G>>() {
        message::<G>(world, G::UNDO_IN_LESSON);
        return;
    }
    let Some(log) = world.get_resource::<CommandLog<G>>().cloned() else {
        return;
    };
    if undoable(&log) == 0 {
        message::<G>(
            world,
            "Nothing to undo: the last command rolled dice or made a secret choice, and both are final.",
        );
        return;
    }
    let Some(rules) = world.get_resource::<RulesRes<G>>().map(|r| r.0.clone()) else {
        return;
    };
    let seed = world.resource::<Dice>().seed;
    let players = world
        .get_resource::<crate::gui::computer::Players>()
        .cloned()
        .unwrap_or_default();
    let n = if players.any_computer() && players.any_human() {
        match undo_to_human::<G>(&rules, seed, &log, &players) {
            Ok(n) => n,
            Err(e) => {
                message::<G>(world, e);
                return;
            }
        }
    } else {
        log.commands.len() - 1
    };
    let _ = restore_game::<G>(world, rules, seed, &log.commands[..n]);
    let taken = log.commands.len() - n;
    message::<G>(
        world,
        if taken == 1 {
            format!("Undid {:?}", log.commands[n])
        } else {
            format!(
                "Undid {:?} and the computer's {} command{} after it",
                log.commands[n],
                taken - 1,
                if taken == 2 { "" } else { "s" }
            )
        },
    );
}

/// In a game against the computer, undo goes back to before the human side's last
/// decision (the computer's commands after it are taken back too): the number of
/// commands to keep. Err (the reason) when that decision is older than what may be
/// taken back ([`undoable`]: dice rolled and secret choices are final) or when no
/// human side has decided yet.
pub fn undo_to_human<G: RulesGame>(
    rules: &Arc<G::Rules>,
    seed: u64,
    log: &CommandLog<G>,
    players: &crate::gui::computer::Players,
) -> Result<usize, String> {
    // who decided each command: the side to act before it
    let mut g = crate::engine::game::PureGame::<G>::new(rules.clone(), seed);
    let mut last_human = None;
    for (i, c) in log.commands.iter().enumerate() {
        let side =
            G::side_to_act(&g.rules, &g.st).and_then(|s| crate::engine::side::Side::from_name(&s));
        if side.is_some_and(|s| !players.is_computer(s)) {
            last_human = Some(i);
        }
        if g.apply(c).is_err() {
            break;
        }
    }
    let Some(i) = last_human else {
        return Err("Nothing to undo: you have made no decision yet.".into());
    };
    if log.commands.len() - i > undoable(log) {
        return Err(
            "Cannot undo your last decision: dice were rolled or a secret choice was made after it, and both are final."
                .into(),
        );
    }
    Ok(i)
}

/// Writes the autosave whenever the game or its seats (the "Players") changed; shows a
/// refusal left by a reload.
pub fn autosave_on_change<G: GameUi>(
    world: &mut World,
    mut seats_saved: Local<Option<std::collections::BTreeMap<String, String>>>,
) {
    let rev = world.resource::<Revision<G>>().0;
    let seats = world
        .get_resource::<crate::gui::computer::Players>()
        .and_then(|p| p.to_save());
    let moved = G::core(world.resource::<G::Ui>()).saved_rev != rev;
    if !moved && *seats_saved == seats {
        return;
    }
    *seats_saved = seats;
    G::core_mut(&mut world.resource_mut::<G::Ui>()).saved_rev = rev;
    if browsing(world) {
        return; // a past position on show: the save stays as it is
    }
    if let Some(Ok(text)) = current_save::<G>(world).map(|s| save::to_text(&s))
        && let Err(e) = save::write_atomic(&target_path::<G>(world), &text)
    {
        message::<G>(world, format!("Autosave failed: {e}"));
    }
    if moved && let Some(Outcome::Refused(_, r)) = world.resource::<LastOutcome<G>>().0.clone() {
        let mut ui = world.resource_mut::<G::Ui>();
        let core = G::core_mut(&mut ui);
        core.message = format!("Refused: {}", r.reason);
        core.message_rule = r.rule.clone();
    }
}

/// Refusals and results of the player's commands, in the panel.
pub fn show_outcomes<G: GameUi>(mut reader: MessageReader<Outcome<G>>, mut ui: ResMut<G::Ui>) {
    for o in reader.read() {
        match o {
            Outcome::Refused(_, r) => {
                let core = G::core_mut(&mut ui);
                core.message = format!("Refused: {}", r.reason);
                core.message_rule = r.rule.clone();
            }
            Outcome::Applied(c) => {
                G::applied(&mut ui, c);
                G::core_mut(&mut ui).message.clear();
            }
        }
    }
}

/// Panel requests, then Ctrl+S (save), Ctrl+O (load the autosave), Ctrl+Z (undo), Esc.
pub fn keys<G: GameUi>(world: &mut World) {
    let mut req = G::core_mut(&mut world.resource_mut::<G::Ui>())
        .request
        .take();
    if req == Some(UiRequest::Statistics) {
        // also over a past position of the replay browser
        let mut p = world.get_resource_or_insert_with(crate::gui::stats::StatsPanel::default);
        p.open = !p.open;
        req = None;
    }
    if browsing(world) {
        if req.is_some() {
            message::<G>(
                world,
                "The replay browser is open: close it or play on from here first.",
            );
        }
        return;
    }
    match req {
        Some(UiRequest::Save) => save_now::<G>(world),
        Some(UiRequest::Load) => {
            if let Err(e) = load_autosave::<G>(world) {
                message::<G>(world, e);
            }
        }
        Some(UiRequest::Undo) => undo::<G>(world),
        Some(UiRequest::Players) => {
            let mut p = world.get_resource_or_insert_with(crate::gui::computer::Players::default);
            p.open = !p.open;
        }
        Some(UiRequest::Statistics) => {}
        Some(UiRequest::Replay) => {
            if world.contains_resource::<ActiveLesson<G>>() {
                message::<G>(world, "A lesson has no replay; replay a game instead.");
            } else {
                crate::gui::replay::open_current(world, G::GAME_ID);
            }
        }
        Some(UiRequest::RestartLesson) => {
            if let Some(id) = world
                .get_resource::<ActiveLesson<G>>()
                .map(|l| l.id.clone())
            {
                start_lesson::<G>(world, &id, false);
            }
        }
        Some(UiRequest::LessonStep(k)) => {
            if let Some(id) = world
                .get_resource::<ActiveLesson<G>>()
                .map(|l| l.id.clone())
            {
                start_lesson_at::<G>(world, &id, k);
            }
        }
        None => {}
    }
    let (ctrl, s, o, z, esc) = {
        let k = world.resource::<ButtonInput<KeyCode>>();
        (
            // a quick Ctrl+S can press and release Ctrl within one frame
            k.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
                || k.any_just_released([KeyCode::ControlLeft, KeyCode::ControlRight]),
            k.just_pressed(KeyCode::KeyS),
            k.just_pressed(KeyCode::KeyO),
            k.just_pressed(KeyCode::KeyZ),
            k.just_pressed(KeyCode::Escape),
        )
    };
    if esc {
        G::deselect(&mut world.resource_mut::<G::Ui>());
    }
    if !ctrl {
        return;
    }
    if s {
        save_now::<G>(world);
    }
    if o && let Err(e) = load_autosave::<G>(world) {
        message::<G>(world, e);
    }
    if z {
        undo::<G>(world);
    }
}

/// Sends the UI's commands; during a lesson only the step's expected command goes
/// through (with the step's scripted dice), anything else gets the step's hint.
pub fn dispatch<G: GameUi>(world: &mut World) {
    let cmds = std::mem::take(&mut G::core_mut(&mut world.resource_mut::<G::Ui>()).outbox);
    if browsing(world) && !cmds.is_empty() {
        message::<G>(
            world,
            "This is a replay: use \"Play on from here\" to play from this position.",
        );
        return;
    }
    if !cmds.is_empty()
        && let Some(side) = crate::gui::computer::computer_to_act::<G>(world)
    {
        message::<G>(
            world,
            format!(
                "{} is played by the computer: wait for its command (or make it Human under Players).",
                side.name()
            ),
        );
        return;
    }
    for cmd in cmds {
        if let Some(mut lesson) = world.remove_resource::<ActiveLesson<G>>() {
            match lesson.run.offer(&lesson.lesson, &cmd) {
                StepOutcome::Advance { dice } => {
                    if let Some(mut d) = world.get_resource_mut::<Dice>() {
                        d.script(dice);
                    }
                    world.write_message(CommandMsg::<G>(cmd));
                    lesson.message.clear();
                    lesson.save_progress();
                }
                StepOutcome::Refused(h) => lesson.message = h,
                StepOutcome::Finished => {
                    world.write_message(CommandMsg::<G>(cmd));
                }
            }
            world.insert_resource(lesson);
        } else {
            world.write_message(CommandMsg::<G>(cmd));
        }
    }
}

/// The lessons built into the program: (scenario id, title, order).
pub fn lessons<G: RulesGame>() -> Vec<(String, String, u32)> {
    tutorial::lessons_of::<G::Command>(G::GAME_ID)
}

/// Starts a lesson, resuming at the saved step if asked.
pub fn start_lesson<G: GameUi>(world: &mut World, id: &str, resume: bool) {
    start_lesson_at::<G>(world, id, tutorial::start_step(id, resume));
}

/// Opens a lesson at step `saved`: the earlier steps' commands are replayed with their dice.
pub fn start_lesson_at<G: GameUi>(world: &mut World, id: &str, saved: usize) {
    let res = crate::engine::scenarios::find(id).and_then(|s| {
        let lesson = tutorial::parse_lesson::<G::Command>(&s.name, &s.text)?;
        let rules = G::load_rules(&s, &[])?;
        Ok((lesson, rules))
    });
    let (lesson, rules) = match res {
        Ok(x) => x,
        Err(e) => {
            world.resource_mut::<crate::gui::MenuState>().message = e;
            return;
        }
    };
    let saved = saved.min(lesson.steps.len());
    let (cmds, dice) = tutorial::replay_prefix(&lesson, saved);
    show_map::<G>(world, &rules);
    let _ = restore_game_scripted::<G>(world, rules, 1, &cmds, &dice);
    world.insert_resource(SaveTarget(None));
    G::lesson_opened(world, &lesson);
    let mut ui = world.resource_mut::<G::Ui>();
    G::deselect(&mut ui);
    let core = G::core_mut(&mut ui);
    core.seed = 1;
    core.message.clear();
    world.insert_resource(ActiveLesson::<G> {
        id: id.to_string(),
        lesson,
        run: LessonRun { step: saved },
        message: String::new(),
    });
}
