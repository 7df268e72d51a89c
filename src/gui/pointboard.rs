//! Drawing a point-to-point board ([`PointMap`]) on the board camera, with the same pan,
//! zoom and fit (F) as the hex board, and turning the mouse into node clicks. Shared by
//! every game whose map is spaces joined by routes (card-driven strategic games, area
//! maps).
//!
//! Data-driven and game-neutral: the game puts a [`PointBoard`] resource (the map and one
//! [`NodeStyle`] per node, one [`LinkStyle`] per link: shape, colours, outline, a small
//! label, the owner's tint; line kind and crossing marks) and a [`PointMarks`] resource
//! (lit nodes, the selection, a path, the stack box of each occupied node). Clicks come
//! back as [`NodeClicked`] and [`StackClicked`] messages; the node under the mouse is
//! [`HoveredNode`].
//!
//! Layers (z): paper 0, owner tints 0.05, tint borders 0.1, sea lanes 0.3, links 0.5,
//! path 0.8, rings 0.9, nodes (and their badges) 1.0, labels and names 2. Stack boxes are small egui areas beside their
//! node (behind every window), so their text stays readable at any zoom.

use super::board::{BoardCamera, BoardMap, MapFont};
use super::draw::Batch;
use crate::engine::graph::PointMap;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::f32::consts::{FRAC_PI_2, FRAC_PI_6};

/// World units (pixels at zoom 1) per map unit.
pub const UNIT: f32 = 1.6;

/// The world position of a drawing position in map units (y down on the map, up in the
/// world).
pub fn to_world(x: f32, y: f32) -> Vec2 {
    Vec2::new(x * UNIT, -y * UNIT)
}

/// The world position of node `n`, if it exists.
pub fn node_world(map: &PointMap, n: usize) -> Option<Vec2> {
    map.nodes.get(n).map(|p| to_world(p.x, p.y))
}

/// The outline of a space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NodeShape {
    #[default]
    Circle,
    Square,
    Diamond,
    Hexagon,
    /// A five-pointed star (a capital, an off-board source).
    Star,
}

/// How one node is drawn. Sizes are in map units.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeStyle {
    pub shape: NodeShape,
    /// Radius of the shape.
    pub size: f32,
    pub fill: Color,
    pub outline: Color,
    /// Outline width (a red, wider outline marks a VP space, say).
    pub outline_width: f32,
    /// A short text in the shape (a fortress value); empty for none.
    pub label: String,
    pub label_colour: Color,
    /// Show the node's name under it.
    pub show_name: bool,
    /// Which names stay when they would overlap: lower ranks first.
    pub name_rank: u8,
    /// The colour of the node's area (owner, country); None leaves the paper.
    pub tint: Option<Color>,
    /// Shown beside the mouse while the node is hovered; empty: the node's name.
    pub hover: String,
    /// A small symbol at the node's upper left (a port's anchor).
    pub badge: Option<NodeBadge>,
}

/// A small symbol drawn beside a node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NodeBadge {
    /// An anchor on a white disc (a port).
    Anchor(Color),
}

impl Default for NodeStyle {
    fn default() -> Self {
        NodeStyle {
            shape: NodeShape::Circle,
            size: 9.0,
            fill: Color::srgb(0.97, 0.95, 0.88),
            outline: Color::srgb(0.10, 0.10, 0.10),
            outline_width: 1.6,
            label: String::new(),
            label_colour: Color::srgb(0.05, 0.05, 0.05),
            show_name: true,
            name_rank: 1,
            tint: None,
            hover: String::new(),
            badge: None,
        }
    }
}

/// How a link's line is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineKind {
    #[default]
    Solid,
    Dashed,
    /// A line with cross-ties (a railroad).
    Rail,
    /// Two parallel lines.
    Double,
}

/// A mark across the middle of a link.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LinkMark {
    /// A wavy line across the link (a river crossing).
    River(Color),
    /// A chevron across the link (a mountain pass).
    Pass(Color),
    /// A dot on the link.
    Dot(Color),
}

/// How one link is drawn. `width` is in map units.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkStyle {
    pub line: LineKind,
    pub colour: Color,
    pub width: f32,
    pub marks: Vec<LinkMark>,
}

impl Default for LinkStyle {
    fn default() -> Self {
        LinkStyle {
            line: LineKind::Solid,
            colour: Color::srgb(0.45, 0.30, 0.18),
            width: 2.2,
            marks: Vec::new(),
        }
    }
}

/// The point board a game shows: set it when a game opens (and when the look of the
/// spaces changes, e.g. a new owner's tint; use `set_if_neq` so an unchanged board is not
/// redrawn). An empty map draws nothing.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PointBoard {
    pub map: PointMap,
    /// One per node (missing ones get the default style).
    pub nodes: Vec<NodeStyle>,
    /// One per link (missing ones get the default style).
    pub links: Vec<LinkStyle>,
    /// The paper under the map (its bounds plus a margin); None: the window background.
    pub paper: Option<Color>,
    /// Radius of each node's tinted area in map units (areas are cut where they meet a
    /// neighbour's, half-way between them).
    pub tint_radius: f32,
    /// A line where areas of different tints meet: (colour, width in map units).
    pub tint_border: Option<(Color, f32)>,
    /// Room the game's panels take round the map when it is fitted to the window, in
    /// pixels: left, right, top, bottom.
    pub margins: [f32; 4],
    /// Sea lanes joining ports (drawn under the links, distinct from every land route).
    pub seas: Vec<SeaLane>,
    /// The map key: what each symbol means ("Map key" button, L). Empty: no key.
    pub legend: Vec<LegendRow>,
}

/// A sea zone drawn as a wide dashed lane of open water (one or more pieces of a
/// polyline in map units, e.g. leaving the paper at its edge "round" a peninsula), its
/// name beside it, and a dotted spur from each of its ports to the nearest point of
/// the lane.
#[derive(Clone, Debug, PartialEq)]
pub struct SeaLane {
    pub name: String,
    /// Where the name is written (map units).
    pub label_at: Vec2,
    pub pieces: Vec<Vec<Vec2>>,
    pub ports: Vec<usize>,
    pub colour: Color,
}

/// One line of the map key.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendRow {
    pub symbol: LegendSymbol,
    pub text: String,
}

impl LegendRow {
    /// A line of the map key.
    pub fn new(symbol: LegendSymbol, text: &str) -> Self {
        LegendRow {
            symbol,
            text: text.into(),
        }
    }
}

impl LegendSymbol {
    /// A node sample for the map key: `size`, a thin outline, then `f`'s changes.
    pub fn node(size: f32, f: &dyn Fn(&mut NodeStyle)) -> Self {
        let mut n = NodeStyle {
            size,
            outline_width: 1.4,
            ..default()
        };
        f(&mut n);
        LegendSymbol::Node(n)
    }

    /// A node sample ringed in `colour` (lit, selected) for the map key.
    pub fn ring(size: f32, colour: Color) -> Self {
        Self::node(size, &|n| {
            n.outline = colour;
            n.outline_width = 3.0;
        })
    }

    /// A link sample for the map key.
    pub fn link(line: LineKind, colour: Color, width: f32, marks: Vec<LinkMark>) -> Self {
        LegendSymbol::Link(LinkStyle {
            line,
            colour,
            width,
            marks,
        })
    }
}

/// The sample drawn in a line of the map key, with the board's own drawing code.
#[derive(Clone, Debug, PartialEq)]
pub enum LegendSymbol {
    /// A space drawn in this style (its badge too).
    Node(NodeStyle),
    /// A link drawn in this style.
    Link(LinkStyle),
    /// An area tint.
    Tint(Color),
    /// A sea lane and a port's spur in this colour.
    Sea(Color),
    /// A heading line (no sample).
    Heading,
}

impl Default for PointBoard {
    fn default() -> Self {
        PointBoard {
            map: PointMap::default(),
            nodes: Vec::new(),
            links: Vec::new(),
            paper: Some(Color::srgb(0.93, 0.90, 0.80)),
            tint_radius: 45.0,
            tint_border: Some((Color::srgba(0.30, 0.15, 0.30, 0.7), 1.4)),
            margins: [300.0, 300.0, 20.0, 280.0],
            seas: Vec::new(),
            legend: Vec::new(),
        }
    }
}

impl PointBoard {
    /// A board of `map` with default styles.
    pub fn new(map: PointMap) -> PointBoard {
        PointBoard {
            nodes: vec![NodeStyle::default(); map.nodes.len()],
            links: vec![LinkStyle::default(); map.links.len()],
            map,
            ..default()
        }
    }

