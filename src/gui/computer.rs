//! The computer opponent in the window (issue 15), for every game: which sides the
//! computer plays ([`Players`], chosen in the new-game dialog or the in-game "Players"
//! window), and per game a system that, when a computer side is to act
//! ([`RulesGame::side_to_act`]), runs the search (`ai::search`) on a copy of the
//! position on a thread of its own, shows that it is thinking, and sends its answer as a
//! [`CommandMsg`] — the message a player's command becomes — after a pause a person can
//! follow. An answer for a position that has changed meanwhile (undo, load) is dropped.
//! Nothing here names a game.

use crate::ai::{self, Budget};
use crate::engine::dice::Dice;
use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::engine::side::Side;
use crate::gui::game_ui::{ActiveLesson, GameUi};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seat {
    #[default]
    Human,
    /// The computer, thinking with this budget.
    Computer(Budget),
}

/// The strengths the window offers (the named budgets of `ai::Budget`, the ones the
/// duels measure; docs/AI.md).
pub const STRENGTHS: [(&str, Budget); 3] = [
    ("quick", Budget::Quick),
    ("normal", Budget::Normal),
    ("strong", Budget::Strong),
];

/// The pause before each computer command by default (a person can follow it).
pub const DEFAULT_PAUSE: Duration = Duration::from_millis(600);

impl Seat {
    /// "Human", "Computer (normal)"...
    pub fn label(self) -> String {
        match self {
            Seat::Human => "Human".into(),
            Seat::Computer(b) => format!("Computer ({})", strength_name(b)),
        }
    }
}

/// The word for a budget ("quick", "normal", "strong", else its figures).
pub fn strength_name(b: Budget) -> String {
    STRENGTHS
        .iter()
        .find(|(_, x)| *x == b)
        .map(|(n, _)| n.to_string())
        .unwrap_or_else(|| format!("{b:?}"))
}

/// The text of a budget that `ai::Budget::parse` reads back ("normal", "500", "200/12",
/// "800ms"): the form the save's `players` field writes.
pub fn budget_text(b: Budget) -> String {
    match b {
        Budget::Quick => "quick".into(),
        Budget::Normal => "normal".into(),
        Budget::Strong => "strong".into(),
        Budget::Iterations(n) => n.to_string(),
        Budget::Custom {
            iterations,
            horizon,
        } => format!("{iterations}/{horizon}"),
        Budget::Time(d) => format!("{}ms", d.as_millis()),
        b @ Budget::Tuned { .. } => crate::ai::budget_text(b),
    }
}

/// Who plays each side of the game in progress, and how the computer's commands are
/// paced. The seats go into the save (its `players` field, [`Players::to_save`]) when
/// the computer plays a side, and come back when the game is loaded or resumed
/// ([`Players::with_saved`]); a save without them, and every lesson, starts with both
/// sides human. The "Players" window changes the seats at any time.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Players {
    /// By [`Side::idx`] (Austria, Prussia).
    pub seats: [Seat; 2],
    /// The least time between a position and the computer's command in it (the speed
    /// control when the computer plays both sides).
    pub pause: Duration,
    /// The computer is held (computer against computer: "Pause").
    pub halted: bool,
    /// The "Players" window is open (it also shows whenever the computer plays a side).
    pub open: bool,
}

impl Default for Players {
    fn default() -> Self {
        Self {
            seats: [Seat::Human; 2],
            pause: DEFAULT_PAUSE,
            halted: false,
            open: false,
        }
    }
}

impl Players {
    pub fn seat(&self, side: Side) -> Seat {
        self.seats[side.idx()]
    }

    pub fn set(&mut self, side: Side, seat: Seat) {
        self.seats[side.idx()] = seat;
    }

    pub fn is_computer(&self, side: Side) -> bool {
        matches!(self.seat(side), Seat::Computer(_))
    }

    /// The computer seats by [`Side::idx`].
    pub fn computer_mask(&self) -> [bool; 2] {
        [
            self.is_computer(Side::Austria),
            self.is_computer(Side::Prussia),
        ]
    }

