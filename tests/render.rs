//! Render smoke test: run the real window under Xvfb, take a screenshot through Bevy's
//! Screenshot API and check it is not blank.

#[test]
fn render_smoke_test_writes_a_non_blank_screenshot() {
    shot("FELDZUG_AUTOSTART", "koniggratz");
}

#[test]
fn a_lesson_step_renders_with_its_highlight() {
    shot("FELDZUG_LESSON", "tutorial-kg-1");
}

/// Trautenau – Soor: a selected unit shows its front and flank hexes and its moves.
#[test]
fn trautenau_selected_unit_shows_front_and_flank_hexes() {
    shot_with(
        "FELDZUG_AUTOSTART",
        "trautenau",
        &[("FELDZUG_SELECT", "p-1hus")],
    );
}

/// Trautenau – Soor: a lesson step with its outlined hex and the lesson window.
#[test]
fn a_trautenau_lesson_step_renders() {
    shot("FELDZUG_LESSON", "tutorial-ts-5");
}

/// Great Saxon War: a lesson step with its own panel (where to click, the area ringed
/// in orange on the map, the side panel outlined).
#[test]
fn a_saxonwar_lesson_step_renders() {
    shot("FELDZUG_LESSON", "saxonwar-lesson-1");
}

fn shot(var: &str, value: &str) {
    shot_with(var, value, &[]);
}

fn shot_with(var: &str, value: &str, extra: &[(&str, &str)]) {
    if let Some(out) = shot_keep(var, value, extra) {
        let _ = std::fs::remove_file(out);
    }
}

