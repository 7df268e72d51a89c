//! Trautenau – Soor on screen: counters with their facing, commanders and markers drawn on
//! their entities; legal targets lit from the one legal-command list; front and flank
//! hexes of the selected unit; the line of sight of a barrage (and the hex that blocks
//! it); the activation cup, the turn track with its night turns, the assault builder, the
//! defender's split of points, exact odds; the log and the rules reference. Never mutates
//! game state: it only sends commands.

use super::Trautenau;
use super::combat;
use super::data::{Arm, Side, TsRules};
use super::ecs::*;
use super::flow;
use super::los;
use super::rules;
use super::state::*;
use crate::engine::dice::Dice;
use crate::engine::game_ecs::*;
use crate::engine::hexmap::{Coord, Dir, HexMap};
use crate::engine::log::GameLog;
use std::sync::Arc;

use crate::gui::AppState;
use crate::gui::board::{HexClicked, Highlight, HoveredHex, S, clear_highlights, to_world};
use crate::gui::game_ui::*;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

#[derive(Resource, Default)]
pub struct TsUi {
    pub selected: Option<UnitId>,
    pub leader: Option<LeaderId>,
    pub drawn_rev: u64,
    pub drawn_sel: (
        Option<UnitId>,
        Option<LeaderId>,
        Option<Coord>,
        Option<usize>,
    ),
    /// Message, options, requests, outbox and autosave revision, as in every game.
    pub core: UiCore<TsCommand>,
    /// Assault builder: target and the points each unit commits (9.5.1).
    pub builder: Option<Builder>,
    /// The defender's shares in a coordinated assault and the supporting battery.
    pub split: Vec<u8>,
    pub support: Option<UnitId>,
    /// 9.5.1: units outside the assaulted hex that join the defensive fire.
    pub helpers: Vec<UnitId>,
    /// 9.5.13: the defending commander keeps his bonus back.
    pub def_hold_back: bool,
    /// 9.5.12 / 9.5.13: commanders ticked to go along with an advance.
    pub along: Vec<LeaderId>,
    /// Rolls already shown (a new roll shows its result in the panel).
    pub shown_rolls: usize,
}

#[derive(Clone, Debug)]
pub struct Builder {
    pub target: Coord,
    pub units: Vec<(UnitId, u8, bool)>,
    pub coordinate: bool,
    /// 9.5.13: the stacked formation commander keeps his bonus (and himself) back.
    pub hold_back: bool,
}

/// A lesson in progress (learn to play): its steps and where the player is.
pub type ActiveLesson = crate::engine::tutorial::ActiveLesson<TsCommand>;

#[derive(Component)]
struct FacingArrow;

#[derive(Component)]
struct CounterFace(UnitId);

#[derive(Component)]
struct LeaderFace(LeaderId);

pub struct TsUiPlugin;

impl Plugin for TsUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TrautenauPlugin)
            .init_resource::<TsUi>()
            .add_systems(
                Update,
                (
                    decorate,
                    place_pieces,
                    counter_faces,
                    handle_clicks,
                    turn_with_wheel,
                    keys::<Trautenau>,
                    dispatch::<Trautenau>,
                    show_outcomes::<Trautenau>,
                    highlights,
                    autosave_on_change::<Trautenau>,
                )
                    .chain()
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<TsRulesRes>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                panels
                    .run_if(in_state(AppState::InGame))
                    .run_if(resource_exists::<TsRulesRes>),
            )
            .add_systems(OnExit(AppState::InGame), leave_game::<Trautenau>);
    }
}

/// Text on a counter: the livery's ink (src/gui/counters.rs).
fn text_colour(s: Side) -> Color {
    match s {
        Side::Austria => crate::gui::counters::AUSTRIA.ink,
        Side::Prussia => crate::gui::counters::PRUSSIA.ink,
    }
}

/// A colour band per formation (1.2.3), from a fixed palette.
fn formation_colour(i: usize, independent: bool) -> Color {
    if independent {
        return Color::srgb(0.55, 0.55, 0.55);
    }
    const P: [(f32, f32, f32); 8] = [
        (0.80, 0.20, 0.20),
        (0.20, 0.60, 0.25),
        (0.90, 0.70, 0.10),
        (0.55, 0.30, 0.75),
        (0.15, 0.65, 0.80),
        (0.90, 0.45, 0.15),
        (0.60, 0.40, 0.25),
        (0.85, 0.35, 0.60),
    ];
    let (r, g, b) = P[i % P.len()];
    Color::srgb(r, g, b)
}

/// Counter side length in world units.
const CW: f32 = S * 1.2;

/// The face of a unit in the shared counter layout (src/gui/counters.rs): side livery,
/// formation band, NATO symbol by arm, size from the unit's name (battalions II,
/// batteries I, regiments III), losses as red pips; disorganised is the back side.
fn ts_face(r: &TsRules, u: UnitId, s: Option<&UnitState>) -> crate::gui::counters::Face {
    use crate::gui::counters::{self as cf, Face, Size};
    let d = &r.units[u as usize];
    let f = r.unit_formation[u as usize];
    let size = if d.arm == Arm::Artillery {
        Size::Bars(1)
    } else if d.name.contains("Bn") {
        Size::Bars(2)
    } else if d.name.starts_with("Brigade") {
        Size::Crosses(1)
    } else {
        Size::Bars(3)
    };
    Face {
        livery: match d.side {
            Side::Austria => cf::AUSTRIA,
            Side::Prussia => cf::PRUSSIA,
        },
        band: Some(formation_colour(f, r.formations[f].independent)),
        arm: match d.arm {
            Arm::Infantry => cf::Arm::Infantry,
            Arm::Light => cf::Arm::LightInfantry,
            Arm::Cavalry => cf::Arm::Cavalry,
            Arm::Artillery => cf::Arm::Artillery,
        },
        size,
        flipped: s.is_some_and(|s| s.disorg),
        stars: 0,
        hits: s.map(|s| s.losses).unwrap_or(0),
        w: CW,
    }
}

/// The face mesh of a unit's counter (swapped when it flips or takes losses).
#[derive(Component)]
struct FaceMesh;

/// The counter font has no umlauts: spell them out.
fn plain(s: &str) -> String {
    s.replace('ä', "ae")
        .replace('ö', "oe")
        .replace('ü', "ue")
        .replace('Ä', "Ae")
        .replace('Ö', "Oe")
        .replace('Ü', "Ue")
        .replace(['č', 'ć'], "c")
}

fn dir_angle(d: Dir) -> f32 {
    // world y grows north; N is up, clockwise.
    let deg = match d {
        Dir::N => 90.0,
        Dir::NE => 30.0,
        Dir::SE => -30.0,
        Dir::S => -90.0,
        Dir::SW => -150.0,
        Dir::NW => 150.0,
    };
    f32::to_radians(deg)
}

/// Counters (shared layout: one mesh; name and values as text when zoomed in; the
/// facing pointer) and commander markers (a flag) are drawn by the program.
fn decorate(
    mut commands: Commands,
    rules: Res<TsRulesRes>,
    new: Query<(Entity, &Counter, Option<&UnitStatus>), Added<Counter>>,
    new_l: Query<(Entity, &Leader), Added<Leader>>,
    mut art: crate::gui::counters::CounterArt,
    font: Option<Res<crate::gui::board::MapFont>>,
) {
    use crate::gui::counters::{self as cf, ZoomText};
    let r = &rules.0;
    let font = font.map(|f| f.0.clone());
    let mut pointer = crate::gui::draw::Batch::default();
    pointer.convex(
        &[
            Vec2::new(S * 0.30, 0.0),
            Vec2::new(0.0, S * 0.16),
            Vec2::new(0.0, -S * 0.16),
        ],
        Color::srgb(0.05, 0.05, 0.05),
    );
    pointer.convex(
        &[
            Vec2::new(S * 0.25, 0.0),
            Vec2::new(S * 0.03, S * 0.11),
            Vec2::new(S * 0.03, -S * 0.11),
        ],
        Color::srgb(0.90, 0.12, 0.10),
    );
    let pointer = art.shapes(pointer);
    for (e, c, status) in &new {
        let d = &r.units[c.id as usize];
        // the counter font has no umlauts: spell them out
        let short: String = d.name.chars().take(18).collect();
        let face = ts_face(r, c.id, status.map(|s| &s.0));
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((
                    FaceMesh,
                    art.bundle(&face),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                p.spawn((
                    ZoomText,
                    Text2d::new(short),
                    cf::text_font(font.as_ref(), 7.0),
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::name_y(CW), 0.2),
                ));
                p.spawn((
                    ZoomText,
                    CounterFace(c.id),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(7.5),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, cf::values_y(CW), 0.2),
                ));
                p.spawn((
                    FacingArrow,
                    pointer.clone(),
                    Transform::from_xyz(0.0, 0.0, 0.3),
                ));
            });
    }
    for (e, l) in &new_l {
        let d = &r.leaders[l.id as usize];
        let chief = matches!(d.kind, super::data::LeaderKind::Chief { .. });
        let initials: String = plain(d.name.split(" (").next().unwrap_or(&d.name))
            .split_whitespace()
            .last()
            .unwrap_or("")
            .chars()
            .take(4)
            .collect();
        let face = cf::Face {
            livery: match d.side {
                Side::Austria => cf::AUSTRIA,
                Side::Prussia => cf::PRUSSIA,
            },
            band: chief.then_some(Color::srgb(0.85, 0.68, 0.15)),
            arm: cf::Arm::Hq,
            size: cf::Size::None,
            flipped: false,
            stars: 0,
            hits: 0,
            w: S * 0.62,
        };
        let ink = face.livery.ink;
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::Hidden))
            .with_children(|p| {
                p.spawn((art.bundle(&face), Transform::default()));
                p.spawn((
                    ZoomText,
                    LeaderFace(l.id),
                    Text2d::new(initials),
                    TextFont {
                        font_size: FontSize::Px(5.0),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, -S * 0.21, 0.1),
                ));
            });
    }
}

