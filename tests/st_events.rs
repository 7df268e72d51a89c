//! 1866: The Struggle for Supremacy in Germany, the card events (6.24): the example of
//! play's events (Brigade Kalik, Army of the Elbe, North German Reserves, the DOW), the play
//! conditions refused with a reason (6.1 side, 7.21/7.32 phase, the texts' requirements,
//! 6.25 responses), the * removal (6.1), the Needle Guns reshuffle (5.10, 6.42), and each
//! built card's event. Every test plays the card through `PureGame::apply` from a built hand
//! in a real scenario position.

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::events;
use feldzug::games::struggle::state::*;

/// The 22.1 position turned into War turn 1 (as after the example's DOW, 7.23).
fn war() -> PureGame<Struggle> {
    let mut g = mobilization();
    g.st.g.war = true;
    g.st.g.dow = true;
    g.st.g.turn = 1;
    g.st.g.rounds_left = [6, 6];
    let aside = std::mem::take(&mut g.st.cards.aside);
    g.st.cards.draw.extend(aside);
    g
}

fn unit(g: &PureGame<Struggle>, ty: &str) -> u16 {
    g.rules.unit_by_type(ty)[0]
}

fn pass_round(g: &mut PureGame<Struggle>) {
    g.apply(&StCommand::FreeOp {
        use_: Use::Individual,
    })
    .expect("a free OP");
    g.apply(&StCommand::Done).expect("done");
}

fn event(card: CardId) -> StCommand {
    StCommand::Play {
        card,
        use_: Use::Event,
    }
}

fn refused(c: StCommand, g: &mut PureGame<Struggle>, rule: &str) -> String {
    let before = g.hash();
    let r = match g.apply(&c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(r) => r,
    };
    assert_eq!(r.rule, rule, "{c:?}: {r}");
    assert_eq!(g.hash(), before, "a refused command changed the state");
    assert!(!g.legal().contains(&c), "{c:?} is refused but listed");
    r.to_string()
}

/// Prussia to play (the 22.1 first round).
fn prussia_plays(g: &mut PureGame<Struggle>, card: CardId) {
    give(g, Side::Prussia, &[card]);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    assert!(g.legal().contains(&event(card)), "card {card} offered");
    g.apply(&event(card)).expect("the event");
}

fn austria_plays(g: &mut PureGame<Struggle>, card: CardId) {
    give(g, Side::Austria, &[card]);
    pass_round(g);
    assert_eq!(g.st.g.to_play, Side::Austria);
    assert!(g.legal().contains(&event(card)), "card {card} offered");
    g.apply(&event(card)).expect("the event");
}

/// Flip events: the first unit offered is flipped; returns it.
fn pick_first_unit(g: &mut PureGame<Struggle>) -> u16 {
    assert_eq!(g.st.g.step, Step::Event);
    let Some(StCommand::EventUnit { unit }) = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, StCommand::EventUnit { .. }))
    else {
        panic!("no unit offered")
    };
    g.apply(&StCommand::EventUnit { unit }).expect("the pick");
    unit
}

fn region_of(g: &PureGame<Struggle>, u: u16) -> String {
    let s = g.st.units[u as usize].loc.space().expect("on the map");
    let sp = &g.rules.map.spaces[s];
    sp.province
        .map(|p| g.rules.map.provinces[p].name.clone())
        .unwrap_or_default()
}

// ------------------------------------------------------------------ the example of play

#[test]
fn card_5_brigade_kalik_as_the_example() {
    // card 5, example of play FOR2 (May I); rules 6.24, 6.1 (*)
    let mut g = mobilization();
    let kalik = unit(&g, "au-kalik");
    let slw = unit(&g, "pr-swl");
    assert_eq!(g.st.g.vp, 5);
    austria_plays(&mut g, 5);
    assert_eq!(g.st.units[kalik as usize].loc, Loc::Eliminated);
    assert_eq!(
        g.st.units[slw as usize].loc,
        Loc::Space(space(&g, "Altona"))
    );
    let altona = space(&g, "Altona");
    assert_eq!(g.st.g.control[altona], Some(Side::Prussia));
    let holstein = g
        .rules
        .map
        .provinces
        .iter()
        .position(|p| p.name == "Holstein")
        .expect("Holstein");
    assert_eq!(g.st.g.provinces[holstein], Some(Side::Prussia));
    assert_eq!(g.st.g.vp, 4, "+5 Austria to +4 Austria");
    assert!(!g.st.units[unit(&g, "au-1") as usize].reduced, "1st Corps");
    assert!(!g.st.units[unit(&g, "sx-corps") as usize].reduced, "Saxons");
    // 6.1: a * card played as an event is removed
    assert!(g.st.cards.removed.contains(&5));
    assert!(!g.st.cards.discard.contains(&5));
    assert_eq!(g.st.g.to_play, Side::Prussia);
    // and it cannot come again while Kalik is off the map (its requirement)
    give(&mut g, Side::Austria, &[5]);
    pass_round(&mut g);
    let why = refused(event(5), &mut g, "6.24");
    assert!(why.contains("Kalik"), "{why}");
}

#[test]
fn card_3_army_of_the_elbe_as_the_example() {
    // card 3, example of play War turn 1 WOR1: the reduced 4th Corps at Magdeburg
    let mut g = war();
    let magdeburg = space(&g, "Magdeburg");
    let corps = unit(&g, "pr-4");
    assert!(g.st.units[corps as usize].reduced, "may be reduced");
    let ids_before = g
        .rules
        .unit_by_type("pr-id")
        .into_iter()
        .filter(|&u| g.st.units[u as usize].loc == Loc::Space(magdeburg))
        .count();
    prussia_plays(&mut g, 3);
    assert_eq!(g.st.g.step, Step::Event);
    assert!(
        g.legal().contains(&StCommand::EventUnit { unit: corps }),
        "the 4th Corps is offered"
    );
    // an Austrian corps is not
    let au = unit(&g, "au-1");
    refused(StCommand::EventUnit { unit: au }, &mut g, "6.24");
    g.apply(&StCommand::EventUnit { unit: corps })
        .expect("4th Corps");
    let ids: Vec<u16> = g
        .rules
        .unit_by_type("pr-id")
        .into_iter()
        .filter(|&u| g.st.units[u as usize].loc == Loc::Space(magdeburg))
        .collect();
    assert_eq!(ids.len() - ids_before, 3, "three IDs from the Box");
    assert!(ids.iter().all(|&u| !g.st.units[u as usize].reduced));
    assert_eq!(g.st.units[corps as usize].loc, Loc::Eliminated);
    assert!(g.st.cards.removed.contains(&3), "6.1: removed");
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Austria);
}

