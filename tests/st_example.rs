//! 1866: the rulebook's EXAMPLE OF PLAY (Mobilization turns May I and May II, then War
//! turn 1) replayed as one scripted game from the Mobilization scenario (22.1) through
//! commands: the hands the example names are dealt (`give`), every card is played for the
//! use the example gives it, every move, interception, avoid battle, battle and siege is
//! made as the example says, with the example's own dice. The state is checked at the
//! example's checkpoints (VP marker, positions, full or reduced units, cards removed).
//!
//! Readings where the example is ambiguous are commented where they are made; the data
//! the example forced us to change is listed in docs/games/struggle.md ("Example of play").

use crate::st_common::*;
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::flow_battle::Stage;
use feldzug::games::struggle::state::*;

type G = PureGame<Struggle>;

/// Applies `c`, which must be legal; on a refusal shows the step and the legal list.
fn ok(g: &mut G, c: StCommand) {
    if let Err(r) = g.apply(&c) {
        panic!(
            "{c:?} refused: {r}\n step {:?}, battle {:?}, to play {:?}\n legal: {:?}",
            g.st.g.step,
            stage(g),
            g.st.g.to_play,
            g.legal()
        );
    }
    Struggle::check_invariants(&g.rules, &g.st).expect("invariants");
}

/// The first unit of type `ty` in `at`.
fn unit(g: &G, ty: &str, at: &str) -> u16 {
    units(g, ty, at)
        .first()
        .copied()
        .unwrap_or_else(|| panic!("no {ty} in {at}"))
}

fn units(g: &G, ty: &str, at: &str) -> Vec<u16> {
    let s = space(g, at);
    g.rules
        .unit_by_type(ty)
        .into_iter()
        .filter(|&u| g.st.units[u as usize].loc == Loc::Space(s))
        .collect()
}

fn loc(g: &G, u: u16) -> Loc {
    g.st.units[u as usize].loc
}

fn reduced(g: &G, u: u16) -> bool {
    g.st.units[u as usize].reduced
}

fn gen_loc(g: &G, id: &str) -> Loc {
    g.st.generals[general(g, id) as usize].loc
}

fn at(g: &G, name: &str) -> Loc {
    Loc::Space(space(g, name))
}

fn play(g: &mut G, card: CardId, use_: Use) {
    ok(g, StCommand::Play { card, use_ });
}

fn activate(g: &mut G, card: CardId, who: &str) {
    let general = general(g, who);
    play(g, card, Use::Activate { general });
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move, "{who} activated (6.22)");
}

fn mobilize(g: &mut G, ty: &str, at: &str) {
    let s = space(g, at);
    let u = g
        .rules
        .unit_by_type(ty)
        .into_iter()
        .find(|&u| {
            g.st.units[u as usize]
                == (UnitState {
                    loc: Loc::Space(s),
                    reduced: true,
                })
        })
        .unwrap_or_else(|| panic!("no reduced {ty} in {at}"));
    ok(g, StCommand::Mobilize { unit: u });
    assert!(!reduced(g, u), "{ty} in {at} mobilized (6.21)");
}

fn appoint(g: &mut G, who: &str, at: &str) {
    let general = general(g, who);
    let at = space(g, at);
    ok(g, StCommand::Appoint { general, at });
}

fn mv(g: &mut G, to: &str) {
    let to = space(g, to);
    ok(g, StCommand::Move { to });
}

fn pick(g: &mut G, u: u16) {
    ok(
        g,
        StCommand::PickUp {
            piece: Piece::Unit(u),
        },
    );
}

fn drop_off(g: &mut G, p: Piece) {
    ok(g, StCommand::Drop { piece: p });
}

/// The inactive player declines an interception (10.1) or avoiding battle (10.4).
fn decline(g: &mut G, what: Stage) {
    assert_eq!(stage(g), Some(what));
    ok(g, StCommand::Done);
}

/// The moving force stops (if its movement has not already ended by itself).
fn stop(g: &mut G) {
    if g.st.g.step == Step::Move {
        ok(g, StCommand::Done);
    }
    assert_eq!(g.st.g.step, Step::Round, "the use is over");
}

/// The last die rolled (hand-overs and shuffles, logged as die 0, left out).
fn last_roll(g: &G) -> (u8, i32, String) {
    let r = g
        .dice
        .rolls
        .iter()
        .rev()
        .find(|r| r.die != 0)
        .expect("a roll");
    (r.die, r.total, r.rule.clone())
}

fn province(g: &G, name: &str) -> Option<Side> {
    let p = g.rules.map.province(name).expect("a province");
    g.st.g.provinces[p]
}

fn control(g: &G, name: &str) -> Option<Side> {
    g.st.g.control[space(g, name)]
}

fn destroyed(g: &G, name: &str) -> bool {
    g.st.g.destroyed[space(g, name)]
}

fn besieged(g: &G, name: &str) -> Option<Side> {
    g.st.g.besieged.get(space(g, name)).copied().flatten()
}

/// The VP marker as the example reads it: positive is "+n Austria".
fn vp(g: &G) -> i32 {
    g.st.g.vp
}

