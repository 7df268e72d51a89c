//! FELDZUG_DEMO=pointboard: a small scene of the shared parts of card-driven games on a
//! point-to-point board, with no game behind it: ten spaces joined by roads and a
//! railroad (a river crossing and a pass marked), two owners' tints, a selected space
//! with its lit destinations and its stack box, a hand of three cards with their
//! buttons, the pile counts, the card in play, and the hand-over curtain (the "Hand
//! over" button, or FELDZUG_DEMO_CURTAIN=1 to open with the curtain down).
//!
//! The names are made up: the shared layer knows no game.

use super::AppState;
use super::cards::{self, CardAction, CardFace, HandState, Piles};
use super::handover::Curtain;
use super::pointboard::*;
use crate::engine::graph::{PointLink, PointMap, PointNode};
use crate::engine::side::Side;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The demo in progress.
#[derive(Resource)]
pub struct Demo {
    pub to_act: Side,
    pub curtain: Curtain,
    pub hands: [HandState; 2],
    pub message: String,
}

const BLUE_TINT: Color = Color::srgba(0.25, 0.45, 0.95, 0.26);
const YELLOW_TINT: Color = Color::srgba(0.95, 0.78, 0.15, 0.28);
/// The colour of the demo's first side (its stacks, its event band).
pub const BLUE: Color = Color::srgb(0.16, 0.25, 0.47);
/// The colour of the demo's second side.
pub const YELLOW: Color = Color::srgb(0.86, 0.66, 0.04);
/// Fill of the demo's ordinary spaces.
pub const SPACE_FILL: Color = Color::srgb(0.97, 0.95, 0.88);
/// Colour of the demo's railroad.
pub const RAIL: Color = Color::srgb(0.12, 0.12, 0.12);
/// Colour of the demo's roads.
pub const ROAD: Color = Color::srgb(0.55, 0.33, 0.15);
/// The red outline of VP spaces.
pub const VP_RED: Color = Color::srgb(0.85, 0.08, 0.08);

/// The demo's map and styles.
pub fn demo_board() -> PointBoard {
    let spaces: [(&str, f32, f32); 10] = [
        ("Altstadt", 110.0, 150.0),
        ("Brückenau", 330.0, 80.0),
        ("Carlsburg", 290.0, 300.0),
        ("Dornfeld", 520.0, 210.0),
        ("Eisenhütte", 740.0, 110.0),
        ("Falkenau", 580.0, 430.0),
        ("Grünberg", 820.0, 320.0),
        ("Hohenwart", 120.0, 430.0),
        ("Irlbach", 900.0, 520.0),
        ("Jungholz", 360.0, 540.0),
    ];
    let nodes = spaces
        .iter()
        .map(|(n, x, y)| PointNode {
            id: n.to_lowercase(),
            name: n.to_string(),
            x: *x,
            y: *y,
        })
        .collect();
    // (a, b, rail, marks)
    let routes: [(usize, usize, bool, Option<LinkMark>); 14] = [
        (0, 1, true, None),
        (1, 3, true, None),
        (3, 4, true, None),
        (4, 6, true, None),
        (5, 8, true, None),
        (0, 2, false, None),
        (0, 7, false, None),
        (
            2,
            3,
            false,
            Some(LinkMark::River(Color::srgb(0.15, 0.40, 0.85))),
        ),
        (2, 9, false, None),
        (7, 9, false, None),
        (
            9,
            5,
            false,
            Some(LinkMark::River(Color::srgb(0.15, 0.40, 0.85))),
        ),
        (3, 5, false, None),
        (
            5,
            6,
            false,
            Some(LinkMark::Pass(Color::srgb(0.35, 0.22, 0.10))),
        ),
        (6, 8, false, None),
    ];
    let links = routes
        .iter()
        .map(|r| PointLink { a: r.0, b: r.1 })
        .collect();
    let map = PointMap::new(nodes, links).unwrap_or_default();
    let mut board = PointBoard::new(map);
    // a sparse map: big spaces and wide areas
    board.tint_radius = 170.0;
    for s in &mut board.nodes {
        s.size = 15.0;
        s.outline_width = 2.2;
    }
    for (i, r) in routes.iter().enumerate() {
        board.links[i] = if r.2 {
            LinkStyle {
                line: LineKind::Rail,
                colour: RAIL,
                width: 2.8,
                marks: vec![],
            }
        } else {
            LinkStyle {
                line: LineKind::Solid,
                colour: ROAD,
                width: 3.6,
                marks: r.3.into_iter().collect(),
            }
        };
    }
    let blue = [0, 1, 2, 3, 7];
    for (i, s) in board.nodes.iter_mut().enumerate() {
        s.tint = if blue.contains(&i) {
            Some(BLUE_TINT)
        } else if i == 9 {
            None
        } else {
            Some(YELLOW_TINT)
        };
    }
    let vp = |s: &mut NodeStyle| {
        s.outline = VP_RED;
        s.outline_width = 3.6;
    };
    // a capital
    board.nodes[0].shape = NodeShape::Star;
    board.nodes[0].fill = Color::srgb(0.95, 0.85, 0.35);
    board.nodes[0].name_rank = 0;
    vp(&mut board.nodes[0]);
    // fortresses with their values
    for (i, v) in [(2, "2"), (6, "3")] {
        board.nodes[i].shape = NodeShape::Square;
        board.nodes[i].label = v.into();
        board.nodes[i].size = 16.0;
        board.nodes[i].hover = format!("{} — fortress {v}", board.map.nodes[i].name);
    }
    vp(&mut board.nodes[2]);
    // a major city
    board.nodes[5].size = 18.0;
    board.nodes[5].fill = Color::srgb(0.98, 0.98, 0.98);
    vp(&mut board.nodes[5]);
    // a junction
    board.nodes[8].shape = NodeShape::Diamond;
    board.nodes[8].fill = Color::srgb(0.80, 0.80, 0.80);
    // an independent city: a double outline look (grey fill)
    board.nodes[9].fill = Color::srgb(0.85, 0.85, 0.82);
    board.nodes[9].hover = "Jungholz — independent".into();
    board
}