/// Offsets inside a hex for a stack of up to three counters.
fn stack_offset(k: usize) -> Vec2 {
    Vec2::new(S * 0.16, S * 0.16) * k.min(3) as f32
}

#[allow(clippy::type_complexity)]
fn place_pieces(
    mut commands: Commands,
    rules: Res<TsRulesRes>,
    rev: Res<Revision<Trautenau>>,
    ui: Res<TsUi>,
    mut last: Local<(u64, Option<UnitId>)>,
    mut units: Query<
        (
            Entity,
            &Counter,
            &UnitStatus,
            &mut Transform,
            &mut Visibility,
            &Children,
        ),
        Without<Leader>,
    >,
    mut leaders: Query<(&Leader, &LeaderStatus, &mut Transform, &mut Visibility), Without<Counter>>,
    mut arrows: Query<&mut Transform, (With<FacingArrow>, Without<Counter>, Without<Leader>)>,
    added: Query<(), Added<Children>>,
) {
    if *last == (rev.0, ui.selected) && added.is_empty() {
        return;
    }
    *last = (rev.0, ui.selected);
    let _ = &rules;
    let mut count: std::collections::BTreeMap<Coord, usize> = Default::default();
    let mut list: Vec<(UnitId, Coord)> = units
        .iter()
        .filter_map(|(_, c, s, ..)| s.0.loc.hex().map(|h| (c.id, h)))
        .collect();
    list.sort();
    let mut slot = std::collections::BTreeMap::new();
    for (u, h) in list {
        let k = count.entry(h).or_insert(0);
        slot.insert(u, *k);
        *k += 1;
    }
    for (e, c, s, mut t, mut v, children) in &mut units {
        match s.0.loc {
            Loc::Map(h) => {
                let k = slot.get(&c.id).copied().unwrap_or(0);
                let n = count.get(&h).copied().unwrap_or(1);
                let (off, z, scale) = crate::gui::counters::lift(ui.selected == Some(c.id), CW);
                t.translation =
                    (to_world(h) + stack_offset(k) + off).extend(2.0 + k as f32 * 0.5 + z);
                t.scale = Vec3::splat(scale);
                *v = Visibility::Visible;
                commands.entity(e).insert(crate::gui::counters::InStack {
                    slot: k as u8,
                    count: n as u8,
                });
                let a = dir_angle(s.0.facing);
                for ch in children.iter() {
                    if let Ok(mut at) = arrows.get_mut(ch) {
                        let off = Vec2::from_angle(a) * (S * 0.58);
                        at.translation = off.extend(0.3);
                        at.rotation = Quat::from_rotation_z(a);
                    }
                }
            }
            _ => {
                *v = Visibility::Hidden;
                commands.entity(e).remove::<crate::gui::counters::InStack>();
            }
        }
    }
    let mut lcount: std::collections::BTreeMap<Coord, usize> = Default::default();
    for (l, s, mut t, mut v) in &mut leaders {
        match s.0.loc {
            Loc::Map(h) => {
                let k = lcount.entry(h).or_insert(0);
                let off = Vec2::new(-S * 0.45 + *k as f32 * S * 0.3, S * 0.45);
                *k += 1;
                t.translation = (to_world(h) + off).extend(4.5 + l.id as f32 * 0.01);
                *v = Visibility::Visible;
            }
            _ => *v = Visibility::Hidden,
        }
    }
}

/// The changing face of counters: values, disorganised side, losses, demoralised; OOC
/// and aide-de-camp markers on commanders.
fn counter_faces(
    rules: Res<TsRulesRes>,
    rev: Res<Revision<Trautenau>>,
    mut last: Local<u64>,
    globals: Res<TsGlobals>,
    units: Query<(&Counter, &UnitStatus)>,
    markers: Query<(&FormationMarker, &MarkerStatus)>,
    leaders: Query<(&Leader, &LeaderStatus)>,
    mut faces: Query<(&CounterFace, &mut Text2d, &mut TextColor), Without<LeaderFace>>,
    mut lfaces: Query<(&LeaderFace, &mut Text2d), Without<CounterFace>>,
    with_children: Query<(&Counter, &UnitStatus, &Children)>,
    mut face_meshes: Query<&mut Mesh2d, With<FaceMesh>>,
    mut art: crate::gui::counters::CounterArt,
) {
    if *last == rev.0 && !faces.iter().any(|(_, t, _)| t.0.is_empty()) {
        return;
    }
    *last = rev.0;
    // the drawn face: flipped when disorganised, a pip per step loss
    for (c, s, children) in &with_children {
        let mesh = art.mesh(&ts_face(&rules.0, c.id, Some(&s.0)));
        for ch in children.iter() {
            if let Ok(mut m) = face_meshes.get_mut(ch)
                && m.0 != mesh
            {
                m.0 = mesh.clone();
            }
        }
    }
    let _ = &globals;
    let r = &rules.0;
    let mut demo = vec![false; r.formations.len()];
    for (m, s) in &markers {
        demo[m.id] = s.0.demoralised && !r.formations[m.id].independent;
    }
    let mut st = vec![None; r.units.len()];
    for (c, s) in &units {
        st[c.id as usize] = Some(s.0);
    }
    for (f, mut t, mut col) in &mut faces {
        let Some(Some(s)) = st.get(f.0 as usize) else {
            continue;
        };
        let d = &r.units[f.0 as usize];
        let mut txt = if d.arm == Arm::Artillery {
            format!("{}-{}-{} r{}", d.combat, d.morale, d.movement, d.range)
        } else {
            format!(
                "{}{}-{}-{}",
                d.combat,
                if d.heavy { "*" } else { "" },
                d.morale,
                d.movement
            )
        };
        if s.disorg {
            txt = format!("DIS {txt}");
        }
        if s.losses > 0 {
            txt = format!("{txt}\n-{} loss", s.losses);
        }
        if demo[r.unit_formation[f.0 as usize]] {
            txt = format!("{txt}\nDEMOR");
        }
        if t.0 != txt {
            t.0 = txt;
        }
        col.0 = if s.disorg {
            Color::srgb(0.8, 0.1, 0.1)
        } else {
            text_colour(d.side)
        };
    }
    let mut ls = vec![None; r.leaders.len()];
    for (l, s) in &leaders {
        ls[l.id as usize] = Some(s.0);
    }
    for (f, mut t) in &mut lfaces {
        let Some(Some(s)) = ls.get(f.0 as usize) else {
            continue;
        };
        let d = &r.leaders[f.0 as usize];
        let base: String = plain(d.name.split(" (").next().unwrap_or(&d.name))
            .split_whitespace()
            .last()
            .unwrap_or("")
            .chars()
            .take(4)
            .collect();
        let txt = match (s.ooc, s.aide) {
            (true, _) => format!("{base}\nOOC"),
            (false, true) => format!("{base}\nADC"),
            _ => base,
        };
        if t.0 != txt {
            t.0 = txt;
        }
    }
}

impl GameUi for Trautenau {
    type Ui = TsUi;
    const UNDO_IN_LESSON: &'static str =
        "Undo is off during a lesson; use Replay previous step instead.";

    fn core(ui: &TsUi) -> &UiCore<TsCommand> {
        &ui.core
    }

    fn core_mut(ui: &mut TsUi) -> &mut UiCore<TsCommand> {
        &mut ui.core
    }

    fn map(rules: &TsRules) -> HexMap {
        rules.map.clone()
    }

    fn deselect(ui: &mut TsUi) {
        ui.selected = None;
        ui.leader = None;
        ui.builder = None;
    }

    fn applied(ui: &mut TsUi, cmd: &TsCommand) {
        if matches!(
            cmd,
            TsCommand::Done
                | TsCommand::Declare { .. }
                | TsCommand::Barrage { .. }
                | TsCommand::Evacuate { .. }
        ) {
            ui.selected = None;
        }
        if matches!(cmd, TsCommand::Declare { .. }) {
            ui.builder = None;
        }
        if matches!(cmd, TsCommand::Defend { .. }) {
            ui.split.clear();
            ui.support = None;
            ui.helpers.clear();
        }
    }