// Card numbers of the cards the example names (struggle-cards.ron).
const DISPATCHES: CardId = 1;
const DOW: CardId = 2;
const ARMY_OF_THE_ELBE: CardId = 3;
const KALIK: CardId = 5;
const MOLTKE: CardId = 8;
const PEACE_INITIATIVE: CardId = 9;
const ARTILLERY_RESERVE: CardId = 10;
const SOUND_OF_THE_GUNS: CardId = 12;
const ROUT: CardId = 13;
const DISAFFECTED: CardId = 15;
const GARBLED_ORDERS: CardId = 16;
const SUD_ARMEE: CardId = 17;
const HIDDEN_FORD: CardId = 18;
const KAISERJAGER: CardId = 20;
const FEDERAL_CORPS: CardId = 21;
const BERSAGLIERI: CardId = 22;
const BENEDEK: CardId = 24;
const AUFTRAGSTAKTIK: CardId = 26;
const SCHWARZGELBE: CardId = 27;
const II_RESERVE: CardId = 30;
const INNER_AUSTRIA: CardId = 35;
const NORTH_GERMAN: CardId = 36;
const RELUCTANT_ALLY: CardId = 39;
const NEEDLE_GUNS: CardId = 41;
const CHOLERA: CardId = 44;
const KLAPKA: CardId = 46;
const HUNGARIAN_REVOLT: CardId = 47;
/// The War deck's Sound of the Guns (the example does not say which of the two; #12 was
/// played in May I and both are in the combined deck of War turn 1).
const SOUND_OF_THE_GUNS_WAR: CardId = 52;

/// May I: every card and OP as the example spends them (rules 5.1, 6.21, 7.24, 18.4).
fn may_one(g: &mut G) {
    assert!(!g.st.g.war);
    assert_eq!(g.st.g.turn, 1);
    assert_eq!(vp(g), 5, "4.3: the VP marker starts on 5 Austria");
    // "one 4 card (Artillery Reserve), one 3 card (Disaffected Nationality) and two 2
    // Cards (Sound of the Guns and Kaiserjäger)"; Franz: "one 4 card (Garbled Orders), two
    // 3 cards (German Allies Insist on Benedek* and Schwarzgelbe Brigade) and one 2 Card
    // (Brigade Kalik*)"
    give(
        g,
        Side::Prussia,
        &[
            ARTILLERY_RESERVE,
            DISAFFECTED,
            SOUND_OF_THE_GUNS,
            KAISERJAGER,
        ],
    );
    give(
        g,
        Side::Austria,
        &[GARBLED_ORDERS, BENEDEK, SCHWARZGELBE, KALIK],
    );
    for (c, ops) in [
        (ARTILLERY_RESERVE, 4),
        (DISAFFECTED, 3),
        (SOUND_OF_THE_GUNS, 2),
        (KAISERJAGER, 2),
        (GARBLED_ORDERS, 4),
        (BENEDEK, 3),
        (SCHWARZGELBE, 3),
        (KALIK, 2),
    ] {
        assert_eq!(
            g.rules.card_ops(c),
            ops,
            "card {c}'s OPs as the example gives"
        );
    }
    // WOR1: Kaiserjäger (2) +1 (7.24): Frederick to Münster, Frederick Charles to Berlin,
    // the Berlin CD
    assert_eq!(g.st.g.to_play, Side::Prussia, "5.2: Prussia first");
    play(g, KAISERJAGER, Use::Mobilize);
    appoint(g, "frederick", "Münster");
    appoint(g, "frederick-charles", "Berlin");
    mobilize(g, "pr-cd", "Berlin");
    // FOR1: Benedek* (3) for mobilization: the Hanoverian Corps (2), Benedek to Vicenza
    assert_eq!(g.st.g.to_play, Side::Austria);
    play(g, BENEDEK, Use::Mobilize);
    mobilize(g, "hn-corps", "Hanover");
    appoint(g, "benedek", "Vicenza");
    // WOR2: Sound of the Guns (2) +1: 7th Corps (2), Falkenstein to Magdeburg (1)
    play(g, SOUND_OF_THE_GUNS, Use::Mobilize);
    mobilize(g, "pr-7", "Münster");
    appoint(g, "falkenstein", "Magdeburg");
    // FOR2: Brigade Kalik* as an event: Kalik eliminated, the Slw ID to Altona, Holstein
    // Prussian (+5 to +4 Austria at once: no Victory Check in Mobilization, 5.6), the
    // Austrian 1st Corps and the Saxon Corps flipped; the card leaves the game
    let kalik = unit(g, "au-kalik", "Altona");
    let swl = unit(g, "pr-swl", "Flensburg");
    let au1 = unit(g, "au-1", "Prague");
    let sx = unit(g, "sx-corps", "Dresden");
    play(g, KALIK, Use::Event);
    assert_eq!(loc(g, kalik), Loc::Eliminated);
    assert_eq!(loc(g, swl), at(g, "Altona"));
    assert_eq!(province(g, "Holstein"), Some(Side::Prussia));
    assert_eq!(vp(g), 4, "FOR2: +5 Austria to +4 Austria");
    assert!(!reduced(g, au1) && !reduced(g, sx));
    assert!(g.st.cards.removed.contains(&KALIK));
    // WOR3: Disaffected Nationality (3) +1: the Guard and 2nd Corps at Berlin
    play(g, DISAFFECTED, Use::Mobilize);
    mobilize(g, "pr-gd", "Berlin");
    mobilize(g, "pr-2", "Berlin");
    // FOR3: Schwarzgelbe Brigade (3): Albrecht to Vienna, the 10th Corps there
    play(g, SCHWARZGELBE, Use::Mobilize);
    appoint(g, "albrecht", "Vienna");
    mobilize(g, "au-10", "Vienna");
    // WOR4: Artillery Reserve (4) +1: 3rd Corps at Berlin, 5th Corps and the CD at Posen
    play(g, ARTILLERY_RESERVE, Use::Mobilize);
    mobilize(g, "pr-3", "Berlin");
    mobilize(g, "pr-5", "Posen");
    mobilize(g, "pr-cd", "Posen");
    // FOR4: Garbled Orders (4): Alexander of Hesse-D. first (18.4), to Rastatt; then
    // Arendtschildt to Hanover; the Bd and HD IDs
    play(g, GARBLED_ORDERS, Use::Mobilize);
    appoint(g, "alexander", "Rastatt");
    appoint(g, "arendtschildt", "Hanover");
    mobilize(g, "bd-id", "Karlsruhe");
    mobilize(g, "hd-id", "Darmstadt");
    // End of May I: no Siege, Supply or Victory Check in Mobilization; no DOW: May II
    // (5.7, 5.8). "I mobilized five of my nine corps, some CDs and three leaders."
    assert!(!g.st.g.war);
    assert_eq!(g.st.g.turn, 2, "May II");
    assert_eq!(vp(g), 4);
    let full_corps = [
        "pr-gd", "pr-1", "pr-2", "pr-3", "pr-4", "pr-5", "pr-6", "pr-7", "pr-8",
    ]
    .iter()
    .filter(|t| {
        g.rules
            .unit_by_type(t)
            .iter()
            .any(|&u| matches!(loc(g, u), Loc::Space(_)) && !reduced(g, u))
    })
    .count();
    assert_eq!(full_corps, 5, "five of nine Prussian corps mobilized");
}

