//! Fuzz regressions, a short fuzz run per target, property tests, and the
//! kill-during-save test.

use feldzug::engine::scenarios;
use feldzug::fuzz;
use feldzug::games::koniggratz::{self, PureGame, check_invariants, random_command};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn fuzz_regressions_do_not_crash() {
    for target in fuzz::targets() {
        let target = target.as_str();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fuzz-regressions")
            .join(target);
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for f in rd.flatten() {
            if f.file_name().to_string_lossy().ends_with(".md") {
                continue;
            }
            let data = std::fs::read(f.path()).unwrap();
            assert!(
                fuzz::run_target(target, &data).is_ok(),
                "{} crashes",
                f.path().display()
            );
        }
    }
}

#[test]
fn short_fuzz_run_of_every_target_finds_no_crash() {
    let secs: u64 = std::env::var("FELDZUG_FUZZ_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let out = std::env::temp_dir().join(format!("feldzug-fuzz-{}", std::process::id()));
    for target in fuzz::targets() {
        let target = target.as_str();
        let r = fuzz::fuzz(target, secs, 7, &out).unwrap();
        assert!(r.runs > 0);
        assert!(
            r.crashes.is_empty(),
            "{target}: crashes kept in {:?}",
            r.crashes
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// After every command the invariants hold; undo (replay of a prefix) then redo gives
    /// the same hash.
    #[test]
    fn invariants_hold_and_undo_redo_returns_the_same_hash(seed in 0u64..1_000_000, cut in 1usize..80) {
        let src = scenarios::find("koniggratz").unwrap();
        let rules = koniggratz::load_rules(&src, &[]).unwrap();
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..120 {
            if g.over() { break; }
            let legal = g.legal();
            let c = random_command(&g.rules, &g.st, &legal, &mut rng).unwrap();
            g.apply(&c).unwrap();
            prop_assert!(check_invariants(&g.rules, &g.st).is_ok());
        }
        let n = g.commands.len();
        let k = cut.min(n);
        // undo k commands = replay the first n-k; redo = apply the rest again
        let mut u = PureGame::new(rules, seed);
        for c in &g.commands[..n - k] { u.apply(c).unwrap(); }
        for c in &g.commands[n - k..] { u.apply(c).unwrap(); }
        prop_assert_eq!(u.hash(), g.hash());
    }

    /// Trautenau – Soor: invariants after every command, undo then redo gives the same hash.
    #[test]
    fn trautenau_invariants_and_undo_redo(seed in 0u64..1_000_000, cut in 1usize..80, which in 0usize..3) {
        use feldzug::games::trautenau as ts;
        let id = ["trautenau", "soor", "trautenau-soor"][which];
        let src = scenarios::find(id).unwrap();
        let rules = ts::load_rules(&src, &[]).unwrap();
        let mut g = ts::PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..150 {
            if g.over() { break; }
            let legal = g.legal();
            let c = ts::random_command(&g.rules, &g.st, &legal, &mut rng).unwrap();
            g.apply(&c).unwrap();
            prop_assert!(ts::check_invariants(&g.rules, &g.st).is_ok());
        }
        let n = g.commands.len();
        let k = cut.min(n);
        let mut u = ts::PureGame::new(rules, seed);
        for c in &g.commands[..n - k] { u.apply(c).unwrap(); }
        for c in &g.commands[n - k..] { u.apply(c).unwrap(); }
        prop_assert_eq!(u.hash(), g.hash());
    }
}

#[cfg(unix)]
#[test]
fn killing_the_program_while_it_saves_leaves_a_readable_save() {
    let dir = std::env::temp_dir().join(format!("feldzug-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("auto.ron");
    let mut readable = 0;
    for i in 0..8u64 {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_feldzug"))
            .args(["play", "--scenario", "koniggratz", "--seed"])
            .arg(i.to_string())
            .arg("--autosave")
            .arg(&path)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(40 + 37 * i));
        let _ = child.kill(); // SIGKILL, possibly in the middle of a write
        let _ = child.wait();
        if let Ok(text) = std::fs::read_to_string(&path) {
            // whatever survived is a complete, replayable save
            koniggratz::replay_save("auto.ron", &text).unwrap_or_else(|e| panic!("run {i}: {e}"));
            readable += 1;
        }
    }
    assert!(readable > 0, "no save was ever written");
    let _ = std::fs::remove_dir_all(dir);
}
