//! 4.3a-f: Artillery Support and the resolution of an attack. Once an attack is declared,
//! both players choose Artillery Support in secret (attacker first; a side that cannot
//! support, 6.2, is skipped); when both are in, the choices are revealed, a duel decides
//! whose support counts (4.3c-d), and the attack is rolled (4.3e-f).

use super::super::Koniggratz;
use super::super::combat::{self, Drm, Effect};
use super::super::data::{KgRules, Side};
use super::super::flow::Game;
use super::super::rules::unit_hex;
use super::super::state::{After, KgCommand, KgState, OnFail, Pending, Refusal, UnitId};
use super::{KgStep, checked, other_kind, who};
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;
use crate::engine::step::PlayStep;

#[derive(Clone, Copy, Debug, Default)]
pub struct Artillery;

/// The attack waiting for the choices: attacker, defender, [Austria, Prussia] choices.
fn pending(st: &KgState) -> Option<(UnitId, UnitId, [Option<bool>; 2])> {
    match st.g.pending.last() {
        Some(Pending::Artillery {
            attacker,
            defender,
            choice,
        }) => Some((*attacker, *defender, *choice)),
        _ => None,
    }
}

/// The side asked now (the attacker's until it has chosen) and its unit.
fn asked(rules: &KgRules, st: &KgState) -> Option<(Side, UnitId)> {
    let (attacker, defender, choice) = pending(st)?;
    let a = rules.units[attacker as usize].side;
    Some(if choice[a.idx()].is_none() {
        (a, attacker)
    } else {
        (rules.units[defender as usize].side, defender)
    })
}

fn must_choose(rules: &KgRules, st: &KgState) -> Refusal {
    Refusal::new(
        "4.3a",
        format!(
            "{} must first choose Artillery Support or none",
            who(rules, st)
        ),
    )
}

