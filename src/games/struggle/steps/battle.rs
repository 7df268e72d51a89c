//! 10, 11, 12: the decisions around a moving force's entry into a space, asked of the side
//! they belong to (see `flow_battle` for the order): interception (inactive), return or
//! fight (active), support rolls and the Moltke card (active), avoid battle (inactive),
//! response cards (attacker, then defender), losses (attacker, then defender), retreat
//! (loser), advance of supporting armies and pursuit (winner). `Done` passes. The
//! defender may `Withdraw` inside its fortress or major city (13.2, 9.51). The step also
//! asks the owner of a force hit by attrition which steps it loses (15.5 at the end of
//! the turn, 12.5 after a pursuit): that owner need not be the player whose turn it is.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::cards::ResponseWhen;
use crate::games::struggle::data::StRules;
use crate::games::struggle::flow::Game;
use crate::games::struggle::flow_battle::{self as fb, Stage};
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct Battle;

/// The ways to avoid battle with their odds in words, each from its roll
/// ([`fb::avoid_roll`]) or automatic (10.6): "to Celle 3 in 6 [...]" (10.4) or "Hn IB to
/// Celle 1 in 6 [...]" (10.5); None when there is none.
fn avoid_odds(rules: &StRules, st: &StState) -> Option<String> {
    let v: Vec<String> = fb::avoid_options(rules, st)
        .iter()
        .filter_map(|o| {
            let StCommand::Avoid { to, unit } = o.cmd else {
                return None;
            };
            let who = unit.map(|u| format!("{} ", rules.unit_name(u)));
            let odds = match &o.roll {
                Some(r) => r.odds(),
                None => "6 in 6 [automatic, 10.6]".into(),
            };
            Some(format!(
                "{}to {} {odds}",
                who.unwrap_or_default(),
                rules.space_name(to)
            ))
        })
        .collect();
    if v.is_empty() {
        return None;
    }
    // 10.4, 18.3: who goes with an army limited by its generals' seniority, who stays
    let mut split = String::new();
    if let Some(p) = st.g.battle.as_ref() {
        let (units, gens) = fb::avoiding_force(rules, st, p);
        if crate::games::struggle::flow::commander(rules, &gens).is_some() {
            let going = fb::avoiding_army_units(rules, &units, &gens, &p.stay_behind);
            let staying: Vec<String> = units
                .iter()
                .filter(|u| !going.contains(u))
                .map(|&u| {
                    let reduced = st.units.get(u as usize).is_some_and(|x| x.reduced);
                    format!(
                        "{}{}",
                        rules.unit_name(u),
                        if reduced { " (reduced)" } else { "" }
                    )
                })
                .collect();
            if !staying.is_empty() {
                split = format!(
                    " ({} of {} units go; {} {} and fight, 18.3{})",
                    going.len(),
                    units.len(),
                    staying.join(", "),
                    if staying.len() == 1 { "stays" } else { "stay" },
                    if fb::rearguard_choices(rules, st).is_empty() {
                        ""
                    } else {
                        ": pick who stays behind"
                    }
                );
            }
        }
    }
    Some(format!("{}{split}", v.join(", ")))
}

fn pending(st: &StState) -> Result<&fb::Pending, Refusal> {
    st.g.battle
        .as_ref()
        .ok_or_else(|| Refusal::new("11.1", "no interception or battle is pending"))
}

/// The side that decides now.
pub fn actor(st: &StState) -> Option<Side> {
    let p = st.g.battle.as_ref()?;
    Some(match p.stage {
        Stage::Intercept | Stage::Avoid | Stage::GeneralRetreat => p.att.other(),
        Stage::Stay | Stage::Support | Stage::Roll | Stage::SiegePhase => p.att,
        Stage::BattleStart => Side::Prussia,
        Stage::Respond(s) | Stage::Losses(s) => s,
        Stage::Retreat => p.winner.map(|w| w.other()).unwrap_or(p.att),
        Stage::Advance | Stage::Pursue => p.winner.unwrap_or(p.att),
        Stage::Attrition => p.attrition.first().map(|a| a.side).unwrap_or(p.att),
    })
}

