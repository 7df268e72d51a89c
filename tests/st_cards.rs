//! 1866: battle cards that were never played as their text says (audit 13: AUDIT13b D8 =
//! struggle-audit defect 30, defect 29's rest, Cholera #44), driven through
//! `PureGame::apply`/`legal` from positions built on the 22.2 set-up.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::Stage;
use feldzug::games::struggle::state::*;

/// A free unit of type `ty` placed in `at`.
fn place(g: &mut PureGame<Struggle>, ty: &str, at: &str) -> u16 {
    let s = space(g, at);
    let u = g
        .rules
        .unit_by_type(ty)
        .into_iter()
        .find(|&u| {
            !matches!(
                g.st.units[u as usize].loc,
                Loc::Space(_) | Loc::CorpsSupport
            )
        })
        .unwrap_or_else(|| panic!("no free {ty}"));
    g.st.units[u as usize] = UnitState {
        loc: Loc::Space(s),
        reduced: false,
    };
    u
}

/// Falkenstein and three IDs at Magdeburg, Frederick and the 7th Corps at Minden,
/// Arendtschildt and the Hanoverian Corps in Hanover (the example of play's WOR3).
/// Prussia holds #35 (activates Falkenstein) and `extra`; Austria quiet cards.
/// Falkenstein moves to Braunschweig (Arendtschildt passes on interception), then
/// enters Hanover.
fn falkenstein_enters_hanover(extra: &[CardId]) -> (PureGame<Struggle>, u8) {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Magdeburg");
    }
    let fred = put_general(&mut g, "frederick", "Minden");
    place(&mut g, "pr-7", "Minden");
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover");
    let quiet = quiet_cards(&g, 3, &[35, 26]);
    give(&mut g, Side::Austria, &quiet);
    let mut hand = vec![35];
    hand.extend_from_slice(extra);
    give(&mut g, Side::Prussia, &hand);
    ok(
        &mut g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: falk },
        },
    );
    decline_window(&mut g);
    let bs = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to: bs });
    if stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    decline_window(&mut g);
    let hanover = space(&g, "Hanover");
    ok(&mut g, StCommand::Move { to: hanover });
    // 10.8: Austria declares no interception or avoid battle before any die
    while stage(&g) == Some(Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    (g, fred)
}

// card #12 Sound of the Guns (RECONSTRUCTED text, 6.25; AUDIT13b D8, audit defect 30):
// when the battle of a Prussian force begins, before any support roll, Prussia may play
// it and an adjacent Prussian army supports the attack without a roll (11.42).
#[test]
fn sound_of_the_guns_joins_an_attack_without_a_roll() {
    let (mut g, fred) = falkenstein_enters_hanover(&[12]);
    assert_eq!(stage(&g), Some(Stage::BattleStart));
    // the moment comes before the support rolls: no Support roll is offered yet
    assert!(g.legal().contains(&StCommand::Respond { card: 12 }));
    ok(&mut g, StCommand::Respond { card: 12 });
    assert_eq!(g.st.cards.hand(Side::Prussia), &[] as &[CardId]);
    let minden = space(&g, "Minden");
    assert_eq!(g.legal(), vec![StCommand::Support { general: fred }]);
    // no die is rolled: a scripted die that would fail the support roll stays unused
    g.dice.script([6]);
    ok(&mut g, StCommand::Support { general: fred });
    let p = g.st.g.battle.as_ref().expect("the battle goes on");
    assert_eq!(p.supports, vec![(fred, minden)]);
    // Frederick's army has joined: the support stage has nobody left to roll
    assert_ne!(stage(&g), Some(Stage::Support));
    assert_ne!(stage(&g), Some(Stage::BattleStart));
}

// 6.25 with hidden hands: the moment stops for Prussia whenever it holds a card and an
// army could join, so the pause says nothing about #12/#52; with a hand without them
// only `Done` is offered, and the attack's support roll follows (11.42).
#[test]
fn sound_of_the_guns_moment_pauses_without_the_card() {
    let (mut g, fred) = falkenstein_enters_hanover(&[26]);
    assert_eq!(stage(&g), Some(Stage::BattleStart));
    assert_eq!(g.legal(), vec![StCommand::Done]);
    let r = g.apply(&StCommand::Respond { card: 26 });
    assert_eq!(r.expect_err("not a battle-start response").rule, "6.25");
    ok(&mut g, StCommand::Done);
    assert_eq!(stage(&g), Some(Stage::Support));
    assert!(g.legal().contains(&StCommand::Support { general: fred }));
}