    pub fn node_style(&self, n: usize) -> NodeStyle {
        self.nodes.get(n).cloned().unwrap_or_default()
    }

    pub fn link_style(&self, l: usize) -> LinkStyle {
        self.links.get(l).cloned().unwrap_or_default()
    }

    /// The node radius in world units (with its outline).
    fn radius(&self, n: usize) -> f32 {
        let s = self.nodes.get(n);
        let (size, ow) = s.map(|s| (s.size, s.outline_width)).unwrap_or((9.0, 1.6));
        (size + ow) * UNIT
    }
}

/// A node lit for the step: a legal destination or target, with a short label above it
/// (MP left, "attack").
#[derive(Clone, Debug, PartialEq)]
pub struct LitNode {
    pub node: usize,
    pub colour: Color,
    pub label: String,
}

/// A light green for legal destinations.
pub const LIT: Color = Color::srgba(0.15, 0.80, 0.25, 0.95);
/// The selection ring.
pub const SELECTED: Color = Color::srgba(1.0, 0.85, 0.05, 1.0);

/// One line of a stack box.
#[derive(Clone, Debug, PartialEq)]
pub struct StackEntry {
    /// The game's id of the piece (sent back in [`StackClicked`]).
    pub id: u32,
    pub text: String,
    /// A leader (general): listed first, in bold.
    pub leader: bool,
    /// More about the piece, in the hover list (strength, steps).
    pub detail: String,
}

/// The pieces at a node, drawn as a small box beside it: leaders on top, then the units;
/// at most `PointMarks::box_lines` lines, the rest when hovered.
#[derive(Clone, Debug, PartialEq)]
pub struct Stack {
    pub node: usize,
    /// The owner's colour (the box's left stripe and frame).
    pub colour: Color,
    pub entries: Vec<StackEntry>,
    /// A box of two halves: `entries` on the left, this half on the right, a stripe of
    /// its colour between them (a fortress: its garrison | the force besieging it).
    pub right: Option<StackHalf>,
}

/// The right half of a [`Stack`] box of two halves: its owner's colour and its lines.
#[derive(Clone, Debug, PartialEq)]
pub struct StackHalf {
    pub colour: Color,
    pub entries: Vec<StackEntry>,
}

/// The lines of one half of a stack box (leaders first): zoomed out (`compact`) the
/// first piece and "+N"; else at most `shown` lines and "+N more".
pub fn box_lines(entries: &[&StackEntry], compact: bool, shown: usize) -> Vec<String> {
    let Some(first) = entries.first() else {
        return Vec::new();
    };
    if compact {
        return vec![match entries.len() {
            1 => first.text.clone(),
            n => format!("{} +{}", first.text, n - 1),
        }];
    }
    let shown = shown.max(1);
    let mut l: Vec<String> = entries.iter().take(shown).map(|e| e.text.clone()).collect();
    if entries.len() > shown {
        l.push(format!("+{} more", entries.len() - shown));
    }
    l
}

/// What changes as the game goes: lit nodes, selection, a path, stacks. Set it from the
/// game's state (`set_if_neq`); cleared when a game is left.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PointMarks {
    pub lit: Vec<LitNode>,
    pub selected: Option<usize>,
    /// A path to show (nodes in order), e.g. the move under the mouse.
    pub path: Vec<usize>,
    pub path_colour: Color,
    pub stacks: Vec<Stack>,
    /// The lines a stack box shows before "+N more".
    pub box_lines: usize,
    /// Zoomed out beyond this camera scale, a stack box is compact: one line, the first
    /// piece (a leader) and "+N" for the others; the whole list when hovered.
    pub compact_above: f32,
    /// Stack boxes (node, colour of the stack) tried left of their node first (a
    /// fortress's besieger, with its garrison on the right); the others right first.
    pub left_first: Vec<(usize, Color)>,
}

impl Default for PointMarks {
    fn default() -> Self {
        PointMarks {
            lit: Vec::new(),
            selected: None,
            path: Vec::new(),
            path_colour: Color::srgba(0.95, 0.45, 0.05, 0.75),
            stacks: Vec::new(),
            box_lines: 3,
            compact_above: f32::INFINITY,
            left_first: Vec::new(),
        }
    }
}

/// The node under the mouse (None over a panel or a stack box).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoveredNode(pub Option<usize>);

/// A left click on a node that egui did not take (or a press dragged from one node and
/// released on another: the release's node too, as the hex board does).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeClicked(pub usize);

/// A click on a line of a stack box: the node and the piece's id.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StackClicked {
    pub node: usize,
    pub id: u32,
}

/// Centre the camera on a node at a zoom scale (a "go to" button, a lesson).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct PointFocus(pub Option<(usize, f32)>);

/// The part of the window the board is seen in (window pixels, y down): the window less
/// the game's panels at its sides, set by the game's panel system each frame. A
/// [`PointFocus`] centres its node in it; None: in the window's centre.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct PointView(pub Option<Rect>);

/// The board seen between a game's panels: the `screen` less the panels standing at
/// its left edge (`left`: up to their right side) and at its right edge (`right`: from
/// their left side); at least 100 pixels wide (else the whole screen).
pub fn visible_board(screen: Rect, left: &[Rect], right: &[Rect]) -> Rect {
    let x0 = left.iter().map(|r| r.max.x).fold(screen.min.x, f32::max);
    let x1 = right.iter().map(|r| r.min.x).fold(screen.max.x, f32::min);
    if x1 - x0 < 100.0 {
        return screen;
    }
    Rect::new(x0, screen.min.y, x1, screen.max.y)
}

/// The camera centre that shows world point `p` at screen point `q` (window pixels, y
/// down) at `scale` in a window of `window` pixels (the inverse of [`to_screen`]).
pub fn centre_at(p: Vec2, q: Vec2, scale: f32, window: Vec2) -> Vec2 {
    Vec2::new(
        p.x - (q.x - window.x / 2.0) * scale,
        p.y + (q.y - window.y / 2.0) * scale,
    )
}

/// The screen rectangles of this frame's stack boxes (clicks there are not node clicks).
#[derive(Resource, Default, Debug, Clone)]
struct StackRects(Vec<Rect>);

#[derive(Component)]
pub struct PointTile;

#[derive(Component)]
pub struct PointMarkTile;

#[derive(Component)]
struct HoverRing;

/// A text on the point board kept readable at every zoom: names under nodes (hidden
/// where they would overlap a more important one), labels above lit nodes.
#[derive(Component)]
struct NodeText {
    /// The node's centre and radius in world units.
    at: Vec2,
    r: f32,
    above: bool,
    rank: u8,
    order: usize,
    chars: usize,
}

pub struct PointBoardPlugin;

/// The board's egui systems (stack boxes, the hover text); a game's panels may run
/// `.after(PointBoardUi)`.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PointBoardUi;

impl Plugin for PointBoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PointBoard>()
            .init_resource::<PointMarks>()
            .init_resource::<HoveredNode>()
            .init_resource::<PointFocus>()
            .init_resource::<PointView>()
            .init_resource::<StackRects>()
            .add_message::<NodeClicked>()
            .add_message::<StackClicked>()
            .add_systems(
                Update,
                (
                    draw_points,
                    draw_marks,
                    fit_and_focus,
                    place_texts,
                    pick_node,
                    hover_ring,
                )
                    .chain(),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (stack_boxes, hover_tip, map_key)
                    .chain()
                    .in_set(PointBoardUi)
                    .run_if(in_state(super::AppState::InGame)),
            );
    }
}

/// Back to an empty board (a game is left).
pub fn clear(world: &mut World) {
    world.insert_resource(PointBoard::default());
    world.insert_resource(PointMarks::default());
    world.insert_resource(HoveredNode::default());
}

/// The map's corners in world coordinates (top left, bottom right), with a margin.
pub fn bounds(map: &PointMap) -> (Vec2, Vec2) {
    let mut lo = Vec2::splat(f32::MAX);
    let mut hi = Vec2::splat(f32::MIN);
    for n in &map.nodes {
        let p = to_world(n.x, n.y);
        lo = lo.min(p);
        hi = hi.max(p);
    }
    if map.nodes.is_empty() {
        return (Vec2::ZERO, Vec2::ZERO);
    }
    let m = 40.0 * UNIT;
    // top left in the world: smallest x, largest y
    (
        Vec2::new(lo.x - m, hi.y + m * 0.6),
        Vec2::new(hi.x + m, lo.y - m * 1.2),
    )
}

