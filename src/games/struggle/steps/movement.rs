//! 9: moving the activated force along routes. An army (6.22) has 6 MPs (18.5), picks up
//! and drops off units and junior generals on its way (9.3, 9.4, 18.2, 18.3), and none of
//! its units goes beyond its own MA (9.3). An individually activated piece moves alone
//! (6.23). In the Mobilization Phase no enemy-controlled space may be entered (7.21);
//! French territory is closed before the intervention (16.1); the junction may not end a
//! move (9.62). Entering an enemy force ends the move in a battle (9.5, 11).

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::data::{GenId, StRules, UnitId};
use crate::games::struggle::endturn;
use crate::games::struggle::events;
use crate::games::struggle::flow::{self, ARMY_MA, Game};
use crate::games::struggle::map::{Country, SpaceId, SpaceKind};
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct Movement;

fn spent(op: &Op, p: Piece) -> u8 {
    op.spent
        .iter()
        .find(|(q, _)| *q == p)
        .map(|x| x.1)
        .unwrap_or(0)
}

fn set_rail_left(v: &mut Vec<(Piece, u8)>, p: Piece, left: u8) {
    match v.iter_mut().find(|(q, _)| *q == p) {
        Some(e) => e.1 = left,
        None => v.push((p, left)),
    }
}

fn piece_ma(rules: &StRules, p: Piece) -> u8 {
    match p {
        Piece::General(_) => ARMY_MA,
        Piece::Unit(u) => rules.ty(u).map(|t| t.ma).unwrap_or(0),
    }
}

/// 18.3: the units the generals of an army can activate (the sum of their seniority).
fn capacity(rules: &StRules, pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .filter_map(|p| match p {
            Piece::General(g) => Some(flow::seniority(rules, *g) as usize),
            _ => None,
        })
        .sum()
}

fn cu_count(pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .filter(|p| matches!(p, Piece::Unit(_)))
        .count()
}

/// 6.22: the activated general forms his army from his space: junior generals and as
/// many units as the generals' seniority allows (18.3).
pub fn start_army(g: &mut Game<'_>, general: GenId) {
    let rules = g.rules;
    let Some(at) = g.st.generals[general as usize].loc.space() else {
        g.end_use();
        return;
    };
    let side = rules.gen_side(general);
    let mut pieces = vec![Piece::General(general)];
    // 18.2: a junior activated in a senior general's space commands only himself and what
    // he picks up (never the last combat unit of the senior)
    let junior = flow::generals_at(rules, g.st, at, side)
        .iter()
        .any(|&o| flow::seniority(rules, o) > flow::seniority(rules, general));
    for o in flow::generals_at(rules, g.st, at, side) {
        if o != general && !junior {
            pieces.push(Piece::General(o));
        }
    }
    // 18.3: the first units up to the capacity; the player may drop some and pick up
    // others in the space before moving (9.3)
    let cap = if junior { 0 } else { capacity(rules, &pieces) };
    for u in flow::units_at(rules, g.st, at, side).into_iter().take(cap) {
        pieces.push(Piece::Unit(u));
    }
    // 18.5; optional rule 7: an army has 4 MPs
    let ma = crate::games::struggle::options::army_ma(rules);
    if ma != ARMY_MA {
        g.say(
            "optional rule 7",
            format!("the army has an MA of {ma} MPs (a lone general keeps {ARMY_MA})"),
        );
    }
    if let Some(o) = g.st.g.op.as_mut() {
        o.mover = Some(Mover {
            army: true,
            at,
            from: None,
            back: None,
            pieces,
            mp: 0,
            ma,
            rail: None,
            save_rail: false,
            left_unsupplied: false,
        });
    }
    g.st.g.step = Step::Move;
    // 6.25: the inactive player may answer the activation (card 16)
    events::army_activated(g);
}

/// 6.23: the next declared piece moves, or the use ends.
pub fn next_individual(g: &mut Game<'_>) {
    loop {
        let next = g.st.g.op.as_mut().and_then(|o| {
            if o.queue.is_empty() {
                None
            } else {
                Some(o.queue.remove(0))
            }
        });
        let Some(p) = next else {
            g.end_use();
            return;
        };
        let Some(Loc::Space(at)) = flow::piece_loc(g.st, p) else {
            continue;
        };
        let ma = piece_ma(g.rules, p);
        if let Some(o) = g.st.g.op.as_mut() {
            o.mover = Some(Mover {
                army: false,
                at,
                from: None,
                back: None,
                pieces: vec![p],
                mp: 0,
                ma,
                rail: None,
                save_rail: false,
                left_unsupplied: false,
            });
        }
        g.st.g.step = Step::Move;
        return;
    }
}