impl PlayStep<Struggle> for Battle {
    fn name(&self) -> &'static str {
        "Battle"
    }
    fn case(&self) -> &'static str {
        "11.2"
    }
    fn prompt(&self, rules: &StRules, st: &StState) -> String {
        let Some(p) = st.g.battle.as_ref() else {
            return String::new();
        };
        let on = rules.space_name(p.at);
        let who = actor(st).map(|s| s.name()).unwrap_or("");
        match p.stage {
            Stage::Intercept => {
                let v: Vec<String> = fb::interceptors(rules, st)
                    .into_iter()
                    .map(|g| {
                        format!(
                            "{} {}",
                            rules.gen_name(g),
                            fb::intercept_roll(rules, st, g).odds()
                        )
                    })
                    .collect();
                let avoid = avoid_odds(rules, st)
                    .map(|o| format!("; or declare avoid battle (10.4-10.6): {o}"))
                    .unwrap_or_default();
                if v.is_empty() {
                    let named: Vec<String> =
                        p.declared.iter().map(|&g| rules.gen_name(g)).collect();
                    return format!(
                        "{who}: interceptions into {on} declared ({}; 10.8){avoid}; Done rolls them",
                        named.join(", ")
                    );
                }
                format!(
                    "{who}: declare interceptions into {on} (10.2, 10.8: {}){avoid}",
                    v.join(", ")
                )
            }
            Stage::Stay => format!("{who}: intercepted in {on}: fight or return (10.3)"),
            Stage::BattleStart if p.sound.is_some() => {
                format!("{who}: Sound of the Guns: pick the army that joins the battle of {on}")
            }
            Stage::BattleStart => format!("{who}: the battle of {on} begins (responses, 6.25)"),
            Stage::Support => {
                let v: Vec<String> = fb::supporters(rules, st)
                    .into_iter()
                    .filter_map(|g| {
                        fb::support_roll(rules, st, g)
                            .map(|r| format!("{} {}", rules.gen_name(g), r.odds()))
                    })
                    .collect();
                format!(
                    "{who}: coordinated attack on {on}? (11.42: {})",
                    v.join(", ")
                )
            }
            Stage::Avoid if p.overrun => {
                format!("{who}: withdraw inside {on} (13.2) or be overrun (9.51)")
            }
            Stage::Avoid => {
                let c = avoid_odds(rules, st).unwrap_or_else(|| "no way to avoid".into());
                let inside = if fb::can_withdraw(rules, st) {
                    ", or withdraw inside (13.2)"
                } else if !fb::withdraw_units(rules, st).is_empty() {
                    ", or withdraw units inside up to its capacity (13.2, 13.5)"
                } else {
                    ""
                };
                format!("{who}: avoid battle in {on}? (10.4-10.6: {c}{inside})")
            }
            Stage::Respond(_) => {
                let odds = fb::battle_preview(rules, st)
                    .map(|b| format!("attacker wins {} in 36", b.attacker_wins_in_36))
                    .unwrap_or_default();
                format!("{who}: battle responses for {on} (11.2 note; {odds})")
            }
            Stage::Roll => format!("battle of {on}"),
            Stage::Losses(side) => {
                let who_i = if side == p.att { 0 } else { 1 };
                format!(
                    "{who}: take {} CF loss in {on} (11.2 step 4)",
                    p.loss[who_i]
                )
            }
            Stage::Retreat => format!("{who}: retreat from {on} (12.1)"),
            Stage::GeneralRetreat => {
                format!("{who}: your generals alone in {on} retreat: pick the space (9.52, 18.6)")
            }
            Stage::Advance => format!("{who}: supporting armies may enter {on} (11.44)"),
            Stage::Pursue => format!(
                "{who}: pursue? ({}; 12.4; units may stay behind, 12.5)",
                fb::pursuit_roll(rules, st)
                    .map(|r| r.odds())
                    .unwrap_or_else(|| "no pursuit possible".into())
            ),
            Stage::SiegePhase => {
                let rule5 = if crate::games::struggle::options::on(
                    rules,
                    crate::games::struggle::options::OPT5_SIEGES,
                ) {
                    "; a failure costs a step (optional rule 5)"
                } else {
                    ""
                };
                // the odds of the roll itself (a Siege Train once played included)
                let odds =
                    crate::games::struggle::siege::siege_die_roll(rules, st, p.at, p.att, "13.7")
                        .map(|r| r.odds())
                        .unwrap_or_else(|| "0 in 6".into());
                format!(
                    "{who}: Siege Phase: make the free siege attempt against {on} ({odds}{rule5}) or decline it (13.7)"
                )
            }
            Stage::Attrition => match p.attrition.first() {
                Some(a) => format!(
                    "{who}: attrition in {}: pick the {} step(s) lost ({}, 15.5)",
                    rules.space_name(a.at),
                    a.steps,
                    a.rule
                ),
                None => String::new(),
            },
        }
    }
    fn to_act(&self, _rules: &StRules, st: &StState) -> Option<Side> {
        actor(st)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::Intercept { .. }
                | StCommand::Return
                | StCommand::Support { .. }
                | StCommand::Avoid { .. }
                | StCommand::Respond { .. }
                | StCommand::TakeLosses { .. }
                | StCommand::Retreat { .. }
                | StCommand::Pursue
                | StCommand::Advance { .. }
                | StCommand::Withdraw
                | StCommand::WithdrawUnit { .. }
                | StCommand::Drop { .. }
                | StCommand::Siege
                | StCommand::Done
        )
    }
    fn legal(&self, rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
        let Some(p) = st.g.battle.as_ref() else {
            return;
        };
        match p.stage {
            Stage::Intercept => {
                for general in fb::interceptors(rules, st) {
                    out.push(StCommand::Intercept { general });
                }
                // 10.2: units may stay behind, at least one CU goes with the general
                for general in fb::interceptors(rules, st) {
                    if let Some((_, us)) = fb::intercepting_units(rules, st, general)
                        && us.len() > 1
                    {
                        for u in us {
                            let c = StCommand::Drop {
                                piece: Piece::Unit(u),
                            };
                            if !out.contains(&c) {
                                out.push(c);
                            }
                        }
                    }
                }
                // 10.8: the avoid battle is declared with the interceptions, before any die
                if p.avoid_declared.is_none() {
                    for o in fb::avoid_options(rules, st) {
                        out.push(o.cmd);
                    }
                    // 10.4, 18.3: the owner picks the rearguard of an avoiding army
                    for u in fb::rearguard_choices(rules, st) {
                        let c = StCommand::Drop {
                            piece: Piece::Unit(u),
                        };
                        if !out.contains(&c) {
                            out.push(c);
                        }
                    }
                }
                out.push(StCommand::Done);
            }
            Stage::Stay => {
                // Our reading (10.3, 10.8): the force does not return into an enemy force
                // that moved into the space it left (an avoid battle, also through the
                // 9.62 junction); it stays and fights. Back at an enemy stronghold it had
                // besieged it finds the garrison and besieges again (`return_back`), but
                // only the garrison it left there: not an enemy force that moved in since.
                let free = |f| {
                    crate::games::struggle::flow::units_at(rules, st, f, p.att.other()).is_empty()
                        || (crate::games::struggle::siege::fortification(rules, st, f).is_some()
                            && st.g.control.get(f).copied().flatten() == Some(p.att.other())
                            && fb::only_left_behind(rules, st, p, f))
                };
                if p.came_from().is_some_and(free) {
                    out.push(StCommand::Return);
                }
                out.push(StCommand::Done);
            }
            Stage::BattleStart => {
                if p.sound.is_some() {
                    for general in fb::sound_armies(rules, st) {
                        out.push(StCommand::Support { general });
                    }
                } else {
                    if !fb::sound_armies(rules, st).is_empty() {
                        for card in
                            fb::responses(rules, st, Side::Prussia, ResponseWhen::BattleStart)
                        {
                            out.push(StCommand::Respond { card });
                        }
                    }
                    out.push(StCommand::Done);
                }
            }
            Stage::Support => {
                // card 8, 11.43: only before the first support roll (audit defect 17)
                let rolled = p.asked.iter().any(|&g| rules.gen_side(g) == p.att);
                for card in fb::responses(rules, st, p.att, ResponseWhen::OnCoordinatedAttack) {
                    if !p.moltke && !rolled {
                        out.push(StCommand::Respond { card });
                    }
                }
                for general in fb::supporters(rules, st) {
                    out.push(StCommand::Support { general });
                }
                out.push(StCommand::Done);
            }
            Stage::Avoid => {
                // 10.8: once an interception or support die is rolled, only an avoid
                // declared before it is attempted
                if !p.rolled {
                    for o in fb::avoid_options(rules, st) {
                        out.push(o.cmd);
                    }
                    // 10.4, 18.3: the owner picks the rearguard of an avoiding army
                    for u in fb::rearguard_choices(rules, st) {
                        out.push(StCommand::Drop {
                            piece: Piece::Unit(u),
                        });
                    }
                }
                if fb::can_withdraw(rules, st) {
                    out.push(StCommand::Withdraw);
                }
                // 13.2: some units inside (up to the capacity), the rest outside
                for unit in fb::withdraw_units(rules, st) {
                    out.push(StCommand::WithdrawUnit { unit });
                }
                out.push(StCommand::Done);
            }
            Stage::Respond(side) => {
                for card in fb::responses(rules, st, side, ResponseWhen::BeforeBattleRoll) {
                    out.push(StCommand::Respond { card });
                }
                out.push(StCommand::Done);
            }
            Stage::Roll => {}
            Stage::Losses(_) | Stage::Attrition => {
                let n = fb::loss_options(rules, st).len().min(u16::MAX as usize);
                for choice in 0..n as u16 {
                    out.push(StCommand::TakeLosses { choice });
                }
            }
            Stage::Retreat => {
                for to in fb::retreat_options(rules, st) {
                    out.push(StCommand::Retreat { to });
                }
            }
            Stage::GeneralRetreat => {
                for to in fb::lone_general_spaces(rules, st) {
                    out.push(StCommand::Retreat { to });
                }
            }
            // 13.7: "may": the attempt, or `Done` declines it
            // card 51 (6.25): a Siege Train may be played before the roll
            Stage::SiegePhase => {
                out.push(StCommand::Siege);
                out.push(StCommand::Done);
                for card in crate::games::struggle::events::siege_phase_responses(rules, st) {
                    out.push(StCommand::Respond { card });
                }
            }
            Stage::Advance => {
                for &(general, _) in &p.supports {
                    if fb::army_of(rules, st, general).is_some() {
                        out.push(StCommand::Advance { general });
                    }
                }
                out.push(StCommand::Done);
            }
            Stage::Pursue => {
                if fb::pursuit_chance(rules, st).is_some() {
                    out.push(StCommand::Pursue);
                    // 12.5: units may stay behind; at least one CU pursues
                    let us = fb::pursuing_units(rules, st);
                    if us.len() > 1 {
                        for u in us {
                            out.push(StCommand::Drop {
                                piece: Piece::Unit(u),
                            });
                        }
                    }
                }
                out.push(StCommand::Done);
            }
        }
    }
    fn check(&self, rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
        let p = pending(st)?;
        let mut legal = Vec::new();
        self.legal(rules, st, &mut legal);
        if legal.contains(cmd) {
            return Ok(());
        }
        // the reason, citing the case
        Err(match (p.stage, cmd) {
            (Stage::Intercept, StCommand::Intercept { .. }) => Refusal::new(
                "10.2",
                "only an army (a commander with a combat unit) adjacent to the space entered may intercept, once",
            ),
            (Stage::Intercept, StCommand::Drop { .. }) => Refusal::new(
                "10.2",
                "only a unit of an army that may intercept stays behind, and at least one combat unit goes with its general; in the battle space only while the avoiding army has more units than its generals' seniority (18.3)",
            ),
            (Stage::Avoid, StCommand::Drop { .. }) => Refusal::new(
                "18.3",
                "a unit stays as the rearguard only while the avoiding army has more units than its generals' seniority, before the avoid is rolled",
            ),
            (Stage::Stay, StCommand::Return) => Refusal::new(
                "10.3",
                "the force has no space to return to (an enemy force now stands in the space it left, 12.1)",
            ),
            (Stage::BattleStart, StCommand::Support { .. }) => Refusal::new(
                "6.25",
                "Sound of the Guns: only a Prussian army adjacent to the battle space, after the card is played",
            ),
            (Stage::BattleStart, StCommand::Respond { .. }) => Refusal::new(
                "6.25",
                "that card is not a response for the start of this battle",
            ),
            (Stage::Support, StCommand::Support { .. }) => Refusal::new(
                "11.4",
                "only an army of the attacker adjacent to the battle space may support, once",
            ),
            (Stage::Support, StCommand::Respond { .. }) => Refusal::new(
                "11.43",
                "that card is not a coordinated-attack response of yours",
            ),
            (Stage::Avoid, StCommand::Avoid { .. }) if p.rolled => Refusal::new(
                "10.8",
                "avoid battle is declared with the interceptions, before any die is rolled",
            ),
            (Stage::Intercept | Stage::Avoid, StCommand::Avoid { to, .. })
                if st.g.control.get(*to).copied().flatten() == Some(p.att) =>
            {
                Refusal::new(
                    "14.4",
                    "no avoid battle into a space with an enemy PC marker",
                )
            }
            (Stage::Intercept | Stage::Avoid, StCommand::Avoid { .. }) => Refusal::new(
                "10.4",
                "avoid battle only into a valid retreat space (12.1); one unit without a general (10.5); not after intercepting (10.7)",
            ),
            (Stage::Respond(_), StCommand::Respond { .. }) => Refusal::new(
                "6.25",
                "that card is not a battle response you may play now (attacker declares first)",
            ),
            (Stage::Losses(_), StCommand::TakeLosses { .. }) => Refusal::new(
                "11.2",
                "step 4: pick one of the listed ways to take the loss",
            ),
            (Stage::Attrition, StCommand::TakeLosses { .. }) => Refusal::new(
                "15.5",
                "pick one of the listed ways to lose the attrition steps",
            ),
            (Stage::SiegePhase, StCommand::Respond { .. }) => Refusal::new(
                "6.25",
                "before the Siege Phase roll only a Siege Train of the besieger's, one per roll",
            ),
            (Stage::SiegePhase, _) => Refusal::new(
                "13.7",
                "the Siege Phase: the besieger makes its free siege attempt (Siege) or declines it (Done); a Siege Train may be played first",
            ),
            (_, StCommand::Siege) => Refusal::new(
                "13.7",
                "a siege roll here only as the Siege Phase's free attempt; in the Operational Phase the activated force rolls in its Move step (13.33, 13.34)",
            ),
            (Stage::Attrition, _) => Refusal::new(
                "15.5",
                "the owner of the force picks the steps it loses to attrition",
            ),
            (_, StCommand::WithdrawUnit { .. }) => Refusal::new(
                "13.2",
                "only a unit of the defender's force outside, when first entered in its own fortress or major city, withdraws inside, up to its capacity (13.5); one left alone withdraws with Withdraw",
            ),
            (_, StCommand::Withdraw) => Refusal::new(
                "13.2",
                "only the defender's whole force, when first entered in its own fortress or major city, may withdraw inside (up to its capacity, 13.5)",
            ),
            (Stage::Retreat, StCommand::Retreat { to })
                if p.winner.is_some_and(|w| {
                    st.g.control.get(*to).copied().flatten() == Some(w)
                        && crate::games::struggle::flow::units_at(rules, st, *to, w).is_empty()
                        && fb::retreat_options(rules, st)
                            .iter()
                            .any(|&o| st.g.control.get(o).copied().flatten() == Some(w.other()))
                }) =>
            {
                Refusal::new(
                    "14.4",
                    "a retreat must end in a space with a friendly PC marker if at all possible",
                )
            }
            (Stage::Retreat, StCommand::Retreat { .. }) => Refusal::new(
                "12.1",
                "retreat to an adjacent space without an enemy force; the attacker whence it came",
            ),
            (Stage::GeneralRetreat, StCommand::Retreat { .. }) => Refusal::new(
                "9.52",
                "a lone general retreats to an adjacent space without enemy units, not the one the enemy force came from",
            ),
            (Stage::Pursue, StCommand::Drop { .. }) => Refusal::new(
                "12.5",
                "only a unit of the winner in the battle space stays behind, and at least one combat unit pursues with the general",
            ),
            (Stage::Pursue, StCommand::Pursue) => Refusal::new(
                "12.4",
                "no pursuit from an unbesieged fortress or major city, or into another enemy force",
            ),
            (Stage::Advance, StCommand::Advance { .. }) => Refusal::new(
                "11.44",
                "only a supporting army of the winning attacker may enter the battle space",
            ),
            (Stage::Losses(_) | Stage::Retreat, StCommand::Done) => {
                Refusal::new("11.2", "the loss and the retreat are not optional")
            }
            _ => Refusal::new(
                "11.1",
                "that is not a decision of this moment of the battle",
            ),
        })
    }
    fn execute(
        &self,
        rules: &StRules,
        st: &mut StState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &StCommand,
    ) {
        let side = actor(st);
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match *cmd {
            StCommand::Intercept { general } => g.intercept(general),
            StCommand::Return => g.return_back(),
            StCommand::Drop {
                piece: Piece::Unit(u),
            } => g.stay_behind(u),
            StCommand::Support { general }
                if g.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::BattleStart) =>
            {
                g.sound_join(general)
            }
            StCommand::Support { general } => g.support(general),
            StCommand::Avoid { to, unit }
                if g.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::Intercept) =>
            {
                g.declare_avoid(to, unit);
            }
            StCommand::Avoid { to, unit } => g.avoid(to, unit),
            StCommand::Respond { card } => {
                if let Some(s) = side {
                    g.respond(s, card);
                }
            }
            StCommand::TakeLosses { choice } => {
                let ch = fb::loss_options(rules, g.st);
                if let Some(c) = ch.get(choice as usize) {
                    let f = c.fates.clone();
                    if g.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::Attrition) {
                        g.apply_attrition(&f);
                    } else {
                        g.apply_losses(&f);
                    }
                }
            }
            StCommand::Retreat { to }
                if g.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::GeneralRetreat) =>
            {
                g.retreat_lone_generals(to);
            }
            StCommand::Retreat { to } => {
                g.retreat(Some(to));
                g.progress();
            }
            StCommand::Pursue => g.pursue(),
            StCommand::Advance { general } => g.advance(general),
            StCommand::Withdraw => g.withdraw(),
            StCommand::WithdrawUnit { unit } => g.withdraw_unit(unit),
            StCommand::Siege => g.answer_siege_attempt(true),
            StCommand::Done
                if g.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::SiegePhase) =>
            {
                g.answer_siege_attempt(false)
            }
            StCommand::Done => {
                if g.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::Stay) {
                    g.stay();
                } else {
                    g.pass();
                }
            }
            _ => {}
        }
    }
}
