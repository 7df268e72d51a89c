//! 1866: the odds shown come from the same function that resolves the roll (issue 13).
//! For the support roll (11.42, 11.43), the pursuit roll (12.4, 17.1), the avoid battle
//! roll (10.4, 17.1, optional rule 6) and the interception roll (10.2, 17.1, optional rule
//! 6), driven through `PureGame::apply`/`legal` from positions built on the 22.2 set-up:
//! the chance the step's prompt shows before the roll is the number of die faces that
//! succeed with the modifiers the roll logged, every face rolled through the command does
//! what that count says, and the modifiers logged (dice log and log line) are exactly the
//! ones shown. A modifier added to, dropped from or changed in one list alone fails here.

use crate::st_common::*;
use feldzug::engine::dice::Roll;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::flow_battle::Stage;
use feldzug::games::struggle::options::OPT6_CONTROL;
use feldzug::games::struggle::state::*;

/// 22.2 with `opts`, the set-up choices made, and an empty board; Prussia to play.
fn empty_board(opts: &[&str]) -> PureGame<Struggle> {
    empty_board_with(opts, 1)
}

/// The prompt of the step, as the side to act reads it (and the battle panel shows it).
fn prompt(g: &PureGame<Struggle>) -> String {
    feldzug::engine::step::prompt::<Struggle>(&g.rules, &g.st)
}

/// The odds shown in `prompt` right after `who`: "n in 6 [modifier; ...; needs ...]",
/// read as (n, each modifier in words, the need).
fn shown(prompt: &str, who: &str) -> (u32, Vec<String>, String) {
    let at = prompt
        .find(who)
        .unwrap_or_else(|| panic!("{who:?} not in the prompt {prompt:?}"))
        + who.len();
    let (n, rest) = prompt[at..]
        .split_once(" in 6 [")
        .unwrap_or_else(|| panic!("no odds after {who:?} in {prompt:?}"));
    let n: u32 = n
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{n:?} in {prompt:?}"));
    let (inside, _) = rest.split_once(']').expect("the odds' closing bracket");
    let mut items: Vec<String> = inside.split("; ").map(String::from).collect();
    let need = items.pop().expect("the need");
    assert!(need.starts_with("needs "), "{need:?} in {prompt:?}");
    (n, items, need)
}

/// A logged modifier in the words the odds use: its value, then its reason and case.
fn words(m: &(String, i32)) -> String {
    format!("{:+} {}", m.1, m.0)
}

/// What one face of the die did when rolled through the command.
struct Face {
    roll: Roll,
    succeeded: bool,
    /// The log line of the roll (its case's last entry).
    line: String,
}

/// Applies `cmd` from `g` once per face of the die (the face scripted, then 1s for any
/// later die), returning the roll logged under `case`, whether `succeeded` held after it
/// and the roll's log line.
fn each_face(
    g: &PureGame<Struggle>,
    cmd: &StCommand,
    case: &str,
    succeeded: impl Fn(&PureGame<Struggle>) -> bool,
) -> Vec<Face> {
    (1..=6u8)
        .map(|die| {
            let mut t = g.clone();
            let before = t.dice.rolls.len();
            t.dice.script([die, 1, 1, 1]);
            ok(&mut t, cmd.clone());
            let roll = t.dice.rolls[before..]
                .iter()
                .find(|r| r.rule == case)
                .unwrap_or_else(|| panic!("no {case} roll for {cmd:?}"))
                .clone();
            assert_eq!(roll.die, die);
            let line = t
                .log
                .entries
                .iter()
                .rev()
                .find(|e| e.rule == case && e.text.contains(&format!("die {die}")))
                .map(|e| e.text.clone())
                .unwrap_or_else(|| panic!("no {case} log line for die {die}"));
            Face {
                roll,
                succeeded: succeeded(&t),
                line,
            }
        })
        .collect()
}

