//! Great Saxon War 1756: the fixes of the sixth (final) fresh-eyes audit (AUDIT14f,
//! docs/games/saxonwar-audit6.md), driven by commands. Each test cites the article's
//! section by the ids of docs/games/saxonwar.md and would fail if the rule were broken.

use crate::sx_core::{area, deployed, empty_map, leader, ok, place, put, refused};
use feldzug::engine::game::PureGame;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::rules;
use feldzug::games::saxonwar::state::*;

#[test]
fn an_attack_on_the_fortress_does_not_let_the_force_march_past_an_enemy_field_army() {
    // rule move.overwhelm ("only 1 such attack per area entered. Either against a field
    // force or a fortress"; "otherwise nothing happens and the moving force may continue
    // moving" follows the attack on a field force), move.overwhelm-fortress: Frederick
    // with 8 SP rolls 3 + SIV 4 = 7 (two areas) and enters Dresden, where 10 Saxon SP
    // stand in the field and 2 in the fortress; he attacks the fortress (8 against 2 is
    // 4-1), fails (5) or takes it (6), and is still stopped by the field army
    for die in [5u8, 6] {
        let mut g = deployed();
        empty_map(&mut g);
        let (torgau, dresden, pirna) = (area(&g, "torgau"), area(&g, "dresden"), area(&g, "pirna"));
        let fred = place(&mut g, "frederick", LLoc::Field(torgau));
        put(&mut g, Power::Prussia, torgau, 8, 0);
        put(&mut g, Power::Saxony, dresden, 10, 2);
        ok(&mut g, SxCommand::Select { leader: fred });
        g.dice.script([3]);
        ok(&mut g, SxCommand::March);
        ok(&mut g, SxCommand::Enter { area: dresden });
        // stopped by the field army, with one area of the roll left
        let r = refused(&mut g, SxCommand::Enter { area: pirna });
        assert_eq!(r.rule, "move.overwhelm");
        let legal = g.legal();
        assert!(legal.contains(&SxCommand::Overwhelm { fortress: true }));
        assert!(!legal.contains(&SxCommand::Overwhelm { fortress: false }));
        g.dice.script([die]);
        ok(&mut g, SxCommand::Overwhelm { fortress: true });
        let x = &g.st.areas[dresden as usize];
        assert_eq!(x.field[Power::Saxony.idx()], 10, "die {die}");
        assert_eq!(
            x.garrison[Power::Saxony.idx()],
            if die == 6 { 0 } else { 2 },
            "die {die}"
        );
        // the enemy field army is still here: no marching on
        let r = refused(&mut g, SxCommand::Enter { area: pirna });
        assert_eq!(r.rule, "move.overwhelm", "die {die}: {r}");
        assert!(
            !g.legal()
                .iter()
                .any(|c| matches!(c, SxCommand::Enter { .. })),
            "die {die}"
        );
        ok(&mut g, SxCommand::Halt);
        assert_eq!(g.st.leaders[fred as usize].loc, LLoc::Field(dresden));
    }
    // without a field army the same fortress attack leaves the force free to go on
    let mut g = deployed();
    empty_map(&mut g);
    let (torgau, dresden, pirna) = (area(&g, "torgau"), area(&g, "dresden"), area(&g, "pirna"));
    let fred = place(&mut g, "frederick", LLoc::Field(torgau));
    put(&mut g, Power::Prussia, torgau, 8, 0);
    put(&mut g, Power::Saxony, dresden, 0, 2);
    ok(&mut g, SxCommand::Select { leader: fred });
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: dresden });
    g.dice.script([5]);
    ok(&mut g, SxCommand::Overwhelm { fortress: true });
    ok(&mut g, SxCommand::Enter { area: pirna });
    assert_eq!(g.st.leaders[fred as usize].loc, LLoc::Field(pirna));
}

