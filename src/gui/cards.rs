//! Cards on screen, for card-driven games: a hand of cards (title, the OP number in a
//! corner, the event side's colour, a star for "removed after its event"), selectable,
//! with the buttons the game gives for the selected card; the other side's hand as
//! backs; the deck / discard / removed counts; the card in play shown face up.
//!
//! Game-neutral: the game describes each card as a [`CardFace`] and lists, for the
//! selected card, its [`CardAction`]s (label and command) from its one legal list; the
//! widgets return the command of the button clicked.

use bevy_egui::egui;

/// A card as the player sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardFace {
    /// The game's id of the card (its printed number).
    pub id: u32,
    pub title: String,
    /// The corner number (operations points); empty for none.
    pub corner: String,
    /// The colour of the band across the top (whose event it is).
    pub colour: egui::Color32,
    /// The band's words ("Prussian event", "Response", "Both").
    pub band: String,
    /// The event text (shown when selected, or on hover).
    pub text: String,
    /// Removed from the game after its event (a star by the title).
    pub remove: bool,
    /// False: greyed (cannot be played now), still selectable to read.
    pub enabled: bool,
}

impl Default for CardFace {
    fn default() -> Self {
        CardFace {
            id: 0,
            title: String::new(),
            corner: String::new(),
            colour: egui::Color32::from_gray(120),
            band: String::new(),
            text: String::new(),
            remove: false,
            enabled: true,
        }
    }
}

/// A button for the selected card: its words, a hover hint, and the command it sends.
#[derive(Clone, Debug, PartialEq)]
pub struct CardAction<C> {
    pub label: String,
    pub hint: String,
    pub command: C,
}

impl<C> CardAction<C> {
    pub fn new(label: impl Into<String>, command: C) -> Self {
        CardAction {
            label: label.into(),
            hint: String::new(),
            command,
        }
    }
}

/// What the hand widget keeps between frames (in the game's UI resource).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandState {
    pub selected: Option<u32>,
}

/// The size of a card in the hand, in points.
pub const CARD: egui::Vec2 = egui::vec2(116.0, 150.0);

/// The room between the cards of a hand.
const HAND_SPACING: f32 = 3.0;

const PAPER: egui::Color32 = egui::Color32::from_rgb(246, 240, 222);
const INK: egui::Color32 = egui::Color32::from_rgb(25, 20, 15);
const GOLD: egui::Color32 = egui::Color32::from_rgb(245, 200, 20);

fn star_points(c: egui::Pos2, r: f32) -> Vec<egui::Pos2> {
    (0..10)
        .map(|i| {
            let rr = if i % 2 == 0 { r } else { r * 0.45 };
            let a = -std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * i as f32 / 10.0;
            c + egui::vec2(a.cos(), a.sin()) * rr
        })
        .collect()
}

/// Paints a five-pointed star (a fan of triangles, so the concave outline fills right).
pub fn paint_star(painter: &egui::Painter, c: egui::Pos2, r: f32, fill: egui::Color32) {
    let pts = star_points(c, r);
    let mut mesh = egui::Mesh::default();
    mesh.colored_vertex(c, fill);
    for p in &pts {
        mesh.colored_vertex(*p, fill);
    }
    for i in 0..10u32 {
        mesh.add_triangle(0, 1 + i, 1 + (i + 1) % 10);
    }
    painter.add(egui::Shape::mesh(mesh));
}

