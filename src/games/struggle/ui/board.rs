//! The map of 1866 on the shared point board: spaces by kind, routes, tints by original
//! owner, control markers, stack boxes, the lit spaces of the legal commands; clicks.

use super::super::cards::EventSide;
use super::super::data::StRules;
use super::super::ecs::*;
use super::super::map::{Owner, RouteKind, SpaceKind};
use super::super::state::*;
use super::{StUi, legal};
use crate::engine::game_ecs::RulesRes;
use crate::engine::side::Side;
use crate::gui::cards::CardFace;
use crate::gui::pointboard::*;
use bevy::prelude::*;

pub const PRUSSIA: Color = Color::srgb(0.16, 0.25, 0.47);
pub const AUSTRIA: Color = Color::srgb(0.86, 0.66, 0.04);
const RAIL: Color = Color::srgb(0.12, 0.12, 0.12);
const ROAD: Color = Color::srgb(0.55, 0.33, 0.15);
const VP_RED: Color = Color::srgb(0.85, 0.08, 0.08);
const RIVER: Color = Color::srgb(0.15, 0.40, 0.85);
/// Ports, sea lanes and their spurs.
pub const SEA: Color = Color::srgb(0.02, 0.38, 0.58);

/// The colour of a side's pieces and markers.
pub fn side_colour(s: Side) -> Color {
    match s {
        Side::Prussia => PRUSSIA,
        Side::Austria => AUSTRIA,
    }
}

/// The tint of an original owner's spaces (14.1).
fn owner_tint(o: Owner) -> Color {
    match o {
        Owner::Prussia => Color::srgba(0.25, 0.45, 0.95, 0.26),
        Owner::Italy => Color::srgba(0.20, 0.70, 0.30, 0.26),
        Owner::Austria => Color::srgba(0.95, 0.78, 0.15, 0.28),
        Owner::German => Color::srgba(0.60, 0.60, 0.60, 0.22),
        Owner::France => Color::srgba(0.65, 0.30, 0.75, 0.24),
    }
}

fn owner_name(o: Owner) -> &'static str {
    match o {
        Owner::Prussia => "Prussian",
        Owner::Italy => "Italian",
        Owner::Austria => "Austrian",
        Owner::German => "German states",
        Owner::France => "French",
    }
}

/// The board: every space by kind, every route, tints by original owner; with a state,
/// a space controlled by the side other than its owner's is filled in the
/// controller's colour (its political control marker, 14.1).
pub fn board_of(rules: &StRules, st: Option<&StState>) -> PointBoard {
    let map = &rules.map;
    let mut board = PointBoard::new(map.graph.clone());
    board.tint_radius = 45.0;
    board.margins = [300.0, 250.0, 10.0, 10.0];
    for (i, s) in map.spaces.iter().enumerate() {
        let Some(n) = board.nodes.get_mut(i) else {
            continue;
        };
        n.size = 7.0;
        n.outline_width = 1.4;
        n.name_rank = 2;
        let mut what = Vec::new();
        match s.kind {
            SpaceKind::Minor => what.push("minor city".to_string()),
            SpaceKind::Major => {
                n.size = 9.5;
                n.name_rank = 0;
                what.push("major city".into());
            }
            SpaceKind::Fortress(v) => {
                n.shape = NodeShape::Square;
                n.size = 9.0;
                n.label = v.to_string();
                n.name_rank = 1;
                what.push(format!("fortress {v}"));
            }
            SpaceKind::Junction => {
                n.shape = NodeShape::Diamond;
                n.fill = Color::srgb(0.80, 0.80, 0.80);
                what.push("rail junction (9.62)".into());
            }
            SpaceKind::OffBoard => {
                n.shape = NodeShape::Star;
                n.size = 12.0;
                n.fill = Color::srgb(0.75, 0.55, 0.85);
                n.name_rank = 0;
                what.push("off-board source".into());
            }
        }
        if s.vp {
            n.outline = VP_RED;
            n.outline_width = 3.0;
            what.push("VP space".into());
        }
        if s.independent {
            n.fill = Color::srgb(0.85, 0.85, 0.82);
            what.push("independent".into());
        }
        if s.port {
            n.badge = Some(NodeBadge::Anchor(SEA));
            what.push(
                "port: traces supply by sea to the other ports of its sea zone (15.1)".into(),
            );
        }
        if let Some(o) = s.supply {
            what.push(format!("{} supply source", owner_name(o)));
        }
        n.tint = Some(owner_tint(s.owner));
        what.push(owner_name(s.owner).to_string());
        if let Some(p) = s.province.and_then(|p| map.provinces.get(p)) {
            what.push(format!("province {}", p.name));
        }
        if let Some(st) = st
            && let Some(Some(c)) = st.g.control.get(i)
            && super::super::map::StruggleMap::side_of(s.owner) != Some(*c)
        {
            n.fill = side_colour(*c);
            n.label_colour = Color::WHITE;
            what.push(format!("controlled by {}", c.name()));
        }
        n.hover = format!("{} — {}", s.name, what.join(", "));
    }
    for (i, r) in map.routes.iter().enumerate() {
        let Some(l) = board.links.get_mut(i) else {
            continue;
        };
        *l = match r.kind {
            RouteKind::Rail => LinkStyle {
                line: LineKind::Rail,
                colour: RAIL,
                width: 2.2,
                marks: vec![],
            },
            RouteKind::Road => LinkStyle {
                line: LineKind::Solid,
                colour: ROAD,
                width: 2.4,
                marks: vec![],
            },
        };
        if r.river {
            l.marks.push(LinkMark::River(RIVER));
        }
        if r.mountain {
            l.marks.push(LinkMark::Pass(PASS));
        }
    }
    board.seas = seas(rules);
    board.legend = legend();
    board
}

