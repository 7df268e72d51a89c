//! 1866: declarations around a battle (AUDIT13b D3, D12): which units pursue (12.5),
//! driven through `PureGame::apply`/`legal` from positions built on the 22.2 set-up.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::state::*;

fn empty_board() -> PureGame<Struggle> {
    empty_board_with(&[], 1)
}

/// The dice rolled so far (the hand-over entries of the log are no dice).
fn dice(g: &PureGame<Struggle>) -> usize {
    g.dice
        .rolls
        .iter()
        .filter(|r| !r.purpose.starts_with("hand-over"))
        .count()
}

/// Falkenstein (offensive rating raised to 1 for the test) and three Prussian IDs in
/// Braunschweig, Arendtschildt and the Hanoverian Corps in Hildesheim; Falkenstein is
/// activated with card #35 and enters Hildesheim.
fn battle_at_hildesheim() -> (PureGame<Struggle>, u8, u8, Vec<u16>) {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    let mut r = (*g.rules).clone();
    r.generals[falk as usize].offensive = 1;
    g.rules = std::sync::Arc::new(r);
    let ids: Vec<u16> = (0..3)
        .map(|_| put(&mut g, "pr-id", "Braunschweig", false))
        .collect();
    let arendt = put_general(&mut g, "arendtschildt", "Hildesheim");
    put(&mut g, "hn-corps", "Hildesheim", false);
    activate_by_card(&mut g, 35, falk);
    let hildesheim = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Move { to: hildesheim });
    (g, falk, arendt, ids)
}

/// From the entry into Hildesheim to the pursuit stage: no avoid, battle dice 6 and 1
/// (the attacker wins), Arendtschildt retreats to Hanover.
fn to_pursuit(g: &mut PureGame<Struggle>) {
    let hanover = space(g, "Hanover");
    while matches!(stage(g), Some(Stage::Intercept | Stage::Avoid)) {
        ok(g, StCommand::Done);
    }
    g.dice.script([6, 1]);
    pass_responses(g);
    while matches!(stage(g), Some(Stage::Losses(_))) {
        ok(g, StCommand::TakeLosses { choice: 0 });
    }
    if stage(g) == Some(Stage::Retreat) {
        ok(g, StCommand::Retreat { to: hanover });
    }
    assert_eq!(stage(g), Some(Stage::Pursue));
}

// rule 12.5: the pursuing army may leave some CUs behind in the battle space; its general
// goes with the pursuing force (AUDIT13b D12). Old code: no `Drop` at the pursuit, the
// whole force pursued.
#[test]
fn a_pursuer_leaves_units_in_the_battle_space() {
    let (mut g, falk, arendt, ids) = battle_at_hildesheim();
    to_pursuit(&mut g);
    let hildesheim = space(&g, "Hildesheim");
    let hanover = space(&g, "Hanover");
    assert_eq!(g.st.generals[arendt as usize].loc, Loc::Space(hanover));
    let drop = |u: u16| StCommand::Drop {
        piece: Piece::Unit(u),
    };
    ok(&mut g, drop(ids[0]));
    ok(&mut g, drop(ids[1]));
    // at least one CU pursues with the general
    assert!(!g.legal().contains(&drop(ids[2])));
    let r = g
        .apply(&drop(ids[2]))
        .expect_err("the last unit must pursue");
    assert_eq!(r.rule, "12.5");
    // the odds come from the pursuing force: Falkenstein's rating 1
    assert_eq!(fb::pursuit_chance(&g.rules, &g.st), Some(1));
    // pursuit die 1 succeeds; attrition die 1
    g.dice.script([1, 1]);
    ok(&mut g, StCommand::Pursue);
    assert_eq!(g.st.generals[falk as usize].loc, Loc::Space(hanover));
    assert_eq!(g.st.units[ids[2] as usize].loc, Loc::Space(hanover));
    assert_eq!(g.st.units[ids[0] as usize].loc, Loc::Space(hildesheim));
    assert_eq!(g.st.units[ids[1] as usize].loc, Loc::Space(hildesheim));
    // the loser's second retreat, never into the battle space (12.5)
    while stage(&g) == Some(Stage::Retreat) || stage(&g) == Some(Stage::Attrition) {
        let c = g.legal()[0].clone();
        assert_ne!(c, StCommand::Retreat { to: hildesheim });
        ok(&mut g, c);
    }
    assert!(g.st.g.battle.is_none());
}

