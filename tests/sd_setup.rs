//! The Sadowa Campaign: the set-up (13.0-13.2) driven through its commands.

use crate::sd_siege::{G, check_agrees_with_legal, hex, id, rules};
use feldzug::games::sadowa::data::{Kind, SdRules, Setup as Area, Side, UnitId};
use feldzug::games::sadowa::flow::units_at;
use feldzug::games::sadowa::state::*;
use feldzug::games::sadowa::steps::setup::placed_by_hand;

fn new_game() -> G {
    G::new(rules(), 3)
}

/// Every Place command of `side` on every hex: check agrees with legal.
fn check_all_places(g: &G, side: Side) {
    let mut cands = Vec::new();
    for u in placed_by_hand(&g.rules, side)
        .into_iter()
        .chain(placed_by_hand(&g.rules, side.other()))
        .chain([id(g, "a-g-olmutz")])
    {
        for h in g.rules.map.hex.coords() {
            cands.push(SdCommand::Place { unit: u, hex: h });
        }
    }
    cands.push(SdCommand::PlaceRest);
    cands.push(SdCommand::EndSetup);
    check_agrees_with_legal(g, &cands);
}

/// Is the whole set-up of `side` legal: every unit in its area, stacking 3.1 kept?
fn setup_legal(rules: &SdRules, st: &SdState, side: Side) -> Result<(), String> {
    for u in rules.ids().filter(|&u| rules.side(u) == side) {
        let d = &rules.units[u as usize];
        let at = st.units[u as usize].hex;
        match &d.setup {
            Area::At(c) => {
                if at != Some(*c) {
                    return Err(format!("{} not at {c}", d.name));
                }
            }
            Area::Within {
                of,
                radius,
                only,
                not,
                ..
            } => {
                let Some(h) = at else {
                    return Err(format!("{} not placed", d.name));
                };
                if h.distance(*of) > *radius
                    || not.contains(&h)
                    || only.is_some_and(|k| rules.map.country(h) != Some(k))
                    || !rules.map.hex.contains(h)
                {
                    return Err(format!("{} at {h} is outside its area", d.name));
                }
            }
            Area::Reinforcement => {
                if at.is_some() {
                    return Err(format!("{} on the map", d.name));
                }
            }
        }
    }
    for c in rules.map.hex.coords() {
        let here: Vec<UnitId> = units_at(rules, st, c);
        let combat = here.iter().filter(|&&u| rules.kind(u).is_combat()).count();
        let gar = here
            .iter()
            .filter(|&&u| rules.kind(u) == Kind::Garrison)
            .count();
        if combat > 4 || gar > 1 {
            return Err(format!("stacking broken in {c}"));
        }
    }
    Ok(())
}

// rule 13.0, 13.1, 13.2: Austria first, then Prussia; the fixed set-ups are on the map.
#[test]
fn austria_sets_up_first_with_fixed_units_placed() {
    let mut g = new_game();
    assert_eq!(g.st.g.step, Step::Setup(Side::Austria));
    for (u, h) in [
        ("a-g-theresienstadt", "1609"),
        ("a-g-josefstadt", "2406"),
        ("a-g-koniggratz", "2507"),
        ("a-g-olmutz", "3305"),
        ("a-hq-iser", "1811"),
        ("a-i", "1811"),
        ("p-g-schweidnitz", "2502"),
        ("p-g-glatz", "2704"),
        ("p-g-neisse", "3002"),
        ("p-g-kosel", "3301"),
        ("p-hq-elbe", "1007"),
        ("p-vii", "1007"),
        ("p-viii", "1007"),
    ] {
        assert_eq!(g.st.units[id(&g, u) as usize].hex, Some(hex(h)), "{u}");
    }
    // reinforcements are off the map (9.1, 10)
    assert_eq!(g.st.units[id(&g, "p-ghq") as usize].hex, None);
    assert_eq!(g.st.units[id(&g, "a-g-1") as usize].hex, None);
    // a Prussian unit cannot be placed during Austria's set-up; a fixed unit cannot move
    let p2 = id(&g, "p-ii");
    assert_eq!(
        g.apply(&SdCommand::Place {
            unit: p2,
            hex: hex("1805")
        })
        .unwrap_err()
        .rule,
        "13.0"
    );
    let olm = id(&g, "a-g-olmutz");
    assert!(
        g.apply(&SdCommand::Place {
            unit: olm,
            hex: hex("3304")
        })
        .is_err()
    );
    assert_eq!(g.apply(&SdCommand::EndSetup).unwrap_err().rule, "13.0");
    g.apply(&SdCommand::PlaceRest).unwrap();
    g.apply(&SdCommand::EndSetup).unwrap();
    assert_eq!(g.st.g.step, Step::Setup(Side::Prussia));
    setup_legal(&g.rules, &g.st, Side::Austria).unwrap();
}