impl PlayStep<Koniggratz> for Artillery {
    fn name(&self) -> &'static str {
        "Artillery support"
    }

    fn case(&self) -> &'static str {
        "4.3a"
    }

    fn prompt(&self, rules: &KgRules, st: &KgState) -> String {
        format!(
            "{}: choose Artillery Support or none in the panel, in secret (4.3a).",
            who(rules, st)
        )
    }

    fn to_act(&self, rules: &KgRules, st: &KgState) -> Option<Side> {
        asked(rules, st).map(|a| a.0)
    }

    fn takes(&self, cmd: &KgCommand) -> bool {
        matches!(cmd, KgCommand::Artillery { .. })
    }

    fn legal(&self, rules: &KgRules, st: &KgState, out: &mut Vec<KgCommand>) {
        let Some((_, u)) = asked(rules, st) else {
            return;
        };
        out.push(KgCommand::Artillery { support: false });
        if combat::may_support(rules, st, u) {
            out.push(KgCommand::Artillery { support: true });
        }
    }

    fn check(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Result<(), Refusal> {
        checked(self, rules, st, cmd, || match (cmd, asked(rules, st)) {
            (KgCommand::Artillery { support: false }, Some(_)) => true,
            (KgCommand::Artillery { support: true }, Some((_, u))) => {
                combat::may_support(rules, st, u)
            }
            _ => false,
        })
    }

    fn refuse_other(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Option<Refusal> {
        other_kind(rules, cmd, || must_choose(rules, st))
    }

    fn execute(
        &self,
        rules: &KgRules,
        st: &mut KgState,
        dice: &mut Dice,
        log: &mut GameLog,
        cmd: &KgCommand,
    ) {
        let (KgCommand::Artillery { support }, Some((attacker, defender, mut choice))) =
            (cmd, pending(st))
        else {
            return;
        };
        let Some((side, _)) = asked(rules, st) else {
            return;
        };
        let mut g = Game {
            rules,
            st,
            dice,
            log,
        };
        choice[side.idx()] = Some(*support);
        g.st.g.pending.pop();
        g.st.g.pending.push(Pending::Artillery {
            attacker,
            defender,
            choice,
        });
        g.note(
            "4.3a",
            format!(
                "{} has chosen (kept secret until both have chosen)",
                side.name()
            ),
        );
    }
}

impl KgStep for Artillery {
    fn explain(&self, rules: &KgRules, st: &KgState, cmd: &KgCommand) -> Refusal {
        match cmd {
            KgCommand::Artillery { support: true } => Refusal::new(
                "6.2",
                format!(
                    "{} cannot give Artillery Support now: no ammunition left, or the unit is cavalry",
                    who(rules, st)
                ),
            ),
            _ => must_choose(rules, st),
        }
    }

    /// A side that cannot support chooses none by itself (6.2); with both choices in,
    /// the attack is resolved.
    fn auto(&self, g: &mut Game) -> bool {
        let Some((attacker, defender, mut choice)) = pending(g.st) else {
            return false;
        };
        let rules = g.rules;
        let mut changed = false;
        for u in [attacker, defender] {
            let s = rules.units[u as usize].side;
            if choice[s.idx()].is_none() && !combat::may_support(rules, g.st, u) {
                choice[s.idx()] = Some(false);
                changed = true;
            }
        }
        if choice.iter().all(|c| c.is_some()) {
            g.st.g.pending.pop();
            g.resolve_attack(attacker, defender, choice);
            return true;
        }
        if changed {
            g.st.g.pending.pop();
            g.st.g.pending.push(Pending::Artillery {
                attacker,
                defender,
                choice,
            });
            return true;
        }
        false
    }
}

fn support_drm() -> Drm {
    Drm {
        label: "artillery support".into(),
        rule: "4.3b".into(),
        value: 2,
    }
}

impl Game<'_> {
    /// 4.3b-f: both artillery choices are in; resolve the attack.
    fn resolve_attack(&mut self, attacker: UnitId, defender: UnitId, choice: [Option<bool>; 2]) {
        let (am, dm) = self.reveal_artillery(attacker, defender, choice);
        let diff = self.combat_roll(attacker, defender, &am, &dm);
        self.combat_result(attacker, defender, diff);
    }

    /// 4.3a-d: the choices revealed, AP spent, the duel when both support; the die
    /// modifiers of both sides with the support that counts.
    fn reveal_artillery(
        &mut self,
        attacker: UnitId,
        defender: UnitId,
        choice: [Option<bool>; 2],
    ) -> (Vec<Drm>, Vec<Drm>) {
        let rules = self.rules;
        let aside = rules.units[attacker as usize].side;
        let dside = aside.other();
        let a_art = choice[aside.idx()].unwrap_or(false);
        let d_art = choice[dside.idx()].unwrap_or(false);
        self.note(
            "4.3a",
            format!(
                "Artillery revealed: {} {}, {} {}",
                aside.name(),
                if a_art { "support" } else { "no support" },
                dside.name(),
                if d_art { "support" } else { "no support" }
            ),
        );
        let (mut am, mut dm) = combat::modifiers(rules, self.st, attacker, defender);
        let mut a_bonus = a_art;
        let mut d_bonus = d_art;
        for (s, used) in [(aside, a_art), (dside, d_art)] {
            if used {
                self.spend_ap(s, 1);
            }
        }
        if a_art && d_art {
            a_bonus = self.artillery_duel(aside);
            d_bonus = !a_bonus;
        }
        if a_bonus {
            am.push(support_drm());
        }
        if d_bonus {
            dm.push(support_drm());
        }
        (am, dm)
    }

    /// 4.3c-d: both sides support; true when the attacker (`aside`) wins the duel.
    fn artillery_duel(&mut self, aside: Side) -> bool {
        let dside = aside.other();
        let ra = self.dice.d6(
            &format!("artillery duel ({})", aside.name()),
            "4.3c",
            vec![],
        );
        let rd = self.dice.d6(
            &format!("artillery duel ({})", dside.name()),
            "4.3c",
            vec![],
        );
        let tie = combat::duel_tie_winner(self.rules, self.st.g.turn);
        let a_wins = ra.die > rd.die || (ra.die == rd.die && tie == aside);
        let winner = if a_wins { aside } else { dside };
        self.note(
            "4.3c",
            format!(
                "Artillery duel: {} {} vs {} {}; {} wins",
                aside.name(),
                ra.die,
                dside.name(),
                rd.die,
                winner.name()
            ),
        );
        // 4.3d: a 6 costs the other side one more AP.
        if ra.die == 6 && self.st.g.ap[dside.idx()] > 0 {
            self.note(
                "4.3d",
                format!("Bad ammunition: {} loses 1 more AP", dside.name()),
            );
            self.spend_ap(dside, 1);
        }
        if rd.die == 6 && self.st.g.ap[aside.idx()] > 0 {
            self.note(
                "4.3d",
                format!("Bad ammunition: {} loses 1 more AP", aside.name()),
            );
            self.spend_ap(aside, 1);
        }
        a_wins
    }

    /// 4.3e-f: the attack and defence rolls; the differential (attacker minus defender).
    fn combat_roll(&mut self, attacker: UnitId, defender: UnitId, am: &[Drm], dm: &[Drm]) -> i32 {
        let aside = self.rules.units[attacker as usize].side;
        let dside = aside.other();
        let to_mods = |v: &[Drm]| {
            v.iter()
                .map(|d| (format!("{} ({})", d.label, d.rule), d.value))
                .collect()
        };
        let ra = self
            .dice
            .d6(&format!("attack ({})", aside.name()), "4.3e", to_mods(am));
        let rd = self
            .dice
            .d6(&format!("defence ({})", dside.name()), "4.3e", to_mods(dm));
        let diff = ra.total - rd.total;
        self.note(
            "4.3e",
            format!(
                "Attack roll {} ({:+}) = {} against defence {} ({:+}) = {}",
                ra.die,
                ra.total - ra.die as i32,
                ra.total,
                rd.die,
                rd.total - rd.die as i32,
                rd.total
            ),
        );
        // 4.3f: cavalry that gave a DRM is exhausted.
        for c in combat::supporting_cavalry(self.rules, self.st, attacker, defender) {
            if !self.st.units[c as usize].exhausted {
                self.st.units[c as usize].exhausted = true;
                self.note("4.3f", format!("{} is exhausted", self.name(c)));
            }
        }
        diff
    }

    /// 4.3e, 4.3.1-4, 3.4.1: what the differential does to the loser.
    fn combat_result(&mut self, attacker: UnitId, defender: UnitId, diff: i32) {
        let rules = self.rules;
        let blown_elim = self.st.g.turn >= rules.options.blown_is_elim_from;
        let deathride = combat::is_deathride(rules, attacker, defender);
        let def_hex = unit_hex(self.st, defender);
        let att_hex = unit_hex(self.st, attacker);
        if deathride && diff <= 0 {
            self.note("3.4.1", "The Deathride charge fails");
            self.eliminate(attacker, "3.4.1");
            return;
        }
        let effect = combat::effect_of(diff, blown_elim);
        let (loser, winner_hex) = if diff > 0 {
            (defender, att_hex)
        } else {
            (attacker, def_hex)
        };
        if effect == Effect::Stalemate {
            self.note("4.3e", "Stalemate: nothing happens");
            return;
        }
        let after = match def_hex {
            Some(h) if loser == defender => After::Advance { attacker, hex: h },
            _ => After::Nothing,
        };
        if deathride {
            let ls = rules.units[defender as usize].side;
            let lost = self.st.g.ap[ls.idx()].min(2);
            self.note(
                "3.4.1",
                format!(
                    "The Deathride succeeds: {} loses {lost} AP and the charging cavalry is blown",
                    ls.name(),
                ),
            );
            self.spend_ap(ls, 2);
            self.blown_or_elim(attacker, "3.4.1");
        }
        self.note(
            "4.3e",
            format!(
                "Differential {}: {} {:?}",
                diff.abs(),
                self.name(loser),
                effect
            ),
        );
        match effect {
            Effect::Retreat => {
                let away = winner_hex.map(|h| vec![h]).unwrap_or_default();
                self.st.g.pending.push(Pending::Retreat {
                    unit: loser,
                    away_from: away,
                    hexes: 3,
                    on_fail: OnFail::Blown,
                    after,
                    rule: "4.3.1".into(),
                });
            }
            Effect::Blown => {
                self.blown_or_elim(loser, "4.3.3");
                self.after(after);
            }
            Effect::Eliminated => {
                self.eliminate(loser, "4.3.4");
                self.after(after);
            }
            Effect::Stalemate => {}
        }
    }
}
