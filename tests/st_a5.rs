//! 1866: the fifth rules audit (docs/games/struggle-audit5.md): its defects 1, 2, 4 and 5
//! fixed and its untested rules 7a, 7c-7g given command-driven tests. Every test drives
//! the game through `PureGame::apply` (the position built for it first) and fails on the
//! code before the fix where the audit found a defect.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Who;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::endturn;
use feldzug::games::struggle::flow::Game;
use feldzug::games::struggle::flow_battle as fb;
use feldzug::games::struggle::map::Country;
use feldzug::games::struggle::options::{OPT1_HAND, OPT2_COSTS, OPT4_QUEUE};
use feldzug::games::struggle::state::*;

/// 22.2 with `opts` and the set-up choices made (the first space of each).
pub(crate) fn seven_weeks_with(opts: &[&str]) -> PureGame<Struggle> {
    seven_weeks_set_up(opts, 1)
}

/// Card #28's event (16.1-16.4) carried out now.
pub(crate) fn intervene(g: &mut PureGame<Struggle>) {
    let rules = g.rules.clone();
    Game {
        rules: &rules,
        st: &mut g.st,
        dice: &mut g.dice,
        log: &mut g.log,
    }
    .france_intervenes();
}

/// Plays out the operational phase: Prussia's last round is a free OP used for nothing,
/// and the end of the turn follows (5.3-5.10).
pub(crate) fn end_turn(g: &mut PureGame<Struggle>) {
    g.st.g.rounds_left = [0, 1];
    g.st.g.to_play = Side::Prussia;
    g.st.g.step = Step::Round;
    g.st.g.op = None;
    g.apply(&StCommand::FreeOp {
        use_: Use::Individual,
    })
    .expect("a free OP");
    g.apply(&StCommand::Done).expect("done");
    attempt_sieges(g);
}

/// `c` is refused citing `rule`, changes nothing and is not listed as legal.
fn refused(g: &mut PureGame<Struggle>, c: StCommand, rule: &str) {
    let before = g.hash();
    match g.apply(&c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(r) => assert_eq!(r.rule, rule, "{c:?}: {r}"),
    }
    assert_eq!(g.hash(), before, "a refused command changed the state");
    assert!(
        !g.legal().contains(&c),
        "{c:?} is refused but listed as legal"
    );
}

pub(crate) fn logged(g: &PureGame<Struggle>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

/// `n` cards of exactly `ops` OP that are no response, not mandatory and not #28.
fn cards_of(g: &PureGame<Struggle>, ops: u8, n: usize, not: &[CardId]) -> Vec<CardId> {
    let v: Vec<CardId> = g
        .rules
        .cards
        .cards
        .iter()
        .filter(|c| {
            c.ops == ops
                && c.response.is_none()
                && !c.mandatory
                && c.id != 28
                && !not.contains(&c.id)
        })
        .map(|c| c.id)
        .take(n)
        .collect();
    assert_eq!(v.len(), n, "{n} cards of {ops} OP");
    v
}

/// Every French piece leaves the map but `keep`.
fn only_french(g: &mut PureGame<Struggle>, keep: &[u16]) {
    for u in 0..g.st.units.len() as u16 {
        if endturn::is_french(&g.rules, u)
            && !keep.contains(&u)
            && matches!(g.st.units[u as usize].loc, Loc::Space(_))
        {
            g.st.units[u as usize].loc = Loc::Reserve;
        }
    }
    for x in 0..g.st.generals.len() as u8 {
        if endturn::is_french_piece(&g.rules, Piece::General(x)) {
            g.st.generals[x as usize].loc = Loc::Pool;
        }
    }
}

// --------------------------------------------------------- audit 5 defect 1 (16.3, opt 4)

// rule 16.3, optional rule 4: Austria's last round must activate a French general or
// unit; spending the Operations Queue is held to it like a card. Old code never checked
// the duty for `UseQueue`: the queue activated Benedek and the turn ended without a
// French activation.
#[test]
fn the_operations_queue_cannot_skip_the_french_duty() {
    let mut g = seven_weeks_with(&[OPT4_QUEUE]);
    intervene(&mut g);
    g.dice.script([1; 30]);
    end_turn(&mut g);
    assert_eq!(g.st.g.to_play, Side::Austria, "rule 16.3: Austria first");
    assert!(!g.st.g.french_activated);
    let benedek = put_general(&mut g, "benedek", "Vienna");
    put(&mut g, "au-1", "Vienna", false);
    let niel = general(&g, "niel");
    assert!(g.st.generals[niel as usize].loc.space().is_some());
    // two 4-OP cards queued, one 2-OP card in hand
    let q = cards_of(&g, 4, 2, &[]);
    give(&mut g, Side::Austria, &q);
    g.st.cards.queue[Side::Austria.idx()] =
        std::mem::take(&mut g.st.cards.hands[Side::Austria.idx()]);
    let one = cards_of(&g, 2, 1, &q);
    give(&mut g, Side::Austria, &one);
    g.st.g.rounds_left[Side::Austria.idx()] = 1;
    assert!(endturn::french_duty(&g.rules, &g.st, Side::Austria));
    refused(
        &mut g,
        StCommand::UseQueue {
            use_: Use::Activate { general: benedek },
        },
        "16.3",
    );
    // the queue may activate Niel, or French pieces individually
    let c = StCommand::UseQueue {
        use_: Use::Activate { general: niel },
    };
    assert!(g.legal().contains(&c), "{:?}", g.legal());
    ok(
        &mut g,
        StCommand::UseQueue {
            use_: Use::Individual,
        },
    );
    refused(
        &mut g,
        StCommand::Declare {
            piece: Piece::General(benedek),
        },
        "16.3",
    );
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::General(niel),
        },
    );
    assert!(g.st.g.french_activated);
}

