//! The main menu as a game library: a grid of cards, one per game of the registry (its
//! title, date, a thumbnail drawn from its map, what it holds, "Resume" when a save
//! exists), each opening a detail panel with its scenarios, lessons, saved games and
//! rules reference. Also the registry's screen side ([`GuiEntry`]): what the menu, the
//! replay browser and the automation call to start, resume or browse any game. Nothing
//! here names a game (a test checks it).

use crate::engine::game_ecs::{Inbox, Revision, RulesRes};
use crate::engine::session::GameEntry;
use crate::gui::MenuState;
use crate::gui::game_ui::{self, GameUi};
use crate::library::{self, Card, SaveInfo};
use crate::replay::ReplayBrowser;
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::Path;

/// A game with a screen: its UI plugin (implemented next to the game's registry entry).
pub trait GuiGame: GameUi {
    fn add_ui(app: &mut App);
}

/// The screen side of a registry entry (`GameEntry::gui`).
pub trait GuiEntry: Sync {
    fn add_ui(&self, app: &mut App);
    fn start_game(&self, w: &mut World, scenario: &str, seed: u64, variants: &[String]);
    fn start_lesson(&self, w: &mut World, id: &str, resume: bool);
    /// Opens a save file to play on; the game autosaves back into that file.
    fn load_file(&self, w: &mut World, path: &Path) -> Result<(), String>;
    /// Shows the browser's position on the board.
    fn show_replay(&self, w: &mut World, browser: &ReplayBrowser) -> Result<(), String>;
    /// The game in progress as save text (`all`: also a secret choice not yet revealed,
    /// kept in memory only).
    fn current_save(&self, w: &World, all: bool) -> Option<String>;
    /// The revision of the game in progress and whether commands wait in its inbox.
    fn busy(&self, w: &World) -> (u64, bool);
    /// A message in the game's panel.
    fn set_message(&self, w: &mut World, text: &str);
}

impl<G: GuiGame> GuiEntry for G {
    fn add_ui(&self, app: &mut App) {
        G::add_ui(app);
        crate::gui::computer::add::<G>(app);
        crate::gui::stats::add::<G>(app);
    }

    fn start_game(&self, w: &mut World, scenario: &str, seed: u64, variants: &[String]) {
        game_ui::start_game::<G>(w, scenario, seed, variants);
    }

    fn start_lesson(&self, w: &mut World, id: &str, resume: bool) {
        game_ui::start_lesson::<G>(w, id, resume);
    }

    fn load_file(&self, w: &mut World, path: &Path) -> Result<(), String> {
        game_ui::load_file::<G>(w, path)
    }

    fn show_replay(&self, w: &mut World, browser: &ReplayBrowser) -> Result<(), String> {
        game_ui::show_replay::<G>(w, browser)
    }

    fn current_save(&self, w: &World, all: bool) -> Option<String> {
        let mut s = game_ui::current_save::<G>(w)?;
        if all {
            s.commands = w
                .get_resource::<crate::engine::game_ecs::CommandLog<G>>()?
                .commands
                .clone();
        }
        crate::engine::save::to_text(&s).ok()
    }

    fn busy(&self, w: &World) -> (u64, bool) {
        if !w.contains_resource::<RulesRes<G>>() {
            return (0, false);
        }
        (
            w.get_resource::<Revision<G>>().map_or(0, |r| r.0),
            w.get_resource::<Inbox<G>>()
                .is_some_and(|i| !i.0.is_empty())
                || crate::gui::computer::waiting::<G>(w),
        )
    }

    fn set_message(&self, w: &mut World, text: &str) {
        if let Some(mut ui) = w.get_resource_mut::<G::Ui>() {
            G::core_mut(&mut ui).message = text.to_string();
        }
    }
}

/// The registry entry of a scenario's game.
pub fn game_of_scenario(id: &str) -> Option<&'static dyn GameEntry> {
    let game = crate::engine::scenarios::find(id).ok()?.meta.game;
    crate::games::find(&game).ok()
}

