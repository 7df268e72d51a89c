//! 1866: the rulebook's optional rules 1-8 as scenario options. One test per option
//! drives a game loaded with it through `PureGame::apply` and shows where it departs from
//! the basic rules (the same commands in a game without it); 2 and 4 together are
//! refused when the rules load; random games with the options on keep the invariants.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::options::*;
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn load(id: &str, opts: &[&str], seed: u64) -> PureGame<Struggle> {
    let src = scenarios::find(id).expect("the scenario is registered");
    let v: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    let rules = <Struggle as RulesGame>::load_rules(&src, &v).expect("the options load");
    PureGame::<Struggle>::new(rules, seed)
}

fn seven_weeks_with(opts: &[&str]) -> PureGame<Struggle> {
    seven_weeks_set_up(opts, 1)
}

fn empty_board(opts: &[&str]) -> PureGame<Struggle> {
    empty_board_with(opts, 1)
}

fn ok(g: &mut PureGame<Struggle>, c: StCommand) {
    assert!(
        g.legal().contains(&c),
        "{c:?} not listed in {:?}: {:?}",
        g.st.g.step,
        g.legal()
    );
    g.apply(&c).unwrap_or_else(|r| panic!("{c:?} refused: {r}"));
    Struggle::check_invariants(&g.rules, &g.st).expect("invariants");
    // hidden hands (audit defect 28): the opponent's response window after an army
    // activation is declined here; the tests of card 16 are in st_events
    if matches!(
        c,
        StCommand::Play {
            use_: Use::Activate { .. },
            ..
        }
    ) {
        decline_window(g);
    }
}

fn refused(g: &mut PureGame<Struggle>, c: StCommand, rule: &str) {
    let before = g.hash();
    match g.apply(&c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(r) => assert_eq!(r.rule, rule, "{c:?}: {r}"),
    }
    assert_eq!(g.hash(), before, "a refused command changed the state");
    assert!(!g.legal().contains(&c), "{c:?} refused but listed");
}

