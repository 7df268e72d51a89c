//! Statistics over time (issue 15 "Also", `engine::stats`): the series of a game played
//! through its commands has one point per game turn, in order, and its last point is
//! the game's summary (VP and turn); the series followed command by command is the
//! series replayed at once; the games that count losses plot them. And the seats in the
//! save (`SaveFile::players`): optional, so saves without them load as before.

use feldzug::engine::game::{self, PureGame, RulesGame};
use feldzug::engine::save;
use feldzug::engine::scenarios;
use feldzug::engine::stats::{self, Tracker};
use feldzug::games::koniggratz::Koniggratz;
use feldzug::games::sadowa::Sadowa;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::struggle::Struggle;
use feldzug::games::trautenau::Trautenau;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A game of `scenario` played by the random player through the rules' `apply` for at
/// most `max` commands.
fn played<G: RulesGame>(scenario: &str, seed: u64, max: usize) -> PureGame<G> {
    let src = scenarios::find(scenario).expect("the scenario is registered");
    let rules = G::load_rules(&src, &[]).expect("the scenario loads");
    let mut g = PureGame::<G>::new(rules, seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x57a7);
    while !g.over() && g.commands.len() < max {
        let Some(c) = G::random_play(&g.rules, &g.st, &mut rng) else {
            break;
        };
        g.apply(&c).expect("a random legal command is applied");
    }
    g
}

/// One point per game turn (the turns of the positions the game went through, each
/// once, in order) and the last point is the summary.
fn one_point_per_turn<G: RulesGame>(scenario: &str, seed: u64, max: usize) {
    let g = played::<G>(scenario, seed, max);
    // the turns the game went through, position by position
    let mut replay = PureGame::<G>::new(g.rules.clone(), seed);
    let mut turns = vec![replay.summary().turns];
    for c in &g.commands {
        replay.apply(c).expect("the game's own command");
        let t = replay.summary().turns;
        if turns.last() != Some(&t) {
            turns.push(t);
        }
    }
    let series = stats::series_of::<G>(g.rules.clone(), seed, &g.commands);
    let plotted: Vec<u32> = series.samples.iter().map(|s| s.figures.turn).collect();
    assert_eq!(plotted, turns, "{scenario}: one point per turn");
    assert!(
        plotted.windows(2).all(|w| w[0] < w[1]),
        "{scenario}: turns in order {plotted:?}"
    );
    assert!(
        turns.len() >= 2,
        "{scenario}: the game went through more than one turn ({} commands)",
        g.commands.len()
    );
    // the last point is the summary of the game as it stands
    let summary = g.summary();
    let last = series.last().expect("a point");
    assert_eq!(last.commands, g.commands.len());
    assert_eq!(last.figures.turn, summary.turns);
    for (side, vp) in &summary.vp {
        assert_eq!(
            last.figures.get(stats::VP, side),
            Some(*vp as f64),
            "{scenario}: {side}'s VP"
        );
    }
    // each turn's point is the VP of its last position
    let mut replay = PureGame::<G>::new(g.rules.clone(), seed);
    for (i, c) in g.commands.iter().enumerate() {
        replay.apply(c).expect("the game's own command");
        let s = replay.summary();
        if let Some(p) = series.samples.iter().find(|p| p.commands == i + 1) {
            assert_eq!(p.figures.turn, s.turns);
            for (side, vp) in &s.vp {
                assert_eq!(p.figures.get(stats::VP, side), Some(*vp as f64));
            }
        }
    }
    // followed command by command (as the window does), the same series
    let mut t = Tracker::<G>::new(g.rules.clone(), seed);
    for n in (0..=g.commands.len()).step_by(7) {
        t.follow(&g.commands[..n]);
    }
    t.follow(&g.commands);
    assert_eq!(t.series, series, "{scenario}: followed = replayed");
    // an undo (a shorter list) follows too
    let back = g.commands.len() / 2;
    t.follow(&g.commands[..back]);
    assert_eq!(
        t.series,
        stats::series_of::<G>(g.rules.clone(), seed, &g.commands[..back])
    );
}

