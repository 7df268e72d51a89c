//! The RECONSTRUCTED map of 1866: The Struggle for Supremacy in Germany against what the
//! rulebook states: every space its set-ups and example of play name, the moves the
//! example of play makes with the MPs it gives, the 9.62 junction, provinces, ports.

use feldzug::games::struggle::map::{RouteKind, SpaceId, SpaceKind, StruggleMap};

fn map() -> StruggleMap {
    StruggleMap::load_default().expect("the embedded map loads")
}

fn id(m: &StruggleMap, name: &str) -> SpaceId {
    m.space(name)
        .unwrap_or_else(|| panic!("no space called {name}"))
}

/// MPs of a path space by space; panics when two steps are not joined.
fn path_cost(m: &StruggleMap, path: &[&str]) -> u32 {
    path.windows(2)
        .map(|w| {
            let (a, b) = (id(m, w[0]), id(m, w[1]));
            u32::from(
                m.enter_cost(a, b)
                    .unwrap_or_else(|| panic!("{} and {} are not joined", w[0], w[1])),
            )
        })
        .sum()
}

fn all_rail(m: &StruggleMap, path: &[&str]) -> bool {
    path.windows(2).all(|w| {
        m.route_between(id(m, w[0]), id(m, w[1]))
            .is_some_and(|r| r.kind == RouteKind::Rail)
    })
}

fn cheapest(m: &StruggleMap, from: &str, to: &str) -> Option<u32> {
    let c = m.move_costs(id(m, from), |_, _| true);
    c[id(m, to)]
}

#[test]
fn every_space_the_rulebook_names_exists() {
    let m = map();
    // both set-ups (22.1, 22.2), with the rulebook's own spellings
    let setups = [
        "Berlin",
        "Königsberg",
        "Magdeburg",
        "Posen",
        "Breslau",
        "Münster",
        "Koblenz",
        "Danzig",
        "Flensburg",
        "Turin",
        "Milan",
        "Parma",
        "Bologna",
        "Florence",
        "Prague",
        "Vienna",
        "Laibach",
        "Brünn",
        "Quadrilateral North",
        "Budapest",
        "Padua",
        "Olmütz",
        "Vicenza",
        "Udine",
        "Cracow",
        "Oderberg",
        "Grosswardein",
        "Trent",
        "Altona",
        "Rastatt",
        "Mainz",
        "Hanover",
        "Dresden",
        "Munich",
        "Augsburg",
        "Schweinfurt",
        "Bamberg",
        "Würzburg",
        "Stuttgart",
        "Karlsruhe",
        "Darmstadt",
        "Wiesbaden",
        "Cassel",
        "Brieg",
        "Neisse",
        "Görlitz",
        "Hirschberg",
        "Halle",
        "Torgau",
        "Minden",
        "Wetzlar",
        "Castiglione",
        "Asola",
        "Piacenza",
        "Ferrara",
        "Ponteviso",
        "Brescia",
        "Modena",
        "Reichenberg",
        "Zwittau",
        "Prerau",
        "Lundenberg",
        "Würbenthal",
        "Custoza",
        "Hanau",
    ];
    // the example of play, the 13.34 example (Glatz), 16.4 (Chalons)
    let example = [
        "Coblenz",
        "Emden",
        "Osnabrück",
        "Rovigo",
        "Custozza",
        "Braunschweig",
        "Hildesheim",
        "Göttingen",
        "Frankfurt",
        "Königgrätz",
        "Glatz",
        "Chalons",
        "Paderborn",
    ];
    for n in setups.iter().chain(example.iter()) {
        assert!(m.space(n).is_some(), "{n} is missing");
    }
    // ASCII spellings find the same spaces
    assert_eq!(m.space("Koniggratz"), m.space("Königgrätz"));
    assert_eq!(m.space("Ponteviso"), m.space("Pontevico"));
    assert_eq!(m.space("Verona"), m.space("Quadrilateral North"));
    assert_eq!(m.space("Mantua"), m.space("Quadrilateral South"));
    assert_ne!(
        m.space("Quadrilateral North"),
        m.space("Quadrilateral South")
    );
    assert!(m.space("Atlantis").is_none());
    assert!(m.space("").is_none());
}

