//! Pure rules over the plain state: leaders' values, forces, supply, sieges, where a
//! force may go, and the odds the game shows (from the same functions that resolve the
//! rolls).

use super::data::{Country, SxRules};
use super::state::*;

pub fn power_of(r: &SxRules, l: LeaderId) -> Power {
    r.leaders
        .get(l as usize)
        .map_or(Power::Prussia, |d| d.power)
}

pub fn rank(r: &SxRules, l: LeaderId) -> u8 {
    r.leaders.get(l as usize).map_or(u8::MAX, |d| d.rank)
}

/// The printed SIV (morale recovery uses it even when demoralized).
pub fn siv(r: &SxRules, l: LeaderId) -> i32 {
    r.leaders.get(l as usize).map_or(0, |d| d.siv as i32)
}

/// Where a leader's force stands: (area, inside the fortress).
pub fn place(st: &SxState, l: LeaderId) -> Option<(AreaId, bool)> {
    match st.leaders.get(l as usize)?.loc {
        LLoc::Field(a) => Some((a, false)),
        LLoc::Garrison(a) => Some((a, true)),
        _ => None,
    }
}

/// Whether the force of a power at a place is demoralized (morale.states: the marker
/// goes with the force into a fortress and out again; only recovery removes it).
pub fn demoralized(st: &SxState, p: Power, a: AreaId, inside: bool) -> bool {
    st.area(a).is_some_and(|x| {
        if inside {
            x.demoralized_in[p.idx()]
        } else {
            x.demoralized[p.idx()]
        }
    })
}

/// The SIV a leader marches with: 0 when his force is demoralized (morale.states).
pub fn eff_siv(r: &SxRules, st: &SxState, l: LeaderId) -> i32 {
    match place(st, l) {
        Some((a, inside)) if demoralized(st, power_of(r, l), a, inside) => 0,
        _ => siv(r, l),
    }
}

/// SPs of a power at a place.
pub fn sp_at(st: &SxState, p: Power, a: AreaId, inside: bool) -> u16 {
    st.area(a).map_or(0, |x| {
        if inside {
            x.garrison[p.idx()]
        } else {
            x.field[p.idx()]
        }
    })
}

pub fn sp_at_mut(st: &mut SxState, p: Power, a: AreaId, inside: bool) -> Option<&mut u16> {
    let x = st.areas.get_mut(a as usize)?;
    Some(if inside {
        &mut x.garrison[p.idx()]
    } else {
        &mut x.field[p.idx()]
    })
}

/// The commander of a side at a place (forces): the lowest-ranked leader of the power
/// with the most SPs there (None: an unnamed general).
pub fn commander(
    r: &SxRules,
    st: &SxState,
    a: AreaId,
    side: Side,
    inside: bool,
) -> Option<LeaderId> {
    let loc = if inside {
        LLoc::Garrison(a)
    } else {
        LLoc::Field(a)
    };
    let leaders = st.leaders_at(loc);
    let main = Power::ALL
        .iter()
        .filter(|p| p.side() == side)
        .filter(|p| leaders.iter().any(|l| power_of(r, *l) == **p))
        .max_by_key(|p| (sp_at(st, **p, a, inside), std::cmp::Reverse(p.idx())))?;
    leaders
        .into_iter()
        .filter(|l| power_of(r, *l) == *main)
        .min_by_key(|l| rank(r, *l))
}