/// The shown odds against the six faces rolled: each face logged exactly the shown
/// modifiers (dice log and log line); the shown chance is the count of faces whose die
/// plus the logged modifiers passes `passes` (the rule's test, written here from the
/// rulebook), and exactly those faces succeeded in play. Returns the logged modifiers.
fn check(
    shown: &(u32, Vec<String>, String),
    faces: &[Face],
    passes: impl Fn(i32) -> bool,
) -> Vec<(String, i32)> {
    let (n, items, _) = shown;
    let mods = faces[0].roll.modifiers.clone();
    for f in faces {
        let logged: Vec<String> = f.roll.modifiers.iter().map(words).collect();
        assert_eq!(&logged, items, "logged modifiers against the shown ones");
        for it in items {
            assert!(f.line.contains(it.as_str()), "{it:?} not in {:?}", f.line);
        }
        let total = f.roll.die as i32 + f.roll.modifiers.iter().map(|m| m.1).sum::<i32>();
        assert_eq!(f.roll.total, total);
        assert_eq!(f.succeeded, passes(total), "die {}: {}", f.roll.die, f.line);
    }
    let drm: i32 = mods.iter().map(|m| m.1).sum();
    let count = (1..=6).filter(|d| passes(d + drm)).count() as u32;
    assert_eq!(*n, count, "the chance shown against the faces counted");
    assert_eq!(
        faces.iter().filter(|f| f.succeeded).count() as u32,
        count,
        "the faces that succeeded in play"
    );
    mods
}

// ------------------------------------------------------------------ 11.42 support roll

/// The example of play's Hanover attack (War turn 1 WOR3) with a CD in Frederick's army:
/// Falkenstein and three IDs from Magdeburg through Braunschweig into Hanover (held by
/// Arendtschildt and the Hanoverian Corps); Frederick, the 7th Corps and the Prussian CD
/// at Minden may support; Prussia holds Moltke (#8). `support_base`: the charts' value
/// replaced (0 reads 11.42 as printed). Returns the game at the support stage, Moltke
/// played, and Frederick.
fn coordinated_attack(support_base: Option<i32>) -> (PureGame<Struggle>, u8) {
    let mut g = empty_board(&[]);
    if let Some(b) = support_base {
        let mut r = (*g.rules).clone();
        r.charts.drms.support_base = b;
        g.rules = std::sync::Arc::new(r);
    }
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Magdeburg", false);
    }
    let fred = put_general(&mut g, "frederick", "Minden");
    place(&mut g, "pr-7", "Minden", false);
    place(&mut g, "pr-cd", "Minden", false);
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover", false);
    let quiet = quiet_cards(&g, 3, &[35, 8]);
    give(&mut g, Side::Austria, &quiet);
    give(&mut g, Side::Prussia, &[35, 8]);
    ok(
        &mut g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: falk },
        },
    );
    decline_window(&mut g);
    let braunschweig = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: braunschweig });
    while stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    decline_window(&mut g);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    while stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Support));
    ok(&mut g, StCommand::Respond { card: 8 });
    assert!(g.st.g.battle.as_ref().is_some_and(|b| b.moltke));
    (g, fred)
}

// rules 11.42, 11.43: Frederick's support roll with both modifiers in play, the army's
// cavalry (-1) and the Moltke card (-2): a modified die at most his offensive rating (+1)
// plus the charts' base (3, RECONSTRUCTED from the example of play: 6 in 6), and with the
// printed rule (base 0: at most 1, so a die of 4 or less: 4 in 6). The chance the prompt
// shows, the faces that join in play, the dice log and the log line agree.
#[test]
fn support_odds_shown_are_the_faces_that_join_with_the_logged_modifiers() {
    for (base, want) in [(None, 6), (Some(0), 4)] {
        let (g, fred) = coordinated_attack(base);
        let name = g.rules.gen_name(fred);
        let p = prompt(&g);
        let odds = shown(&p, &format!("{name} "));
        let cmd = StCommand::Support { general: fred };
        assert!(g.legal().contains(&cmd));
        let faces = each_face(&g, &cmd, "11.42", |t| {
            t.st.g
                .battle
                .as_ref()
                .is_some_and(|b| b.supports.iter().any(|s| s.0 == fred))
        });
        // 11.42: the number to reach is the offensive rating (+ the charts' base)
        let target = g.rules.general(fred).expect("Frederick").offensive as i32
            + g.rules.charts.drms.support_base;
        let mods = check(&odds, &faces, |m| m <= target);
        assert_eq!(odds.0, want, "{p}");
        assert!(odds.2.contains(&format!("at most {target}")), "{}", odds.2);
        // both modifiers of 11.43 are in play, with their values
        assert_eq!(mods.len(), 2, "{mods:?}");
        assert!(mods.iter().any(|m| m.0.contains("cavalry") && m.1 == -1));
        assert!(mods.iter().any(|m| m.0.contains("Moltke") && m.1 == -2));
        assert!(mods.iter().all(|m| m.0.contains("(11.43)")));
    }
}

