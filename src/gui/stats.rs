//! Statistics in the window (issue 15), for every game: the victory points (and the
//! losses where the game counts them, `RulesGame::statistics`) of both sides over the
//! game turns, plotted with egui_plot in the "Statistics" window (the button of every
//! game's control panel) and on the game-over screen. The series is a replay of the
//! commands a save holds (`engine::stats::Tracker` over `game_ecs::public_commands`),
//! followed command by command as the game goes on: it shows only what both players
//! know. Nothing here names a game.

use crate::engine::game::RulesGame;
use crate::engine::game_ecs::*;
use crate::engine::session::Summary;
use crate::engine::stats::{Series, Tracker};
use crate::gui::game_ui::GameUi;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::sync::Arc;

/// Whether the "Statistics" window is open (the "Statistics" button of the Players window).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct StatsPanel {
    pub open: bool,
}

/// The statistics of the game of kind `G` on the board, kept up to date each time the
/// game changes ([`follow`]).
#[derive(Resource)]
pub struct GameStats<G: RulesGame> {
    tracker: Option<Tracker<G>>,
    /// The revision last followed.
    rev: Option<u64>,
    /// The series, shared with the windows that draw it.
    pub series: Arc<Series>,
    /// The summary once the game is over (the game-over screen's winner).
    pub over: Option<Summary>,
}

impl<G: RulesGame> Default for GameStats<G> {
    fn default() -> Self {
        Self {
            tracker: None,
            rev: None,
            series: Arc::default(),
            over: None,
        }
    }
}

/// Adds the statistics of game `G` to the window: the follower, the "Statistics"
/// window and, for a game without a game-over window of its own, the game-over screen.
pub fn add<G: GameUi>(app: &mut App) {
    // FELDZUG_STATISTICS=1 opens the window at the start (screenshots)
    if std::env::var("FELDZUG_STATISTICS").is_ok() {
        app.insert_resource(StatsPanel { open: true });
    }
    app.init_resource::<StatsPanel>()
        .init_resource::<GameStats<G>>()
        .add_systems(
            Update,
            follow::<G>.run_if(in_state(crate::gui::AppState::InGame)),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            stats_window::<G>
                .run_if(in_state(crate::gui::AppState::InGame))
                .run_if(resource_exists::<RulesRes<G>>),
        );
}

/// The follower and the panel's request without the window (headless app tests).
pub fn add_headless<G: GameUi>(app: &mut App) {
    app.init_resource::<StatsPanel>()
        .init_resource::<GameStats<G>>()
        .add_systems(Update, follow::<G>);
}

/// Brings the series up to the game on the board whenever it changes (a command, undo,
/// a load, a step of the replay browser): new commands at the end are replayed one by
/// one, anything else from the start.
pub fn follow<G: RulesGame>(world: &mut World) {
    let Some(rules) = world.get_resource::<RulesRes<G>>().map(|r| r.0.clone()) else {
        if let Some(mut s) = world.get_resource_mut::<GameStats<G>>()
            && s.tracker.is_some()
        {
            *s = GameStats::default();
        }
        return;
    };
    let rev = world.get_resource::<Revision<G>>().map_or(0, |r| r.0);
    let seed = world
        .get_resource::<crate::engine::dice::Dice>()
        .map_or(0, |d| d.seed);
    let mut stats = world.remove_resource::<GameStats<G>>().unwrap_or_default();
    let fresh = !stats
        .tracker
        .as_ref()
        .is_some_and(|t| t.is_for(&rules, seed));
    if fresh || stats.rev != Some(rev) {
        let tracker = match stats.tracker.take() {
            Some(t) if !fresh => t,
            _ => Tracker::new(rules, seed),
        };
        let mut tracker = tracker;
        let commands: Vec<G::Command> = world
            .get_resource::<CommandLog<G>>()
            .map(|l| public_commands(l).to_vec())
            .unwrap_or_default();
        let changed = tracker.follow(&commands) || fresh;
        if changed {
            stats.series = Arc::new(tracker.series.clone());
            stats.over = tracker.over().then(|| tracker.summary());
        }
        stats.tracker = Some(tracker);
        stats.rev = Some(rev);
    }
    world.insert_resource(stats);
}

/// Where the series is kept for the games' own game-over windows ([`game_over_plot`]).
fn series_id() -> egui::Id {
    egui::Id::new("feldzug-statistics-series")
}