/// move.leaders: the CnC of a power is its lowest-ranked leader on the map, and "he must
/// always command more SP's than any other general of his nation" (the article calls it
/// a spirit-of-the-rules rule; the Prussians are exempt). A general commands the SPs of
/// his power at his place when he is its senior leader there. The first general who
/// commands as many SPs as the CnC or more, as (CnC, general, CnC's SPs, general's SPs);
/// an advisory only (a note and a prompt hint, never a refusal).
pub fn cnc_outcommanded(
    r: &SxRules,
    st: &SxState,
    p: Power,
) -> Option<(LeaderId, LeaderId, u16, u16)> {
    if p == Power::Prussia {
        return None;
    }
    let on_map = |l: &LeaderId| power_of(r, *l) == p && place(st, *l).is_some();
    let all: Vec<LeaderId> = (0..st.leaders.len() as LeaderId).filter(on_map).collect();
    let cnc = *all.iter().min_by_key(|l| (rank(r, **l), **l))?;
    let commands = |l: LeaderId| -> Option<u16> {
        let (a, inside) = place(st, l)?;
        let senior = all
            .iter()
            .filter(|x| place(st, **x) == Some((a, inside)))
            .min_by_key(|x| (rank(r, **x), **x))
            .copied();
        (senior == Some(l)).then(|| sp_at(st, p, a, inside))
    };
    let mine = commands(cnc).unwrap_or(0);
    all.iter().filter(|l| **l != cnc).find_map(|l| {
        let n = commands(*l)?;
        (n > 0 && n >= mine).then_some((cnc, *l, mine, n))
    })
}

/// A side's ratings at a place: (SIV as it marches/fights, AIV, DIV, printed SIV); an
/// unnamed general is 0, 1, 1 (campaign.initiative: "the normal chart", ours).
pub fn ratings(
    r: &SxRules,
    st: &SxState,
    a: AreaId,
    side: Side,
    inside: bool,
) -> (i32, i32, i32, i32) {
    match commander(r, st, a, side, inside) {
        Some(l) => {
            let d = &r.leaders[l as usize];
            (eff_siv(r, st, l), d.aiv as i32, d.div as i32, d.siv as i32)
        }
        None => (0, 1, 1, 0),
    }
}

/// morale.states in our resolver, for a side whose field force in an area may mix good
/// and demoralized powers: (the commander's own force is demoralized, the demoralized
/// SPs are more than half of the side's field SPs). The article gives demoralized
/// leaders "an AIV or DIV 1 point less" and the units a -2 morale; OUR READING: the
/// initiative malus follows the commander (the leader of the power with the most SPs,
/// or that power when the general is unnamed), the morale malus the bulk of the SPs, so
/// a good force beside a demoralized ally does not take the whole malus.
pub fn side_demoralized(r: &SxRules, st: &SxState, a: AreaId, side: Side) -> (bool, bool) {
    let Some(x) = st.area(a) else {
        return (false, false);
    };
    let main = match commander(r, st, a, side, false) {
        Some(l) => Some(power_of(r, l)),
        None => Power::ALL
            .iter()
            .copied()
            .filter(|p| p.side() == side && x.field[p.idx()] > 0)
            .max_by_key(|p| (x.field[p.idx()], std::cmp::Reverse(p.idx()))),
    };
    let leader = main.is_some_and(|p| x.field[p.idx()] > 0 && x.demoralized[p.idx()]);
    let (mut bad, mut all) = (0u32, 0u32);
    for p in Power::ALL.iter().filter(|p| p.side() == side) {
        all += u32::from(x.field[p.idx()]);
        if x.demoralized[p.idx()] {
            bad += u32::from(x.field[p.idx()]);
        }
    }
    (leader, 2 * bad > all)
}

/// Whether a side may initiate combat in an area (morale.states: "demoralized forces may
/// not initiate combat"): one of its powers has a good (not demoralized) field force
/// there. A force is one nationality (`forces`), so a demoralized ally does not bar a
/// good force from fighting; the battle is then fought by all the side's field SPs in
/// the area, the demoralized ones with their malus as `side_demoralized` reads it (our resolver,
/// `battle::inputs`).
pub fn may_initiate(st: &SxState, a: AreaId, side: Side) -> bool {
    st.area(a).is_some_and(|x| {
        Power::ALL
            .iter()
            .any(|p| p.side() == side && x.field[p.idx()] > 0 && !x.demoralized[p.idx()])
    })
}

/// The enemy occupies an area: enemy SPs in the field there.
pub fn enemy_in(st: &SxState, a: AreaId, side: Side) -> bool {
    st.field_of(a, side.other()) > 0
}