/// May II: Willi mobilizes Italians and Prussians, Franz the West and Bohemia, then plays
/// the Declaration of War in his fourth round (6.21, 7.22, 7.23, 7.24).
fn may_two(g: &mut G) {
    // Willi: "one 2 card (Süd Armee Reserve Division), two 3 cards (Hidden Ford,
    // Bersaglieri and Grenadiers) and one 4 card (Rout)": 12 OPs and the 4 of the bonus.
    // Franz: DOW* (0), Prussian Auftragstaktik (3), Moltke (4), 8th Federal Corps* (4):
    // "13 OPs (11 face value and the 2 for the DOW card)".
    give(
        g,
        Side::Prussia,
        &[SUD_ARMEE, HIDDEN_FORD, BERSAGLIERI, ROUT],
    );
    give(
        g,
        Side::Austria,
        &[DOW, AUFTRAGSTAKTIK, MOLTKE, FEDERAL_CORPS],
    );
    for (c, ops) in [
        (SUD_ARMEE, 2),
        (HIDDEN_FORD, 3),
        (BERSAGLIERI, 3),
        (ROUT, 4),
        (DOW, 0),
        (AUFTRAGSTAKTIK, 3),
        (MOLTKE, 4),
        (FEDERAL_CORPS, 4),
    ] {
        assert_eq!(
            g.rules.card_ops(c),
            ops,
            "card {c}'s OPs as the example gives"
        );
    }
    // "I don't have Dispatches Compromised": not in either hand
    assert!(!g.st.cards.hand(Side::Prussia).contains(&DISPATCHES));
    // WOR1: Süd Armee Reserve Division (2) +1 (the Italians get the bonus too): the
    // Italian 4th Corps at Bologna, La Marmora to Turin
    play(g, SUD_ARMEE, Use::Mobilize);
    mobilize(g, "it-4", "Bologna");
    appoint(g, "la-marmora", "Turin");
    // FOR1: Prussian Auftragstaktik (3): the Bv ID at Schweinfurt, the Ns and HC IBs
    play(g, AUFTRAGSTAKTIK, Use::Mobilize);
    mobilize(g, "bv-id", "Schweinfurt");
    mobilize(g, "ns-ib", "Wiesbaden");
    mobilize(g, "hc-ib", "Cassel");
    // WOR2: Hidden Ford (3) +1: the It 3rd Corps at Parma, the CD at Turin, Cialdini to
    // Bologna
    play(g, HIDDEN_FORD, Use::Mobilize);
    mobilize(g, "it-3", "Parma");
    mobilize(g, "it-cd", "Turin");
    appoint(g, "cialdini", "Bologna");
    // FOR2: 8th Federal Corps* (4) for OPs: the 4th Corps at Brünn and the 2nd at Vienna
    play(g, FEDERAL_CORPS, Use::Mobilize);
    mobilize(g, "au-4", "Brünn");
    mobilize(g, "au-2", "Vienna");
    assert!(
        !g.st.cards.removed.contains(&FEDERAL_CORPS),
        "6.1: a * card played for OPs stays in the game"
    );
    // WOR3: Bersaglieri and Grenadiers (3) +1: Pr 8th Corps at Koblenz, It 1st at Turin
    play(g, BERSAGLIERI, Use::Mobilize);
    mobilize(g, "pr-8", "Koblenz");
    mobilize(g, "it-1", "Turin");
    // FOR3: Moltke (4): Au 8th Corps at Olmütz, the Tyrolian ID at Trent, the 1st RCD at
    // Oderberg
    play(g, MOLTKE, Use::Mobilize);
    mobilize(g, "au-8", "Olmütz");
    mobilize(g, "au-tyrol", "Trent");
    mobilize(g, "au-1rcd", "Oderberg");
    // WOR4: Rout (4) +1: It 2nd Corps at Milan, Pr 6th Corps and Bittenfeld at Breslau
    play(g, ROUT, Use::Mobilize);
    mobilize(g, "it-2", "Milan");
    mobilize(g, "pr-6", "Breslau");
    appoint(g, "bittenfeld", "Breslau");
    // FOR4: DOW* (0) as an event: Au +4 to Au +3; its 2 OPs mobilize the Wü ID at
    // Stuttgart and the Bv ID at Bamberg
    play(g, DOW, Use::Event);
    assert_eq!(vp(g), 3, "FOR4: +4 Austria to +3 Austria");
    mobilize(g, "wu-id", "Stuttgart");
    mobilize(g, "bv-id", "Bamberg");
    // "the turn marker is moved to Turn 1 of the War Turn Record Track"
    assert!(g.st.g.war, "7.23: war");
    assert_eq!(g.st.g.turn, 1, "War turn 1 (June 16-22)");
    assert!(g.st.cards.removed.contains(&DOW));
    assert_eq!(vp(g), 3, "Willi: 'I picked up +2VPs' over the two turns");
}

