//! Great Saxon War 1756: what the siege panel shows (`saxonwar::view`) against what the
//! rules do, driven by commands: the breach chance shown for each die face is the
//! roll's result, and each Honors of War option shown is the legal command with the
//! effect it names (siege.resolution, siege.honors).

use crate::sx_core::{area, deployed, empty_map, ok, place, put};
use feldzug::engine::game::PureGame;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::rules;
use feldzug::games::saxonwar::state::*;
use feldzug::games::saxonwar::view;

/// Dresden besieged by Keith with 12 Prussian SP and a completed depot, an Austrian
/// garrison of 3 SP with Browne (SIV 2); driven to Prussia's siege phase.
fn siege_of_dresden() -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    put(&mut g, Power::Austria, dresden, 0, 3);
    place(&mut g, "browne", LLoc::Garrison(dresden));
    put(&mut g, Power::Prussia, dresden, 12, 0);
    place(&mut g, "keith", LLoc::Field(dresden));
    g.st.areas[dresden as usize].depot = Some(Depot {
        owner: Side::Prussia,
        complete: true,
        siege: true,
    });
    for _ in 0..20 {
        if g.st.g.step == Step::Siege {
            break;
        }
        let c = g
            .legal()
            .into_iter()
            .find(|c| matches!(c, SxCommand::Done | SxCommand::Roll))
            .expect("a way on");
        ok(&mut g, c);
    }
    assert_eq!(g.st.g.step, Step::Siege);
    assert_eq!(g.st.g.phasing, Side::Prussia);
    (g, dresden)
}

#[test]
fn sx_the_siege_panel_shows_the_breach_chance_the_roll_resolves_with() {
    // rule siege.resolution: 1d6 - SIV of the besieged commander, 4+ a breach
    let (g, dresden) = siege_of_dresden();
    let views = view::sieges(&g.rules, &g.st);
    assert_eq!(views.len(), 1, "one fortress to roll against");
    let v = &views[0];
    assert_eq!(v.area, dresden);
    assert_eq!(v.besieger.side, Side::Prussia);
    assert_eq!(v.besieger.sp, 12);
    assert_eq!(v.garrison.side, Side::Austria);
    assert_eq!(v.garrison.sp, 3);
    let (siv, ..) = rules::ratings(&g.rules, &g.st, dresden, Side::Austria, true);
    assert_eq!(siv, 2, "Browne's SIV");
    assert_eq!(v.siv, siv);
    assert_eq!(v.breaches, (1..=6).filter(|d| d - siv >= 4).count() as u32);
    // each die face shown is the result the command gives
    for d in 1..=6u8 {
        let mut h = g.clone();
        h.dice.script([d]);
        ok(&mut h, SxCommand::Siege { area: dresden });
        let breached = h.st.g.siege.is_some();
        let (total, shown) = v.faces[(d - 1) as usize];
        assert_eq!(total, d as i32 - siv);
        assert_eq!(breached, shown, "die {d}: the panel said breach {shown}");
        // once rolled, the fortress is not offered again this phase
        if !breached {
            assert!(view::sieges(&h.rules, &h.st).is_empty());
        }
    }
}

#[test]
fn sx_the_honors_options_shown_are_the_legal_commands_with_their_effects() {
    // rule siege.honors
    let (g, dresden) = siege_of_dresden();
    let mut g = g;
    g.dice.script([6]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    let v = view::siege_view(&g.rules, &g.st, dresden).expect("the breach is shown");
    assert_eq!(v.stage, Some(SiegeStage::Honors));
    assert_eq!(view::sieges(&g.rules, &g.st), vec![v]);
    for stage in [SiegeStage::Honors, SiegeStage::Garrison, SiegeStage::Storm] {
        let opts = view::honors_options(stage);
        assert_eq!(opts.len(), 2);
        if g.st.g.siege.as_ref().map(|s| s.stage) == Some(stage) {
            let legal = g.legal();
            assert!(opts.iter().all(|(c, ..)| legal.contains(c)), "{stage:?}");
        }
        // the option that goes on to the next stage
        let next = match stage {
            SiegeStage::Honors => SxCommand::Honors { grant: false },
            SiegeStage::Garrison => SxCommand::Accept { accept: false },
            SiegeStage::Storm => break,
        };
        let mut grant = g.clone();
        // the other option ends the siege with the fortress taken
        let (end, ..) = opts
            .iter()
            .find(|(c, ..)| *c != next)
            .expect("two options")
            .clone();
        ok(&mut grant, end);
        assert_eq!(grant.st.g.siege, None);
        assert_eq!(grant.st.garrison_of(dresden, Side::Austria), 0);
        assert_eq!(grant.st.areas[dresden as usize].holder, Some(Side::Prussia));
        ok(&mut g, next);
    }
    // storm: the fortress falls and the besieger loses as many SP as the garrison had
    let mut storm = g.clone();
    ok(&mut storm, SxCommand::Storm { storm: true });
    assert_eq!(storm.st.areas[dresden as usize].holder, Some(Side::Prussia));
    assert_eq!(storm.st.field_of(dresden, Side::Prussia), 12 - 3);
    // wait: nothing happens, the garrison stays
    ok(&mut g, SxCommand::Storm { storm: false });
    assert_eq!(g.st.garrison_of(dresden, Side::Austria), 3);
}