    /// FELDZUG_AUTOPLAY=movement|combat|rally|aide|barrage|defence|decide: random legal
    /// commands until that step
    /// (demos and screenshots); the game is still scenario + seed + commands.
    fn autoplay(world: &mut World, rules: &Arc<TsRules>, seed: u64) -> Vec<TsCommand> {
        let Ok(until) = std::env::var("FELDZUG_AUTOPLAY") else {
            return Vec::new();
        };
        use rand::SeedableRng;
        let mut g = super::PureGame::new(rules.clone(), seed);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let want = if until == "combat" {
            Step::Declare
        } else {
            Step::Movement
        };
        let rally = until == "rally";
        let aide = until == "aide";
        let ready = |g: &super::PureGame| {
            let any = |f: fn(&TsCommand) -> bool| g.legal().iter().any(f);
            match until.as_str() {
                "barrage" => {
                    return g.st.g.step == Step::Barrage
                        && any(|c| matches!(c, TsCommand::Barrage { .. }));
                }
                "defence" => {
                    return matches!(g.st.g.pending.first(), Some(Pending::Defence { .. }));
                }
                "decide" => return any(|c| matches!(c, TsCommand::Decide { .. })),
                _ => {}
            }
            if aide {
                return matches!(g.st.g.pending.first(), Some(Pending::PlaceAide { .. }));
            }
            if rally {
                return matches!(g.st.g.step, Step::Rally(_))
                    && g.legal()
                        .iter()
                        .any(|c| matches!(c, TsCommand::Rally { .. }));
            }
            g.st.g.step == want
                && g.st.g.pending.is_empty()
                && g.commands.len() > 3
                && (want != Step::Declare
                    || g.legal()
                        .iter()
                        .any(|c| matches!(c, TsCommand::Declare { .. })))
        };
        while !ready(&g) && !g.over() && g.commands.len() < 5000 {
            let legal = g.legal();
            let Some(c) = super::random_command(&g.rules, &g.st, &legal, &mut rng) else {
                break;
            };
            let _ = g.apply(&c);
        }
        // centre the view on the first possible assault (demos, screenshots)
        if let Some(TsCommand::Declare { target, .. }) = g
            .legal()
            .into_iter()
            .find(|c| matches!(c, TsCommand::Declare { .. }))
        {
            info!("autoplay: possible assault on {target}");
            world.resource_mut::<crate::gui::board::Focus>().0 = Some((target, 0.45));
        }
        g.commands
    }

    /// FELDZUG_SELECT=<unit id>: select it and centre the view on it (screenshots).
    fn started(world: &mut World, rules: &TsRules) {
        let select = std::env::var("FELDZUG_SELECT").ok().and_then(|id| {
            let u = rules.units.iter().position(|d| d.id == id)?;
            let st = gather(world)?;
            Some((u as UnitId, st.units[u].loc.hex()?))
        });
        // FELDZUG_AUTOPLAY=barrage without a selection: the first battery that may fire
        let select = select.or_else(|| {
            if std::env::var("FELDZUG_AUTOPLAY").ok()? != "barrage" {
                return None;
            }
            let st = gather(world)?;
            flow::legal_commands(rules, &st)
                .into_iter()
                .find_map(|c| match c {
                    TsCommand::Barrage { unit, .. } => {
                        Some((unit, st.units[unit as usize].loc.hex()?))
                    }
                    _ => None,
                })
        });
        if let Some((u, c)) = select {
            world.resource_mut::<crate::gui::board::Focus>().0 = Some((c, 0.45));
            world.resource_mut::<TsUi>().selected = Some(u);
        }
    }

    /// Centres the view on the first hex the lesson points at.
    fn lesson_opened(world: &mut World, lesson: &crate::engine::tutorial::Lesson<TsCommand>) {
        if let Some(c) = lesson.steps.iter().find_map(|s| match s.target {
            crate::engine::tutorial::Target::Hex(c) => Some(c),
            _ => None,
        }) {
            world.resource_mut::<crate::gui::board::Focus>().0 = Some((c, 0.5));
        }
    }
}

fn send(world: &mut World, cmd: TsCommand) {
    world.resource_mut::<TsUi>().core.outbox.push(cmd);
}

/// 9.5.13: the box that lets a stacked formation commander join a combat (ticked by
/// default); `hold_back` is true when the player keeps him out.
fn commander_box(ui_: &mut egui::Ui, name: &str, roll: &str, hold_back: &mut bool) {
    let mut joins = !*hold_back;
    ui_.checkbox(
        &mut joins,
        format!(
            "{name} joins in: his bonus to {roll}, and 2d6 for his life: a 2 or 12 kills him, {:.1}% (9.5.13)",
            combat::COMMANDER_FALL_CHANCE * 100.0
        ),
    );
    *hold_back = !joins;
}

/// The hex a command points at, for highlighting and clicking.
fn target(st: &TsState, c: &TsCommand) -> Option<Coord> {
    match c {
        TsCommand::MoveChief { to, .. }
        | TsCommand::Place { to, .. }
        | TsCommand::MoveLeader { to, .. }
        | TsCommand::Move { to, .. }
        | TsCommand::RetreatBefore { to, .. }
        | TsCommand::Retreat { to, .. } => Some(*to),
        TsCommand::Barrage { target, .. } => st.units[*target as usize].loc.hex(),
        TsCommand::Declare { target, .. } => Some(*target),
        TsCommand::PlaceAide { at, .. } => Some(*at),
        TsCommand::Rally { unit } | TsCommand::TakeCommand { unit } => {
            st.units.get(*unit as usize).and_then(|u| u.loc.hex())
        }
        _ => None,
    }
}

fn subject(c: &TsCommand) -> Option<UnitId> {
    match c {
        TsCommand::Barrage { unit, .. }
        | TsCommand::Move { unit, .. }
        | TsCommand::Face { unit, .. }
        | TsCommand::Evacuate { unit }
        | TsCommand::Retreat { unit, .. } => Some(*unit),
        TsCommand::Declare { units, .. } if units.len() == 1 => Some(units[0].0),
        TsCommand::Advance { unit, .. } => *unit,
        _ => None,
    }
}

fn leader_of(c: &TsCommand) -> Option<LeaderId> {
    match c {
        TsCommand::MoveChief { leader, .. } | TsCommand::MoveLeader { leader, .. } => Some(*leader),
        _ => None,
    }
}

/// Commands the current selection makes available.
fn candidates(rules: &TsRules, st: &TsState, ui: &TsUi) -> Vec<TsCommand> {
    let pending = !st.g.pending.is_empty() || st.g.step == Step::Redeploy;
    flow::legal_commands(rules, st)
        .into_iter()
        .filter(|c| {
            if pending {
                return true;
            }
            if let Some(l) = leader_of(c) {
                return Some(l) == ui.leader;
            }
            match c {
                TsCommand::Declare { units, .. } => {
                    units.len() == 1 && Some(units[0].0) == ui.selected
                }
                _ => match subject(c) {
                    Some(u) => Some(u) == ui.selected,
                    None => true,
                },
            }
        })
        .collect()
}

