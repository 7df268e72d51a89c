//! The command line: play, replay, errors as one line and non-zero exits.

use std::process::Command;

fn feldzug() -> Command {
    Command::new(env!("CARGO_BIN_EXE_feldzug"))
}

#[test]
fn play_random_then_replay_gives_the_same_summary() {
    let dir = std::env::temp_dir().join(format!("feldzug-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("g.ron");
    let out = feldzug()
        .args([
            "play",
            "--scenario",
            "koniggratz",
            "--seed",
            "7",
            "--random",
            "--save",
        ])
        .arg(&save)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let play: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(play["finished"], true);
    assert!(play["winner"].is_string());
    let out = feldzug().arg("replay").arg(&save).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replay: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(play, replay);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_files_give_one_line_and_non_zero_exit() {
    let dir = std::env::temp_dir().join(format!("feldzug-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in [
        ("trunc.ron", "(version: 1, game: \"koniggratz\", scen"),
        ("empty.ron", ""),
        ("binary.ron", "\u{0}\u{1}\u{2}"),
        (
            "future.ron",
            "(version: 99, game: \"koniggratz\", scenario: \"koniggratz\", seed: 1, commands: [])",
        ),
        (
            "unknown.ron",
            "(version: 1, game: \"chess\", scenario: \"x\", seed: 1, commands: [])",
        ),
        (
            "illegal.ron",
            "(version: 1, game: \"koniggratz\", scenario: \"koniggratz\", seed: 1, commands: [Pass, Pass])",
        ),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        let out = feldzug().arg("replay").arg(&p).output().unwrap();
        assert!(!out.status.success(), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{name}: {err}");
        assert!(err.contains(name), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
    let out = feldzug()
        .args(["play", "--scenario", "nope", "--random"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let _ = std::fs::remove_dir_all(dir);
}

/// Runs the program; returns (success, stdout, stderr).
fn run(args: &[&str]) -> (bool, String, String) {
    let out = feldzug().args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (ok, out, err) = run(args);
    assert!(ok, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// A scratch folder for one test.
fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("feldzug-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The scenario ids and games `feldzug scenarios` lists.
fn listed_scenarios() -> Vec<(String, String)> {
    let (ok, out, err) = run(&["scenarios"]);
    assert!(ok, "{err}");
    let list: Vec<(String, String)> = out
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?.to_string(), w.next()?.to_string()))
        })
        .collect();
    for id in ["koniggratz", "trautenau", "soor", "trautenau-soor"] {
        assert!(list.iter().any(|(s, _)| s == id), "{id} not listed: {out}");
    }
    list
}

/// A command that no position allows: a unit attacking or firing at itself.
fn self_attack(game: &str) -> &'static str {
    match game {
        "koniggratz" => "Attack(attacker: 0, defender: 0)",
        "trautenau-soor" => "Barrage(unit: 0, target: 0, turn: None)",
        "sadowa" => "Attack(lead: 0, target: 0)",
        "struggle" => "SetupAt(choice: 200, space: 0)",
        "saxonwar" => "Deploy(leader: 250, area: 0, inside: false)",
        other => panic!("add a never-legal command for the game {other}"),
    }
}

/// A one-line save of `commands` (each in the form `inspect` prints them).
fn save_text(game: &str, scenario: &str, seed: u64, commands: &[String]) -> String {
    format!(
        "(version: 1, game: \"{game}\", scenario: \"{scenario}\", seed: {seed}, commands: [{}])",
        commands.join(", ")
    )
}

#[test]
fn inspect_shows_the_position_after_n_commands_of_every_scenario() {
    let dir = scratch("inspect");
    for (id, game) in listed_scenarios() {
        let save = dir.join(format!("{id}.ron"));
        let save_s = save.to_str().unwrap();
        let play = json(&[
            "play",
            "--scenario",
            &id,
            "--seed",
            "3",
            "--random",
            "--max-commands",
            "30",
            "--save",
            save_s,
        ]);
        let n = play["commands"].as_u64().unwrap() as usize;
        assert!(n > 0, "{id}: no command played");
        // default: after all commands, the same hash as the replay
        let all = json(&["inspect", save_s]);
        assert_eq!(all["at"], n, "{id}");
        assert_eq!(all["commands"], n, "{id}");
        assert_eq!(all["state_hash"], play["state_hash"], "{id}");
        assert_eq!(all["saved_state_hash"], play["state_hash"], "{id}");
        assert_eq!(all["game"], game.as_str(), "{id}");
        // --log adds the game log up to the position: the log after half the commands
        // is the first part of the whole game's
        assert!(all.get("log").is_none(), "{id}: the log only with --log");
        let lines = |at: usize| -> Vec<String> {
            let i = json(&["inspect", save_s, "--at", &at.to_string(), "--log"]);
            i["log"]
                .as_array()
                .unwrap_or_else(|| panic!("{id}: no log"))
                .iter()
                .map(|l| l.as_str().unwrap().to_string())
                .collect()
        };
        let (half, whole) = (lines(n / 2), lines(n));
        assert!(
            !whole.is_empty() && whole.len() >= half.len(),
            "{id}: {} then {}",
            half.len(),
            whole.len()
        );
        assert_eq!(&whole[..half.len()], &half[..], "{id}");
        assert!(whole.iter().all(|l| l.starts_with('T')), "{id}");
        for at in [0, 1, n / 2, n] {
            let at_s = at.to_string();
            let i = json(&["inspect", save_s, "--at", &at_s]);
            assert_eq!(i["at"], at, "{id}");
            // the same seeds stopped after `at` commands play the save's first `at`
            let prefix = json(&[
                "play",
                "--scenario",
                &id,
                "--seed",
                "3",
                "--random",
                "--max-commands",
                &at_s,
            ]);
            assert_eq!(prefix["commands"], at, "{id}");
            assert_eq!(i["state_hash"], prefix["state_hash"], "{id} at {at}");
            assert!(i["state"].is_object(), "{id} at {at}");
            assert!(!i["phase"].as_str().unwrap().is_empty(), "{id} at {at}");
            assert!(!i["step"].as_str().unwrap().is_empty(), "{id} at {at}");
            let legal: Vec<String> = i["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            assert_eq!(i["legal_count"], legal.len(), "{id} at {at}");
            if i["over"] == true {
                assert!(legal.is_empty(), "{id} at {at}");
                continue;
            }
            // (1866: a position whose every command names a hidden card lists none
            // without --reveal-hidden, and says so)
            assert!(
                !legal.is_empty() || i["legal_hidden"] == true,
                "{id} at {at}: no legal command"
            );
            assert!(i["side_to_act"].is_string(), "{id} at {at}");
            // every legal command, in its printed form, is accepted
            for c in legal.iter().take(5) {
                let t = json(&["inspect", save_s, "--at", &at_s, "--try", c]);
                assert_eq!(t["try"]["accepted"], true, "{id} at {at}: {c}: {t}");
                assert_eq!(t["try"]["command"], c.as_str(), "{id} at {at}");
                assert_eq!(t["state_hash"], i["state_hash"], "trying changes nothing");
            }
            // a command no position allows is refused with the rule's reason and case
            let bad = self_attack(&game);
            assert!(!legal.iter().any(|c| c == bad), "{id} at {at}");
            let t = json(&["inspect", save_s, "--at", &at_s, "--try", bad]);
            assert_eq!(t["try"]["accepted"], false, "{id} at {at}: {t}");
            let reason = t["try"]["reason"].as_str().unwrap();
            let rule = t["try"]["rule"].as_str().unwrap();
            assert!(!reason.is_empty(), "{id} at {at}");
            if at == 0 {
                // the same refusal as a replay of a save that plays it first
                let f = dir.join("bad.ron");
                std::fs::write(&f, save_text(&game, &id, 3, &[bad.to_string()])).unwrap();
                let (ok, _, err) = run(&["replay", f.to_str().unwrap()]);
                assert!(!ok, "{id}");
                assert!(err.contains("command 1 ("), "{id}: {err}");
                assert!(err.contains(reason), "{id}: {err} / {reason}");
                assert!(err.contains(rule), "{id}: {err} / {rule}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn inspect_refuses_a_position_past_the_end_and_an_unparsable_try() {
    let dir = scratch("inspect-errors");
    let save = dir.join("kg.ron");
    let save_s = save.to_str().unwrap();
    std::fs::write(&save, save_text("koniggratz", "koniggratz", 1, &[])).unwrap();
    let (ok, _, err) = run(&["inspect", save_s, "--at", "5"]);
    assert!(!ok);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("kg.ron") && err.contains("--at 5"), "{err}");
    assert!(err.contains("0 commands"), "{err}");
    let (ok, _, err) = run(&["inspect", save_s, "--try", "Move(unit: 1"]);
    assert!(!ok);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--try") && err.contains("Move(unit: 1"),
        "{err}"
    );
    // a command of the other game is not a command of this one
    let (ok, _, err) = run(&["inspect", save_s, "--try", "Done"]);
    assert!(!ok, "{err}");
    assert!(err.contains("--try"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Replays `text` saved as `name`; returns the one error line (checked to be one line,
/// ending with a newline, naming the file).
fn replay_error(dir: &std::path::Path, name: &str, text: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    let (ok, _, err) = run(&["replay", p.to_str().unwrap()]);
    assert!(!ok, "{name}: replay succeeded");
    assert!(err.ends_with('\n'), "{name}: no newline after {err:?}");
    assert_eq!(err.lines().count(), 1, "{name}: {err}");
    assert!(err.contains(name), "{name}: {err}");
    assert!(!err.contains("panicked"), "{name}: {err}");
    err
}

/// Issue 16: a save whose scenario is another game's names both games and the line.
#[test]
fn a_save_naming_another_games_scenario_says_so() {
    let dir = scratch("wrong-game");
    let save = dir.join("kg.ron");
    let (ok, _, err) = run(&[
        "play",
        "--scenario",
        "koniggratz",
        "--seed",
        "2",
        "--random",
        "--max-commands",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&save).unwrap();
    let line = 1 + text
        .lines()
        .position(|l| l.contains("scenario: \"koniggratz\""))
        .unwrap();
    let bad = text.replace("scenario: \"koniggratz\"", "scenario: \"soor\"");
    let err = replay_error(&dir, "kg-soor.ron", bad.as_bytes());
    assert!(err.contains(&format!("line {line}:")), "{err}");
    assert!(
        err.contains("'koniggratz'") && err.contains("'trautenau-soor'"),
        "{err}"
    );
    assert!(err.contains("'soor'"), "{err}");
    assert!(!err.contains("missing field"), "{err}");
    // and the other way round, on one line
    let err = replay_error(
        &dir,
        "ts-kg.ron",
        save_text("trautenau-soor", "koniggratz", 1, &[]).as_bytes(),
    );
    assert!(err.contains("line 1:"), "{err}");
    assert!(
        err.contains("'trautenau-soor'") && err.contains("'koniggratz'"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 16: a command naming a unit or leader the scenario lacks is refused for that,
/// not for a rule, in both games; also through `inspect --try`.
#[test]
fn a_command_naming_a_unit_that_does_not_exist_says_so() {
    let dir = scratch("unknown-unit");
    for (game, scenario, cmd, what) in [
        (
            "koniggratz",
            "koniggratz",
            "FlipToMarch(unit: 65535)",
            "no unit 65535",
        ),
        (
            "koniggratz",
            "koniggratz",
            "Attack(attacker: 0, defender: 9999)",
            "no unit 9999",
        ),
        (
            "koniggratz",
            "koniggratz",
            "PlaceHq(hq: 200, at: \"1010\", battle: true)",
            "no HQ 200",
        ),
        (
            "trautenau-soor",
            "trautenau",
            "Rally(unit: 65535)",
            "no unit 65535",
        ),
        (
            "trautenau-soor",
            "soor",
            "Move(unit: 65535, to: \"1010\", facing: N)",
            "no unit 65535",
        ),
        (
            "trautenau-soor",
            "trautenau",
            "MoveChief(leader: 250, to: \"1010\")",
            "no leader 250",
        ),
        (
            "trautenau-soor",
            "trautenau-soor",
            "ChooseFormation(formation: 99)",
            "no formation 99",
        ),
    ] {
        let name = format!("{scenario}-unknown.ron");
        let text = save_text(game, scenario, 1, &[cmd.to_string()]);
        let err = replay_error(&dir, &name, text.as_bytes());
        assert!(err.contains("command 1 ("), "{cmd}: {err}");
        assert!(err.contains(what), "{cmd}: {err}");
        let p = dir.join("empty.ron");
        std::fs::write(&p, save_text(game, scenario, 1, &[])).unwrap();
        let t = json(&["inspect", p.to_str().unwrap(), "--try", cmd]);
        assert_eq!(t["try"]["accepted"], false, "{cmd}");
        assert!(
            t["try"]["reason"].as_str().unwrap().contains(what),
            "{cmd}: {t}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 16: a file that is not UTF-8 text gives one error line ending with a newline.
#[test]
fn a_file_that_is_not_utf8_gives_a_whole_error_line() {
    let dir = scratch("not-utf8");
    let err = replay_error(
        &dir,
        "latin1.ron",
        b"(version: 1, game: \"k\xf6niggr\xe4tz\")\n",
    );
    assert!(err.contains("latin1.ron: line 1, column 22:"), "{err}");
    assert!(err.contains("UTF-8"), "{err}");
    let err = replay_error(
        &dir,
        "latin1-line3.ron",
        b"(\n  version: 1,\n  game: \"\xe9\",\n)\n",
    );
    assert!(err.contains("line 3, column 10:"), "{err}");
    // a scenario file too
    let p = dir.join("latin1-scenario.ron");
    std::fs::write(&p, b"(meta: (id: \"\xe9\"))").unwrap();
    let (ok, _, err) = run(&["check", p.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.ends_with('\n') && err.lines().count() == 1, "{err:?}");
    assert!(
        err.contains("latin1-scenario.ron: line 1, column 14:"),
        "{err}"
    );
    let p = dir.join("latin1.ron");
    let (ok, _, err) = run(&["inspect", p.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.ends_with('\n') && err.lines().count() == 1, "{err:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Every error a save can cause names the file and the place: the command number of a
/// refused command, the line of malformed RON.
#[test]
fn save_errors_name_the_command_number_or_the_line() {
    let dir = scratch("places");
    for (game, scenario) in [
        ("koniggratz", "koniggratz"),
        ("trautenau-soor", "trautenau"),
    ] {
        // four legal commands, each the first legal one of its position, then a refused one
        let mut cmds: Vec<String> = Vec::new();
        let p = dir.join("prefix.ron");
        for _ in 0..4 {
            std::fs::write(&p, save_text(game, scenario, 5, &cmds)).unwrap();
            let i = json(&["inspect", p.to_str().unwrap()]);
            cmds.push(i["legal"][0].as_str().unwrap().to_string());
        }
        // the save of legal commands replays
        std::fs::write(&p, save_text(game, scenario, 5, &cmds)).unwrap();
        let (ok, _, err) = run(&["replay", p.to_str().unwrap()]);
        assert!(ok, "{err}");
        let bad = self_attack(game);
        cmds.push(bad.to_string());
        let err = replay_error(
            &dir,
            &format!("{scenario}-k.ron"),
            save_text(game, scenario, 5, &cmds).as_bytes(),
        );
        assert!(err.contains(&format!("command 5 ({bad})")), "{err}");
        assert!(err.contains("is refused"), "{err}");
    }
    // malformed RON on line 3
    let err = replay_error(
        &dir,
        "broken.ron",
        b"(\n  version: 1,\n  game: \"koniggratz\" scenario: \"koniggratz\",\n  seed: 1,\n  commands: [],\n)\n",
    );
    assert!(err.contains("broken.ron: line 3"), "{err}");
    // a command the game does not know, on line 6
    let err = replay_error(
        &dir,
        "unknown-command.ron",
        b"(\n  version: 1,\n  game: \"koniggratz\",\n  scenario: \"koniggratz\",\n  seed: 1,\n  commands: [Fly(unit: 1)],\n)\n",
    );
    assert!(err.contains("unknown-command.ron: line 6"), "{err}");
    assert!(err.contains("Fly"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// 5.1, 6.1: `inspect` shows the 1866 hands and the draw pile only as counts unless the
/// developer asks with `--reveal-hidden`; the cards themselves appear nowhere else.
#[test]
fn inspect_hides_the_1866_hands_unless_asked() {
    let dir = scratch("inspect-hidden");
    let save = dir.join("struggle.ron");
    let save_s = save.to_str().unwrap();
    json(&[
        "play",
        "--scenario",
        "struggle-seven-weeks",
        "--seed",
        "5",
        "--random",
        "--max-commands",
        "20",
        "--save",
        save_s,
    ]);
    let hidden = json(&["inspect", save_s]);
    let cards = &hidden["state"]["cards"];
    for side in 0..2 {
        let h = &cards["hands"][side];
        assert!(h.is_object(), "hand {side} shown as cards: {h}");
        assert!(h["hidden_cards"].as_u64().unwrap() > 0, "{h}");
    }
    assert!(cards["draw"]["hidden_cards"].is_u64(), "{}", cards["draw"]);
    let shown = json(&["inspect", save_s, "--reveal-hidden"]);
    let shown_cards = &shown["state"]["cards"];
    for side in 0..2 {
        assert_eq!(
            shown_cards["hands"][side].as_array().map(Vec::len),
            cards["hands"][side]["hidden_cards"]
                .as_u64()
                .map(|n| n as usize)
        );
    }
    assert!(shown_cards["draw"].is_array());
    // the same position either way
    assert_eq!(hidden["state_hash"], shown["state_hash"]);
    let _ = std::fs::remove_dir_all(dir);
}
