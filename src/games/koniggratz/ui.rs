//! Königgrätz on screen: counters drawn on their entities, legal targets highlighted from
//! the one legal-command list, clicks turned into commands, egui panels for tracks, odds,
//! charts, the dice tray and the log. Never mutates game state: it only sends commands.

use super::Koniggratz;
use super::combat;
use super::data::{KgRules, Kind, Side};
use super::ecs::*;
use super::flow::{self, Game};
use super::rules::{self, View};
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::{Coord, HexMap};
use crate::engine::log::GameLog;
use std::sync::Arc;

use crate::gui::AppState;
use crate::gui::board::{HexClicked, Highlight, HoveredHex, S, clear_highlights, to_world};
use crate::gui::game_ui::*;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

#[derive(Resource, Default)]
pub struct KgUi {
    pub selected: Option<UnitId>,
    pub hq: Option<u8>,
    pub hq_battle: bool,
    /// Hot-seat hand-over for the secret artillery choice (4.3a): who confirmed.
    pub handover_ok: Option<Side>,
    pub drawn_rev: u64,
    pub pressed: Option<Coord>,
    pub drawn_sel: (Option<UnitId>, Option<u8>, bool, Option<usize>),
    /// Message, options, requests, outbox and autosave revision, as in every game.
    pub core: UiCore<KgCommand>,
}

#[derive(Component)]
struct CounterArt;

pub struct KgUiPlugin;

impl Plugin for KgUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(KoniggratzPlugin)
            .init_resource::<KgUi>()
            .add_systems(
                Update,
                (
                    decorate_counters,
                    place_counters,
                    status_texts,
                    handle_clicks,
                    keys::<Koniggratz>,
                    dispatch::<Koniggratz>,
                    show_outcomes::<Koniggratz>,
                    highlights,
                    autosave_on_change::<Koniggratz>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<KgRulesRes>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panels
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<KgRulesRes>),
            )
            .add_systems(OnExit(AppState::InGame), leave_game::<Koniggratz>);
    }
}

impl GameUi for Koniggratz {
    type Ui = KgUi;
    const UNDO_IN_LESSON: &'static str =
        "Undo is off during a lesson; restart the lesson from the menu instead.";

    fn core(ui: &KgUi) -> &UiCore<KgCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut KgUi) -> &mut UiCore<KgCommand> {
        &mut ui.core
    }

    fn map(rules: &KgRules) -> HexMap {
        rules.map.clone()
    }

    fn deselect(ui: &mut KgUi) {
        ui.selected = None;
    }

    fn applied(ui: &mut KgUi, cmd: &KgCommand) {
        if matches!(
            cmd,
            KgCommand::Move { .. } | KgCommand::Attack { .. } | KgCommand::Pass
        ) {
            ui.selected = None;
        }
    }

    /// FELDZUG_AUTOPLAY=movement|attack: random legal commands until that phase (demos
    /// and screenshots); the game is still scenario + seed + commands.
    fn autoplay(_world: &mut World, rules: &Arc<KgRules>, seed: u64) -> Vec<KgCommand> {
        let Ok(until) = std::env::var("FELDZUG_AUTOPLAY") else {
            return Vec::new();
        };
        use rand::SeedableRng;
        let mut g = super::PureGame::new(rules.clone(), seed);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let want = if until == "attack" {
            Step::Attack
        } else {
            Step::Movement
        };
        // "attack" stops where the side to act has an attack to make
        let ready = |g: &super::PureGame| {
            g.st.g.step == want
                && g.st.g.pending.is_empty()
                && (want != Step::Attack
                    || g.legal()
                        .iter()
                        .any(|c| matches!(c, KgCommand::Attack { .. })))
        };
        while !ready(&g) && !g.over() && g.commands.len() < 5000 {
            let legal = g.legal();
            let Some(c) = super::random_command(&g.rules, &g.st, &legal, &mut rng) else {
                break;
            };
            let _ = g.apply(&c);
        }
        for c in g
            .legal()
            .iter()
            .filter(|c| matches!(c, KgCommand::Attack { .. }))
            .take(3)
        {
            if let KgCommand::Attack { attacker, defender } = c {
                info!(
                    "autoplay: possible attack {:?} -> {:?}",
                    rules::unit_hex(&g.st, *attacker),
                    rules::unit_hex(&g.st, *defender)
                );
            }
        }
        g.commands
    }
}

fn send(world: &mut World, cmd: KgCommand) {
    world.resource_mut::<KgUi>().core.outbox.push(cmd);
}

/// A lesson in progress (issue: learn to play): its steps and where the player is.
pub type ActiveLesson = crate::engine::tutorial::ActiveLesson<KgCommand>;