/// The marks of the demo with `selected` selected: its neighbours lit with the steps
/// left, and two stacks.
pub fn demo_marks(board: &PointBoard, selected: Option<usize>) -> PointMarks {
    let mut marks = PointMarks {
        selected,
        ..default()
    };
    if let Some(s) = selected {
        for (n, l) in board.map.neighbours(s) {
            let rail = board.link_style(l).line == LineKind::Rail;
            marks.lit.push(LitNode {
                node: n,
                colour: LIT,
                label: if rail { "3 MP".into() } else { "1 MP".into() },
            });
        }
    }
    let e = |id: u32, text: &str, leader: bool, detail: &str| StackEntry {
        id,
        text: text.into(),
        leader,
        detail: detail.into(),
    };
    marks.stacks = vec![
        Stack {
            node: 2,
            colour: BLUE,
            entries: vec![
                e(1, "I Corps", false, "6 SP, cohesion 3"),
                e(2, "II Corps", false, "5 SP, cohesion 3"),
                e(0, "Gen. Arnheim", true, "seniority 1, initiative 2"),
                e(3, "1st Cav. Div.", false, "1 SP"),
            ],
            right: None,
        },
        Stack {
            node: 4,
            colour: YELLOW,
            entries: vec![
                e(10, "Gen. Bergh", true, "seniority 2, initiative 1"),
                e(11, "III Corps", false, "6 SP, cohesion 2"),
            ],
            right: None,
        },
    ];
    marks
}

fn band(side: Option<Side>) -> (egui::Color32, String) {
    match side {
        Some(Side::Prussia) => (c32(BLUE), "Prussian event".into()),
        Some(Side::Austria) => (c32(YELLOW), "Austrian event".into()),
        None => (egui::Color32::from_gray(110), "Either side".into()),
    }
}

/// The three cards of a side's hand in the demo.
pub fn demo_hand(side: Side) -> Vec<CardFace> {
    let card = |id: u32, title: &str, ops: u8, ev: Option<Side>, remove: bool, text: &str| {
        let (colour, b) = band(ev);
        CardFace {
            id,
            title: title.into(),
            corner: ops.to_string(),
            colour,
            band: b,
            text: text.into(),
            remove,
            enabled: true,
        }
    };
    match side {
        Side::Prussia => vec![
            card(
                12,
                "Forced March",
                3,
                Some(Side::Prussia),
                false,
                "One army may move two more spaces this turn; it loses one step to attrition on arrival.",
            ),
            card(
                27,
                "Rail Timetables",
                4,
                None,
                true,
                "Move up to three units by rail to any friendly space joined to their own by railroad.",
            ),
            card(
                33,
                "Rearguard",
                2,
                Some(Side::Austria),
                false,
                "Response: play when the enemy declares a battle; your force may avoid it on a roll of 4-6.",
            ),
        ],
        Side::Austria => vec![
            card(
                41,
                "Supply Wagons",
                3,
                Some(Side::Austria),
                false,
                "No attrition for one army this turn.",
            ),
            card(
                44,
                "Bad Roads",
                2,
                None,
                true,
                "Every road move costs one more MP until the end of the turn.",
            ),
            card(
                50,
                "Cavalry Screen",
                3,
                Some(Side::Prussia),
                false,
                "Response: cancel one interception attempt.",
            ),
        ],
    }
}

