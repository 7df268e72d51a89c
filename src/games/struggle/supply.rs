//! Lines of communication (15.1-15.4, 13.42, 13.8, 14.3 Klapka) as pure functions over
//! the map and a plain description of the position ([`Situation`]). No state types of
//! the core are needed: the core fills a `Situation` from its state and asks.
//!
//! Reading of the rules (docs/games/struggle-map.md, "Supply"):
//! - An LOC is a chain of adjacent spaces, each friendly controlled or occupied by a
//!   friendly CU, from the force's own space (which may be hostile, 15.1) to a friendly
//!   supply source that is not under siege; captured enemy sources are never friendly.
//! - An unbesieged hostile fortress or major city blocks it, even with friendly units in
//!   it (they are then besieging or masking it, and 13.42 lets the besieger use it).
//! - A friendly fortress or major city besieged by the enemy passes no LOC and the force
//!   inside it is unsupplied (13.8); a destroyed one is a minor city (13.31).
//! - Ports: a friendly controlled port joins every other friendly controlled port it has
//!   a sea route to (the sea is friendly to all).
//! - The 9.62 junction is friendly to both sides.
//! - France: its spaces are neutral (control `None`) until 16.1; the off-board source
//!   serves Austria only after the intervention, and only French and French-Austrian
//!   forces (15.4): the `french` argument says whether the force holds a French combat
//!   unit. Austria's PC markers (14.3) trace to every Austrian source, the French one
//!   included (our reading: 15.4 speaks of forces; France's own spaces would otherwise
//!   flip at once).

use super::map::{Country, Owner, SpaceId, SpaceKind, StruggleMap};
use crate::engine::side::Side;

/// The position as the supply and control rules need it, one entry per space.
#[derive(Clone, Debug)]
pub struct Situation {
    /// Who controls each space now (PC marker or original tint); `None` = neutral.
    pub control: Vec<Option<Side>>,
    /// A combat unit of that side is in the space (`[Austria, Prussia]`, `Side::idx`).
    pub occupied: Vec<[bool; 2]>,
    /// The side besieging or masking this fortress or major city (13.2, 13.41).
    pub besieged_by: Vec<Option<Side>>,
    /// A fortress or major city reduced by siege: a minor city from now on (13.31).
    pub destroyed: Vec<bool>,
    /// France has intervened (16.1): its spaces and source are Austrian.
    pub french_intervened: bool,
    /// Spaces holding the Klapka Corps or Klapka Division (14.3).
    pub klapka: Vec<SpaceId>,
}

impl Situation {
    /// The start of a scenario: every space controlled by its original tint (14.1), no
    /// units, no sieges.
    pub fn at_start(map: &StruggleMap) -> Situation {
        let n = map.len();
        Situation {
            control: map
                .spaces
                .iter()
                .map(|s| StruggleMap::side_of(s.owner))
                .collect(),
            occupied: vec![[false; 2]; n],
            besieged_by: vec![None; n],
            destroyed: vec![false; n],
            french_intervened: false,
            klapka: Vec::new(),
        }
    }

    fn control_of(&self, s: SpaceId) -> Option<Side> {
        self.control.get(s).copied().flatten()
    }

    pub fn occupied_by(&self, s: SpaceId, side: Side) -> bool {
        self.occupied.get(s).is_some_and(|o| o[side.idx()])
    }

    fn besieger(&self, s: SpaceId) -> Option<Side> {
        self.besieged_by.get(s).copied().flatten()
    }

    /// A fortress or major city that still stands (not destroyed, 13.31).
    pub fn fortified(&self, map: &StruggleMap, s: SpaceId) -> bool {
        map.spaces.get(s).is_some_and(|sp| sp.kind.is_fortified())
            && !self.destroyed.get(s).copied().unwrap_or(false)
    }
}

/// The side a supply source serves (15.1, 15.4).
fn source_side(map: &StruggleMap, s: SpaceId, sit: &Situation) -> Option<Side> {
    let owner = map.spaces.get(s)?.supply?;
    match owner {
        Owner::France => sit.french_intervened.then_some(Side::Austria),
        o => StruggleMap::side_of(o),
    }
}