#[test]
fn card_36_north_german_reserves_flips_the_7th_corps() {
    // card 36, example of play War turn 1 WOR6
    let mut g = war();
    let vii = unit(&g, "pr-7");
    assert!(g.st.units[vii as usize].reduced);
    prussia_plays(&mut g, 36);
    assert!(g.legal().contains(&StCommand::EventUnit { unit: vii }));
    g.apply(&StCommand::EventUnit { unit: vii }).expect("7th");
    assert!(!g.st.units[vii as usize].reduced);
    // one unit only, and no * : to the discard pile
    assert_eq!(g.st.g.step, Step::Round);
    assert!(g.st.cards.discard.contains(&36));
    assert!(!g.st.cards.removed.contains(&36));
}

#[test]
fn card_2_declaration_of_war_as_the_example() {
    // card 2, example of play FOR4 (May II): Au +4 to Au +3, then the DOW's own OPs of
    // mobilization (the example's "2 for the DOW card"); rules 7.22, 6.1
    let mut g = mobilization();
    g.st.g.vp = 4;
    austria_plays(&mut g, 2);
    assert_eq!(g.st.g.vp, 3);
    assert_eq!(g.st.g.step, Step::Mobilize);
    assert_eq!(g.st.g.op.as_ref().map(|o| o.ops), Some(2));
    let wu = g.rules.unit_by_type("wu-id")[0];
    let bv = g
        .rules
        .unit_by_type("bv-id")
        .into_iter()
        .find(|&u| g.st.units[u as usize].reduced && g.st.units[u as usize].loc.space().is_some())
        .expect("a reduced Bv ID");
    g.apply(&StCommand::Mobilize { unit: wu }).expect("Wü ID");
    g.apply(&StCommand::Mobilize { unit: bv }).expect("Bv ID");
    assert!(g.st.cards.removed.contains(&2), "6.1: * removed");
    assert!(g.st.g.dow);
}

// ------------------------------------------------------------------ refusals

#[test]
fn events_refused_with_a_reason() {
    // rules 6.1 (side), 7.21 / 7.32 (phase), 6.25 (responses), the texts' requirements
    let mut g = mobilization();
    // wrong side: Brigade Kalik is Austria's
    give(&mut g, Side::Prussia, &[5, 26, 28]);
    let why = refused(event(5), &mut g, "6.24");
    assert!(why.contains("Prussia may not play"), "{why}");
    // a Response card is not an event of a round
    refused(event(26), &mut g, "6.25");
    // France Intervenes is Austria's; in a Mobilization turn it is refused for its phase
    give(&mut g, Side::Prussia, &[]);
    give(&mut g, Side::Austria, &[28]);
    pass_round(&mut g);
    let why = refused(event(28), &mut g, "7.21");
    assert!(why.contains("War turns only"), "{why}");
    // in war, only with 6 Prussian VPs (designer's notes)
    let mut g = war();
    give(&mut g, Side::Austria, &[28]);
    pass_round(&mut g);
    g.st.g.vp = -5;
    let why = refused(event(28), &mut g, "6.24");
    assert!(why.contains("6 or more VPs"), "{why}");
    // German Allies Insist on Benedek: Mobilization only
    let mut g = war();
    give(&mut g, Side::Prussia, &[24]);
    let why = refused(event(24), &mut g, "7.32");
    assert!(why.contains("Mobilization"), "{why}");
    // Army of the Elbe needs three IDs in the Corps Support Box
    let mut g = war();
    for u in g.rules.unit_by_type("pr-id") {
        if g.st.units[u as usize].loc == Loc::CorpsSupport {
            g.st.units[u as usize].loc = Loc::Reserve;
        }
    }
    give(&mut g, Side::Prussia, &[3]);
    let why = refused(event(3), &mut g, "6.24");
    assert!(why.contains("Corps Support Box"), "{why}");
    // the OPs stay usable (6.1)
    assert!(g.legal().contains(&StCommand::Play {
        card: 3,
        use_: Use::Individual
    }));
}

// ------------------------------------------------------------------ Needle Guns

#[test]
fn card_41_needle_guns_reshuffles_when_played_or_discarded() {
    // card 41, rules 5.10, 6.42: played for OPs
    let mut g = war();
    give(&mut g, Side::Prussia, &[41]);
    g.apply(&StCommand::Play {
        card: 41,
        use_: Use::Individual,
    })
    .expect("for OPs");
    g.apply(&StCommand::Done).expect("done");
    assert!(g.st.g.reshuffle, "played: reshuffle due");
    // discarded at the end of the turn (example: Austria discards it)
    let mut g = war();
    give(&mut g, Side::Austria, &[41]);
    give(&mut g, Side::Prussia, &[]);
    while g.st.g.turn == 1 && g.st.g.step == Step::Round {
        pass_round(&mut g);
    }
    assert_eq!(g.st.g.turn, 2);
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.rule == "5.10" && e.text.contains("reshuffled")),
        "the deck is reshuffled per 5.10"
    );
}

// ------------------------------------------------------------------ the other cards

#[test]
fn card_4_army_of_the_main_replaces_a_corps() {
    // card 4
    let mut g = war();
    let corps = unit(&g, "pr-7");
    prussia_plays(&mut g, 4);
    g.apply(&StCommand::EventUnit { unit: corps }).expect("7th");
    assert_eq!(g.st.units[corps as usize].loc, Loc::Eliminated);
    assert!(g.st.cards.removed.contains(&4));
}

#[test]
fn card_9_last_minute_peace_sends_the_dow_back() {
    // card 9, rule 7.22
    let mut g = mobilization();
    give(&mut g, Side::Austria, &[2]);
    prussia_plays(&mut g, 9);
    assert!(!g.st.cards.hand(Side::Austria).contains(&2));
    assert!(g.st.cards.draw.contains(&2));
    assert_eq!(g.st.cards.hand(Side::Austria).len(), 1, "a replacement");
    assert!(g.st.cards.removed.contains(&9));
    Struggle::check_invariants(&g.rules, &g.st).expect("valid");
}

#[test]
fn card_17_sud_armee_flips_two_in_venetia_or_tyrol() {
    // card 17
    let mut g = mobilization();
    austria_plays(&mut g, 17);
    let a = pick_first_unit(&mut g);
    let b = pick_first_unit(&mut g);
    for u in [a, b] {
        assert!(!g.st.units[u as usize].reduced);
        let r = region_of(&g, u);
        assert!(r == "Venetia" || r == "Tyrol", "{r}");
    }
    assert_eq!(g.st.g.step, Step::Round);
}

