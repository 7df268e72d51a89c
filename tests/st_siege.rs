//! 1866 sieges: the odds of a siege roll shown before it (13.31, 13.7, optional rule 5)
//! and the Siege Train (card 51) at the Siege Phase's free attempt (13.7), all driven
//! through commands with scripted dice.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::Stage;
use feldzug::games::struggle::options::OPT5_SIEGES;
use feldzug::games::struggle::state::*;

const SIEGE_TRAIN: CardId = 51;

/// 22.2 with `opts`, Prussia's set-up choices made; Hanover (a major city, value 1)
/// emptied and the Prussian 7th Corps in it; no general there.
fn hanover(opts: &[&str]) -> PureGame<Struggle> {
    let src = scenarios::find("struggle-seven-weeks").expect("scenario");
    let opts: Vec<String> = opts.iter().map(|o| o.to_string()).collect();
    let rules = <Struggle as RulesGame>::load_rules(&src, &opts).expect("loads");
    let mut g = PureGame::<Struggle>::new(rules, 1);
    for i in 0..g.rules.choices.len() as u8 {
        let space = g.rules.choices[i as usize].1[0];
        ok(&mut g, StCommand::SetupAt { choice: i, space });
    }
    clear(&mut g, "Hanover");
    let h = space(&g, "Hanover");
    for x in g.st.generals.iter_mut() {
        if x.loc == Loc::Space(h) {
            x.loc = Loc::Pool;
        }
    }
    put(&mut g, "pr-7", "Hanover", false);
    g
}

fn four_op_card(g: &PureGame<Struggle>) -> CardId {
    g.rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == 4 && c.response.is_none() && !c.mandatory)
        .map(|c| c.id)
        .expect("a 4-OP card")
}

/// Prussia plays a 4-OP card for the individual activation of the 7th Corps in Hanover
/// (13.34: it began its activation there); `more` stays in its hand.
fn activate_vii(g: &mut PureGame<Struggle>, more: &[CardId]) {
    g.st.g.to_play = Side::Prussia;
    let card = four_op_card(g);
    let mut hand = vec![card];
    hand.extend_from_slice(more);
    give(g, Side::Prussia, &hand);
    ok(
        g,
        StCommand::Play {
            card,
            use_: Use::Individual,
        },
    );
    let vii = g.rules.unit_by_type("pr-7")[0];
    ok(
        g,
        StCommand::Declare {
            piece: Piece::Unit(vii),
        },
    );
    ok(g, StCommand::Begin);
    assert_eq!(g.st.g.step, Step::Move);
}

/// The Operational Phase ends (Prussia's free OP in the last round) with `prussia` as
/// Prussia's hand: the Siege Phase follows (5.3).
fn end_turn(g: &mut PureGame<Struggle>, prussia: &[CardId]) {
    g.st.g.rounds_left = [0, 1];
    g.st.g.to_play = Side::Prussia;
    give(g, Side::Prussia, prussia);
    ok(
        g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(g, StCommand::Done);
}

fn prompt(g: &PureGame<Struggle>) -> String {
    feldzug::engine::step::prompt::<Struggle>(&g.rules, &g.st)
}

/// The chance shown after `marker` in the prompt: "<marker>N in 6".
fn shown(g: &PureGame<Struggle>, marker: &str) -> u32 {
    let p = prompt(g);
    let at = p
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker:?} in the prompt: {p}"));
    let rest = &p[at + marker.len()..];
    let n: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    assert!(rest[n.len()..].starts_with(" in 6"), "{p}");
    n.parse().expect("a number")
}

/// The last siege roll against Hanover.
fn siege_die(g: &PureGame<Struggle>) -> &feldzug::engine::dice::Roll {
    g.dice
        .rolls
        .iter()
        .rev()
        .find(|r| r.purpose.contains("siege of Hanover"))
        .expect("a siege roll")
}

/// Each face 1-6 scripted for the Siege command in a copy of `g`: the faces that reduce
/// Hanover.
fn faces_that_reduce(g: &PureGame<Struggle>) -> Vec<u8> {
    let h = space(g, "Hanover");
    let mut hits = Vec::new();
    for die in 1..=6u8 {
        let mut t = g.clone();
        t.dice.script([die]);
        ok(&mut t, StCommand::Siege);
        assert_eq!(siege_die(&t).die, die, "the siege die");
        if t.st.g.destroyed[h] {
            assert_eq!(t.st.g.control[h], Some(Side::Prussia), "13.31");
            hits.push(die);
        }
    }
    hits
}

/// The Siege Phase stops at the Prussian attempt against Hanover (Prussia first, 13.7).
fn at_hanover_attempt(g: &PureGame<Struggle>) {
    let h = space(g, "Hanover");
    let p =
        g.st.g
            .battle
            .as_ref()
            .expect("the Siege Phase asks the besieger");
    assert_eq!(
        (p.stage, p.at, p.att),
        (Stage::SiegePhase, h, Side::Prussia)
    );
}