const PASS: Color = Color::srgb(0.35, 0.22, 0.10);

/// The two sea zones as lanes of open water (15.1). Drawing aid only: where the lanes
/// run is our choice (the rulebook prints no map); which ports share a zone is the
/// map's data (its sea links).
fn seas(rules: &StRules) -> Vec<SeaLane> {
    let map = &rules.map;
    let v = |pts: &[(f32, f32)]| {
        pts.iter()
            .map(|&(x, y)| Vec2::new(x, y))
            .collect::<Vec<_>>()
    };
    // the ports of each zone: the connected groups of the sea links
    let mut zones: Vec<Vec<usize>> = Vec::new();
    for &(a, b) in &map.sea {
        let za = zones.iter().position(|z| z.contains(&a));
        let zb = zones.iter().position(|z| z.contains(&b));
        match (za, zb) {
            (Some(i), Some(j)) if i != j => {
                let moved = zones.remove(j.max(i));
                zones[j.min(i)].extend(moved);
            }
            (Some(_), Some(_)) => {}
            (Some(i), None) => zones[i].push(b),
            (None, Some(j)) => zones[j].push(a),
            (None, None) => zones.push(vec![a, b]),
        }
    }
    let mut out = Vec::new();
    for ports in zones {
        // north or south of the Alps
        let north = ports
            .iter()
            .filter_map(|&p| map.graph.nodes.get(p))
            .all(|n| n.y < 400.0);
        let lane = if north {
            SeaLane {
                name: "Baltic & North Sea: one sea zone (15.1)".into(),
                label_at: Vec2::new(610.0, 22.0),
                pieces: vec![
                    // the North Sea coast to the Elbe estuary
                    v(&[(235.0, 84.0), (300.0, 80.0), (362.0, 88.0)]),
                    // up the west coast of Jutland and off the paper
                    v(&[(306.0, 80.0), (318.0, 40.0), (316.0, -6.0)]),
                    // round Jutland, back on the paper in the Baltic
                    v(&[
                        (398.0, -6.0),
                        (400.0, 20.0),
                        (425.0, 38.0),
                        (455.0, 64.0),
                        (520.0, 50.0),
                        (600.0, 44.0),
                        (700.0, 36.0),
                        (790.0, 24.0),
                        (880.0, -4.0),
                    ]),
                ],
                ports,
                colour: SEA,
            }
        } else {
            SeaLane {
                name: "Adriatic: one sea zone with Genoa (15.1)".into(),
                label_at: Vec2::new(650.0, 752.0),
                pieces: vec![
                    v(&[
                        (548.0, 678.0),
                        (536.0, 704.0),
                        (560.0, 760.0),
                        (600.0, 810.0),
                        (625.0, 866.0),
                    ]),
                    // the Ligurian Sea, round Italy off the paper
                    v(&[
                        (318.0, 786.0),
                        (365.0, 796.0),
                        (400.0, 830.0),
                        (410.0, 866.0),
                    ]),
                ],
                ports,
                colour: SEA,
            }
        };
        out.push(lane);
    }
    out
}