/// The camera centre and scale that show the whole map in a window of `window` pixels,
/// leaving the board's margins to the panels.
pub fn fit_view(board: &PointBoard, window: Vec2) -> (Vec2, f32) {
    let (lo, hi) = bounds(&board.map);
    let [l, r, t, b] = board.margins;
    let avail = (window - Vec2::new(l + r, t + b)).max(Vec2::splat(100.0));
    let size = (hi - lo).abs().max(Vec2::splat(1.0));
    let scale = (size.x / avail.x).max(size.y / avail.y);
    let centre = (lo + hi) / 2.0;
    // the free area's centre is off the window's centre by the margins' difference
    let off = Vec2::new((l - r) / 2.0, (b - t) / 2.0) * scale;
    (centre - off, scale)
}

/// The screen position (window pixels, y down) of a world point for a camera at `cam`
/// with `scale` in a window of `window` pixels.
pub fn to_screen(p: Vec2, cam: Vec2, scale: f32, window: Vec2) -> Vec2 {
    let d = (p - cam) / scale;
    Vec2::new(window.x / 2.0 + d.x, window.y / 2.0 - d.y)
}

fn shape(b: &mut Batch, s: NodeShape, c: Vec2, r: f32, colour: Color) {
    match s {
        NodeShape::Circle => b.ngon(c, r, 28, 0.0, colour),
        NodeShape::Square => b.rect(c, Vec2::splat(r * 1.7), 0.0, colour),
        NodeShape::Diamond => b.ngon(c, r * 1.15, 4, 0.0, colour),
        NodeShape::Hexagon => b.ngon(c, r * 1.05, 6, FRAC_PI_6, colour),
        NodeShape::Star => b.star(c, r * 1.3, 0.48, 5, FRAC_PI_2, colour),
    }
}

/// The node shapes: outline, then fill.
pub fn nodes_batch(board: &PointBoard) -> Batch {
    let mut b = Batch::default();
    for (i, n) in board.map.nodes.iter().enumerate() {
        let s = board.node_style(i);
        let c = to_world(n.x, n.y);
        // a soft shadow below right
        shape(
            &mut b,
            s.shape,
            c + Vec2::new(1.2, -1.2) * UNIT,
            (s.size + s.outline_width) * UNIT,
            Color::srgba(0.0, 0.0, 0.0, 0.25),
        );
        if s.outline_width > 0.0 {
            shape(
                &mut b,
                s.shape,
                c,
                (s.size + s.outline_width) * UNIT,
                s.outline,
            );
        }
        shape(&mut b, s.shape, c, s.size * UNIT, s.fill);
        if let Some(badge) = s.badge {
            draw_badge(&mut b, badge, badge_at(&s, c), UNIT);
        }
    }
    b
}

/// Where a node's badge stands: at its upper left (world units).
fn badge_at(s: &NodeStyle, c: Vec2) -> Vec2 {
    c + Vec2::new(-(s.size + 4.0), s.size + 3.5) * UNIT
}

/// A badge centred on `c`, `k` world units per map unit.
fn draw_badge(b: &mut Batch, badge: NodeBadge, c: Vec2, k: f32) {
    match badge {
        NodeBadge::Anchor(colour) => {
            b.circle(c, 5.0 * k, Color::srgba(1.0, 1.0, 1.0, 0.92));
            b.ring(c, 4.4 * k, 5.0 * k, 24, colour);
            let top = c + Vec2::new(0.0, 2.6 * k);
            let bottom = c + Vec2::new(0.0, -3.0 * k);
            // the ring, the shank, the stock and the arms
            b.ring(
                top + Vec2::new(0.0, 0.5 * k),
                0.45 * k,
                1.05 * k,
                10,
                colour,
            );
            b.segment(top, bottom, 0.8 * k, colour);
            b.segment(
                top + Vec2::new(-1.7 * k, -1.3 * k),
                top + Vec2::new(1.7 * k, -1.3 * k),
                0.8 * k,
                colour,
            );
            let centre = bottom + Vec2::new(0.0, 2.4 * k);
            let arc: Vec<Vec2> = (0..=10)
                .map(|i| {
                    let a = std::f32::consts::PI * (1.0 + i as f32 / 10.0);
                    centre + Vec2::new(a.cos(), a.sin()) * 2.6 * k
                })
                .collect();
            b.polyline(&arc, 0.8 * k, colour);
        }
    }
}