/// Takes the screenshot and keeps it; None when the machine cannot render (skipped).
fn shot_keep(var: &str, value: &str, extra: &[(&str, &str)]) -> Option<std::path::PathBuf> {
    // one file per call: tests of the same scenario run in parallel
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let out = std::env::temp_dir().join(format!(
        "feldzug-smoke-{}-{value}-{n}.png",
        std::process::id()
    ));
    if !vulkan_driver() {
        eprintln!(
            "SKIPPED render smoke test: no Vulkan driver (apt-get install libvulkan1 mesa-vulkan-drivers)"
        );
        return None;
    }
    let display_ok = std::env::var("DISPLAY").is_ok();
    let mut cmd = if display_ok {
        std::process::Command::new(env!("CARGO_BIN_EXE_feldzug"))
    } else if which("xvfb-run") {
        let mut c = std::process::Command::new("xvfb-run");
        c.args([
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            env!("CARGO_BIN_EXE_feldzug"),
        ]);
        c
    } else {
        eprintln!("SKIPPED render smoke test: no DISPLAY and no xvfb-run (apt-get install xvfb)");
        return None;
    };
    let runtime = std::env::temp_dir().join(format!("feldzug-xdg-{}-{value}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let mut child = cmd
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("FELDZUG_SCREENSHOT", &out)
        .env(var, value)
        .envs(extra.iter().copied())
        .spawn()
        .unwrap();
    // never hang the suite: give the window two minutes
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("the game did not exit within 120 s after its screenshot");
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    let _ = std::fs::remove_dir_all(&runtime);
    assert!(status.success(), "the game exited with {status}");
    let bytes = std::fs::read(&out).expect("screenshot written");
    assert!(
        bytes.len() > 10_000,
        "screenshot is {} bytes: blank?",
        bytes.len()
    );
    Some(out)
}

// ---- the whole-map view, checked pixel by pixel where the board functions put things ----

use bevy::prelude::*;
use feldzug::engine::hexmap::{Coord, HexMap, Terrain};
use feldzug::gui::board::{S, fit, to_world};

/// The screenshot as sRGB colours, and the camera the board fits to the map at 1280x800.
struct Board {
    img: bevy::image::Image,
    cam: Vec2,
    scale: f32,
}

impl Board {
    fn new_image(png: &std::path::Path) -> bevy::image::Image {
        let bytes = std::fs::read(png).expect("screenshot written");
        bevy::image::Image::from_buffer(
            &bytes,
            bevy::image::ImageType::Extension("png"),
            bevy::image::CompressedImageFormats::NONE,
            true,
            bevy::image::ImageSampler::Default,
            bevy::asset::RenderAssetUsages::default(),
        )
        .expect("a PNG")
    }

    fn new(png: &std::path::Path, map: &HexMap) -> Board {
        let img = Board::new_image(png);
        let _ = std::fs::remove_file(png);
        let mut tr = Transform::default();
        let mut proj = Projection::Orthographic(OrthographicProjection::default_2d());
        fit(map, &mut tr, &mut proj, Vec2::new(1280.0, 800.0));
        let Projection::Orthographic(o) = proj else {
            unreachable!()
        };
        Board {
            img,
            cam: tr.translation.truncate(),
            scale: o.scale,
        }
    }

    /// Window pixel of a world point.
    fn pixel(&self, p: Vec2) -> Vec2 {
        let d = (p - self.cam) / self.scale;
        Vec2::new(640.0 + d.x, 400.0 - d.y)
    }

    /// In the middle of the window: no panel covers it (the Turn window reaches about
    /// x = 400 with the Replay button), and away from the cursor.
    fn free(&self, p: Vec2) -> bool {
        let q = self.pixel(p);
        (420.0..800.0).contains(&q.x)
            && (30.0..570.0).contains(&q.y)
            && q.distance(Vec2::new(640.0, 400.0)) > 60.0
    }

    /// Mean sRGB colour of the (2k+1)² pixels around a world point.
    fn mean(&self, p: Vec2, k: i32) -> Vec3 {
        let q = self.pixel(p);
        let mut sum = Vec3::ZERO;
        let mut n = 0.0;
        for dx in -k..=k {
            for dy in -k..=k {
                let c = self
                    .img
                    .get_color_at((q.x as i32 + dx) as u32, (q.y as i32 + dy) as u32)
                    .expect("pixel inside the screenshot")
                    .to_srgba();
                sum += Vec3::new(c.red, c.green, c.blue);
                n += 1.0;
            }
        }
        sum / n
    }
}

/// A hex with nothing drawn over it but its own terrain: no counter, road, path,
/// railway, place name or hexside feature.
fn bare(map: &HexMap, occupied: &[Coord], c: Coord) -> bool {
    let on_line = map
        .roads
        .iter()
        .chain(&map.paths)
        .chain(&map.railways)
        .any(|l| l.contains(&c));
    let named = map
        .labels
        .iter()
        .any(|(h, _)| *h == c || h.distance(c) == 1);
    let sides = map.neighbors(c).any(|(_, n)| map.side(c, n).is_some());
    !on_line && !named && !sides && !occupied.iter().any(|o| o.distance(c) <= 1)
}

/// Woods are drawn green (tree crowns on green ground); clear ground is not.
fn check_terrain(b: &Board, map: &HexMap, occupied: &[Coord]) {
    let pick = |t: Terrain| {
        map.coords()
            .find(|c| map.terrain(*c) == t && bare(map, occupied, *c) && b.free(to_world(*c)))
            .unwrap_or_else(|| panic!("a bare {t:?} hex in the open part of the window"))
    };
    let woods = pick(Terrain::Woods);
    let m = b.mean(to_world(woods), 4);
    assert!(
        m.y > m.x + 0.06 && m.y > m.z + 0.06,
        "woods hex {woods} should be drawn green, got {m:?}"
    );
    // clear ground (any level's tint) is pale: much lighter than the woods' crowns
    let clear = pick(Terrain::Clear);
    let c = b.mean(to_world(clear), 2);
    assert!(
        c.x > 0.7 && c.y > 0.75 && c.x + c.y + c.z > m.x + m.y + m.z + 0.4,
        "clear hex {clear} should be pale ground, lighter than woods {m:?}, got {c:?}"
    );
}

/// Königgrätz, whole map: a woods hex is green, a clear hex is not, a Prussian counter is
/// Prussian blue and an Austrian one ivory, each at the pixel its hex maps to.
#[test]
fn koniggratz_whole_map_draws_terrain_and_counters_in_place() {
    use feldzug::games::koniggratz::{self as kg, data::Side};
    let Some(png) = shot_keep("FELDZUG_AUTOSTART", "koniggratz", &[("FELDZUG_SEED", "7")]) else {
        return;
    };
    let src = feldzug::engine::scenarios::find("koniggratz").unwrap();
    let rules = kg::load_rules(&src, &[]).unwrap();
    let b = Board::new(&png, &rules.map);
    let occupied: Vec<Coord> = rules.units.iter().filter_map(|u| u.start).collect();
    check_terrain(&b, &rules.map, &occupied);
    let w = S * 1.5;
    // the body under the unit-type box (the name is hidden at this zoom)
    let body = Vec2::new(0.0, -w * 0.30);
    for side in [Side::Prussia, Side::Austria] {
        let u = rules
            .units
            .iter()
            .find(|u| {
                u.side == side && !u.start_march && u.start.is_some_and(|h| b.free(to_world(h)))
            })
            .expect("a unit in the open part of the window");
        let h = u.start.unwrap();
        let m = b.mean(to_world(h) + body, 1);
        match side {
            Side::Prussia => assert!(
                m.z > m.x + 0.12 && m.x < 0.4,
                "{} at {h} should be a Prussian-blue counter, got {m:?}",
                u.name
            ),
            Side::Austria => assert!(
                m.x > 0.85 && m.y > 0.85 && m.z > 0.78,
                "{} at {h} should be an ivory Austrian counter, got {m:?}",
                u.name
            ),
        }
    }
}

/// Trautenau – Soor, whole map: the same checks on the other game's board and counters
/// (a unit alone in its hex, so not offset in a stack).
#[test]
fn trautenau_whole_map_draws_terrain_and_counters_in_place() {
    use feldzug::games::trautenau::{self as ts, data::Side};
    let Some(png) = shot_keep("FELDZUG_AUTOSTART", "trautenau", &[("FELDZUG_SEED", "7")]) else {
        return;
    };
    let src = feldzug::engine::scenarios::find("trautenau").unwrap();
    let rules = ts::load_rules(&src, &[]).unwrap();
    let b = Board::new(&png, &rules.map);
    let mut occupied: Vec<Coord> = rules.units.iter().filter_map(|u| u.start).collect();
    occupied.extend(rules.leaders.iter().filter_map(|l| l.start));
    check_terrain(&b, &rules.map, &occupied);
    let w = S * 1.2;
    let body = Vec2::new(0.0, -w * 0.30);
    for side in [Side::Prussia, Side::Austria] {
        let alone = |h: Coord| {
            rules.units.iter().filter(|u| u.start == Some(h)).count() == 1
                && rules.leaders.iter().all(|l| l.start != Some(h))
        };
        let u = rules
            .units
            .iter()
            .find(|u| u.side == side && u.start.is_some_and(|h| alone(h) && b.free(to_world(h))))
            .expect("a unit alone in its hex in the open part of the window");
        let h = u.start.unwrap();
        let m = b.mean(to_world(h) + body, 1);
        match side {
            Side::Prussia => assert!(
                m.z > m.x + 0.12 && m.x < 0.4,
                "{} at {h} should be a Prussian-blue counter, got {m:?}",
                u.name
            ),
            Side::Austria => assert!(
                m.x > 0.85 && m.y > 0.85 && m.z > 0.78,
                "{} at {h} should be an ivory Austrian counter, got {m:?}",
                u.name
            ),
        }
    }
}

/// The Sadowa Campaign, zoomed on the HQ activated at the start of the first operation
/// (FELDZUG_AUTOPLAY=hq): the HQ is selected and lifted with the yellow activation frame
/// round its counter, on a Prussian-blue body, its army's colour band on top; a corps
/// that may join it stands in a hex lit for the join; an Austrian counter elsewhere is
/// ivory on the whole map.
#[test]
fn sadowa_activated_hq_is_framed_and_its_units_lit() {
    use feldzug::engine::game::RulesGame;
    use feldzug::games::sadowa::{Sadowa, data::Side, state::SdCommand, ui};
    let src = feldzug::engine::scenarios::find("sadowa").unwrap();
    let rules = <Sadowa as RulesGame>::load_rules(&src, &[]).unwrap();
    let g = ui::demo_game(&rules, 7, "hq");
    let hq = g.st.g.op.hq_open.expect("an HQ activated by the demo");
    let at = g.st.units[hq as usize].hex.expect("the HQ on the map");
    assert_eq!(
        rules.units[hq as usize].side,
        Side::Prussia,
        "Prussia acts first (4.2.1)"
    );
    let focus = format!("{at}:0.5");
    let Some(png) = shot_keep(
        "FELDZUG_AUTOSTART",
        "sadowa",
        &[
            ("FELDZUG_SEED", "7"),
            ("FELDZUG_AUTOPLAY", "hq"),
            ("FELDZUG_FOCUS", focus.as_str()),
        ],
    ) else {
        return;
    };
    let mut b = Board::new(&png, &rules.map.hex);
    b.cam = to_world(at);
    b.scale = 0.5;
    let (pos, k) = ui::counter_pos(&rules, &g.st, hq, true).unwrap();
    let w = ui::width(rules.units[hq as usize].kind) * k;
    // the activation frame, just outside the counter's right edge
    let frame = b.mean(pos + Vec2::new(w / 2.0 + 1.0 * k, 0.0), 1);
    assert!(
        frame.x > 0.85 && frame.y > 0.75 && frame.z < 0.35,
        "the activated HQ at {at} should have a yellow frame, got {frame:?}"
    );
    // the Prussian-blue body left of the flag
    let body = b.mean(pos + Vec2::new(-0.36 * w, -0.05 * w), 1);
    assert!(
        body.z > body.x + 0.12 && body.x < 0.4,
        "the HQ's body should be Prussian blue, got {body:?}"
    );
    // a corps that may join: its hex is lit cyan beside its counter (6.1, 4.3)
    let joins: Vec<u16> = g
        .legal()
        .iter()
        .filter_map(|c| match c {
            SdCommand::Join { unit } => Some(*unit),
            _ => None,
        })
        .collect();
    assert!(!joins.is_empty(), "the HQ's corps may join it");
    // a joining corps alone in its hex: its hex is lit right of its counter
    let alone = |u: u16| {
        let h = g.st.units[u as usize].hex;
        g.st.units
            .iter()
            .filter(|s| s.hex == h && s.gone.is_none())
            .count()
            == 1
    };
    let j = *joins
        .iter()
        .find(|&&u| alone(u))
        .expect("a corps alone in its hex may join (seed 7)");
    let jh = g.st.units[j as usize].hex.unwrap();
    let lit = b.mean(to_world(jh) + Vec2::new(S * 0.8, 0.0), 1);
    let plain = b.mean(to_world(jh) + Vec2::new(S * 0.8, S * 1.732), 1);
    assert!(
        lit.z > lit.x + 0.1,
        "{} in {jh} may join: its hex should be lit cyan, got {lit:?} (the hex below {plain:?})",
        rules.units[j as usize].name
    );
}

/// The point board demo (FELDZUG_DEMO=pointboard): at the pixels the board's own fit
/// maps them to, a VP space has its red outline, a lit destination its green ring, the
/// railroad is drawn dark and a road brown.
#[test]
fn pointboard_demo_draws_nodes_links_and_lit_rings_in_place() {
    use feldzug::gui::demo;
    use feldzug::gui::pointboard::{UNIT, fit_view, node_world, to_screen};
    let Some(png) = shot_keep("FELDZUG_DEMO", "pointboard", &[]) else {
        return;
    };
    let board = demo::demo_board();
    let (cam, scale) = fit_view(&board, Vec2::new(1280.0, 800.0));
    let b = Board {
        img: Board::new_image(&png),
        cam,
        scale,
    };
    let _ = std::fs::remove_file(&png);
    let map = &board.map;
    let at = |name: &str| {
        let n = map.find(name).expect("a demo space");
        (n, node_world(map, n).unwrap())
    };
    // a pixel must lie in the open board (no window over it)
    let open = |p: Vec2| {
        let q = to_screen(p, cam, scale, Vec2::new(1280.0, 800.0));
        assert!(
            (300.0..980.0).contains(&q.x) && (20.0..520.0).contains(&q.y),
            "{p:?} is at {q:?}, under a panel"
        );
    };
    // the darkest of the 3x3 pixels round a world point
    let darkest = |p: Vec2| {
        let q = b.pixel(p);
        let mut best = Vec3::ONE;
        for dx in -1..=1 {
            for dy in -1..=1 {
                let c = b
                    .img
                    .get_color_at((q.x as i32 + dx) as u32, (q.y as i32 + dy) as u32)
                    .unwrap()
                    .to_srgba();
                let v = Vec3::new(c.red, c.green, c.blue);
                if v.element_sum() < best.element_sum() {
                    best = v;
                }
            }
        }
        best
    };
    // Falkenau: a VP space, its outline red (left of the fill, no link there)
    let (n, c) = at("Falkenau");
    let s = board.node_style(n);
    let p = c - Vec2::new((s.size + s.outline_width / 2.0) * UNIT, 0.0);
    open(p);
    let m = b.mean(p, 0);
    assert!(
        m.x > 0.6 && m.y < 0.35 && m.z < 0.35,
        "Falkenau's VP outline should be red, got {m:?}"
    );
    // its fill: white
    let m = b.mean(c + Vec2::new(0.0, s.size * 0.4 * UNIT), 1);
    assert!(
        m.min_element() > 0.85,
        "Falkenau's fill should be white, got {m:?}"
    );
    // Dornfeld is lit (a neighbour of the selected Carlsburg): a green ring on its right
    let (n, c) = at("Dornfeld");
    let marks = demo::demo_marks(&board, Some(map.find("Carlsburg").unwrap()));
    assert!(marks.lit.iter().any(|l| l.node == n));
    let s = board.node_style(n);
    let p = c + Vec2::new((s.size + s.outline_width + 1.2 + 1.6) * UNIT, 0.0);
    open(p);
    let m = b.mean(p, 0);
    assert!(
        m.y > m.x + 0.2 && m.y > m.z + 0.2,
        "Dornfeld's lit ring should be green, got {m:?}"
    );
    // the railroad Altstadt - Brückenau: dark at its middle
    let mid = (at("Altstadt").1 + at("Brückenau").1) / 2.0;
    open(mid);
    let m = darkest(mid);
    assert!(
        m.max_element() < 0.3,
        "the railroad should be dark, got {m:?}"
    );
    // the road Hohenwart - Jungholz: brown at its middle
    let mid = (at("Hohenwart").1 + at("Jungholz").1) / 2.0;
    open(mid);
    let m = darkest(mid);
    assert!(
        m.x > m.z + 0.2 && m.x > 0.35,
        "the road should be brown, got {m:?}"
    );
}

fn which(bin: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(bin).exists()))
}