#[test]
fn space_kinds_the_rules_state() {
    let m = map();
    // example of play: Hanover and Bologna are major cities worth a VP when reduced
    for n in ["Hanover", "Bologna"] {
        let s = &m.spaces[id(&m, n)];
        assert_eq!(s.kind, SpaceKind::Major, "{n}");
        assert_eq!(s.kind.fortification(), 1, "{n}: 13.32 intrinsic value 1");
        assert!(s.vp, "{n} is red-outlined");
    }
    // example of play: Ferrara's siege roll 6 is reduced to 4, a value-2 fortress
    assert_eq!(m.spaces[id(&m, "Ferrara")].kind, SpaceKind::Fortress(2));
    assert!(!m.spaces[id(&m, "Ferrara")].vp, "no VP for Ferrara's fall");
    // 13.34 example: Glatz has a fortification value of 1
    assert_eq!(m.spaces[id(&m, "Glatz")].kind, SpaceKind::Fortress(1));
    // spaces the example converts by moving through are minor cities (13.1)
    for n in ["Emden", "Osnabrück", "Hildesheim", "Göttingen"] {
        assert_eq!(m.spaces[id(&m, n)].kind, SpaceKind::Minor, "{n}");
    }
    // 21.1 capitals
    assert!(m.spaces[id(&m, "Berlin")].vp && m.spaces[id(&m, "Vienna")].vp);
}

#[test]
fn benedeks_rail_moves_in_venetia() {
    let m = map();
    // FOR1: Vicenza, Padua (pick up 7th), Vicenza, Quadrilateral North (5th), Custoza:
    // "a total of 4MPs", rail all the way (9.6)
    let p = [
        "Vicenza",
        "Padua",
        "Vicenza",
        "Quadrilateral North",
        "Custoza",
    ];
    assert!(all_rail(&m, &p));
    assert_eq!(path_cost(&m, &p), 4);
    // FOR2: from Custoza (where FOR1 ended) "Vicenza, Padua, Rovigo, Ferrara (+1MP for the
    // river)" to Bologna, "my 6th and last MP": the corps' MA 3 plus the 3 bonus MPs of
    // 9.61, the bonus spent before Italy (RECONSTRUCTED from the example: Custoza-Vicenza
    // rail, no river between Padua and Rovigo)
    let p = [
        "Custoza", "Vicenza", "Padua", "Rovigo", "Ferrara", "Bologna",
    ];
    assert!(all_rail(&m, &p));
    let rovigo_ferrara = m
        .route_between(id(&m, "Rovigo"), id(&m, "Ferrara"))
        .expect("joined");
    assert!(rovigo_ferrara.river, "the Po");
    assert_eq!(path_cost(&m, &p), 6);
    // the bonus block (Custoza-Vicenza-Padua-Rovigo) is exactly 3 MPs, spent in Venetia
    assert_eq!(path_cost(&m, &["Custoza", "Vicenza", "Padua", "Rovigo"]), 3);
    // FOR4: 9th Corps goes back from Bologna to Ferrara with its last MP
    assert_eq!(path_cost(&m, &["Bologna", "Ferrara"]), 1);
    // WOR3: Cialdini avoids battle from Bologna to Florence, could intercept at Ferrara
    assert!(
        m.enter_cost(id(&m, "Bologna"), id(&m, "Florence"))
            .is_some()
    );
    assert!(m.enter_cost(id(&m, "Bologna"), id(&m, "Ferrara")).is_some());
}