/// The face of a unit in the shared counter layout (src/gui/counters.rs): side livery,
/// army band, NATO symbol (infantry X, cavalry /), XXX for the corps counters and XX for
/// the divisions, efficiency stars; the back (March, Exhausted) greyed with a cut corner.
fn kg_face(rules: &KgRules, u: UnitId, s: Option<&UnitState>) -> crate::gui::counters::Face {
    use crate::gui::counters::{self as cf, Arm, Face, Size};
    let d = &rules.units[u as usize];
    let army = rules
        .army(&d.army)
        .map(|a| a.colour)
        .unwrap_or((128, 128, 128));
    Face {
        livery: match d.side {
            Side::Austria => cf::AUSTRIA,
            Side::Prussia => cf::PRUSSIA,
        },
        band: Some(Color::srgb_u8(army.0, army.1, army.2)),
        arm: if d.kind == Kind::Cavalry {
            Arm::Cavalry
        } else {
            Arm::Infantry
        },
        size: if d.name.contains("Korps") {
            Size::Crosses(3)
        } else {
            Size::Crosses(2)
        },
        flipped: s.is_some_and(|s| match d.kind {
            Kind::Infantry => s.march,
            Kind::Cavalry => s.exhausted,
        }),
        stars: d.er,
        hits: 0,
        w: S * 1.5,
    }
}