/// A Vulkan loader and at least one driver manifest (what wgpu needs to find an adapter).
fn vulkan_driver() -> bool {
    let loader = [
        "/usr/lib/x86_64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
        "/usr/lib",
        "/usr/lib64",
    ]
    .iter()
    .any(|d| std::path::Path::new(d).join("libvulkan.so.1").exists());
    let icd = ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"]
        .iter()
        .any(|d| std::fs::read_dir(d).is_ok_and(|mut it| it.next().is_some()));
    loader && icd
}

/// 1866 in the window: a new game opens behind the hand-over curtain and no card face is
/// drawn anywhere; once the side to act lifts it (FELDZUG_CURTAIN=up: as if that player
/// had clicked), its hand shows as card faces (light) in the hand panel at the bottom
/// (project principle 4: a hand only after its side lifts the curtain).
#[test]
fn struggle_hand_is_drawn_only_after_the_curtain_is_lifted() {
    let light_share = |png: &std::path::Path| {
        let img = Board::new_image(png);
        let (mut light, mut all) = (0u32, 0u32);
        for y in (640..780).step_by(4) {
            for x in (320..860).step_by(4) {
                let c = img.get_color_at(x, y).unwrap().to_srgba();
                all += 1;
                if c.red.min(c.green).min(c.blue) > 0.8 {
                    light += 1;
                }
            }
        }
        light as f32 / all as f32
    };
    let seed = [("FELDZUG_SEED", "7")];
    let Some(curtain) = shot_keep("FELDZUG_AUTOSTART", "struggle-mobilization", &seed) else {
        return;
    };
    let hidden = light_share(&curtain);
    let _ = std::fs::remove_file(&curtain);
    assert!(hidden < 0.01, "no card face under the curtain: {hidden}");
    let Some(open) = shot_keep(
        "FELDZUG_AUTOSTART",
        "struggle-mobilization",
        &[("FELDZUG_SEED", "7"), ("FELDZUG_CURTAIN", "up")],
    ) else {
        return;
    };
    let shown = light_share(&open);
    let _ = std::fs::remove_file(&open);
    assert!(shown > 0.2, "the hand's card faces should show: {shown}");
}