#[test]
fn the_west_german_moves_of_the_example() {
    let m = map();
    // WOR2: Frederick and 7th Corps (MA 3) Münster-Emden-Osnabrück-Minden
    assert!(path_cost(&m, &["Münster", "Emden", "Osnabrück", "Minden"]) <= 3);
    // Arendtschildt (Hanover) could intercept at Minden and at Braunschweig
    assert!(m.enter_cost(id(&m, "Hanover"), id(&m, "Minden")).is_some());
    assert!(
        m.enter_cost(id(&m, "Hanover"), id(&m, "Braunschweig"))
            .is_some()
    );
    // WOR3: Falckenstein's IDs Magdeburg-Braunschweig-Hanover within MA 3
    assert!(path_cost(&m, &["Magdeburg", "Braunschweig", "Hanover"]) <= 3);
    // WOR4: Hanover-Hildesheim, then "it costs me 2MPs to enter Göttingen" through the
    // junction; the IDs then "have reached their max MA" (3)
    assert_eq!(
        path_cost(&m, &["Hildesheim", "Railroad Junction", "Göttingen"]),
        2
    );
    assert_eq!(
        path_cost(
            &m,
            &["Hanover", "Hildesheim", "Railroad Junction", "Göttingen"]
        ),
        3
    );
    // Arendtschildt avoids battle from Göttingen to Cassel; Hesse-D. at Cassel can
    // intercept into Göttingen
    assert!(
        m.enter_cost(id(&m, "Göttingen"), id(&m, "Cassel"))
            .is_some()
    );
    // FOR3: Alexander of Hesse-D. by rail Rastatt-Stuttgart-Karlsruhe-Darmstadt-
    // (Frankfurt)-Wiesbaden-back to Frankfurt-Cassel: more than an army's 6 MPs, within
    // the 6 + 3 of the rail bonus ("Without the RR bonus, it would not have been possible")
    let p = [
        "Rastatt",
        "Stuttgart",
        "Karlsruhe",
        "Darmstadt",
        "Frankfurt",
        "Wiesbaden",
        "Frankfurt",
        "Giessen",
        "Marburg",
        "Cassel",
    ];
    assert!(all_rail(&m, &p));
    let cost = path_cost(&m, &p);
    assert!(cost > 6 && cost <= 9, "Hesse-D.'s move costs {cost}");
}

#[test]
fn the_moves_in_bohemia_and_the_cavalry() {
    let m = map();
    // FOR5: Albrecht with 2nd and 10th Corps by rail from Vienna through Brünn (4th
    // Corps) and Königgrätz to Prague, within the corps' MA 3 + 3 rail bonus
    let p = [
        "Vienna",
        "Lundenburg",
        "Brünn",
        "Zwittau",
        "Königgrätz",
        "Prague",
    ];
    assert!(all_rail(&m, &p));
    assert!(path_cost(&m, &p) <= 6);
    assert!(path_cost(&m, &["Brünn", "Zwittau", "Königgrätz", "Prague"]) <= 6);
    // FOR6: Albert and the Saxon Corps (MA 3) from Dresden join Albrecht at Prague
    assert!(cheapest(&m, "Dresden", "Prague").is_some_and(|c| c <= 3));
    // WOR5: the CDs Danzig to Berlin and Berlin to Göttingen "within basic MA"
    // (a CD needs an MA of at least 4 on this map)
    assert!(cheapest(&m, "Danzig", "Berlin").is_some_and(|c| c <= 3));
    assert!(cheapest(&m, "Berlin", "Göttingen").is_some_and(|c| c <= 4));
}

#[test]
fn the_junction_of_9_62() {
    let m = map();
    let j = m.junction().expect("a junction");
    assert_eq!(m.spaces[j].kind, SpaceKind::Junction);
    let mut linked: Vec<&str> = m.routes_from(j).map(|(_, s)| m.name(s)).collect();
    linked.sort();
    assert_eq!(
        linked,
        vec!["Braunschweig", "Göttingen", "Hildesheim", "Paderborn"]
    );
    assert!(
        m.routes_from(j)
            .all(|(r, _)| m.routes[r].kind == RouteKind::Rail)
    );
    // any move between two of the four cities through it costs one MP more than a
    // single step
    for (a, b) in [("Paderborn", "Braunschweig"), ("Göttingen", "Hildesheim")] {
        assert_eq!(path_cost(&m, &[a, "Railroad Junction", b]), 2);
    }
}

#[test]
fn the_board_is_connected_and_drawable() {
    let m = map();
    assert!(m.graph.is_connected());
    assert_eq!(m.graph.links.len(), m.routes.len());
    for (i, r) in m.routes.iter().enumerate() {
        assert_eq!((m.graph.links[i].a, m.graph.links[i].b), (r.a, r.b));
    }
    for n in &m.graph.nodes {
        assert!(
            (0.0..=1000.0).contains(&n.x) && (0.0..=1000.0).contains(&n.y),
            "{}",
            n.name
        );
    }
    for (i, a) in m.graph.nodes.iter().enumerate() {
        for b in &m.graph.nodes[i + 1..] {
            let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
            assert!(d >= 10.0, "{} and {} are drawn {d} apart", a.name, b.name);
        }
    }
}