/// The map key: every symbol the 1866 board uses.
fn legend() -> Vec<LegendRow> {
    let row = LegendRow::new;
    let node = |f: &dyn Fn(&mut NodeStyle)| LegendSymbol::node(7.0, f);
    let link = LegendSymbol::link;
    vec![
        row(LegendSymbol::Heading, "Spaces"),
        row(
            node(&|n| n.size = 9.5),
            "Major city (fortified, value 1: 13.32)",
        ),
        row(node(&|_| {}), "Minor city"),
        row(
            node(&|n| {
                n.shape = NodeShape::Square;
                n.size = 9.0;
                n.label = "2".into();
            }),
            "Fortress and its value (13.32)",
        ),
        row(LegendSymbol::ring(7.0, VP_RED), "VP space (red outline)"),
        row(
            node(&|n| n.fill = Color::srgb(0.85, 0.85, 0.82)),
            "Independent city, in no province (14.2)",
        ),
        row(
            node(&|n| {
                n.shape = NodeShape::Diamond;
                n.fill = Color::srgb(0.80, 0.80, 0.80);
            }),
            "Rail junction (9.62)",
        ),
        row(
            node(&|n| {
                n.shape = NodeShape::Star;
                n.size = 9.0;
                n.fill = Color::srgb(0.75, 0.55, 0.85);
            }),
            "Off-board supply source (15.4)",
        ),
        row(
            node(&|n| n.badge = Some(NodeBadge::Anchor(SEA))),
            "Port (15.1)",
        ),
        row(
            node(&|n| n.fill = PRUSSIA),
            "Filled: controlled by the other side (14.1)",
        ),
        row(LegendSymbol::Heading, "Routes (1 MP to enter a space)"),
        row(link(LineKind::Rail, RAIL, 2.2, vec![]), "Railroad (9.61)"),
        row(link(LineKind::Solid, ROAD, 2.4, vec![]), "Road"),
        row(
            link(LineKind::Solid, ROAD, 2.4, vec![LinkMark::River(RIVER)]),
            "+1 MP: across a major river",
        ),
        row(
            link(LineKind::Solid, ROAD, 2.4, vec![LinkMark::Pass(PASS)]),
            "+1 MP: mountain route",
        ),
        row(
            LegendSymbol::Sea(SEA),
            "Sea lane: supply between any two ports of one sea zone (15.1); no movement",
        ),
        row(LegendSymbol::Heading, "Owners (areas)"),
        row(LegendSymbol::Tint(owner_tint(Owner::Prussia)), "Prussian"),
        row(LegendSymbol::Tint(owner_tint(Owner::Austria)), "Austrian"),
        row(
            LegendSymbol::Tint(owner_tint(Owner::German)),
            "German states (Austria's allies)",
        ),
        row(LegendSymbol::Tint(owner_tint(Owner::Italy)), "Italian"),
        row(LegendSymbol::Tint(owner_tint(Owner::France)), "French"),
        row(LegendSymbol::Heading, "Pieces and marks"),
        row(
            LegendSymbol::Tint(PRUSSIA),
            "Prussian box: general +N more pieces (hover for all)",
        ),
        row(LegendSymbol::Tint(AUSTRIA), "Austrian box"),
        row(
            LegendSymbol::ring(7.0, LIT),
            "Green ring: click to move or act there",
        ),
        row(
            LegendSymbol::ring(7.0, SELECTED),
            "Yellow ring: the force moving now",
        ),
    ]
}

/// The space a command points at, for lighting and clicking.
fn target(c: &StCommand) -> Option<usize> {
    match c {
        StCommand::Move { to } => Some(*to),
        StCommand::SetupAt { space, .. } => Some(*space),
        StCommand::Appoint { at, .. } => Some(*at),
        _ => None,
    }
}

/// The marks of the position: stacks, the lit spaces, the mover's space; the board's
/// control markers follow the state.
pub fn marks(
    rules: Option<Res<RulesRes<super::super::Struggle>>>,
    st: Option<Res<StStateRes>>,
    board: Option<ResMut<PointBoard>>,
    marks: Option<ResMut<PointMarks>>,
) {
    let (Some(rules), Some(st), Some(mut board), Some(mut marks)) = (rules, st, board, marks)
    else {
        return;
    };
    let rules = &rules.0;
    let st = &st.0;
    board.set_if_neq(board_of(rules, Some(st)));
    let mut m = PointMarks {
        box_lines: marks.box_lines,
        // zoomed out the boxes shrink to one line (general +N)
        compact_above: 1.0,
        ..default()
    };
    for c in legal(rules, st) {
        if let Some(n) = target(&c)
            && !m.lit.iter().any(|l| l.node == n)
        {
            m.lit.push(LitNode {
                node: n,
                colour: LIT,
                label: String::new(),
            });
        }
    }
    if let Some(mv) = st.g.op.as_ref().and_then(|o| o.mover.as_ref()) {
        m.selected = Some(mv.at);
        for l in &mut m.lit {
            if let Some(c) = rules.map.enter_cost(mv.at, l.node) {
                l.label = format!("{} MP", c);
            }
        }
    }
    m.stacks = stacks(rules, st);
    marks.set_if_neq(m);
}