/// Can `side`'s LOC run through space `s`?
pub fn passable(map: &StruggleMap, side: Side, s: SpaceId, sit: &Situation) -> bool {
    let Some(space) = map.spaces.get(s) else {
        return false;
    };
    if space.kind == SpaceKind::Junction {
        return true; // 9.62: friendly to both
    }
    let fortified = sit.fortified(map, s);
    let control = sit.control_of(s);
    if fortified {
        if control == Some(side) {
            // 13.8: a friendly stronghold under enemy siege is cut off
            return sit.besieger(s) != Some(side.other());
        }
        // 15.1 / 13.42: hostile stronghold blocks unless we besiege or mask it
        return sit.besieger(s) == Some(side);
    }
    if space.country == Country::France && !sit.french_intervened {
        return false; // 16.1: nobody enters France before the intervention
    }
    // Our reading (15.1): "friendly controlled or occupied" taken literally: a friendly
    // controlled space carries the LOC even with enemy combat units in it
    control == Some(side) || sit.occupied_by(s, side)
}

/// A supply source `side` may trace to: its own, in its hands, not under siege (15.1);
/// the French off-board source only with `french` (a French or French-Austrian force,
/// or a PC marker, 15.4).
pub fn usable_source(
    map: &StruggleMap,
    side: Side,
    s: SpaceId,
    sit: &Situation,
    french: bool,
) -> bool {
    source_side(map, s, sit) == Some(side)
        && (french || map.spaces[s].supply != Some(Owner::France))
        && (sit.control_of(s) == Some(side)
            || (map.spaces[s].kind == SpaceKind::OffBoard && sit.control_of(s).is_none()))
        && sit.besieger(s).is_none()
}

/// The spaces of `side`'s supply network: usable sources and every passable space that
/// reaches one over land routes or the sea. `french`: with the French source (15.4).
pub fn network(map: &StruggleMap, side: Side, sit: &Situation, french: bool) -> Vec<bool> {
    let sources: Vec<SpaceId> = (0..map.len())
        .filter(|&s| usable_source(map, side, s, sit, french))
        .collect();
    spread(map, side, sit, &sources)
}

fn spread(map: &StruggleMap, side: Side, sit: &Situation, from: &[SpaceId]) -> Vec<bool> {
    let n = map.len();
    let adj = map.graph.adjacency();
    let mut inside = vec![false; n];
    let mut todo = Vec::new();
    for &s in from {
        if s < n && !inside[s] {
            inside[s] = true;
            todo.push(s);
        }
    }
    while let Some(s) = todo.pop() {
        let land = adj[s].iter().map(|&(o, _)| o);
        // 15.1: a friendly port reaches the other friendly ports by sea
        let sea: Vec<SpaceId> = if map.spaces[s].port && sit.control_of(s) == Some(side) {
            map.sea_from(s)
                .filter(|&p| sit.control_of(p) == Some(side))
                .collect()
        } else {
            Vec::new()
        };
        for o in land.chain(sea) {
            if !inside[o] && passable(map, side, o, sit) {
                inside[o] = true;
                todo.push(o);
            }
        }
    }
    inside
}

/// For every space: would a force of `side` there be in supply (15.1)? Its own space
/// need not be friendly; it must be in the network or next to it. A force sheltering in
/// a stronghold the enemy besieges is unsupplied (13.8). `french`: the force holds a
/// French combat unit and may trace to the French off-board source (15.4).
pub fn supplied(map: &StruggleMap, side: Side, sit: &Situation, french: bool) -> Vec<bool> {
    let mut reach = traced(map, side, sit, french);
    for (s, r) in reach.iter_mut().enumerate() {
        if sit.fortified(map, s)
            && sit.control_of(s) == Some(side)
            && sit.besieger(s) == Some(side.other())
        {
            *r = false;
        }
    }
    reach
}

/// 15.1 alone, without 13.8: for every space, does a force of `side` there trace an LOC
/// (in the network or next to it)? A relief force (13.6) that moved into a besieged
/// stronghold is judged so: 13.8 cuts off the place and the units inside it, not an army
/// that arrived from outside with its own LOC (audit 6 defect D1).
pub fn traced(map: &StruggleMap, side: Side, sit: &Situation, french: bool) -> Vec<bool> {
    let net = network(map, side, sit, french);
    (0..map.len())
        .map(|s| net[s] || map.graph.neighbours(s).any(|(o, _)| net[o]))
        .collect()
}