/// War turn 1 (June 16-22): both hands of seven as the example deals them.
fn war_one(g: &mut G) {
    // Willi: Army of the Elbe* (4), Artillery Reserve (4), Sound of the Guns (2), Prussian
    // Auftragstaktik, Reserves from Inner Austria, North German Reserves, Cholera (3 each)
    give(
        g,
        Side::Prussia,
        &[
            ARMY_OF_THE_ELBE,
            ARTILLERY_RESERVE,
            SOUND_OF_THE_GUNS_WAR,
            AUFTRAGSTAKTIK,
            INNER_AUSTRIA,
            NORTH_GERMAN,
            CHOLERA,
        ],
    );
    // Franz: four 4 cards (Last Minute Peace Initiative*, II Reserve Corps*, Reluctant
    // Ally*, Hungarian Revolt*), two 3 cards (Disaffected Nationality, General Klapka
    // Forms Hungarian Legion*) and one 2 card (Needle Guns)
    give(
        g,
        Side::Austria,
        &[
            PEACE_INITIATIVE,
            II_RESERVE,
            RELUCTANT_ALLY,
            HUNGARIAN_REVOLT,
            DISAFFECTED,
            KLAPKA,
            NEEDLE_GUNS,
        ],
    );
    for (c, ops) in [
        (ARMY_OF_THE_ELBE, 4),
        (SOUND_OF_THE_GUNS_WAR, 2),
        (INNER_AUSTRIA, 3),
        (NORTH_GERMAN, 3),
        (CHOLERA, 3),
        (PEACE_INITIATIVE, 4),
        (II_RESERVE, 4),
        (RELUCTANT_ALLY, 4),
        (HUNGARIAN_REVOLT, 4),
        (KLAPKA, 3),
        (NEEDLE_GUNS, 2),
    ] {
        assert_eq!(
            g.rules.card_ops(c),
            ops,
            "card {c}'s OPs as the example gives"
        );
    }
    // "my other general has an initiative rating of 4 and it takes a 4 card to activate
    // a corps": Frederick Charles; Frederick and Falkenstein go with 3 cards
    let init = |g: &G, id: &str| g.rules.generals[general(g, id) as usize].initiative;
    assert_eq!(init(g, "frederick-charles"), 4);
    assert!(init(g, "frederick") <= 3 && init(g, "falkenstein") <= 3);

    // WOR1: Army of the Elbe* as an event: the 4th Corps at Magdeburg replaced by three
    // IDs of the Corps Support Box, the corps eliminated, the card removed
    let iv = unit(g, "pr-4", "Magdeburg");
    assert!(reduced(g, iv), "the 4th Corps was never mobilized");
    play(g, ARMY_OF_THE_ELBE, Use::Event);
    ok(g, StCommand::EventUnit { unit: iv });
    assert!(matches!(loc(g, iv), Loc::Eliminated | Loc::Permanent));
    let ids = units(g, "pr-id", "Magdeburg");
    assert_eq!(ids.len(), 3);
    assert!(ids.iter().all(|&u| !reduced(g, u)));
    assert!(g.st.cards.removed.contains(&ARMY_OF_THE_ELBE));

    // FOR1: Hungarian Revolt* for OPs: Benedek and the 9th Corps to Padua (the 7th), back
    // to Vicenza, Quadrilateral North (the 5th), Custoza: 4 MPs, all by rail (9.6)
    let (v, vii, ix) = (
        unit(g, "au-5", "Quadrilateral North"),
        unit(g, "au-7", "Padua"),
        unit(g, "au-9", "Vicenza"),
    );
    activate(g, HUNGARIAN_REVOLT, "benedek");
    mv(g, "Padua");
    pick(g, vii);
    mv(g, "Vicenza");
    mv(g, "Quadrilateral North");
    pick(g, v);
    mv(g, "Custoza");
    // "a total of 4MPs expended": the 3 MPs of the rail block (9.61) and 1 of the MA
    let m =
        g.st.g
            .op
            .as_ref()
            .and_then(|o| o.mover.clone())
            .expect("moving");
    assert_eq!((m.rail, m.mp), (Some(0), 1), "a total of 4MPs expended");
    stop(g);
    assert!(
        !g.st.cards.removed.contains(&HUNGARIAN_REVOLT),
        "played for OPs"
    );
    for u in [v, vii, ix] {
        assert_eq!(loc(g, u), at(g, "Custoza"));
    }
    assert_eq!(gen_loc(g, "benedek"), at(g, "Custoza"));

    // WOR2: Cholera for OPs: Frederick and the 7th Corps from Münster to Emden and
    // Osnabrück (Prussian PCs) and Minden. Arendtschildt (initiative 3) could intercept at
    // Minden on a 4-6 (10.2), "a 50% chance", and declines. (He could also have tried at
    // Osnabrück, which Hanover joins by road; the example is silent there: he declines.)
    let pr7 = unit(g, "pr-7", "Münster");
    activate(g, CHOLERA, "frederick");
    mv(g, "Emden");
    assert_eq!(control(g, "Emden"), Some(Side::Prussia));
    mv(g, "Osnabrück");
    if stage(g) == Some(Stage::Intercept) {
        decline(g, Stage::Intercept);
    }
    assert_eq!(control(g, "Osnabrück"), Some(Side::Prussia));
    mv(g, "Minden");
    assert_eq!(stage(g), Some(Stage::Intercept));
    let arendt = general(g, "arendtschildt");
    assert_eq!(
        feldzug::games::struggle::flow_battle::intercept_chance_in_6(&g.rules, &g.st, arendt),
        3,
        "a 50% chance (4-6)"
    );
    decline(g, Stage::Intercept);
    stop(g);
    assert_eq!(loc(g, pr7), at(g, "Minden"));
    assert_eq!(gen_loc(g, "frederick"), at(g, "Minden"));

    // FOR2: Reluctant Ally* for OPs: Benedek with the 5th, 7th and 9th Corps by rail from
    // Custoza through Vicenza, Padua and Rovigo (the 3 bonus MPs of 9.61, spent in
    // Venetia), over the Po to Ferrara (+1 MP), where Cialdini may intercept and declines;
    // the 5th Corps masks Ferrara (13.41) and the army enters Bologna, its 6th MP.
    // Cialdini avoids battle to Florence on a 4 (above his initiative 3, 10.4) and
    // Bologna is besieged. (The example's "Cialdini and his 6th Corps" is the Italian
    // corps at Bologna, our 4th Corps: Italy has five corps and no 6th.)
    activate(g, RELUCTANT_ALLY, "benedek");
    for s in ["Vicenza", "Padua", "Rovigo", "Ferrara"] {
        mv(g, s);
    }
    let cialdini = general(g, "cialdini");
    assert_eq!(stage(g), Some(Stage::Intercept), "Cialdini may intercept");
    decline(g, Stage::Intercept);
    drop_off(g, Piece::Unit(v));
    let it4 = unit(g, "it-4", "Bologna");
    g.dice.script([4]);
    mv(g, "Bologna");
    assert_eq!(stage(g), Some(Stage::Avoid));
    let florence = space(g, "Florence");
    ok(
        g,
        StCommand::Avoid {
            to: florence,
            unit: None,
        },
    );
    assert_eq!(last_roll(g).0, 4);
    assert_eq!(gen_loc(g, "cialdini"), Loc::Space(florence));
    assert_eq!(loc(g, it4), Loc::Space(florence));
    let _ = cialdini;
    stop(g);
    assert_eq!(loc(g, v), at(g, "Ferrara"));
    assert_eq!(
        besieged(g, "Ferrara"),
        Some(Side::Austria),
        "Ferrara masked"
    );
    for u in [vii, ix] {
        assert_eq!(loc(g, u), at(g, "Bologna"));
    }
    assert_eq!(besieged(g, "Bologna"), Some(Side::Austria));

    // WOR3: Reserves from Inner Austria for OPs: Falckenstein and his three IDs to
    // Braunschweig (Arendtschildt's interception fails on a 3), then Hanover; Frederick's
    // army at Minden supports on a 4 (11.42); 11 SPs on the 8-14 column against the
    // Hanoverians' 4-7; Arendtschildt +1, Auftragstaktik +1; dice 5 (6: 5 CF) and 3 (4:
    // 3 CF). Replayed with the data the example forced (Falkenstein offensive 0, the
    // support roll's base, docs/games/struggle-battles.md).
    let hn = unit(g, "hn-corps", "Hanover");
    activate(g, INNER_AUSTRIA, "falkenstein");
    g.dice.script([3]);
    mv(g, "Braunschweig");
    assert_eq!(stage(g), Some(Stage::Intercept));
    ok(g, StCommand::Intercept { general: arendt });
    assert_eq!(last_roll(g).0, 3);
    assert_eq!(loc(g, hn), at(g, "Hanover"), "3 just misses the intercept");
    g.dice.script([4]);
    mv(g, "Hanover");
    // 10.8: Arendtschildt declares no avoid battle before the support die
    decline(g, Stage::Intercept);
    battle_begins(g);
    assert_eq!(stage(g), Some(Stage::Support));
    let fred = general(g, "frederick");
    ok(g, StCommand::Support { general: fred });
    assert_eq!(last_roll(g).0, 4);
    decline(g, Stage::Avoid);
    assert_eq!(stage(g), Some(Stage::Respond(Side::Prussia)));
    let plan =
        feldzug::games::struggle::flow_battle::battle_preview(&g.rules, &g.st).expect("a preview");
    assert_eq!(plan.sp, [11, 5], "the SPs of both armies (11 SPs)");
    assert_eq!(plan.column_label[0], "8-14");
    assert_eq!(plan.column_label[1], "4-7");
    g.dice.script([5, 3]);
    ok(
        g,
        StCommand::Respond {
            card: AUFTRAGSTAKTIK,
        },
    );
    // Prussia plays nothing more (defect 28: a side holding cards is asked until Done)
    // (pinned: each side is asked exactly when its hand is not empty, 6.25, 11.2 note)
    let asked = |g: &PureGame<Struggle>, side: Side| {
        let pause = stage(g) == Some(Stage::Respond(side));
        assert_eq!(
            pause,
            !g.st.cards.hands[side.idx()].is_empty(),
            "{side:?} asked"
        );
        pause
    };
    if asked(g, Side::Prussia) {
        ok(g, StCommand::Done);
    }
    if asked(g, Side::Austria) {
        // "the defender has no pertinent cards so he declines"
        ok(g, StCommand::Done);
    }
    let rolls: Vec<_> = g.dice.rolls.iter().filter(|r| r.die != 0).collect();
    let (ra, rd) = (rolls[rolls.len() - 2], rolls[rolls.len() - 1]);
    assert_eq!(
        (ra.die, ra.total, rd.die, rd.total),
        (5, 6, 3, 4),
        "I roll a 5, modified to 6 ... the defender rolls a 3, modified to 4"
    );
    assert!(
        reduced(g, pr7),
        "flip 7th Corps: the only way to meet the 3CF loss"
    );
    for &u in &ids {
        assert!(!reduced(g, u));
    }
    assert_eq!(loc(g, hn), Loc::Eliminated);
    let hildesheim = space(g, "Hildesheim");
    // 14.4: Hildesheim is the one friendly retreat space, so the retreat may be automatic
    if stage(g) == Some(Stage::Retreat) {
        let hn_ib = unit(g, "hn-ib", "Hanover");
        assert!(reduced(g, hn_ib));
        ok(g, StCommand::Retreat { to: hildesheim });
    }
    let hn_ib = unit(g, "hn-ib", "Hildesheim");
    assert!(
        reduced(g, hn_ib),
        "the Hn IB replaces the corps and is flipped"
    );
    assert_eq!(stage(g), Some(Stage::Advance));
    ok(g, StCommand::Advance { general: fred });
    assert_eq!(
        g.st.g.step,
        Step::Round,
        "no impetus, no pursuit from a major city"
    );
    assert_eq!(loc(g, hn_ib), Loc::Space(hildesheim));
    assert_eq!(gen_loc(g, "arendtschildt"), Loc::Space(hildesheim));
    assert_eq!(loc(g, pr7), at(g, "Hanover"));
    assert_eq!(gen_loc(g, "frederick"), at(g, "Hanover"));
    assert_eq!(gen_loc(g, "falkenstein"), at(g, "Hanover"));
    assert_eq!(
        besieged(g, "Hanover"),
        Some(Side::Prussia),
        "a besieged marker"
    );
    assert_eq!(
        vp(g),
        2,
        "+1VP for winning a battle against a corps: +2 Austria"
    );

    // FOR3: II Reserve Corps* for OPs: Alexander of Hesse-D. with the Au IB from Rastatt
    // by rail: Stuttgart (the Wü ID), Karlsruhe (the Bd ID), Darmstadt (drops the Au IB,
    // takes the HD ID), Frankfurt, Wiesbaden (drops the Bd and Wü IDs, takes the IB there),
    // back to Frankfurt, then Giessen and Marburg to Cassel: 9 MPs (6 + 3, 9.61, 18.5); 18.3
    // (seniority 3) never more than three units. The example says he "picks up the HC IB"
    // at Wiesbaden; the IB there is the Nassau one (the HC IB is in Cassel, May II), and
    // his army at Cassel is "the HD ID and the Ns and HC IBs": we pick up the Ns IB.
    let au_ib = unit(g, "au-ib", "Rastatt");
    let wu = unit(g, "wu-id", "Stuttgart");
    let bd = unit(g, "bd-id", "Karlsruhe");
    let hd = unit(g, "hd-id", "Darmstadt");
    let ns = unit(g, "ns-ib", "Wiesbaden");
    let hc = unit(g, "hc-ib", "Cassel");
    activate(g, II_RESERVE, "alexander");
    mv(g, "Stuttgart");
    pick(g, wu);
    mv(g, "Karlsruhe");
    pick(g, bd);
    mv(g, "Darmstadt");
    drop_off(g, Piece::Unit(au_ib));
    pick(g, hd);
    mv(g, "Frankfurt");
    mv(g, "Wiesbaden");
    drop_off(g, Piece::Unit(bd));
    drop_off(g, Piece::Unit(wu));
    pick(g, ns);
    for s in ["Frankfurt", "Giessen", "Marburg", "Cassel"] {
        mv(g, s);
    }
    stop(g);
    assert_eq!(gen_loc(g, "alexander"), at(g, "Cassel"));
    for u in [hd, ns, hc] {
        assert_eq!(loc(g, u), at(g, "Cassel"));
    }
    assert_eq!(loc(g, au_ib), at(g, "Darmstadt"));
    assert_eq!(loc(g, bd), at(g, "Wiesbaden"));
    assert_eq!(loc(g, wu), at(g, "Wiesbaden"));

    // WOR4: Artillery Reserve for OPs: Frederick takes the three IDs to Hildesheim,
    // leaving the 7th Corps to besiege Hanover (13.41) (and Falkenstein with it);
    // Arendtschildt avoids battle to Göttingen on a 4; Hildesheim becomes Prussian;
    // through the junction (2 MPs, 9.62) to Göttingen: Hesse-D. does not intercept,
    // Arendtschildt avoids again on a 5, to Cassel; Göttingen becomes Prussian and the
    // IDs have reached their MA.
    activate(g, ARTILLERY_RESERVE, "frederick");
    drop_off(g, Piece::Unit(pr7));
    let falk = general(g, "falkenstein");
    drop_off(g, Piece::General(falk));
    g.dice.script([4]);
    mv(g, "Hildesheim");
    // 11.4: Falkenstein's army left in Hanover is adjacent and could support; the example
    // does not roll for it: Willi declines. 10.8: Arendtschildt declares the avoid battle
    // first (before any support die); it is rolled once Willi has declined
    assert_eq!(stage(g), Some(Stage::Intercept));
    let gottingen = space(g, "Göttingen");
    ok(
        g,
        StCommand::Avoid {
            to: gottingen,
            unit: None,
        },
    );
    battle_begins(g);
    decline(g, Stage::Support);
    assert_eq!(last_roll(g).0, 4);
    assert_eq!(loc(g, hn_ib), Loc::Space(gottingen));
    assert_eq!(control(g, "Hildesheim"), Some(Side::Prussia));
    mv(g, "Railroad Junction");
    if stage(g) == Some(Stage::Intercept) {
        // Arendtschildt, now at Göttingen, is asked about the junction too; he declines
        decline(g, Stage::Intercept);
    }
    mv(g, "Göttingen");
    // "Hesse-D elects not to try to intercept"
    decline(g, Stage::Intercept);
    g.dice.script([5]);
    assert_eq!(stage(g), Some(Stage::Avoid));
    let cassel = space(g, "Cassel");
    ok(
        g,
        StCommand::Avoid {
            to: cassel,
            unit: None,
        },
    );
    assert_eq!(last_roll(g).0, 5);
    assert_eq!(loc(g, hn_ib), Loc::Space(cassel));
    assert_eq!(gen_loc(g, "arendtschildt"), Loc::Space(cassel));
    assert_eq!(control(g, "Göttingen"), Some(Side::Prussia));
    // the IDs may go no further (MA 3): only Frederick alone could
    for &u in &ids {
        assert_eq!(loc(g, u), Loc::Space(gottingen));
    }
    stop(g);
    assert_eq!(gen_loc(g, "frederick"), Loc::Space(gottingen));
    assert_eq!(loc(g, pr7), at(g, "Hanover"));

    // FOR4: Last Minute Peace Initiative* for OPs: Benedek besieges Bologna (13.33, 2
    // MPs): a 4, -1 for the major city's value 1 (13.32), makes 3: reduced, an Austrian
    // PC, +3 Austria; with the last MP the 9th Corps goes back to Ferrara (with Benedek,
    // who may intercept into Bologna from there), the 7th stays on Bologna.
    activate(g, PEACE_INITIATIVE, "benedek");
    g.dice.script([4]);
    ok(g, StCommand::Siege);
    let (die, total, _) = last_roll(g);
    assert_eq!((die, total), (4, 3));
    assert!(destroyed(g, "Bologna"));
    assert_eq!(control(g, "Bologna"), Some(Side::Austria));
    assert_eq!(vp(g), 3, "move the VP to +3 Austria");
    drop_off(g, Piece::Unit(vii));
    mv(g, "Ferrara");
    stop(g);
    assert_eq!(loc(g, vii), at(g, "Bologna"));
    assert_eq!(loc(g, ix), at(g, "Ferrara"));
    assert_eq!(gen_loc(g, "benedek"), at(g, "Ferrara"));
    assert!(
        !g.st.cards.removed.contains(&PEACE_INITIATIVE),
        "played for OPs"
    );

    // WOR5: Sound of the Guns (2) for individual activations (6.23, 1 OP a CD): the CD at
    // Danzig to Berlin, the CD at Berlin to Göttingen, both within their MA
    let cd_danzig = unit(g, "pr-cd", "Danzig");
    assert!(
        reduced(g, cd_danzig),
        "even reduced CDs provide the interception DRM"
    );
    let cd_berlin = unit(g, "pr-cd", "Berlin");
    play(g, SOUND_OF_THE_GUNS_WAR, Use::Individual);
    ok(
        g,
        StCommand::Declare {
            piece: Piece::Unit(cd_danzig),
        },
    );
    ok(
        g,
        StCommand::Declare {
            piece: Piece::Unit(cd_berlin),
        },
    );
    if g.st.g.step == Step::Declare {
        ok(g, StCommand::Begin);
    }
    for s in ["Köslin", "Stettin", "Berlin"] {
        mv(g, s);
    }
    ok(g, StCommand::Done);
    for s in [
        "Magdeburg",
        "Braunschweig",
        "Railroad Junction",
        "Göttingen",
    ] {
        mv(g, s);
    }
    stop(g);
    assert_eq!(loc(g, cd_danzig), at(g, "Berlin"));
    assert_eq!(loc(g, cd_berlin), at(g, "Göttingen"));
    // "I am saving my remaining card (a 3 card)"
    assert_eq!(g.st.cards.hand(Side::Prussia), &vec![NORTH_GERMAN]);

    // FOR5: General Klapka Forms Hungarian Legion* for OPs: Albrecht (initiative 2) with
    // the 2nd and 10th Corps by rail from Vienna, the 4th Corps picked up at Brünn,
    // through Königgrätz to Prague
    let (au2, au10) = (unit(g, "au-2", "Vienna"), unit(g, "au-10", "Vienna"));
    let au4 = unit(g, "au-4", "Brünn");
    activate(g, KLAPKA, "albrecht");
    mv(g, "Lundenburg");
    mv(g, "Brünn");
    pick(g, au4);
    for s in ["Zwittau", "Königgrätz", "Prague"] {
        mv(g, s);
    }
    stop(g);
    for u in [au2, au10, au4] {
        assert_eq!(loc(g, u), at(g, "Prague"));
    }
    assert_eq!(gen_loc(g, "albrecht"), at(g, "Prague"));

    // WOR6: North German Reserves as an event: the 7th Corps back to full strength
    play(g, NORTH_GERMAN, Use::Event);
    if g.st.g.step == Step::Event {
        ok(g, StCommand::EventUnit { unit: pr7 });
    }
    assert!(!reduced(g, pr7));

    // FOR6: Disaffected Nationality for OPs: Albert (initiative 2) and the Saxon Corps
    // from Dresden join Albrecht at Prague
    // The Siege Phase follows this last round: its dice are scripted here (Prussia rolls
    // first, 13.7: Hanover 4, then Austria: Ferrara 6).
    activate(g, DISAFFECTED, "albert");
    mv(g, "Theresienstadt");
    mv(g, "Prague");
    g.dice.script([4, 6]);
    if g.st.g.step == Step::Move {
        ok(g, StCommand::Done);
    }
    // 13.7: each besieger holding a card is asked before its free attempt (hidden hands:
    // whether or not it holds a Siege Train, card 51); both make theirs, as the example
    attempt_sieges(g);
    assert_eq!(g.st.g.step, Step::Round, "the use is over");
    assert_eq!(loc(g, sx_corps(g)), at(g, "Prague"));
    assert_eq!(gen_loc(g, "albert"), at(g, "Prague"));
}