    pub fn any_computer(&self) -> bool {
        self.computer_mask().iter().any(|&c| c)
    }

    pub fn any_human(&self) -> bool {
        !self.computer_mask().iter().all(|&c| c)
    }

    /// The seats as the save's `players` field holds them: side name → "human" or
    /// "computer:<strength>"; None when both sides are human (a game between people
    /// saves as it always did).
    pub fn to_save(&self) -> Option<std::collections::BTreeMap<String, String>> {
        if !self.any_computer() {
            return None;
        }
        Some(
            Side::BOTH
                .into_iter()
                .map(|side| {
                    let seat = match self.seat(side) {
                        Seat::Human => "human".to_string(),
                        Seat::Computer(b) => format!("computer:{}", budget_text(b)),
                    };
                    (side.name().to_string(), seat)
                })
                .collect(),
        )
    }

    /// These players with the seats of a save's `players` field (both human when the
    /// save has none; a side it does not name, or names in a form this program does
    /// not read, is human). The pause and the window stay as they are; a held computer
    /// is released.
    pub fn with_saved(
        &self,
        saved: Option<&std::collections::BTreeMap<String, String>>,
    ) -> Players {
        let mut p = Players {
            seats: [Seat::Human; 2],
            halted: false,
            ..self.clone()
        };
        for (name, seat) in saved.into_iter().flatten() {
            let Some(side) = Side::from_name(name) else {
                continue;
            };
            if let Some(b) = seat
                .strip_prefix("computer:")
                .and_then(|b| Budget::parse(b).ok())
            {
                p.set(side, Seat::Computer(b));
            }
        }
        p
    }

    /// `FELDZUG_COMPUTER`'s form (screenshots, demos): "prussia", "austria:strong",
    /// "both:quick", a strength as `ai::Budget::parse` reads it (default normal).
    pub fn parse(s: &str) -> Result<Players, String> {
        let (who, strength) = s.split_once(':').unwrap_or((s, "normal"));
        let budget = Budget::parse(strength)?;
        let mut p = Players::default();
        let sides: Vec<Side> = match who.to_ascii_lowercase().as_str() {
            "both" => Side::BOTH.to_vec(),
            "none" | "" => Vec::new(),
            name => vec![Side::from_name(name).ok_or(format!("no side called '{name}'"))?],
        };
        for side in sides {
            p.set(side, Seat::Computer(budget));
        }
        Ok(p)
    }
}

/// A search under way on its own thread.
struct Task<C> {
    /// The revision of the position searched ([`Revision`]).
    rev: u64,
    side: Side,
    started: Instant,
    handle: JoinHandle<Option<C>>,
}

/// The computer's turn in one game: the search under way, its answer waiting for the
/// pause, and figures for the window and the tests.
#[derive(Resource)]
pub struct ComputerTurn<G: RulesGame> {
    task: Option<Task<G::Command>>,
    /// An answer waiting for the pause: (revision, side, command).
    ready: Option<(u64, Side, G::Command)>,
    /// The revision a command was sent in: no new search until the position changes.
    sent_for: Option<u64>,
    /// The revision on show and when it came.
    seen: Option<(u64, Instant)>,
    /// The revision and seats last checked for a computer side to act.
    checked: Option<(u64, [Seat; 2], bool)>,
    /// Answers dropped because the position changed while the computer thought.
    pub dropped: u32,
    /// Commands the computer sent.
    pub played: u32,
    /// The thinking time of the last answer.
    pub last_think: Option<(Side, Duration)>,
    /// The revision last checked for a secret step (`RulesGame::secret_pending`) and the
    /// answer: the computer's commands in a secret step go without the pause and behind
    /// one steady indicator, so that their number does not show (AUDIT14l).
    secret: Option<(u64, bool)>,
    /// The positions the computer has decided in this game (`ai::Seen`), so that it does
    /// not go round in circles, and the number of commands when it last decided (fewer
    /// now: a new game or an undo, the positions are forgotten).
    positions: (ai::Seen, u64),
}

