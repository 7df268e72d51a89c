//! Phase 6, siege resolution (siege.conditions, siege.resolution, siege.honors): the
//! phasing player may roll 1d6 for each fortress he besieges, less the SIV of the
//! besieged commander: 1-3 no effect, 4+ a breach. On a breach the garrison asks for the
//! Honors of War; the besieger grants them (the lost item 1, RECONSTRUCTED: the garrison
//! marches out to the nearest unbesieged friendly fortress, or into captivity when none
//! is open; the honours of war of the period let a garrison march out free with its
//! arms, and item 2 is "deny") or denies them; denied, the garrison accepts surrender
//! (the lost item A, RECONSTRUCTED: all its SPs and leaders prisoners, as B "Refuse"
//! forces a storm and "all captured leaders and SP become prisoners") or refuses, and
//! the besieger storms (1 garrison SP captured, the rest eliminated, he loses as many
//! SP as the garrison had) or declines and goes back to the table next turn.

use crate::games::saxonwar::data::SxRules;
use crate::games::saxonwar::flow::Game;
use crate::games::saxonwar::rules::*;
use crate::games::saxonwar::state::*;

/// Fortresses the phasing player besieges and has not yet tried this phase.
pub fn targets(r: &SxRules, st: &SxState) -> Vec<AreaId> {
    (0..st.areas.len() as AreaId)
        .filter(|a| besieger(r, st, *a) == Some(st.g.phasing) && !st.g.sieges_tried.contains(a))
        .collect()
}

/// The siege roll's modifier: minus the besieged commander's SIV.
pub fn siege_mods(r: &SxRules, st: &SxState, a: AreaId) -> Vec<(String, i32)> {
    let (s, ..) = ratings(r, st, a, st.g.phasing.other(), true);
    vec![("SIV of the besieged commander".into(), -s)]
}

pub fn has_work(r: &SxRules, st: &SxState) -> bool {
    st.g.siege.is_some() || !targets(r, st).is_empty()
}

pub fn prompt(r: &SxRules, st: &SxState) -> String {
    match &st.g.siege {
        None => {
            let parts: Vec<String> = targets(r, st)
                .into_iter()
                .map(|a| {
                    let m: i32 = siege_mods(r, st, a).iter().map(|x| x.1).sum();
                    let n = (1..=6).filter(|d| d + m >= 4).count();
                    format!("{} (breach on {n} in 6)", r.fortress_name(a))
                })
                .collect();
            format!(
                "{}: roll against {}, or end",
                st.g.phasing.name(),
                parts.join(", ")
            )
        }
        Some(s) => match s.stage {
            SiegeStage::Honors => format!(
                "Breach at {}: the garrison asks for the Honors of War: grant or deny",
                r.fortress_name(s.area)
            ),
            SiegeStage::Garrison => format!(
                "The Honors of War are denied at {}: surrender, or refuse and be stormed",
                r.fortress_name(s.area)
            ),
            SiegeStage::Storm => format!(
                "The garrison of {} refuses: storm it (losing as many SP as it has) or wait",
                r.fortress_name(s.area)
            ),
        },
    }
}

pub fn to_act(_r: &SxRules, st: &SxState) -> Option<Side> {
    match &st.g.siege {
        Some(s) if s.stage == SiegeStage::Garrison => Some(st.g.phasing.other()),
        _ => Some(st.g.phasing),
    }
}

pub fn takes(c: &SxCommand) -> bool {
    matches!(
        c,
        SxCommand::Siege { .. }
            | SxCommand::Honors { .. }
            | SxCommand::Accept { .. }
            | SxCommand::Storm { .. }
            | SxCommand::Done
    )
}

pub fn legal(r: &SxRules, st: &SxState, out: &mut Vec<SxCommand>) {
    match &st.g.siege {
        None => {
            for a in targets(r, st) {
                out.push(SxCommand::Siege { area: a });
            }
            out.push(SxCommand::Done);
        }
        Some(s) => {
            for b in [true, false] {
                out.push(match s.stage {
                    SiegeStage::Honors => SxCommand::Honors { grant: b },
                    SiegeStage::Garrison => SxCommand::Accept { accept: b },
                    SiegeStage::Storm => SxCommand::Storm { storm: b },
                });
            }
        }
    }
}

pub fn why(r: &SxRules, st: &SxState, c: &SxCommand) -> Refusal {
    match (c, &st.g.siege) {
        (SxCommand::Siege { area }, None) => {
            if st.g.sieges_tried.contains(area) {
                Refusal::new("siege.resolution", "one siege roll per fortress per phase")
            } else if !r.has_fortress(*area) {
                Refusal::new("siege.conditions", "there is no fortress there")
            } else {
                Refusal::new(
                    "siege.conditions",
                    "a fortress is besieged only while the besieger has a completed depot in its area and a larger force (not demoralized) than the garrison",
                )
            }
        }
        (_, Some(_)) => Refusal::new("siege.honors", "the breach must be settled first"),
        _ => Refusal::new("siege.honors", "there is no breach to settle"),
    }
}