#[test]
fn card_19_and_21_form_the_viii_federal_corps() {
    // cards 19, 21
    let mut g = mobilization();
    for ty in ["ns-ib", "hc-ib", "hd-id", "bd-id", "wu-id"] {
        let u = unit(&g, ty);
        g.st.units[u as usize].reduced = false;
    }
    austria_plays(&mut g, 19);
    let hn = unit(&g, "hn-div");
    assert_eq!(
        g.st.units[hn as usize].loc,
        Loc::Space(space(&g, "Wiesbaden"))
    );
    assert_eq!(g.st.units[unit(&g, "ns-ib") as usize].loc, Loc::Reserve);
    assert_eq!(g.st.units[unit(&g, "hc-ib") as usize].loc, Loc::Reserve);
    pass_round(&mut g); // Austria's round done: Prussia plays
    give(&mut g, Side::Austria, &[21]);
    g.apply(&event(21)).expect("VIII Federal Corps");
    let fed = unit(&g, "fed8");
    assert_eq!(
        g.st.units[fed as usize].loc,
        Loc::Space(space(&g, "Wiesbaden"))
    );
    assert_eq!(g.st.units[hn as usize].loc, Loc::Reserve);
    assert!(g.st.cards.removed.contains(&21));
}

#[test]
fn card_23_garibaldi_is_placed() {
    // card 23
    let mut g = mobilization();
    prussia_plays(&mut g, 23);
    let brescia = space(&g, "Brescia");
    g.apply(&StCommand::EventSpace { space: brescia })
        .expect("Brescia");
    assert_eq!(
        g.st.units[unit(&g, "it-gar") as usize].loc,
        Loc::Space(brescia)
    );
    assert_eq!(
        g.st.units[unit(&g, "it-gar-id") as usize].loc,
        Loc::CorpsSupport
    );
}

#[test]
fn card_24_benedek_to_olmutz_and_a_vp() {
    // card 24, example FOR1 (it would have cost Austria a VP)
    let mut g = mobilization();
    prussia_plays(&mut g, 24);
    let b = g.rules.general_by_id("benedek").expect("Benedek");
    assert_eq!(
        g.st.generals[b as usize].loc,
        Loc::Space(space(&g, "Olmütz"))
    );
    assert_eq!(g.st.g.vp, 4);
}

#[test]
fn card_25_bismarck_costs_a_vp_and_flips_two_corps() {
    // card 25
    let mut g = mobilization();
    prussia_plays(&mut g, 25);
    assert_eq!(g.st.g.vp, 6, "Prussia loses 1 VP");
    let a = pick_first_unit(&mut g);
    let b = pick_first_unit(&mut g);
    assert_ne!(a, b);
    assert!(g.rules.echelon(a).is_corps() && !g.st.units[a as usize].reduced);
    assert!(g.rules.echelon(b).is_corps() && !g.st.units[b as usize].reduced);
}

#[test]
fn card_28_france_intervenes() {
    // card 28, rules 16.1, 16.3 (one more card)
    let mut g = war();
    give(&mut g, Side::Austria, &[28]);
    pass_round(&mut g);
    g.st.g.vp = -6;
    g.apply(&event(28)).expect("France");
    assert!(g.st.g.france);
    assert_eq!(g.st.cards.hand(Side::Austria).len(), 1, "draws one card");
    assert!(g.st.cards.removed.contains(&28));
}

#[test]
fn cards_29_30_place_the_reserve_corps() {
    // cards 29, 30
    let mut g = war();
    prussia_plays(&mut g, 29);
    let berlin = space(&g, "Berlin");
    g.apply(&StCommand::EventSpace { space: berlin })
        .expect("Berlin");
    assert_eq!(
        g.st.units[unit(&g, "pr-res1") as usize].loc,
        Loc::Space(berlin)
    );
    pass_round(&mut g);
    give(&mut g, Side::Prussia, &[30]);
    g.apply(&event(30)).expect("II Reserve");
    let dresden = space(&g, "Dresden");
    refused(StCommand::EventSpace { space: dresden }, &mut g, "6.24");
    let magdeburg = space(&g, "Magdeburg");
    g.apply(&StCommand::EventSpace { space: magdeburg })
        .expect("Magdeburg");
    assert_eq!(
        g.st.units[unit(&g, "pr-res2") as usize].loc,
        Loc::Space(magdeburg)
    );
}

#[test]
fn cards_31_33_34_flip_replacements() {
    // card 31 (one), 33 (two Prussian), 34 (two South German)
    let mut g = war();
    prussia_plays(&mut g, 33);
    let a = pick_first_unit(&mut g);
    let b = pick_first_unit(&mut g);
    for u in [a, b] {
        assert!(!g.st.units[u as usize].reduced);
        assert_eq!(g.rules.side(u), Side::Prussia);
    }
    assert_eq!(g.st.g.to_play, Side::Austria);
    give(&mut g, Side::Austria, &[34]);
    g.apply(&event(34)).expect("34");
    let c = pick_first_unit(&mut g);
    let name = g.rules.unit_name(c);
    assert!(!g.st.units[c as usize].reduced, "{name}");
    g.apply(&StCommand::Done).expect("one is enough");
    assert_eq!(g.st.g.to_play, Side::Prussia);
    give(&mut g, Side::Prussia, &[31]);
    g.apply(&event(31)).expect("31");
    pick_first_unit(&mut g);
    assert_eq!(g.st.g.step, Step::Round, "one unit only");
}

#[test]
fn card_32_depots_only_french_or_italian() {
    // card 32
    let mut g = war();
    prussia_plays(&mut g, 32);
    let u = pick_first_unit(&mut g);
    assert_eq!(format!("{:?}", g.rules.ty(u).expect("type").nation), "It");
}

#[test]
fn card_45_lissa_needs_venice() {
    // card 45
    let mut g = war();
    give(&mut g, Side::Austria, &[45]);
    pass_round(&mut g);
    let venice = space(&g, "Venice");
    g.st.g.control[venice] = Some(Side::Prussia);
    refused(event(45), &mut g, "6.24");
    g.st.g.control[venice] = Some(Side::Austria);
    let vp = g.st.g.vp;
    g.apply(&event(45)).expect("Lissa");
    assert_eq!(g.st.g.vp, vp + 1);
}