// rules 13.31, 13.34, 13.7, optional rule 5: the chance of a siege attempt is shown before
// the roll (the Move step's prompt for the attempt in an activation, the Siege Phase's
// prompt for the free attempt) and it is exactly the number of faces that reduce the
// space when each face 1-6 is rolled through the Siege command. Hanover is a major city
// (fortification value 1). Basic game: the Siege Table reduces on a modified 3 or more
// (die - 1: faces 4-6, 3 in 6) in the activation and in the Siege Phase. Optional rule 5:
// in the activation the Siege Table still holds (with the tactical ratings, here none);
// the Siege Phase roll reduces when the die beats the fortification value (faces 2-6, 5 in
// 6), and a failure costs a step instead.
#[test]
fn siege_odds_shown_are_the_faces_that_reduce() {
    for (opts, phase_faces) in [
        (&[][..], vec![4u8, 5, 6]),
        (&[OPT5_SIEGES][..], vec![2u8, 3, 4, 5, 6]),
    ] {
        // 13.34: the attempt of a force that began its activation in Hanover
        let mut g = hanover(opts);
        activate_vii(&mut g, &[]);
        assert!(g.legal().contains(&StCommand::Siege), "{:?}", g.legal());
        let chance = shown(&g, "siege attempt (13.34): ");
        let faces = faces_that_reduce(&g);
        assert_eq!(faces, vec![4, 5, 6], "13.31 in the activation ({opts:?})");
        assert_eq!(chance as usize, faces.len(), "{opts:?}: {}", prompt(&g));
        // 13.7: the Siege Phase's free attempt (Prussia holds a card: it is asked)
        let mut g = hanover(opts);
        let quiet = quiet_cards(&g, 1, &[]);
        end_turn(&mut g, &quiet);
        at_hanover_attempt(&g);
        let chance = shown(&g, "against Hanover (");
        let faces = faces_that_reduce(&g);
        assert_eq!(faces, phase_faces, "13.7 ({opts:?})");
        assert_eq!(chance as usize, faces.len(), "{opts:?}: {}", prompt(&g));
    }
}

// rules 13.7, 6.25; card 51 Siege Train (RECONSTRUCTED text: +2 to a siege roll of yours,
// in your activation or at your free attempt of the Siege Phase). At the Siege Phase the
// besieger holding cards is asked before its roll whether or not it holds card 51 (hidden
// hands); with card 51 it may play it as a response: the card is discarded, the odds shown
// go from 3 in 6 to 5 in 6 (a modified die 3 from a 2: 2 + 2 - 1), one card per roll, and
// the roll carries the +2 and reduces Hanover on a 2. Without card 51 the same question
// is asked with only the attempt and the decline on offer. In the activation the odds
// shown follow the card once it is played as well.
#[test]
fn siege_train_is_played_at_the_siege_phase_attempt() {
    let h_of = |g: &PureGame<Struggle>| space(g, "Hanover");
    // without card 51: asked all the same, nothing to play
    let mut g = hanover(&[]);
    let quiet = quiet_cards(&g, 2, &[SIEGE_TRAIN]);
    end_turn(&mut g, &quiet);
    at_hanover_attempt(&g);
    assert_eq!(g.legal(), vec![StCommand::Siege, StCommand::Done]);
    // with card 51
    let mut g = hanover(&[]);
    let mut hand = quiet_cards(&g, 1, &[SIEGE_TRAIN]);
    hand.push(SIEGE_TRAIN);
    end_turn(&mut g, &hand);
    at_hanover_attempt(&g);
    let respond = StCommand::Respond { card: SIEGE_TRAIN };
    assert!(g.legal().contains(&respond), "{:?}", g.legal());
    assert_eq!(shown(&g, "against Hanover ("), 3);
    ok(&mut g, respond.clone());
    assert!(!g.st.cards.hand(Side::Prussia).contains(&SIEGE_TRAIN));
    assert!(g.st.cards.discard.contains(&SIEGE_TRAIN), "6.25: discarded");
    at_hanover_attempt(&g);
    assert!(!g.legal().contains(&respond), "one card a roll");
    assert_eq!(shown(&g, "against Hanover ("), 5, "{}", prompt(&g));
    assert!(prompt(&g).contains("+2 Siege Train"), "{}", prompt(&g));
    assert_eq!(faces_that_reduce(&g), vec![2, 3, 4, 5, 6]);
    let mut t = g.clone();
    t.dice.script([2]);
    ok(&mut t, StCommand::Siege);
    let roll = siege_die(&t);
    assert_eq!(roll.total, 2 - 1 + 2);
    assert!(
        roll.modifiers
            .iter()
            .any(|m| m.0.contains("Siege Train") && m.1 == 2)
    );
    assert!(t.st.g.destroyed[h_of(&t)]);
    // 13.34: in the activation, the card played in the Move step shows in the odds too
    let mut g = hanover(&[]);
    activate_vii(&mut g, &[SIEGE_TRAIN]);
    assert_eq!(shown(&g, "siege attempt (13.34): "), 3);
    ok(&mut g, respond.clone());
    assert_eq!(shown(&g, "siege attempt (13.34): "), 5, "{}", prompt(&g));
    assert_eq!(faces_that_reduce(&g), vec![2, 3, 4, 5, 6]);
}