/// The point of a polyline nearest to `p` (all in world units).
fn nearest_on(pts: &[Vec2], p: Vec2) -> Option<Vec2> {
    let mut best: Option<(f32, Vec2)> = None;
    let mut consider = |q: Vec2| {
        let d = q.distance_squared(p);
        if best.is_none_or(|b| d < b.0) {
            best = Some((d, q));
        }
    };
    if let [only] = pts {
        consider(*only);
    }
    for w in pts.windows(2) {
        let (a, z) = (w[0], w[1]);
        let len2 = a.distance_squared(z);
        let t = if len2 > 0.0 {
            ((p - a).dot(z - a) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        consider(a + (z - a) * t);
    }
    best.map(|b| b.1)
}

/// The sea lanes: a pale band of water with a dashed line along it, and a dotted spur
/// from each port to the nearest point of its lane.
pub fn seas_batch(board: &PointBoard) -> Batch {
    let mut b = Batch::default();
    for sea in &board.seas {
        let w = 2.4 * UNIT;
        let pieces: Vec<Vec<Vec2>> = sea
            .pieces
            .iter()
            .map(|piece| piece.iter().map(|p| to_world(p.x, p.y)).collect())
            .collect();
        for pts in &pieces {
            b.polyline(pts, w * 4.0, sea.colour.with_alpha(0.16));
            for s in pts.windows(2) {
                b.dashed(s[0], s[1], w, w * 3.5, w * 2.0, sea.colour);
            }
        }
        for &port in &sea.ports {
            let Some(p) = node_world(&board.map, port) else {
                continue;
            };
            let q = pieces
                .iter()
                .filter_map(|pts| nearest_on(pts, p))
                .min_by(|a, z| a.distance_squared(p).total_cmp(&z.distance_squared(p)));
            if let Some(q) = q {
                b.dashed(p, q, 0.9 * UNIT, 1.2 * UNIT, 1.6 * UNIT, sea.colour);
            }
        }
    }
    b
}

/// The links: lines, ties, double lines and marks.
pub fn links_batch(board: &PointBoard) -> Batch {
    let mut b = Batch::default();
    let map = &board.map;
    for (i, l) in map.links.iter().enumerate() {
        let (Some(a), Some(z)) = (node_world(map, l.a), node_world(map, l.b)) else {
            continue;
        };
        let s = board.link_style(i);
        let w = s.width * UNIT;
        let dir = (z - a).normalize_or_zero();
        let across = dir.perp();
        match s.line {
            LineKind::Solid => b.segment(a, z, w, s.colour),
            LineKind::Dashed => b.dashed(a, z, w, w * 3.0, w * 2.0, s.colour),
            LineKind::Double => {
                b.segment(
                    a + across * w * 0.75,
                    z + across * w * 0.75,
                    w * 0.55,
                    s.colour,
                );
                b.segment(
                    a - across * w * 0.75,
                    z - across * w * 0.75,
                    w * 0.55,
                    s.colour,
                );
            }
            LineKind::Rail => {
                b.segment(a, z, w, s.colour);
                let len = a.distance(z);
                let step = (w * 2.6).max(1.0);
                let mut t = step / 2.0;
                while t < len {
                    let p = a + dir * t;
                    b.segment(
                        p - across * w * 1.6,
                        p + across * w * 1.6,
                        w * 0.5,
                        s.colour,
                    );
                    t += step;
                }
            }
        }
        let mid = (a + z) / 2.0;
        // marks grow with the line (drawn for a width of 2.2 map units)
        let k = UNIT * (s.width / 2.2).clamp(0.6, 3.0);
        for (j, m) in s.marks.iter().enumerate() {
            // several marks side by side along the link
            let p = mid + dir * (j as f32 - (s.marks.len() as f32 - 1.0) / 2.0) * 9.0 * k;
            match *m {
                LinkMark::River(c) => {
                    let pts: Vec<Vec2> = (0..=8)
                        .map(|t| {
                            let u = t as f32 / 8.0 * 2.0 - 1.0;
                            let wave = (u * std::f32::consts::PI * 2.0).sin() * 1.6 * k;
                            p + across * u * 7.0 * k + dir * wave
                        })
                        .collect();
                    b.polyline(&pts, 1.8 * k, c);
                }
                LinkMark::Pass(c) => {
                    let tip = p + dir * 2.5 * k;
                    b.polyline(
                        &[
                            tip - dir * 5.0 * k + across * 5.0 * k,
                            tip,
                            tip - dir * 5.0 * k - across * 5.0 * k,
                        ],
                        1.8 * k,
                        c,
                    );
                }
                LinkMark::Dot(c) => b.circle(p, 2.6 * k, c),
            }
        }
    }
    b
}

/// One node's tinted area: a disc of `radius` cut half-way to every other node, with the
/// node that made each edge (None: the disc's rim). Vertices in order; edge k runs from
/// vertex k to k+1 and was made by `.1` of vertex k.
pub fn cell(map: &PointMap, n: usize, radius: f32) -> Vec<(Vec2, Option<usize>)> {
    let Some(c) = node_world(map, n) else {
        return Vec::new();
    };
    let r = radius * UNIT;
    let mut poly: Vec<(Vec2, Option<usize>)> = (0..32)
        .map(|i| {
            (
                c + Vec2::from_angle(std::f32::consts::TAU * i as f32 / 32.0) * r,
                None,
            )
        })
        .collect();
    for (j, o) in map.nodes.iter().enumerate() {
        let q = to_world(o.x, o.y);
        if j == n || q.distance(c) > 2.0 * r || q.distance(c) < 1e-3 {
            continue;
        }
        // keep the side of the bisector nearer to c
        poly = clip(&poly, (c + q) / 2.0, q - c, Some(j));
        if poly.len() < 3 {
            return Vec::new();
        }
    }
    // and inside the paper
    let (lo, hi) = bounds(map);
    for (m, nrm) in [
        (lo, Vec2::NEG_X),
        (hi, Vec2::X),
        (lo, Vec2::Y),
        (hi, Vec2::NEG_Y),
    ] {
        poly = clip(&poly, m, nrm, None);
    }
    if poly.len() < 3 {
        return Vec::new();
    }
    poly
}

/// A convex polygon cut by a line: the part where `(p - m) . nrm <= 0` is kept; the new
/// edge along the line gets `label`.
fn clip(
    poly: &[(Vec2, Option<usize>)],
    m: Vec2,
    nrm: Vec2,
    label: Option<usize>,
) -> Vec<(Vec2, Option<usize>)> {
    let side = |p: Vec2| (p - m).dot(nrm);
    let mut out = Vec::with_capacity(poly.len() + 2);
    for k in 0..poly.len() {
        let (p, lab) = poly[k];
        let q = poly[(k + 1) % poly.len()].0;
        let (dp, dq) = (side(p), side(q));
        let cross = || p + (q - p) * (dp / (dp - dq));
        match (dp <= 0.0, dq <= 0.0) {
            (true, true) => out.push((p, lab)),
            (true, false) => {
                out.push((p, lab));
                out.push((cross(), label));
            }
            (false, true) => out.push((cross(), lab)),
            (false, false) => {}
        }
    }
    out
}

/// The owners' tints and the lines where different tints meet.
pub fn tints_batch(board: &PointBoard) -> (Batch, Batch) {
    let (mut fill, mut border) = (Batch::default(), Batch::default());
    if board.tint_radius <= 0.0 {
        return (fill, border);
    }
    let tint = |n: usize| board.nodes.get(n).and_then(|s| s.tint);
    for n in 0..board.map.nodes.len() {
        let poly = cell(&board.map, n, board.tint_radius);
        if poly.len() < 3 {
            continue;
        }
        if let Some(t) = tint(n) {
            let pts: Vec<Vec2> = poly.iter().map(|p| p.0).collect();
            fill.convex(&pts, t);
        }
        if let Some((colour, w)) = board.tint_border {
            for k in 0..poly.len() {
                let (p, lab) = poly[k];
                let q = poly[(k + 1) % poly.len()].0;
                // each shared edge once (from the lower node), where the tints differ
                if let Some(j) = lab
                    && n < j
                    && tint(n) != tint(j)
                {
                    border.segment(p, q, w * UNIT, colour);
                }
            }
        }
    }
    (fill, border)
}

fn spawn_batch(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    white: &Handle<ColorMaterial>,
    b: Batch,
    z: f32,
    tag: impl Component,
) {
    if b.is_empty() {
        return;
    }
    commands.spawn((
        tag,
        Mesh2d(meshes.add(b.mesh())),
        MeshMaterial2d(white.clone()),
        Transform::from_translation(Vec3::new(0.0, 0.0, z)),
    ));
}

fn font_of(font: &Option<Res<MapFont>>) -> bevy::text::FontSource {
    font.as_ref()
        .map(|f| bevy::text::FontSource::Handle(f.0.clone()))
        .unwrap_or_default()
}

/// The names' and labels' size on screen in pixels, whatever the zoom.
const NAME_PX: f32 = 14.0;

#[allow(clippy::too_many_arguments)]
fn draw_points(
    mut commands: Commands,
    board: Res<PointBoard>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    tiles: Query<Entity, With<PointTile>>,
    font: Option<Res<MapFont>>,
    mut white: Local<Option<Handle<ColorMaterial>>>,
) {
    if !board.is_changed() {
        return;
    }
    for e in &tiles {
        commands.entity(e).despawn();
    }
    if board.map.nodes.is_empty() {
        return;
    }
    let white = white
        .get_or_insert_with(|| materials.add(ColorMaterial::default()))
        .clone();
    if let Some(paper) = board.paper {
        let (lo, hi) = bounds(&board.map);
        let mut b = Batch::default();
        b.rect((lo + hi) / 2.0, (hi - lo).abs(), 0.0, paper);
        spawn_batch(&mut commands, &mut meshes, &white, b, 0.0, PointTile);
    }
    let (fill, border) = tints_batch(&board);
    spawn_batch(&mut commands, &mut meshes, &white, fill, 0.05, PointTile);
    spawn_batch(&mut commands, &mut meshes, &white, border, 0.1, PointTile);
    spawn_batch(
        &mut commands,
        &mut meshes,
        &white,
        seas_batch(&board),
        0.3,
        PointTile,
    );
    spawn_batch(
        &mut commands,
        &mut meshes,
        &white,
        links_batch(&board),
        0.5,
        PointTile,
    );
    for (k, sea) in board.seas.iter().enumerate() {
        commands.spawn((
            PointTile,
            NodeText {
                at: to_world(sea.label_at.x, sea.label_at.y),
                r: 0.0,
                above: true,
                rank: 0,
                order: usize::MAX - k,
                chars: sea.name.chars().count(),
            },
            Text2d::new(sea.name.clone()),
            TextFont {
                font: font_of(&font),
                font_size: FontSize::Px(NAME_PX),
                ..default()
            },
            TextColor(sea.colour),
            bevy::sprite::Text2dShadow {
                offset: Vec2::new(1.0, -1.0),
                color: Color::srgba(1.0, 1.0, 1.0, 0.9),
            },
            Anchor::BOTTOM_CENTER,
            Transform::from_translation(to_world(sea.label_at.x, sea.label_at.y).extend(2.05)),
        ));
    }
    spawn_batch(
        &mut commands,
        &mut meshes,
        &white,
        nodes_batch(&board),
        1.0,
        PointTile,
    );
    for (i, n) in board.map.nodes.iter().enumerate() {
        let s = board.node_style(i);
        let c = to_world(n.x, n.y);
        if !s.label.is_empty() {
            commands.spawn((
                PointTile,
                Text2d::new(s.label.clone()),
                TextFont {
                    font: font_of(&font),
                    font_size: FontSize::Px(s.size * UNIT * 1.25),
                    ..default()
                },
                TextColor(s.label_colour),
                Transform::from_translation(c.extend(2.0)),
            ));
        }
        if s.show_name {
            commands.spawn((
                PointTile,
                NodeText {
                    at: c,
                    r: board.radius(i),
                    above: false,
                    rank: s.name_rank,
                    order: i,
                    chars: n.name.chars().count(),
                },
                Text2d::new(n.name.clone()),
                TextFont {
                    font: font_of(&font),
                    font_size: FontSize::Px(NAME_PX),
                    ..default()
                },
                TextColor(Color::srgb(0.02, 0.02, 0.02)),
                bevy::sprite::Text2dShadow {
                    offset: Vec2::new(1.0, -1.0),
                    color: Color::srgba(1.0, 0.98, 0.90, 0.95),
                },
                Anchor::TOP_CENTER,
                Transform::from_translation(c.extend(2.1)),
            ));
        }
    }
}

fn draw_marks(
    mut commands: Commands,
    board: Res<PointBoard>,
    marks: Res<PointMarks>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    tiles: Query<Entity, With<PointMarkTile>>,
    font: Option<Res<MapFont>>,
    mut white: Local<Option<Handle<ColorMaterial>>>,
) {
    if !marks.is_changed() && !board.is_changed() {
        return;
    }
    for e in &tiles {
        commands.entity(e).despawn();
    }
    let map = &board.map;
    if map.nodes.is_empty() {
        return;
    }
    let white = white
        .get_or_insert_with(|| materials.add(ColorMaterial::default()))
        .clone();
    let mut rings = Batch::default();
    let mut path = Batch::default();
    let pts: Vec<Vec2> = marks
        .path
        .iter()
        .filter_map(|n| node_world(map, *n))
        .collect();
    if pts.len() >= 2 {
        path.polyline(&pts, 5.0 * UNIT, marks.path_colour);
    }
    for l in &marks.lit {
        let Some(c) = node_world(map, l.node) else {
            continue;
        };
        let r = board.radius(l.node) + 1.2 * UNIT;
        rings.ring(c, r, r + 3.2 * UNIT, 32, l.colour);
        if !l.label.is_empty() {
            commands.spawn((
                PointMarkTile,
                NodeText {
                    at: c,
                    r: r + 3.2 * UNIT,
                    above: true,
                    rank: 0,
                    order: l.node,
                    chars: l.label.chars().count(),
                },
                Text2d::new(l.label.clone()),
                TextFont {
                    font: font_of(&font),
                    font_size: FontSize::Px(NAME_PX),
                    ..default()
                },
                TextColor(Color::srgb(0.0, 0.25, 0.0)),
                bevy::sprite::Text2dShadow {
                    offset: Vec2::new(1.0, -1.0),
                    color: Color::srgba(1.0, 1.0, 1.0, 0.95),
                },
                Anchor::BOTTOM_CENTER,
                Transform::from_translation(c.extend(2.2)),
            ));
        }
    }
    if let Some(c) = marks.selected.and_then(|n| node_world(map, n)) {
        let r = board.radius(marks.selected.unwrap_or(0)) + 1.0 * UNIT;
        rings.ring(c, r, r + 4.0 * UNIT, 32, Color::BLACK);
        rings.ring(c, r + 0.6 * UNIT, r + 3.4 * UNIT, 32, SELECTED);
    }
    spawn_batch(&mut commands, &mut meshes, &white, path, 0.8, PointMarkTile);
    spawn_batch(
        &mut commands,
        &mut meshes,
        &white,
        rings,
        0.9,
        PointMarkTile,
    );
}

/// A new map is fitted to the window once drawn; F fits again; [`PointFocus`] centres.
#[allow(clippy::too_many_arguments)]
fn fit_and_focus(
    board: Res<PointBoard>,
    hex: Res<BoardMap>,
    mut focus: ResMut<PointFocus>,
    view: Res<PointView>,
    keys: Res<ButtonInput<KeyCode>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
    mut contexts: EguiContexts,
    mut fitted: Local<Vec<(f32, f32)>>,
) {
    let map = &board.map;
    if map.nodes.is_empty() || hex.map.is_some() {
        fitted.clear();
        return;
    }
    let Ok((mut tr, mut proj)) = cam.single_mut() else {
        return;
    };
    let window = windows
        .single()
        .map(|w| Vec2::new(w.width(), w.height()))
        .unwrap_or(Vec2::new(1280.0, 800.0));
    let at: Vec<(f32, f32)> = map.nodes.iter().map(|n| (n.x, n.y)).collect();
    let keyboard = contexts
        .ctx_mut()
        .map(|c| c.egui_wants_keyboard_input())
        .unwrap_or(false);
    let refit = *fitted != at || (keys.just_pressed(KeyCode::KeyF) && !keyboard);
    if refit {
        *fitted = at;
        let (c, s) = fit_view(&board, window);
        tr.translation = c.extend(tr.translation.z);
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = s;
        }
    }
    if let Some((n, scale)) = focus.0.take()
        && let Some(c) = node_world(map, n)
    {
        // centred in the part of the window the panels leave free
        let q = view.0.map_or(window / 2.0, |r| r.center());
        tr.translation = centre_at(c, q, scale, window).extend(tr.translation.z);
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = scale;
        }
    }
}