/// Prussia's siege phase at Wittenberg in 1756: a Saxon garrison of 3 SP with Rutowsky
/// (SIV 0) inside, Keith with 6 SP and a completed siege depot outside; Dresden and
/// Königstein already in Prussian hands, Torgau's Saxon garrison besieged (so Saxony
/// has not surrendered, grand.surrender, and Torgau is no refuge).
pub(crate) fn siege_of_wittenberg() -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let wittenberg = area(&g, "wittenberg");
    put(&mut g, Power::Saxony, wittenberg, 0, 3);
    place(&mut g, "rutowsky", LLoc::Garrison(wittenberg));
    put(&mut g, Power::Prussia, wittenberg, 6, 0);
    place(&mut g, "keith", LLoc::Field(wittenberg));
    g.st.areas[wittenberg as usize].depot = Some(Depot {
        owner: Side::Prussia,
        complete: true,
        siege: true,
    });
    for id in ["dresden", "pirna"] {
        let a = area(&g, id);
        put(&mut g, Power::Prussia, a, 0, 1);
    }
    let torgau = area(&g, "torgau");
    put(&mut g, Power::Saxony, torgau, 0, 1);
    put(&mut g, Power::Prussia, torgau, 2, 0);
    g.st.areas[torgau as usize].depot = Some(Depot {
        owner: Side::Prussia,
        complete: true,
        siege: true,
    });
    assert_eq!(
        rules::besieger(&g.rules, &g.st, torgau),
        Some(Side::Prussia)
    );
    g.st.g.step = Step::Siege;
    g.st.g.sieges_tried.clear();
    (g, wittenberg)
}

#[test]
fn a_garrison_granted_the_honors_of_war_marches_only_where_its_power_may_go() {
    // rule siege.honors (the lost item 1, RECONSTRUCTED: to the nearest unbesieged
    // friendly fortress) with grand.start ("only these countries may be entered"): in
    // 1756 Sweden and the Empire are closed, so Stralsund (two areas off, by Berlin)
    // and Erfurt are no refuge for the Saxons of Wittenberg; they go to the nearest
    // friendly fortress of an open country instead
    let (mut g, wittenberg) = siege_of_wittenberg();
    let (stralsund, erfurt) = (area(&g, "stralsund"), area(&g, "erfurt"));
    assert!(!g.st.g.opened);
    for closed in [stralsund, erfurt] {
        assert_eq!(g.st.areas[closed as usize].holder, Some(Side::Austria));
        assert!(rules::may_enter(&g.rules, &g.st, Power::Saxony, closed).is_err());
    }
    g.dice.script([6]);
    ok(&mut g, SxCommand::Siege { area: wittenberg });
    ok(&mut g, SxCommand::Honors { grant: true });
    assert_eq!(g.st.areas[wittenberg as usize].holder, Some(Side::Prussia));
    let rut = leader(&g, "rutowsky");
    let LLoc::Garrison(to) = g.st.leaders[rut as usize].loc else {
        panic!("Rutowsky marched out: {:?}", g.st.leaders[rut as usize].loc);
    };
    assert!(
        rules::may_enter(&g.rules, &g.st, Power::Saxony, to).is_ok(),
        "{}",
        g.rules.area_name(to)
    );
    assert_eq!(g.st.areas[to as usize].garrison[Power::Saxony.idx()], 3);
    assert_eq!(
        g.st.areas[stralsund as usize].garrison[Power::Saxony.idx()],
        0
    );
    // once every country is open (the first strategic sequence), Stralsund is the refuge
    let (mut g, wittenberg) = siege_of_wittenberg();
    g.st.g.opened = true;
    g.dice.script([6]);
    ok(&mut g, SxCommand::Siege { area: wittenberg });
    ok(&mut g, SxCommand::Honors { grant: true });
    assert_eq!(
        g.st.areas[stralsund as usize].garrison[Power::Saxony.idx()],
        3
    );
    assert_eq!(g.st.leaders[rut as usize].loc, LLoc::Garrison(stralsund));
}