/// The library's own state (cards and thumbnails are made once).
#[derive(Default)]
pub struct LibraryState {
    pub cards: Vec<Card>,
    pub thumbs: Vec<(String, egui::TextureHandle)>,
    /// The game whose detail panel is open.
    pub open: Option<String>,
    pub saves: Vec<SaveInfo>,
    pub saves_read: bool,
    pub rules_open: bool,
    pub rules_query: String,
    /// The "Replays and saves" window and its path field.
    pub replays_open: bool,
    pub path_text: String,
    /// The options ticked in the new-game dialog, by (game id, scenario id).
    pub chosen: Vec<((String, String), Vec<String>)>,
    /// Who plays each side of the next new game (the dialog's "Players" row).
    pub players: crate::gui::computer::Players,
}

/// The options ticked for a scenario in `LibraryState::chosen` (none at first).
pub fn chosen_for<'a>(
    chosen: &'a mut Vec<((String, String), Vec<String>)>,
    game: &str,
    scenario: &str,
) -> &'a mut Vec<String> {
    let key = (game.to_string(), scenario.to_string());
    let i = match chosen.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            chosen.push((key, Vec::new()));
            chosen.len() - 1
        }
    };
    &mut chosen[i].1
}

/// The new-game dialog's option boxes for one scenario: any combination the scenario
/// allows (`check_variants`, the same check the rules make when they load); an option
/// that cannot join the ones ticked is greyed out with the reason as its tooltip.
/// Returns the options in the scenario's order.
pub fn option_boxes(
    ui: &mut egui::Ui,
    variants: &[crate::engine::scenarios::VariantHeader],
    chosen: &mut Vec<String>,
) -> Vec<String> {
    for v in variants {
        let mut on = chosen.contains(&v.id);
        let blocked = if on {
            None
        } else {
            let mut with = chosen.clone();
            with.push(v.id.clone());
            crate::engine::scenarios::check_variants(variants, &with).err()
        };
        let r = ui.add_enabled(
            blocked.is_none(),
            egui::Checkbox::new(&mut on, v.name.as_str()),
        );
        let r = match &blocked {
            Some(why) => r.on_disabled_hover_text(why.as_str()),
            None => r,
        };
        if r.changed() {
            if on {
                chosen.push(v.id.clone());
            } else {
                chosen.retain(|x| *x != v.id);
            }
        }
    }
    variants
        .iter()
        .filter(|v| chosen.contains(&v.id))
        .map(|v| v.id.clone())
        .collect()
}

fn thumb(ctx: &egui::Context, lib: &mut LibraryState, i: usize) -> Option<egui::TextureHandle> {
    let id = lib.cards.get(i)?.id.to_string();
    if let Some((_, t)) = lib.thumbs.iter().find(|(k, _)| *k == id) {
        return Some(t.clone());
    }
    let card = &lib.cards[i];
    let t = match (&card.map, &card.points) {
        (Some(map), _) => library::thumbnail(map, 560, 360),
        (None, Some(points)) => library::point_thumbnail(points, 560, 360),
        (None, None) => return None,
    };
    let img = egui::ColorImage::from_rgba_unmultiplied([t.width, t.height], &t.rgba);
    let handle = ctx.load_texture(format!("thumb-{id}"), img, egui::TextureOptions::LINEAR);
    lib.thumbs.push((id, handle.clone()));
    Some(handle)
}

/// What a click in the library asks for (run with the world at hand).
pub enum MenuAction {
    NewGame {
        game: &'static dyn GameEntry,
        scenario: String,
        options: Vec<String>,
        players: crate::gui::computer::Players,
    },
    Lesson {
        game: &'static dyn GameEntry,
        id: String,
        resume: bool,
    },
    Resume(std::path::PathBuf),
    Replay(std::path::PathBuf),
}

const CARD_W: f32 = 300.0;
const GOLD: egui::Color32 = egui::Color32::from_rgb(222, 190, 120);