/// The facing a unit should take on arriving at `to`: the stack's facing if forced,
/// else the direction of the last step of its path, else its current facing.
fn natural_facing(
    options: &[TsCommand],
    st: &TsState,
    u: UnitId,
    to: Coord,
    path: &[Coord],
) -> Option<TsCommand> {
    let cur = st.units[u as usize].facing;
    let last = path
        .iter()
        .rev()
        .nth(1)
        .copied()
        .or(st.units[u as usize].loc.hex());
    let want = last.and_then(|p| Dir::between(p, to)).unwrap_or(cur);
    let mine: Vec<&TsCommand> = options
        .iter()
        .filter(|c| matches!(c, TsCommand::Move { unit, to: t, .. } if *unit == u && *t == to))
        .collect();
    mine.iter()
        .find(|c| matches!(c, TsCommand::Move { facing, .. } if *facing == want))
        .or_else(|| mine.first())
        .map(|c| (*c).clone())
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
    let rules = world.resource::<TsRulesRes>().0.clone();
    let Some(st) = gather(world) else { return };
    let view = rules::view(&rules, &st);
    for hex in clicks {
        let ui = world.resource::<TsUi>();
        let cands = candidates(&rules, &st, ui);
        let hits: Vec<TsCommand> = cands
            .iter()
            .filter(|c| target(&st, c) == Some(hex))
            .cloned()
            .collect();
        let active = flow::active_side(&rules, &st);
        let own: Vec<UnitId> = view
            .units_at(hex)
            .iter()
            .copied()
            .filter(|u| Some(rules.units[*u as usize].side) == active)
            .collect();
        // 13.2: one click places the next unit (facing north, or its stack's).
        if st.g.step == Step::Redeploy
            && let Some(c) = hits
                .iter()
                .find(|c| matches!(c, TsCommand::Place { facing: Dir::N, .. }))
                .or(hits.first())
        {
            send(world, c.clone());
            continue;
        }
        // Moves: one click picks the natural facing; the wheel turns it afterwards.
        let move_hits: Vec<&TsCommand> = hits
            .iter()
            .filter(|c| matches!(c, TsCommand::Move { .. }))
            .collect();
        if let (Some(u), false) = (ui.selected, move_hits.is_empty()) {
            let path = rules::destinations(&rules, &st, &view, u, flow::rules_hour(&st))
                .into_iter()
                .find(|d| d.hex == hex)
                .map(|d| d.path)
                .unwrap_or_default();
            if let Some(c) = natural_facing(&cands, &st, u, hex, &path) {
                send(world, c);
                world.resource_mut::<TsUi>().core.message.clear();
                continue;
            }
        }
        let first_kind: Vec<TsCommand> = match hits.first() {
            // 9.5.4: with a unit of the defending stack selected, only it falls back
            Some(TsCommand::RetreatBefore { .. }) => {
                let sel = ui.selected;
                let pick = hits
                    .iter()
                    .find(|c| matches!(c, TsCommand::RetreatBefore { unit, .. } if sel.is_some() && *unit == sel))
                    .or_else(|| {
                        hits.iter().find(
                            |c| matches!(c, TsCommand::RetreatBefore { unit: None, .. }),
                        )
                    })
                    .or(hits.first());
                pick.into_iter().cloned().collect()
            }
            Some(TsCommand::Retreat { .. }) => {
                // keep the unit's facing when it may
                let cur = st.g.pending.first().and_then(|p| match p {
                    Pending::Retreat { units, .. } => {
                        units.first().map(|u| st.units[*u as usize].facing)
                    }
                    _ => None,
                });
                let keep: Vec<TsCommand> = hits
                    .iter()
                    .filter(|c| matches!(c, TsCommand::Retreat { facing, .. } | TsCommand::RetreatBefore { facing, .. } if Some(*facing) == cur))
                    .cloned()
                    .collect();
                if keep.is_empty() {
                    hits.iter().take(1).cloned().collect()
                } else {
                    keep
                }
            }
            Some(TsCommand::Barrage { .. }) => hits
                .iter()
                .filter(|c| matches!(c, TsCommand::Barrage { turn: None, .. }))
                .take(1)
                .cloned()
                .collect(),
            _ => hits.clone(),
        };
        if first_kind.len() == 1
            || (!first_kind.is_empty()
                && first_kind.iter().all(|c| {
                    matches!(
                        c,
                        TsCommand::MoveChief { .. } | TsCommand::MoveLeader { .. }
                    )
                }))
        {
            send(world, first_kind[0].clone());
            let mut ui = world.resource_mut::<TsUi>();
            ui.core.message.clear();
            if matches!(
                first_kind[0],
                TsCommand::MoveChief { .. } | TsCommand::MoveLeader { .. }
            ) {
                ui.leader = None;
            }
        } else if st.g.step == Step::Declare
            && st.g.pending.is_empty()
            && view.side_at(hex).is_some()
            && view.side_at(hex) != active
        {
            // open the assault builder on this hex with every unit that may assault it
            let legal = flow::legal_commands(&rules, &st);
            let mut units: Vec<(UnitId, u8, bool)> = Vec::new();
            for c in &legal {
                if let TsCommand::Declare {
                    target, units: us, ..
                } = c
                    && *target == hex
                    && us.len() == 1
                    && !units.iter().any(|x| x.0 == us[0].0)
                {
                    units.push((
                        us[0].0,
                        us[0].1,
                        Some(us[0].0) == world.resource::<TsUi>().selected
                            || world.resource::<TsUi>().selected.is_none(),
                    ));
                }
            }
            let mut ui = world.resource_mut::<TsUi>();
            if units.is_empty() {
                ui.core.message = format!(
                    "No unit of the active formation has {hex} in its front hexes (9.5.1)."
                );
                ui.core.message_rule = "9.5.1".into();
            } else {
                ui.builder = Some(Builder {
                    target: hex,
                    units,
                    coordinate: false,
                    hold_back: false,
                });
                ui.core.message =
                    format!("Assault on {hex}: choose the units and points in the Assault panel.");
            }
        } else if !own.is_empty() {
            let mut ui = world.resource_mut::<TsUi>();
            // clicking a stack again cycles through its units
            let next = match ui.selected.and_then(|s| own.iter().position(|&u| u == s)) {
                Some(i) => own[(i + 1) % own.len()],
                None => own[0],
            };
            ui.selected = Some(next);
            ui.leader = None;
            ui.core.message = format!("Selected {}", rules.units[next as usize].name);
        } else if let Some(sel) = world.resource::<TsUi>().selected {
            let cmd = match st.g.step {
                Step::Barrage => match view.units_at(hex).first() {
                    Some(&t) => TsCommand::Barrage {
                        unit: sel,
                        target: t,
                        turn: None,
                    },
                    None => TsCommand::Move {
                        unit: sel,
                        to: hex,
                        facing: st.units[sel as usize].facing,
                    },
                },
                _ => TsCommand::Move {
                    unit: sel,
                    to: hex,
                    facing: st.units[sel as usize].facing,
                },
            };
            let r = flow::check(&rules, &st, &cmd)
                .err()
                .unwrap_or_else(|| Refusal::new("", "allowed"));
            let mut ui = world.resource_mut::<TsUi>();
            ui.core.message = format!("Not allowed: {}", r.reason);
            ui.core.message_rule = r.rule.clone();
        } else {
            world.resource_mut::<TsUi>().core.message =
                format!("{hex}: nothing to do here now. {}", hint(&rules, &st));
        }
    }
}

/// Shift + mouse wheel (or Q / E) turns the selected unit one hexside (4).
fn turn_with_wheel(world: &mut World) {
    let (shift, q, e) = {
        let k = world.resource::<ButtonInput<KeyCode>>();
        (
            k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
            k.just_pressed(KeyCode::KeyQ),
            k.just_pressed(KeyCode::KeyE),
        )
    };
    let wheel = world.resource::<AccumulatedMouseScroll>().delta.y;
    let steps: i32 = if q {
        -1
    } else if e {
        1
    } else if shift && wheel.abs() > 0.0 {
        if wheel > 0.0 { -1 } else { 1 }
    } else {
        0
    };
    if steps == 0 {
        return;
    }
    let Some(u) = world.resource::<TsUi>().selected else {
        return;
    };
    let rules = world.resource::<TsRulesRes>().0.clone();
    let Some(st) = gather(world) else { return };
    let cur = st.units[u as usize].facing;
    let want = Dir::ALL[((cur.index() as i32 + steps).rem_euclid(6)) as usize];
    let cmd = TsCommand::Face {
        unit: u,
        facing: want,
    };
    match flow::check(&rules, &st, &cmd) {
        Ok(()) => send(world, cmd),
        Err(r) => {
            let mut ui = world.resource_mut::<TsUi>();
            ui.core.message = format!("Not allowed: {}", r.reason);
            ui.core.message_rule = r.rule;
        }
    }
}

fn hint(rules: &TsRules, st: &TsState) -> String {
    let who = flow::active_side(rules, st)
        .map(|s| s.name())
        .unwrap_or("nobody");
    if let Some(p) = st.g.pending.first() {
        return match p {
            Pending::Defence { .. } => format!(
                "{who}: defend (share your points in the panel) or fall back before combat by clicking a lit hex (9.5.3, 9.5.4)."
            ),
            Pending::Retreat { units, .. } => format!(
                "{who}: click a lit hex to retreat {} (9.5.8).",
                units
                    .first()
                    .map(|u| rules.units[*u as usize].name.as_str())
                    .unwrap_or("")
            ),
            Pending::Advance { .. } => {
                format!("{who}: choose the attacker that advances in the panel (9.5.9).")
            }
            Pending::PlaceAide { leader } => format!(
                "{who}: {} falls; click a lit hex of his formation to put his aide de camp there (9.5.13).",
                rules.leaders[*leader as usize].name
            ),
        };
    }
    if let Some(d) = flow::decision_due(rules, st).and_then(|k| rules.decisions.get(k)) {
        return format!(
            "{who}: decide first, in the Decision window: {} ({}).",
            d.name, d.rule
        );
    }
    if st.g.step == Step::Movement
        && !flow::must_fall_back(rules, st, &rules::view(rules, st)).is_empty()
    {
        return format!(
            "{who}: the formation is demoralised: each unit that can must move closer to your map edge before the movement ends (10.2)."
        );
    }
    match st.g.step {
        Step::ChiefMove(_) => format!(
            "{who}: select your commander in chief in the panel, then a lit hex; or end (7.1)."
        ),
        Step::Redeploy => match st.g.to_place.first() {
            Some(u) => format!(
                "Austria: Bonin has fled. Click a lit hex to place {} (13.2).",
                rules.units[*u as usize].name
            ),
            None => {
                "Austria: name the one brigade that may act in the first two turns (13.2).".into()
            }
        },
        Step::ChooseFirst(_) => {
            format!("{who}: you won the initiative — pick the formation that acts first (8).")
        }
        Step::Barrage => format!(
            "{who}: select a battery, then a lit enemy unit in range and sight; or end barrages (9.2)."
        ),
        Step::Movement => format!(
            "{who}: select a unit, click a lit hex; Shift+wheel or Q/E turns it; end movement when done (9.3)."
        ),
        Step::Declare => format!(
            "{who}: click an enemy hex in front of your units to declare an assault; end declarations when done (9.5.1)."
        ),
        Step::Combat => {
            format!("{who}: resolve the declared assaults in the order you choose (9.5.3).")
        }
        Step::ChiefCommand => format!(
            "{who}: click a lit cut-off unit to put it under your commander in chief, or end (9.1.4)."
        ),
        Step::Rally(_) => format!(
            "{who}: click a lit disorganised unit (or use the Turn panel) to test it; end the rally when done (10.1)."
        ),
        Step::NightFallBack(_) => format!(
            "{who}: night. Select each marked unit in an enemy ZoC on open ground and click a lit hex to fall back (13.2)."
        ),
        Step::GameOver => "The game is over.".into(),
    }
}