impl<G: RulesGame> ComputerTurn<G> {
    /// Whether the position on show is in a secret step.
    pub fn in_secret(&self) -> bool {
        self.secret.is_some_and(|s| s.1)
    }
}

impl<G: RulesGame> Default for ComputerTurn<G> {
    fn default() -> Self {
        Self {
            task: None,
            ready: None,
            sent_for: None,
            seen: None,
            checked: None,
            dropped: 0,
            played: 0,
            last_think: None,
            secret: None,
            positions: Default::default(),
        }
    }
}

impl<G: RulesGame> ComputerTurn<G> {
    /// The side the computer is thinking for, and since when.
    pub fn thinking(&self) -> Option<(Side, Instant)> {
        self.task.as_ref().map(|t| (t.side, t.started))
    }

    /// The side whose answer waits for the pause.
    pub fn waiting(&self) -> Option<Side> {
        self.ready.as_ref().map(|r| r.1)
    }

    /// Whether the computer has work under way (a search or an answer to send).
    pub fn busy(&self) -> bool {
        self.task.is_some() || self.ready.is_some()
    }
}

/// Adds the computer's systems and the "Players" window for game `G` (every game of the
/// registry gets them, `gui::library::GuiEntry::add_ui`).
pub fn add<G: GameUi>(app: &mut App) {
    app.init_resource::<Players>()
        .init_resource::<ComputerTurn<G>>()
        .add_systems(
            Update,
            computer_turn::<G>.run_if(in_state(crate::gui::AppState::InGame)),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            players_window::<G>
                .run_if(in_state(crate::gui::AppState::InGame))
                .run_if(resource_exists::<RulesRes<G>>),
        );
}

/// The computer's system and the player's command path (`game_ui::dispatch`) without
/// the window's states and panels: for tests over a headless app of the game's plugin.
pub fn add_headless<G: GameUi>(app: &mut App) {
    app.init_resource::<Players>()
        .init_resource::<ComputerTurn<G>>()
        .init_resource::<G::Ui>()
        .add_systems(
            Update,
            (computer_turn::<G>, crate::gui::game_ui::dispatch::<G>).chain(),
        );
}

/// The side the computer plays that is to act in the game in `world`, if any (never
/// during a lesson).
pub fn computer_to_act<G: GameUi>(world: &mut World) -> Option<Side> {
    let players = world.get_resource::<Players>()?;
    if !players.any_computer() || world.contains_resource::<ActiveLesson<G>>() {
        return None;
    }
    let players = players.clone();
    let rules = world.get_resource::<RulesRes<G>>()?.0.clone();
    let st = G::gather(world)?;
    if G::over(&st) {
        return None;
    }
    let side = Side::from_name(&G::side_to_act(&rules, &st)?)?;
    players.is_computer(side).then_some(side)
}

/// The computer's turn, each frame: collects a finished search, sends its command once
/// the pause has passed, and starts a search when a computer side is to act. Never
/// during a lesson, while the replay browser shows a past position, or while held.
pub fn computer_turn<G: GameUi>(world: &mut World) {
    let mut turn = world
        .remove_resource::<ComputerTurn<G>>()
        .unwrap_or_default();
    step::<G>(world, &mut turn);
    world.insert_resource(turn);
}