/// The library screen.
pub fn library_ui(ctx: &egui::Context, menu: &mut MenuState) -> Option<MenuAction> {
    let mut action = None;
    if let Ok(s) = menu.seed_text.trim().parse() {
        menu.seed = s;
    }
    let seed = menu.seed;
    let lib = &mut menu.library;
    if lib.cards.is_empty() {
        lib.cards = library::cards();
    }
    if !lib.saves_read {
        lib.saves = library::saves_in(&library::saves_dir());
        lib.saves_read = true;
    }
    let rect = ctx.content_rect();
    egui::Window::new("Game library")
        .title_bar(false)
        .fixed_rect(rect.shrink(6.0))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.heading(egui::RichText::new("Feldzug 1866").size(26.0).color(GOLD));
                ui.label("  Board wargames of 1866 for two players at one screen. Choose a game.");
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Replays and saves…").clicked() {
                        lib.replays_open = !lib.replays_open;
                    }
                    if let Some(s) = lib.saves.first()
                        && ui
                            .button(format!("Resume last game ({})", s.game.name()))
                            .on_hover_text(format!("{} · {}", s.file_name(), s.age()))
                            .clicked()
                    {
                        action = Some(MenuAction::Resume(s.path.clone()));
                    }
                    ui.add(egui::TextEdit::singleline(&mut menu.seed_text).desired_width(70.0));
                    ui.label("Seed:");
                });
            });
            if !menu.message.is_empty() {
                ui.colored_label(egui::Color32::LIGHT_RED, &menu.message);
            }
            ui.separator();
            let avail = ui.available_size();
            let detail_w = if lib.open.is_some() {
                (avail.x - 2.0 * (CARD_W + 12.0) - 12.0).max(420.0)
            } else {
                0.0
            };
            ui.horizontal_top(|ui| {
                let grid_w = avail.x - detail_w - if detail_w > 0.0 { 12.0 } else { 0.0 };
                ui.allocate_ui(egui::vec2(grid_w, avail.y), |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("cards")
                        .show(ui, |ui| {
                            ui.vertical(|ui| {
                                let per_row =
                                    ((grid_w + 12.0) / (CARD_W + 12.0)).floor().max(1.0) as usize;
                                let n = lib.cards.len();
                                for row in 0..n.div_ceil(per_row) {
                                    ui.horizontal_top(|ui| {
                                        for i in row * per_row..((row + 1) * per_row).min(n) {
                                            card_ui(ctx, ui, lib, i, &mut action);
                                        }
                                    });
                                    ui.add_space(10.0);
                                }
                            });
                        });
                });
                // (a card clicked in this frame opens its panel in the next)
                if let Some(open) = lib.open.clone()
                    && detail_w > 0.0
                    && let Some(i) = lib.cards.iter().position(|c| c.id == open)
                {
                    ui.separator();
                    ui.allocate_ui(egui::vec2(detail_w, avail.y), |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("detail")
                            .show(ui, |ui| {
                                ui.set_width((detail_w - 16.0).max(100.0));
                                ui.vertical(|ui| {
                                    detail_ui(ctx, ui, seed, lib, &menu.progress, i, &mut action);
                                });
                            });
                    });
                }
            });
        });
    replays_window(ctx, lib, &mut action);
    if let Some(open) = lib.open.clone()
        && let Some(card) = lib.cards.iter().find(|c| c.id == open)
        && lib.rules_open
    {
        let cases = card.game.rules_reference();
        let mut o = lib.rules_open;
        crate::gui::panels::rules_window(ctx, &mut o, &mut lib.rules_query, &cases);
        lib.rules_open = o;
    }
    action
}

fn card_ui(
    ctx: &egui::Context,
    ui: &mut egui::Ui,
    lib: &mut LibraryState,
    i: usize,
    action: &mut Option<MenuAction>,
) {
    let open = lib.open.as_deref() == Some(lib.cards[i].id);
    let tex = thumb(ctx, lib, i);
    let card = &lib.cards[i];
    let stroke = if open {
        egui::Stroke::new(2.0, GOLD)
    } else {
        ui.visuals().widgets.noninteractive.bg_stroke
    };
    let mut clicked = false;
    egui::Frame::group(ui.style())
        .stroke(stroke)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(CARD_W - 16.0);
            ui.vertical(|ui| {
                if let Some(tex) = &tex {
                    let size = tex.size_vec2();
                    let k = (CARD_W - 16.0) / size.x;
                    ui.vertical_centered(|ui| {
                        let r = ui.add(
                            egui::Image::new((tex.id(), size * k.min(170.0 / size.y)))
                                .sense(egui::Sense::click()),
                        );
                        clicked |= r.on_hover_text("Open this game").clicked();
                    });
                }
                ui.label(egui::RichText::new(card.title).size(20.0).strong());
                ui.label(egui::RichText::new(card.date).color(GOLD));
                ui.small(card.about);
                ui.small(format!(
                    "{} scenario{} · {} lesson{} · rules reference of {} cases",
                    card.scenarios.len(),
                    if card.scenarios.len() == 1 { "" } else { "s" },
                    card.lessons.len(),
                    if card.lessons.len() == 1 { "" } else { "s" },
                    card.rule_cases
                ));
                ui.horizontal(|ui| {
                    clicked |= ui.button(if open { "Close" } else { "Open" }).clicked();
                    if let Some(s) = lib.saves.iter().find(|s| s.game.id() == card.id)
                        && ui
                            .button("Resume")
                            .on_hover_text(format!(
                                "{}: {} commands, {}",
                                s.file_name(),
                                s.commands,
                                s.age()
                            ))
                            .clicked()
                    {
                        *action = Some(MenuAction::Resume(s.path.clone()));
                    }
                });
            });
        });
    if clicked {
        lib.open = if open {
            None
        } else {
            Some(lib.cards[i].id.to_string())
        };
        lib.rules_open = false;
    }
}