/// The mover's movement is over.
pub fn stop(g: &mut Game<'_>) {
    let army =
        g.st.g
            .op
            .as_mut()
            .and_then(|o| o.mover.take())
            .map(|m| m.army)
            .unwrap_or(true);
    if army {
        // cards 40, 42, 43: an event's army; card 40 goes on with its second general
        if events::army_done(g) {
            return;
        }
        g.end_use();
    } else {
        next_individual(g);
    }
}

fn is_junction(rules: &StRules, s: SpaceId) -> bool {
    rules
        .map
        .spaces
        .get(s)
        .is_some_and(|x| x.kind == SpaceKind::Junction)
}

pub fn check_move(rules: &StRules, st: &StState, to: SpaceId) -> Result<(), Refusal> {
    let op = super::op(st)?;
    let Some(m) = op.mover.as_ref() else {
        return Err(Refusal::new("9.1", "nothing is moving"));
    };
    let side = op.side;
    let Some(space) = rules.map.spaces.get(to) else {
        return Err(Refusal::new("9.1", "no such space"));
    };
    if rules.map.route_between(m.at, to).is_none() {
        return Err(Refusal::new(
            "9.1",
            format!(
                "no route joins {} and {}",
                rules.space_name(m.at),
                space.name
            ),
        ));
    }
    let Some(cost) = events::enter_cost(rules, st, m.at, to) else {
        return Err(Refusal::new("9.1", "that route cannot be used"));
    };
    events::check_enter(rules, st, &m.pieces, to)?;
    if space.kind == SpaceKind::OffBoard || (space.country == Country::France && !st.g.france) {
        return Err(Refusal::new(
            "16.1",
            "no one may enter French territory before the French intervention",
        ));
    }
    // 9.62: the junction may only be passed through
    let extra = if is_junction(rules, to) {
        rules
            .map
            .routes_from(to)
            .filter_map(|(_, n)| rules.map.enter_cost(to, n))
            .min()
            .unwrap_or(1)
    } else {
        0
    };
    // 9.61: a step paid from the special rail block costs none of the ordinary MPs
    let by_rail =
        crate::games::struggle::rail::paid_by_rail(rules, st, m, side, to, cost + extra).is_some();
    if !by_rail && m.mp + cost + extra > m.ma {
        return Err(Refusal::new(
            "9.3",
            format!(
                "entering {} costs {cost} MP and {} of {} are left",
                space.name,
                m.ma - m.mp.min(m.ma),
                m.ma
            ),
        ));
    }
    for &p in &m.pieces {
        if let Piece::Unit(u) = p
            && crate::games::struggle::rail::unit_paid_by_rail(
                rules,
                st,
                op,
                p,
                m.at,
                to,
                cost + extra,
            )
            .is_none()
            && spent(op, p) + cost + extra > piece_ma(rules, p)
        {
            return Err(Refusal::new(
                "9.3",
                format!(
                    "{} would go beyond its MA of {}: drop it off first",
                    rules.unit_name(u),
                    piece_ma(rules, p)
                ),
            ));
        }
    }
    let enemy_units = flow::units_at(rules, st, to, side.other());
    if !st.g.war {
        if flow::enemy_controlled(st, to, side) {
            return Err(Refusal::new(
                "7.21",
                format!(
                    "in the Mobilization Phase no force may enter the enemy-controlled {}",
                    space.name
                ),
            ));
        }
        if !enemy_units.is_empty() {
            return Err(Refusal::new(
                "7.21",
                "there is no combat in the Mobilization Phase",
            ));
        }
    }
    let has_cu = cu_count(&m.pieces) > 0;
    if !enemy_units.is_empty() && !has_cu {
        return Err(Refusal::new(
            "11.1",
            "a general without combat units cannot enter an enemy force",
        ));
    }
    // 13.41: leaving an unbesieged enemy fortress or major city needs a unit left to mask it;
    // only for a force passing through (entered this move, 9.53): one that began its
    // activation there may march away, which lifts its siege (13.6, 13.42)
    let here = rules.map.spaces.get(m.at).map(|x| x.kind);
    let fortified = matches!(here, Some(SpaceKind::Major) | Some(SpaceKind::Fortress(_)));
    if has_cu
        && m.from.is_some()
        && fortified
        && flow::enemy_controlled(st, m.at, side)
        && !st.g.destroyed.get(m.at).copied().unwrap_or(true)
    {
        let staying = flow::units_at(rules, st, m.at, side)
            .into_iter()
            .filter(|u| !m.pieces.contains(&Piece::Unit(*u)))
            .count();
        if staying == 0 {
            return Err(Refusal::new(
                "13.41",
                format!(
                    "to move on from {} leave a combat unit to mask it (or stay to besiege it)",
                    rules.space_name(m.at)
                ),
            ));
        }
    }
    Ok(())
}