#[test]
fn provinces_countries_and_owners() {
    let m = map();
    for (p, prov) in m.provinces.iter().enumerate() {
        assert!(m.spaces_in(p).count() >= 1, "{} has no space", prov.name);
    }
    // 14.2: independent minor cities are in no province
    for s in m.spaces.iter().filter(|s| s.independent) {
        assert!(s.province.is_none(), "{}", s.name);
    }
    // the example of play: Prussian PCs on Emden, Osnabrück and Hildesheim would carry
    // the Province of Hanover; Hanover itself is one of its spaces
    let hanover = m.province("Hanover").expect("Hanover province");
    let spaces: Vec<SpaceId> = m.spaces_in(hanover).collect();
    for n in ["Emden", "Osnabrück", "Hildesheim", "Hanover", "Göttingen"] {
        assert!(spaces.contains(&id(&m, n)), "{n} in Hanover");
    }
    assert!(
        3 * 2 > spaces.len(),
        "three of {} spaces are a majority",
        spaces.len()
    );
    // Holstein (Altona) is Austrian, Schleswig (Flensburg) Prussian at the start
    use feldzug::engine::side::Side;
    use feldzug::games::struggle::map::{Country, Owner};
    assert_eq!(
        StruggleMap::side_of(m.spaces[id(&m, "Altona")].owner),
        Some(Side::Austria)
    );
    assert_eq!(
        StruggleMap::side_of(m.spaces[id(&m, "Flensburg")].owner),
        Some(Side::Prussia)
    );
    // the Kingdom of Italy and France are countries without provinces (14.5)
    assert!(m.italy().count() >= 10);
    assert!(m.italy().all(|s| m.spaces[s].province.is_none()));
    assert_eq!(m.spaces[id(&m, "Ferrara")].country, Country::Italy);
    assert_eq!(m.spaces[id(&m, "Custoza")].country, Country::Austria);
    assert_eq!(m.spaces[id(&m, "Chalons")].owner, Owner::France);
    assert_eq!(StruggleMap::side_of(Owner::France), None);
    assert_eq!(StruggleMap::side_of(Owner::Italy), Some(Side::Prussia));
    assert_eq!(StruggleMap::side_of(Owner::German), Some(Side::Austria));
}

#[test]
fn supply_sources_ports_and_the_sea() {
    use feldzug::engine::side::Side;
    use feldzug::games::struggle::map::Owner;
    let m = map();
    // 15.1: both sides have sources; 15.4: the French source off-board in the west,
    // joined to the map
    for side in [Side::Prussia, Side::Austria] {
        assert!(
            m.spaces
                .iter()
                .any(|s| s.supply.and_then(StruggleMap::side_of) == Some(side))
        );
    }
    let fr = m
        .spaces
        .iter()
        .position(|s| s.supply == Some(Owner::France))
        .expect("French source");
    assert_eq!(m.spaces[fr].kind, SpaceKind::OffBoard);
    assert!(m.spaces[fr].lon < 4.0, "in western France");
    assert!(m.enter_cost(fr, id(&m, "Chalons")).is_some());
    // every port has a sea LOC, and the sea joins the Baltic to the North Sea
    for (i, s) in m.spaces.iter().enumerate().filter(|(_, s)| s.port) {
        assert!(m.sea_from(i).count() >= 1, "{} has no sea route", s.name);
    }
    let mut seen = vec![false; m.len()];
    let start = id(&m, "Königsberg");
    let mut todo = vec![start];
    seen[start] = true;
    while let Some(p) = todo.pop() {
        for q in m.sea_from(p) {
            if !seen[q] {
                seen[q] = true;
                todo.push(q);
            }
        }
    }
    assert!(seen[id(&m, "Emden")] && seen[id(&m, "Altona")] && !seen[id(&m, "Venice")]);
    assert!(m.sea_from(id(&m, "Venice")).any(|q| q == id(&m, "Trieste")));
}