/// Frederick with 15 SP attacks `austria` Austrian SP under Browne and `saxony` Saxon
/// SP under Rutowsky at Dresden, both willing: the battle waits for the defender.
fn mixed_battle(austria: u16, saxony: u16, austrian: &str) -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 15, 0);
    place(&mut g, austrian, LLoc::Field(dresden));
    put(&mut g, Power::Austria, dresden, austria, 0);
    if saxony > 0 {
        place(&mut g, "rutowsky", LLoc::Field(dresden));
        put(&mut g, Power::Saxony, dresden, saxony, 0);
    }
    ok(&mut g, SxCommand::Done); // Prussia's marches
    ok(&mut g, SxCommand::Done); // Austria's force marches
    assert_eq!(g.st.g.step, Step::Combat);
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    (g, dresden)
}

#[test]
fn the_casualty_roll_is_for_the_general_who_fought_not_whoever_commands_after_the_losses() {
    // rule campaign.casualties, resolver.losses (our design: the beaten commander is the
    // casualty at a margin of 4): Browne commands 6 Austrian SP beside Rutowsky's 5
    // Saxons (the power with most SP commands, forces); 6 + 6 against 1 + 5 beats them
    // by a wide margin; the losses come from the largest power first and leave the
    // Saxons the larger, but Browne fought the battle and rolls 1: killed
    let (mut g, dresden) = mixed_battle(6, 5, "browne");
    let (browne, rut) = (leader(&g, "browne"), leader(&g, "rutowsky"));
    assert_eq!(
        rules::commander(&g.rules, &g.st, dresden, Side::Austria, false),
        Some(browne)
    );
    g.dice.script([6, 1, 1, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    let report = g.st.g.last_battle.as_ref().expect("a battle");
    assert_eq!(report.inputs.def.leader, Some(browne));
    // the losses made Rutowsky the commander now
    let x = &g.st.areas[dresden as usize];
    assert!(
        x.field[Power::Saxony.idx()] > x.field[Power::Austria.idx()],
        "{:?}",
        x.field
    );
    let fate = g
        .dice
        .rolls
        .iter()
        .find(|r| r.rule == "campaign.casualties")
        .expect("a casualty roll");
    assert!(fate.purpose.contains("Browne"), "{}", fate.purpose);
    assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Gone);
    assert_eq!(g.st.leaders[rut as usize].loc, LLoc::Field(dresden));
}

#[test]
fn the_unnamed_general_rolls_for_no_casualty() {
    // rule campaign.casualties: "A *named* leader who is a casualty ... rolls 1d6"; the
    // all-0 "Unnamed" general of grand.redeploy (RECONSTRUCTED) beaten by a wide margin
    // rolls nothing and stays with his force; Browne in his place rolls (and dies on 1)
    let (mut g, dresden) = mixed_battle(10, 0, "unnamed_austria");
    let un = leader(&g, "unnamed_austria");
    // 3 + AIV 5 against 3 + DIV 0 + 1 (positional): beaten by 4; the next die (3) is
    // the roll to leave the field, not a fate (3: captured)
    g.dice.script([3, 3, 3]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert!(
        g.st.g
            .last_battle
            .as_ref()
            .is_some_and(|b| b.outcome.casualty && b.inputs.def.leader == Some(un))
    );
    assert!(!g.dice.rolls.iter().any(|r| r.rule == "campaign.casualties"));
    assert_eq!(g.st.leaders[un as usize].loc, LLoc::Field(dresden));
    let (mut g, _) = mixed_battle(10, 0, "browne");
    let browne = leader(&g, "browne");
    g.dice.script([6, 1, 1, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert!(g.dice.rolls.iter().any(|r| r.rule == "campaign.casualties"));
    assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Gone);
}

#[test]
fn a_besieged_garrison_may_not_march_until_the_siege_is_lifted() {
    // rule siege.conditions ("then the garrison may not move; otherwise the siege is
    // lifted at once"): Schwerin with 2 SP inside Glatz, besieged by Browne's 5 Austrian
    // SP with a completed depot, may not march (Keith, rank 3, is the next to march);
    // Keith comes from Schweidnitz with 20 SP (3 + SIV 2: one area), overwhelms the
    // besiegers (6 + 2 against 1 + 2) and takes them with their depot; the siege is
    // lifted and Schwerin may march
    let mut g = deployed();
    empty_map(&mut g);
    let (glatz, schweidnitz) = (area(&g, "glatz"), area(&g, "schweidnitz"));
    put(&mut g, Power::Prussia, glatz, 0, 2);
    let schwerin = place(&mut g, "schwerin", LLoc::Garrison(glatz));
    put(&mut g, Power::Austria, glatz, 5, 0);
    let browne = place(&mut g, "browne", LLoc::Field(glatz));
    g.st.areas[glatz as usize].depot = Some(Depot {
        owner: Side::Austria,
        complete: true,
        siege: true,
    });
    assert_eq!(rules::besieger(&g.rules, &g.st, glatz), Some(Side::Austria));
    let keith = place(&mut g, "keith", LLoc::Field(schweidnitz));
    put(&mut g, Power::Prussia, schweidnitz, 20, 0);
    let r = refused(&mut g, SxCommand::Select { leader: schwerin });
    assert_eq!(r.rule, "siege.conditions", "{r}");
    assert!(!g.legal().contains(&SxCommand::Select { leader: schwerin }));
    assert!(g.legal().contains(&SxCommand::Select { leader: keith }));
    ok(&mut g, SxCommand::Select { leader: keith });
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: glatz });
    g.dice.script([6, 1]);
    ok(&mut g, SxCommand::Overwhelm { fortress: false });
    assert_eq!(g.st.areas[glatz as usize].field[Power::Austria.idx()], 0);
    assert_eq!(
        g.st.leaders[browne as usize].loc,
        LLoc::Prisoner(Side::Prussia)
    );
    ok(&mut g, SxCommand::Halt);
    assert_eq!(rules::besieger(&g.rules, &g.st, glatz), None);
    ok(&mut g, SxCommand::Select { leader: schwerin });
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: schweidnitz });
    assert_eq!(
        g.st.leaders[schwerin as usize].loc,
        LLoc::Field(schweidnitz)
    );
}