// ------------------------------------------------------------------ 12.4 pursuit roll

/// Falkenstein (offensive rating set to 2 for the test), three Prussian IDs and, with
/// `cavalry`, the Prussian CD in Braunschweig; Arendtschildt and the Hanoverian Corps in
/// Hildesheim. Falkenstein attacks, wins on the dice 6 and 1, Arendtschildt retreats to
/// Hanover: the pursuit stage. Returns the game and Falkenstein.
fn to_pursuit(cavalry: bool) -> (PureGame<Struggle>, u8) {
    let mut g = empty_board(&[]);
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    let mut r = (*g.rules).clone();
    r.generals[falk as usize].offensive = 2;
    g.rules = std::sync::Arc::new(r);
    for _ in 0..3 {
        place(&mut g, "pr-id", "Braunschweig", false);
    }
    if cavalry {
        place(&mut g, "pr-cd", "Braunschweig", false);
    }
    put_general(&mut g, "arendtschildt", "Hildesheim");
    place(&mut g, "hn-corps", "Hildesheim", false);
    activate_by_card(&mut g, 35, falk);
    let hildesheim = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Move { to: hildesheim });
    while matches!(stage(&g), Some(Stage::Intercept | Stage::Avoid)) {
        ok(&mut g, StCommand::Done);
    }
    g.dice.script([6, 1]);
    pass_responses(&mut g);
    while matches!(stage(&g), Some(Stage::Losses(_))) {
        ok(&mut g, StCommand::TakeLosses { choice: 0 });
    }
    let hanover = space(&g, "Hanover");
    if stage(&g) == Some(Stage::Retreat) {
        ok(&mut g, StCommand::Retreat { to: hanover });
    }
    assert_eq!(stage(&g), Some(Stage::Pursue));
    (g, falk)
}

// rules 12.4, 17.1: the winner's pursuit roll, a modified die at most his offensive rating
// (2 here, he attacked), -1 when the pursuers have more cavalry divisions than the loser:
// 3 in 6 with the CD, 2 in 6 without. The chance the prompt shows, the faces that pursue in
// play, the dice log and the log line agree. (12.4 has this one modifier.)
#[test]
fn pursuit_odds_shown_are_the_faces_that_pursue_with_the_logged_modifiers() {
    for (cavalry, want) in [(true, 3), (false, 2)] {
        let (g, falk) = to_pursuit(cavalry);
        let p = prompt(&g);
        let odds = shown(&p, "pursue? (");
        let hanover = space(&g, "Hanover");
        let faces = each_face(&g, &StCommand::Pursue, "12.4", |t| {
            t.st.generals[falk as usize].loc == Loc::Space(hanover)
        });
        let rating = g.rules.general(falk).expect("Falkenstein").offensive as i32;
        let mods = check(&odds, &faces, |m| m <= rating);
        assert_eq!(odds.0, want, "{p}");
        assert!(odds.2.contains(&format!("at most {rating}")), "{}", odds.2);
        if cavalry {
            assert_eq!(mods.len(), 1, "{mods:?}");
            assert!(mods[0].0.contains("12.4") && mods[0].1 == -1, "{mods:?}");
        } else {
            assert!(mods.is_empty(), "{mods:?}");
        }
    }
}

// ------------------------------------------- 10.4 avoid battle and 10.2 interception