fn step<G: GameUi>(world: &mut World, turn: &mut ComputerTurn<G>) {
    let players = world.get_resource::<Players>().cloned().unwrap_or_default();
    let Some(rules) = world.get_resource::<RulesRes<G>>().map(|r| r.0.clone()) else {
        // no game of this kind on: a search under way is forgotten
        if turn.task.take().is_some() || turn.ready.take().is_some() {
            turn.dropped += 1;
        }
        turn.checked = None;
        return;
    };
    let lesson = world.contains_resource::<ActiveLesson<G>>();
    let blocked = lesson || world.contains_resource::<crate::gui::replay::Browsing>();
    if let Some(mut ui) = world.get_resource_mut::<G::Ui>() {
        G::seats(
            &mut ui,
            if lesson {
                [false; 2]
            } else {
                players.computer_mask()
            },
        );
    }
    let rev = world.get_resource::<Revision<G>>().map_or(0, |r| r.0);
    let now = Instant::now();
    if turn.seen.map(|s| s.0) != Some(rev) {
        turn.seen = Some((rev, now));
    }
    if turn.secret.map(|s| s.0) != Some(rev) {
        let secret = G::gather(world).is_some_and(|st| G::secret_pending(&rules, &st));
        turn.secret = Some((rev, secret));
    }
    let stale = |r: u64, side: Side| r != rev || blocked || !players.is_computer(side);
    // a search has ended
    if turn.task.as_ref().is_some_and(|t| t.handle.is_finished())
        && let Some(t) = turn.task.take()
    {
        let answer = t.handle.join().ok().flatten();
        if stale(t.rev, t.side) {
            turn.dropped += 1;
        } else if let Some(c) = answer {
            turn.last_think = Some((t.side, t.started.elapsed()));
            turn.ready = Some((t.rev, t.side, c));
        }
    }
    if let Some((r, side, _)) = &turn.ready
        && stale(*r, *side)
    {
        turn.ready = None;
        turn.dropped += 1;
    }
    // the answer, once a person has had time to see the position
    let since = turn.seen.map_or(Duration::ZERO, |s| now - s.1);
    if turn.ready.is_some()
        && (since >= players.pause || turn.in_secret())
        && !players.halted
        && let Some((r, _, c)) = turn.ready.take()
    {
        world.write_message(CommandMsg::<G>(c));
        turn.sent_for = Some(r);
        turn.played += 1;
    }
    if turn.task.is_some() || turn.ready.is_some() || turn.sent_for == Some(rev) || blocked {
        return;
    }
    let key = (rev, players.seats, players.halted);
    if turn.checked == Some(key) || players.halted || !players.any_computer() {
        return;
    }
    if world
        .get_resource::<Inbox<G>>()
        .is_some_and(|i| !i.0.is_empty())
    {
        return; // a command is on its way: look again once it is applied
    }
    turn.checked = Some(key);
    let Some(st) = G::gather(world) else {
        return;
    };
    if G::over(&st) {
        return;
    }
    let Some(side) = G::side_to_act(&rules, &st).and_then(|s| Side::from_name(&s)) else {
        return;
    };
    let Seat::Computer(budget) = players.seat(side) else {
        return;
    };
    // the search's own generator: from the game's seed and the commands played (the
    // game's dice are not touched)
    let n = world
        .get_resource::<CommandLog<G>>()
        .map_or(0, |l| l.commands.len() as u64);
    let seed = world.get_resource::<Dice>().map_or(0, |d| d.seed);
    let rng_seed = seed ^ (n + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    if n < turn.positions.1 {
        turn.positions.0.clear();
    }
    turn.positions.1 = n;
    turn.positions.0.insert(ai::position_key::<G>(&st));
    let seen = turn.positions.0.clone();
    let wake = wake_up(world);
    let handle = spawn_search::<G>(rules, st, budget, rng_seed, seen, wake);
    turn.task = Some(Task {
        rev,
        side,
        started: now,
        handle,
    });
}

/// Wakes the window's event loop (reactive rendering sleeps until input) when called
/// from the search's thread; nothing without a window.
fn wake_up(world: &World) -> Option<Box<dyn Fn() + Send>> {
    let proxy = world.get_resource::<bevy::winit::EventLoopProxyWrapper>()?;
    let proxy = (**proxy).clone();
    Some(Box::new(move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    }))
}

/// The search on its own thread: a copy of the position goes in, the command comes out.
fn spawn_search<G: RulesGame>(
    rules: Arc<G::Rules>,
    st: G::State,
    budget: Budget,
    rng_seed: u64,
    seen: ai::Seen,
    wake: Option<Box<dyn Fn() + Send>>,
) -> JoinHandle<Option<G::Command>> {
    std::thread::spawn(move || {
        let d = ai::search_seen::<G>(&rules, &st, budget, rng_seed, &seen).map(|d| d.command);
        if let Some(w) = wake {
            w();
        }
        d
    })
}