/// Names and labels: the same size on screen when zoomed out (growing a little when
/// zoomed in), just under (or above) their node; names that would overlap a more
/// important one are hidden.
fn place_texts(
    changed: Query<(), (With<BoardCamera>, Changed<Projection>)>,
    added: Query<(), Added<NodeText>>,
    cam: Query<&Projection, With<BoardCamera>>,
    mut texts: Query<(&NodeText, &mut Transform, &mut Visibility)>,
) {
    if changed.is_empty() && added.is_empty() {
        return;
    }
    let Ok(Projection::Orthographic(o)) = cam.single() else {
        return;
    };
    let k = if o.scale >= 1.0 {
        o.scale
    } else {
        o.scale.max(0.2).powf(0.6)
    };
    let mut list: Vec<_> = texts.iter_mut().collect();
    list.sort_by_key(|(t, ..)| (!t.above, t.rank, t.order));
    let mut taken: Vec<Rect> = Vec::new();
    for (t, tr, v) in list.iter_mut() {
        tr.scale = Vec3::new(k, k, 1.0);
        let gap = 1.5 * k;
        let y = if t.above {
            t.at.y + t.r + gap
        } else {
            t.at.y - t.r - gap
        };
        tr.translation.x = t.at.x;
        tr.translation.y = y;
        let half = Vec2::new(t.chars as f32 * NAME_PX * 0.30 + 2.0, NAME_PX * 0.55) * k;
        let centre = Vec2::new(t.at.x, if t.above { y + half.y } else { y - half.y });
        let r = Rect::from_center_half_size(centre, half);
        if t.above || taken.iter().all(|o| o.intersect(r).is_empty()) {
            taken.push(r);
            v.set_if_neq(Visibility::Inherited);
        } else {
            v.set_if_neq(Visibility::Hidden);
        }
    }
}

/// The node under a world point: the nearest whose shape (at least 8 pixels round)
/// holds it.
pub fn node_at(board: &PointBoard, p: Vec2, scale: f32) -> Option<usize> {
    let mut best: Option<(f32, usize)> = None;
    for (i, n) in board.map.nodes.iter().enumerate() {
        let d = to_world(n.x, n.y).distance(p);
        let reach = (board.radius(i) * 1.15).max(8.0 * scale);
        if d <= reach && best.is_none_or(|b| d < b.0) {
            best = Some((d, i));
        }
    }
    best.map(|b| b.1)
}

#[allow(clippy::too_many_arguments)]
fn pick_node(
    windows: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform, &Projection), With<BoardCamera>>,
    board: Res<PointBoard>,
    boxes: Res<StackRects>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut hovered: ResMut<HoveredNode>,
    mut clicks: MessageWriter<NodeClicked>,
    mut contexts: EguiContexts,
    mut pressed: Local<Option<usize>>,
) {
    if board.map.nodes.is_empty() {
        if hovered.0.is_some() {
            hovered.0 = None;
        }
        return;
    }
    let Ok(w) = windows.single() else { return };
    let Ok((camera, gt, proj)) = cam.single() else {
        return;
    };
    let scale = match proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let over_egui = contexts
        .ctx_mut()
        .map(|c| c.is_pointer_over_egui())
        .unwrap_or(false);
    let cursor = w.cursor_position();
    let over_box = cursor.is_some_and(|c| boxes.0.iter().any(|r| r.contains(c)));
    let node = cursor
        .filter(|_| !over_egui && !over_box)
        .and_then(|p| camera.viewport_to_world_2d(gt, p).ok())
        .and_then(|p| node_at(&board, p, scale));
    if hovered.0 != node {
        hovered.0 = node;
    }
    if buttons.just_pressed(MouseButton::Left) {
        *pressed = node;
        if let Some(n) = node {
            clicks.write(NodeClicked(n));
        }
    }
    if buttons.just_released(MouseButton::Left)
        && let (Some(p), Some(n)) = (pressed.take(), node)
        && p != n
    {
        clicks.write(NodeClicked(n));
    }
}