/// Great Saxon War in the window: a force that has rolled its march die is selected
/// (the yellow ring round its area) and the areas it may enter, from the one legal list,
/// are lit green; the picture is the map fitted to the window as the game opens.
#[test]
fn saxonwar_map_rings_the_marching_force_and_lights_its_areas() {
    use feldzug::engine::game::{PureGame, RulesGame};
    use feldzug::games::saxonwar::SaxonWar;
    use feldzug::games::saxonwar::state::SxCommand;
    use feldzug::games::saxonwar::ui::{autoplay_until, board_of};
    use feldzug::gui::pointboard::{LIT, SELECTED, UNIT, fit_view, node_world, to_screen};
    let src = feldzug::engine::scenarios::find("saxonwar-1756").expect("registered");
    let rules = <SaxonWar as RulesGame>::load_rules(&src, &[]).expect("loads");
    let cmds = autoplay_until(&rules, 7, "moving").expect("a march is reached");
    let mut g = PureGame::<SaxonWar>::new(rules.clone(), 7);
    for c in &cmds {
        g.apply(c).expect("replays");
    }
    let m = g.st.g.march.clone().expect("a march in progress");
    let enter: Vec<usize> = g
        .legal()
        .iter()
        .filter_map(|c| match c {
            SxCommand::Enter { area } => Some(*area as usize),
            _ => None,
        })
        .collect();
    assert!(enter.len() >= 2, "the force may enter areas");
    let Some(png) = shot_keep(
        "FELDZUG_AUTOSTART",
        "saxonwar-1756",
        &[("FELDZUG_SEED", "7"), ("FELDZUG_AUTOPLAY", "moving")],
    ) else {
        return;
    };
    let board = board_of(&rules, Some(&g.st), None);
    let window = Vec2::new(1280.0, 800.0);
    let (cam, scale) = fit_view(&board, window);
    let img = Board::new_image(&png);
    let keep = std::env::var("FELDZUG_KEEP_SHOT").is_ok();
    if !keep {
        let _ = std::fs::remove_file(&png);
    }
    let colour = |q: Vec2| {
        let c = img
            .get_color_at(q.x as u32, q.y as u32)
            .unwrap_or(Color::BLACK)
            .to_srgba();
        Vec3::new(c.red, c.green, c.blue)
    };
    // the share of points round a ring (at `mid` world units from the node's centre)
    // that show the wanted colour, among those not under a panel
    let ring = |n: usize, mid: f32, want: &dyn Fn(Vec3) -> bool| {
        let c = node_world(&board.map, n).unwrap();
        let (mut hit, mut all) = (0, 0);
        for k in 0..24 {
            let a = k as f32 * std::f32::consts::TAU / 24.0;
            let q = to_screen(c + Vec2::new(a.cos(), a.sin()) * mid, cam, scale, window);
            if !(310.0..1270.0).contains(&q.x) || !(10.0..680.0).contains(&q.y) {
                continue;
            }
            all += 1;
            if want(colour(q)) {
                hit += 1;
            }
        }
        (hit, all)
    };
    let radius = |n: usize| {
        let s = board.node_style(n);
        (s.size + s.outline_width) * UNIT
    };
    let sel = SELECTED.to_srgba();
    let yellow = |v: Vec3| {
        (v - Vec3::new(sel.red, sel.green, sel.blue))
            .abs()
            .max_element()
            < 0.2
    };
    let lit = LIT.to_srgba();
    let green = |v: Vec3| {
        (v - Vec3::new(lit.red, lit.green, lit.blue))
            .abs()
            .max_element()
            < 0.25
    };
    // the selected ring: 1 + 2 units out from the node, yellow
    let at = m.at as usize;
    let (hit, all) = ring(at, radius(at) + 3.0 * UNIT, &yellow);
    assert!(all >= 6, "the marching force's area is under a panel");
    assert!(
        hit * 3 >= all,
        "the marching force's area should be ringed yellow: {hit} of {all} points"
    );
    // the areas it may enter: green rings 2.8 units out
    let mut ringed = 0;
    for &n in &enter {
        let (hit, all) = ring(n, radius(n) + 2.8 * UNIT, &green);
        if all >= 6 && hit * 3 >= all {
            ringed += 1;
        }
    }
    assert!(
        ringed * 2 >= enter.len(),
        "the areas the force may enter should be ringed green: {ringed} of {}",
        enter.len()
    );
    // an area it may not enter (not a neighbour, not its own) has no green ring
    let far = (0..board.map.nodes.len())
        .find(|n| {
            *n != at && !enter.contains(n) && {
                let (_, all) = ring(*n, radius(*n) + 2.8 * UNIT, &green);
                all >= 20
            }
        })
        .expect("an area away from the panels");
    let (hit, _) = ring(far, radius(far) + 2.8 * UNIT, &green);
    assert!(
        hit <= 4,
        "an area out of reach should not be ringed: {hit} green points"
    );
}

