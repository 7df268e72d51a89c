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