#[test]
fn stats_one_point_per_turn_and_the_last_is_the_summary_koniggratz() {
    one_point_per_turn::<Koniggratz>("koniggratz", 3, 100_000);
}

#[test]
fn stats_one_point_per_turn_and_the_last_is_the_summary_soor() {
    one_point_per_turn::<Trautenau>("soor", 4, 100_000);
}

#[test]
fn stats_one_point_per_turn_and_the_last_is_the_summary_sadowa() {
    one_point_per_turn::<Sadowa>("sadowa", 5, 3_000);
}

#[test]
fn stats_one_point_per_turn_and_the_last_is_the_summary_struggle() {
    one_point_per_turn::<Struggle>("struggle-mobilization", 6, 100_000);
}

#[test]
fn stats_one_point_per_turn_and_the_last_is_the_summary_saxonwar() {
    one_point_per_turn::<SaxonWar>("saxonwar-1756", 7, 3_000);
}

/// The games that count losses plot them beside the VP; a game whose summary says
/// nothing more plots its VP alone.
#[test]
fn stats_plot_the_losses_where_the_game_counts_them() {
    let g = played::<Koniggratz>("koniggratz", 3, 100_000);
    let series = stats::series_of::<Koniggratz>(g.rules.clone(), 3, &g.commands);
    assert_eq!(
        series.figure_names(),
        ["VP", "Units blown or eliminated"],
        "rule 7.0: the VP count the units blown or eliminated"
    );
    assert_eq!(series.sides(), ["Austria", "Prussia"]);
    let lost = series.line("Units blown or eliminated", "Austria");
    assert_eq!(lost.len(), series.samples.len());
    let s = stats::series_of::<Sadowa>(played::<Sadowa>("sadowa", 5, 500).rules, 5, &[]);
    assert_eq!(s.figure_names(), ["VP", "Loss Points"]);
    let s = stats::series_of::<Trautenau>(played::<Trautenau>("soor", 4, 0).rules, 4, &[]);
    assert_eq!(s.figure_names(), ["VP", "Step losses"]);
    let g = played::<Struggle>("struggle-mobilization", 6, 0);
    let s = stats::series_of::<Struggle>(g.rules, 6, &[]);
    assert_eq!(s.figure_names(), ["VP"]);
}

/// Issue 15: the seats are an optional field of the save. A save without it (every
/// save written before, and the pinned ones) reads with none and replays to the same
/// state; a save with it keeps it and replays to the same state as without.
#[test]
fn stats_the_seats_are_an_optional_field_of_the_save() {
    let path = format!(
        "{}/tests/saves/before-steps-koniggratz.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("pinned save");
    let old: save::SaveFile<<Koniggratz as RulesGame>::Command> =
        save::from_text(&path, &text).expect("an old save reads");
    assert_eq!(old.players, None);
    let g = game::replay_save::<Koniggratz>(&path, &text).expect("replays");
    // with seats: the same game, the seats kept
    let seated = save::SaveFile {
        players: Some(
            [
                ("Austria".to_string(), "human".to_string()),
                ("Prussia".to_string(), "computer:strong".to_string()),
            ]
            .into_iter()
            .collect(),
        ),
        ..old.clone()
    };
    let t = save::to_text(&seated).unwrap();
    let back: save::SaveFile<<Koniggratz as RulesGame>::Command> =
        save::from_text("seated.ron", &t).unwrap();
    assert_eq!(back, seated);
    let g2 = game::replay_save::<Koniggratz>("seated.ron", &t).expect("replays");
    assert_eq!(g2.hash(), g.hash());
    // written again without seats: the text of the old format
    assert!(!save::to_text(&old).unwrap().contains("players"));
    // a branch of a seated save is played on by the same players
    let b = game::branch_save::<Koniggratz>("seated.ron", &t, 10).unwrap();
    assert!(b.contains("computer:strong"), "{b}");
}