/// 13.6: a force sheltered in its own besieged fortress or major city may, once
/// activated and before it moves, sortie against the besiegers in the same space.
pub fn check_sortie(rules: &StRules, st: &StState) -> Result<(), Refusal> {
    let op = super::op(st)?;
    let Some(m) = op.mover.as_ref() else {
        return Err(Refusal::new("9.1", "nothing is moving"));
    };
    if !st.g.war {
        return Err(Refusal::new(
            "7.21",
            "there is no combat in the Mobilization Phase",
        ));
    }
    if m.from.is_some() {
        return Err(Refusal::new(
            "13.6",
            "only a force that begins its activation inside the besieged space sorties",
        ));
    }
    if crate::games::struggle::siege::besieger(rules, st, m.at) != Some(op.side.other()) {
        return Err(Refusal::new(
            "13.6",
            format!(
                "{} is not a stronghold of yours under enemy siege",
                rules.space_name(m.at)
            ),
        ));
    }
    if cu_count(&m.pieces) == 0 {
        return Err(Refusal::new(
            "11.1",
            "a general without combat units cannot sortie",
        ));
    }
    Ok(())
}

impl PlayStep<Struggle> for Movement {
    fn name(&self) -> &'static str {
        "Movement"
    }
    fn case(&self) -> &'static str {
        "9.1"
    }
    fn prompt(&self, rules: &StRules, st: &StState) -> String {
        let Some(op) = st.g.op.as_ref() else {
            return String::new();
        };
        let Some(m) = op.mover.as_ref() else {
            return String::new();
        };
        let who = m
            .pieces
            .first()
            .map(|&p| flow::piece_name(rules, p))
            .unwrap_or_default();
        // 13.31: the odds of a siege attempt, from the roll's own description
        let siege = if crate::games::struggle::siege::check_siege(rules, st).is_ok() {
            let rule = if m.from.is_some() { "13.33" } else { "13.34" };
            crate::games::struggle::siege::siege_die_roll(rules, st, m.at, op.side, rule)
                .map(|r| format!("; siege attempt ({rule}): {}", r.odds()))
                .unwrap_or_default()
        } else {
            String::new()
        };
        // 9.61: the state of the rail bonus block
        let rail = match m.rail {
            _ if m.save_rail => "; rail bonus kept for later".to_string(),
            Some(n) if n > 0 => format!("; {n} rail bonus MP left"),
            _ => String::new(),
        };
        format!(
            "{}: move {}{} from {} ({} of {} MP left){rail}{siege}",
            op.side.name(),
            who,
            if m.army { "'s army" } else { "" },
            rules.space_name(m.at),
            m.ma - m.mp.min(m.ma),
            m.ma
        )
    }
    fn to_act(&self, _rules: &StRules, st: &StState) -> Option<Side> {
        st.g.op.as_ref().map(|o| o.side)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::Move { .. }
                | StCommand::PickUp { .. }
                | StCommand::Drop { .. }
                | StCommand::Done
                | StCommand::Siege
                | StCommand::Sortie
                | StCommand::SaveRail { .. }
                | StCommand::Respond { .. }
        )
    }
    fn legal(&self, rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
        let Some(m) = st.g.op.as_ref().and_then(|o| o.mover.as_ref()) else {
            return;
        };
        let side = st.g.op.as_ref().map(|o| o.side).unwrap_or(Side::Prussia);
        for (_, to) in rules.map.routes_from(m.at) {
            let c = StCommand::Move { to };
            if self.check(rules, st, &c).is_ok() {
                out.push(c);
            }
        }
        if m.army {
            for u in flow::units_at(rules, st, m.at, side) {
                let c = StCommand::PickUp {
                    piece: Piece::Unit(u),
                };
                if self.check(rules, st, &c).is_ok() {
                    out.push(c);
                }
            }
            for g in flow::generals_at(rules, st, m.at, side) {
                let c = StCommand::PickUp {
                    piece: Piece::General(g),
                };
                if self.check(rules, st, &c).is_ok() {
                    out.push(c);
                }
            }
            for &p in m.pieces.iter().skip(1) {
                let c = StCommand::Drop { piece: p };
                if self.check(rules, st, &c).is_ok() {
                    out.push(c);
                }
            }
        }
        if self.check(rules, st, &StCommand::Siege).is_ok() {
            out.push(StCommand::Siege);
        }
        if self.check(rules, st, &StCommand::Sortie).is_ok() {
            out.push(StCommand::Sortie);
        }
        // 9.61: keep the rail block for later, or let it go
        for save in [true, false] {
            let c = StCommand::SaveRail { save };
            if self.check(rules, st, &c).is_ok() {
                out.push(c);
            }
        }
        // 6.25: Pontoon Train, Siege Train
        out.extend(
            events::move_responses(rules, st)
                .into_iter()
                .map(|card| StCommand::Respond { card }),
        );
        if self.check(rules, st, &StCommand::Done).is_ok() {
            out.push(StCommand::Done);
        }
    }
    fn check(&self, rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
        let op = super::op(st)?;
        let Some(m) = op.mover.as_ref() else {
            return Err(Refusal::new("9.1", "nothing is moving"));
        };
        match *cmd {
            StCommand::Move { to } => check_move(rules, st, to),
            StCommand::SaveRail { save } => {
                crate::games::struggle::rail::block_choice(rules, st)?;
                if m.save_rail == save {
                    return Err(Refusal::new(
                        "9.61",
                        if save {
                            "the rail bonus is already kept for later"
                        } else {
                            "the rail bonus already pays from the next friendly rail step"
                        },
                    ));
                }
                Ok(())
            }
            StCommand::Siege => crate::games::struggle::siege::check_siege(rules, st),
            StCommand::Sortie => check_sortie(rules, st),
            StCommand::Respond { card } => {
                if events::move_responses(rules, st).contains(&card) {
                    Ok(())
                } else {
                    Err(Refusal::new(
                        "6.25",
                        "no response of yours may be played now (Pontoon Train before moving, Siege Train before a siege roll)",
                    ))
                }
            }
            StCommand::Done => {
                // 9.62; a force that cannot leave the junction at all may stop there
                let stuck = !rules
                    .map
                    .routes_from(m.at)
                    .any(|(_, to)| check_move(rules, st, to).is_ok());
                if is_junction(rules, m.at) && !stuck {
                    Err(Refusal::new(
                        "9.62",
                        "no move may end on the railroad junction",
                    ))
                } else {
                    Ok(())
                }
            }
            StCommand::PickUp { piece } => {
                if !m.army {
                    return Err(Refusal::new(
                        "6.23",
                        "an individually activated piece picks up nothing",
                    ));
                }
                let valid = match piece {
                    Piece::Unit(u) => (u as usize) < st.units.len(),
                    Piece::General(g) => (g as usize) < st.generals.len(),
                };
                if !valid || flow::piece_side(rules, piece) != op.side {
                    return Err(Refusal::new("9.3", "not a piece of yours"));
                }
                if flow::piece_loc(st, piece) != Some(Loc::Space(m.at)) {
                    return Err(Refusal::new(
                        "9.3",
                        "units are picked up in the army's space",
                    ));
                }
                if m.pieces.contains(&piece) {
                    return Err(Refusal::new("9.3", "already with the army"));
                }
                match piece {
                    Piece::Unit(_) => {
                        events::check_pickup(rules, st)?;
                        if cu_count(&m.pieces) >= capacity(rules, &m.pieces) {
                            return Err(Refusal::new(
                                "18.3",
                                "the army's generals cannot activate more units (seniority)",
                            ));
                        }
                        if spent(op, piece) >= piece_ma(rules, piece) {
                            return Err(Refusal::new("9.3", "that unit has used its MA"));
                        }
                        // 18.2: at least one combat unit stays with a more senior general
                        if let Some(Piece::General(cmdr)) = m.pieces.first() {
                            let senior = flow::generals_at(rules, st, m.at, op.side)
                                .into_iter()
                                .any(|x| {
                                    !m.pieces.contains(&Piece::General(x))
                                        && flow::seniority(rules, x) > flow::seniority(rules, *cmdr)
                                });
                            let left = flow::units_at(rules, st, m.at, op.side)
                                .into_iter()
                                .filter(|&u| {
                                    Piece::Unit(u) != piece && !m.pieces.contains(&Piece::Unit(u))
                                })
                                .count();
                            if senior && left == 0 {
                                return Err(Refusal::new(
                                    "18.2",
                                    "at least one combat unit stays with the more senior general",
                                ));
                            }
                        }
                    }
                    Piece::General(g) => {
                        let cmdr = match m.pieces.first() {
                            Some(Piece::General(c)) => *c,
                            _ => return Err(Refusal::new("9.3", "the army has no commander")),
                        };
                        if flow::seniority(rules, g) > flow::seniority(rules, cmdr) {
                            return Err(Refusal::new(
                                "18.2",
                                "a commander may not carry along a more senior general",
                            ));
                        }
                    }
                }
                Ok(())
            }
            StCommand::Drop { piece } => {
                if !m.army {
                    return Err(Refusal::new(
                        "6.23",
                        "an individual activation drops nothing",
                    ));
                }
                if m.pieces.first() == Some(&piece) {
                    return Err(Refusal::new("9.3", "the commander stays with his army"));
                }
                if !m.pieces.contains(&piece) {
                    return Err(Refusal::new("9.3", "that piece is not with the army"));
                }
                if is_junction(rules, m.at) {
                    return Err(Refusal::new(
                        "9.62",
                        "nothing may stay on the railroad junction",
                    ));
                }
                // 18.3: the generals who stay with the army must be able to activate its units
                if let Piece::General(_) = piece {
                    let after: Vec<Piece> =
                        m.pieces.iter().copied().filter(|&p| p != piece).collect();
                    if cu_count(&after) > capacity(rules, &after) {
                        return Err(Refusal::new(
                            "18.3",
                            format!(
                                "without this general the army's generals can activate only {} units: drop units first",
                                capacity(rules, &after)
                            ),
                        ));
                    }
                }
                Ok(())
            }
            _ => Err(Refusal::new("9.1", "move, pick up, drop off or be done")),
        }
    }
    fn execute(
        &self,
        rules: &StRules,
        st: &mut StState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &StCommand,
    ) {
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match *cmd {
            StCommand::Done => stop(&mut g),
            StCommand::Siege => g.siege_attempt(),
            StCommand::Sortie => g.sortie(),
            StCommand::SaveRail { save } => {
                if let Some(m) = g.st.g.op.as_mut().and_then(|o| o.mover.as_mut()) {
                    m.save_rail = save;
                }
                g.say(
                    "9.61",
                    if save {
                        "the rail bonus is kept for later: rail steps are paid from the ordinary MPs"
                    } else {
                        "the rail bonus pays from the next friendly rail step on, as one block"
                    },
                );
            }
            StCommand::Respond { card } => {
                let side = g.st.g.op.as_ref().map(|o| o.side).unwrap_or(Side::Prussia);
                events::respond(&mut g, side, card);
            }
            StCommand::PickUp { piece } => {
                if let Some(m) = g.st.g.op.as_mut().and_then(|o| o.mover.as_mut()) {
                    m.pieces.push(piece);
                }
                let n = flow::piece_name(rules, piece);
                g.say("9.3", format!("{n} is picked up"));
            }
            StCommand::Drop { piece } => {
                if let Some(m) = g.st.g.op.as_mut().and_then(|o| o.mover.as_mut()) {
                    m.pieces.retain(|&p| p != piece);
                }
                let n = flow::piece_name(rules, piece);
                g.say("9.3", format!("{n} is dropped off"));
            }
            StCommand::Move { to } => {
                let side = g.st.g.op.as_ref().map(|o| o.side).unwrap_or(Side::Prussia);
                let cost =
                    g.st.g
                        .op
                        .as_ref()
                        .and_then(|o| o.mover.as_ref())
                        .and_then(|m| events::enter_cost(rules, g.st, m.at, to))
                        .unwrap_or(1);
                let rail = g
                    .st
                    .g
                    .op
                    .as_ref()
                    .and_then(|o| o.mover.as_ref())
                    .and_then(|m| {
                        crate::games::struggle::rail::paid_by_rail(rules, g.st, m, side, to, cost)
                    });
                // 9.61: each unit's own block (rail.rs), decided before the army moves
                let unit_rail: Vec<(Piece, Option<u8>)> = match g.st.g.op.as_ref() {
                    Some(op) => op
                        .mover
                        .as_ref()
                        .map(|m| {
                            m.pieces
                                .iter()
                                .filter(|p| matches!(p, Piece::Unit(_)))
                                .map(|&p| {
                                    let r = crate::games::struggle::rail::unit_paid_by_rail(
                                        rules, g.st, op, p, m.at, to, cost,
                                    );
                                    (p, r)
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                    None => Vec::new(),
                };
                // 15.2: the supply status as the force departs its space (15.4: the
                // moving force's own units say whether it may use the French source)
                let left_unsupplied =
                    g.st.g
                        .op
                        .as_ref()
                        .and_then(|o| o.mover.as_ref().map(|m| (m.at, o.side, m.pieces.clone())))
                        .is_some_and(|(at, side, pieces)| {
                            let units: Vec<UnitId> = pieces
                                .iter()
                                .filter_map(|p| match p {
                                    Piece::Unit(u) => Some(*u),
                                    Piece::General(_) => None,
                                })
                                .collect();
                            !endturn::force_supplied(g.rules, g.st, at, side, &units)
                        });
                let Some(op) = g.st.g.op.as_mut() else { return };
                let Some(m) = op.mover.as_mut() else { return };
                let from = m.at;
                m.left_unsupplied = left_unsupplied;
                let paid = match rail {
                    Some(left) => {
                        m.rail = Some(left);
                        0
                    }
                    None => {
                        if m.rail.is_some() {
                            m.rail = Some(0); // 9.61: the block is over
                        }
                        cost
                    }
                };
                m.mp += paid;
                // 9.62: the junction is only passed through: the force still comes from
                // the space before it (10.3 return, 12.1 retreat, 9.52)
                let junction = rules
                    .map
                    .spaces
                    .get(from)
                    .is_some_and(|x| x.kind == SpaceKind::Junction);
                if !junction {
                    m.back = Some(from);
                }
                m.from = Some(from);
                m.at = to;
                let pieces = m.pieces.clone();
                for &p in &pieces {
                    // a unit pays from its own block or its own MA; a general with the army
                    let own = match unit_rail.iter().find(|(q, _)| *q == p) {
                        Some((_, Some(left))) => {
                            set_rail_left(&mut op.rail_left, p, *left);
                            0
                        }
                        Some((_, None)) => {
                            if op.rail_left.iter().any(|(q, _)| *q == p) {
                                set_rail_left(&mut op.rail_left, p, 0); // block over
                            }
                            cost
                        }
                        None => paid,
                    };
                    match op.spent.iter_mut().find(|(q, _)| *q == p) {
                        Some(e) => e.1 += own,
                        None => op.spent.push((p, own)),
                    }
                }
                for &p in &pieces {
                    match p {
                        Piece::Unit(u) => g.st.units[u as usize].loc = Loc::Space(to),
                        Piece::General(x) => g.st.generals[x as usize].loc = Loc::Space(to),
                    }
                }
                let who = pieces
                    .first()
                    .map(|&p| flow::piece_name(rules, p))
                    .unwrap_or_default();
                g.say(
                    "9.1",
                    format!(
                        "{who} moves from {} to {} ({cost} MP{})",
                        rules.space_name(from),
                        rules.space_name(to),
                        if rail.is_some() {
                            " of special rail movement, 9.61"
                        } else {
                            ""
                        }
                    ),
                );
                // a pending interception or battle (flow_battle.rs) ends or resumes the move
                if g.entered(to) && g.st.g.step == Step::Move && g.st.g.battle.is_none() {
                    stop(&mut g);
                }
            }
            _ => {}
        }
    }
}