// --------------------------------------------------------- audit 5 defect 2 (16.3, opt 2)

// rule 16.3, optional rule 2 (a corps costs 3 OPs): with only the French 1st Corps on
// the map and a 3-OP card, the French activation is affordable and owed. Old code read
// 6.23's 4 OPs for a corps, judged the duty impossible and let the round go to an
// Austrian brigade.
#[test]
fn under_reduced_costs_a_three_card_owes_the_french_corps() {
    let mut g = seven_weeks_with(&[OPT2_COSTS]);
    intervene(&mut g);
    g.dice.script([1; 30]);
    end_turn(&mut g);
    assert_eq!(g.st.g.to_play, Side::Austria);
    let fr1 = g.rules.unit_by_type("fr-1")[0];
    assert!(g.st.units[fr1 as usize].loc.space().is_some());
    only_french(&mut g, &[fr1]);
    let ib = put(&mut g, "au-ib", "Vienna", false);
    let c3 = cards_of(&g, 3, 1, &[])[0];
    give(&mut g, Side::Austria, &[c3]);
    g.st.g.rounds_left[Side::Austria.idx()] = 1;
    assert!(
        endturn::french_duty(&g.rules, &g.st, Side::Austria),
        "optional rule 2: the corps costs 3"
    );
    ok(
        &mut g,
        StCommand::Play {
            card: c3,
            use_: Use::Individual,
        },
    );
    refused(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(ib),
        },
        "16.3",
    );
    refused(&mut g, StCommand::Done, "16.3");
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::Unit(fr1),
        },
    );
    assert!(g.st.g.french_activated);
    assert!(logged(&g, "(3 OP)"), "optional rule 2: 3 OPs for a corps");
}

// ------------------------------------------- audit 5 defect 4 (15.4: the French source)

/// After the intervention, an empty map where every space outside France is Prussian:
/// Austria's only supply source left is the French one (15.4). A Prussian army
/// (Falkenstein and three IDs) waits at Koblenz, next to Trier, which is next to Metz.
fn french_source_only() -> PureGame<Struggle> {
    let mut g = seven_weeks_with(&[]);
    intervene(&mut g);
    empty_the_map(&mut g);
    for s in 0..g.rules.map.spaces.len() {
        if g.rules.map.spaces[s].country != Country::France {
            g.st.g.control[s] = Some(Side::Prussia);
        }
    }
    put_general(&mut g, "falkenstein", "Koblenz");
    for _ in 0..3 {
        put(&mut g, "pr-id", "Koblenz", false);
    }
    g.st.g.to_play = Side::Prussia;
    g
}