fn logged(g: &PureGame<Struggle>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

/// A card of `ops` OPs that is no event of anyone's must (not `not`).
fn card_of(g: &PureGame<Struggle>, ops: u8, not: &[CardId]) -> CardId {
    g.rules
        .cards
        .cards
        .iter()
        .find(|c| c.ops == ops && !c.mandatory && c.id != 41 && !not.contains(&c.id))
        .map(|c| c.id)
        .expect("a card")
}

/// Plays the side's round as a free OP for individual activations, used for nothing.
fn pass(g: &mut PureGame<Struggle>) {
    ok(
        g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(g, StCommand::Done);
}

// ------------------------------------------------------------ 1: increased hand size

/// Rounds played (free OPs) until the turn changes.
fn rounds_in_turn(g: &mut PureGame<Struggle>) -> u32 {
    let turn = g.st.g.turn;
    let mut n = 0;
    while g.st.g.turn == turn && !g.over() {
        pass(g);
        n += 1;
    }
    n
}

#[test]
fn opt1_hand_of_eight_and_seven_rounds_in_a_war_turn() {
    // optional rule 1: War turns 8 cards and 7 rounds (5.1, 8.1: 7 and 6)
    let mut basic = seven_weeks_with(&[]);
    let mut opt = seven_weeks_with(&[OPT1_HAND]);
    for side in Side::BOTH {
        assert_eq!(basic.st.cards.hand(side).len(), 7);
        assert_eq!(opt.st.cards.hand(side).len(), 8);
    }
    assert!(logged(&opt, "Prussia is dealt 8 cards, Austria 8"));
    assert_eq!(rounds_in_turn(&mut basic), 12);
    assert_eq!(rounds_in_turn(&mut opt), 14);
    // the next turn deals 8 again
    assert_eq!(opt.st.g.turn, 2);
    assert_eq!(opt.st.cards.hand(Side::Prussia).len(), 8);
}

#[test]
fn opt1_hand_of_five_and_five_rounds_in_a_mobilization_turn() {
    // optional rule 1: Mobilization turns 5 cards and 5 rounds (5.1, 8.1: 4 and 4)
    let mut basic = load("struggle-mobilization", &[], 3);
    let mut opt = load("struggle-mobilization", &[OPT1_HAND], 3);
    assert_eq!(basic.st.cards.hand(Side::Austria).len(), 4);
    assert_eq!(opt.st.cards.hand(Side::Austria).len(), 5);
    assert_eq!(opt.st.g.rounds_left, [5, 5]);
    // no Declaration of War in the hands (7.22 would force it)
    for g in [&mut basic, &mut opt] {
        for side in Side::BOTH {
            let n = g.st.cards.hand(side).len();
            let cards: Vec<CardId> = g
                .rules
                .cards
                .cards
                .iter()
                .filter(|c| {
                    c.id != 2 && c.deck == feldzug::games::struggle::cards::Deck::Mobilization
                })
                .filter(|c| !g.st.cards.hand(side.other()).contains(&c.id))
                .map(|c| c.id)
                .skip(side.idx() * 8)
                .take(n)
                .collect();
            give(g, side, &cards);
        }
    }
    assert_eq!(rounds_in_turn(&mut basic), 8);
    assert_eq!(rounds_in_turn(&mut opt), 10);
}

// ------------------------------------------------------ 2: reduced activation costs

#[test]
fn opt2_half_op_generals_and_cavalry_and_a_corps_for_three() {
    // optional rule 2: general or cavalry division 0.5 OP, brigade or division 1, corps 3
    let setup = |opts: &[&str]| {
        let mut g = empty_board(opts);
        let gen_ = put_general(&mut g, "steinmetz", "Berlin");
        let cav = put(&mut g, "pr-cd", "Berlin", false);
        let corps = put(&mut g, "pr-7", "Minden", false);
        let id = put(&mut g, "pr-id", "Posen", false);
        (g, gen_, cav, corps, id)
    };
    let (mut g, gen_, cav, corps, id) = setup(&[OPT2_COSTS]);
    let (mut b, ..) = setup(&[]);
    // a free OP: the general and the cavalry division (0.5 each)
    for x in [&mut g, &mut b] {
        ok(
            x,
            StCommand::FreeOp {
                use_: Use::Individual,
            },
        );
        ok(
            x,
            StCommand::Declare {
                piece: Piece::General(gen_),
            },
        );
    }
    assert_eq!(g.st.g.op.as_ref().map(|o| (o.ops, o.half)), Some((0, true)));
    assert!(logged(&g, "is activated (0.5 OP)"));
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(cav),
        },
    );
    // basic 6.23: the general cost the whole OP
    refused(
        &mut b,
        StCommand::Declare {
            piece: Piece::Unit(cav),
        },
        "6.23",
    );
    // nothing left for an ID (1 OP)
    refused(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(id),
        },
        "optional rule 2",
    );
    ok(&mut g, StCommand::Begin);
    // a 3-OP card activates the corps (basic: 4 OP)
    let (mut g, _, _, _, _) = setup(&[OPT2_COSTS]);
    let (mut b, ..) = setup(&[]);
    let three = card_of(&g, 3, &[]);
    for x in [&mut g, &mut b] {
        give(x, Side::Prussia, &[three]);
        ok(
            x,
            StCommand::Play {
                card: three,
                use_: Use::Individual,
            },
        );
    }
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(corps),
        },
    );
    refused(
        &mut b,
        StCommand::Declare {
            piece: Piece::Unit(corps),
        },
        "6.23",
    );
    // an ID for 1 OP (basic: 3): the 3 OPs of the card activate the ID in the basic game
    ok(
        &mut b,
        StCommand::Declare {
            piece: Piece::Unit(id),
        },
    );
    assert_eq!(b.st.g.op.as_ref().map(|o| o.ops), Some(0));
}

// -------------------------------------------------------- 3: enhanced replacements

#[test]
fn opt3_one_card_a_war_turn_flips_one_reduced_unit_in_supply() {
    let setup = |opts: &[&str]| {
        let mut g = empty_board(opts);
        let a = put(&mut g, "pr-id", "Berlin", true);
        let b = put(&mut g, "pr-id", "Berlin", true);
        // Budapest: out of Prussian supply (15)
        let far = put(&mut g, "pr-7", "Budapest", true);
        let cards = [
            card_of(&g, 2, &[]),
            card_of(&g, 3, &[]),
            card_of(&g, 4, &[]),
        ];
        give(&mut g, Side::Prussia, &cards);
        (g, a, b, far, cards)
    };
    let (mut basic, a, _, _, cards) = setup(&[]);
    refused(
        &mut basic,
        StCommand::Play {
            card: cards[0],
            use_: Use::Replace { unit: a },
        },
        "optional rule 3",
    );
    let (mut g, a, b, far, cards) = setup(&[OPT3_REPLACEMENTS]);
    // only units in supply
    refused(
        &mut g,
        StCommand::Play {
            card: cards[0],
            use_: Use::Replace { unit: far },
        },
        "optional rule 3",
    );
    // one unit whatever the card's OPs (a 4 card flips one unit only)
    ok(
        &mut g,
        StCommand::Play {
            card: cards[2],
            use_: Use::Replace { unit: a },
        },
    );
    assert!(!g.st.units[a as usize].reduced);
    assert!(g.st.units[b as usize].reduced);
    assert!(g.st.cards.discard.contains(&cards[2]));
    assert!(logged(&g, "for a replacement"));
    pass(&mut g); // Austria
    // only one card a turn
    refused(
        &mut g,
        StCommand::Play {
            card: cards[0],
            use_: Use::Replace { unit: b },
        },
        "optional rule 3",
    );
    // not in a Mobilization turn
    let mut m = load("struggle-mobilization", &[OPT3_REPLACEMENTS], 1);
    let u = put(&mut m, "pr-id", "Berlin", true);
    let c = card_of(&m, 3, &[2]);
    give(&mut m, Side::Prussia, &[c]);
    m.st.g.to_play = Side::Prussia;
    refused(
        &mut m,
        StCommand::Play {
            card: c,
            use_: Use::Replace { unit: u },
        },
        "optional rule 3",
    );
}