/// Lights exactly the legal targets of the current selection (MP left on moves), the
/// front (blue) and flank (grey) hexes of the selected unit, and its hex.
fn highlights(world: &mut World) {
    let rev = world.resource::<Revision<Trautenau>>().0;
    let key = {
        let ui = world.resource::<TsUi>();
        (
            ui.selected,
            ui.leader,
            ui.builder.as_ref().map(|b| b.target),
            world.get_resource::<ActiveLesson>().map(|l| l.run.step),
        )
    };
    if world.resource::<TsUi>().drawn_rev == rev && world.resource::<TsUi>().drawn_sel == key {
        return;
    }
    {
        let mut ui = world.resource_mut::<TsUi>();
        ui.drawn_rev = rev;
        ui.drawn_sel = key;
    }
    clear_highlights(world);
    let rules = world.resource::<TsRulesRes>().0.clone();
    let Some(st) = gather(world) else { return };
    let ui = world.resource::<TsUi>();
    let cands = candidates(&rules, &st, ui);
    let selected = ui.selected;
    let builder_target = ui.builder.as_ref().map(|b| b.target);
    let view = rules::view(&rules, &st);
    let dests = match selected {
        Some(u) if st.g.step == Step::Movement && st.units[u as usize].loc.hex().is_some() => {
            rules::destinations(&rules, &st, &view, u, flow::rules_hour(&st))
        }
        _ => vec![],
    };
    let mut targets: Vec<(Coord, String, Color, f32)> = Vec::new();
    for c in &cands {
        let Some(t) = target(&st, c) else { continue };
        let (label, colour) = match c {
            TsCommand::Move { unit, .. } => {
                let left = dests
                    .iter()
                    .find(|d| d.hex == t)
                    .map(|d| {
                        let ma = rules.units[*unit as usize].movement as i32;
                        (ma - st.units[*unit as usize].spent as i32 - d.cost as i32)
                            .max(0)
                            .to_string()
                    })
                    .unwrap_or_default();
                (left, Color::srgba(0.2, 0.8, 0.2, 0.35))
            }
            TsCommand::Barrage { .. } => ("fire".into(), Color::srgba(0.9, 0.1, 0.1, 0.45)),
            TsCommand::Declare { .. } => ("assault".into(), Color::srgba(0.9, 0.1, 0.1, 0.45)),
            TsCommand::Retreat { .. } | TsCommand::RetreatBefore { .. } => {
                ("retreat".into(), Color::srgba(0.9, 0.6, 0.1, 0.45))
            }
            TsCommand::Rally { .. } => ("rally".into(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
            TsCommand::PlaceAide { .. } => ("aide".into(), Color::srgba(0.95, 0.85, 0.3, 0.45)),
            TsCommand::TakeCommand { .. } => ("command".into(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
            _ => (String::new(), Color::srgba(0.2, 0.5, 0.95, 0.35)),
        };
        if !targets.iter().any(|x| x.0 == t) {
            targets.push((t, label, colour, 0.95));
        }
    }
    // 13.2: the units that must fall back for the night.
    if let Step::NightFallBack(side) = st.g.step {
        for u in flow::night_candidates(&rules, &st, &view, side) {
            if let Some(h) = st.units[u as usize].loc.hex()
                && !targets.iter().any(|x| x.0 == h)
            {
                targets.push((
                    h,
                    "fall back".into(),
                    Color::srgba(0.9, 0.6, 0.1, 0.25),
                    0.95,
                ));
            }
        }
    }
    if let Some(Pending::Advance { hex, .. }) = st.g.pending.first() {
        targets.push((
            *hex,
            "advance".into(),
            Color::srgba(0.9, 0.3, 0.9, 0.45),
            0.95,
        ));
    }
    if let Some(u) = selected
        && let Some(h) = st.units[u as usize].loc.hex()
    {
        let front = rules::front_hexes(&rules, &st, u);
        for (_, n) in rules.map.neighbors(h) {
            let (label, col) = if front.contains(&n) {
                ("front", Color::srgba(0.1, 0.45, 0.95, 0.55))
            } else {
                ("flank", Color::srgba(0.35, 0.35, 0.35, 0.45))
            };
            targets.push((n, label.into(), col, 0.45));
        }
        targets.push((h, String::new(), Color::srgba(1.0, 1.0, 0.2, 0.35), 0.95));
    }
    if let Some(crate::engine::tutorial::Target::Hex(c)) = world
        .get_resource::<ActiveLesson>()
        .and_then(|l| l.run.current(&l.lesson))
        .map(|s| s.target.clone())
    {
        targets.push((c, String::new(), Color::srgba(1.0, 0.55, 0.0, 0.55), 0.95));
    }
    if let Some(t) = builder_target {
        targets.push((t, "target".into(), Color::srgba(0.9, 0.0, 0.0, 0.55), 0.7));
    }
    let rot = Quat::from_rotation_z(std::f32::consts::FRAC_PI_6);
    for (c, label, colour, size) in targets {
        let mesh = world
            .resource_mut::<Assets<Mesh>>()
            .add(RegularPolygon::new(S * size, 6));
        let mat = world.resource_mut::<Assets<ColorMaterial>>().add(colour);
        let z = if size < 0.9 { 1.2 } else { 1.0 };
        world.spawn((
            Highlight,
            Mesh2d(mesh),
            MeshMaterial2d(mat),
            Transform::from_translation(to_world(c).extend(z)).with_rotation(rot),
        ));
        if !label.is_empty() {
            world.spawn((
                Highlight,
                Text2d::new(label),
                TextFont {
                    font_size: FontSize::Px(9.0),
                    ..default()
                },
                TextColor(Color::BLACK),
                Transform::from_translation((to_world(c) + Vec2::new(0.0, -S * 0.62)).extend(4.0)),
            ));
        }
    }
}

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// 2: each unit's exact chance to pass a morale test where it stands, from the modifiers
/// the test itself rolls with (`flow::morale_odds`).
fn morale_chances(
    ui_: &mut egui::Ui,
    r: &TsRules,
    st: &TsState,
    units: &[UnitId],
    open_rule: &mut Option<String>,
) {
    for &u in units {
        let (mods, p) = flow::morale_odds(r, st, u);
        ui_.horizontal(|ui_| {
            ui_.label(format!(
                "  {}: passes its morale test {} (d6 {:+}, 6+)",
                r.units[u as usize].name,
                pct(p),
                combat::total(&mods)
            ));
            if ui_.small_button("2").clicked() {
                *open_rule = Some("2".into());
            }
        });
    }
}

fn fire_table(ui_: &mut egui::Ui, fire: &combat::Fire, open_rule: &mut Option<String>) {
    ui_.label(format!(
        "{} points / protection = {} · column {} · die modifier {:+}",
        fire.points,
        fire.divided,
        fire.column,
        fire.drm()
    ));
    for m in fire.column_mods.iter().chain(fire.die_mods.iter()) {
        ui_.horizontal(|ui_| {
            let kind = if fire.column_mods.contains(m) {
                "column"
            } else {
                "die"
            };
            ui_.label(format!("  {:+} {kind}: {}", m.value, m.label));
            if ui_.small_button(&m.rule).clicked() {
                *open_rule = Some(m.rule.clone());
            }
        });
    }
    let o = fire.odds();
    ui_.strong(format!(
        "- {}   T {}   D {}   D+1 {}",
        pct(o[0]),
        pct(o[1]),
        pct(o[2]),
        pct(o[3])
    ));
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut contexts: EguiContexts,
    rules: Res<TsRulesRes>,
    globals: Res<TsGlobals>,
    occupancy: Res<TsOccupancy>,
    units: Query<(&Counter, &UnitStatus)>,
    leaders: Query<(&Leader, &LeaderStatus)>,
    markers: Query<(&FormationMarker, &MarkerStatus)>,
    log: Option<Res<GameLog>>,
    dice: Option<Res<Dice>>,
    mut ui: ResMut<TsUi>,
    hovered: Res<HoveredHex>,
    mut next: ResMut<NextState<AppState>>,
    mut gizmos: Gizmos,
    lesson: Option<ResMut<ActiveLesson>>,
) -> Result {
    let r = &rules.0;
    let mut st = flow::new_state(r);
    st.g = globals.0.clone();
    st.last_occupant = occupancy.0.clone();
    for (c, s) in &units {
        st.units[c.id as usize] = s.0;
    }
    for (l, s) in &leaders {
        st.leaders[l.id as usize] = s.0;
    }
    for (m, s) in &markers {
        st.formations[m.id] = s.0;
    }
    let ctx = contexts.ctx_mut()?;
    let legal = flow::legal_commands(r, &st);
    let active = flow::active_side(r, &st);
    let view = rules::view(r, &st);
    let mut open_rule: Option<String> = None;
    // path to the hovered destination; line of sight from the selected battery
    if let (Some(u), Some(h)) = (ui.selected, hovered.0)
        && let Some(from) = st.units[u as usize].loc.hex()
    {
        if st.g.step == Step::Movement
            && let Some(d) = rules::destinations(r, &st, &view, u, flow::rules_hour(&st))
                .into_iter()
                .find(|d| d.hex == h)
        {
            let mut pts = vec![to_world(from)];
            pts.extend(d.path.iter().map(|c| to_world(*c)));
            pts.push(to_world(h));
            gizmos.linestrip_2d(pts, Color::srgb(0.1, 0.1, 0.9));
        }
        if r.units[u as usize].arm == Arm::Artillery
            && h != from
            && view
                .side_at(h)
                .is_some_and(|s| s != r.units[u as usize].side)
        {
            let occupied = |c: Coord| !view.units_at(c).is_empty();
            let l = los::line_of_sight(&r.map, &occupied, from, h);
            let in_range = from.distance(h) <= r.units[u as usize].range as u32;
            let colour = if l.clear && in_range {
                Color::srgb(0.1, 0.8, 0.1)
            } else {
                Color::srgb(0.9, 0.1, 0.1)
            };
            gizmos.line_2d(to_world(from), to_world(h), colour);
            if let Some(b) = l.blocked_by {
                gizmos.circle_2d(to_world(b), S * 0.6, Color::srgb(0.9, 0.1, 0.1));
            }
            egui::Window::new("Line of sight")
                .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
                .show(ctx, |ui_| {
                    ui_.label(format!(
                        "{from} to {h}: {} hexes, range {}",
                        from.distance(h),
                        r.units[u as usize].range
                    ));
                    match (l.clear, l.blocked_by) {
                        (true, _) if in_range => {
                            ui_.label("Clear line of sight: a legal target (9.2).");
                        }
                        (true, _) => {
                            ui_.label("Clear, but out of range (9.2).");
                        }
                        (false, Some(b)) => {
                            ui_.colored_label(
                                egui::Color32::LIGHT_RED,
                                format!("Blocked by hex {b} (9.2)."),
                            );
                        }
                        (false, None) => {
                            ui_.colored_label(egui::Color32::LIGHT_RED, "Blocked (9.2).");
                        }
                    }
                });
        }
    }
    let hour = st.g.hour;
    egui::Window::new("Turn").anchor(egui::Align2::LEFT_TOP, [8.0, 8.0]).default_width(300.0).resizable(false).show(ctx, |ui_| {
        ui_.heading(format!("{:02}.00 · {}", hour, st.g.step.phase_name()));
        ui_.horizontal_wrapped(|ui_| {
            if r.day2.is_some() {
                ui_.label(format!("Day {}", st.g.day));
            }
            for h in flow::start_hour(r, &st)..=flow::end_hour(r, &st) {
                let mut txt = egui::RichText::new(format!("{h:02}"));
                if flow::is_night_at(r, &st, h) {
                    txt = txt.background_color(egui::Color32::from_rgb(20, 30, 90)).color(egui::Color32::WHITE);
                }
                if h == hour {
                    txt = txt.strong().color(egui::Color32::YELLOW);
                }
                ui_.label(txt);
            }
        });
        ui_.small("dark blue: night turn (-1 morale, -1 column; 1.1)");
        if let Some(a) = active {
            ui_.label(egui::RichText::new(format!("{} to act", a.name())).strong());
        }
        let (vp, _) = flow::score(r, &st, false);
        ui_.label(format!("VP so far: Austria {} · Prussia {} (11.4 / 12.4)", vp[0], vp[1]));
        ui_.separator();
        ui_.horizontal_wrapped(|ui_| {
            ui_.label(&ui.core.message);
            let refusal = ui.core.message.starts_with("Refused") || ui.core.message.starts_with("Not allowed");
            if refusal && !ui.core.message_rule.is_empty() && ui_.small_button(&ui.core.message_rule).clicked() {
                open_rule = Some(ui.core.message_rule.clone());
            }
        });
        ui_.small(hint(r, &st));
        if let Some(u) = ui.selected {
            let d = &r.units[u as usize];
            let s = &st.units[u as usize];
            ui_.label(format!(
                "{} — {} · {:?} · combat {} · morale {} · MP {} (spent {}) · facing {:?}{}{}",
                d.name, d.side.name(), d.arm, d.combat, d.morale, d.movement, s.spent, s.facing,
                if s.disorg { " · disorganised" } else { "" },
                if s.in_command || s.chief_command { "" } else { " · out of command" }
            ));
            if st.g.step == Step::Movement && ui_.button("Turn ⟲ (Q)").clicked() {
                ui.core.outbox.push(TsCommand::Face { unit: u, facing: Dir::ALL[(s.facing.index() + 5) % 6] });
            }
            if st.g.step == Step::Movement && ui_.button("Turn ⟳ (E)").clicked() {
                ui.core.outbox.push(TsCommand::Face { unit: u, facing: Dir::ALL[(s.facing.index() + 1) % 6] });
            }
            for c in &legal {
                if let TsCommand::Barrage { unit, target, turn } = c
                    && *unit == u
                {
                    let label = format!("Fire at {}{}", r.units[*target as usize].name, turn.map(|t| format!(" (turning to {t:?})")).unwrap_or_default());
                    if ui_.button(label).clicked() {
                        ui.core.outbox.push(c.clone());
                    }
                    // 9.2.2: the exact odds, from the function the barrage rolls with
                    if turn.is_none() {
                        fire_table(ui_, &combat::barrage_fire(r, &st, *unit, *target), &mut open_rule);
                    }
                }
                if let TsCommand::Evacuate { unit } = c
                    && *unit == u
                    && ui_.button("Evacuate off the map (11.4.1)").clicked()
                {
                    ui.core.outbox.push(c.clone());
                }
            }
        }
        // commanders
        for (l, d) in r.leaders.iter().enumerate() {
            let can = legal.iter().any(|c| leader_of(c) == Some(l as LeaderId));
            if can && ui_.selectable_label(ui.leader == Some(l as LeaderId), format!("Move {}", d.name)).clicked() {
                ui.leader = Some(l as LeaderId);
                ui.selected = None;
            }
        }
        if st.g.step == Step::Redeploy && st.g.to_place.is_empty() {
            ui_.strong("The brigade that acts in the first two turns (13.2)");
            for c in &legal {
                if let TsCommand::ChooseFormation { formation } = c
                    && ui_.button(&r.formations[*formation as usize].name).clicked()
                {
                    ui.core.outbox.push(c.clone());
                }
            }
        }
        if matches!(st.g.step, Step::Rally(_)) {
            ui_.strong("Rally (10.1): pick the disorganised units that test their morale");
            let units: Vec<UnitId> = legal
                .iter()
                .filter_map(|c| match c {
                    TsCommand::Rally { unit } => Some(*unit),
                    _ => None,
                })
                .collect();
            for &u in &units {
                // 10.1: the exact chance, from the modifiers the rally test rolls with.
                let (_, chance) = flow::rally_odds(r, &st, u);
                ui_.horizontal(|ui_| {
                    ui_.label(format!(
                        "{} at {}: rallies {}",
                        r.units[u as usize].name,
                        st.units[u as usize].loc.hex().map(|h| h.to_string()).unwrap_or_default(),
                        pct(chance)
                    ));
                    if ui_.button("Rally").clicked() {
                        ui.core.outbox.push(TsCommand::Rally { unit: u });
                    }
                });
            }
            if units.len() > 1 && ui_.button("Rally them all").clicked() {
                ui.core.outbox.extend(units.iter().map(|&unit| TsCommand::Rally { unit }));
            }
            ui_.small("None may try in the ZoC of an organised enemy unit.");
        }
        if st.g.step == Step::ChiefCommand {
            let left = st
                .g
                .active
                .and_then(|f| flow::chief_of(r, &st, f))
                .and_then(|c| st.g.chief_budget.get(c).copied())
                .unwrap_or(0);
            ui_.strong(format!(
                "Command status (9.1.4): your commander in chief may take {left} more cut-off unit(s) under his command this turn"
            ));
            for c in &legal {
                if let TsCommand::TakeCommand { unit } = c {
                    ui_.horizontal(|ui_| {
                        ui_.label(format!(
                            "{} at {}",
                            r.units[*unit as usize].name,
                            st.units[*unit as usize].loc.hex().map(|h| h.to_string()).unwrap_or_default()
                        ));
                        if ui_.button("Command").clicked() {
                            ui.core.outbox.push(c.clone());
                        }
                    });
                }
            }
        }
        // 13.1: a decision of this turn (the 1st Guards Division at 13.00): its own window.
        if let Some(d) = legal.iter().find_map(|c| match c {
            TsCommand::Decide { decision, .. } => r.decisions.get(*decision as usize),
            _ => None,
        }) {
            ui_.strong(format!("Decide first: {} (see the Decision window)", d.name));
        }
        if let Step::ChooseFirst(_) = st.g.step {
            ui_.strong("Initiative: choose the formation that acts first (8)");
            for c in &legal {
                if let TsCommand::ChooseFormation { formation } = c
                    && ui_.button(&r.formations[*formation as usize].name).clicked()
                {
                    ui.core.outbox.push(c.clone());
                }
            }
        }
        ui_.horizontal(|ui_| {
            if legal.contains(&TsCommand::Done) {
                let label = match st.g.step {
                    Step::ChiefMove(_) => "End chief moves",
                    Step::Barrage => "End barrages",
                    Step::Movement => "End movement",
                    Step::Declare => "End declarations",
                    Step::Rally(_) => "End rally",
                    Step::ChiefCommand => "No more (9.1.4)",
                    _ => "Done",
                };
                if ui_.button(label).clicked() {
                    ui.core.outbox.push(TsCommand::Done);
                    ui.selected = None;
                    ui.leader = None;
                }
            }
            game_buttons(ui_, &mut ui.core, &mut next);
        });
        ui_.small("Ctrl+S save · Ctrl+O load · Ctrl+Z undo · F fit · WASD/right-drag pan · wheel zoom · Shift+wheel turn");
    });
    // the activation cup (1.2.4, 8, 9)
    // 13.1: a decision of this turn, in the middle of the screen until answered.
    let decisions: Vec<(&crate::games::trautenau::data::Decision, &TsCommand, bool)> = legal
        .iter()
        .filter_map(|c| match c {
            TsCommand::Decide { decision, take } => {
                Some((r.decisions.get(*decision as usize)?, c, *take))
            }
            _ => None,
        })
        .collect();
    if let Some((d, _, _)) = decisions.first() {
        egui::Window::new("Decision")
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .default_width(420.0)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui_| {
                ui_.strong(format!("{} ({})", d.name, d.rule));
                ui_.label(&d.description);
                ui_.horizontal(|ui_| {
                    for (_, c, take) in &decisions {
                        if ui_.button(if *take { "Yes" } else { "No" }).clicked() {
                            ui.core.outbox.push((*c).clone());
                        }
                    }
                });
            });
    }
    egui::Window::new("Activation cup")
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .default_width(300.0)
        .show(ctx, |ui_| {
            if let Some(s) = st.g.initiative {
                ui_.label(format!("Initiative: {} (8)", s.name()));
            }
            if let Some(f) = st.g.active {
                let fs = &st.formations[f];
                ui_.label(
                    egui::RichText::new(format!(
                        "Acting: {} ({})",
                        r.formations[f].name,
                        r.formations[f].side.name()
                    ))
                    .strong(),
                );
                if fs.failed_activation {
                    ui_.colored_label(
                        egui::Color32::LIGHT_RED,
                        "Activation test failed: out of command (9.1.1)",
                    );
                }
            }
            ui_.label("Still in the cup:");
            for (f, fd) in r.formations.iter().enumerate() {
                if st.formations[f].in_cup {
                    ui_.label(format!("  • {} ({})", fd.name, fd.side.name()));
                }
            }
            ui_.separator();
            ui_.label("Demoralisation (10.2): steps lost / threshold");
            for (f, fd) in r.formations.iter().enumerate() {
                let lost = flow::formation_losses(r, &st, f);
                let txt = format!(
                    "{}: {lost}/{}{}",
                    fd.name,
                    fd.demo,
                    if st.formations[f].demoralised {
                        " — DEMORALISED"
                    } else {
                        ""
                    }
                );
                if st.formations[f].demoralised {
                    ui_.colored_label(egui::Color32::LIGHT_RED, txt);
                } else {
                    ui_.small(txt);
                }
            }
        });
    // assault builder (9.5.1, 9.5.2) with exact odds
    let mut close_builder = false;
    if st.g.step == Step::Declare
        && st.g.pending.is_empty()
        && let Some(mut b) = ui.builder.clone()
    {
        egui::Window::new("Assault")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui_| {
                ui_.strong(format!("Assault on {}", b.target));
                for (u, pts, on) in b.units.iter_mut() {
                    let d = &r.units[*u as usize];
                    ui_.horizontal(|ui_| {
                        ui_.checkbox(on, &d.name);
                        ui_.add(egui::DragValue::new(pts).range(0..=d.combat));
                        ui_.small(format!("of {}", d.combat));
                    });
                }
                ui_.checkbox(
                    &mut b.coordinate,
                    "Coordinated assault (9.5.2: commander stacked with an attacker, test 6+)",
                );
                let chosen: Vec<(UnitId, u8)> =
                    b.units.iter().filter(|x| x.2).map(|x| (x.0, x.1)).collect();
                // 9.5.2: the coordination test's exact chance (the declaration's own roll)
                if b.coordinate {
                    match flow::coordination_odds(r, &st, &chosen) {
                        Some((l, mods, p)) => {
                            ui_.small(format!(
                                "{} coordinates on d6 {} ≥ 6: {:.0}%",
                                r.leaders[l as usize].name,
                                mods.iter().map(|m| format!("{:+} {}", m.value, m.label)).collect::<Vec<_>>().join(" "),
                                p * 100.0
                            ));
                        }
                        None => {
                            ui_.small("No commander may try to coordinate these units (9.5.2): they would attack one by one.");
                        }
                    }
                }
                // 9.5.13: a stacked formation commander may add his bonus, at a risk.
                let stacked = chosen
                    .iter()
                    .find_map(|(u, _)| flow::bonus_leader(r, &st, *u));
                if let Some(l) = stacked {
                    if b.coordinate {
                        ui_.small(format!(
                            "{} takes part: he tries to coordinate (9.5.13)",
                            r.leaders[l as usize].name
                        ));
                    } else {
                        commander_box(ui_, &r.leaders[l as usize].name, "the roll", &mut b.hold_back);
                    }
                }
                let commander = b.coordinate || !b.hold_back;
                let cmd = TsCommand::Declare {
                    target: b.target,
                    units: chosen.clone(),
                    coordinate: b.coordinate,
                    commander,
                };
                if !chosen.is_empty() {
                    let defs: Vec<UnitId> = view.units_at(b.target).to_vec();
                    // 9.5.2: one combined attack if coordinated, else one attack per unit
                    let groups: Vec<Vec<(UnitId, u8)>> = if b.coordinate || chosen.len() == 1 {
                        vec![chosen.clone()]
                    } else {
                        chosen.iter().map(|x| vec![*x]).collect()
                    };
                    for group in groups {
                        let leader = if b.coordinate {
                            stacked
                        } else {
                            group
                                .iter()
                                .find_map(|(u, _)| flow::bonus_leader(r, &st, *u))
                                .filter(|_| commander)
                        };
                        let asl = Assault {
                            target: b.target,
                            attackers: group.clone(),
                            coordinated: b.coordinate,
                            leader,
                            resolved: false,
                            helpers: vec![],
                        };
                        let input = flow::attack_input(r, &st, &asl, &group, &defs);
                        ui_.separator();
                        if group.len() > 1 {
                            ui_.label("If the attackers survive defensive fire, together:");
                        } else {
                            ui_.label(format!(
                                "If {} survives defensive fire:",
                                r.units[group[0].0 as usize].name
                            ));
                        }
                        fire_table(ui_, &combat::fire(&input), &mut open_rule);
                    }
                    if !b.coordinate && chosen.len() > 1 {
                        ui_.small("Not coordinated: each unit attacks on its own (9.5.2); if coordinated, they attack together.");
                    }
                    ui_.label("On a T each defender tests its morale (2):");
                    morale_chances(ui_, r, &st, &defs, &mut open_rule);
                }
                match flow::check(r, &st, &cmd) {
                    Ok(()) => {
                        if ui_.button("Declare").clicked() {
                            ui.core.outbox.push(cmd);
                        }
                    }
                    Err(e) => {
                        ui_.colored_label(
                            egui::Color32::LIGHT_RED,
                            format!("{} ({})", e.reason, e.rule),
                        );
                    }
                }
                if ui_.button("Cancel").clicked() {
                    close_builder = true;
                }
            });
        ui.builder = if close_builder { None } else { Some(b) };
    }
    // declared assaults
    if st.g.step == Step::Combat || (st.g.step == Step::Declare && !st.g.assaults.is_empty()) {
        egui::Window::new("Declared assaults")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 240.0])
            .show(ctx, |ui_| {
                for (i, a) in st.g.assaults.iter().enumerate() {
                    let names: Vec<String> = a
                        .attackers
                        .iter()
                        .map(|(u, p)| format!("{} ({p})", r.units[*u as usize].name))
                        .collect();
                    ui_.horizontal_wrapped(|ui_| {
                        ui_.label(format!(
                            "{} attacked by {}{}{}",
                            a.target,
                            names.join(" + "),
                            if a.coordinated { " [coordinated]" } else { "" },
                            if a.resolved { " — done" } else { "" }
                        ));
                        let c = TsCommand::Resolve { assault: i as u8 };
                        if legal.contains(&c) && ui_.button("Resolve").clicked() {
                            ui.core.outbox.push(c);
                        }
                    });
                }
            });
    }
    // the defender's decision (9.5.2, 9.5.3, 9.5.4, 9.5.6)
    if let Some(Pending::Defence { assault }) = st.g.pending.first()
        && let Some(a) = st.g.assaults.get(*assault as usize).cloned()
    {
        let defs: Vec<UnitId> = view.units_at(a.target).to_vec();
        let supports: Vec<UnitId> = legal
            .iter()
            .filter_map(|c| match c {
                TsCommand::Defend {
                    support: Some(s), ..
                } => Some(*s),
                _ => None,
            })
            .collect();
        // 9.5.1: units with an attacker in a front hex that may join the fire
        let eligible = flow::defence_helpers(r, &st, *assault as usize);
        ui.helpers.retain(|h| eligible.contains(h));
        let pool = flow::defence_pool(r, &st, &a, ui.support, &ui.helpers) as u32;
        let n = if a.coordinated { a.attackers.len() } else { 1 };
        if ui.split.len() != n {
            ui.split = vec![0; n];
            ui.split[0] = pool as u8;
        }
        egui::Window::new("Defence")
            .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
            .show(ctx, |ui_| {
                ui_.strong(format!(
                    "{}: the assault on {} — defend or fall back",
                    active.map(|s| s.name()).unwrap_or(""),
                    a.target
                ));
                ui_.label(format!(
                    "Defence points to share: {pool} (9.5.3 A; flank shares are halved)"
                ));
                ui_.label("On a T each attacker tests its morale (2):");
                let attackers: Vec<UnitId> = a.attackers.iter().map(|x| x.0).collect();
                morale_chances(ui_, r, &st, &attackers, &mut open_rule);
                if !supports.is_empty() {
                    ui_.horizontal(|ui_| {
                        ui_.label("Artillery support (9.5.6):");
                        if ui_.selectable_label(ui.support.is_none(), "none").clicked() {
                            ui.support = None;
                            ui.split.clear();
                        }
                        for s in &supports {
                            if ui_
                                .selectable_label(
                                    ui.support == Some(*s),
                                    &r.units[*s as usize].name,
                                )
                                .clicked()
                            {
                                ui.support = Some(*s);
                                ui.split.clear();
                            }
                        }
                    });
                }
                if !eligible.is_empty() {
                    ui_.label("Units with an attacker in a front hex may join the fire (9.5.1):");
                    for h in &eligible {
                        let mut on = ui.helpers.contains(h);
                        if ui_.checkbox(&mut on, &r.units[*h as usize].name).changed() {
                            if on {
                                ui.helpers.push(*h);
                            } else {
                                ui.helpers.retain(|x| x != h);
                            }
                            ui.split.clear();
                        }
                    }
                }
                let support = ui.support;
                // 9.5.13: the defenders' formation commander may add his bonus.
                if let Some(l) = flow::defence_leader(r, &st, &a) {
                    commander_box(
                        ui_,
                        &r.leaders[l as usize].name,
                        "the defensive fire",
                        &mut ui.def_hold_back,
                    );
                }
                let commander = !ui.def_hold_back;
                if ui.split.len() == n {
                    for k in 0..n {
                        let (att, _) = a.attackers[k];
                        let ah = st.units[att as usize].loc.hex().unwrap_or(a.target);
                        let flank = defs
                            .first()
                            .is_some_and(|&d| rules::is_flank_of(r, &st, d, ah));
                        ui_.horizontal(|ui_| {
                            ui_.label(format!(
                                "vs {}{}",
                                r.units[att as usize].name,
                                if flank { " (flank: halved)" } else { "" }
                            ));
                            if n > 1 {
                                ui_.add(
                                    egui::DragValue::new(&mut ui.split[k]).range(0..=pool as u8),
                                );
                            } else {
                                ui.split[k] = pool as u8;
                                ui_.label(format!("{pool}"));
                            }
                        });
                    }
                    // 9.5.2, 9.5.3 A: the exact rolls, from the function the resolution
                    // rolls with (the once-only +1s land on one share only)
                    let choice = combat::DefenceChoice {
                        split: ui.split.clone(),
                        support,
                        commander,
                        helpers: ui.helpers.clone(),
                    };
                    for sf in combat::defence_fires(r, &st, &a, &choice) {
                        ui_.label(format!("Fire at {}:", r.units[sf.attacker as usize].name));
                        fire_table(ui_, &sf.fire, &mut open_rule);
                    }
                }
                let cmd = TsCommand::Defend {
                    split: ui.split.clone(),
                    support,
                    commander,
                    helpers: ui.helpers.clone(),
                };
                match flow::check(r, &st, &cmd) {
                    Ok(()) => {
                        if ui_.button("Defend").clicked() {
                            ui.core.outbox.push(cmd);
                        }
                    }
                    Err(e) => {
                        ui_.colored_label(
                            egui::Color32::LIGHT_RED,
                            format!("{} ({})", e.reason, e.rule),
                        );
                    }
                }
                if legal
                    .iter()
                    .any(|c| matches!(c, TsCommand::RetreatBefore { .. }))
                {
                    ui_.small("Or click a lit orange hex to fall back before combat (9.5.4): the whole stack, or only the unit you select first.");
                }
            });
    }
    if let Some(Pending::Advance { optional, .. }) = st.g.pending.first() {
        let optional = *optional;
        egui::Window::new("Advance after combat")
            .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
            .show(ctx, |ui_| {
                ui_.label(if optional {
                    "An attacker may occupy the hex (9.5.4)."
                } else {
                    "An attacker must advance (9.5.9)."
                });
                // 9.5.12 / 9.5.13: commanders stacked with an attacker may go along.
                let mut stacked: Vec<LeaderId> = legal
                    .iter()
                    .flat_map(|c| match c {
                        TsCommand::Advance { leaders, .. } => leaders.clone(),
                        _ => vec![],
                    })
                    .collect();
                stacked.sort();
                stacked.dedup();
                for l in stacked {
                    let mut on = ui.along.contains(&l);
                    if ui_
                        .checkbox(
                            &mut on,
                            format!("{} goes along (9.5.13)", r.leaders[l as usize].name),
                        )
                        .changed()
                    {
                        ui.along.retain(|&x| x != l);
                        if on {
                            ui.along.push(l);
                        }
                    }
                }
                for c in &legal {
                    if let TsCommand::Advance {
                        unit,
                        facing,
                        leaders,
                    } = c
                    {
                        // the ticked commanders that are with this unit
                        let with: Vec<LeaderId> = unit
                            .map(|u| flow::leaders_with(r, &st, u))
                            .unwrap_or_default()
                            .into_iter()
                            .filter(|l| ui.along.contains(l))
                            .collect();
                        if *leaders != with {
                            continue;
                        }
                        let label = match unit {
                            Some(u) => format!("{} facing {facing:?}", r.units[*u as usize].name),
                            None => "Stay".into(),
                        };
                        if ui_.button(label).clicked() {
                            ui.core.outbox.push(c.clone());
                            ui.along.clear();
                        }
                    }
                }
            });
    }
    // a unit under the pointer
    if ui.builder.is_none()
        && let Some(h) = hovered.0
        && !view.units_at(h).is_empty()
        && ui
            .selected
            .is_none_or(|u| r.units[u as usize].arm != Arm::Artillery)
    {
        egui::Window::new("Hex")
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui_| {
                ui_.label(format!(
                    "{h} · {:?} · level {}",
                    r.map.terrain(h),
                    r.map.elevation(h)
                ));
                for &u in view.units_at(h) {
                    let d = &r.units[u as usize];
                    let s = &st.units[u as usize];
                    ui_.label(format!(
                        "{} ({}) · {:?}{} · {}-{}-{}{} · losses {} · facing {:?}{}",
                        d.name,
                        d.side.name(),
                        d.arm,
                        if d.heavy { " heavy" } else { "" },
                        d.combat,
                        d.morale,
                        d.movement,
                        if d.range > 0 {
                            format!(" r{}", d.range)
                        } else {
                            String::new()
                        },
                        s.losses,
                        s.facing,
                        if s.disorg { " · disorganised" } else { "" }
                    ));
                }
                ui_.small("Counter values reconstructed (docs/games/trautenau-soor-data.md)");
            });
    }
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
    let clicks = crate::gui::panels::log_window(ctx, log.as_deref(), dice.as_deref(), &|h| {
        format!("{h:02}h")
    });
    if let Some(rule) = clicks.rule.or(open_rule) {
        ui.core.rules_open = true;
        ui.core.rules_query = rule;
    }
    let cases = super::reference::cases();
    let mut open = ui.core.rules_open;
    let mut q = std::mem::take(&mut ui.core.rules_query);
    crate::gui::panels::rules_window(ctx, &mut open, &mut q, &cases);
    ui.core.rules_open = open;
    ui.core.rules_query = q;
    if ui.core.show_charts {
        egui::Window::new("Charts: combat results (9.5.5) and terrain (9.3)").show(ctx, |ui_| {
            egui::Grid::new("crt").striped(true).show(ui_, |g| {
                g.label("die \\ column");
                for c in 0..=7 {
                    g.label(format!("{c}"));
                }
                g.end_row();
                for d in 0..=6 {
                    g.label(if d == 6 {
                        "6+".to_string()
                    } else {
                        format!("{d}")
                    });
                    for c in 0..=7u8 {
                        g.label(combat::crt(c, d).label());
                    }
                    g.end_row();
                }
            });
            ui_.small(
                "- nothing · T morale test · D disorganised and retreat · D+1 also one step loss",
            );
            ui_.separator();
            egui::Grid::new("tec").striped(true).show(ui_, |g| {
                for row in [
                    ["Terrain", "Move", "Protection"],
                    ["Clear", "1", "1"],
                    [
                        "Level change",
                        "+1 per level (not on a road)",
                        "shooter -1 col per level up",
                    ],
                    ["Woods", "inf +1, jäger +0, cav/art +2", "2"],
                    ["Village", "other terrain", "2, 360° facing"],
                    ["Town", "other terrain", "3, 360° facing"],
                    ["Marsh", "inf 2; cav/art road only", "1"],
                    ["Stream", "+1", "-1 die"],
                    ["Ravine", "+1", "-1 col"],
                    ["River", "bridge only", "-1 col"],
                    ["Escarpment", "road/path/rail only", "-1 col"],
                    ["Road / path / railway", "1", "-"],
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
        egui::Window::new("Game over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui_| {
                let [a, p] = st.g.vp;
                ui_.heading(match st.g.winner {
                    Some(w) => format!("{} wins", w.name()),
                    None => "Tied game".into(),
                });
                ui_.label(format!("Austria {a} VP · Prussia {p} VP"));
                let (_, lines) = flow::score(r, &st, true);
                for l in lines {
                    ui_.small(l);
                }
                if ui_.button("Main menu").clicked() {
                    next.set(AppState::Menu);
                }
            });
    }
    Ok(())
}
