//! Random full games of Königgrätz: no panic, invariants after every command, replays
//! reproduce the state hash.

use feldzug::engine::scenarios;
use feldzug::games::koniggratz::{
    self, PureGame, check_invariants, random_command, random_play, replay_save, save_file,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn games() -> u64 {
    std::env::var("FELDZUG_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

#[test]
fn random_full_games_keep_invariants_and_replay() {
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let n = games();
    let mut finished = 0;
    for seed in 0..n {
        let mut g = PureGame::new(rules.clone(), seed);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
        while !g.over() && g.commands.len() < 20_000 {
            let cmd = random_play(&g.rules, &g.st, &mut rng)
                .unwrap_or_else(|| panic!("seed {seed}: no legal command in {:?}", g.st.g.step));
            g.apply(&cmd)
                .unwrap_or_else(|r| panic!("seed {seed}: legal {cmd:?} refused: {r}"));
            if let Err(e) = check_invariants(&g.rules, &g.st) {
                panic!("seed {seed} after {cmd:?}: {e}");
            }
        }
        assert!(g.over(), "seed {seed} did not finish");
        finished += 1;
        // Replays of every 10th game through the save text (all would take longer in debug).
        if seed % 10 == 0 {
            let text = feldzug::engine::save::to_text(&save_file(&g, &[])).unwrap();
            let r = replay_save("mem.ron", &text).unwrap();
            assert_eq!(r.hash(), g.hash(), "seed {seed}");
        }
    }
    assert_eq!(finished, n);
}

#[test]
fn austrian_ap_option_uses_16() {
    let src = scenarios::find("koniggratz").unwrap();
    let def = koniggratz::load_rules(&src, &[]).unwrap();
    assert_eq!(def.options.austrian_ap, 18, "8.0 is the default");
    let alt = koniggratz::load_rules(&src, &["austrian-ap-16".to_string()]).unwrap();
    assert_eq!(alt.options.austrian_ap, 16, "6.1 as an option");
}

#[test]
fn undo_is_replay_of_a_shorter_list() {
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut g = PureGame::new(rules.clone(), 42);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut hashes = vec![g.hash()];
    for _ in 0..60 {
        let cmd = random_command(&g.rules, &g.st, &g.legal(), &mut rng).unwrap();
        g.apply(&cmd).unwrap();
        hashes.push(g.hash());
    }
    for k in [0usize, 10, 59] {
        let mut r = PureGame::new(rules.clone(), 42);
        for c in &g.commands[..k] {
            r.apply(c).unwrap();
        }
        assert_eq!(r.hash(), hashes[k]);
    }
}