/// The areas in supply for a side (supply.sources, supply.trace): the network grows from
/// garrisoned fortresses (and the Russia box) through completed depots with a friendly
/// SP in adjacent areas; a force is in supply in a network area or next to one (the
/// supply range, RECONSTRUCTED: see `supply_traced`). A trace may go into an area the
/// enemy occupies, not out of it; `blocked` areas (interdicted, supply.interdiction)
/// break the chain.
pub fn supply(r: &SxRules, st: &SxState, side: Side, blocked: &[AreaId]) -> Vec<bool> {
    supply_traced(r, st, side, blocked, true)
}

/// `supply` for the forces in an interdicted area that the interdiction does not put
/// out of supply (supply.interdiction: only "the Prussians" there, not Hanoverians): the
/// `blocked` areas still break the chain, but a force in one is in supply when it is
/// in or next to the rest of the network.
pub fn supply_chain(r: &SxRules, st: &SxState, side: Side, blocked: &[AreaId]) -> Vec<bool> {
    supply_traced(r, st, side, blocked, false)
}

fn supply_traced(
    r: &SxRules,
    st: &SxState,
    side: Side,
    blocked: &[AreaId],
    cut_out: bool,
) -> Vec<bool> {
    let n = st.areas.len();
    let mut net = vec![false; n];
    for (i, x) in st.areas.iter().enumerate() {
        if fortress_source(r, st, i as AreaId, side) {
            net[i] = true;
        }
        let _ = x;
    }
    // russia.box: the permanent depot, while Russia is in the war
    let russia = r.russia as usize;
    if side == Power::Russia.side()
        && st.g.active[Power::Russia.idx()]
        && !st.g.out[Power::Russia.idx()]
        && russia < n
    {
        net[russia] = true;
    }
    let passes = |i: usize| !enemy_in(st, i as AreaId, side) && !blocked.contains(&(i as AreaId));
    loop {
        let mut grew = false;
        for i in 0..n {
            if net[i] {
                continue;
            }
            // supply.sources: an operative depot is (1, the lost item, RECONSTRUCTED)
            // completed: "any depot started on the previous turn is considered
            // complete" and "only completed depots may be captured" name the state;
            // (2) occupied by a friendly SP; (3) next to the network
            let depot = st.areas[i]
                .depot
                .is_some_and(|d| d.owner == side && d.complete)
                && st.field_of(i as AreaId, side) > 0
                && !blocked.contains(&(i as AreaId));
            if depot
                && r.neighbours(i as AreaId)
                    .iter()
                    .any(|(o, _)| net[*o as usize] && passes(*o as usize))
            {
                net[i] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    // The supply range, RECONSTRUCTED (docs/games/saxonwar.md, readings): the article
    // never says how far from a source a force is supplied. We read it as "in or next
    // to a network area": the network itself is "a network from one adjacent area to
    // another", and "supply may be traced into but not out of an area occupied by the
    // enemy" only makes sense if a supply trace takes a last step from the network into
    // the force's area (an enemy area may be entered by that step, not passed through).
    let here_cut = |i: usize| cut_out && blocked.contains(&(i as AreaId));
    (0..n)
        .map(|i| {
            (net[i] && !here_cut(i))
                || (!here_cut(i)
                    && r.neighbours(i as AreaId)
                        .iter()
                        .any(|(o, _)| net[*o as usize] && passes(*o as usize)))
        })
        .collect()
}

/// A fortress that is a supply source for a side (supply.sources): garrisoned by it, or
/// captured by it and not garrisoned by the enemy since ("may be used as such
/// immediately upon their capture", with or without a garrison).
pub fn fortress_source(r: &SxRules, st: &SxState, a: AreaId, side: Side) -> bool {
    r.has_fortress(a)
        && (st.garrison_of(a, side) > 0
            || (st
                .area(a)
                .is_some_and(|x| x.taken == Some(side) && x.holder == Some(side))
                && st.garrison_of(a, side.other()) == 0))
}

pub fn in_supply(r: &SxRules, st: &SxState, a: AreaId, side: Side) -> bool {
    supply(r, st, side, &[])
        .get(a as usize)
        .copied()
        .unwrap_or(false)
}

/// The besieger of a fortress (siege.conditions): the side without the garrison while
/// (1, the lost item, RECONSTRUCTED: "depots built to besiege fortresses are eliminated
/// once the fortress is captured" and "demoralized forces may build depots but may not
/// besiege" tie the siege to a depot; completed, as only a completed depot supplies)
/// it has a completed depot in the area and (2) its field force there, not
/// demoralized, is larger than the garrison; not while the siege is lifted after the
/// besieger refused a relief force's battle (fortress.relief).
pub fn besieger(r: &SxRules, st: &SxState, a: AreaId) -> Option<Side> {
    if !r.has_fortress(a) {
        return None;
    }
    let x = st.area(a)?;
    if x.lifted.is_some() {
        return None;
    }
    for side in Side::BOTH {
        let g = st.garrison_of(a, side.other());
        if g == 0 {
            continue;
        }
        let depot = x.depot.is_some_and(|d| d.owner == side && d.complete);
        let force: u16 = Power::ALL
            .iter()
            .filter(|p| p.side() == side && !x.demoralized[p.idx()])
            .map(|p| x.field[p.idx()])
            .sum();
        if depot && force > g {
            return Some(side);
        }
    }
    None
}

/// The side holding the fortress of an area with a garrison now.
pub fn garrisoned_by(st: &SxState, a: AreaId) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| st.garrison_of(a, *s) > 0)
}

/// Whether a force of a power may enter an area at all (russia.box, grand.start,
/// allies.cooperation). The reason when not.
pub fn may_enter(r: &SxRules, st: &SxState, p: Power, to: AreaId) -> Result<(), Refusal> {
    let Some(area) = r.areas.get(to as usize) else {
        return Err(Refusal::new("move.leaders", "no such area"));
    };
    if to == r.russia && p != Power::Russia {
        return Err(Refusal::new(
            "russia.box",
            "only Russian forces may enter the Russia box",
        ));
    }
    if !st.g.opened && !r.open_countries.contains(&area.country) {
        return Err(Refusal::new(
            "grand.start",
            format!(
                "before the first strategic sequence only {} may be entered",
                r.open_countries
                    .iter()
                    .map(|c| format!("{c:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    if p == Power::Hanover && area.lon > r.magdeburg_lon + 0.01 {
        return Err(Refusal::new(
            "allies.cooperation",
            "Anglo-Allied forces may not go further east than Magdeburg",
        ));
    }
    if p.major() && p.side() == Side::Austria {
        let x = &st.areas[to as usize];
        for o in Power::ALL {
            if o != p
                && o.major()
                && o.side() == p.side()
                && (x.field[o.idx()] > 0 || x.garrison[o.idx()] > 0)
                && !(st.g.cooperates[p.idx()] && st.g.cooperates[o.idx()])
            {
                return Err(Refusal::new(
                    "allies.cooperation",
                    format!(
                        "{} and {} may not share an area unless both rolled 5 or 6 to co-operate",
                        p.name(),
                        o.name()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The areas of a power's own country (secret deployment, surrender).
pub fn own_country(r: &SxRules, p: Power, a: AreaId) -> bool {
    r.country(a).and_then(Country::power) == Some(p)
}

/// A power's starting fortresses (grand.surrender): those of its own country, plus, by
/// the article's Note, Minden and Münster for Hanover (added to its own: Hameln, Stade,
/// Kassel) and Venlo, Roermond and Wesel for France (which has none of its own on the
/// map; our map puts them in the France country).
pub fn starting_fortresses(r: &SxRules, p: Power) -> Vec<AreaId> {
    let mut v: Vec<AreaId> = (0..r.areas.len() as AreaId)
        .filter(|a| r.has_fortress(*a) && own_country(r, p, *a))
        .collect();
    let note: &[&str] = match p {
        Power::Hanover => &["minden", "munster"],
        Power::France => &["venlo", "roermond", "wesel"],
        _ => &[],
    };
    for a in note.iter().filter_map(|id| r.area(id)) {
        if r.has_fortress(a) && !v.contains(&a) {
            v.push(a);
        }
    }
    v
}

/// The outcome of the march table (move.normal, move.forced): areas allowed, and
/// whether the total costs an SP of attrition at once (force march 6+). A total of 1-2
/// does not move (the lost first row, RECONSTRUCTED: the rows 3-6 and 7+ (3+ for a
/// force march) move, so the lowest totals move none; "a leader who failed to move" in
/// move.overwhelm names the result).
pub fn march_table(total: i32, forced: bool) -> (u8, bool) {
    if forced {
        if total >= 3 {
            (1, total >= 6)
        } else {
            (0, false)
        }
    } else if total >= 7 {
        (2, false)
    } else if total >= 3 {
        (1, false)
    } else {
        (0, false)
    }
}

/// The march roll's modifiers: the SIV and, in winter, -1 (winter.turns).
pub fn march_mods(r: &SxRules, st: &SxState, l: LeaderId) -> Vec<(String, i32)> {
    let mut m = vec![(format!("SIV of {}", r.leader_name(l)), eff_siv(r, st, l))];
    if st.winter() {
        m.push(("winter (winter.turns)".into(), -1));
    }
    m
}

/// The roll to leave the field after a battle (combat.post-battle): 1d6 + the
/// commander's SIV, which is 0 because the force leaving is demoralized (morale.states:
/// the normal value counts only for recovery), and -1 in winter (winter.turns: "all
/// movement die rolls"). 3 or more leaves.
pub fn retreat_mods(st: &SxState) -> Vec<(String, i32)> {
    let mut m = vec![(
        "SIV 0: the force is demoralized (morale.states)".to_string(),
        0,
    )];
    if st.winter() {
        m.push(("winter (winter.turns)".into(), -1));
    }
    m
}

/// The chance in sixths that the roll to leave the field succeeds (3 or more), from the
/// same modifiers the roll takes.
pub fn retreat_odds(st: &SxState) -> u32 {
    let m: i32 = retreat_mods(st).iter().map(|x| x.1).sum();
    (1..=6).filter(|d| d + m >= 3).count() as u32
}

/// The chance (in 36ths of... sixths) that the march roll allows at least one and two areas.
pub fn march_odds(mods: i32, forced: bool) -> (u32, u32) {
    let mut one = 0;
    let mut two = 0;
    for d in 1..=6 {
        let (n, _) = march_table(d + mods, forced);
        if n >= 1 {
            one += 1;
        }
        if n >= 2 {
            two += 1;
        }
    }
    (one, two)
}

/// An overwhelming attack on a field force (move.overwhelm): the chance in 36ths that the
/// mover's 1d6 + SIV is higher than the defender's.
pub fn overwhelm_odds(mover_siv: i32, defender_siv: i32) -> u32 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if a + mover_siv > b + defender_siv {
                n += 1;
            }
        }
    }
    n
}

/// A leader in play (on the map) of a side.
pub fn on_map(st: &SxState, l: LeaderId) -> bool {
    matches!(
        st.leaders.get(l as usize).map(|x| x.loc),
        Some(LLoc::Field(_)) | Some(LLoc::Garrison(_))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn march_table_reads_as_the_article() {
        // move.normal: 1-2 no move (lost item, RECONSTRUCTED), 3-6 one area, 7+ two
        assert_eq!(march_table(2, false), (0, false));
        assert_eq!(march_table(3, false), (1, false));
        assert_eq!(march_table(6, false), (1, false));
        assert_eq!(march_table(7, false), (2, false));
        // move.forced: 3+ one area, 6 or more costs an SP
        assert_eq!(march_table(2, true), (0, false));
        assert_eq!(march_table(5, true), (1, false));
        assert_eq!(march_table(6, true), (1, true));
        assert_eq!(march_odds(4, false), (6, 4));
    }
}