/// The buttons of a card in the demo (what a game would list from its legal commands).
fn demo_actions(side: Side, face: &CardFace) -> Vec<CardAction<String>> {
    let ops = &face.corner;
    let mut v = vec![
        CardAction::new(
            format!("Mobilize ({ops} OP)"),
            format!("mobilize with #{}", face.id),
        ),
        CardAction {
            label: format!("Activate ({ops} OP)"),
            hint: "Activate one general with his army".into(),
            command: format!("activate with #{}", face.id),
        },
    ];
    let (_, b) = band(Some(side));
    if face.band == b || face.band == "Either side" {
        v.push(CardAction::new("Event", format!("event of #{}", face.id)));
    }
    if face.text.starts_with("Response") {
        v.push(CardAction::new(
            "Response",
            format!("response #{}", face.id),
        ));
    }
    v
}

pub struct DemoPlugin;

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            demo_clicks
                .run_if(resource_exists::<Demo>)
                .run_if(in_state(AppState::InGame)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            demo_ui
                .after(PointBoardUi)
                .run_if(resource_exists::<Demo>)
                .run_if(in_state(AppState::InGame)),
        )
        .add_systems(OnExit(AppState::InGame), leave);
    }
}

/// Opens the demo (FELDZUG_DEMO=pointboard).
pub fn start(world: &mut World) {
    let board = demo_board();
    let marks = demo_marks(&board, Some(2));
    world.insert_resource(board);
    world.insert_resource(marks);
    let mut curtain = Curtain::default();
    curtain.follow(Some(Side::Prussia));
    if std::env::var("FELDZUG_DEMO_CURTAIN").is_err() {
        curtain.lift();
    }
    world.insert_resource(Demo {
        to_act: Side::Prussia,
        curtain,
        hands: [
            HandState { selected: None },
            HandState { selected: Some(12) },
        ],
        message: "Click a space: it is selected and its neighbours lit.".into(),
    });
}

fn leave(mut commands: Commands) {
    commands.remove_resource::<Demo>();
    commands.queue(clear);
}

fn demo_clicks(
    mut nodes: MessageReader<NodeClicked>,
    mut pieces: MessageReader<StackClicked>,
    board: Res<PointBoard>,
    hovered: Res<HoveredNode>,
    mut marks: ResMut<PointMarks>,
    mut demo: ResMut<Demo>,
) {
    for NodeClicked(n) in nodes.read() {
        let sel = if marks.selected == Some(*n) {
            None
        } else {
            Some(*n)
        };
        let name = board
            .map
            .nodes
            .get(*n)
            .map(|x| x.name.clone())
            .unwrap_or_default();
        demo.message = format!("Clicked {name}.");
        marks.set_if_neq(demo_marks(&board, sel));
    }
    for p in pieces.read() {
        demo.message = format!("Clicked piece {} at node {}.", p.id, p.node);
    }
    // the path to a lit node under the mouse
    let path = match (marks.selected, hovered.0) {
        (Some(s), Some(h)) if marks.lit.iter().any(|l| l.node == h) => vec![s, h],
        _ => vec![],
    };
    if marks.path != path {
        marks.path = path;
    }
}

fn demo_ui(
    mut contexts: EguiContexts,
    mut demo: ResMut<Demo>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let demo = &mut *demo;
    demo.curtain.follow(Some(demo.to_act));
    egui::Window::new("Point board demo")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(280.0)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!("{} to act.", demo.to_act.name()));
            ui.label(&demo.message);
            ui.separator();
            cards::piles(
                ui,
                &Piles {
                    deck: 31,
                    discard: 7,
                    removed: 2,
                    more: vec![],
                },
            );
            let other = demo.to_act.other();
            cards::hidden_hand(ui, other.name(), 3, c32(side_colour(other)));
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .button(format!("Hand over to {}", other.name()))
                    .clicked()
                {
                    demo.to_act = other;
                }
                if ui.button("Hide my hand").clicked() {
                    demo.curtain.lower();
                }
            });
            if ui.button("Menu").clicked() {
                next.set(AppState::Menu);
            }
        });
    let played = demo_hand(Side::Austria).remove(0);
    cards::played_window(ctx, &played, "Played by Austria for 3 OP");
    let side = demo.to_act;
    if demo.curtain.show_hand_of(side) {
        let faces = demo_hand(side);
        let k = side.idx();
        let title = format!("Hand — {}", side.name());
        if let Some(cmd) = cards::hand_window(ctx, &title, &faces, &mut demo.hands[k], |f| {
            demo_actions(side, f)
        }) {
            demo.message = format!("Would send: {cmd}");
        }
    }
    demo.curtain.draw(ctx);
    Ok(())
}

fn side_colour(s: Side) -> Color {
    match s {
        Side::Prussia => BLUE,
        Side::Austria => YELLOW,
    }
}