/// Whether the computer of any game has an answer waiting for its pause (the window
/// keeps redrawing until it is sent).
pub fn waiting<G: RulesGame>(world: &World) -> bool {
    world
        .get_resource::<ComputerTurn<G>>()
        .is_some_and(|t| t.ready.is_some())
        && !world.get_resource::<Players>().is_some_and(|p| p.halted)
}

/// The "Players" window: who plays each side (changeable at any time), the computer's
/// thinking indicator, the pause between its commands and, when it plays both sides, a
/// pause button. Shown while the computer plays a side or when opened from the game's
/// "Players" button; not in a lesson.
pub fn players_window<G: GameUi>(
    mut contexts: EguiContexts,
    mut players: ResMut<Players>,
    turn: Res<ComputerTurn<G>>,
    lesson: Option<Res<ActiveLesson<G>>>,
    stats: Option<ResMut<crate::gui::stats::StatsPanel>>,
    mut commands: Commands,
) -> Result {
    if lesson.is_some() || !(players.open || players.any_computer()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut p = players.clone();
    let mut toggle_stats = false;
    egui::Window::new("Players")
        .id(egui::Id::new("computer-players"))
        .anchor(egui::Align2::CENTER_BOTTOM, [-110.0, -34.0])
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            for side in Side::BOTH {
                ui.horizontal(|ui| {
                    ui.label(format!("{}:", side.name()));
                    seat_combo(ui, ("seat", side.idx()), &mut p.seats[side.idx()]);
                    match (turn.thinking(), turn.waiting()) {
                        (Some((s, _)), _) | (_, Some(s)) if s == side && turn.in_secret() => {
                            ui.colored_label(egui::Color32::YELLOW, "playing in secret…");
                        }
                        (Some((s, since)), _) if s == side => {
                            ui.colored_label(
                                egui::Color32::YELLOW,
                                format!("thinking… ({:.1} s)", since.elapsed().as_secs_f32()),
                            );
                        }
                        (_, Some(s)) if s == side => {
                            ui.colored_label(egui::Color32::YELLOW, "about to play");
                        }
                        _ => {}
                    }
                });
            }
            if p.any_computer() {
                let mut secs = p.pause.as_secs_f32();
                ui.add(
                    egui::Slider::new(&mut secs, 0.0..=3.0)
                        .text("s between the computer's commands")
                        .step_by(0.1),
                );
                p.pause = Duration::from_secs_f32(secs.max(0.0));
            }
            ui.horizontal(|ui| {
                if !p.any_human() {
                    let label = if p.halted { "Resume" } else { "Pause" };
                    if ui.button(label).clicked() {
                        p.halted = !p.halted;
                    }
                }
                if let Some((s, d)) = turn.last_think.filter(|_| !turn.in_secret()) {
                    ui.small(format!(
                        "{} thought {:.2} s last",
                        s.name(),
                        d.as_secs_f32()
                    ));
                }
                if ui
                    .small_button("Statistics")
                    .on_hover_text("Victory points (and losses) of both sides, turn by turn")
                    .clicked()
                {
                    toggle_stats = true;
                }
                if p.open && ui.small_button("Close").clicked() {
                    p.open = false;
                }
            });
        });
    if p != *players {
        *players = p;
    }
    if toggle_stats {
        match stats {
            Some(mut s) => s.open = !s.open,
            None => commands.insert_resource(crate::gui::stats::StatsPanel { open: true }),
        }
    }
    Ok(())
}

/// A seat's choice: Human or Computer with a strength.
pub fn seat_combo(ui: &mut egui::Ui, id: impl std::hash::Hash + std::fmt::Debug, seat: &mut Seat) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(seat.label())
        .show_ui(ui, |ui| {
            ui.selectable_value(seat, Seat::Human, "Human");
            for (name, b) in STRENGTHS {
                ui.selectable_value(seat, Seat::Computer(b), format!("Computer ({name})"));
            }
        });
}