/// One card of `size` (its face), selected or not; the response is clickable.
pub fn card(
    ui: &mut egui::Ui,
    face: &CardFace,
    selected: bool,
    size: egui::Vec2,
) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::click());
    if !ui.is_rect_visible(rect) {
        return resp;
    }
    let painter = ui.painter_at(rect.expand(3.0));
    let lift = if selected { -6.0 } else { 0.0 };
    let rect = rect.translate(egui::vec2(0.0, lift)).shrink(2.0);
    let k = size.y / CARD.y;
    painter.rect_filled(
        rect.translate(egui::vec2(2.0, 2.0)),
        6.0,
        egui::Color32::from_black_alpha(70),
    );
    painter.rect_filled(rect, 6.0, PAPER);
    // the band with the event side's colour
    let band = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 24.0 * k));
    painter.rect_filled(
        band,
        egui::CornerRadius {
            nw: 6,
            ne: 6,
            sw: 0,
            se: 0,
        },
        face.colour,
    );
    let light = face.colour.r() as u32 + face.colour.g() as u32 + face.colour.b() as u32 > 420;
    let band_ink = if light { INK } else { egui::Color32::WHITE };
    // the OP number in a disc in the top-left corner
    if !face.corner.is_empty() {
        let c = band.min + egui::vec2(14.0, 13.0) * k;
        painter.circle_filled(c, 11.0 * k, egui::Color32::WHITE);
        painter.circle_stroke(c, 11.0 * k, egui::Stroke::new(1.5, INK));
        painter.text(
            c,
            egui::Align2::CENTER_CENTER,
            &face.corner,
            egui::FontId::proportional(15.0 * k),
            INK,
        );
    }
    if face.remove {
        let c = band.right_top() + egui::vec2(-12.0, 12.0) * k;
        paint_star(&painter, c, 9.0 * k, egui::Color32::from_rgb(200, 20, 20));
        paint_star(&painter, c, 6.0 * k, egui::Color32::WHITE);
    }
    if !face.band.is_empty() {
        painter.text(
            band.center() + egui::vec2(6.0 * k, 0.0),
            egui::Align2::CENTER_CENTER,
            &face.band,
            egui::FontId::proportional(9.5 * k),
            band_ink,
        );
    }
    // the title, wrapped
    let title = painter.layout(
        face.title.clone(),
        egui::FontId::proportional(13.0 * k),
        INK,
        rect.width() - 10.0,
    );
    let tp = egui::pos2(rect.center().x - title.size().x / 2.0, band.max.y + 5.0 * k);
    let title_h = title.size().y;
    painter.galley(tp, title, INK);
    // the start of the event text, small, under the title
    let body = egui::Rect::from_min_max(
        egui::pos2(rect.min.x + 5.0, tp.y + title_h + 4.0 * k),
        egui::pos2(rect.max.x - 5.0, rect.max.y - 14.0 * k),
    );
    if body.height() > 8.0 {
        let text = painter.layout(
            face.text.clone(),
            egui::FontId::proportional(9.5 * k),
            egui::Color32::from_gray(60),
            body.width(),
        );
        painter
            .with_clip_rect(body)
            .galley(body.min, text, egui::Color32::from_gray(60));
    }
    painter.text(
        rect.center_bottom() + egui::vec2(0.0, -6.0 * k),
        egui::Align2::CENTER_BOTTOM,
        format!("#{}", face.id),
        egui::FontId::proportional(9.0 * k),
        egui::Color32::from_gray(90),
    );
    let frame = if selected {
        egui::Stroke::new(3.0, GOLD)
    } else if resp.hovered() {
        egui::Stroke::new(2.0, egui::Color32::from_gray(40))
    } else {
        egui::Stroke::new(1.0, egui::Color32::from_gray(80))
    };
    painter.rect_stroke(rect, 6.0, frame, egui::StrokeKind::Inside);
    if !face.enabled {
        painter.rect_filled(rect, 6.0, egui::Color32::from_white_alpha(110));
    }
    if !selected && !face.text.is_empty() {
        let t = face.text.clone();
        let title = face.title.clone();
        return resp.on_hover_ui(move |ui| {
            ui.set_max_width(300.0);
            ui.strong(title);
            ui.label(t);
        });
    }
    resp
}

/// A hand: the cards in a row (scrolling sideways when many), the selected card's whole
/// text and the buttons of its actions. A click selects a card (again: deselects).
/// Returns the command of the button clicked.
pub fn hand<C: Clone>(
    ui: &mut egui::Ui,
    faces: &[CardFace],
    state: &mut HandState,
    actions: impl Fn(&CardFace) -> Vec<CardAction<C>>,
) -> Option<C> {
    if state
        .selected
        .is_some_and(|s| !faces.iter().any(|f| f.id == s))
    {
        state.selected = None;
    }
    // a hand too wide for the row is drawn smaller (down to 50 %) so every card shows
    // without scrolling (a War hand of 7 or 8); past that the row scrolls. Hovering a
    // card shows its title and text at full size.
    let n = faces.len().max(1) as f32;
    let gap = 2.0 + HAND_SPACING;
    let fit = ((ui.available_width() - 4.0) / n - gap) / CARD.x;
    let size = CARD * fit.clamp(0.5, 1.0);
    egui::ScrollArea::horizontal()
        .id_salt("hand-row")
        .max_height(size.y + 12.0)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = HAND_SPACING;
                ui.add_space(2.0);
                if faces.is_empty() {
                    ui.label("No cards in hand.");
                }
                for f in faces {
                    let sel = state.selected == Some(f.id);
                    ui.add_space(2.0);
                    let r = card(ui, f, sel, size);
                    let r = if size.x < CARD.x {
                        r.on_hover_text(format!("#{} {}\n{}", f.id, f.title, f.text))
                    } else {
                        r
                    };
                    if r.clicked() {
                        state.selected = if sel { None } else { Some(f.id) };
                    }
                }
            });
        });
    let face = faces.iter().find(|f| Some(f.id) == state.selected)?;
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("#{} {}", face.id, face.title));
        if face.remove {
            ui.colored_label(
                egui::Color32::from_rgb(200, 30, 30),
                "★ removed after its event",
            );
        }
    });
    if !face.text.is_empty() {
        ui.label(&face.text);
    }
    let mut out = None;
    ui.horizontal_wrapped(|ui| {
        let list = actions(face);
        if list.is_empty() {
            ui.weak("This card cannot be played now.");
        }
        for a in list {
            let mut b = ui.button(&a.label);
            if !a.hint.is_empty() {
                b = b.on_hover_text(&a.hint);
            }
            if b.clicked() {
                out = Some(a.command.clone());
            }
        }
    });
    out
}