/// A stack box per space and side: generals first, units with their reduced flag.
pub fn stacks(rules: &StRules, st: &StState) -> Vec<Stack> {
    let mut out: Vec<Stack> = Vec::new();
    let mut push = |node: usize, side: Side, e: StackEntry| {
        let colour = side_colour(side);
        if let Some(s) = out
            .iter_mut()
            .find(|s| s.node == node && s.colour == colour)
        {
            s.entries.push(e);
        } else {
            out.push(Stack {
                node,
                colour,
                entries: vec![e],
                right: None,
            });
        }
    };
    for (g, gs) in st.generals.iter().enumerate() {
        let (Some(s), Some(d)) = (gs.loc.space(), rules.general(g as u8)) else {
            continue;
        };
        push(
            s,
            d.side(),
            StackEntry {
                id: 10_000 + g as u32,
                text: d.name.clone(),
                leader: true,
                detail: format!(
                    "seniority {}, initiative {}, tactical {:+}/{:+}",
                    d.seniority, d.initiative, d.offensive, d.defensive
                ),
            },
        );
    }
    for (u, us) in st.units.iter().enumerate() {
        let Some(s) = us.loc.space() else { continue };
        let Some(t) = rules.ty(u as u16) else {
            continue;
        };
        let (sp, text) = if us.reduced {
            (t.sp.1, format!("{} (r)", t.short))
        } else {
            (t.sp.0, t.short.clone())
        };
        push(
            s,
            rules.side(u as u16),
            StackEntry {
                id: u as u32,
                text,
                leader: false,
                detail: if us.reduced {
                    format!("{}: {sp} SP, reduced", t.name)
                } else {
                    format!("{}: {sp} SP", t.name)
                },
            },
        );
    }
    // generals on top
    for s in &mut out {
        s.entries.sort_by_key(|e| !e.leader);
    }
    out
}

/// A click on a space sends the legal command that points at it.
pub fn handle_clicks(
    mut clicks: MessageReader<NodeClicked>,
    rules: Option<Res<RulesRes<super::super::Struggle>>>,
    st: Option<Res<StStateRes>>,
    mut ui: ResMut<StUi>,
) {
    let (Some(rules), Some(st)) = (rules, st) else {
        clicks.clear();
        return;
    };
    for NodeClicked(n) in clicks.read() {
        if ui.curtain.is_down() {
            continue;
        }
        let legal = legal(&rules.0, &st.0);
        if let Some(c) = legal.iter().find(|c| target(c) == Some(*n)) {
            ui.core.outbox.push(c.clone());
        } else {
            let name = rules
                .0
                .map
                .spaces
                .get(*n)
                .map(|s| s.name.clone())
                .unwrap_or_default();
            ui.core.message =
                format!("Nothing to do at {name} now: the lit spaces are the legal ones.");
        }
    }
}

/// The faces of the cards of `side`'s hand, drawn only for the side that has the screen
/// (the curtain's viewer): anyone else gets none (hidden hands).
pub fn hand_faces(
    rules: &StRules,
    st: &StState,
    side: Side,
    viewer: Option<Side>,
) -> Vec<CardFace> {
    if viewer != Some(side) {
        return Vec::new();
    }
    st.cards
        .hand(side)
        .iter()
        .filter_map(|&c| card_face(rules, c))
        .collect()
}

/// One card face up.
pub fn card_face(rules: &StRules, c: u8) -> Option<CardFace> {
    let card = rules.cards.get(c)?;
    let (colour, band) = match card.event {
        EventSide::Prussia => (c32(PRUSSIA), "Prussian event"),
        EventSide::Austria => (c32(AUSTRIA), "Austrian event"),
        EventSide::Both => (
            bevy_egui::egui::Color32::from_gray(110),
            "Either side's event",
        ),
        EventSide::None => (bevy_egui::egui::Color32::from_gray(160), "No event"),
    };
    Some(CardFace {
        id: c as u32,
        title: card.title.clone(),
        corner: card.ops.to_string(),
        colour,
        band: band.into(),
        text: card.text.clone(),
        remove: card.remove,
        enabled: true,
    })
}