/// 14.3 (Klapka): the Prussian-controlled spaces of Hungary that trace an LOC to the
/// Klapka Corps or Division. Only PC markers use this, never units.
pub fn klapka_network(map: &StruggleMap, sit: &Situation) -> Vec<bool> {
    let net = spread(map, Side::Prussia, sit, &sit.klapka);
    let hungary = map.province("Hungary");
    (0..map.len())
        .map(|s| {
            net[s]
                && hungary.is_some()
                && map.spaces[s].province == hungary
                && sit.control_of(s) == Some(Side::Prussia)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (StruggleMap, Situation) {
        let m = StruggleMap::load_default().expect("map");
        let sit = Situation::at_start(&m);
        (m, sit)
    }

    fn id(m: &StruggleMap, n: &str) -> SpaceId {
        m.space(n).expect(n)
    }

    #[test]
    fn at_the_start_everybody_at_home_is_supplied() {
        // rule 15.1
        let (m, sit) = setup();
        let p = supplied(&m, Side::Prussia, &sit, true);
        let a = supplied(&m, Side::Austria, &sit, true);
        for n in [
            "Berlin",
            "Königsberg",
            "Koblenz",
            "Münster",
            "Florence",
            "Flensburg",
        ] {
            assert!(p[id(&m, n)], "Prussia at {n}");
        }
        for n in [
            "Vienna",
            "Hanover",
            "Custoza",
            "Trent",
            "Rastatt",
            "Altona",
            "Göttingen",
        ] {
            assert!(a[id(&m, n)], "Austria at {n}");
        }
        // France is neutral: its source serves nobody before 16.1
        let fr = m.space("French Supply Source").expect("source");
        assert!(!usable_source(&m, Side::Austria, fr, &sit, true));
        assert!(!a[id(&m, "Metz")]);
    }

    #[test]
    fn the_junction_keeps_westphalia_and_hanover_supplied() {
        // rule 9.62 designer's note, 15.1: the Rhine provinces trace through the junction
        // (Paderborn-junction-Braunschweig), the Hanoverians through it to the south
        let (m, mut sit) = setup();
        let j = m.junction().expect("junction");
        assert!(passable(&m, Side::Prussia, j, &sit));
        assert!(passable(&m, Side::Austria, j, &sit));
        // cut every other way west: give Prussia's Dortmund-Minden-Münster line nothing
        // else. Hanover's province is hostile to Prussia; the only land LOC from
        // Paderborn to Berlin runs via the junction, Braunschweig and Magdeburg.
        let net = network(&m, Side::Prussia, &sit, true);
        assert!(net[id(&m, "Paderborn")] && net[id(&m, "Koblenz")]);
        // without the junction's friendliness (pretend it is Austrian Hanover), the West
        // would hang on Cologne's ... nothing: no source in the west
        sit.control[j] = Some(Side::Austria);
        let mut m2 = m.clone();
        m2.spaces[j].kind = SpaceKind::Minor;
        let net = network(&m2, Side::Prussia, &sit, true);
        assert!(
            !net[id(&m2, "Koblenz")],
            "the West is cut off without the junction"
        );
    }

    #[test]
    fn hostile_strongholds_block_unless_besieged() {
        // rule 15.1 last sentence, 13.42
        let (m, mut sit) = setup();
        let bologna = id(&m, "Bologna");
        let ferrara = id(&m, "Ferrara");
        // the example of play: Austrian forces in Bologna, 5th Corps masking Ferrara
        sit.occupied[bologna][Side::Austria.idx()] = true;
        sit.occupied[ferrara][Side::Austria.idx()] = true;
        assert!(
            !passable(&m, Side::Austria, ferrara, &sit),
            "unbesieged: blocks"
        );
        // Bologna's only other ways home run through Italian Modena and Florence
        assert!(!supplied(&m, Side::Austria, &sit, true)[bologna]);
        sit.besieged_by[ferrara] = Some(Side::Austria);
        assert!(passable(&m, Side::Austria, ferrara, &sit));
        assert!(
            supplied(&m, Side::Austria, &sit, true)[bologna],
            "the forces in Bologna are in supply since 5th Corps masks Ferrara"
        );
        // a reduced (destroyed) fortress is a minor city: occupying it is enough
        sit.besieged_by[ferrara] = None;
        sit.destroyed[ferrara] = true;
        assert!(passable(&m, Side::Austria, ferrara, &sit));
    }

    #[test]
    fn a_source_under_siege_or_captured_serves_nobody() {
        // rule 15.1: not under siege; captured enemy sources may not be used
        let (m, mut sit) = setup();
        let vienna = id(&m, "Vienna");
        assert!(usable_source(&m, Side::Austria, vienna, &sit, true));
        sit.besieged_by[vienna] = Some(Side::Prussia);
        assert!(!usable_source(&m, Side::Austria, vienna, &sit, true));
        sit.besieged_by[vienna] = None;
        sit.control[vienna] = Some(Side::Prussia);
        assert!(!usable_source(&m, Side::Austria, vienna, &sit, true));
        assert!(!usable_source(&m, Side::Prussia, vienna, &sit, true));
        // 13.8: a force inside a besieged friendly fortress is unsupplied
        let olmutz = id(&m, "Olmütz");
        sit.besieged_by[olmutz] = Some(Side::Prussia);
        assert!(!supplied(&m, Side::Austria, &sit, true)[olmutz]);
    }

    #[test]
    fn ports_trace_by_sea() {
        // rule 15.1: friendly port - sea - friendly port - source
        let (m, mut sit) = setup();
        let konigsberg = id(&m, "Königsberg");
        // take away Königsberg's own source and every land way east of the Oder:
        // Austrian PCs on Thorn, Bromberg and Köslin
        let mut m2 = m.clone();
        m2.spaces[konigsberg].supply = None;
        for n in ["Thorn", "Bromberg", "Köslin"] {
            sit.control[id(&m2, n)] = Some(Side::Austria);
        }
        let danzig = id(&m2, "Danzig");
        // Danzig still reaches Stettin by sea
        assert!(network(&m2, Side::Prussia, &sit, true)[danzig]);
        assert!(network(&m2, Side::Prussia, &sit, true)[konigsberg]);
        // with every other port of the northern seas hostile, the sea leads nowhere
        for n in [
            "Stettin",
            "Lübeck",
            "Kiel",
            "Flensburg",
            "Altona",
            "Hamburg",
            "Bremen",
            "Emden",
        ] {
            sit.control[id(&m2, n)] = Some(Side::Austria);
        }
        assert!(!network(&m2, Side::Prussia, &sit, true)[danzig]);
    }

    #[test]
    fn french_source_after_intervention_only() {
        // rule 15.4, 16.1
        let (m, mut sit) = setup();
        let metz = id(&m, "Metz");
        assert!(!supplied(&m, Side::Austria, &sit, true)[metz]);
        sit.french_intervened = true;
        for (i, s) in m.spaces.iter().enumerate() {
            if s.country == Country::France {
                sit.control[i] = Some(Side::Austria);
            }
        }
        let a = supplied(&m, Side::Austria, &sit, true);
        assert!(a[metz] && a[id(&m, "Chalons")]);
        // 15.4: only French and French-Austrian forces trace to it
        let fr = m.space("French Supply Source").expect("fr");
        assert!(usable_source(&m, Side::Austria, fr, &sit, true));
        assert!(!usable_source(&m, Side::Austria, fr, &sit, false));
        assert!(!usable_source(
            &m,
            Side::Prussia,
            m.space("French Supply Source").expect("fr"),
            &sit,
            true
        ));
    }

    #[test]
    fn klapka_supplies_prussian_pcs_in_hungary_only() {
        // rule 14.3 (Klapka note)
        let (m, mut sit) = setup();
        let kaschau = id(&m, "Kaschau");
        let grosswardein = id(&m, "Grosswardein");
        let tarnow = id(&m, "Tarnow");
        sit.control[kaschau] = Some(Side::Prussia);
        sit.control[grosswardein] = Some(Side::Prussia);
        sit.control[tarnow] = Some(Side::Prussia);
        assert!(!klapka_network(&m, &sit)[kaschau]);
        sit.klapka = vec![grosswardein];
        sit.occupied[grosswardein][Side::Prussia.idx()] = true;
        let k = klapka_network(&m, &sit);
        assert!(k[kaschau] && k[grosswardein]);
        assert!(!k[tarnow], "Galicia is not Hungary");
    }
}