/// The hand in a window at the bottom of the screen, titled with its owner.
pub fn hand_window<C: Clone>(
    ctx: &egui::Context,
    title: &str,
    faces: &[CardFace],
    state: &mut HandState,
    actions: impl Fn(&CardFace) -> Vec<CardAction<C>>,
) -> Option<C> {
    hand_window_at(ctx, title, faces, state, [310.0, -8.0], actions)
}

/// [`hand_window`] anchored at `offset` from the window's bottom left (a lesson raises
/// it above its own panel).
pub fn hand_window_at<C: Clone>(
    ctx: &egui::Context,
    title: &str,
    faces: &[CardFace],
    state: &mut HandState,
    offset: [f32; 2],
    actions: impl Fn(&CardFace) -> Vec<CardAction<C>>,
) -> Option<C> {
    let mut out = None;
    egui::Window::new(title)
        // keyed as a window titled "Hand" is, so a lesson step's Panel("Hand") points at it
        .id(egui::Id::new(Some(std::borrow::Cow::Borrowed("Hand"))))
        .anchor(egui::Align2::LEFT_BOTTOM, offset)
        .resizable(false)
        .collapsible(true)
        // ends left of the log window (anchored bottom right), which would cover its end
        .default_width(495.0)
        .show(ctx, |ui| {
            out = hand(ui, faces, state, actions);
        });
    out
}

/// The other side's hand: only its size, as card backs.
pub fn hidden_hand(ui: &mut egui::Ui, owner: &str, count: usize, colour: egui::Color32) {
    ui.horizontal(|ui| {
        ui.label(format!(
            "{owner}: {count} card{}",
            if count == 1 { "" } else { "s" }
        ));
        let size = egui::vec2(14.0, 20.0);
        for _ in 0..count.min(12) {
            let (r, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, colour);
            ui.painter().rect_stroke(
                r.shrink(2.0),
                1.0,
                egui::Stroke::new(1.0, egui::Color32::from_white_alpha(160)),
                egui::StrokeKind::Inside,
            );
        }
    });
}

/// The counts of the card piles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Piles {
    pub deck: usize,
    pub discard: usize,
    pub removed: usize,
    /// Other counts worth showing (a second deck, cards in each hand).
    pub more: Vec<(String, usize)>,
}

fn pile(ui: &mut egui::Ui, label: &str, n: usize, fill: egui::Color32) {
    let (r, resp) = ui.allocate_exact_size(egui::vec2(52.0, 40.0), egui::Sense::hover());
    let p = ui.painter();
    // a little stack: more layers for more cards
    let layers = n.clamp(1, 4) as f32;
    for i in (0..layers as usize).rev() {
        let o = i as f32 * 1.5;
        p.rect_filled(
            egui::Rect::from_min_size(r.min + egui::vec2(o, o), egui::vec2(44.0, 30.0)),
            3.0,
            if n == 0 {
                egui::Color32::from_gray(90)
            } else {
                fill
            },
        );
    }
    let top = egui::Rect::from_min_size(r.min, egui::vec2(44.0, 30.0));
    p.rect_stroke(
        top,
        3.0,
        egui::Stroke::new(1.0, egui::Color32::from_gray(30)),
        egui::StrokeKind::Inside,
    );
    p.text(
        top.center(),
        egui::Align2::CENTER_CENTER,
        n.to_string(),
        egui::FontId::proportional(15.0),
        egui::Color32::WHITE,
    );
    p.text(
        egui::pos2(top.center().x, r.max.y),
        egui::Align2::CENTER_BOTTOM,
        label,
        egui::FontId::proportional(10.0),
        ui.visuals().text_color(),
    );
    resp.on_hover_text(format!(
        "{label}: {n} card{}",
        if n == 1 { "" } else { "s" }
    ));
}

/// The deck / discard / removed counter widget (and any further counts).
pub fn piles(ui: &mut egui::Ui, p: &Piles) {
    ui.horizontal(|ui| {
        pile(ui, "deck", p.deck, egui::Color32::from_rgb(60, 80, 120));
        pile(
            ui,
            "discard",
            p.discard,
            egui::Color32::from_rgb(120, 95, 60),
        );
        pile(
            ui,
            "removed",
            p.removed,
            egui::Color32::from_rgb(140, 40, 40),
        );
        for (l, n) in &p.more {
            pile(ui, l, *n, egui::Color32::from_rgb(70, 110, 70));
        }
    });
}

/// The card in play, face up for both players, with the way it is used ("played for 3
/// OP by Prussia") and its whole text; a window at the top of the screen.
pub fn played_window(ctx: &egui::Context, face: &CardFace, how: &str) {
    egui::Window::new("Card played")
        .id(egui::Id::new("card-played"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .resizable(false)
        .collapsible(true)
        .default_width(300.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                card(ui, face, false, CARD * 0.85);
                ui.vertical(|ui| {
                    ui.set_max_width(170.0);
                    if !how.is_empty() {
                        ui.strong(how);
                    }
                    ui.label(&face.text);
                    if face.remove {
                        ui.colored_label(
                            egui::Color32::from_rgb(220, 60, 60),
                            "★ removed after its event",
                        );
                    }
                });
            });
        });
}