/// Great Saxon War, the siege in the window: lesson 5 opened at its siege roll (step 23,
/// `FELDZUG_LESSON_STEP=22`: Frederick's 12 SP with a completed depot before Wittenberg,
/// the Chevalier de Saxe's 4 SP inside): the siege panel stands at the top right with the
/// siege table (the die faces that breach in green, siege.resolution), and the fortress
/// is drawn as one box of two halves: the garrison's stripe (its power's darker colour)
/// on the left, the besieger's stripe right of it on the same lines (fortress.garrison).
/// Screenshot: docs/screenshots/saxonwar-siege.png.
#[test]
fn saxonwar_siege_panel_and_the_fortress_box_of_two_halves() {
    use feldzug::engine::game::{PureGame, RulesGame};
    use feldzug::engine::tutorial;
    use feldzug::games::saxonwar::SaxonWar;
    use feldzug::games::saxonwar::state::SxCommand;
    use feldzug::games::saxonwar::ui::force_stacks;
    use feldzug::games::saxonwar::view;
    let src = feldzug::engine::scenarios::find("saxonwar-lesson-5").expect("registered");
    let rules = <SaxonWar as RulesGame>::load_rules(&src, &[]).expect("loads");
    let lesson = tutorial::parse_lesson::<SxCommand>(&src.name, &src.text).expect("a lesson");
    let (cmds, dice) = tutorial::replay_prefix(&lesson, 22);
    let mut g = PureGame::<SaxonWar>::new_scripted(rules.clone(), 1, &dice);
    for c in &cmds {
        g.apply(c).expect("replays");
    }
    let sieges = view::sieges(&g.rules, &g.st);
    let v = sieges.first().expect("a fortress to roll against");
    let fortress = force_stacks(&g.rules, &g.st, &|_| true)
        .into_iter()
        .find(|s| s.node == v.area as usize && s.right.is_some())
        .expect("the besieged fortress is one box of two halves");
    let Some(png) = shot_keep(
        "FELDZUG_LESSON",
        "saxonwar-lesson-5",
        &[("FELDZUG_LESSON_STEP", "22")],
    ) else {
        return;
    };
    let img = Board::new_image(&png);
    if std::env::var("FELDZUG_KEEP_SHOT").is_err() {
        let _ = std::fs::remove_file(&png);
    } else {
        eprintln!("kept {}", png.display());
    }
    let px = |x: u32, y: u32| {
        let c = img.get_color_at(x, y).unwrap_or(Color::BLACK).to_srgba();
        Vec3::new(c.red, c.green, c.blue)
    };
    let near = |v: Vec3, c: Color| {
        let c = c.to_srgba();
        (v - Vec3::new(c.red, c.green, c.blue)).abs().max_element() < 0.08
    };
    // the siege table: the breaching faces in green at the top right
    let green = Color::srgb(90.0 / 255.0, 200.0 / 255.0, 90.0 / 255.0);
    let mut greens = 0;
    for y in 0..520 {
        for x in 880..1280 {
            if near(px(x, y), green) {
                greens += 1;
            }
        }
    }
    if v.breaches > 0 {
        assert!(
            greens >= 15,
            "the breaching faces should be green: {greens} pixels"
        );
    }
    // the fortress box: on some line, the garrison's stripe with the besieger's right of it
    let right = fortress.right.as_ref().expect("two halves");
    let mut rows = 0;
    for y in (20..780).step_by(2) {
        let xs: Vec<u32> = (300..1000).collect();
        let g_at = xs.iter().find(|&&x| near(px(x, y), fortress.colour));
        let b_at = xs.iter().rev().find(|&&x| near(px(x, y), right.colour));
        if let (Some(&a), Some(&b)) = (g_at, b_at)
            && b > a + 8
            && b < a + 400
        {
            rows += 1;
        }
    }
    assert!(
        rows >= 8,
        "the fortress box should show the garrison's stripe left of the besieger's: {rows} lines"
    );
}