// ------------------------------------------------------------- 4: operations queue

#[test]
fn opt4_two_cards_queued_activate_a_general_of_initiative_four() {
    // optional rule 4: 2 + 2 OPs in the queue activate Bittenfeld (initiative 4), which a
    // single 2-OP card cannot (6.22)
    let setup = |opts: &[&str]| {
        let mut g = empty_board(opts);
        let bf = put_general(&mut g, "bittenfeld", "Berlin");
        put(&mut g, "pr-id", "Berlin", false);
        let c1 = card_of(&g, 2, &[]);
        let c2 = card_of(&g, 2, &[c1]);
        let filler = card_of(&g, 3, &[]);
        give(&mut g, Side::Prussia, &[c1, c2, filler]);
        let quiet = card_of(&g, 4, &[]);
        let quiet2 = card_of(&g, 4, &[quiet]);
        give(&mut g, Side::Austria, &[quiet, quiet2]);
        (g, bf, c1, c2, filler)
    };
    let (mut b, bf, c1, _, _) = setup(&[]);
    refused(
        &mut b,
        StCommand::Play {
            card: c1,
            use_: Use::Activate { general: bf },
        },
        "6.22",
    );
    refused(
        &mut b,
        StCommand::Play {
            card: c1,
            use_: Use::Queue,
        },
        "optional rule 4",
    );
    let (mut g, bf, c1, c2, filler) = setup(&[OPT4_QUEUE]);
    let mut abandon = g.clone();
    ok(
        &mut g,
        StCommand::Play {
            card: c1,
            use_: Use::Queue,
        },
    );
    assert_eq!(g.st.cards.queue[Side::Prussia.idx()], vec![c1]);
    assert_eq!(g.st.g.to_play, Side::Austria, "the round is over");
    pass(&mut g);
    // 2 OPs queued: not yet enough
    refused(
        &mut g,
        StCommand::UseQueue {
            use_: Use::Activate { general: bf },
        },
        "6.22",
    );
    ok(
        &mut g,
        StCommand::Play {
            card: c2,
            use_: Use::Queue,
        },
    );
    assert!(logged(&g, "2 cards queued"));
    // optional rule 4: queued cards are face down until the queue is used (session 16)
    for c in [c1, c2] {
        let t = g.rules.card_title(c);
        assert!(!logged(&g, &t), "the queued {t} is not named yet");
    }
    pass(&mut g);
    ok(
        &mut g,
        StCommand::UseQueue {
            use_: Use::Activate { general: bf },
        },
    );
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    // used: the cards go face up to the discard pile
    assert!(g.st.cards.queue[Side::Prussia.idx()].is_empty());
    for c in [c1, c2] {
        let t = g.rules.card_title(c);
        assert!(logged(&g, &t), "the used queue names {t}");
    }
    assert!(g.st.cards.discard.contains(&c1) && g.st.cards.discard.contains(&c2));
    assert!(g.st.cards.hand(Side::Prussia).contains(&filler));

    // another play abandons the queue: its cards are discarded, its OPs lost
    ok(
        &mut abandon,
        StCommand::Play {
            card: c1,
            use_: Use::Queue,
        },
    );
    pass(&mut abandon);
    ok(
        &mut abandon,
        StCommand::Play {
            card: filler,
            use_: Use::Individual,
        },
    );
    assert!(abandon.st.cards.queue[Side::Prussia.idx()].is_empty());
    assert!(abandon.st.cards.discard.contains(&c1));
    assert!(logged(&abandon, "Operations Queue is abandoned"));
}