// rule 13.1: the Saxons within 2 hexes of Dresden but not in 1007; 13.2: "in Prussia";
// 3.1: four combat units a hex. Each refusal gives its reason.
#[test]
fn setup_areas_refused_and_accepted_with_reasons() {
    let mut g = new_game();
    check_all_places(&g, Side::Austria);
    let sax = id(&g, "a-saxon");
    let e = g
        .apply(&SdCommand::Place {
            unit: sax,
            hex: hex("1007"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "13.1");
    assert!(e.reason.contains("not in 1007"), "{}", e.reason);
    let three = g
        .rules
        .map
        .hex
        .coords()
        .find(|c| c.distance(hex("1208")) == 3)
        .unwrap();
    let e = g
        .apply(&SdCommand::Place {
            unit: sax,
            hex: three,
        })
        .unwrap_err();
    assert!(e.reason.contains("within 2 hexes of 1208"), "{}", e.reason);
    g.apply(&SdCommand::Place {
        unit: sax,
        hex: hex("1208"),
    })
    .unwrap();
    // 3.1: four North Army corps in one hex, the fifth refused
    let spot = hex("3304");
    for u in ["a-ii", "a-iii", "a-iv", "a-vi"] {
        let x = id(&g, u);
        g.apply(&SdCommand::Place { unit: x, hex: spot }).unwrap();
    }
    let x = id(&g, "a-x");
    let e = g
        .apply(&SdCommand::Place { unit: x, hex: spot })
        .unwrap_err();
    assert!(e.reason.contains("3.1"), "{}", e.reason);
    // HQs do not count (3.1)
    let hq = id(&g, "a-hq-north");
    g.apply(&SdCommand::Place {
        unit: hq,
        hex: spot,
    })
    .unwrap();
    check_all_places(&g, Side::Austria);
    g.apply(&SdCommand::PlaceRest).unwrap();
    g.apply(&SdCommand::EndSetup).unwrap();
    // Prussia: the First Army within 1 hex of 1805, in Prussia
    check_all_places(&g, Side::Prussia);
    let p2 = id(&g, "p-ii");
    let of = hex("1805");
    let around: Vec<_> = g.rules.map.hex.within(of, 1).collect();
    let prussian: Vec<_> = around
        .iter()
        .copied()
        .filter(|&c| g.rules.map.country(c) == Some(feldzug::games::sadowa::map::Country::Prussia))
        .collect();
    if let Some(&outside) = around.iter().find(|c| !prussian.contains(c)) {
        let e = g
            .apply(&SdCommand::Place {
                unit: p2,
                hex: outside,
            })
            .unwrap_err();
        assert_eq!(e.rule, "13.2");
        assert!(e.reason.contains("Prussia"), "{}", e.reason);
    }
    g.apply(&SdCommand::Place {
        unit: p2,
        hex: prussian[0],
    })
    .unwrap();
    let e = g
        .apply(&SdCommand::Place {
            unit: p2,
            hex: hex("2302"),
        })
        .unwrap_err();
    assert_eq!(e.rule, "13.2");
}

// rule 13.1, 13.2, 3.1: "place the rest as historically" always ends in a legal set-up,
// also when the player's own placements took the historical hexes.
#[test]
fn place_rest_always_gives_a_legal_setup() {
    // straight away
    let mut g = new_game();
    g.apply(&SdCommand::PlaceRest).unwrap();
    setup_legal(&g.rules, &g.st, Side::Austria).unwrap();
    g.apply(&SdCommand::EndSetup).unwrap();
    g.apply(&SdCommand::PlaceRest).unwrap();
    setup_legal(&g.rules, &g.st, Side::Prussia).unwrap();
    g.apply(&SdCommand::EndSetup).unwrap();
    assert!(!matches!(g.st.g.step, Step::Setup(_)));
    feldzug::games::sadowa::check_invariants(&g.rules, &g.st).unwrap();
    // after placements that fill the historical hexes of others
    let mut g = new_game();
    let fill = |g: &mut G, units: &[&str], at: &str| {
        for u in units {
            let x = id(g, u);
            g.apply(&SdCommand::Place {
                unit: x,
                hex: hex(at),
            })
            .unwrap();
        }
    };
    fill(&mut g, &["a-ii", "a-iii", "a-iv", "a-vi"], "3306");
    g.apply(&SdCommand::PlaceRest).unwrap();
    setup_legal(&g.rules, &g.st, Side::Austria).unwrap();
    g.apply(&SdCommand::EndSetup).unwrap();
    // the Second Army's four corps in 2302's neighbour, then the rest
    let p2 = placed_by_hand(&g.rules, Side::Prussia);
    let ok_hex = g
        .legal()
        .into_iter()
        .find_map(|c| match c {
            SdCommand::Place { unit, hex } if unit == id(&g, "p-i") && hex != self::hex("2302") => {
                Some(hex)
            }
            _ => None,
        })
        .unwrap();
    for u in ["p-i", "p-v", "p-vi", "p-guard"] {
        let x = id(&g, u);
        g.apply(&SdCommand::Place {
            unit: x,
            hex: ok_hex,
        })
        .unwrap();
    }
    let first = g
        .legal()
        .into_iter()
        .find_map(|c| match c {
            SdCommand::Place { unit, hex } if unit == id(&g, "p-ii") => Some(hex),
            _ => None,
        })
        .unwrap();
    g.apply(&SdCommand::Place {
        unit: id(&g, "p-ii"),
        hex: first,
    })
    .unwrap();
    g.apply(&SdCommand::PlaceRest).unwrap();
    setup_legal(&g.rules, &g.st, Side::Prussia).unwrap();
    assert!(p2.iter().all(|&u| g.st.units[u as usize].hex.is_some()));
    assert!(g.legal().contains(&SdCommand::EndSetup));
    check_all_places(&g, Side::Prussia);
}
