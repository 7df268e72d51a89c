//! Hidden hands and the response moments (audit defects 28, 30, 17, 29, 9 and card 44's
//! attrition), each driven through the game's commands.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::Stage;
use feldzug::games::struggle::state::*;

type G = PureGame<Struggle>;

fn to_act(g: &G) -> Option<Side> {
    feldzug::engine::step::to_act::<Struggle>(&g.rules, &g.st)
}

/// What both players see: the step, the battle stage, who decides, the hand sizes, the
/// log and the rolls (the hand-overs among them).
fn public(g: &G) -> String {
    let log: Vec<&str> = g.log.entries.iter().map(|e| e.text.as_str()).collect();
    let rolls: Vec<(String, u8)> = g
        .dice
        .rolls
        .iter()
        .map(|r| (r.purpose.clone(), r.die))
        .collect();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {log:?} {rolls:?}",
        g.st.g.step,
        stage(g),
        to_act(g),
        g.st.cards.hand(Side::Austria).len(),
        g.st.cards.hand(Side::Prussia).len(),
    )
}

fn kinds(cmds: &[StCommand]) -> Vec<String> {
    cmds.iter()
        .map(|c| {
            format!("{c:?}")
                .split([' ', '{'])
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

/// Frederick Charles's First Army (Görlitz, 22.2) activated by card 9 and marched on
/// Dresden (the Saxons, as in lesson 5); Austria holds `austria`. Austria declines
/// what it may, and otherwise both take the first listed decision. Returns the public view after each
/// command and the commands offered to Prussia.
fn dresden(austria: &[CardId]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut g = seven_weeks();
    give(&mut g, Side::Prussia, &[9, 7]);
    give(&mut g, Side::Austria, austria);
    g.dice.script([4, 2, 1, 1, 1, 1, 1, 1]);
    let fc = general(&g, "frederick-charles");
    let (bautzen, dresden) = (space(&g, "Bautzen"), space(&g, "Dresden"));
    let mut views = vec![public(&g)];
    let mut offered = Vec::new();
    let mut plan = vec![
        StCommand::Play {
            card: 9,
            use_: Use::Activate { general: fc },
        },
        StCommand::Move { to: bautzen },
        StCommand::Move { to: dresden },
    ]
    .into_iter();
    let mut fought = false;
    for _ in 0..40 {
        fought |= matches!(stage(&g), Some(Stage::Avoid | Stage::Respond(_)));
        if fought && g.st.g.battle.is_none() {
            break;
        }
        let cmd = match to_act(&g) {
            // Austria declines what it may; losses and retreat as first listed
            Some(Side::Austria) => {
                let l = g.legal();
                if l.contains(&StCommand::Done) {
                    StCommand::Done
                } else {
                    l[0].clone()
                }
            }
            _ if g.st.g.battle.is_some() => {
                let l = g.legal();
                offered.push(kinds(&l));
                l[0].clone()
            }
            _ => {
                offered.push(kinds(&g.legal()));
                plan.next().expect("the plan goes on")
            }
        };
        g.apply(&cmd).unwrap_or_else(|r| panic!("{cmd:?}: {r}"));
        views.push(public(&g));
    }
    assert!(fought, "a battle at Dresden");
    (views, offered)
}

/// Rule 6.25 and the project's hidden hands (audit defect 28): whether Austria's hand
/// holds a response that fits (Rout #13 in the battle, Garbled Orders #16 after the
/// activation) or none (General Staff #43), Prussia sees the same pauses, the same
/// hand-overs, the same log and is offered the same kinds of command.
#[test]
fn the_response_pauses_do_not_tell_whether_a_hand_holds_a_fitting_response() {
    let (none, offered_none) = dresden(&[43]);
    for fits in [&[13][..], &[16][..]] {
        let (with, offered_with) = dresden(fits);
        assert_eq!(none, with, "Austria holding {fits:?} or #43");
        assert_eq!(offered_none, offered_with);
    }
    // and Austria was asked: after the activation (card 16's moment) and in the battle
    let mut g = seven_weeks();
    give(&mut g, Side::Prussia, &[9, 7]);
    give(&mut g, Side::Austria, &[43]);
    let fc = general(&g, "frederick-charles");
    g.apply(&StCommand::Play {
        card: 9,
        use_: Use::Activate { general: fc },
    })
    .expect("activate");
    assert_eq!(g.st.g.step, Step::Event, "the card 16 window (6.25)");
    assert_eq!(g.legal(), vec![StCommand::Done]);
    assert!(
        none.iter().any(|v| v.contains("Respond(Austria)")),
        "the defender's response stage stopped"
    );
}

/// 22.2 after the set-up choices with an empty board (Corps Support Box kept, generals in
/// the holding area); Prussia to play.
fn empty_board() -> G {
    let mut g = seven_weeks();
    empty_the_map(&mut g);
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    g
}

/// Card 8 Moltke (RECONSTRUCTED text "before the support rolls"), 11.43: offered when the
/// coordinated attack is declared, no longer once an army has rolled (audit defect 17).
#[test]
fn moltke_is_offered_only_before_the_first_support_roll() {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    for _ in 0..3 {
        put(&mut g, "pr-id", "Magdeburg", false);
    }
    let fred = put_general(&mut g, "frederick", "Minden");
    put(&mut g, "pr-7", "Minden", false);
    put_general(&mut g, "frederick-charles", "Hildesheim");
    put(&mut g, "pr-2", "Hildesheim", false);
    put_general(&mut g, "arendtschildt", "Hanover");
    put(&mut g, "hn-corps", "Hanover", false);
    give(&mut g, Side::Prussia, &[35, 8]);
    give(&mut g, Side::Austria, &[43]);
    g.apply(&StCommand::Play {
        card: 35,
        use_: Use::Activate { general: falk },
    })
    .expect("activate Falkenstein");
    decline_window(&mut g);
    g.dice.script([1]);
    g.apply(&StCommand::Move {
        to: space(&g, "Braunschweig"),
    })
    .expect("Braunschweig");
    while g.st.g.step == Step::Battle {
        g.apply(&StCommand::Done).expect("no interception");
    }
    g.apply(&StCommand::Move {
        to: space(&g, "Hanover"),
    })
    .expect("Hanover");
    // 10.8: the defender declares no avoid battle before the support dice
    while stage(&g) == Some(Stage::Intercept) {
        g.apply(&StCommand::Done).expect("no avoid declared");
    }
    battle_begins(&mut g);
    assert_eq!(stage(&g), Some(Stage::Support));
    let moltke = StCommand::Respond { card: 8 };
    assert!(g.legal().contains(&moltke), "before the support rolls");
    let mut early = g.clone();
    early.apply(&moltke).expect("Moltke before the rolls");
    assert!(early.st.g.battle.as_ref().is_some_and(|b| b.moltke));
    // one army rolls (and joins); the other has not rolled yet
    g.dice.script([1]);
    g.apply(&StCommand::Support { general: fred })
        .expect("Frederick rolls");
    assert_eq!(
        stage(&g),
        Some(Stage::Support),
        "Frederick Charles may still roll"
    );
    assert!(!g.legal().contains(&moltke), "{:?}", g.legal());
    let r = g.apply(&moltke).expect_err("after a support roll");
    assert_eq!(r.rule, "11.43");
}

/// 13.8 and the Flip effect's terms (card 36 North German Reserves): a reduced unit
/// besieged in its fortress receives no replacement; one in supply elsewhere does
/// (audit defect 9).
#[test]
fn an_event_flip_does_not_reach_a_besieged_unit() {
    let mut g = empty_board();
    let glatz = space(&g, "Glatz");
    assert_eq!(g.st.g.control[glatz], Some(Side::Prussia));
    let inside = put(&mut g, "pr-id", "Glatz", true);
    put(&mut g, "au-ib", "Glatz", false);
    g.st.g.besieged[glatz] = Some(Side::Austria);
    let free = put(&mut g, "pr-id", "Berlin", true);
    give(&mut g, Side::Prussia, &[36]);
    give(&mut g, Side::Austria, &[43]);
    g.apply(&StCommand::Play {
        card: 36,
        use_: Use::Event,
    })
    .expect("the event");
    assert_eq!(g.st.g.step, Step::Event);
    let l = g.legal();
    assert!(l.contains(&StCommand::EventUnit { unit: free }), "{l:?}");
    assert!(!l.contains(&StCommand::EventUnit { unit: inside }), "13.8");
    let r = g
        .apply(&StCommand::EventUnit { unit: inside })
        .expect_err("besieged");
    assert_eq!(r.rule, "6.24");
    assert!(g.st.units[inside as usize].reduced);
}

/// Falkenstein's army attacks Braunschweig, held by Arendtschildt with `defender` and an IB;
/// Austria plays Kaiserjäger (#20). Returns the defender's DRM before and after.
fn kaiserjaeger(defender: &str) -> (i32, i32) {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Magdeburg");
    for _ in 0..3 {
        put(&mut g, "pr-id", "Magdeburg", false);
    }
    put_general(&mut g, "arendtschildt", "Braunschweig");
    put(&mut g, defender, "Braunschweig", false);
    // two units: no overrun of a lone unit (9.51)
    put(&mut g, "au-ib", "Braunschweig", false);
    give(&mut g, Side::Prussia, &[35, 43]);
    give(&mut g, Side::Austria, &[20, 31]);
    g.apply(&StCommand::Play {
        card: 35,
        use_: Use::Activate { general: falk },
    })
    .expect("activate Falkenstein");
    decline_window(&mut g);
    g.apply(&StCommand::Move {
        to: space(&g, "Braunschweig"),
    })
    .expect("attack");
    while stage(&g) != Some(Stage::Respond(Side::Austria)) {
        g.apply(&StCommand::Done)
            .expect("no avoid, no Prussian response");
    }
    let drm = |g: &G| {
        feldzug::games::struggle::flow_battle::battle_preview(&g.rules, &g.st)
            .expect("a battle")
            .drm[1]
    };
    let before = drm(&g);
    g.apply(&StCommand::Respond { card: 20 })
        .expect("Kaiserjäger");
    let after = drm(&g);
    // the roll uses the same plan: the card's modifier is logged with the die
    g.dice.script([3, 3]);
    pass_responses(&mut g);
    let roll = g
        .dice
        .rolls
        .iter()
        .rfind(|r| r.purpose.contains("(defender)"))
        .expect("the defender's roll");
    let card: i32 = roll
        .modifiers
        .iter()
        .filter(|m| m.0.contains("#20"))
        .map(|m| m.1)
        .sum();
    assert_eq!(card, after - before, "{:?}", roll.modifiers);
    (before, after)
}

/// Card 20 Kaiserjäger (RECONSTRUCTED text): +1, or +2 with the Tyrolian ID in the force
/// (audit defect 29: the stronger effect was never applied in play).
#[test]
fn kaiserjaeger_gives_two_with_the_tyrolian_id() {
    let (b, a) = kaiserjaeger("au-ib");
    assert_eq!(a - b, 1, "an Austrian IB: +1");
    let (b, a) = kaiserjaeger("au-tyrol");
    assert_eq!(a - b, 2, "the Tyrolian ID: +2");
}

/// Card 11 Austrian Stosstaktik (RECONSTRUCTED text): the attacker's die one column to the
/// right, and a defender with Prussian units +1 on its die (audit defect 29: that +1 was
/// never applied in play).
#[test]
fn stosstaktik_gives_the_prussian_defender_plus_one() {
    let mut g = empty_board();
    // a position built for the test: Austria's round
    g.st.g.to_play = Side::Austria;
    let albert = put_general(&mut g, "albert", "Dresden");
    put(&mut g, "au-1", "Dresden", false);
    put(&mut g, "pr-id", "Bautzen", false);
    put(&mut g, "pr-id", "Bautzen", false);
    give(&mut g, Side::Austria, &[10, 11, 31]);
    give(&mut g, Side::Prussia, &[43]);
    g.apply(&StCommand::Play {
        card: 10,
        use_: Use::Activate { general: albert },
    })
    .expect("activate Albert");
    decline_window(&mut g);
    g.apply(&StCommand::Move {
        to: space(&g, "Bautzen"),
    })
    .expect("attack Bautzen");
    while stage(&g) != Some(Stage::Respond(Side::Austria)) {
        g.apply(&StCommand::Done).expect("no interception or avoid");
    }
    let plan = |g: &G| {
        feldzug::games::struggle::flow_battle::battle_preview(&g.rules, &g.st).expect("a battle")
    };
    let before = plan(&g);
    g.apply(&StCommand::Respond { card: 11 })
        .expect("Stosstaktik");
    let after = plan(&g);
    assert_eq!(after.drm[1] - before.drm[1], 1, "the Prussian defender +1");
    assert_eq!(after.drm[0], before.drm[0]);
}

/// Card 14 Death Ride (RECONSTRUCTED text): only if Austria loses is the rest of its loss
/// reduced by 2 — and its RCD charges, taking one step besides the battle loss (audit
/// defect 29: the reduction applied win or lose and the RCD never paid).
#[test]
fn death_ride_reduces_only_a_lost_battle_and_the_rcd_pays() {
    let mut g = empty_board();
    g.st.g.to_play = Side::Austria;
    let albert = put_general(&mut g, "albert", "Dresden");
    put(&mut g, "au-1", "Dresden", false);
    let rcd = put(&mut g, "au-1rcd", "Dresden", false);
    for _ in 0..3 {
        put(&mut g, "pr-id", "Bautzen", false);
    }
    give(&mut g, Side::Austria, &[10, 14, 31]);
    give(&mut g, Side::Prussia, &[]);
    g.apply(&StCommand::Play {
        card: 10,
        use_: Use::Activate { general: albert },
    })
    .expect("activate Albert");
    decline_window(&mut g);
    g.apply(&StCommand::Move {
        to: space(&g, "Bautzen"),
    })
    .expect("attack Bautzen");
    while stage(&g) != Some(Stage::Respond(Side::Austria)) {
        g.apply(&StCommand::Done).expect("no interception or avoid");
    }
    let plan = |g: &G| {
        feldzug::games::struggle::flow_battle::battle_preview(&g.rules, &g.st).expect("a battle")
    };
    let before = plan(&g);
    // Austria keeps a card, so it is asked again after playing #14 (6.25, hidden hands)
    let mut probe = g.clone();
    probe
        .apply(&StCommand::Respond { card: 14 })
        .expect("Death Ride");
    assert_eq!(stage(&probe), Some(Stage::Respond(Side::Austria)));
    let after = plan(&probe);
    let mut lost = None;
    for (b, a) in before.outcomes.iter().zip(&after.outcomes) {
        assert_eq!(b.dice, a.dice);
        if b.winner == feldzug::games::struggle::battle::Who::Attacker {
            assert_eq!(
                a.loss[0], b.loss[0],
                "Austria wins {:?}: no reduction",
                b.dice
            );
        } else {
            assert_eq!(
                a.loss[0],
                b.loss[0].saturating_sub(2),
                "Austria loses {:?}",
                b.dice
            );
            if b.loss[0] >= 3 && lost.is_none() {
                lost = Some(b.dice);
            }
        }
    }
    // a lost battle rolled: the RCD takes its step besides the (reduced) loss
    let dice = lost.expect("some dice lose with a loss of 3 or more");
    g.dice.script(dice);
    g.apply(&StCommand::Respond { card: 14 })
        .expect("Death Ride");
    pass_responses(&mut g);
    while let Some(Stage::Losses(side)) = stage(&g) {
        let c = g.legal()[0].clone();
        g.apply(&c)
            .unwrap_or_else(|r| panic!("{side:?} losses: {r:?}"));
    }
    let u = &g.st.units[rcd as usize];
    assert!(
        u.reduced || u.loc == Loc::Eliminated,
        "the RCD charged: {u:?}"
    );
    assert!(
        g.log.entries.iter().any(|e| e.rule == "card 14"),
        "the charge's step is logged under card 14"
    );
}

/// 9.62: a general passing through the railroad junction may not end his move on it
/// (`Done` is neither listed nor accepted there), and may go on beyond it.
#[test]
fn no_move_ends_on_the_railroad_junction() {
    let mut g = empty_board();
    let falk = put_general(&mut g, "falkenstein", "Hildesheim");
    give(&mut g, Side::Prussia, &[15]);
    give(&mut g, Side::Austria, &[]);
    g.apply(&StCommand::Play {
        card: 15,
        use_: Use::Individual,
    })
    .expect("a 3 card for individual activations");
    g.apply(&StCommand::Declare {
        piece: Piece::General(falk),
    })
    .expect("a general for 1 OP");
    g.apply(&StCommand::Begin).expect("begin");
    let junction = space(&g, "Railroad Junction");
    g.apply(&StCommand::Move { to: junction })
        .expect("into the junction");
    assert!(!g.legal().contains(&StCommand::Done));
    let r = g
        .apply(&StCommand::Done)
        .expect_err("no move ends on the junction");
    assert_eq!(r.rule, "9.62");
    g.apply(&StCommand::Move {
        to: space(&g, "Göttingen"),
    })
    .expect("on through the junction");
    g.apply(&StCommand::Done)
        .expect("the move ends at Göttingen");
    assert_eq!(
        g.st.generals[falk as usize].loc,
        Loc::Space(space(&g, "Göttingen"))
    );
}
