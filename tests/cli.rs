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