#[test]
fn card_46_klapka_in_hungary() {
    // card 46
    let mut g = war();
    prussia_plays(&mut g, 46);
    let Some(StCommand::EventSpace { space }) = g.legal().into_iter().find(|c| {
        matches!(c, StCommand::EventSpace { space } if g.rules.map.spaces[*space].province
            .is_some_and(|p| g.rules.map.provinces[p].name == "Hungary"))
    }) else {
        panic!("a space of Hungary is offered")
    };
    g.apply(&StCommand::EventSpace { space }).expect("Hungary");
    assert_eq!(
        g.st.units[unit(&g, "hu-klapka-id") as usize].loc,
        Loc::Space(space)
    );
    assert_eq!(g.st.g.control[space], Some(Side::Prussia));
}

#[test]
fn every_unit_label_of_the_cards_resolves() {
    // the cards file's unit names name counters of the order of battle
    let g = mobilization();
    for k in &g.rules.cards.cards {
        let s = format!("{:?}{:?}", k.effects, k.requires);
        for part in s.split('"').skip(1).step_by(2) {
            let place = g.rules.map.space(part).is_some()
                || g.rules
                    .map
                    .provinces
                    .iter()
                    .any(|p| p.name.starts_with(part))
                || ["Italy", "Lombardy"].contains(&part);
            if !place {
                assert!(
                    events::unit_of(&g.rules, &g.st, part).is_some(),
                    "card {}: '{part}' names no counter",
                    k.id
                );
            }
        }
    }
}

// ------------------------------------------------------------------ issue 13: the other events

fn to_act(g: &PureGame<Struggle>) -> Option<String> {
    Struggle::side_to_act(&g.rules, &g.st)
}

fn log_since(g: &PureGame<Struggle>, n: usize) -> Vec<String> {
    g.log.entries[n..].iter().map(|e| e.text.clone()).collect()
}

fn in_province(g: &PureGame<Struggle>, s: usize, name: &str) -> bool {
    g.rules.map.spaces[s]
        .province
        .is_some_and(|p| g.rules.map.provinces[p].name == name)
}

/// An Austrian-held minor city X next to a Prussian-held space Y (neither French, both
/// cleared): Austria's army (Benedek, 1st Corps) at X, Prussia's (Frederick, 2nd Corps)
/// at Y. Returns (X, Y).
fn armies_face_to_face(g: &mut PureGame<Struggle>) -> (usize, usize) {
    use feldzug::games::struggle::map::{Country, SpaceKind};
    let n = g.rules.map.spaces.len();
    let ok = |s: usize| {
        let sp = &g.rules.map.spaces[s];
        sp.country != Country::France
            && !matches!(sp.kind, SpaceKind::Junction | SpaceKind::OffBoard)
    };
    let (x, y) = (0..n)
        .filter(|&x| {
            ok(x)
                && g.rules.map.spaces[x].kind == SpaceKind::Minor
                && g.st.g.control[x] == Some(Side::Austria)
        })
        .find_map(|x| {
            g.rules
                .map
                .routes_from(x)
                .map(|(_, y)| y)
                .find(|&y| {
                    ok(y)
                        && g.st.g.control[y] == Some(Side::Prussia)
                        && g.rules.map.enter_cost(y, x).is_some_and(|c| c <= 2)
                })
                .map(|y| (x, y))
        })
        .expect("a border");
    let (xn, yn) = (g.rules.space_name(x), g.rules.space_name(y));
    clear(g, &xn);
    clear(g, &yn);
    put(g, "au-1", &xn, false);
    put_general(g, "benedek", &xn);
    put(g, "pr-2", &yn, false);
    put_general(g, "frederick", &yn);
    (x, y)
}

/// Prussia activates Frederick with a 3-OP card (North German Reserves) and enters `to`.
fn frederick_attacks(g: &mut PureGame<Struggle>, to: usize) {
    give(g, Side::Prussia, &[36]);
    let fr = general(g, "frederick");
    g.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate Frederick");
    g.apply(&StCommand::Move { to }).expect("into the enemy");
    assert!(g.st.g.battle.is_some(), "a battle");
}

#[test]
fn card_1_dispatches_compromised_takes_a_card_the_log_does_not_name() {
    // card 1; hidden hands; rule 7.22 for a Declaration of War taken
    use feldzug::engine::game_ecs::{CommandLog, undoable};
    let mut g = mobilization();
    give(&mut g, Side::Austria, &[5, 9, 2]);
    let n = g.log.entries.len();
    let rolls = g.dice.roll_count();
    prussia_plays(&mut g, 1);
    assert_eq!(g.st.g.step, Step::Event);
    assert_eq!(to_act(&g).as_deref(), Some("Prussia"));
    // the taker sees the hand only now, in his own list of choices
    let mut offered: Vec<CardId> = g
        .legal()
        .into_iter()
        .filter_map(|c| match c {
            StCommand::EventCard { card } => Some(card),
            _ => None,
        })
        .collect();
    offered.sort_unstable();
    assert_eq!(offered, vec![2, 5, 9]);
    // and cannot take the card back once he has seen the hand (an undo barrier)
    assert!(
        g.dice.roll_count() > rolls,
        "the showing of the hand is final"
    );
    let undo = |after: usize| {
        undoable(&CommandLog::<Struggle> {
            commands: vec![StCommand::Done, event(1)],
            rolls_after: vec![rolls, after],
            secret_after: vec![false, false],
        })
    };
    assert_eq!(undo(rolls), 1, "(without the barrier it could be undone)");
    assert_eq!(undo(g.dice.roll_count()), 0);
    // a card not in the hand is refused
    refused(StCommand::EventCard { card: 17 }, &mut g, "6.24");
    g.apply(&StCommand::EventCard { card: 5 }).expect("Kalik");
    assert!(g.st.cards.hand(Side::Prussia).contains(&5));
    assert_eq!(g.st.cards.hand(Side::Austria), &vec![9, 2]);
    for e in log_since(&g, n) {
        for t in ["Brigade Kalik", "Last Minute", "Declaration of War"] {
            assert!(!e.contains(t), "the log names a hidden card: {e}");
        }
    }
    assert!(g.st.cards.discard.contains(&1));
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Austria);
    let summary = format!("{:?}", g.summary());
    assert!(!summary.contains("Kalik"), "{summary}");
    // the Declaration of War: before the war only with a round left after this one (a
    // condition on public facts: nothing tells whether the opponent holds the DOW), and a
    // DOW taken must be played
    let mut g = mobilization();
    give(&mut g, Side::Austria, &[9]);
    g.st.g.rounds_left[Side::Prussia.idx()] = 1;
    give(&mut g, Side::Prussia, &[1]);
    let why = refused(event(1), &mut g, "7.22");
    assert!(why.contains("round left"), "{why}");
    let mut g = mobilization();
    give(&mut g, Side::Austria, &[2, 9]);
    g.st.g.rounds_left[Side::Prussia.idx()] = 2;
    prussia_plays(&mut g, 1);
    g.apply(&StCommand::EventCard { card: 2 }).expect("the DOW");
    pass_round(&mut g); // Austria
    assert_eq!(g.st.g.to_play, Side::Prussia);
    refused(
        StCommand::FreeOp {
            use_: Use::Individual,
        },
        &mut g,
        "7.22",
    );
    assert_eq!(g.legal(), vec![event(2)], "7.22: it must be played now");
    // an empty hand: nothing to take, refused
    let mut g = mobilization();
    give(&mut g, Side::Austria, &[]);
    give(&mut g, Side::Prussia, &[1]);
    let why = refused(event(1), &mut g, "6.24");
    assert!(why.contains("no card"), "{why}");
}