fn sx_corps(g: &G) -> u16 {
    g.rules.unit_by_type("sx-corps")[0]
}

/// The end of War turn 1: the Siege Phase (Hanover by Prussia: 4 - 1 = 3, reduced, +1
/// VP; Ferrara by Austria: 6 - 2 = 4, reduced), the Supply Check (Hanover's spaces
/// Prussian), the discard (Needle Guns: a reshuffle), the Victory Check (the province of
/// Hanover: +1 Austria), War turn 2.
fn end_of_war_one(g: &G) {
    let sieges: Vec<_> = g.dice.rolls.iter().filter(|r| r.rule == "13.31").collect();
    let n = sieges.len();
    assert!(n >= 2);
    let (h, f) = (sieges[n - 2], sieges[n - 1]);
    assert!(h.purpose.contains("Hanover") && f.purpose.contains("Ferrara"));
    assert_eq!((h.die, h.total), (4, 3), "a 4, reduced to 3");
    assert_eq!((f.die, f.total), (6, 4), "a 6, reduced to 4");
    assert!(destroyed(g, "Hanover") && destroyed(g, "Ferrara"));
    assert_eq!(control(g, "Hanover"), Some(Side::Prussia));
    assert_eq!(control(g, "Ferrara"), Some(Side::Austria));
    // 5.4: the spaces of Hanover no Austrian holds are Prussian; 5.6: so is the province
    for s in ["Emden", "Osnabrück", "Hanover", "Hildesheim", "Göttingen"] {
        assert_eq!(control(g, s), Some(Side::Prussia), "{s}");
    }
    assert_eq!(province(g, "Hanover"), Some(Side::Prussia));
    assert_eq!(
        vp(g),
        1,
        "Prussia now controls Hanover – VPs moved to +1 (Austria)"
    );
    // 5.5: Austria discards Needle Guns, which calls for the reshuffle (5.10)
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("Austria discards Needle Guns")),
        "Needle Guns discarded"
    );
    assert!(!g.st.cards.removed.contains(&NEEDLE_GUNS));
    assert!(
        g.st.cards.discard.is_empty(),
        "5.10: the deck is reshuffled"
    );
    // "the Turn Marker is moved to War Turn 2"
    assert!(g.st.g.war);
    assert_eq!(g.st.g.turn, 2);
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    for side in [Side::Prussia, Side::Austria] {
        assert_eq!(g.st.cards.hand(side).len(), 7, "5.1: seven cards each");
    }
    // cards the example removed for good: Kalik, the DOW, Army of the Elbe
    for c in [KALIK, DOW, ARMY_OF_THE_ELBE] {
        assert!(g.st.cards.removed.contains(&c), "card {c} removed");
    }
}

#[test]
fn the_example_of_play_replayed() {
    let mut g = mobilization();
    may_one(&mut g);
    may_two(&mut g);
    war_one(&mut g);
    end_of_war_one(&g);
}