/// The colour of a side's lines (Austria gold, Prussia blue, as their counters).
fn side_colour(side: &str) -> egui::Color32 {
    use crate::engine::side::Side;
    match Side::from_name(side) {
        Some(Side::Austria) => egui::Color32::from_rgb(232, 180, 24),
        Some(Side::Prussia) => egui::Color32::from_rgb(96, 150, 240),
        None => egui::Color32::LIGHT_GRAY,
    }
}

/// The plot of a series: one plot per figure (VP first, then the losses), both sides'
/// lines over the game turns.
pub fn plot(ui: &mut egui::Ui, series: &Series, id: &str) {
    use egui_plot::{Legend, Line, LineStyle, Plot, PlotPoints};
    if series.samples.len() < 2 {
        ui.weak("The plot starts once a game turn has been played.");
    }
    let sides = series.sides();
    let names = series.figure_names();
    let height = if names.len() > 1 { 150.0 } else { 220.0 };
    for (k, figure) in names.iter().enumerate() {
        ui.strong(figure);
        Plot::new((id, k))
            .legend(Legend::default())
            .height(height)
            .width(420.0)
            .x_axis_label("turn")
            // whole turns
            .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
            .include_y(0.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show(ui, |p| {
                for side in &sides {
                    let pts = series.line(figure, side);
                    let mut line = Line::new(side.clone(), PlotPoints::from(pts))
                        .color(side_colour(side))
                        .width(2.0);
                    if k > 0 {
                        line = line.style(LineStyle::dashed_loose());
                    }
                    p.line(line);
                }
            });
    }
}

/// The statistics plot inside a game's own game-over window (the series of the game on
/// the board, kept by the "Statistics" system of the window).
pub fn game_over_plot(ui: &mut egui::Ui) {
    let series: Option<Arc<Series>> = ui.ctx().data(|d| d.get_temp(series_id()));
    if let Some(series) = series {
        ui.separator();
        plot(ui, &series, "game-over-plot");
    }
}

/// The numbers under the plot: each figure's value for both sides now.
fn latest(ui: &mut egui::Ui, series: &Series) {
    let Some(last) = series.last() else {
        return;
    };
    for (figure, v) in &last.figures.values {
        let parts: Vec<String> = v.iter().map(|(s, x)| format!("{s} {x}")).collect();
        ui.label(format!("{figure}: {}", parts.join(" · ")));
    }
    ui.small(format!(
        "Turn {}, {} commands. One point per game turn (its last position).",
        last.figures.turn, last.commands
    ));
}

/// The "Statistics" window (open from the control panel), and for a game without a
/// game-over window of its own ([`GameUi::GAME_OVER_WINDOW`]) the game-over screen with
/// the winner and the plot.
pub fn stats_window<G: GameUi>(
    mut contexts: EguiContexts,
    mut panel: ResMut<StatsPanel>,
    stats: Res<GameStats<G>>,
    mut next: ResMut<NextState<crate::gui::AppState>>,
    mut shared: Local<Option<Arc<Series>>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if shared
        .as_ref()
        .is_none_or(|s| !Arc::ptr_eq(s, &stats.series))
    {
        let series = stats.series.clone();
        ctx.data_mut(|d| d.insert_temp(series_id(), series.clone()));
        *shared = Some(series);
        ctx.request_repaint();
    }
    if let Some(summary) = &stats.over
        && !G::GAME_OVER_WINDOW
    {
        egui::Window::new("Game over")
            .id(egui::Id::new("feldzug-game-over"))
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.heading(match &summary.winner {
                    Some(w) => format!("{w} wins"),
                    None => "A draw".into(),
                });
                let vp: Vec<String> = summary.vp.iter().map(|(s, v)| format!("{s} {v}")).collect();
                ui.label(format!("VP: {}", vp.join(" · ")));
                ui.separator();
                plot(ui, &stats.series, "game-over-plot");
                if ui.button("Main menu").clicked() {
                    next.set(crate::gui::AppState::Menu);
                }
            });
        return Ok(());
    }
    if !panel.open {
        return Ok(());
    }
    let mut open = true;
    egui::Window::new("Statistics")
        .id(egui::Id::new("feldzug-statistics"))
        .open(&mut open)
        .default_pos([530.0, 60.0])
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            plot(ui, &stats.series, "statistics-plot");
            latest(ui, &stats.series);
        });
    if !open {
        panel.open = false;
    }
    Ok(())
}