#[test]
fn cards_6_7_field_entrenchments_as_an_event() {
    // cards 6, 7 (event: a marker for the turn, +1 to the defender's die as 11.2's response)
    let mut g = war();
    let (x, _) = armies_face_to_face(&mut g);
    pass_round(&mut g);
    give(&mut g, Side::Austria, &[6, 7]);
    g.apply(&event(6)).expect("entrench");
    assert_eq!(g.legal(), vec![StCommand::EventSpace { space: x }]);
    g.apply(&StCommand::EventSpace { space: x }).expect("X");
    assert!(events::entrenched(&g.rules, &g.st, x, Side::Austria));
    // the second card has nowhere left to go: refused
    pass_round(&mut g);
    let why = refused(event(7), &mut g, "6.24");
    assert!(why.contains("entrench"), "{why}");
    give(&mut g, Side::Austria, &[]);
    pass_round(&mut g);
    // Prussia attacks: the defender is entrenched (the odds and the roll use it)
    frederick_attacks(&mut g, x);
    let (_, _, sit) =
        feldzug::games::struggle::flow_battle::battle_inputs(&g.rules, &g.st).expect("a battle");
    assert!(sit.defender_entrenched);
    // the same attack without the event: not entrenched
    let mut h = war();
    let (x, _) = armies_face_to_face(&mut h);
    give(&mut h, Side::Austria, &[]);
    frederick_attacks(&mut h, x);
    let (_, _, sit) =
        feldzug::games::struggle::flow_battle::battle_inputs(&h.rules, &h.st).expect("a battle");
    assert!(!sit.defender_entrenched);
    // the marker holds for the turn only
    g.st.g.turn += 1;
    assert!(!events::entrenched(&g.rules, &g.st, x, Side::Austria));
}

#[test]
fn card_35_reserves_from_inner_austria() {
    // card 35: an IB from the Corps Support Box to a city, or a unit flipped
    let mut g = war();
    give(&mut g, Side::Austria, &[35]);
    pass_round(&mut g);
    let vienna = space(&g, "Vienna");
    let padua = space(&g, "Padua");
    let au2 = unit(&g, "au-2");
    g.apply(&event(35)).expect("35");
    let legal = g.legal();
    assert!(legal.contains(&StCommand::EventSpace { space: vienna }));
    assert!(legal.contains(&StCommand::EventUnit { unit: au2 }));
    // Venetia is not Inner Austria
    refused(StCommand::EventSpace { space: padua }, &mut g, "6.24");
    let in_box = |g: &PureGame<Struggle>| {
        g.rules
            .unit_by_type("au-ib")
            .into_iter()
            .filter(|&u| g.st.units[u as usize].loc == Loc::CorpsSupport)
            .count()
    };
    let before = in_box(&g);
    g.apply(&StCommand::EventSpace { space: vienna })
        .expect("Vienna");
    assert_eq!(in_box(&g), before - 1);
    assert!(
        g.rules
            .unit_by_type("au-ib")
            .into_iter()
            .any(|u| g.st.units[u as usize].loc == Loc::Space(vienna)
                && !g.st.units[u as usize].reduced)
    );
    assert_eq!(g.st.g.step, Step::Round);
    // the other choice: a reduced unit flipped
    let mut g = war();
    give(&mut g, Side::Austria, &[35]);
    pass_round(&mut g);
    g.apply(&event(35)).expect("35");
    g.apply(&StCommand::EventUnit { unit: au2 })
        .expect("2nd Corps");
    assert!(!g.st.units[au2 as usize].reduced);
    // neither possible: refused
    let mut g = war();
    for u in 0..g.st.units.len() {
        if g.rules.side(u as u16) == Side::Austria {
            g.st.units[u].reduced = false;
            if g.st.units[u].loc == Loc::CorpsSupport {
                g.st.units[u].loc = Loc::Reserve;
            }
        }
    }
    give(&mut g, Side::Austria, &[35]);
    pass_round(&mut g);
    refused(event(35), &mut g, "6.24");
}

#[test]
fn card_37_harsh_peace_moves_the_vp_and_prussia_discards() {
    // card 37: only while Prussia leads; Prussia chooses the discard
    let mut g = war();
    g.st.g.vp = -2;
    give(&mut g, Side::Prussia, &[33, 41]);
    give(&mut g, Side::Austria, &[37]);
    pass_round(&mut g);
    g.apply(&event(37)).expect("37");
    assert_eq!(g.st.g.vp, -1, "1 towards Austria");
    assert_eq!(g.st.g.step, Step::Event);
    assert_eq!(to_act(&g).as_deref(), Some("Prussia"), "Prussia chooses");
    let mut offered = g.legal();
    offered.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(
        offered,
        vec![
            StCommand::EventCard { card: 33 },
            StCommand::EventCard { card: 41 }
        ]
    );
    refused(StCommand::EventCard { card: 37 }, &mut g, "6.24");
    g.apply(&StCommand::EventCard { card: 41 })
        .expect("discard");
    assert_eq!(g.st.cards.hand(Side::Prussia), &vec![33]);
    assert!(g.st.cards.discard.contains(&41));
    assert!(g.st.g.reshuffle, "Needle Guns discarded (6.42)");
    assert!(g.st.cards.removed.contains(&37), "*");
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    // refused while Austria leads
    let mut g = war();
    g.st.g.vp = 1;
    give(&mut g, Side::Austria, &[37]);
    pass_round(&mut g);
    let why = refused(event(37), &mut g, "6.24");
    assert!(why.contains("VP"), "{why}");
}

