//! 6.23: individual activations: every activation is declared before any is carried out
//! (general or cavalry 1 OP, IB 2, ID 3, corps 4); then each moves in turn.

use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::side::Side;
use crate::engine::step::PlayStep;
use crate::games::struggle::Struggle;
use crate::games::struggle::data::StRules;
use crate::games::struggle::flow::{self, Game};
use crate::games::struggle::options;
use crate::games::struggle::state::*;

#[derive(Default)]
pub struct Declare;

/// 6.23: the OP cost of activating a piece individually.
pub fn cost(rules: &StRules, p: Piece) -> u8 {
    match p {
        Piece::General(_) => 1,
        Piece::Unit(u) => rules.echelon(u).activation_cost(),
    }
}

/// 6.23 in half OPs (optional rule 2: its reduced costs).
pub fn cost_halves(rules: &StRules, p: Piece) -> u8 {
    if options::on(rules, options::OPT2_COSTS) {
        options::cost_halves(rules, p)
    } else {
        cost(rules, p).saturating_mul(2)
    }
}

/// The OPs left in half OPs.
fn budget(op: &Op) -> u8 {
    op.ops.saturating_mul(2).saturating_add(u8::from(op.half))
}

impl PlayStep<Struggle> for Declare {
    fn name(&self) -> &'static str {
        "Individual activations"
    }
    fn case(&self) -> &'static str {
        "6.23"
    }
    fn prompt(&self, rules: &StRules, st: &StState) -> String {
        let (side, ops, n) =
            st.g.op
                .as_ref()
                .map(|o| (o.side, options::ops_text(o.ops, o.half), o.queue.len()))
                .unwrap_or((st.g.to_play, "0".into(), 0));
        let costs = if options::on(rules, options::OPT2_COSTS) {
            "general or cavalry 0.5, IB or ID 1, corps 3 (optional rule 2)"
        } else {
            "general or cavalry 1, IB 2, ID 3, corps 4"
        };
        format!(
            "{}: declare activations ({ops} OP left, {n} declared): {costs}",
            side.name()
        )
    }
    fn to_act(&self, _rules: &StRules, st: &StState) -> Option<Side> {
        st.g.op.as_ref().map(|o| o.side)
    }
    fn takes(&self, cmd: &StCommand) -> bool {
        matches!(
            cmd,
            StCommand::Declare { .. } | StCommand::Begin | StCommand::Done
        )
    }
    fn legal(&self, rules: &StRules, st: &StState, out: &mut Vec<StCommand>) {
        for g in 0..st.generals.len() as u8 {
            let c = StCommand::Declare {
                piece: Piece::General(g),
            };
            if self.check(rules, st, &c).is_ok() {
                out.push(c);
            }
        }
        for u in 0..st.units.len() as u16 {
            let c = StCommand::Declare {
                piece: Piece::Unit(u),
            };
            if self.check(rules, st, &c).is_ok() {
                out.push(c);
            }
        }
        if self.check(rules, st, &StCommand::Begin).is_ok() {
            out.push(StCommand::Begin);
        }
        if self.check(rules, st, &StCommand::Done).is_ok() {
            out.push(StCommand::Done);
        }
    }
    fn check(&self, rules: &StRules, st: &StState, cmd: &StCommand) -> Result<(), Refusal> {
        let op = super::op(st)?;
        // 16.3: Austria's last round must activate a French piece: it is declared first
        let french_due = crate::games::struggle::endturn::french_duty(rules, st, op.side)
            && !op
                .queue
                .iter()
                .any(|&p| crate::games::struggle::endturn::is_french_piece(rules, p));
        match *cmd {
            StCommand::Done | StCommand::Begin if french_due => Err(Refusal::new(
                "16.3",
                "Austria's last round this turn must activate a French general or unit",
            )),
            StCommand::Declare { piece }
                if french_due
                    && !crate::games::struggle::endturn::is_french_piece(rules, piece) =>
            {
                Err(Refusal::new(
                    "16.3",
                    "declare a French general or unit first: this last round must activate one",
                ))
            }
            StCommand::Done => Ok(()),
            StCommand::Begin => {
                if op.queue.is_empty() {
                    Err(Refusal::new("6.23", "no activation has been declared"))
                } else {
                    Ok(())
                }
            }
            StCommand::Declare { piece } => {
                let valid = match piece {
                    Piece::Unit(u) => (u as usize) < st.units.len(),
                    Piece::General(g) => (g as usize) < st.generals.len(),
                };
                if !valid {
                    return Err(Refusal::new("6.23", "no such piece"));
                }
                if flow::piece_side(rules, piece) != op.side {
                    return Err(Refusal::new("6.23", "that piece is not yours"));
                }
                if !matches!(flow::piece_loc(st, piece), Some(Loc::Space(_))) {
                    return Err(Refusal::new("6.23", "only pieces on the map are activated"));
                }
                if op.queue.contains(&piece) {
                    return Err(Refusal::new("6.23", "already declared"));
                }
                let c = cost_halves(rules, piece);
                if c > budget(op) {
                    return Err(Refusal::new(
                        if options::on(rules, options::OPT2_COSTS) {
                            "optional rule 2"
                        } else {
                            "6.23"
                        },
                        format!(
                            "activating {} costs {} OP and {} are left",
                            flow::piece_name(rules, piece),
                            options::ops_text(c / 2, c % 2 == 1),
                            options::ops_text(op.ops, op.half)
                        ),
                    ));
                }
                Ok(())
            }
            _ => Err(Refusal::new(
                "6.23",
                "declare activations, begin, or be done",
            )),
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
            StCommand::Done => g.end_use(),
            StCommand::Begin => super::movement::next_individual(&mut g),
            StCommand::Declare { piece } => {
                let c = cost_halves(rules, piece);
                if let Some(o) = g.st.g.op.as_mut() {
                    let left = budget(o).saturating_sub(c);
                    o.ops = left / 2;
                    o.half = left % 2 == 1;
                    o.queue.push(piece);
                }
                if crate::games::struggle::endturn::is_french_piece(rules, piece) {
                    g.st.g.french_activated = true; // 16.3
                }
                let n = flow::piece_name(rules, piece);
                let opt2 = options::on(rules, options::OPT2_COSTS);
                g.say(
                    if opt2 {
                        "6.23, optional rule 2"
                    } else {
                        "6.23"
                    },
                    format!(
                        "{n} is activated ({} OP)",
                        options::ops_text(c / 2, c % 2 == 1)
                    ),
                );
            }
            _ => {}
        }
    }
}
