//! Saves made with the program as it was after the rules-fidelity work and before the
//! sequence of play became step modules (commit f7ff0ee, `feldzug play --random --seed
//! 11`), with the state hash that program's `feldzug replay` printed for each. The
//! rules were restructured (issue 17) without changing behaviour: every save must still
//! replay, command by command, to the same state.

use feldzug::games;

const PINNED: [(&str, &str, usize); 4] = [
    ("koniggratz", "53c5a2b84eaffa6e", 0),
    ("trautenau", "6832ec1bead4a5e5", 0),
    ("soor", "25254e1e2b08c674", 558),
    ("trautenau-soor", "4d9096600d8aab3c", 0),
];

#[test]
fn saves_from_before_the_steps_replay_to_the_same_state() {
    for (scenario, hash, commands) in PINNED {
        let path = format!(
            "{}/tests/saves/before-steps-{scenario}.ron",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("pinned save");
        let game = if scenario == "koniggratz" {
            "koniggratz"
        } else {
            "trautenau-soor"
        };
        let entry = games::find(game).expect("registered game");
        let summary = entry
            .replay(&path, &text)
            .unwrap_or_else(|e| panic!("{scenario}: {e}"));
        assert_eq!(summary.state_hash, hash, "{scenario}: state after replay");
        assert!(summary.commands > 100, "{scenario}: a whole random game");
        if commands > 0 {
            assert_eq!(summary.commands, commands, "{scenario}");
        }
    }
}
