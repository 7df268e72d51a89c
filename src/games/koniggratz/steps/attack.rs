//! 4.3: the Attack Phase. The sides alternate single attacks from Prussia until both
//! pass; the first to pass rolls a die that caps the other side's further attacks
//! (4.3.5). Each attack asks for Artillery Support ([`super::Artillery`]).

use super::super::Koniggratz;
use super::super::combat;
use super::super::data::{KgRules, Side};
use super::super::flow::{Game, side_units};
use super::super::rules::View;
use super::super::state::{KgCommand, KgState, Loc, Pending, Refusal, Step, UnitId};
use super::{KgStep, checked, not_this_step, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct Attack;

/// Whether `attacker` of `side` may attack `defender` now: an enemy next to it (3.4),
/// with nothing in [`combat::attack_refusal`] against it.
fn may_attack(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
    attacker: UnitId,
    defender: UnitId,
) -> bool {
    let m = &rules.map;
    let Loc::Map(c) = st.units[attacker as usize].loc else {
        return false;
    };
    rules.units[attacker as usize].side == side
        && rules.units[defender as usize].side != side
        && m.neighbors(c)
            .any(|(_, nb)| view.occupant(m, nb) == Some(defender))
        && combat::attack_refusal(rules, st, view, attacker, defender).is_none()
}

/// The attacks `side` may make (by unit `only` when given).
pub fn attack_options(
    rules: &KgRules,
    st: &KgState,
    view: &View,
    side: Side,
    only: Option<UnitId>,
) -> Vec<KgCommand> {
    let m = &rules.map;
    let mut out = Vec::new();
    for i in side_units(rules, st, side, only) {
        let Loc::Map(c) = st.units[i].loc else {
            continue;
        };
        for (_, nb) in m.neighbors(c) {
            let Some(e) = view.occupant(m, nb) else {
                continue;
            };
            if rules.units[e as usize].side == side {
                continue;
            }
            // cavalry may attack cavalry, or infantry by Deathride (3.4.1)
            if combat::attack_refusal(rules, st, view, i as UnitId, e).is_none() {
                out.push(KgCommand::Attack {
                    attacker: i as UnitId,
                    defender: e,
                });
            }
        }
    }
    out
}

impl PlayStep<Koniggratz> for Attack {
    fn name(&self) -> &'static str {
        "Attack"
    }

    fn case(&self) -> &'static str {
        "4.3"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: select an attacker, then a highlighted enemy next to it; or pass (4.3).",
            who(rules, st)
        )
    }

    fn to_act(&self, _rules: &KgRules, st: &KgState) -> Option<Side> {
        Some(st.g.to_move)
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::Attack { .. } | KgCommand::Pass)
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let view = View::new(rules, st);
        out.extend(attack_options(rules, st, &view, st.g.to_move, None));
        out.push(KgCommand::Pass);
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || match cmd {
            KgCommand::Attack { attacker, defender } => {
                let view = View::new(rules, st);
                may_attack(rules, st, &view, st.g.to_move, *attacker, *defender)
            }
            KgCommand::Pass => true,
            _ => false,
        })
    }

    fn refuse_other(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Option<Refusal> {
        other_kind(rules, cmd, || not_this_step(rules, st, cmd))
    }

    fn execute(
        &self,
        rules: &KgRules,
        st: &mut KgState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &KgCommand,
    ) {
        let side = st.g.to_move;
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        match cmd {
            KgCommand::Attack { attacker, defender } => {
                g.note(
                    "4.3",
                    format!(
                        "{} attacks {}{}",
                        g.name(*attacker),
                        g.name(*defender),
                        if combat::is_deathride(rules, *attacker, *defender) {
                            " (Deathride charge, 3.4.1)"
                        } else {
                            ""
                        }
                    ),
                );
                g.count_action(side);
                g.st.g.pending.push(Pending::Artillery {
                    attacker: *attacker,
                    defender: *defender,
                    choice: [None, None],
                });
            }
            KgCommand::Pass => g.pass_alternating(side),
            _ => {}
        }
    }
}

impl KgStep for Attack {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        let KgCommand::Attack { attacker, defender } = cmd else {
            return not_this_step(rules, st, cmd);
        };
        if rules.units[*attacker as usize].side != st.g.to_move {
            return Refusal::new("4.3", format!("it is {}'s turn to attack", who(rules, st)));
        }
        let view = View::new(rules, st);
        match combat::attack_refusal(rules, st, &view, *attacker, *defender) {
            Some((r, why)) => Refusal::new(&r, why),
            None => Refusal::new("4.3", "that attack is not allowed now"),
        }
    }

    /// Both passed (or the cap is used up): the turn ends.
    fn auto(&self, g: &mut Game) -> bool {
        if g.st.g.cap == Some(0) {
            g.end_turn();
            return true;
        }
        false
    }
}

impl Game<'_> {
    pub(in super::super) fn begin_attack(&mut self) {
        self.st.g.step = Step::Attack;
        self.st.g.road_moves.clear();
        self.st.g.to_move = Side::Prussia;
        self.st.g.passed = [false; 2];
        self.st.g.cap = None;
        self.note("4.3", "Attack phase");
    }

    /// The end of a turn: the next one, or the end of the game after the last (5.0).
    fn end_turn(&mut self) {
        if self.st.g.turn >= self.rules.options.turns {
            self.finish();
        } else {
            self.st.g.turn += 1;
            self.begin_turn();
        }
    }
}