/// The nearest fortress a garrison granted the Honors of War may march to: held by
/// its side, not besieged, not this one, and one every power of the garrison may enter
/// (`may_enter`, as retreats and wounded leaders: AUDIT14f defect 2): not a country
/// still closed (grand.start), not beside an ally without co-operation, not east of
/// Magdeburg for the Anglo-Allies (allies.cooperation).
fn refuge(r: &SxRules, st: &SxState, from: AreaId, side: Side) -> Option<AreaId> {
    let powers: Vec<Power> = Power::ALL
        .into_iter()
        .filter(|p| {
            p.side() == side
                && (st.areas[from as usize].garrison[p.idx()] > 0
                    || st
                        .leaders_at(LLoc::Garrison(from))
                        .iter()
                        .any(|l| power_of(r, *l) == *p))
        })
        .collect();
    let n = st.areas.len();
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    dist[from as usize] = 0;
    queue.push_back(from);
    while let Some(a) = queue.pop_front() {
        if a != from
            && r.has_fortress(a)
            && st.areas[a as usize].holder == Some(side)
            && st.garrison_of(a, side.other()) == 0
            && besieger(r, st, a).is_none()
            && powers.iter().all(|p| may_enter(r, st, *p, a).is_ok())
        {
            return Some(a);
        }
        for &(b, _) in r.neighbours(a) {
            if dist[b as usize] == u32::MAX {
                dist[b as usize] = dist[a as usize] + 1;
                queue.push_back(b);
            }
        }
    }
    None
}

pub fn execute(g: &mut Game, c: &SxCommand) {
    let att = g.st.g.phasing;
    let def = att.other();
    match *c {
        SxCommand::Done => g.next_step(),
        SxCommand::Siege { area } => {
            g.st.g.sieges_tried.push(area);
            let mods = siege_mods(g.r, g.st, area);
            let purpose = format!("siege of {}", g.r.fortress_name(area));
            let (_, total) = g.roll(&purpose, "siege.resolution", mods);
            if total >= 4 {
                g.note(
                    "siege.honors",
                    "breach: the garrison asks for the Honors of War",
                );
                g.st.g.siege = Some(SiegeSt {
                    area,
                    stage: SiegeStage::Honors,
                });
            } else {
                g.note("siege.resolution", "no effect");
            }
        }
        SxCommand::Honors { grant } => {
            let Some(s) = g.st.g.siege.clone() else {
                return;
            };
            if !grant {
                g.note("siege.honors", "the Honors of War are denied");
                g.st.g.siege = Some(SiegeSt {
                    stage: SiegeStage::Garrison,
                    ..s
                });
                return;
            }
            // RECONSTRUCTED (the lost item 1, docs/games/saxonwar.md): the garrison
            // marches out free to the nearest unbesieged friendly fortress; with none
            // open it cannot march anywhere and goes into captivity, as exchanged
            // prisoners with no fortress to go to stay prisoners (prisoners.exchange)
            let a = s.area;
            let to = refuge(g.r, g.st, a, def);
            for p in Power::ALL {
                if p.side() != def {
                    continue;
                }
                let n = g.st.areas[a as usize].garrison[p.idx()];
                match to {
                    Some(t) => g.move_sp(p, (a, true), (t, true), n),
                    None => {
                        g.st.areas[a as usize].garrison[p.idx()] = 0;
                        g.st.pools.prisoners[att.idx()][p.idx()] += n;
                    }
                }
            }
            for l in g.st.leaders_at(LLoc::Garrison(a)) {
                if power_of(g.r, l).side() == def {
                    g.st.leaders[l as usize].loc = match to {
                        Some(t) => LLoc::Garrison(t),
                        None => LLoc::Prisoner(att),
                    };
                }
            }
            g.note(
                "siege.honors",
                match to {
                    Some(t) => format!(
                        "the Honors of War are granted: the garrison marches to {}",
                        g.r.fortress_name(t)
                    ),
                    None => "the Honors of War are granted, but no friendly fortress is open: the garrison goes into captivity".into(),
                },
            );
            g.capture_fortress(a, att);
            g.st.g.siege = None;
        }
        SxCommand::Accept { accept } => {
            let Some(s) = g.st.g.siege.clone() else {
                return;
            };
            if !accept {
                g.note("siege.honors", "the garrison refuses to surrender");
                g.st.g.siege = Some(SiegeSt {
                    stage: SiegeStage::Storm,
                    ..s
                });
                return;
            }
            // RECONSTRUCTED (the lost item A): the garrison surrenders, all its SPs
            // and leaders prisoners
            let a = s.area;
            let n = g.st.garrison_of(a, def);
            g.lose(def, a, true, n, true);
            g.capture_garrison_leaders(a, def);
            g.note(
                "siege.honors",
                format!("the garrison surrenders: {n} SP prisoners"),
            );
            g.capture_fortress(a, att);
            g.st.g.siege = None;
        }
        SxCommand::Storm { storm } => {
            let Some(s) = g.st.g.siege.clone() else {
                return;
            };
            g.st.g.siege = None;
            if !storm {
                g.note(
                    "siege.honors",
                    "the besieger does not storm; the siege goes on",
                );
                return;
            }
            let a = s.area;
            let n = g.st.garrison_of(a, def);
            g.lose(def, a, true, 1, true);
            g.lose(def, a, true, n, false);
            g.capture_garrison_leaders(a, def);
            let k = g.lose(att, a, false, n, false);
            g.note(
                "siege.honors",
                format!("the fortress is stormed: the garrison is lost, the besieger loses {k} SP"),
            );
            g.capture_fortress(a, att);
        }
        _ => {}
    }
}