#[test]
fn card_38_general_replaced() {
    // card 38, rule 18.4 (seniority ignored)
    let mut g = war();
    let fr = put_general(&mut g, "frederick", "Berlin");
    let goeben = general(&g, "goeben");
    let cialdini = general(&g, "cialdini");
    prussia_plays(&mut g, 38);
    assert_eq!(g.legal(), vec![StCommand::EventGeneral { general: fr }]);
    g.apply(&StCommand::EventGeneral { general: fr })
        .expect("Frederick");
    assert!(
        g.legal()
            .contains(&StCommand::EventGeneral { general: goeben })
    );
    // an Italian general is not of his nationality
    refused(
        StCommand::EventGeneral { general: cialdini },
        &mut g,
        "6.24",
    );
    g.apply(&StCommand::EventGeneral { general: goeben })
        .expect("Goeben");
    assert_eq!(g.st.generals[fr as usize].loc, Loc::Pool);
    assert_eq!(
        g.st.generals[goeben as usize].loc,
        Loc::Space(space(&g, "Berlin"))
    );
    assert_eq!(g.st.g.step, Step::Round);
    // no general on the map: refused
    let mut g = war();
    give(&mut g, Side::Prussia, &[38]);
    refused(event(38), &mut g, "6.24");
}

#[test]
fn card_39_reluctant_ally_keeps_a_state_at_home() {
    // card 39: the Bavarians stay in Bavaria until the end of the next turn
    let mut g = war();
    let bv = g
        .rules
        .unit_by_type("bv-id")
        .into_iter()
        .find(|&u| g.st.units[u as usize].loc == Loc::Space(space(&g, "Schweinfurt")))
        .expect("the Bv ID at Schweinfurt");
    prussia_plays(&mut g, 39);
    let sx = unit(&g, "sx-corps");
    refused(StCommand::EventUnit { unit: sx }, &mut g, "6.24");
    g.apply(&StCommand::EventUnit { unit: bv })
        .expect("Bavaria");
    assert!(g.st.cards.removed.contains(&39));
    // Austria moves the Bv ID: out of Bavaria refused, inside allowed
    give(&mut g, Side::Austria, &[33]);
    g.apply(&StCommand::Play {
        card: 33,
        use_: Use::Individual,
    })
    .expect("3 OPs");
    g.apply(&StCommand::Declare {
        piece: Piece::Unit(bv),
    })
    .expect("declare");
    g.apply(&StCommand::Begin).expect("begin");
    let here = space(&g, "Schweinfurt");
    let near: Vec<usize> = g.rules.map.routes_from(here).map(|(_, o)| o).collect();
    let out = near
        .iter()
        .copied()
        .find(|&o| !in_province(&g, o, "Bavaria") && !in_province(&g, o, "Palatinate"))
        .expect("a neighbour outside Bavaria");
    let why = refused(StCommand::Move { to: out }, &mut g, "6.24");
    assert!(why.contains("Reluctant Ally"), "{why}");
    let inside = near
        .iter()
        .copied()
        .find(|&o| in_province(&g, o, "Bavaria") && g.legal().contains(&StCommand::Move { to: o }))
        .expect("a neighbour in Bavaria");
    g.apply(&StCommand::Move { to: inside }).expect("inside");
    // after the next turn the restriction is over
    g.st.g.turn += 2;
    assert!(events::check_enter(&g.rules, &g.st, &[Piece::Unit(bv)], out).is_ok());
    // no unit of the four states on the map: refused
    let mut g = war();
    for u in events::reluctant_targets(&g.rules, &g.st) {
        g.st.units[u as usize].loc = Loc::Eliminated;
    }
    give(&mut g, Side::Prussia, &[39]);
    refused(event(39), &mut g, "6.24");
}

#[test]
fn card_40_prussian_general_staff_activates_two_armies() {
    // card 40, rule 6.22: two generals of initiative 3 or less, one after the other
    let mut g = war();
    give(&mut g, Side::Austria, &[]);
    let fr = put_general(&mut g, "frederick", "Berlin");
    let fc = put_general(&mut g, "frederick-charles", "Posen");
    let fk = put_general(&mut g, "falkenstein", "Magdeburg");
    prussia_plays(&mut g, 40);
    let mut offered = g.legal();
    offered.sort_by_key(|c| format!("{c:?}"));
    let mut want = vec![
        StCommand::EventGeneral { general: fr },
        StCommand::EventGeneral { general: fk },
    ];
    want.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(offered, want, "not Frederick Charles (initiative 4)");
    refused(StCommand::EventGeneral { general: fc }, &mut g, "6.24");
    g.apply(&StCommand::EventGeneral { general: fr })
        .expect("Frederick");
    assert_eq!(g.st.g.step, Step::Move);
    let m =
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("army");
    assert!(m.army && m.pieces[0] == Piece::General(fr) && m.pieces.len() > 1);
    g.apply(&StCommand::Done).expect("Frederick stops");
    assert_eq!(g.st.g.step, Step::Event);
    assert_eq!(
        g.legal(),
        vec![StCommand::EventGeneral { general: fk }, StCommand::Done]
    );
    refused(StCommand::EventGeneral { general: fr }, &mut g, "6.24");
    g.apply(&StCommand::EventGeneral { general: fk })
        .expect("Falkenstein");
    assert_eq!(g.st.g.step, Step::Move);
    g.apply(&StCommand::Done).expect("Falkenstein stops");
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Austria);
    assert!(g.st.cards.discard.contains(&40));
    // no general of initiative 3 or less on the map: refused
    let mut g = war();
    put_general(&mut g, "frederick-charles", "Posen");
    give(&mut g, Side::Prussia, &[40]);
    refused(event(40), &mut g, "6.22");
}

#[test]
fn cards_42_43_general_staff_activates_any_general() {
    // cards 42, 43: a 2 card activates a general of initiative 4 (6.22 otherwise refuses)
    let mut g = war();
    give(&mut g, Side::Austria, &[]);
    let fc = put_general(&mut g, "frederick-charles", "Posen");
    give(&mut g, Side::Prussia, &[42]);
    refused(
        StCommand::Play {
            card: 42,
            use_: Use::Activate { general: fc },
        },
        &mut g,
        "6.22",
    );
    g.apply(&event(42)).expect("General Staff");
    assert_eq!(g.legal(), vec![StCommand::EventGeneral { general: fc }]);
    g.apply(&StCommand::EventGeneral { general: fc })
        .expect("Frederick Charles");
    let m =
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("army");
    assert_eq!(m.ma, 6);
    g.apply(&StCommand::Done).expect("stops");
    assert_eq!(g.st.g.step, Step::Round, "one general only");
    // 43 the same; no general on the map: refused
    let mut g = war();
    give(&mut g, Side::Prussia, &[43]);
    refused(event(43), &mut g, "6.22");
}