fn detail_ui(
    ctx: &egui::Context,
    ui: &mut egui::Ui,
    seed: u64,
    lib: &mut LibraryState,
    progress: &crate::engine::tutorial::Progress,
    i: usize,
    action: &mut Option<MenuAction>,
) {
    let tex = thumb(ctx, lib, i);
    let card = &lib.cards[i];
    let game = card.game;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(card.title).size(24.0).strong());
        ui.label(egui::RichText::new(card.date).size(16.0).color(GOLD));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("✖ Close").clicked() {
                lib.open = None;
            }
        });
    });
    let mine: Vec<&SaveInfo> = lib
        .saves
        .iter()
        .filter(|s| s.game.id() == card.id)
        .collect();
    ui.horizontal_top(|ui| {
        if let Some(tex) = &tex {
            let size = tex.size_vec2();
            let k = (300.0 / size.x).min(250.0 / size.y);
            ui.image((tex.id(), size * k));
        }
        ui.vertical(|ui| {
            ui.label(egui::RichText::new(card.about).size(15.0));
            ui.add_space(6.0);
            ui.label(format!(
                "{} scenario{} · {} lesson{}",
                card.scenarios.len(),
                if card.scenarios.len() == 1 { "" } else { "s" },
                card.lessons.len(),
                if card.lessons.len() == 1 { "" } else { "s" },
            ));
            ui.add_space(6.0);
            ui.label(format!(
                "Rules reference: {} cases of the rulebook in our own words.",
                card.rule_cases
            ));
            if ui.button("Open the rules reference").clicked() {
                lib.rules_open = true;
            }
            ui.add_space(6.0);
            if let Some(s) = mine.first() {
                ui.label(format!(
                    "Last played: {} ({} commands, {}).",
                    s.scenario,
                    s.commands,
                    s.age()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Resume").clicked() {
                        *action = Some(MenuAction::Resume(s.path.clone()));
                    }
                    if ui.button("Replay").clicked() {
                        *action = Some(MenuAction::Replay(s.path.clone()));
                    }
                });
            }
        });
    });
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Scenarios").size(18.0).color(GOLD));
    players_row(ui, &mut lib.players);
    for s in &card.scenarios {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.strong(&s.name);
            let d = &s.description;
            let first = d.split_inclusive(". ").next().unwrap_or(d);
            ui.label(first).on_hover_text(d);
            if !s.reconstructed.is_empty() {
                ui.small(format!(
                    "Reconstructed by us: {}",
                    s.reconstructed.join(", ")
                ));
            }
            let chosen = chosen_for(&mut lib.chosen, card.id, &s.id);
            let options = if s.variants.is_empty() {
                Vec::new()
            } else {
                ui.label("Options:");
                option_boxes(ui, &s.variants, chosen)
            };
            ui.horizontal_wrapped(|ui| {
                let label = if options.is_empty() {
                    format!("New game (seed {seed})")
                } else {
                    format!(
                        "New game (seed {seed}, {} option{})",
                        options.len(),
                        if options.len() == 1 { "" } else { "s" }
                    )
                };
                if ui.button(label).clicked() {
                    *action = Some(MenuAction::NewGame {
                        game,
                        scenario: s.id.clone(),
                        options,
                        players: lib.players.clone(),
                    });
                }
            });
        });
    }
    if !card.lessons.is_empty() {
        ui.add_space(6.0);
        ui.label(egui::RichText::new("Learn to play").size(18.0).color(GOLD));
        egui::Grid::new(("lessons", card.id))
            .striped(true)
            .show(ui, |g| {
                for l in &card.lessons {
                    let step = progress.steps.get(&l.id).copied().unwrap_or(0);
                    let done = progress.done.contains(&l.id);
                    g.label(format!(
                        "{} {}. {}",
                        if done { "✔" } else { " " },
                        l.order,
                        l.title
                    ));
                    g.horizontal(|ui| {
                        if ui.button(if done { "Again" } else { "Start" }).clicked() {
                            *action = Some(MenuAction::Lesson {
                                game,
                                id: l.id.clone(),
                                resume: false,
                            });
                        }
                        if step > 0
                            && !done
                            && ui.button(format!("Resume at step {}", step + 1)).clicked()
                        {
                            *action = Some(MenuAction::Lesson {
                                game,
                                id: l.id.clone(),
                                resume: true,
                            });
                        }
                    });
                    g.end_row();
                }
            });
    }
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Saved games").size(18.0).color(GOLD));
    if mine.is_empty() {
        ui.small("None yet: every game is saved as you play.");
    }
    save_rows(ui, &mine, action, ("saves", card.id));
}