// rule 10.8: all interceptions and the avoid battle are declared before any die is
// rolled; then the interceptions roll, then the declared avoid (AUDIT13b D3). Old code:
// `Intercept` rolled at once and `Avoid` was offered only afterwards (Stage::Avoid).
#[test]
fn interceptions_and_avoid_battle_are_declared_before_any_die() {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        put(&mut g, "pr-id", "Braunschweig", false);
    }
    let arendt = put_general(&mut g, "arendtschildt", "Hildesheim");
    let hn = put(&mut g, "hn-corps", "Hildesheim", false);
    let albert = put_general(&mut g, "albert", "Hanover");
    let sx = put(&mut g, "au-1", "Hanover", false);
    activate_by_card(&mut g, 35, falk);
    let hildesheim = space(&g, "Hildesheim");
    let n = dice(&g);
    ok(&mut g, StCommand::Move { to: hildesheim });
    assert_eq!(stage(&g), Some(Stage::Intercept));
    // the avoid battle may be declared now, before any die, with its odds shown
    let avoid = fb::avoid_options(&g.rules, &g.st)
        .into_iter()
        .next()
        .expect("an avoid option");
    assert!(g.legal().contains(&avoid.cmd));
    let prompt = feldzug::engine::step::prompt::<Struggle>(&g.rules, &g.st);
    assert!(prompt.contains("avoid battle"), "{prompt}");
    ok(&mut g, StCommand::Intercept { general: albert });
    assert_eq!(
        dice(&g),
        n,
        "10.8: no die at the declaration: {:?}",
        g.dice
            .rolls
            .iter()
            .map(|r| r.purpose.clone())
            .collect::<Vec<_>>()
    );
    assert_eq!(stage(&g), Some(Stage::Intercept));
    assert!(g.legal().contains(&avoid.cmd), "avoid still declarable");
    // interception die 1 (fails), then the avoid die 6 (succeeds)
    g.dice.script([1, 6]);
    ok(&mut g, avoid.cmd.clone());
    let purposes: Vec<String> = g.dice.rolls[..]
        .iter()
        .filter(|r| !r.purpose.starts_with("hand-over"))
        .skip(n)
        .map(|r| r.purpose.clone())
        .collect();
    assert_eq!(purposes.len(), 2, "{purposes:?}");
    assert!(purposes[0].contains("intercepts"), "{purposes:?}");
    assert!(purposes[1].starts_with("avoid battle"), "{purposes:?}");
    assert_eq!(
        g.st.units[sx as usize].loc,
        Loc::Space(space(&g, "Hanover"))
    );
    assert_ne!(
        g.st.units[hn as usize].loc,
        Loc::Space(hildesheim),
        "avoided"
    );
    assert_ne!(g.st.generals[arendt as usize].loc, Loc::Space(hildesheim));
}

// rule 10.7, 10.8: an avoid battle declared together with an interception into the same
// space is the original force's: after a successful interception, only the units and
// generals that were there try to avoid (at their own commander's odds, the ones shown at
// the declaration); the intercepting army stays and fights (AUDIT13c D1). Old code: the
// avoid took the combined force: with Albert (interceptor) senior it was cancelled ("no
// longer possible"), with Arendtschildt senior the interceptors left with him.
#[test]
fn a_declared_avoid_leaves_the_successful_interceptors_in_the_space() {
    for arendt_senior in [false, true] {
        for avoid_die in [3u8, 4] {
            let mut g = empty_board();
            let falk = put_general(&mut g, "falkenstein", "Braunschweig");
            for _ in 0..3 {
                put(&mut g, "pr-id", "Braunschweig", false);
            }
            let arendt = put_general(&mut g, "arendtschildt", "Hildesheim");
            let hn = put(&mut g, "hn-corps", "Hildesheim", false);
            let albert = put_general(&mut g, "albert", "Hanover");
            let sx = put(&mut g, "au-1", "Hanover", false);
            if arendt_senior {
                let mut r = (*g.rules).clone();
                r.generals[arendt as usize].seniority = 4;
                g.rules = std::sync::Arc::new(r);
            }
            activate_by_card(&mut g, 35, falk);
            let hildesheim = space(&g, "Hildesheim");
            let hanover = space(&g, "Hanover");
            ok(&mut g, StCommand::Move { to: hildesheim });
            assert_eq!(stage(&g), Some(Stage::Intercept));
            ok(&mut g, StCommand::Intercept { general: albert });
            let prompt = feldzug::engine::step::prompt::<Struggle>(&g.rules, &g.st);
            assert!(
                prompt.contains("declared (Albert") && !prompt.contains(": )"),
                "{prompt}"
            );
            // Arendtschildt's initiative 3: the avoid succeeds on 4-6 (10.4)
            let avoid = fb::avoid_options(&g.rules, &g.st)
                .into_iter()
                .find(|o| {
                    o.cmd
                        != StCommand::Avoid {
                            to: hanover,
                            unit: None,
                        }
                })
                .expect("an avoid option");
            assert_eq!(avoid.chance_in_6, 3, "{:?}", avoid.roll);
            let StCommand::Avoid { to, .. } = avoid.cmd else {
                unreachable!()
            };
            // interception die 6 (Albert's initiative 2: succeeds), then the avoid die
            g.dice.script([6, avoid_die]);
            ok(&mut g, avoid.cmd.clone());
            let case = format!("senior Arendtschildt {arendt_senior}, avoid die {avoid_die}");
            // 10.3: the intercepted mover fights; then the declared avoid is attempted
            assert_eq!(stage(&g), Some(Stage::Stay), "{case}");
            ok(&mut g, StCommand::Done);
            // the interceptors arrived and stay, whatever the avoid does (10.7)
            assert_eq!(
                g.st.units[sx as usize].loc,
                Loc::Space(hildesheim),
                "{case}"
            );
            assert_eq!(
                g.st.generals[albert as usize].loc,
                Loc::Space(hildesheim),
                "{case}"
            );
            let p = g.st.g.battle.as_ref().expect("the battle goes on");
            let moved = if avoid_die == 4 { to } else { hildesheim };
            assert_eq!(g.st.units[hn as usize].loc, Loc::Space(moved), "{case}");
            assert_eq!(
                g.st.generals[arendt as usize].loc,
                Loc::Space(moved),
                "{case}"
            );
            assert_eq!(p.failed_avoid, avoid_die == 3, "{case}");
            assert!(
                !g.log
                    .entries
                    .iter()
                    .any(|e| e.text.contains("no longer possible")),
                "{case}"
            );
        }
    }
}
