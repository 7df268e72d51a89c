//! The game library and the replay browser, headless: every registered game is listed
//! with what the menu shows; no menu, replay, fuzz, bench or CLI code names a game; the
//! map thumbnail puts each terrain where the map has it; the browser stepped to command
//! N shows the position `feldzug inspect SAVE --at N` prints; "play on from here" writes
//! a branch and leaves the browsed save untouched.

use bevy::prelude::*;
use feldzug::engine::hexmap::Terrain;
use feldzug::engine::session::GameEntry;
use feldzug::games::registry;
use feldzug::library;
use feldzug::replay::ReplayBrowser;
use std::path::PathBuf;

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("feldzug-lib-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_library_lists_every_registered_game_with_its_card() {
    let cards = library::cards();
    let ids: Vec<&str> = cards.iter().map(|c| c.id).collect();
    let registered: Vec<&str> = registry().iter().map(|g| g.id()).collect();
    assert_eq!(ids, registered);
    assert!(registered.len() >= 2);
    for c in &cards {
        assert_eq!(c.title, c.game.name());
        assert!(!c.date.is_empty(), "{}: no date line", c.id);
        assert!(!c.scenarios.is_empty(), "{}: no scenario", c.id);
        // every non-hidden scenario file of the game is on its card, and no other
        let files: Vec<String> = feldzug::engine::scenarios::embedded()
            .into_iter()
            .flatten()
            .filter(|s| s.meta.game == c.id && !s.meta.hidden)
            .map(|s| s.meta.id)
            .collect();
        let listed: Vec<String> = c.scenarios.iter().map(|s| s.id.clone()).collect();
        assert_eq!(listed, files, "{}", c.id);
        assert!(!c.lessons.is_empty(), "{}: no lesson", c.id);
        assert!(
            c.lessons.windows(2).all(|w| w[0].order <= w[1].order),
            "{}: lessons out of order",
            c.id
        );
        assert!(c.rule_cases > 50, "{}: {} rule cases", c.id, c.rule_cases);
        assert!(
            c.map.is_some() || c.points.is_some(),
            "{}: no map for the thumbnail",
            c.id
        );
    }
}

/// The files that list, start, resume, replay, fuzz and measure games reach them only
/// through the registry: none names a game (its id, its name or its folder).
#[test]
fn no_menu_replay_fuzz_bench_or_cli_code_names_a_game() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // every shared file: the whole of src/gui and src/engine, and the shared top-level
    // modules (a game's own code lives in src/games/<game>/ only)
    let mut files: Vec<String> = Vec::new();
    for dir in ["src/gui", "src/engine"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name.ends_with(".rs") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    for f in [
        "src/library.rs",
        "src/replay.rs",
        "src/fuzz.rs",
        "src/bench.rs",
        "src/cli.rs",
    ] {
        files.push(f.to_string());
    }
    assert!(files.len() > 25, "{files:?}");
    let mut names: Vec<String> = Vec::new();
    for g in registry() {
        names.push(g.id().to_lowercase());
        names.push(g.name().to_lowercase());
    }
    for e in std::fs::read_dir(root.join("src/games")).unwrap().flatten() {
        if e.path().is_dir() {
            names.push(e.file_name().to_string_lossy().to_lowercase());
        }
    }
    assert!(names.len() >= 6);
    for f in &files {
        // code, not comments: a doc comment may give a game as an example
        let text: String = std::fs::read_to_string(root.join(f))
            .unwrap()
            .to_lowercase()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for n in &names {
            assert!(!text.contains(n.as_str()), "{f} names the game '{n}'");
        }
    }
}

#[test]
fn the_thumbnail_draws_each_hex_in_its_terrain_colour() {
    let mut hex_games = 0;
    for c in library::cards() {
        let Some(map) = c.map.as_ref() else {
            continue;
        };
        hex_games += 1;
        let t = library::thumbnail(map, 280, 180);
        assert!(t.width <= 280 && t.height <= 180 && t.width > 100);
        assert_eq!(t, library::thumbnail(map, 280, 180), "deterministic");
        let mut woods = 0;
        for h in map.coords() {
            let (x, y) = t.pixel_of(h);
            let px = t.get(x, y).unwrap();
            // the centre pixel of a hex with no road or railway through it
            if map.is_road(h) || map.railways.iter().any(|r| r.contains(&h)) {
                continue;
            }
            assert_eq!(px, library::hex_colour(map, h), "{}: hex {h}", c.id);
            if map.terrain(h) == Terrain::Woods {
                assert!(px[1] > px[0] && px[1] > px[2], "woods are green: {px:?}");
                woods += 1;
            }
        }
        assert!(woods > 0, "{}: no woods hex checked", c.id);
    }
    assert!(hex_games >= 3, "{hex_games} hex games");
}

