//! The prompt line on screen is the step's own prompt: after a command that changes the
//! step, [`CurrentStep`] (set by the step state's `OnEnter`) carries the prompt of the
//! step the rules are in, naming the side to act and citing the step's case.

use feldzug::engine::game_ecs::CurrentStep;
use feldzug::engine::scenarios;
use feldzug::engine::step::{self, Sequenced};
use feldzug::games::koniggratz::{self, KgSession, Koniggratz};
use feldzug::games::trautenau::{self, Trautenau, TsSession};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Checks the step on screen against the pure step; returns its name.
fn check_screen<G: Sequenced>(
    on_screen: &CurrentStep,
    rules: &G::Rules,
    st: &G::State,
) -> &'static str {
    let s = G::step(rules, st);
    assert_eq!(on_screen.name, s.name());
    assert_eq!(on_screen.prompt, step::prompt::<G>(rules, st));
    assert_eq!(on_screen.to_act, s.to_act(rules, st));
    if let Some(side) = on_screen.to_act {
        assert!(
            on_screen.prompt.starts_with(&format!("{}:", side.name())),
            "{}: {}",
            s.name(),
            on_screen.prompt
        );
    }
    // the prompt cites a case of the rulebook in brackets at its end
    assert!(
        on_screen.prompt.ends_with(").") || s.to_act(rules, st).is_none(),
        "{}: {}",
        s.name(),
        on_screen.prompt
    );
    s.name()
}

#[test]
fn koniggratz_prompt_on_screen_follows_the_step() {
    let src = scenarios::find("koniggratz").unwrap();
    let rules = koniggratz::load_rules(&src, &[]).unwrap();
    let mut s = KgSession::new(rules.clone(), 7);
    let mut p = koniggratz::PureGame::new(rules.clone(), 7);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    s.app.update();
    let mut last = check_screen::<Koniggratz>(s.app.world().resource(), &p.rules, &p.st);
    let mut changes = 0;
    let mut seen = false;
    while !p.over() && p.commands.len() < 400 {
        let legal = p.legal();
        let cmd = koniggratz::random_command(&p.rules, &p.st, &legal, &mut rng).unwrap();
        s.submit(cmd.clone()).unwrap();
        p.apply(&cmd).unwrap();
        s.app.update();
        let now = check_screen::<Koniggratz>(s.app.world().resource(), &p.rules, &p.st);
        if now != last {
            changes += 1;
        }
        // rule 4.2: the movement prompt as the player reads it
        if now == "Movement" && last != "Movement" {
            let side = s.app.world().resource::<CurrentStep>().to_act.unwrap();
            assert_eq!(
                s.app.world().resource::<CurrentStep>().prompt,
                format!(
                    "{}: select a unit, then a highlighted hex it can reach; or pass (4.2).",
                    side.name()
                )
            );
            seen = true;
        }
        last = now;
    }
    assert!(changes >= 5 && seen, "{changes} {seen}");
}

#[test]
fn trautenau_prompt_on_screen_follows_the_step() {
    let src = scenarios::find("trautenau").unwrap();
    let rules = trautenau::load_rules(&src, &[]).unwrap();
    let mut s = TsSession::new(rules.clone(), 7);
    let mut p = trautenau::PureGame::new(rules.clone(), 7);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    s.app.update();
    let mut last = check_screen::<Trautenau>(s.app.world().resource(), &p.rules, &p.st);
    let mut changes = 0;
    let mut seen = false;
    while !p.over() && p.commands.len() < 400 {
        let legal = p.legal();
        let cmd = trautenau::random_command(&p.rules, &p.st, &legal, &mut rng).unwrap();
        s.submit(cmd.clone()).unwrap();
        p.apply(&cmd).unwrap();
        s.app.update();
        let now = check_screen::<Trautenau>(s.app.world().resource(), &p.rules, &p.st);
        if now != last {
            changes += 1;
        }
        // rule 9.5.1: the declaration prompt as the player reads it
        if now == "Assault declaration" && last != now {
            let cs = s.app.world().resource::<CurrentStep>();
            assert!(cs.prompt.contains("select an enemy hex"), "{}", cs.prompt);
            assert!(cs.prompt.ends_with("(9.5.1)."), "{}", cs.prompt);
            seen = true;
        }
        last = now;
    }
    assert!(changes >= 5 && seen, "{changes} {seen}");
}