/// A thin white ring round the node under the mouse.
fn hover_ring(
    mut commands: Commands,
    hovered: Res<HoveredNode>,
    board: Res<PointBoard>,
    old: Query<Entity, With<HoverRing>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if !hovered.is_changed() && !board.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(n) = hovered.0 else { return };
    let Some(c) = node_world(&board.map, n) else {
        return;
    };
    let r = board.radius(n);
    let mut b = Batch::default();
    b.ring(c, r + 0.2 * UNIT, r + 1.2 * UNIT, 32, Color::WHITE);
    commands.spawn((
        HoverRing,
        PointMarkTile,
        Mesh2d(meshes.add(b.mesh())),
        MeshMaterial2d(materials.add(ColorMaterial::default())),
        Transform::from_translation(Vec3::new(0.0, 0.0, 0.95)),
    ));
}

/// A bevy colour as egui's.
pub fn c32(c: Color) -> egui::Color32 {
    let s = c.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(s[0], s[1], s[2], s[3])
}

/// A stack box to place: its node's screen centre and radius, and its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxToPlace {
    pub at: egui::Pos2,
    pub r: f32,
    pub size: egui::Vec2,
}

/// Where each stack box goes (screen pixels), in the order given: beside its node, on
/// the first side (right, left, above, below; then a little farther out) where it
/// overlaps no box placed before it and no other node; failing that where it overlaps
/// least. `nodes` are the screen discs of the other nodes (centre, radius).
pub fn place_boxes(items: &[BoxToPlace], nodes: &[(egui::Pos2, f32)]) -> Vec<egui::Rect> {
    place_boxes_sided(items, &[], nodes)
}

/// [`place_boxes`], with the items whose `left` flag is set tried left of their node
/// before right.
pub fn place_boxes_sided(
    items: &[BoxToPlace],
    left: &[bool],
    nodes: &[(egui::Pos2, f32)],
) -> Vec<egui::Rect> {
    let mut placed: Vec<egui::Rect> = Vec::with_capacity(items.len());
    let overlap = |a: egui::Rect, b: egui::Rect| {
        let i = a.intersect(b);
        if i.is_positive() { i.area() } else { 0.0 }
    };
    for (i, it) in items.iter().enumerate() {
        let left_first = left.get(i).copied().unwrap_or(false);
        let (x, y, r) = (it.at.x, it.at.y, it.r);
        let (w, h) = (it.size.x, it.size.y);
        let g = 3.0;
        let mut best: Option<(f32, egui::Rect)> = None;
        'search: for (k, d) in [0.0f32, 8.0, 18.0, 30.0, 46.0].into_iter().enumerate() {
            let right = [
                (x + 0.8 * r + g + d, y + 0.3 * r - h - d * 0.3),
                (x + 0.8 * r + g + d, y + 0.3 * r + d * 0.3),
            ];
            let leftward = [
                (x - 0.8 * r - g - d - w, y + 0.3 * r - h - d * 0.3),
                (x - 0.8 * r - g - d - w, y + 0.3 * r + d * 0.3),
            ];
            let (first, second) = if left_first {
                (leftward, right)
            } else {
                (right, leftward)
            };
            let mins = [
                first[0],
                first[1],
                second[0],
                second[1],
                (x - w / 2.0, y - r - g - d - h),
                (x + 0.4 * r + d, y - r - g - d - h),
                (x - 0.4 * r - d - w, y - r - g - d - h),
                (x - w / 2.0, y + r + g + 12.0 + d),
            ];
            for (j, (mx, my)) in mins.into_iter().enumerate() {
                let rect = egui::Rect::from_min_size(egui::pos2(mx, my), it.size);
                let mut score: f32 = placed.iter().map(|p| overlap(rect, *p) * 4.0).sum();
                for (c, nr) in nodes {
                    if c.distance(it.at) < 0.5 {
                        continue;
                    }
                    let disc = egui::Rect::from_center_size(*c, egui::Vec2::splat(nr * 2.0));
                    score += overlap(rect, disc) * 2.0;
                }
                if score <= 0.0 {
                    best = Some((0.0, rect));
                    break 'search;
                }
                // farther out and later sides are a little worse
                let score = score + (k * 8 + j) as f32;
                if best.is_none_or(|b| score < b.0) {
                    best = Some((score, rect));
                }
            }
        }
        let rect = best.map(|b| b.1).unwrap_or(egui::Rect::from_min_size(
            egui::pos2(x + r + g, y - h),
            it.size,
        ));
        placed.push(rect);
    }
    placed
}

/// The size a stack box had last frame, or a guess from its text.
fn box_size(ctx: &egui::Context, id: egui::Id, lines: &[String]) -> egui::Vec2 {
    if let Some(r) = ctx.memory(|m| m.area_rect(id)) {
        return r.size();
    }
    let chars = lines.iter().map(|l| l.chars().count()).max().unwrap_or(1) as f32;
    egui::vec2(chars * 6.6 + 14.0, lines.len() as f32 * 14.0 + 4.0)
}

/// The stack boxes: beside each occupied node, leaders first in bold, then the units;
/// zoomed out (`PointMarks::compact_above`) one line, the first piece and "+N"; boxes
/// are set apart from each other and from the other nodes ([`place_boxes`]), with a
/// line to their node when pushed away from it; the whole list when hovered; a click on
/// a line sends [`StackClicked`] (and selects the node: [`NodeClicked`]).
#[allow(clippy::too_many_arguments)]
fn stack_boxes(
    mut contexts: EguiContexts,
    board: Res<PointBoard>,
    marks: Res<PointMarks>,
    cam: Query<(&Camera, &GlobalTransform, &Projection), With<BoardCamera>>,
    mut rects: ResMut<StackRects>,
    mut nodes: MessageWriter<NodeClicked>,
    mut pieces: MessageWriter<StackClicked>,
) -> Result {
    let mut out = Vec::new();
    let Ok((camera, gt, proj)) = cam.single() else {
        rects.0 = out;
        return Ok(());
    };
    let scale = match proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let compact = scale > marks.compact_above;
    let ctx = contexts.ctx_mut()?;
    let screen = |n: usize| {
        node_world(&board.map, n)
            .and_then(|c| camera.world_to_viewport(gt, c.extend(0.0)).ok())
            .map(|p| egui::pos2(p.x, p.y))
    };
    // the boxes to draw: bigger stacks first (they get the best places), then by node
    let size_of = |s: &Stack| s.entries.len() + s.right.as_ref().map_or(0, |h| h.entries.len());
    let mut order: Vec<&Stack> = marks.stacks.iter().filter(|s| size_of(s) > 0).collect();
    order.sort_by_key(|s| (std::cmp::Reverse(size_of(s)), s.node));
    fn leaders_first(v: &[StackEntry]) -> Vec<&StackEntry> {
        let mut e: Vec<&StackEntry> = v.iter().collect();
        e.sort_by_key(|e| !e.leader);
        e
    }
    let mut todo = Vec::new();
    for s in order {
        let Some(p) = screen(s.node) else { continue };
        let entries = leaders_first(&s.entries);
        let right = s.right.as_ref().map(|h| leaders_first(&h.entries));
        let id = egui::Id::new(("point-stack", s.node, c32(s.colour).to_array()));
        let mut lines = box_lines(&entries, compact, marks.box_lines);
        if let Some(r) = &right {
            // the size guess of a box of two halves: the halves side by side
            let rl = box_lines(r, compact, marks.box_lines);
            let w = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
            lines = (0..lines.len().max(rl.len()))
                .map(|k| {
                    format!(
                        "{:w$}   {}",
                        lines.get(k).map_or("", |x| x.as_str()),
                        rl.get(k).map_or("", |x| x.as_str())
                    )
                })
                .collect();
        }
        let size = box_size(ctx, id, &lines);
        todo.push((s, entries, right, id, p, size));
    }
    let discs: Vec<(egui::Pos2, f32)> = (0..board.map.nodes.len())
        .filter_map(|n| Some((screen(n)?, board.radius(n) / scale + 2.0)))
        .collect();
    let items: Vec<BoxToPlace> = todo
        .iter()
        .map(|(s, _, _, _, p, size)| BoxToPlace {
            at: *p,
            r: board.radius(s.node) / scale,
            size: *size,
        })
        .collect();
    let left: Vec<bool> = todo
        .iter()
        .map(|(s, ..)| marks.left_first.contains(&(s.node, s.colour)))
        .collect();
    let places = place_boxes_sided(&items, &left, &discs);
    let lines_layer = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("point-stack-lines"),
    ));
    for ((s, entries, right, id, p, _), place) in todo.iter().zip(places) {
        let colour = c32(s.colour);
        let r = board.radius(s.node) / scale;
        let mut clicked: Vec<u32> = Vec::new();
        let mut right_rect: Option<egui::Rect> = None;
        let res = egui::Area::new(*id)
            .order(egui::Order::Background)
            .pivot(egui::Align2::LEFT_TOP)
            .fixed_pos(place.min)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(252, 250, 240, 240))
                    .stroke(egui::Stroke::new(1.5, colour))
                    .inner_margin(egui::Margin {
                        left: 6,
                        right: 4,
                        top: 1,
                        bottom: 1,
                    })
                    .corner_radius(2.0)
                    .show(ui, |ui| {
                        ui.spacing_mut().item_spacing = egui::vec2(0.0, 0.0);
                        let Some(rh) = right else {
                            box_half(ui, entries, compact, marks.box_lines, &mut clicked);
                            return;
                        };
                        ui.horizontal_top(|ui| {
                            if entries.is_empty() {
                                ui.label(box_text("—", false));
                            } else {
                                ui.vertical(|ui| {
                                    box_half(ui, entries, compact, marks.box_lines, &mut clicked)
                                });
                            }
                            ui.add_space(12.0);
                            let half = ui.vertical(|ui| {
                                box_half(ui, rh, compact, marks.box_lines, &mut clicked)
                            });
                            right_rect = Some(half.response.rect);
                        });
                    })
            });
        for id in clicked {
            nodes.write(NodeClicked(s.node));
            pieces.write(StackClicked { node: s.node, id });
        }
        let rect = res.response.rect;
        // a box pushed away from its node is tied to it by a line
        let near = egui::pos2(
            p.x.clamp(rect.min.x, rect.max.x),
            p.y.clamp(rect.min.y, rect.max.y),
        );
        if near.distance(*p) > r + 5.0 {
            let dir = (near - *p).normalized();
            lines_layer.line_segment([*p + dir * r, near], egui::Stroke::new(1.6, colour));
        }
        // the owner's stripe down the left edge; the right half's owner's between halves
        ui_stripe(ctx, *id, rect, colour);
        if let (Some(h), Some(rr)) = (s.right.as_ref(), right_rect) {
            let x = rr.min.x - 8.0;
            let half = egui::Rect::from_min_max(egui::pos2(x, rect.min.y), rect.max);
            ui_stripe(ctx, id.with("right"), half, c32(h.colour));
        }
        if res.response.contains_pointer() {
            egui::Area::new(id.with("all"))
                .order(egui::Order::Tooltip)
                .fixed_pos(rect.right_top() + egui::vec2(4.0, 0.0))
                .show(ctx, |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.strong(
                            board
                                .map
                                .nodes
                                .get(s.node)
                                .map(|n| n.name.as_str())
                                .unwrap_or(""),
                        );
                        let list = |ui: &mut egui::Ui, entries: &[&StackEntry]| {
                            for e in entries {
                                let line = if e.detail.is_empty() {
                                    e.text.clone()
                                } else {
                                    format!("{} — {}", e.text, e.detail)
                                };
                                if e.leader {
                                    ui.label(egui::RichText::new(line).strong());
                                } else {
                                    ui.label(line);
                                }
                            }
                        };
                        list(ui, entries);
                        if let Some(rh) = right {
                            ui.separator();
                            list(ui, rh);
                        }
                    });
                });
        }
        out.push(Rect::new(rect.min.x, rect.min.y, rect.max.x, rect.max.y));
    }
    rects.0 = out;
    Ok(())
}