// rule 15.4: "French and French-Austrian forces" trace to the French supply source; a
// Bavarian division alone at Trier, whose only LOC runs through Metz to that source, is
// out of supply: it rolls for attrition at the Supply Phase (15.5) and fights with -2
// (15.3). With a French cavalry division it is a French-Austrian force and in supply.
// Old code let every Austrian-side force trace to the French source.
#[test]
fn the_french_source_supplies_french_and_french_austrian_forces_only() {
    let trier_name = "Trier";
    for with_french in [false, true] {
        let mut g = french_source_only();
        let trier = space(&g, trier_name);
        put(&mut g, "bv-id", trier_name, false);
        if with_french {
            put(&mut g, "fr-cd", trier_name, false);
        }
        assert_eq!(
            endturn::supplied(&g.rules, &g.st, trier, Side::Austria),
            with_french,
            "rule 15.4"
        );
        // 15.3: the battle's -2 for an unsupplied defender
        let mut b = g.clone();
        let falk = general(&b, "falkenstein");
        activate_by_card(&mut b, 35, falk);
        ok(&mut b, StCommand::Move { to: trier });
        let plan = fb::battle_preview(&b.rules, &b.st).expect("a battle at Trier");
        let unsupplied = plan
            .modifiers
            .iter()
            .any(|m| m.who == Who::Defender && m.case.starts_with("15.3"));
        assert_eq!(unsupplied, !with_french, "rule 15.3: {:?}", plan.modifiers);
        // 5.4, 15.5: the Supply Phase
        g.dice.script([1; 30]);
        end_turn(&mut g);
        assert_eq!(
            logged(&g, "Austria in Trier is out of supply"),
            !with_french,
            "rule 15.5"
        );
    }
}

// ---------------------------------------- audit 5 defect 5 (12.4: the pre-battle estimate)

// rule 12.4 and the project rule "odds shown come from the function that rolls": the
// pre-battle "win and pursue" chance counts the whole forces' cavalry and the battle's
// commander before any loss or retreat, so it is shown as the estimate it is, with the
// conditions the pursuit rolled after the retreat uses (12.5, 12.4's other enemy force).
// Old code showed it as "Win and pursue (12.4)" with no such words.
#[test]
fn the_pre_battle_pursuit_chance_is_labelled_an_estimate() {
    let mut g = french_source_only();
    let trier = space(&g, "Trier");
    put(&mut g, "bv-id", "Trier", false);
    let falk = general(&g, "falkenstein");
    activate_by_card(&mut g, 35, falk);
    ok(&mut g, StCommand::Move { to: trier });
    let plan = fb::battle_preview(&g.rules, &g.st).expect("a battle at Trier");
    let text = plan.pursuit_estimate(["Prussia", "Austria"]);
    assert!(
        text.contains("an estimate before losses and retreat"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Prussia {} in 216", plan.pursuit_in_216[0])),
        "{text}"
    );
    assert!(text.contains("12.5") && text.contains("another of its forces"));
}

// ------------------------------------------------ audit 5 item 7: rules not yet tested

// rule 14.3, second sentence (audit 5 item 7a): a cut-off Prussian PC in Hungary held by
// a lone reduced Prussian ID: when the ID survives its attrition roll the space stays
// Prussian; when attrition eliminates it the space turns Austrian.
#[test]
fn a_cut_off_space_whose_only_unit_dies_of_attrition_changes_control() {
    for (die, flips) in [(1u8, false), (5, true)] {
        let mut g = seven_weeks();
        empty_the_map(&mut g);
        let raab = space(&g, "Raab");
        g.st.g.control[raab] = Some(Side::Prussia);
        let id = put(&mut g, "pr-id", "Raab", true);
        assert!(!endturn::supplied(&g.rules, &g.st, raab, Side::Prussia));
        g.dice.script([die; 30]);
        end_turn(&mut g);
        assert!(logged(&g, "Prussia in Raab is out of supply"), "rule 15.5");
        assert_eq!(
            g.st.units[id as usize].loc == Loc::Space(raab),
            !flips,
            "die {die}: a reduced unit is one step"
        );
        let now = g.st.g.control[raab];
        assert_eq!(
            now,
            Some(if flips { Side::Austria } else { Side::Prussia }),
            "rule 14.3, die {die}"
        );
    }
}

// rule 10.8 NOTE (audit 5 item 7c): an army that failed to intercept may still avoid
// battle when the mover then enters its own space. Arendtschildt fails to intercept
// Falkenstein at Braunschweig (a 3 against initiative 3), Falkenstein enters Hanover and
// Arendtschildt avoids to Hildesheim with a 4 (10.4).
#[test]
fn a_failed_interceptor_may_avoid_battle_in_its_own_space() {
    let mut g = seven_weeks();
    empty_the_map(&mut g);
    g.st.g.to_play = Side::Prussia;
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    for _ in 0..3 {
        place(&mut g, "pr-id", "Magdeburg", false);
    }
    let arendt = put_general(&mut g, "arendtschildt", "Hanover");
    let hn = place(&mut g, "hn-corps", "Hanover", false);
    let quiet = quiet_cards(&g, 3, &[35]);
    give(&mut g, Side::Austria, &quiet);
    give(&mut g, Side::Prussia, &[35]);
    ok(
        &mut g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: falk },
        },
    );
    decline_window(&mut g);
    let bs = space(&g, "Braunschweig");
    let hanover = space(&g, "Hanover");
    let hildesheim = space(&g, "Hildesheim");
    g.dice.script([3, 4]);
    ok(&mut g, StCommand::Move { to: bs });
    ok(&mut g, StCommand::Intercept { general: arendt });
    assert_eq!(g.st.units[hn as usize].loc, Loc::Space(hanover), "failed");
    decline_window(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    while stage(&g) == Some(fb::Stage::Intercept) {
        let avoid = StCommand::Avoid {
            to: hildesheim,
            unit: None,
        };
        if g.legal().contains(&avoid) {
            break;
        }
        ok(&mut g, StCommand::Done);
    }
    ok(
        &mut g,
        StCommand::Avoid {
            to: hildesheim,
            unit: None,
        },
    );
    // declared with the interceptions (10.8): rolled once the declarations are over
    while stage(&g) == Some(fb::Stage::Intercept) {
        ok(&mut g, StCommand::Done);
    }
    assert_eq!(
        g.st.units[hn as usize].loc,
        Loc::Space(hildesheim),
        "rule 10.8 NOTE, 10.4"
    );
    assert_eq!(g.st.generals[arendt as usize].loc, Loc::Space(hildesheim));
    assert!(g.st.g.battle.is_none());
}