/// Falkenstein and three IDs in `from`; Arendtschildt, the Hanoverian Corps and an
/// Austrian light CD in Hanover; optional rule 6 (`opt6`) on or off. Falkenstein's army is
/// activated with #35. Returns the game, Arendtschildt and the Hanoverian Corps.
fn hanover_with_cavalry(opt6: bool, from: &str) -> (PureGame<Struggle>, u8, u16) {
    let opts: &[&str] = if opt6 { &[OPT6_CONTROL] } else { &[] };
    let mut g = empty_board(opts);
    let falk = put_general(&mut g, "falkenstein", from);
    for _ in 0..3 {
        place(&mut g, "pr-id", from, false);
    }
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    let hn = place(&mut g, "hn-corps", "Hanover", false);
    place(&mut g, "au-1ltcd", "Hanover", false);
    activate_by_card(&mut g, 35, falk);
    (g, arendt, hn)
}

// rules 10.4, 17.1, optional rule 6: Arendtschildt's army (a CD in it, +1) avoids battle
// into Hildesheim, Hanoverian and so friendly-controlled (+1 with optional rule 6), on a
// modified die above his initiative (3): 5 in 6 with both modifiers, 4 in 6 with the CD's
// alone. The chance the prompt shows for that space, the faces that avoid in play, the
// dice log and the log line agree.
#[test]
fn avoid_odds_shown_are_the_faces_that_avoid_with_the_logged_modifiers() {
    for (opt6, want, n_mods) in [(true, 5, 2), (false, 4, 1)] {
        let (mut g, arendt, hn) = hanover_with_cavalry(opt6, "Braunschweig");
        let hanover = space(&g, "Hanover");
        ok(&mut g, StCommand::Move { to: hanover });
        while stage(&g) == Some(Stage::Intercept) {
            ok(&mut g, StCommand::Done);
        }
        battle_begins(&mut g);
        assert_eq!(stage(&g), Some(Stage::Avoid));
        let hildesheim = space(&g, "Hildesheim");
        let p = prompt(&g);
        let odds = shown(&p, "to Hildesheim ");
        let cmd = StCommand::Avoid {
            to: hildesheim,
            unit: None,
        };
        let faces = each_face(&g, &cmd, "10.4", |t| {
            t.st.units[hn as usize].loc == Loc::Space(hildesheim)
        });
        let init = g.rules.general(arendt).expect("Arendtschildt").initiative as i32;
        let mods = check(&odds, &faces, |m| m > init);
        assert_eq!(odds.0, want, "{p}");
        assert_eq!(mods.len(), n_mods, "{mods:?}");
        assert!(mods.iter().any(|m| m.0.contains("17.1") && m.1 == 1));
        assert_eq!(
            mods.iter()
                .any(|m| m.0.contains("optional rule 6") && m.1 == 1),
            opt6
        );
    }
}

// rules 10.2, 17.1, optional rule 6: Arendtschildt's army (a CD in it, +1) intercepts into
// Braunschweig, Prussian and so enemy-controlled (-1 with optional rule 6), on a modified
// die above his initiative (3): 3 in 6 with both modifiers, 4 in 6 with the CD's alone.
#[test]
fn interception_odds_shown_are_the_faces_that_intercept_with_the_logged_modifiers() {
    for (opt6, want, n_mods) in [(true, 3, 2), (false, 4, 1)] {
        let (mut g, arendt, _) = hanover_with_cavalry(opt6, "Magdeburg");
        let bs = space(&g, "Braunschweig");
        ok(&mut g, StCommand::Move { to: bs });
        assert_eq!(stage(&g), Some(Stage::Intercept));
        let name = g.rules.gen_name(arendt);
        let p = prompt(&g);
        let odds = shown(&p, &format!("{name} "));
        let cmd = StCommand::Intercept { general: arendt };
        let faces = each_face(&g, &cmd, "10.2", |t| {
            t.st.generals[arendt as usize].loc == Loc::Space(bs)
        });
        let init = g.rules.general(arendt).expect("Arendtschildt").initiative as i32;
        let mods = check(&odds, &faces, |m| m > init);
        assert_eq!(odds.0, want, "{p}");
        assert_eq!(mods.len(), n_mods, "{mods:?}");
        assert!(mods.iter().any(|m| m.0.contains("17.1") && m.1 == 1));
        assert_eq!(
            mods.iter()
                .any(|m| m.0.contains("optional rule 6") && m.1 == -1),
            opt6
        );
    }
}