/// A line of a stack box's text: small and dark, leaders in bold.
fn box_text(t: &str, strong: bool) -> egui::RichText {
    let t = egui::RichText::new(t)
        .size(11.0)
        .color(egui::Color32::from_gray(15));
    if strong { t.strong() } else { t }
}

/// One half of a stack box (or the whole of a box of one): its lines ([`box_lines`]),
/// the ids of the pieces whose line was clicked pushed to `clicked`.
fn box_half(
    ui: &mut egui::Ui,
    entries: &[&StackEntry],
    compact: bool,
    shown: usize,
    clicked: &mut Vec<u32>,
) {
    let Some(first) = entries.first() else {
        return;
    };
    if compact {
        ui.horizontal(|ui| {
            let l = ui.add(
                egui::Label::new(box_text(&first.text, first.leader))
                    .extend()
                    .sense(egui::Sense::click()),
            );
            if entries.len() > 1 {
                ui.add(
                    egui::Label::new(box_text(&format!(" +{}", entries.len() - 1), false)).extend(),
                );
            }
            if l.clicked() {
                clicked.push(first.id);
            }
        });
        return;
    }
    let shown = shown.max(1);
    for e in entries.iter().take(shown) {
        let l = ui.add(
            egui::Label::new(box_text(&e.text, e.leader))
                .extend()
                .sense(egui::Sense::click()),
        );
        if l.clicked() {
            clicked.push(e.id);
        }
    }
    if entries.len() > shown {
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!("+{} more", entries.len() - shown))
                    .size(10.0)
                    .italics()
                    .color(egui::Color32::from_gray(70)),
            )
            .extend(),
        );
    }
}

fn ui_stripe(ctx: &egui::Context, id: egui::Id, rect: egui::Rect, colour: egui::Color32) {
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Background, id));
    painter.rect_filled(
        egui::Rect::from_min_max(rect.min, egui::pos2(rect.min.x + 4.0, rect.max.y)),
        egui::CornerRadius::same(2),
        colour,
    );
}

/// One sample of the map key: `b` (world units round the origin, `half` its half
/// extent) painted in a square of `px` pixels, the text beside it.
fn key_line(ui: &mut egui::Ui, b: &Batch, half: f32, label: &str, text: &str) {
    let px = 30.0;
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(px, px * 0.8), egui::Sense::hover());
        let clip = ui.painter().with_clip_rect(rect);
        clip.add(egui::Shape::mesh(
            b.egui_mesh(rect.center(), px / 2.0 / half),
        ));
        if !label.is_empty() {
            clip.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                label,
                egui::FontId::proportional(11.0),
                egui::Color32::BLACK,
            );
        }
        ui.label(text);
    });
}

/// The sample of one line of the map key and its half extent (world units).
pub fn key_sample(symbol: &LegendSymbol) -> (Batch, f32) {
    let mut b = Batch::default();
    match symbol {
        LegendSymbol::Node(st) => {
            let r = (st.size + st.outline_width) * UNIT;
            if st.outline_width > 0.0 {
                shape(&mut b, st.shape, Vec2::ZERO, r, st.outline);
            }
            shape(&mut b, st.shape, Vec2::ZERO, st.size * UNIT, st.fill);
            if let Some(badge) = st.badge {
                draw_badge(&mut b, badge, Vec2::ZERO, UNIT * 1.6);
                return (b, 9.0 * UNIT);
            }
            (b, 13.0 * UNIT)
        }
        LegendSymbol::Link(st) => {
            let map = PointMap::new(
                vec![
                    crate::engine::graph::PointNode {
                        id: "a".into(),
                        name: String::new(),
                        x: -16.0,
                        y: 0.0,
                    },
                    crate::engine::graph::PointNode {
                        id: "b".into(),
                        name: String::new(),
                        x: 16.0,
                        y: 0.0,
                    },
                ],
                vec![crate::engine::graph::PointLink { a: 0, b: 1 }],
            )
            .unwrap_or_default();
            let mut board = PointBoard::new(map);
            if let Some(l) = board.links.first_mut() {
                *l = st.clone();
            }
            (links_batch(&board), 16.0 * UNIT)
        }
        LegendSymbol::Tint(c) => {
            b.rect(Vec2::ZERO, Vec2::new(26.0, 20.0) * UNIT, 0.0, *c);
            (b, 16.0 * UNIT)
        }
        LegendSymbol::Sea(c) => {
            let w = 2.4 * UNIT;
            let (a, z) = (Vec2::new(-16.0, 3.0) * UNIT, Vec2::new(16.0, 3.0) * UNIT);
            b.polyline(&[a, z], w * 4.0, c.with_alpha(0.16));
            b.dashed(a, z, w, w * 3.5, w * 2.0, *c);
            b.dashed(
                Vec2::new(0.0, 3.0) * UNIT,
                Vec2::new(0.0, -9.0) * UNIT,
                0.9 * UNIT,
                1.2 * UNIT,
                1.6 * UNIT,
                *c,
            );
            (b, 16.0 * UNIT)
        }
        LegendSymbol::Heading => (b, 1.0),
    }
}