// optional rule 1 with France (audit 5 item 7d): "adjust 16.3 accordingly": after the
// intervention Austria is dealt 9 cards and plays 8 rounds, Prussia 8 and 7.
#[test]
fn increased_hands_with_france_give_austria_nine_cards_and_eight_rounds() {
    let mut g = seven_weeks_with(&[OPT1_HAND]);
    intervene(&mut g);
    g.dice.script([1; 30]);
    end_turn(&mut g);
    assert_eq!(g.st.g.turn, 2);
    assert_eq!(
        g.st.cards.hand(Side::Austria).len(),
        9,
        "16.3 + optional rule 1"
    );
    assert_eq!(g.st.cards.hand(Side::Prussia).len(), 8, "optional rule 1");
    assert_eq!(g.st.g.rounds_left, [8, 7], "[Austria, Prussia]");
    assert_eq!(g.st.g.to_play, Side::Austria, "rule 16.3");
}

// rule 21.1 (audit 5 item 7e; reading B2: "over 15" read as the 15+ box of 4.3): at the
// Victory Check Austria at 15 wins, at 14 not; Prussia at 15 (-15) wins, at 14 not.
#[test]
fn the_automatic_victory_boundary_is_fifteen() {
    for (vp, w) in [
        (15, Some(Side::Austria)),
        (14, None),
        (-15, Some(Side::Prussia)),
        (-14, None),
    ] {
        let mut g = seven_weeks();
        g.st.g.vp = vp;
        g.dice.script([1; 30]);
        end_turn(&mut g);
        assert_eq!(g.st.g.winner, w, "VP {vp}");
        if w.is_none() {
            assert_ne!(g.st.g.step, Step::GameOver);
            assert_eq!(g.st.g.turn, 2);
        }
    }
}

