//! 9.5.9: after a won assault an attacker advances into the vacated hex (cavalry first
//! if it took part), turning at most one hexside; commanders stacked with it may go
//! along (9.5.12, 9.5.13). After a retreat before combat the advance is optional (9.5.4).

use super::*;
#[allow(unused_imports)]
use crate::engine::hexmap::{Coord, SideKind, Terrain};
#[allow(unused_imports)]
use crate::games::trautenau::combat::{self, FireInput, FireKind, MoraleInput, Outcome};
#[allow(unused_imports)]
use crate::games::trautenau::data::*;
#[allow(unused_imports)]
use crate::games::trautenau::flow::*;
#[allow(unused_imports)]
use crate::games::trautenau::los;
#[allow(unused_imports)]
use crate::games::trautenau::rules::{self, View};
#[allow(unused_imports)]
use crate::games::trautenau::state::*;

#[derive(Clone, Copy, Debug, Default)]
pub struct Advance;

impl PlayStep<Trautenau> for Advance {
    fn name(&self) -> &'static str {
        "Advance after combat"
    }

    fn case(&self) -> &'static str {
        "9.5.9"
    }

    fn prompt(&self, rules: &TsRules, st: &TsState) -> String {
        format!(
            "{}: choose in the panel the attacker that advances into the vacated hex (9.5.9).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &TsRules, st: &TsState) -> Option<Side> {
        let Some(Pending::Advance { candidates, .. }) = st.g.pending.first() else {
            return None;
        };
        Some(
            candidates
                .first()
                .map(|u| side_of(rules, *u))
                .unwrap_or(Side::Prussia),
        )
    }

    fn takes(&self, cmd: &TsCommand) -> bool {
        matches!(cmd, TsCommand::Advance { .. })
    }

    fn legal(&self, rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
        let Some(Pending::Advance { optional, .. }) = st.g.pending.first() else {
            return;
        };
        let n = out.len();
        advance_options(rules, st, out);
        if *optional || out.len() == n {
            out.push(decline());
        }
    }

    fn check(&self, rules: &TsRules, st: &TsState, cmd: &TsCommand) -> Result<(), Refusal> {
        first_checks(rules, st, cmd)?;
        if !self.takes(cmd) {
            return Err(other_step(rules, st, cmd));
        }
        let mut legal = Vec::new();
        self.legal(rules, st, &mut legal);
        if legal.contains(cmd) {
            return Ok(());
        }
        Err(match cmd {
            TsCommand::Advance { leaders, .. } if !leaders.is_empty() => Refusal::new(
                "9.5.13",
                "only commanders stacked with the advancing unit may go along with it",
            ),
            _ => Refusal::new(
                "9.5.9",
                "one attacker must advance (cavalry first if it took part), turning at most one hexside",
            ),
        })
    }

    fn execute(
        &self,
        rules: &TsRules,
        st: &mut TsState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &TsCommand,
    ) {
        if let TsCommand::Advance {
            unit,
            facing,
            leaders,
        } = cmd.clone()
        {
            game(rules, st, dice, log).advance_into(unit, facing, leaders);
        }
    }
}

/// No attacker advances.
fn decline() -> TsCommand {
    TsCommand::Advance {
        unit: None,
        facing: Dir::N,
        leaders: vec![],
    }
}

/// The advances of the waiting decision: each candidate (cavalry only, if any took
/// part), each facing within one hexside that the hex allows, with any of the commanders
/// stacked with it.
fn advance_options(rules: &TsRules, st: &TsState, out: &mut Vec<TsCommand>) {
    let Some(Pending::Advance {
        candidates, hex, ..
    }) = st.g.pending.first()
    else {
        return;
    };
    let view = rules::view(rules, st);
    let cav: Vec<UnitId> = candidates
        .iter()
        .copied()
        .filter(|&u| rules.units[u as usize].arm == Arm::Cavalry)
        .collect();
    let pool = if cav.is_empty() {
        candidates.clone()
    } else {
        cav
    };
    for u in pool {
        let f = st.units[u as usize].facing;
        // 9.5.12, 9.5.13: commanders stacked with the unit may go along.
        let along = leaders_with(rules, st, u);
        for fc in [f, rot(f, 1), rot(f, 5)] {
            if end_facings(rules, st, &view, u, *hex).contains(&fc) {
                for mask in 0..(1u32 << along.len()) {
                    let leaders: Vec<LeaderId> = along
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| mask & (1 << k) != 0)
                        .map(|(_, &l)| l)
                        .collect();
                    out.push(TsCommand::Advance {
                        unit: Some(u),
                        facing: fc,
                        leaders,
                    });
                }
            }
        }
    }
}

impl Game<'_> {
    /// 9.5.9: the chosen attacker (and the commanders sent along) moves in.
    fn advance_into(&mut self, unit: Option<UnitId>, facing: Dir, leaders: Vec<LeaderId>) {
        let Some(Pending::Advance { hex, .. }) = self.pop_pending() else {
            return;
        };
        let Some(u) = unit else {
            self.note("9.5.4", "no attacker occupies the vacated hex");
            return;
        };
        self.st.units[u as usize].loc = Loc::Map(hex);
        self.st.units[u as usize].facing = facing;
        self.occupy(hex, side_of(self.rules, u));
        self.note("9.5.9", format!("{} advances into {hex}", self.uname(u)));
        // 9.5.12, 9.5.13: the commanders the player sends along.
        for l in leaders {
            self.st.leaders[l as usize].loc = Loc::Map(hex);
            self.note("9.5.13", format!("{} goes along", self.lname(l as usize)));
        }
    }

    /// No attacker can advance: the decision falls away.
    pub(crate) fn advance_auto(&mut self) -> bool {
        let mut options = Vec::new();
        advance_options(self.rules, self.st, &mut options);
        if options.is_empty() {
            self.pop_pending();
            return true;
        }
        false
    }
}