/// The map key of a point board: a "Map key (L)" button at the top right and, when
/// open, every symbol the board uses drawn with the board's own code.
fn map_key(
    mut contexts: EguiContexts,
    board: Res<PointBoard>,
    hex: Res<BoardMap>,
    mut open: ResMut<super::legend::LegendOpen>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    if hex.map.is_some() || board.legend.is_empty() || board.map.nodes.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if keys.just_pressed(KeyCode::KeyL) && !ctx.egui_wants_keyboard_input() {
        open.0 = !open.0;
    }
    egui::Area::new(egui::Id::new("point-key-button"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .show(ctx, |ui| {
            let label = if open.0 {
                "Close map key (L)"
            } else {
                "Map key (L)"
            };
            if ui.button(label).clicked() {
                open.0 = !open.0;
            }
        });
    if !open.0 {
        return Ok(());
    }
    let mut still_open = true;
    egui::Window::new("Map key")
        .open(&mut still_open)
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 40.0])
        .resizable(false)
        .collapsible(false)
        .default_width(230.0)
        .show(ctx, |ui| {
            ui.spacing_mut().item_spacing.y = 1.0;
            for row in &board.legend {
                let label = match &row.symbol {
                    LegendSymbol::Node(s) => s.label.as_str(),
                    _ => "",
                };
                if let LegendSymbol::Heading = row.symbol {
                    ui.add_space(3.0);
                    ui.strong(&row.text);
                    continue;
                }
                let (b, half) = key_sample(&row.symbol);
                key_line(ui, &b, half, label, &row.text);
            }
        });
    if !still_open {
        open.0 = false;
    }
    Ok(())
}

/// The hovered node's text beside the mouse.
fn hover_tip(
    mut contexts: EguiContexts,
    board: Res<PointBoard>,
    hovered: Res<HoveredNode>,
) -> Result {
    let Some(n) = hovered.0 else { return Ok(()) };
    let Some(node) = board.map.nodes.get(n) else {
        return Ok(());
    };
    let s = board.node_style(n);
    let text = if s.hover.is_empty() {
        node.name.clone()
    } else {
        s.hover.clone()
    };
    let ctx = contexts.ctx_mut()?;
    let Some(p) = ctx.input(|i| i.pointer.hover_pos()) else {
        return Ok(());
    };
    egui::Area::new(egui::Id::new("point-hover"))
        .order(egui::Order::Tooltip)
        .fixed_pos(p + egui::vec2(16.0, 12.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.add(egui::Label::new(text).extend());
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::graph::{PointLink, PointNode};

    fn node(id: &str, x: f32, y: f32) -> PointNode {
        PointNode {
            id: id.into(),
            name: id.into(),
            x,
            y,
        }
    }

    #[test]
    fn cells_meet_half_way_and_name_their_neighbour() {
        let map = PointMap::new(
            vec![node("a", 0.0, 0.0), node("b", 40.0, 0.0)],
            vec![PointLink { a: 0, b: 1 }],
        )
        .unwrap();
        let c = cell(&map, 0, 30.0);
        // no point of a's cell lies beyond the bisector x = 20 (map) = 32 (world)
        assert!(c.iter().all(|p| p.0.x <= 20.0 * UNIT + 1e-3));
        // the cut edge is labelled with b
        assert!(c.iter().any(|p| p.1 == Some(1)));
        // far from b, the rim is kept
        assert!(c.iter().any(|p| p.0.x < -25.0 * UNIT));
        // and the paper's edge (40 map units round the nodes) cuts a wider one
        let wide = cell(&map, 0, 200.0);
        assert!(wide.iter().all(|p| p.0.x >= -40.0 * UNIT - 1e-3));
    }

    #[test]
    fn fit_puts_the_map_inside_the_free_area() {
        let map =
            PointMap::new(vec![node("a", 0.0, 0.0), node("b", 1000.0, 600.0)], vec![]).unwrap();
        let board = PointBoard::new(map);
        let win = Vec2::new(1280.0, 800.0);
        let (cam, scale) = fit_view(&board, win);
        let [l, r, t, b] = board.margins;
        for n in 0..2 {
            let p = to_screen(node_world(&board.map, n).unwrap(), cam, scale, win);
            assert!(p.x >= l && p.x <= win.x - r, "{p:?}");
            assert!(p.y >= t && p.y <= win.y - b, "{p:?}");
        }
    }

    /// "Go to": the node lands in the centre of the board left free by the panels.
    #[test]
    fn a_focused_node_is_centred_between_the_panels() {
        let win = Vec2::new(1280.0, 800.0);
        let screen = Rect::new(0.0, 0.0, 1280.0, 800.0);
        let side = Rect::new(8.0, 8.0, 316.0, 600.0);
        let battle = Rect::new(930.0, 8.0, 1272.0, 500.0);
        let free = visible_board(screen, &[side], &[battle]);
        assert_eq!(free, Rect::new(316.0, 0.0, 930.0, 800.0));
        let p = Vec2::new(-321.0, 148.0);
        for scale in [0.5, 0.9, 2.0] {
            let cam = centre_at(p, free.center(), scale, win);
            let q = to_screen(p, cam, scale, win);
            assert!((q - free.center()).length() < 1e-3, "{q:?}");
        }
        // panels leaving no room: the whole screen
        let wide = Rect::new(0.0, 0.0, 1250.0, 800.0);
        assert_eq!(visible_board(screen, &[wide], &[]), screen);
        assert_eq!(visible_board(screen, &[], &[]), screen);
    }

    #[test]
    fn a_left_first_box_goes_left_of_its_node_and_the_other_right() {
        // a fortress: the garrison's box right first, the besieger's left first
        let item = BoxToPlace {
            at: egui::pos2(200.0, 200.0),
            r: 8.0,
            size: egui::vec2(60.0, 28.0),
        };
        let rects = place_boxes_sided(&[item, item], &[false, true], &[]);
        assert!(rects[0].min.x > 200.0, "the garrison's box on the right");
        assert!(rects[1].max.x < 200.0, "the besieger's box on the left");
        assert_eq!(
            place_boxes(&[item], &[]),
            place_boxes_sided(&[item], &[], &[])
        );
    }

    #[test]
    fn crowded_stack_boxes_are_set_apart() {
        // three stacks at close nodes, and two sides' boxes at one node (a battle)
        let at = [
            egui::pos2(100.0, 100.0),
            egui::pos2(130.0, 100.0),
            egui::pos2(115.0, 125.0),
            egui::pos2(100.0, 100.0),
        ];
        let items: Vec<BoxToPlace> = at
            .iter()
            .map(|&at| BoxToPlace {
                at,
                r: 8.0,
                size: egui::vec2(70.0, 16.0),
            })
            .collect();
        let nodes: Vec<(egui::Pos2, f32)> = at.iter().map(|&p| (p, 10.0)).collect();
        let rects = place_boxes(&items, &nodes);
        for i in 0..rects.len() {
            for j in 0..i {
                assert!(
                    !rects[i].intersect(rects[j]).is_positive(),
                    "boxes {i} and {j} overlap: {:?} {:?}",
                    rects[i],
                    rects[j]
                );
            }
            // and no box covers another node
            for (k, (c, r)) in nodes.iter().enumerate() {
                if c.distance(at[i]) < 0.5 {
                    continue;
                }
                let disc = egui::Rect::from_center_size(*c, egui::Vec2::splat(r * 2.0));
                assert!(
                    !rects[i].intersect(disc).is_positive(),
                    "box {i} on node {k}"
                );
            }
        }
        // a lone stack keeps its usual place, right of its node
        let lone = place_boxes(&items[..1], &nodes[..1]);
        assert!(lone[0].min.x > at[0].x);
    }

    #[test]
    fn a_sea_spur_ends_on_the_lane() {
        let lane = [Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)];
        let near = |p: Vec2, want: Vec2| {
            let got = nearest_on(&lane, p).expect("a point on the lane");
            assert!(got.distance(want) < 1e-3, "{got:?} != {want:?}");
        };
        near(Vec2::new(30.0, 40.0), Vec2::new(30.0, 0.0));
        near(Vec2::new(-30.0, 5.0), Vec2::new(0.0, 0.0));
    }

    #[test]
    fn a_click_finds_the_node_under_it() {
        let map = PointMap::new(vec![node("a", 0.0, 0.0), node("b", 100.0, 0.0)], vec![]).unwrap();
        let board = PointBoard::new(map);
        assert_eq!(node_at(&board, to_world(98.0, 2.0), 1.0), Some(1));
        assert_eq!(node_at(&board, to_world(50.0, 0.0), 1.0), None);
    }
}