/// Counters are drawn by the program in the shared layout (one mesh per counter); the
/// short name and the status line are text shown only when zoomed in.
fn decorate_counters(
    mut commands: Commands,
    rules: Option<Res<KgRulesRes>>,
    new: Query<(Entity, &Counter, Option<&UnitStatus>), Added<Counter>>,
    new_hq: Query<(Entity, &HqMarker), Added<HqMarker>>,
    new_b: Query<Entity, Added<BombardmentMarker>>,
    mut art: crate::gui::counters::CounterArt,
    font: Option<Res<crate::gui::board::MapFont>>,
) {
    use crate::gui::counters::{self as cf, ZoomText};
    let Some(rules) = rules else { return };
    let font = font.map(|f| f.0.clone());
    let w = S * 1.5;
    for (e, c, status) in &new {
        let d = &rules.0.units[c.id as usize];
        let short = d
            .name
            .split(" (")
            .next()
            .unwrap_or(&d.name)
            .replace("Kavallerie-Division", "Kav.")
            .replace("Reserve-Kav.-Div.", "Res.Kav.")
            .replace("leichte Kav.-Div.", "le.Kav.")
            .replace("Sächs. Reiter-Division", "Sä. Kav.")
            .replace("Kavallerie der Elbarmee", "Elb. Kav.")
            .replace("Garde-Division", "Garde")
            .replace(" Division", " Div.")
            .replace("Division", "Div.")
            .replace("Sächs.", "Sä.");
        // the corps counters carry their brigade pair
        let short = match d.name.split(" (").nth(1) {
            Some(rest) if d.name.contains("Korps") => format!(
                "{short} {}",
                rest.trim_end_matches(')').split(',').next().unwrap_or("")
            ),
            _ => short,
        };
        let face = kg_face(&rules.0, c.id, status.map(|s| &s.0));
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    CounterArt,
                    art.bundle(&face),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    ZoomText,
                    Text2d::new(short),
                    cf::text_font(font.as_ref(), 7.5),
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::name_y(w), 0.2),
                ));
                p.spawn((
                    ZoomText,
                    StatusText(c.id),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(8.0),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::values_y(w), 0.2),
                ));
            });
    }
    for (e, h) in &new_hq {
        let d = &rules.0.hqs[h.id];
        let initial: String = d
            .name
            .chars()
            .filter(|c| c.is_uppercase())
            .take(2)
            .collect();
        let face = cf::Face {
            livery: match d.side {
                Side::Austria => cf::AUSTRIA,
                Side::Prussia => cf::PRUSSIA,
            },
            band: Some(Color::srgb(0.85, 0.7, 0.2)),
            arm: cf::Arm::Hq,
            size: cf::Size::None,
            flipped: false,
            stars: 0,
            hits: 0,
            w: S * 0.75,
        };
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((art.bundle(&face), Transform::from_xyz(0.0, 0.0, 0.0)));
                p.spawn((
                    ZoomText,
                    Text2d::new(format!("HQ {initial}")),
                    TextFont {
                        font_size: FontSize::Px(6.0),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, -S * 0.26, 0.1),
                ));
            });
    }
    for e in &new_b {
        let mut disc = crate::gui::draw::Batch::default();
        disc.circle(Vec2::ZERO, S * 0.5, Color::srgba(0.85, 0.1, 0.1, 0.55));
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((art.shapes(disc), Transform::default()));
                p.spawn((
                    Text2d::new("BOMB"),
                    TextFont {
                        font_size: FontSize::Px(9.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
}

/// Puts counters on their hexes; the selected one is lifted (shared `lift`).
fn place_counters(
    mut units: Query<
        (&Counter, Ref<UnitStatus>, &mut Transform, &mut Visibility),
        (Without<HqMarker>, Without<BombardmentMarker>),
    >,
    mut hqs: Query<
        (&HqStatus, &HqMarker, &mut Transform, &mut Visibility),
        (Without<Counter>, Without<BombardmentMarker>),
    >,
    mut bomb: Query<
        (&BombardmentMarker, &mut Transform, &mut Visibility),
        (Without<Counter>, Without<HqMarker>),
    >,
    rules: Option<Res<KgRulesRes>>,
    ui: Res<KgUi>,
    mut last_sel: Local<Option<UnitId>>,
) {
    if rules.is_none() {
        return;
    }
    let sel_changed = *last_sel != ui.selected;
    *last_sel = ui.selected;
    for (c, s, mut t, mut v) in units.iter_mut() {
        if !(sel_changed || s.is_changed() || t.is_added()) {
            continue;
        }
        match s.0.loc {
            Loc::Map(h) => {
                let (off, z, k) = crate::gui::counters::lift(ui.selected == Some(c.id), S * 1.5);
                t.translation = (to_world(h) + off).extend(2.0 + z);
                t.scale = Vec3::splat(k);
                *v = Visibility::Visible;
            }
            _ => *v = Visibility::Hidden,
        }
    }
    for (s, h, mut t, mut v) in &mut hqs {
        match s.0.at {
            Some(c) => {
                let off = Vec2::new(S * 0.55, -S * 0.45 + h.id as f32 * 3.0);
                t.translation = (to_world(c) + off).extend(3.0);
                *v = Visibility::Visible;
            }
            None => *v = Visibility::Hidden,
        }
    }
    for (b, mut t, mut v) in &mut bomb {
        match b.at {
            Some(c) => {
                t.translation = to_world(c).extend(2.5);
                *v = Visibility::Visible;
            }
            None => *v = Visibility::Hidden,
        }
    }
}

/// Target hex of a command, for highlighting and clicking.
fn target(rules: &KgRules, st: &KgState, c: &KgCommand) -> Option<Coord> {
    match c {
        KgCommand::PlaceHq { at, .. }
        | KgCommand::ReturnBlown { at, .. }
        | KgCommand::PlaceBombardment { at } => Some(*at),
        KgCommand::ExitEzoc { to, .. } | KgCommand::Move { to, .. } | KgCommand::Retreat { to } => {
            Some(*to)
        }
        KgCommand::Attack { defender, .. } => rules::unit_hex(st, *defender),
        KgCommand::FlipToMarch { unit } | KgCommand::SelectReturning { unit } => {
            rules::unit_hex(st, *unit)
        }
        _ => None,
    }
    .filter(|_| rules.map.cols > 0)
}

fn subject(c: &KgCommand) -> Option<UnitId> {
    match c {
        KgCommand::ReturnBlown { unit, .. }
        | KgCommand::ExitEzoc { unit, .. }
        | KgCommand::Move { unit, .. } => Some(*unit),
        KgCommand::Attack { attacker, .. } => Some(*attacker),
        _ => None,
    }
}

/// The commands the current selection makes available.
fn candidate_commands(rules: &KgRules, st: &KgState, ui: &KgUi) -> Vec<KgCommand> {
    flow::legal_commands(rules, st)
        .into_iter()
        .filter(|c| match c {
            KgCommand::PlaceHq { hq, battle, .. } => Some(*hq) == ui.hq && *battle == ui.hq_battle,
            _ => match subject(c) {
                Some(u) => Some(u) == ui.selected,
                None => true,
            },
        })
        .collect()
}

fn handle_clicks(world: &mut World) {
    let clicks: Vec<Coord> = world
        .resource_mut::<Messages<HexClicked>>()
        .drain()
        .map(|m| m.0)
        .collect();
    if clicks.is_empty() {
        return;
    }
    let Some(rules) = world.get_resource::<KgRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let Some(st) = gather(world) else { return };
    for hex in clicks {
        let ui = world.resource::<KgUi>();
        let cands = candidate_commands(&rules, &st, ui);
        let hits: Vec<KgCommand> = cands
            .iter()
            .filter(|c| target(&rules, &st, c) == Some(hex))
            .cloned()
            .collect();
        let active = flow::active_side(&rules, &st);
        let view = View::new(&rules, &st);
        let own = view
            .occupant(&rules.map, hex)
            .filter(|u| Some(rules.units[*u as usize].side) == active);
        if hits.len() == 1 {
            send(world, hits[0].clone());
            let mut ui = world.resource_mut::<KgUi>();
            ui.core.message.clear();
            if matches!(
                hits[0],
                KgCommand::Move { .. } | KgCommand::ReturnBlown { .. }
            ) {
                ui.selected = None;
            }
        } else if let Some(u) = own {
            let mut ui = world.resource_mut::<KgUi>();
            ui.selected = Some(u);
            ui.core.message = format!("Selected {}", rules.units[u as usize].name);
        } else if let Some(sel) = world.resource::<KgUi>().selected {
            // explain why not
            let cmd = match (st.g.step, view.occupant(&rules.map, hex)) {
                (Step::Attack, Some(d)) => KgCommand::Attack {
                    attacker: sel,
                    defender: d,
                },
                _ => KgCommand::Move { unit: sel, to: hex },
            };
            let mut s2 = st.clone();
            let mut dice = Dice::new(0);
            let mut log = GameLog::default();
            let r = Game {
                rules: &rules,
                st: &mut s2,
                dice: &mut dice,
                log: &mut log,
            }
            .refusal(&cmd);
            let mut ui = world.resource_mut::<KgUi>();
            ui.core.message = format!("Not allowed: {}", r.reason);
            ui.core.message_rule = r.rule.clone();
        } else {
            world.resource_mut::<KgUi>().core.message =
                format!("{hex}: nothing to do here now. {}", hint(&rules, &st));
        }
    }
}

fn hint(rules: &KgRules, st: &KgState) -> String {
    let who = flow::active_side(rules, st)
        .map(|s| s.name())
        .unwrap_or("nobody");
    if let Some(p) = st.g.pending.last() {
        return match p {
            Pending::Artillery { .. } => {
                format!("{who}: choose artillery support in the panel (4.3a).")
            }
            Pending::Retreat { unit, .. } => format!(
                "{who}: click a highlighted hex to retreat {} (4.3.1).",
                rules.units[*unit as usize].name
            ),
        };
    }
    match st.g.step {
        Step::HqPlacement => {
            format!("{who}: pick an HQ in the panel, then a highlighted hex (4.0b).")
        }
        Step::BlownSelect(_) => format!("{who}: choose two blown units to return (4.0c)."),
        Step::BlownReturn(_) => {
            format!(
                "{who}: select a returning unit in the panel, then a hex next to an HQ, or leave them on the track (4.0c)."
            )
        }
        Step::Bombardment => {
            "Austria: click a highlighted hex for the bombardment marker (4.0d).".into()
        }
        Step::Organize(_) => format!("{who}: click units to flip them to March, then Done (4.0e)."),
        Step::ExitEzoc => format!(
            "{who}: select a unit in an enemy ZOC and a hex to retreat to, or decline (4.0e)."
        ),
        Step::Movement => format!("{who}: select a unit, then a highlighted hex; or pass (4.2)."),
        Step::Attack => {
            format!("{who}: select an attacker, then a highlighted enemy; or pass (4.3).")
        }
        Step::GameOver => "The game is over.".into(),
    }
}

/// The counter's changing face: March/Battle or Fresh/Exhausted and its MA.
#[derive(Component)]
struct StatusText(UnitId);

fn status_texts(
    rules: Option<Res<KgRulesRes>>,
    units: Query<(&Counter, &UnitStatus, &Children)>,
    changed: Query<(), Changed<UnitStatus>>,
    added: Query<(), Added<StatusText>>,
    mut texts: Query<(&StatusText, &mut Text2d)>,
    mut faces: Query<&mut Mesh2d, With<CounterArt>>,
    mut art: crate::gui::counters::CounterArt,
) {
    let Some(rules) = rules else { return };
    if changed.is_empty() && added.is_empty() {
        return;
    }
    for (c, s, children) in &units {
        let s = &s.0;
        let face = match rules.0.units[c.id as usize].kind {
            Kind::Infantry => {
                if s.march {
                    "March 4"
                } else {
                    "Battle 1"
                }
            }
            Kind::Cavalry => {
                if s.exhausted {
                    "Exh. 4"
                } else {
                    "Fresh 6"
                }
            }
        };
        let mesh = art.mesh(&kg_face(&rules.0, c.id, Some(s)));
        for ch in children.iter() {
            if let Ok((t, mut text)) = texts.get_mut(ch)
                && t.0 == c.id
                && text.0 != face
            {
                text.0 = face.to_string();
            }
            if let Ok(mut m) = faces.get_mut(ch)
                && m.0 != mesh
            {
                m.0 = mesh.clone();
            }
        }
    }
}

/// Highlights exactly the legal targets of the current selection, with MP left for moves.
fn highlights(world: &mut World) {
    let rev = world.resource::<Revision<Koniggratz>>().0;
    let key = {
        let ui = world.resource::<KgUi>();
        (
            ui.selected,
            ui.hq,
            ui.hq_battle,
            world.get_resource::<ActiveLesson>().map(|l| l.run.step),
        )
    };
    if world.resource::<KgUi>().drawn_rev == rev && world.resource::<KgUi>().drawn_sel == key {
        return;
    }
    {
        let mut ui = world.resource_mut::<KgUi>();
        ui.drawn_rev = rev;
        ui.drawn_sel = key;
    }
    clear_highlights(world);
    let Some(rules) = world.get_resource::<KgRulesRes>().map(|r| r.0.clone()) else {
        return;
    };
    let Some(st) = gather(world) else { return };
    let ui = world.resource::<KgUi>();
    let cands = candidate_commands(&rules, &st, ui);
    let selected = ui.selected;
    let view = View::new(&rules, &st);
    let dests = selected
        .map(|u| rules::destinations(&rules, &st, &view, u))
        .unwrap_or_default();
    let mut targets: Vec<(Coord, String, Color)> = Vec::new();
    for c in &cands {
        let Some(t) = target(&rules, &st, c) else {
            continue;
        };
        let (label, colour) = match c {
            KgCommand::Move { .. } => {
                let left = dests
                    .get(&t)
                    .map(|o| {
                        (rules::ma_half(&rules, &st, selected.unwrap_or(0)) as f32
                            - o.cost_half as f32)
                            / 2.0
                    })
                    .unwrap_or(0.0);
                (format!("{left}"), Color::srgba(0.2, 0.8, 0.2, 0.35))
            }
            KgCommand::Attack { .. } => ("attack".into(), Color::srgba(0.9, 0.1, 0.1, 0.45)),
            KgCommand::Retreat { .. } | KgCommand::ExitEzoc { .. } => {
                ("retreat".into(), Color::srgba(0.9, 0.6, 0.1, 0.45))
            }
            _ => (String::new(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
        };
        if !targets.iter().any(|x| x.0 == t) {
            targets.push((t, label, colour));
        }
    }
    if let Some(crate::engine::tutorial::Target::Hex(c)) = world
        .get_resource::<ActiveLesson>()
        .and_then(|l| l.run.current(&l.lesson))
        .map(|s| s.target.clone())
    {
        targets.push((c, String::new(), Color::srgba(1.0, 0.55, 0.0, 0.55)));
    }
    if let Some(sel) = selected.and_then(|u| rules::unit_hex(&st, u)) {
        targets.push((sel, String::new(), Color::srgba(1.0, 1.0, 0.2, 0.35)));
    }
    let mesh = world
        .resource_mut::<Assets<Mesh>>()
        .add(RegularPolygon::new(S * 0.95, 6));
    let rot = Quat::from_rotation_z(std::f32::consts::FRAC_PI_6);
    for (c, label, colour) in targets {
        let mat = world.resource_mut::<Assets<ColorMaterial>>().add(colour);
        world.spawn((
            Highlight,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(mat),
            Transform::from_translation(to_world(c).extend(1.0)).with_rotation(rot),
        ));
        if !label.is_empty() {
            world.spawn((
                Highlight,
                Text2d::new(label),
                TextFont {
                    font_size: FontSize::Px(11.0),
                    ..default()
                },
                TextColor(Color::BLACK),
                Transform::from_translation((to_world(c) + Vec2::new(0.0, -S * 0.3)).extend(4.0)),
            ));
        }
    }
    // the path to the hovered destination is drawn by `panels` with egui-free gizmos
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut contexts: EguiContexts,
    rules: Option<Res<KgRulesRes>>,
    globals: Option<Res<KgGlobals>>,
    units: Query<(&Counter, &UnitStatus)>,
    hqs: Query<(&HqMarker, &HqStatus)>,
    log: Option<Res<GameLog>>,
    dice: Option<Res<Dice>>,
    mut ui: ResMut<KgUi>,
    hovered: Res<HoveredHex>,
    lesson: Option<ResMut<ActiveLesson>>,
    mut next: ResMut<NextState<AppState>>,
    mut gizmos: Gizmos,
) -> Result {
    let (Some(rules), Some(globals)) = (rules, globals) else {
        return Ok(());
    };
    let rules = &rules.0;
    let mut st = KgState {
        units: vec![
            UnitState {
                loc: Loc::Eliminated,
                march: false,
                exhausted: false
            };
            rules.units.len()
        ],
        hqs: vec![HqState::default(); rules.hqs.len()],
        g: globals.0.clone(),
    };
    for (c, s) in &units {
        st.units[c.id as usize] = s.0;
    }
    for (h, s) in &hqs {
        st.hqs[h.id] = s.0;
    }
    let ctx = contexts.ctx_mut()?;
    let legal = flow::legal_commands(rules, &st);
    let active = flow::active_side(rules, &st);
    let view = View::new(rules, &st);
    // path to the hovered destination
    if let (Some(u), Some(h)) = (ui.selected, hovered.0)
        && let Some(o) = rules::destinations(rules, &st, &view, u).get(&h)
    {
        let mut pts = vec![];
        if let Some(s) = rules::unit_hex(&st, u) {
            pts.push(to_world(s));
        }
        pts.extend(o.path.iter().map(|c| to_world(*c)));
        gizmos.linestrip_2d(pts, Color::srgb(0.1, 0.1, 0.9));
    }
    egui::Window::new("Turn").anchor(egui::Align2::LEFT_TOP, [8.0, 8.0]).default_width(290.0).resizable(false).show(ctx, |ui_| {
        let g = &st.g;
        ui_.heading(format!("Turn {} of {}  ·  {}", g.turn, rules.options.turns, g.step.phase_name()));
        ui_.horizontal(|ui_| {
            for t in 1..=rules.options.turns {
                let txt = egui::RichText::new(format!("{t}"));
                let txt = if t == g.turn { txt.strong().color(egui::Color32::YELLOW) } else { txt };
                let txt = if t >= rules.options.duel_tie_flip_turn { txt.underline() } else { txt };
                ui_.label(txt);
            }
            ui_.small("(underlined: Prussia wins duel ties, 4.3c)");
        });
        if let Some(a) = active {
            ui_.label(egui::RichText::new(format!("{} to act", a.name())).strong());
        }
        let ap = |i: usize| if g.ap_removed[i] { "marker removed".to_string() } else { format!("{} AP", g.ap[i]) };
        ui_.label(format!("Ammunition: Austria {} · Prussia {} (6.1)", ap(0), ap(1)));
        let vp = flow::victory_points(rules, &st);
        ui_.label(format!("VP so far: Austria {} · Prussia {} (7.0)", vp[0], vp[1]));
        if let Some(cap) = g.cap {
            ui_.label(format!("Moves/attacks left after the pass: {cap}"));
        }
        ui_.separator();
        ui_.horizontal_wrapped(|ui_| {
            ui_.label(&ui.core.message);
            // a refusal links to the case it cites
            let refusal = ui.core.message.starts_with("Refused") || ui.core.message.starts_with("Not allowed");
            if refusal && !ui.core.message_rule.is_empty() && ui_.small_button(&ui.core.message_rule).clicked() {
                ui.core.rules_open = true;
                ui.core.rules_query = ui.core.message_rule.clone();
            }
        });
        ui_.small(hint(rules, &st));
        if let Some(u) = ui.selected {
            let d = &rules.units[u as usize];
            let s = &st.units[u as usize];
            let state = match d.kind {
                Kind::Infantry => if s.march { "March" } else { "Battle" },
                Kind::Cavalry => if s.exhausted { "Exhausted" } else { "Fresh" },
            };
            ui_.label(format!("{} — {} · {} · ER {} · MA {}", d.name, d.side.name(), state, d.er, rules::ma_half(rules, &st, u) as f32 / 2.0));
        }
        // step-specific controls
        if st.g.step == Step::HqPlacement && st.g.pending.is_empty() {
            ui_.horizontal_wrapped(|ui_| {
                for (i, h) in rules.hqs.iter().enumerate() {
                    if Some(h.side) == active && !st.hqs[i].placed && ui_.selectable_label(ui.hq == Some(i as u8), &h.name).clicked() {
                        ui.hq = Some(i as u8);
                    }
                }
            });
            ui_.checkbox(&mut ui.hq_battle, "Battle mode (smaller range, +ER in combat)");
        }
        if matches!(st.g.step, Step::BlownSelect(_) | Step::BlownReturn(_)) {
            for c in &legal {
                if let KgCommand::SelectReturning { unit } = c
                    && ui_.button(format!("Return {}", rules.units[*unit as usize].name)).clicked() {
                        ui.core.outbox.push(c.clone());
                    }
            }
            for u in &st.g.returning {
                if ui_.selectable_label(ui.selected == Some(*u), format!("Place {}", rules.units[*u as usize].name)).clicked() {
                    ui.selected = Some(*u);
                }
            }
        }
        if let Some(Pending::Artillery { attacker, defender, .. }) = st.g.pending.last() {
            let who = active.unwrap_or(Side::Prussia);
            if ui.handover_ok != Some(who) {
                ui_.colored_label(egui::Color32::YELLOW, format!("Hand the mouse to the {} player: the choice is secret (4.3a).", who.name()));
                if ui_.button(format!("I am {}", who.name())).clicked() {
                    ui.handover_ok = Some(who);
                }
            } else {
                ui_.label(format!("{}: Artillery Support for {} vs {}?", who.name(), rules.units[*attacker as usize].name, rules.units[*defender as usize].name));
                for c in &legal {
                    if let KgCommand::Artillery { support } = c {
                        let label = if *support { "Support (+2, 1 AP)" } else { "No support" };
                        if ui_.button(label).clicked() {
                            ui.core.outbox.push(c.clone());
                            ui.handover_ok = None;
                        }
                    }
                }
            }
        }
        ui_.horizontal(|ui_| {
            if legal.contains(&KgCommand::Pass) {
                let label = match st.g.step {
                    Step::Organize(_) => "Done",
                    Step::ExitEzoc => "Decline exits",
                    Step::BlownReturn(_) => "Leave on the track",
                    _ => "Pass",
                };
                if ui_.button(label).clicked() {
                    ui.core.outbox.push(KgCommand::Pass);
                    ui.selected = None;
                }
            }
            game_buttons(ui_, &mut ui.core, &mut next);
        });
        // 4.2f, 4.3.5: what a first pass rolls for, from the roll's own modifiers
        if matches!(st.g.step, Step::Movement | Step::Attack)
            && legal.contains(&KgCommand::Pass)
            && let Some(side) = flow::active_side(rules, &st)
            && !st.g.passed[side.other().idx()]
        {
            let (_, rule, mods) = flow::pass_cap_roll(rules, &st, side);
            let add: i32 = mods.iter().map(|m| m.1).sum();
            let things = if rule == "4.2f" { "moves" } else { "attacks" };
            ui_.small(format!(
                "If {} passes now it rolls 1d6{}: {} may then make {} to {} more {things}, each 1 in 6 ({rule}).",
                side.name(),
                if add > 0 { format!(" + {add}") } else { String::new() },
                side.other().name(),
                1 + add,
                6 + add,
            ));
        }
        ui_.small("Ctrl+S save · Ctrl+O load · Ctrl+Z undo · F fit · WASD/right-drag pan · wheel zoom");
    });
    // exact odds before committing an attack
    if let (Some(a), Some(h)) = (ui.selected, hovered.0) {
        if let Some(d) = view.occupant(&rules.map, h)
            && legal.contains(&KgCommand::Attack {
                attacker: a,
                defender: d,
            })
        {
            egui::Window::new("Attack odds")
                .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
                .show(ctx, |ui_| {
                    let (am, dm) = combat::modifiers(rules, &st, a, d);
                    ui_.label(format!(
                        "{} attacks {}",
                        rules.units[a as usize].name, rules.units[d as usize].name
                    ));
                    for (who, list) in [("Attacker", &am), ("Defender", &dm)] {
                        ui_.strong(who);
                        for m in list.iter() {
                            ui_.horizontal(|ui_| {
                                ui_.label(format!("  {:+}  {}", m.value, m.label));
                                if ui_.small_button(&m.rule).clicked() {
                                    ui.core.rules_open = true;
                                    ui.core.rules_query = m.rule.clone();
                                }
                            });
                        }
                    }
                    egui::Grid::new("odds").striped(true).show(ui_, |g| {
                        g.label("artillery (att/def)");
                        g.label("stalemate");
                        g.label("def R/B/E");
                        g.label("att R/B/E");
                        g.end_row();
                        // only choices each side can make (6.2: never cavalry; 4.3a: not at 0 AP)
                        let cases = [(false, false), (true, false), (false, true), (true, true)]
                            .into_iter()
                            .filter(|(aa, da)| {
                                (!aa || combat::may_support(rules, &st, a))
                                    && (!da || combat::may_support(rules, &st, d))
                            });
                        for (aa, da) in cases {
                            let o = combat::odds(rules, &st, a, d, aa, da);
                            g.label(format!(
                                "{} / {}",
                                if aa { "yes" } else { "no" },
                                if da { "yes" } else { "no" }
                            ));
                            g.label(pct(o.stalemate));
                            g.label(format!(
                                "{} {} {}",
                                pct(o.defender[0]),
                                pct(o.defender[1]),
                                pct(o.defender[2])
                            ));
                            g.label(format!(
                                "{} {} {}",
                                pct(o.attacker[0]),
                                pct(o.attacker[1]),
                                pct(o.attacker[2])
                            ));
                            g.end_row();
                        }
                    });
                });
        }
    } else if let Some(h) = hovered.0
        && let Some(u) = view.occupant(&rules.map, h)
    {
        let d = &rules.units[u as usize];
        egui::Window::new("Unit")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui_| {
                ui_.strong(&d.name);
                ui_.label(format!(
                    "{} · {:?} · {}",
                    d.side.name(),
                    d.kind,
                    rules.army(&d.army).map(|a| a.name.as_str()).unwrap_or("")
                ));
                ui_.label(format!(
                    "Efficiency {} · MA {}",
                    "*".repeat(d.er as usize),
                    rules::ma_half(rules, &st, u) as f32 / 2.0
                ));
                ui_.label(format!("Hex {h}, {:?}", rules.map.terrain(h)));
                ui_.small("Values reconstructed (see docs/games/koniggratz.md)");
            });
    }
    let clicks =
        crate::gui::panels::log_window(ctx, log.as_deref(), dice.as_deref(), &|t| format!("T{t}"));
    if let Some(rule) = clicks.rule {
        ui.core.rules_open = true;
        ui.core.rules_query = rule;
    }
    egui::Window::new("Forces")
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .default_open(false)
        .show(ctx, |ui_| {
            ui_.strong("Reinforcements (4.2a)");
            for (i, d) in rules.units.iter().enumerate() {
                if let (Loc::Off, Some(e)) = (st.units[i].loc, &d.entry) {
                    ui_.label(format!("T{} {} — {}", e.turn, e.hex, d.name));
                }
            }
            ui_.strong("Blown (4.3.3) and eliminated");
            for (i, d) in rules.units.iter().enumerate() {
                match st.units[i].loc {
                    Loc::Blown(t) => {
                        ui_.label(format!("{} — back on turn {t}", d.name));
                    }
                    Loc::Eliminated => {
                        ui_.label(format!("{} — eliminated", d.name));
                    }
                    _ => {}
                }
            }
        });
    if let Some(mut lesson) = lesson {
        let clicks = crate::gui::panels::lesson_window(ctx, &mut lesson);
        if let Some(k) = clicks.step {
            ui.core.request = Some(UiRequest::LessonStep(k));
        }
        if clicks.restart {
            ui.core.request = Some(UiRequest::RestartLesson);
        }
        if clicks.menu {
            next.set(AppState::Menu);
        }
    }
    let cases = super::reference::cases();
    let mut open = ui.core.rules_open;
    let mut q = std::mem::take(&mut ui.core.rules_query);
    crate::gui::panels::rules_window(ctx, &mut open, &mut q, &cases);
    ui.core.rules_open = open;
    ui.core.rules_query = q;
    if ui.core.show_charts {
        egui::Window::new("Charts: CRT (4.3e) and TEC (3.9)").show(ctx, |ui_| {
            egui::Grid::new("crt").striped(true).show(ui_, |g| {
                for (d, r) in [
                    ("0", "Stalemate"),
                    ("1-2", "Loser retreats 3 hexes (blown if it cannot)"),
                    ("3-4", "Loser blown (eliminated on turns 6-7)"),
                    ("5+", "Loser eliminated"),
                ] {
                    g.label(d);
                    g.label(r);
                    g.end_row();
                }
            });
            ui_.separator();
            egui::Grid::new("tec").striped(true).show(ui_, |g| {
                for row in [
                    ["Terrain", "Move cost", "Defence", "Notes"],
                    ["Clear", "1", "0", ""],
                    ["Woods", "2", "+1", "3.9.8"],
                    [
                        "Swamp hexside",
                        "+2",
                        "-",
                        "no Battle formation, no attacks, blocks ZOC/ZOI (3.9.1)",
                    ],
                    ["Bridge", "+1", "-2 attacker", "blocks ZOC/ZOI (3.9.2)"],
                    ["Minor river", "+1", "+1", "3.9.5"],
                    ["Major river", "-", "-", "bridges only (3.9.6)"],
                    [
                        "Road",
                        "1/2 per hex",
                        "-",
                        "whole move on road in March (3.9.3)",
                    ],
                    ["Town", "other terrain", "+2", "3.9.7"],
                ] {
                    for cell in row {
                        g.label(cell);
                    }
                    g.end_row();
                }
            });
        });
    }
    if st.g.step == Step::GameOver {
        egui::Window::new("Game over").anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui_| {
            let [a, p] = st.g.vp;
            ui_.heading(format!("{} wins", st.g.winner.map(|w| w.name()).unwrap_or("nobody")));
            ui_.label(format!("Austria {a} VP · Prussia {p} VP (7.0: 1 per blown or eliminated enemy unit plus its stars; ties to Austria)"));
            for (i, d) in rules.units.iter().enumerate() {
                if matches!(st.units[i].loc, Loc::Blown(_) | Loc::Eliminated) {
                    ui_.label(format!("{} lost: {} VP to {}", d.name, 1 + d.er, d.side.other().name()));
                }
            }
            if ui_.button("Main menu").clicked() {
                next.set(AppState::Menu);
            }
        });
    }
    Ok(())
}