#[test]
fn card_44_cholera_strikes_a_prussian_force_abroad() {
    // card 44, rule 15.5
    let mut g = war();
    clear(&mut g, "Hanover");
    put(&mut g, "pr-7", "Hanover", false);
    let hanover = space(&g, "Hanover");
    let berlin = space(&g, "Berlin");
    give(&mut g, Side::Austria, &[44]);
    pass_round(&mut g);
    g.apply(&event(44)).expect("Cholera");
    assert!(
        g.legal()
            .contains(&StCommand::EventSpace { space: hanover })
    );
    refused(StCommand::EventSpace { space: berlin }, &mut g, "6.24");
    let rolls = g.dice.roll_count();
    g.apply(&StCommand::EventSpace { space: hanover })
        .expect("Hanover");
    let new: Vec<_> = g.dice.rolls[rolls..]
        .iter()
        .filter(|r| r.rule == "15.5")
        .collect();
    assert_eq!(new.len(), 1, "one attrition roll");
    let r = new[0];
    assert!(r.purpose.contains("Hanover"), "{}", r.purpose);
    // no Prussian force abroad: refused
    let mut g = war();
    for u in 0..g.st.units.len() {
        if let Loc::Space(s) = g.st.units[u].loc
            && g.rules.side(u as u16) == Side::Prussia
            && g.rules.map.spaces[s].country != feldzug::games::struggle::map::Country::Prussia
        {
            g.st.units[u].loc = Loc::Eliminated;
        }
    }
    give(&mut g, Side::Austria, &[44]);
    pass_round(&mut g);
    refused(event(44), &mut g, "6.24");
}

#[test]
fn card_47_hungarian_revolt() {
    // card 47: the Klapka Corps and up to three Prussian PCs in Hungary (14.3)
    let mut g = war();
    let budapest = space(&g, "Budapest");
    prussia_plays(&mut g, 47);
    refused(StCommand::EventSpace { space: budapest }, &mut g, "6.24");
    let Some(StCommand::EventSpace { space: at }) = g.legal().into_iter().next() else {
        panic!("a space of Hungary")
    };
    assert!(in_province(&g, at, "Hungary"));
    g.apply(&StCommand::EventSpace { space: at })
        .expect("the corps");
    let corps = unit(&g, "hu-klapka");
    assert_eq!(g.st.units[corps as usize].loc, Loc::Space(at));
    assert_eq!(g.st.g.control[at], Some(Side::Prussia));
    let pcs: Vec<usize> = g
        .legal()
        .into_iter()
        .filter_map(|c| match c {
            StCommand::EventSpace { space } => Some(space),
            _ => None,
        })
        .collect();
    assert!(!pcs.is_empty());
    assert!(pcs.iter().all(|&s| in_province(&g, s, "Hungary")));
    refused(StCommand::EventSpace { space: budapest }, &mut g, "6.24");
    g.apply(&StCommand::EventSpace { space: pcs[0] })
        .expect("a PC");
    assert_eq!(g.st.g.control[pcs[0]], Some(Side::Prussia));
    if g.st.g.step == Step::Event {
        g.apply(&StCommand::Done).expect("enough");
    }
    assert_eq!(g.st.g.step, Step::Round);
    assert!(g.st.cards.removed.contains(&47));
    // the corps in play already: refused
    let mut g = war();
    let k = unit(&g, "hu-klapka");
    g.st.units[k as usize].loc = Loc::Eliminated;
    give(&mut g, Side::Prussia, &[47]);
    refused(event(47), &mut g, "6.24");
}

#[test]
fn card_48_wing_commander_appointed() {
    // card 48, rule 18.4: any general of the Holding Area, seniority ignored
    let mut g = war();
    let ramming = general(&g, "ramming");
    let prague = space(&g, "Prague");
    let berlin = space(&g, "Berlin");
    give(&mut g, Side::Austria, &[48]);
    pass_round(&mut g);
    g.apply(&event(48)).expect("48");
    let c = StCommand::Appoint {
        general: ramming,
        at: prague,
    };
    assert!(g.legal().contains(&c));
    refused(
        StCommand::Appoint {
            general: ramming,
            at: berlin,
        },
        &mut g,
        "6.24",
    );
    g.apply(&c).expect("Ramming");
    assert_eq!(g.st.generals[ramming as usize].loc, Loc::Space(prague));
    assert_eq!(g.st.g.step, Step::Round);
    // an empty Holding Area: refused
    let mut g = war();
    for x in 0..g.st.generals.len() {
        if g.st.generals[x].loc == Loc::Pool {
            g.st.generals[x].loc = Loc::Eliminated;
        }
    }
    give(&mut g, Side::Austria, &[48]);
    pass_round(&mut g);
    refused(event(48), &mut g, "18.4");
}

#[test]
fn card_54_no_avoid_battle_this_turn() {
    // card 54, rules 10.4: the attacked army may not avoid battle
    let mut g = war();
    let (x, _) = armies_face_to_face(&mut g);
    give(&mut g, Side::Austria, &[]);
    let mut h = g.clone();
    prussia_plays(&mut g, 54);
    pass_round(&mut g); // Austria
    frederick_attacks(&mut g, x);
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Avoid { .. })),
        "no avoid"
    );
    assert!(
        g.log.entries.iter().any(|e| e.rule == "11.2"),
        "the battle is fought"
    );
    // without the card Benedek may try
    frederick_attacks(&mut h, x);
    assert!(
        h.legal()
            .iter()
            .any(|c| matches!(c, StCommand::Avoid { .. }))
    );
    // and next turn the card no longer holds
    g.st.g.turn += 1;
    assert!(!events::no_avoid(&g.st, Side::Austria));
}

// ------------------------------------------------------------------ responses outside battle