/// The new-game dialog's players: each side Human or Computer with a strength; with
/// the computer on both sides, the pause between its commands (for watching).
fn players_row(ui: &mut egui::Ui, players: &mut crate::gui::computer::Players) {
    use crate::engine::side::Side;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.strong("Players of a new game:");
            for side in Side::BOTH {
                ui.label(side.name().to_string());
                crate::gui::computer::seat_combo(
                    ui,
                    ("new-game-seat", side.idx()),
                    &mut players.seats[side.idx()],
                );
            }
        });
        if players.any_computer() {
            ui.horizontal_wrapped(|ui| {
                let mut secs = players.pause.as_secs_f32();
                ui.add(
                    egui::Slider::new(&mut secs, 0.0..=3.0)
                        .text("s between the computer's commands")
                        .step_by(0.1),
                );
                players.pause = std::time::Duration::from_secs_f32(secs.max(0.0));
            });
            ui.small(
                "Quick, normal and strong are the computer's thinking budgets (docs/AI.md); \
                 it thinks while the window stays free. Undo takes back your last decision \
                 and the computer's answers to it.",
            );
        }
    });
}

fn save_rows(
    ui: &mut egui::Ui,
    saves: &[&SaveInfo],
    action: &mut Option<MenuAction>,
    id: impl std::hash::Hash + std::fmt::Debug,
) {
    egui::Grid::new(id).striped(true).show(ui, |g| {
        for s in saves {
            g.label(s.file_name());
            g.label(format!(
                "{} · {} commands · {}",
                s.scenario,
                s.commands,
                s.age()
            ));
            g.horizontal(|ui| {
                if ui.button("Resume").clicked() {
                    *action = Some(MenuAction::Resume(s.path.clone()));
                }
                if ui
                    .button("Replay")
                    .on_hover_text("Step through it command by command")
                    .clicked()
                {
                    *action = Some(MenuAction::Replay(s.path.clone()));
                }
            });
            g.end_row();
        }
    });
}

fn replays_window(ctx: &egui::Context, lib: &mut LibraryState, action: &mut Option<MenuAction>) {
    if !lib.replays_open {
        return;
    }
    let mut open = true;
    egui::Window::new("Replays and saves")
        .open(&mut open)
        .default_width(620.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "Saves in {} (newest first). Replay steps through a game command by command; \
                 from any point you can play on as a new game, the save stays as it is.",
                library::saves_dir().display()
            ));
            let all: Vec<&SaveInfo> = lib.saves.iter().collect();
            egui::ScrollArea::vertical()
                .max_height(380.0)
                .show(ui, |ui| {
                    save_rows(ui, &all, action, "all-saves");
                });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Another file:");
                ui.add(egui::TextEdit::singleline(&mut lib.path_text).desired_width(360.0));
                if ui.button("Replay").clicked() && !lib.path_text.trim().is_empty() {
                    *action = Some(MenuAction::Replay(lib.path_text.trim().into()));
                }
            });
        });
    lib.replays_open &= open;
}