#[test]
fn a_leader_taken_along_may_not_march_on_his_own_in_the_same_phase() {
    // rule move.leaders (a leader picked up by a higher-ranking one moves with him, not
    // again by himself): Frederick takes Schwerin and 20 SP from Berlin to Wittenberg
    // (3 + SIV 4 = 7, he halts after one area); Schwerin is then refused, Keith is next
    let mut g = deployed();
    let wittenberg = area(&g, "wittenberg");
    let (fred, schwerin, keith) = (
        leader(&g, "frederick"),
        leader(&g, "schwerin"),
        leader(&g, "keith"),
    );
    ok(&mut g, SxCommand::Select { leader: fred });
    ok(&mut g, SxCommand::Take { sp: 20 });
    ok(&mut g, SxCommand::PickUp { leader: schwerin });
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: wittenberg });
    ok(&mut g, SxCommand::Halt);
    assert_eq!(g.st.leaders[schwerin as usize].loc, LLoc::Field(wittenberg));
    assert_eq!(
        g.st.areas[wittenberg as usize].field[Power::Prussia.idx()],
        20
    );
    let r = refused(&mut g, SxCommand::Select { leader: schwerin });
    assert_eq!(r.rule, "move.leaders");
    assert!(r.reason.contains("taken along"), "{r}");
    assert!(g.legal().contains(&SxCommand::Select { leader: keith }));
}