#[test]
fn card_16_garbled_orders_answers_an_army_activation() {
    // card 16, rule 6.25: the inactive player is asked right after the activation
    let mut g = war();
    put_general(&mut g, "frederick", "Berlin");
    give(&mut g, Side::Austria, &[16, 13]);
    let mut h = g.clone();
    give(&mut g, Side::Prussia, &[36]);
    let fr = general(&g, "frederick");
    g.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    assert_eq!(g.st.g.step, Step::Event);
    assert_eq!(to_act(&g).as_deref(), Some("Austria"));
    assert_eq!(
        g.legal(),
        vec![StCommand::Respond { card: 16 }, StCommand::Done]
    );
    refused(StCommand::Respond { card: 13 }, &mut g, "6.25");
    let spandau = g
        .rules
        .map
        .routes_from(space(&g, "Berlin"))
        .next()
        .expect("a route")
        .1;
    refused(StCommand::Move { to: spandau }, &mut g, "6.24");
    g.apply(&StCommand::Respond { card: 16 }).expect("Garbled");
    assert_eq!(g.st.g.step, Step::Move);
    assert!(g.st.cards.discard.contains(&16));
    let m =
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("army");
    assert_eq!(m.ma, 3);
    let u = m.pieces[1];
    g.apply(&StCommand::Drop { piece: u }).expect("drop");
    let why = refused(StCommand::PickUp { piece: u }, &mut g, "6.25");
    assert!(why.contains("Garbled"), "{why}");
    // declined: the army moves as usual
    give(&mut h, Side::Prussia, &[36]);
    h.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    h.apply(&StCommand::Done).expect("decline");
    assert_eq!(h.st.g.step, Step::Move);
    assert!(h.st.cards.hand(Side::Austria).contains(&16));
    let m =
        h.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("army");
    assert_eq!(m.ma, 6);
    // hidden hands (audit defect 28): without the card in hand Austria is still asked
    // while it holds any card, with only `Done` to choose
    let mut k = war();
    put_general(&mut k, "frederick", "Berlin");
    give(&mut k, Side::Austria, &[13]);
    give(&mut k, Side::Prussia, &[36]);
    let mut e = k.clone();
    k.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    assert_eq!(k.st.g.step, Step::Event);
    assert_eq!(k.legal(), vec![StCommand::Done]);
    k.apply(&StCommand::Done).expect("decline");
    assert_eq!(k.st.g.step, Step::Move);
    // with an empty hand (hand sizes are public) nobody is asked
    give(&mut e, Side::Austria, &[]);
    e.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    assert_eq!(e.st.g.step, Step::Move);
}

/// A river route between two Prussian-held spaces (neither French, a junction or
/// off-board), both cleared; Frederick's army with the 2nd Corps at the first.
fn army_at_a_river(g: &mut PureGame<Struggle>) -> (usize, usize) {
    use feldzug::games::struggle::map::SpaceKind;
    let ok = |g: &PureGame<Struggle>, s: usize| {
        g.st.g.control[s] == Some(Side::Prussia)
            && matches!(
                g.rules.map.spaces[s].kind,
                SpaceKind::Minor | SpaceKind::Major | SpaceKind::Fortress(_)
            )
    };
    let r = *g
        .rules
        .map
        .routes
        .iter()
        .find(|r| {
            r.river
                && !r.mountain
                && r.kind == feldzug::games::struggle::map::RouteKind::Road
                && ok(g, r.a)
                && ok(g, r.b)
        })
        .expect("a river between Prussian spaces");
    let (an, bn) = (g.rules.space_name(r.a), g.rules.space_name(r.b));
    clear(g, &an);
    clear(g, &bn);
    put(g, "pr-2", &an, false);
    put_general(g, "frederick", &an);
    (r.a, r.b)
}

#[test]
fn card_53_pontoon_train_crosses_rivers_free() {
    // card 53, rules 6.25, 11.45: played with one's own activation, before moving
    let mut g = war();
    give(&mut g, Side::Austria, &[]);
    let (a, b) = army_at_a_river(&mut g);
    let mut h = g.clone();
    give(&mut g, Side::Prussia, &[36, 53]);
    let fr = general(&g, "frederick");
    g.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    assert!(g.legal().contains(&StCommand::Respond { card: 53 }));
    g.apply(&StCommand::Respond { card: 53 }).expect("Pontoon");
    assert!(g.st.cards.discard.contains(&53));
    g.apply(&StCommand::Move { to: b }).expect("across");
    let m =
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("army");
    assert_eq!(m.mp, 1, "no extra MP for the river");
    // without the card the river costs its MP
    give(&mut h, Side::Prussia, &[36]);
    h.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    h.apply(&StCommand::Move { to: b }).expect("across");
    let m =
        h.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("army");
    assert_eq!(m.mp, 2);
    // once the army has moved it is too late
    give(&mut h, Side::Prussia, &[53]);
    refused(StCommand::Respond { card: 53 }, &mut h, "6.25");
    let _ = a;
}

#[test]
fn card_51_siege_train_adds_two_to_the_siege_roll() {
    // card 51, rules 6.25, 13.31, 13.34: before a siege roll of the moving force
    use feldzug::games::struggle::map::{Country, SpaceKind};
    let mut g = war();
    give(&mut g, Side::Austria, &[]);
    let city = (0..g.rules.map.spaces.len())
        .find(|&s| {
            g.rules.map.spaces[s].kind == SpaceKind::Major
                && g.rules.map.spaces[s].country != Country::France
                && g.st.g.control[s] == Some(Side::Austria)
        })
        .expect("an Austrian major city");
    let name = g.rules.space_name(city);
    clear(&mut g, &name);
    put(&mut g, "pr-2", &name, false);
    put(&mut g, "pr-3", &name, false);
    let fr = put_general(&mut g, "frederick", &name);
    // Frederick's army elsewhere has no siege to make: refused
    let mut h = war();
    give(&mut h, Side::Austria, &[]);
    put_general(&mut h, "frederick", "Berlin");
    give(&mut h, Side::Prussia, &[36, 51]);
    h.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    refused(StCommand::Respond { card: 51 }, &mut h, "6.25");
    // in the enemy city
    give(&mut g, Side::Prussia, &[36, 51]);
    g.apply(&StCommand::Play {
        card: 36,
        use_: Use::Activate { general: fr },
    })
    .expect("activate");
    assert!(g.legal().contains(&StCommand::Siege));
    assert!(g.legal().contains(&StCommand::Respond { card: 51 }));
    g.apply(&StCommand::Respond { card: 51 })
        .expect("Siege Train");
    g.apply(&StCommand::Siege).expect("siege");
    let r = g
        .dice
        .rolls
        .iter()
        .rev()
        .find(|r| r.rule == "13.31")
        .expect("the siege roll");
    assert!(
        r.modifiers
            .iter()
            .any(|(why, v)| why.contains("Siege Train") && *v == 2),
        "{:?}",
        r.modifiers
    );
    // for one roll only
    if g.legal().contains(&StCommand::Siege) {
        g.apply(&StCommand::Siege).expect("again");
        let r = g
            .dice
            .rolls
            .iter()
            .rev()
            .find(|r| r.rule == "13.31")
            .expect("roll");
        assert!(
            !r.modifiers
                .iter()
                .any(|(why, _)| why.contains("Siege Train"))
        );
    }
}