// rule 18.4 and its example (audit 5 item 7f): Austria plays a 2-OP card to mobilize one
// Austrian and one German general: it must be Benedek, the most senior Austrian in the
// holding area, and von Hesse (Alexander of Hesse-D.), the most senior German.
#[test]
fn the_18_4_example_benedek_and_von_hesse_with_a_two_card() {
    let mut g = mobilization();
    g.st.g.to_play = Side::Austria;
    let card = cards_of(&g, 2, 1, &[feldzug::games::struggle::flow::DOW])[0];
    give(&mut g, Side::Austria, &[card]);
    ok(
        &mut g,
        StCommand::Play {
            card,
            use_: Use::Mobilize,
        },
    );
    assert_eq!(g.st.g.step, Step::Mobilize);
    let benedek = general(&g, "benedek");
    let hesse = general(&g, "alexander");
    let appointable: Vec<u8> = g
        .legal()
        .iter()
        .filter_map(|c| match c {
            StCommand::Appoint { general, .. } => Some(*general),
            _ => None,
        })
        .collect();
    assert!(appointable.contains(&benedek) && appointable.contains(&hesse));
    for x in [
        "albrecht",
        "clam-gallas",
        "gablenz",
        "arendtschildt",
        "von-der-tann",
    ] {
        let x = general(&g, x);
        if g.st.generals[x as usize].loc == Loc::Pool {
            assert!(!appointable.contains(&x), "rule 18.4: {x}");
        }
    }
    let at = g
        .legal()
        .iter()
        .find_map(|c| match c {
            StCommand::Appoint { general, at } if *general == benedek => Some(*at),
            _ => None,
        })
        .expect("a space for Benedek");
    let albrecht = general(&g, "albrecht");
    refused(
        &mut g,
        StCommand::Appoint {
            general: albrecht,
            at,
        },
        "18.4",
    );
    ok(
        &mut g,
        StCommand::Appoint {
            general: benedek,
            at,
        },
    );
    let arendt = general(&g, "arendtschildt");
    if g.st.generals[arendt as usize].loc == Loc::Pool {
        refused(
            &mut g,
            StCommand::Appoint {
                general: arendt,
                at,
            },
            "18.4",
        );
    }
    ok(&mut g, StCommand::Appoint { general: hesse, at });
    assert_eq!(g.st.generals[benedek as usize].loc, Loc::Space(at));
    assert_eq!(g.st.generals[hesse as usize].loc, Loc::Space(at));
    assert_eq!(
        g.st.g.to_play,
        Side::Prussia,
        "2 OPs spent: the round is over"
    );
}

// rule 6.23 (audit 5 item 7g): "Activated generals ... may not ... pick up any combat
// units or other generals during their activation": Falkenstein activated individually
// in Berlin with a Prussian ID and Frederick there picks up neither; activated as an
// army (6.22) he may.
#[test]
fn an_individually_activated_general_picks_up_nothing() {
    let mut g = seven_weeks();
    empty_the_map(&mut g);
    g.st.g.to_play = Side::Prussia;
    let falk = put_general(&mut g, "falkenstein", "Berlin");
    let fred = put_general(&mut g, "frederick", "Berlin");
    let id = place(&mut g, "pr-id", "Berlin", false);
    let mut army = g.clone();
    ok(
        &mut g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(
        &mut g,
        StCommand::Declare {
            piece: Piece::General(falk),
        },
    );
    ok(&mut g, StCommand::Begin);
    assert_eq!(g.st.g.step, Step::Move);
    refused(
        &mut g,
        StCommand::PickUp {
            piece: Piece::Unit(id),
        },
        "6.23",
    );
    refused(
        &mut g,
        StCommand::PickUp {
            piece: Piece::General(fred),
        },
        "6.23",
    );
    // 6.22, 9.3: the same general activated as an army (Frederick, his senior, away:
    // 18.2) picks the ID up
    army.st.generals[fred as usize].loc = Loc::Pool;
    activate_by_card(&mut army, 35, falk);
    assert_eq!(army.st.g.step, Step::Move);
    let pick = StCommand::PickUp {
        piece: Piece::Unit(id),
    };
    if !army.legal().contains(&pick) {
        // the army may already hold every unit of its space
        let op = army.st.g.op.as_ref().expect("an operation");
        let m = op.mover.as_ref().expect("a mover");
        assert!(m.pieces.contains(&Piece::Unit(id)), "rule 9.3");
    } else {
        ok(&mut army, pick);
    }
}