#[test]
fn a_point_board_thumbnail_draws_each_space_as_a_dot() {
    let mut point_games = 0;
    for c in library::cards() {
        let Some(map) = c.points.as_ref() else {
            continue;
        };
        point_games += 1;
        let t = library::point_thumbnail(map, 280, 180);
        assert!(
            t.width <= 280 && t.height <= 180 && t.width > 100,
            "{}",
            c.id
        );
        assert_eq!(t, library::point_thumbnail(map, 280, 180), "deterministic");
        for n in &map.nodes {
            let (x, y) = library::point_pixel(&t, n.x, n.y);
            assert_eq!(
                t.get(x, y),
                Some(library::POINT_NODE),
                "{}: {}",
                c.id,
                n.name
            );
        }
        assert_eq!(t.get(0, 0), Some(library::POINT_PAPER), "{}: paper", c.id);
    }
    assert!(point_games >= 1, "no game on a point board");
}

/// A random game of the game's first scenario, saved to a file.
fn saved_game(game: &dyn GameEntry, dir: &std::path::Path, commands: usize) -> PathBuf {
    let sc = game.scenarios().remove(0);
    let src = feldzug::engine::scenarios::find(&sc.id).unwrap();
    let (_, text) = game.play_random(&src, &[], 11, 11, commands).unwrap();
    let path = dir.join(format!("{}.ron", game.id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn headless_app(game: &dyn GameEntry) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    game.add_ecs(&mut app);
    app
}

#[test]
fn the_replay_browser_at_command_n_shows_the_position_inspect_prints() {
    let dir = temp_dir("replay");
    for game in registry() {
        let path = saved_game(game, &dir, 80);
        let mut b = ReplayBrowser::open_file(&path).unwrap();
        let n = b.len();
        assert!(n >= 40, "{}: only {n} commands", game.id());
        assert_eq!(b.cursor, 0);
        let mut app = headless_app(game);
        let check = |b: &ReplayBrowser, app: &mut App| {
            b.show(app.world_mut()).unwrap();
            app.update();
            let shown = game.world_hash(app.world_mut()).unwrap();
            assert_eq!(
                shown,
                b.inspected_hash().unwrap(),
                "{} at {}",
                game.id(),
                b.cursor
            );
            shown
        };
        let start = check(&b, &mut app);
        assert!(b.forward());
        let one = check(&b, &mut app);
        assert_ne!(
            start,
            one,
            "{}: the first command changes nothing",
            game.id()
        );
        b.go_to(n / 2);
        let mid = check(&b, &mut app);
        // `feldzug inspect SAVE --at N` prints the same hash
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_feldzug"))
            .arg("inspect")
            .arg(&path)
            .args(["--at", &(n / 2).to_string()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["state_hash"].as_str(), Some(mid.as_str()));
        // stepping forward then back returns to the same position
        assert!(b.forward());
        check(&b, &mut app);
        assert!(b.back());
        assert_eq!(check(&b, &mut app), mid);
        assert!(b.to_end());
        assert!(!b.forward(), "no step past the end");
        let end = check(&b, &mut app);
        assert_eq!(
            end,
            game.replay("save", &std::fs::read_to_string(&path).unwrap())
                .unwrap()
                .state_hash
        );
        assert!(b.to_start());
        assert_eq!(check(&b, &mut app), start);
        // every line but the start's has its command's text, as in the save
        assert!(b.script.lines.iter().all(|l| !l.command.is_empty()));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn play_on_from_here_writes_a_branch_and_leaves_the_save_untouched() {
    let dir = temp_dir("branch");
    for game in registry() {
        let path = saved_game(game, &dir, 60);
        let before = std::fs::read(&path).unwrap();
        let mut b = ReplayBrowser::open_file(&path).unwrap();
        let k = b.len() / 3;
        b.go_to(k);
        let branch = b.play_on(&dir).unwrap();
        assert_ne!(branch, path);
        assert_eq!(
            std::fs::read(&path).unwrap(),
            before,
            "the original changed"
        );
        let text = std::fs::read_to_string(&branch).unwrap();
        let summary = game.replay("branch", &text).unwrap();
        assert_eq!(summary.commands, k);
        assert_eq!(summary.state_hash, b.inspected_hash().unwrap());
        // a second branch at the same point gets a name of its own
        let again = b.play_on(&dir).unwrap();
        assert!(again != branch && again != path);
        // the branch lists among the saves of its game
        let saves = library::saves_in(&dir);
        assert!(
            saves
                .iter()
                .any(|s| s.path == branch && s.game.id() == game.id() && s.commands == k)
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn fuzz_targets_come_from_the_registry() {
    let targets = feldzug::fuzz::targets();
    for game in registry() {
        for kind in ["scenario", "save", "commands"] {
            let t = format!("{}-{kind}", game.id());
            assert!(targets.contains(&t), "{t} missing");
            for input in feldzug::fuzz::corpus(&t) {
                assert!(feldzug::fuzz::run_target(&t, &input).is_ok(), "{t}");
            }
        }
    }
    assert_eq!(targets.len(), 3 * registry().len());
}