/// allies.minor: Broglie with `french` French SP and `lent` Empire SP lent to France
/// (all taken along) marches from Leipzig (3 + SIV 2: one area) into Magdeburg, held by
/// a Prussian garrison of 2 SP, in Austria's march phase of an opened year.
pub(crate) fn broglie_enters_magdeburg(french: u16, lent: u16) -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    g.st.g.opened = true;
    g.st.g.active[Power::France.idx()] = true;
    g.st.g.active[Power::Empire.idx()] = true;
    g.st.g.phasing = Side::Austria;
    let (leipzig, magdeburg) = (area(&g, "leipzig"), area(&g, "magdeburg"));
    let broglie = place(&mut g, "broglie", LLoc::Field(leipzig));
    put(&mut g, Power::France, leipzig, french, 0);
    put(&mut g, Power::Empire, leipzig, lent, 0);
    g.st.areas[leipzig as usize].lent = lent;
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    ok(&mut g, SxCommand::Select { leader: broglie });
    ok(&mut g, SxCommand::TakeLent { sp: lent });
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: magdeburg });
    (g, magdeburg)
}

#[test]
fn lent_empire_sp_count_towards_the_four_to_one_against_a_fortress() {
    // rule move.overwhelm-fortress ("4-1 odds") with allies.minor (Empire SPs lent to
    // France march with a French leader): Broglie with 3 French SP and 5 lent Empire SP
    // (3 + SIV 2: one area) enters Magdeburg, held by 2 Prussian SP; 8 against 2 is
    // 4-1 only with the lent SP. On a 6 the fortress falls; the attacker's loss (1 SP
    // per garrison SP) is taken from the leader's own French SP first (ours)
    for lent in [5u16, 4] {
        let (mut g, magdeburg) = broglie_enters_magdeburg(3, lent);
        let x = &g.st.areas[magdeburg as usize];
        assert_eq!(
            (x.field[Power::France.idx()], x.field[Power::Empire.idx()]),
            (3, lent)
        );
        if lent == 4 {
            // 7 against 2: short of 4-1; the refusal counts the lent SPs too
            let r = refused(&mut g, SxCommand::Overwhelm { fortress: true });
            assert_eq!(r.rule, "move.overwhelm", "{r}");
            assert!(r.reason.contains("7 SP against 2"), "{r}");
            continue;
        }
        assert!(g.legal().contains(&SxCommand::Overwhelm { fortress: true }));
        g.dice.script([6]);
        ok(&mut g, SxCommand::Overwhelm { fortress: true });
        let x = &g.st.areas[magdeburg as usize];
        assert_eq!(x.holder, Some(Side::Austria));
        assert_eq!(x.garrison[Power::Prussia.idx()], 0);
        assert_eq!(
            g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
            1
        );
        assert_eq!(
            (x.field[Power::France.idx()], x.field[Power::Empire.idx()]),
            (1, 5)
        );
    }
}

#[test]
fn a_failed_attack_on_a_fortress_costs_the_lent_empire_sp_what_the_french_cannot_pay() {
    // rule move.overwhelm-fortress: "In an unsuccesful attack the attacker loses double
    // the garrison strength"; with allies.minor the lent Empire SPs march in the attacking
    // force, so they pay what the leader's own SPs cannot (ours: the leader's power
    // first). Broglie with 1 French and 7 lent SP against 2: 8 against 2, the die 3
    // fails, the loss is 4 = 1 French + 3 Empire
    let (mut g, magdeburg) = broglie_enters_magdeburg(1, 7);
    g.dice.script([3]);
    ok(&mut g, SxCommand::Overwhelm { fortress: true });
    let x = &g.st.areas[magdeburg as usize];
    assert_eq!(x.holder, Some(Side::Prussia));
    assert_eq!(
        x.garrison[Power::Prussia.idx()],
        2,
        "the garrison loses nothing"
    );
    assert_eq!(
        (
            x.field[Power::France.idx()],
            x.field[Power::Empire.idx()],
            x.lent
        ),
        (0, 4, 4)
    );
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("the attacker loses 4 SP")),
        "the loss is double the garrison"
    );
}