#[test]
fn opt4_a_free_op_abandons_the_queue_and_the_queue_lasts_into_the_next_turn() {
    let mut g = empty_board(&[OPT4_QUEUE]);
    let c1 = card_of(&g, 2, &[]);
    give(&mut g, Side::Prussia, &[c1]);
    // the last rounds of the turn: the queue carries over (not discarded per 5.5)
    g.st.g.rounds_left = [1, 1];
    let mut free = g.clone();
    ok(
        &mut g,
        StCommand::Play {
            card: c1,
            use_: Use::Queue,
        },
    );
    pass(&mut g); // Austria's last round: the turn ends
    assert_eq!(g.st.g.turn, 2);
    assert_eq!(g.st.cards.queue[Side::Prussia.idx()], vec![c1]);
    // a free OP abandons it
    ok(
        &mut free,
        StCommand::Play {
            card: c1,
            use_: Use::Queue,
        },
    );
    free.st.g.rounds_left = [1, 1];
    pass(&mut free);
    assert_eq!(free.st.g.to_play, Side::Prussia);
    ok(
        &mut free,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    assert!(free.st.cards.queue[Side::Prussia.idx()].is_empty());
    assert!(free.st.cards.discard.contains(&c1));
    assert!(logged(&free, "Operations Queue is abandoned"));
}

#[test]
fn opt2_and_opt4_together_are_refused_with_a_reason() {
    // optional rules 2 and 4: "may not be used in conjunction"
    let src = scenarios::find("struggle-seven-weeks").expect("scenario");
    let both = vec![OPT2_COSTS.to_string(), OPT4_QUEUE.to_string()];
    let e = <Struggle as RulesGame>::load_rules(&src, &both).expect_err("refused");
    assert!(e.contains("cannot be combined"), "{e}");
    assert!(e.contains("2 and 4"), "{e}");
    let unknown = vec!["opt9".to_string()];
    assert!(<Struggle as RulesGame>::load_rules(&src, &unknown).is_err());
    // every other pair loads
    for a in ALL {
        for b in ALL {
            if a != b
                && !(a == OPT2_COSTS && b == OPT4_QUEUE)
                && !(a == OPT4_QUEUE && b == OPT2_COSTS)
            {
                let v = vec![a.to_string(), b.to_string()];
                <Struggle as RulesGame>::load_rules(&src, &v).expect("a pair loads");
            }
        }
    }
}

// ---------------------------------------------------------- 5: siege modifications

/// The example of play's sieges at the end of War turn 1 (see st_turn.rs): the reduced
/// Prussian 7th Corps in Hanover, the Austrian 5th and 9th Corps in Ferrara.
fn sieges(opts: &[&str]) -> (PureGame<Struggle>, u16) {
    let mut g = seven_weeks_with(opts);
    clear(&mut g, "Hanover");
    clear(&mut g, "Ferrara");
    let vii = put(&mut g, "pr-7", "Hanover", true);
    for ty in ["au-5", "au-9"] {
        let u = g.rules.unit_by_type(ty)[0];
        g.st.units[u as usize].loc = Loc::Space(space(&g, "Ferrara"));
    }
    for x in 0..g.st.generals.len() {
        for s in ["Hanover", "Ferrara"] {
            if g.st.generals[x].loc == Loc::Space(space(&g, s)) {
                g.st.generals[x].loc = Loc::Pool;
            }
        }
    }
    (g, vii)
}

fn end_turn(g: &mut PureGame<Struggle>) {
    g.st.g.rounds_left = [0, 1];
    g.st.g.to_play = Side::Prussia;
    pass(g);
}

fn rolls(g: &PureGame<Struggle>, purpose: &str) -> Vec<(u8, i32, String)> {
    g.dice
        .rolls
        .iter()
        .filter(|r| r.purpose.contains(purpose))
        .map(|r| (r.die, r.total, r.rule.clone()))
        .collect()
}

#[test]
fn opt5_siege_phase_beats_the_fortification_value_or_flips_a_besieger() {
    // Hanover (major city, 1) rolled 2, Ferrara (fortress 2) rolled 3: the Siege Table
    // (13.31) gives no effect to 2-1 and 3-2; optional rule 5 reduces both (2 > 1, 3 > 2)
    let (mut b, _) = sieges(&[]);
    let (mut g, _) = sieges(&[OPT5_SIEGES]);
    for x in [&mut b, &mut g] {
        x.dice.script([2, 3]);
        end_turn(x);
        attempt_sieges(x);
    }
    let (h, f) = (space(&g, "Hanover"), space(&g, "Ferrara"));
    assert!(!b.st.g.destroyed[h] && !b.st.g.destroyed[f]);
    assert!(g.st.g.destroyed[h] && g.st.g.destroyed[f]);
    assert_eq!(rolls(&g, "siege of Hanover")[0].2, "optional rule 5");
    // a roll not above the value: the besieger flips a unit; the reduced 7th Corps is
    // eliminated and the siege of Hanover lifted; a full Austrian corps is flipped
    let (mut b, vii) = sieges(&[]);
    let (mut g, _) = sieges(&[OPT5_SIEGES]);
    for x in [&mut b, &mut g] {
        x.dice.script([1, 2]);
        end_turn(x);
        attempt_sieges(x);
    }
    // the owner picks the flipped unit (AUDIT13b D7): the first way here
    while g.st.g.battle.as_ref().map(|b| b.stage) == Some(Stage::Attrition) {
        ok(&mut g, StCommand::TakeLosses { choice: 0 });
    }
    assert_eq!(b.st.units[vii as usize].loc, Loc::Space(h));
    assert_eq!(siege::besieger(&b.rules, &b.st, h), Some(Side::Prussia));
    assert_eq!(g.st.units[vii as usize].loc, Loc::Eliminated);
    // 11.2 step 4 (as in 15.5): the reduced corps eliminated is replaced by an ID from
    // the Corps Support Box if there is one; with no besieging unit left the siege is lifted
    let left =
        g.st.units
            .iter()
            .enumerate()
            .any(|(u, x)| x.loc == Loc::Space(h) && g.rules.side(u as u16) == Side::Prussia);
    assert_eq!(
        siege::besieger(&g.rules, &g.st, h),
        left.then_some(Side::Prussia),
        "the siege is lifted when no besieger is left"
    );
    let au: Vec<bool> = ["au-5", "au-9"]
        .iter()
        .map(|t| g.st.units[g.rules.unit_by_type(t)[0] as usize].reduced)
        .collect();
    assert_eq!(au.iter().filter(|r| **r).count(), 1, "one corps flipped");
    assert!(logged(&g, "is flipped to its reduced side"));
}

#[test]
fn opt5_tactical_ratings_modify_every_siege_roll() {
    // the besieging commander's offensive rating +, the besieged one's defensive -
    let (mut g, _) = sieges(&[OPT5_SIEGES]);
    let (mut b, _) = sieges(&[]);
    for x in [&mut g, &mut b] {
        // Frederick (offensive 1 in the reconstructed ratings) with the 7th Corps, and
        // Arendtschildt inside Hanover
        put_general(x, "frederick", "Hanover");
        put_general(x, "arendtschildt", "Hanover");
        x.dice.script([2, 6]);
        end_turn(x);
        attempt_sieges(x);
    }
    let off = g.rules.general(general(&g, "frederick")).unwrap().offensive as i32;
    let def = g
        .rules
        .general(general(&g, "arendtschildt"))
        .unwrap()
        .defensive as i32;
    let r = g
        .dice
        .rolls
        .iter()
        .find(|r| r.purpose.contains("siege of Hanover"))
        .expect("a roll");
    // optional rule 5: the Siege Phase die beats the fortification value (1) instead of
    // taking it as a modifier
    assert_eq!(r.total, 2 + off - def);
    assert!(
        r.modifiers
            .iter()
            .any(|m| m.0.contains("offensive tactical rating (optional rule 5)"))
            == (off != 0)
    );
    assert!(
        r.modifiers
            .iter()
            .any(|m| m.0.contains("defensive tactical rating (optional rule 5)"))
            == (def != 0)
    );
    let rb = b
        .dice
        .rolls
        .iter()
        .find(|r| r.purpose.contains("siege of Hanover"))
        .expect("a roll");
    assert_eq!(rb.total, 1, "basic: the fortification value only");
    assert!(off != 0 || def != 0, "the test needs a rating");
}

// optional rule 5, last sentence: the ratings part "may be used with the standard siege
// rules separate from" the Siege Phase modification (AUDIT13d D7): the Siege Table still
// resolves the Siege Phase roll (the fortification value a modifier, no step lost on a
// failure), with both commanders' tactical ratings on the die. Old code: one switch for
// both parts, so the ratings could not be used alone.
#[test]
fn opt5_ratings_alone_modify_the_standard_siege_roll() {
    let (mut g, _) = sieges(&[OPT5_RATINGS]);
    put_general(&mut g, "frederick", "Hanover");
    put_general(&mut g, "arendtschildt", "Hanover");
    g.dice.script([2, 6]);
    end_turn(&mut g);
    attempt_sieges(&mut g);
    let off = g.rules.general(general(&g, "frederick")).unwrap().offensive as i32;
    let def = g
        .rules
        .general(general(&g, "arendtschildt"))
        .unwrap()
        .defensive as i32;
    assert!(off != 0 || def != 0, "the test needs a rating");
    let r = g
        .dice
        .rolls
        .iter()
        .find(|r| r.purpose.contains("siege of Hanover"))
        .expect("a roll");
    // the Siege Table: die 2 - fortification value 1, plus the ratings
    assert_eq!(r.total, 2 - 1 + off - def);
    assert_ne!(r.rule, "optional rule 5", "the Siege Table resolves it");
    assert!(
        r.modifiers
            .iter()
            .any(|m| m.0.contains("offensive tactical rating (optional rule 5)"))
            == (off != 0)
    );
    assert!(!logged(&g, "is flipped to its reduced side"));
}

// ------------------------------------------- 6: political control, interception, avoid

struct Hanover {
    falk: u8,
    arendt: u8,
    ids: Vec<u16>,
    hn: u16,
}

/// The example of play's Hanover position (see st_battles.rs): Falkenstein and three IDs
/// in Magdeburg, Arendtschildt and the Hanoverian Corps in Hanover.
fn hanover(opts: &[&str]) -> (PureGame<Struggle>, Hanover) {
    let mut g = empty_board(opts);
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    let ids = (0..3)
        .map(|_| put_free(&mut g, "pr-id", "Magdeburg"))
        .collect();
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    let hn = put(&mut g, "hn-corps", "Hanover", false);
    let quiet: Vec<CardId> = g
        .rules
        .cards
        .cards
        .iter()
        .filter(|c| c.response.is_none() && !c.mandatory && c.ops >= 3 && c.id != 35)
        .map(|c| c.id)
        .take(3)
        .collect();
    give(&mut g, Side::Austria, &quiet);
    give(&mut g, Side::Prussia, &[35]);
    (
        g,
        Hanover {
            falk,
            arendt,
            ids,
            hn,
        },
    )
}

/// A unit of `ty` not yet on the map put in `at`.
fn put_free(g: &mut PureGame<Struggle>, ty: &str, at: &str) -> u16 {
    let s = space(g, at);
    let u = g
        .rules
        .unit_by_type(ty)
        .into_iter()
        .find(|&u| !matches!(g.st.units[u as usize].loc, Loc::Space(_)))
        .expect("a free unit");
    g.st.units[u as usize] = UnitState {
        loc: Loc::Space(s),
        reduced: false,
    };
    u
}

#[test]
fn opt6_interception_into_an_enemy_space_has_minus_one() {
    // Braunschweig is Prussian: Arendtschildt (initiative 3) intercepts on a die > 3
    // (3 in 6); with optional rule 6 the die has -1 (2 in 6) and a 4 fails
    let mut out = Vec::new();
    for opts in [&[][..], &[OPT6_CONTROL][..]] {
        let (mut g, h) = hanover(opts);
        ok(
            &mut g,
            StCommand::Play {
                card: 35,
                use_: Use::Activate { general: h.falk },
            },
        );
        let bs = space(&g, "Braunschweig");
        g.dice.script([4]);
        ok(&mut g, StCommand::Move { to: bs });
        assert_eq!(
            g.st.g.battle.as_ref().map(|b| b.stage),
            Some(Stage::Intercept)
        );
        let chance = fb::intercept_chance_in_6(&g.rules, &g.st, h.arendt);
        ok(&mut g, StCommand::Intercept { general: h.arendt });
        let intercepted = g.st.units[h.hn as usize].loc == Loc::Space(bs);
        let r = g
            .dice
            .rolls
            .iter()
            .find(|r| r.purpose.contains("intercepts"))
            .cloned()
            .expect("a roll");
        out.push((chance, intercepted, r));
    }
    assert_eq!((out[0].0, out[0].1), (3, true));
    assert_eq!((out[1].0, out[1].1), (2, false));
    assert_eq!(out[1].2.total, 3);
    assert!(
        out[1]
            .2
            .modifiers
            .iter()
            .any(|m| m.0.contains("optional rule 6") && m.1 == -1)
    );
}

#[test]
fn opt6_avoid_battle_into_a_friendly_space_has_plus_one_and_not_into_an_enemy_fortress() {
    // Hildesheim is Hanoverian (friendly to Austria): +1 (4 in 6 instead of 3), a 3
    // succeeds; Minden, an unbesieged Prussian fortress, is closed to the avoid
    let mut res = Vec::new();
    for opts in [&[][..], &[OPT6_CONTROL][..]] {
        let (mut g, h) = hanover(opts);
        let bs = space(&g, "Braunschweig");
        g.st.generals[h.falk as usize].loc = Loc::Space(bs);
        for &u in &h.ids {
            g.st.units[u as usize].loc = Loc::Space(bs);
        }
        ok(
            &mut g,
            StCommand::Play {
                card: 35,
                use_: Use::Activate { general: h.falk },
            },
        );
        let hanover = space(&g, "Hanover");
        let hildesheim = space(&g, "Hildesheim");
        let minden = space(&g, "Minden");
        ok(&mut g, StCommand::Move { to: hanover });
        assert_eq!(g.st.g.battle.as_ref().map(|b| b.stage), Some(Stage::Avoid));
        let opts_ = fb::avoid_options(&g.rules, &g.st);
        let chance = |to| {
            opts_
                .iter()
                .find(|o| o.cmd == StCommand::Avoid { to, unit: None })
                .map(|o| o.chance_in_6)
        };
        let (hc, mc) = (chance(hildesheim), chance(minden));
        let to_minden = g.legal().contains(&StCommand::Avoid {
            to: minden,
            unit: None,
        });
        g.dice.script([3]);
        ok(
            &mut g,
            StCommand::Avoid {
                to: hildesheim,
                unit: None,
            },
        );
        let avoided = g.st.units[h.hn as usize].loc == Loc::Space(hildesheim);
        res.push((hc, mc, to_minden, avoided, g));
    }
    assert_eq!(res[0].0, Some(3));
    assert_eq!(res[1].0, Some(4));
    // 14.4 (basic rules) already closes an enemy PC space to avoid battle
    assert!(
        !res[0].2 && res[0].1.is_none(),
        "basic: Minden is closed by 14.4"
    );
    assert!(
        !res[1].2 && res[1].1.is_none(),
        "optional rule 6: Minden is closed"
    );
    assert!(!res[0].3, "basic: a 3 fails");
    assert!(res[1].3, "optional rule 6: a 3 + 1 succeeds");
    let g = &res[1].4;
    let r = g
        .dice
        .rolls
        .iter()
        .find(|r| r.purpose.contains("avoid battle"))
        .expect("a roll");
    assert!(
        r.modifiers
            .iter()
            .any(|m| m.0.contains("optional rule 6") && m.1 == 1)
    );
}

// ---------------------------------------------------------------- 7: army MA of 4

#[test]
fn opt7_an_army_has_four_mps_and_a_lone_general_six() {
    let setup = |opts: &[&str]| {
        let mut g = empty_board(opts);
        // the general's army without units (their own MAs, 9.3, would stop it first)
        let st = put_general(&mut g, "steinmetz", "Berlin");
        let c = card_of(&g, 3, &[]);
        let c2 = card_of(&g, 3, &[c]);
        give(&mut g, Side::Prussia, &[c, c2]);
        (g, st, c, c2)
    };
    for (opts, army_ma) in [(&[][..], 6u8), (&[OPT7_ARMY_MA][..], 4)] {
        let (mut g, st, c, c2) = setup(opts);
        let mut lone = g.clone();
        ok(
            &mut g,
            StCommand::Play {
                card: c,
                use_: Use::Activate { general: st },
            },
        );
        let m =
            g.st.g
                .op
                .as_ref()
                .and_then(|o| o.mover.clone())
                .expect("an army");
        assert_eq!(m.ma, army_ma, "{opts:?}");
        // walk as far as the MPs allow: the army stops at its MA
        let mut spent = 0;
        loop {
            // through Prussian spaces, back and forth if need be
            let moves: Vec<StCommand> = g
                .legal()
                .into_iter()
                .filter(|c| match c {
                    // by road: no special rail movement (9.61) to stretch the MPs
                    StCommand::Move { to } => {
                        let at =
                            g.st.g
                                .op
                                .as_ref()
                                .and_then(|o| o.mover.as_ref())
                                .map(|m| m.at);
                        let road = at
                            .and_then(|a| g.rules.map.route_between(a, *to))
                            .is_some_and(|r| {
                                r.kind == feldzug::games::struggle::map::RouteKind::Road
                            });
                        road && g.st.g.control[*to] == Some(Side::Prussia)
                    }
                    _ => false,
                })
                .collect();
            let Some(mv) = moves.first().cloned() else {
                break;
            };
            ok(&mut g, mv);
            if g.st.g.step != Step::Move {
                break;
            }
            spent =
                g.st.g
                    .op
                    .as_ref()
                    .and_then(|o| o.mover.as_ref())
                    .map_or(0, |m| m.mp);
        }
        assert!(spent <= army_ma);
        if opts.is_empty() {
            assert!(
                spent == 6,
                "the basic army goes beyond 4 MPs ({spent}): {:?} {:?}",
                g.log
                    .entries
                    .iter()
                    .rev()
                    .take(8)
                    .map(|e| e.text.clone())
                    .collect::<Vec<_>>(),
                g.legal()
            );
        } else {
            assert_eq!(spent, 4);
            assert!(logged(&g, "the army has an MA of 4 MPs"));
        }
        // 6.23: a general activated individually keeps 6 MPs
        ok(
            &mut lone,
            StCommand::Play {
                card: c2,
                use_: Use::Individual,
            },
        );
        ok(
            &mut lone,
            StCommand::Declare {
                piece: Piece::General(st),
            },
        );
        ok(&mut lone, StCommand::Begin);
        let m = lone
            .st
            .g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("a mover");
        assert_eq!(m.ma, 6);
    }
}

// ------------------------------------------------ 8: generals mobilized in War turns

#[test]
fn opt8_a_discarded_card_mobilizes_a_general_in_a_war_turn() {
    let setup = |opts: &[&str]| {
        let mut g = empty_board(opts);
        put(&mut g, "pr-id", "Berlin", false);
        let two = card_of(&g, 2, &[]);
        let three = card_of(&g, 3, &[]);
        give(&mut g, Side::Prussia, &[two, three]);
        (g, two, three)
    };
    let berlin = |g: &PureGame<Struggle>| space(g, "Berlin");
    let (mut b, two, _) = setup(&[]);
    let fred = general(&b, "frederick");
    let goeben = general(&b, "goeben");
    let at = berlin(&b);
    refused(
        &mut b,
        StCommand::Play {
            card: two,
            use_: Use::General { general: fred, at },
        },
        "optional rule 8",
    );
    let (mut g, two, three) = setup(&[OPT8_GENERALS]);
    let mut g3 = g.clone();
    // a 2 card: the most senior general only (18.4)
    refused(
        &mut g,
        StCommand::Play {
            card: two,
            use_: Use::General {
                general: goeben,
                at,
            },
        },
        "18.4",
    );
    ok(
        &mut g,
        StCommand::Play {
            card: two,
            use_: Use::General { general: fred, at },
        },
    );
    assert_eq!(g.st.generals[fred as usize].loc, Loc::Space(at));
    assert!(g.st.cards.discard.contains(&two));
    // per 6.21: onto a space with a friendly combat unit
    let (mut g4, _, three4) = setup(&[OPT8_GENERALS]);
    let posen = space(&g4, "Posen");
    refused(
        &mut g4,
        StCommand::Play {
            card: three4,
            use_: Use::General {
                general: goeben,
                at: posen,
            },
        },
        "6.21",
    );
    // a 3 card: any general
    ok(
        &mut g3,
        StCommand::Play {
            card: three,
            use_: Use::General {
                general: goeben,
                at,
            },
        },
    );
    assert_eq!(g3.st.generals[goeben as usize].loc, Loc::Space(at));
    assert!(logged(&g3, "to mobilize Goeben"));
    // not in a Mobilization turn (6.21 there)
    let mut m = load("struggle-mobilization", &[OPT8_GENERALS], 1);
    let c = card_of(&m, 3, &[2]);
    give(&mut m, Side::Prussia, &[c]);
    m.st.g.to_play = Side::Prussia;
    let at = berlin(&m);
    let fc = general(&m, "frederick-charles");
    m.st.generals[fc as usize].loc = Loc::Pool;
    refused(
        &mut m,
        StCommand::Play {
            card: c,
            use_: Use::General { general: fc, at },
        },
        "optional rule 8",
    );
}

// ---------------------------------------------------------------- random games

/// Random games with every compatible option on (all but 2; then 2 without 4) keep the
/// invariants after every command and finish.
#[test]
fn random_games_with_the_options_on_keep_invariants_and_finish() {
    let n: u64 = std::env::var("FELDZUG_STRUGGLE_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .map(|v: u64| v.clamp(1, 50))
        .unwrap_or(4);
    let all_but_2: Vec<&str> = ALL.iter().copied().filter(|o| *o != OPT2_COSTS).collect();
    let all_but_4: Vec<&str> = ALL.iter().copied().filter(|o| *o != OPT4_QUEUE).collect();
    for id in ["struggle-seven-weeks", "struggle-mobilization"] {
        for opts in [&all_but_2, &all_but_4] {
            for seed in 0..n {
                let mut g = load(id, opts, seed);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x0907);
                while !g.over() && g.commands.len() < 20_000 {
                    let cmd = Struggle::random_play(&g.rules, &g.st, &mut rng)
                        .unwrap_or_else(|| panic!("{id} {seed}: no legal command"));
                    if let Err(r) = g.apply(&cmd) {
                        panic!("{id} {opts:?} seed {seed}: {cmd:?} refused: {r}");
                    }
                    if let Err(e) = Struggle::check_invariants(&g.rules, &g.st) {
                        panic!("{id} {opts:?} seed {seed} after {cmd:?}: {e}");
                    }
                }
                assert!(g.over(), "{id} {opts:?} seed {seed}: not finished");
            }
        }
    }
}
