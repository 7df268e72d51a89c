//! Pure battle maths of 1866: The Struggle for Supremacy in Germany (11, 12.4, 15.5), over
//! plain numbers so it depends on nothing but the charts.
//!
//! - [`plan`]: each side's BRT column with every shift and DRM and its case, and the exact
//!   outcome of all 36 pairs of dice (both sides roll one die, 11.2 step 3): the losses
//!   each side takes, the winner (ties go to the attacker), attacker impetus (11.3) and the
//!   chance of pursuit (12.4). The same [`outcome`] resolves the real roll, so the odds
//!   shown are the odds played.
//! - [`loss_choices`] / [`check_losses`]: 11.2 step 4, every way to flip and eliminate
//!   units so that the CF loss is as close as possible to the loss without exceeding it;
//!   an eliminated corps is replaced by an EBC from the Corps Support Box, which may in
//!   turn be flipped. [`step_choices`]: the same in steps, for attrition (15.5 note).
//! - [`support_roll`], [`pursuit_roll`]: the support roll (11.42, 11.43) and the pursuit
//!   roll (12.4, 17.1) as a [`DieRoll`]: every modifier with its value and case and the
//!   number to beat, which the odds shown, the roll and its log line all read.

use super::cards::{Card, Effect};
use super::charts::Charts;
use std::collections::HashMap;

/// Both sides, in this order in every `[_; 2]` of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    Attacker,
    Defender,
}

impl Who {
    pub fn idx(self) -> usize {
        match self {
            Who::Attacker => 0,
            Who::Defender => 1,
        }
    }
    pub fn other(self) -> Who {
        match self {
            Who::Attacker => Who::Defender,
            Who::Defender => Who::Attacker,
        }
    }
}

/// A unit's kind for battle purposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Corps,
    /// ID or IB.
    Infantry,
    /// CD, LtCD, RCD: counts for 11.43, 12.4, 17.1.
    Cavalry,
}

/// Printed values of a counter: SPs and cohesion factors of both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stats {
    pub sp_full: u32,
    pub sp_reduced: u32,
    pub cf_full: u32,
    pub cf_reduced: u32,
}

/// One combat unit in a battle.
#[derive(Clone, Debug, PartialEq)]
pub struct BUnit {
    pub name: String,
    pub stats: Stats,
    pub kind: Kind,
    pub reduced: bool,
    /// Corps only: index into the `support` stocks of the EBC that replaces it when it is
    /// eliminated (11.2 step 4 note: an IB for Austrian and Hanoverian corps, else an ID).
    pub replacement: Option<usize>,
}

impl BUnit {
    pub fn sp(&self) -> u32 {
        if self.reduced {
            self.stats.sp_reduced
        } else {
            self.stats.sp_full
        }
    }
    /// Steps left (a full unit 2, a reduced one 1).
    pub fn steps(&self) -> u32 {
        if self.reduced { 1 } else { 2 }
    }
}

/// EBCs of one kind in a Corps Support Box.
#[derive(Clone, Debug, PartialEq)]
pub struct SupportStock {
    pub name: String,
    pub stats: Stats,
    pub count: u32,
}

/// The commander's tactical ratings (18.1: the commander's are used).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Ratings {
    pub offensive: i32,
    pub defensive: i32,
}

/// One side of a battle (a coordinated attack's armies together, 11.42).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Force {
    pub units: Vec<BUnit>,
    pub commander: Option<Ratings>,
    pub supplied: bool,
}

impl Force {
    pub fn sp(&self) -> u32 {
        self.units.iter().map(BUnit::sp).sum()
    }
    /// Cavalry divisions in the force (12.4, 17.1).
    pub fn cavalry(&self) -> usize {
        self.units
            .iter()
            .filter(|u| u.kind == Kind::Cavalry)
            .count()
    }
}

/// A card's battle effect as played (response or event), already checked as legal.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct CardPlay {
    pub card: u8,
    pub title: String,
    /// Added to the die of the playing side.
    pub drm: i32,
    /// Added to the die of the other side.
    pub enemy_drm: i32,
    /// Column shift of the playing side's die.
    pub shift: i32,
    /// If the playing side wins, the loser takes this much more CF loss.
    pub loser_loss: u32,
    /// The CF loss the playing side takes is reduced by this much.
    pub loss_reduction: u32,
    /// Reduced by this much only if the playing side loses (Death Ride #14).
    pub loss_reduction_if_lost: u32,
    /// If the playing side loses, the winner may not pursue.
    pub no_pursuit: bool,
    /// The defender gets no river benefit.
    pub no_river: bool,
}

impl CardPlay {
    /// The battle effects of a card as its data gives them. `stronger`: the condition of the
    /// card's stronger effect holds (Kaiserjäger #20 across a mountain route or with the
    /// Tyrolian ID: +1 more; Austrian Stosstaktik #11/#50 against Prussian units: the
    /// defender's die +1). Whether the card may be played at all is the caller's check.
    /// Field Entrenchments (#6, #7) place a marker: set [`Situation::defender_entrenched`].
    pub fn from_card(card: &Card, stronger: bool) -> CardPlay {
        let mut p = CardPlay {
            card: card.id,
            title: card.title.clone(),
            ..CardPlay::default()
        };
        for e in &card.effects {
            match e {
                Effect::Drm {
                    amount,
                    enemy: false,
                } => p.drm += *amount as i32,
                Effect::Drm {
                    amount,
                    enemy: true,
                } => p.enemy_drm += *amount as i32,
                Effect::Shift {
                    columns,
                    enemy: false,
                } => p.shift += *columns as i32,
                Effect::LoserLoss { amount } => p.loser_loss += *amount as u32,
                // Death Ride (#14): the reduction only when its player loses
                Effect::LossReduction { amount } if card.effects.contains(&Effect::Custom(14)) => {
                    p.loss_reduction_if_lost += *amount as u32
                }
                Effect::LossReduction { amount } => p.loss_reduction += *amount as u32,
                Effect::NoPursuit => p.no_pursuit = true,
                Effect::NoRiver => p.no_river = true,
                Effect::Custom(20) if stronger => p.drm += 1,
                Effect::Custom(11 | 50) if stronger => p.enemy_drm += 1,
                _ => {}
            }
        }
        p
    }
}

/// Everything about the battle other than the two forces.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Situation {
    /// 10.3: the defender intercepted the attacker into this space.
    pub defender_intercepted: bool,
    /// 10.4, 10.5: the defender tried to avoid battle and failed.
    pub defender_failed_avoid: bool,
    /// 11.45: every attacking army crossed a river into the space (or, supporting, has a
    /// river between it and the space).
    pub across_river: bool,
    /// The attack comes along a mountain route (Terrain Effects Chart).
    pub across_mountain: bool,
    /// The defender fights in an unreduced fortress space (Terrain Effects Chart).
    pub defender_in_fortress: bool,
    /// A Field Entrenchments marker of the defender is in the space (cards 6, 7).
    pub defender_entrenched: bool,
    /// The battle space is a fortress or major city the winner would occupy unbesieged:
    /// no impetus (11.3) and no pursuit (12.4), as at Hanover in the example.
    pub fortified_space: bool,
    /// 12.4 (by `Who::idx`): winning, this side would still besiege enemy units sheltered
    /// inside the fortified space, so it is no unbesieged stronghold and it may pursue
    /// (13.5, 13.6: besiegers beating a relief force).
    pub besieges_inside: [bool; 2],
    /// Battle cards played, attacker's first (11.2 step 2 note).
    pub cards: Vec<(Who, CardPlay)>,
}

/// One modifier with the case that grants it.
#[derive(Clone, Debug, PartialEq)]
pub struct Modifier {
    pub who: Who,
    /// A column shift (true) or a die roll modifier.
    pub shift: bool,
    pub amount: i32,
    pub case: String,
}

/// The result of one pair of dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The dice rolled, attacker's and defender's.
    pub dice: [u8; 2],
    /// The modified dice.
    pub modified: [i32; 2],
    /// The cohesion loss factor each side inflicts on the other (BRT, 11.2 step 3).
    pub inflicted: [u32; 2],
    /// The CF loss each side must take (after cards), attacker's and defender's.
    pub loss: [u32; 2],
    pub winner: Who,
}

/// A battle before the dice: columns, modifiers, and the exact spread of outcomes.
#[derive(Clone, Debug, PartialEq)]
pub struct BattlePlan {
    /// Raw SPs of each side (11.2 step 1).
    pub sp: [u32; 2],
    /// Column from the SPs, and after shifts (11.2 step 2).
    pub base_column: [usize; 2],
    pub column: [usize; 2],
    pub column_label: [String; 2],
    /// Total DRM of each side's die.
    pub drm: [i32; 2],
    /// Every shift and DRM with its case.
    pub modifiers: Vec<Modifier>,
    /// All 36 outcomes, attacker's die major.
    pub outcomes: Vec<Outcome>,
    /// Outcomes (of 36) the attacker wins.
    pub attacker_wins_in_36: u32,
    /// `loss_in_36[side][n]`: outcomes (of 36) in which that side takes n CF.
    pub loss_in_36: [Vec<u32>; 2],
    /// 11.3: the attacker may continue moving if it wins (2:1 raw SPs, not fortified).
    pub impetus_if_won: bool,
    /// 12.4: an estimate, before losses and retreat, of the chance (of 216) that each side
    /// wins and then pursues successfully: the battle's commander and the cavalry of the
    /// whole forces. The pursuit rolled ([`crate::games::struggle::flow_battle::pursuit_roll`])
    /// counts the units that pursue (12.5) against the loser's in its retreat space, and
    /// there is none if the loser retreats into a space holding another of its forces (12.4)
    /// (audit 5 defect 5). Shown with those conditions by [`BattlePlan::pursuit_estimate`].
    pub pursuit_in_216: [u32; 2],
    /// The loss adjustments the cards make, kept for [`outcome`].
    loser_loss: [u32; 2],
    loss_reduction: [u32; 2],
    loss_reduction_if_lost: [u32; 2],
    no_pursuit_against: [bool; 2],
}

impl BattlePlan {
    /// 12.4: the pre-battle pursuit line, labelled as the estimate it is (audit 5 defect
    /// 5): `names` are the attacker's and the defender's.
    pub fn pursuit_estimate(&self, names: [&str; 2]) -> String {
        let chance = |n: u32| format!("{n} in 216 ({:.0}%)", n as f64 * 100.0 / 216.0);
        format!(
            "Win and pursue (12.4), an estimate before losses and retreat: {} {}, {} {}. \
             The pursuit itself is rolled after the retreat: the pursuing units (12.5) \
             against the loser's in its retreat space, and none if the loser retreats \
             into a space holding another of its forces.",
            names[0],
            chance(self.pursuit_in_216[0]),
            names[1],
            chance(self.pursuit_in_216[1])
        )
    }
    /// Chance the attacker wins, 0..=1.
    pub fn p_attacker_wins(&self) -> f64 {
        self.attacker_wins_in_36 as f64 / 36.0
    }
    /// Outcome of the real dice (1..=6 each; other values are clamped).
    pub fn outcome(&self, attacker_die: u8, defender_die: u8) -> Outcome {
        let a = attacker_die.clamp(1, 6) as usize - 1;
        let d = defender_die.clamp(1, 6) as usize - 1;
        self.outcomes[a * 6 + d]
    }
}

fn add(mods: &mut Vec<Modifier>, who: Who, shift: bool, amount: i32, case: &str) {
    if amount != 0 {
        mods.push(Modifier {
            who,
            shift,
            amount,
            case: case.to_string(),
        });
    }
}

/// 11.2 steps 1-3 for every pair of dice; see the module doc.
pub fn plan(charts: &Charts, attacker: &Force, defender: &Force, sit: &Situation) -> BattlePlan {
    use Who::{Attacker as A, Defender as D};
    let mut mods = Vec::new();
    // Commanders' tactical ratings (11.2 step 2, 18.1).
    if let Some(r) = attacker.commander {
        add(
            &mut mods,
            A,
            false,
            r.offensive,
            "11.2 offensive tactical rating",
        );
    }
    if let Some(r) = defender.commander {
        add(
            &mut mods,
            D,
            false,
            r.defensive,
            "11.2 defensive tactical rating",
        );
    }
    if sit.defender_intercepted {
        add(
            &mut mods,
            D,
            false,
            charts.drms.interception,
            "10.3 intercepting force",
        );
    }
    if sit.defender_failed_avoid {
        add(
            &mut mods,
            D,
            false,
            charts.drms.failed_avoid,
            "10.4/10.5 failed to avoid battle",
        );
    }
    for (who, f) in [(A, attacker), (D, defender)] {
        if !f.supplied {
            add(
                &mut mods,
                who,
                false,
                charts.drms.unsupplied,
                "15.3 unsupplied",
            );
        }
    }
    let no_river = sit.cards.iter().any(|(_, c)| c.no_river);
    if sit.across_river && !no_river {
        add(
            &mut mods,
            D,
            false,
            charts.terrain.river_defender_drm,
            "11.45 attacked across a river (Terrain Effects Chart)",
        );
    }
    if sit.across_mountain {
        add(
            &mut mods,
            A,
            true,
            charts.terrain.mountain_attacker_shift,
            "attack along a mountain route (Terrain Effects Chart)",
        );
    }
    if sit.defender_in_fortress {
        add(
            &mut mods,
            D,
            false,
            charts.terrain.fortress_defender_drm,
            "defending in a fortress (Terrain Effects Chart)",
        );
    }
    if sit.defender_entrenched {
        add(&mut mods, D, false, 1, "Field Entrenchments (cards 6, 7)");
    }
    let mut loser_loss = [0u32; 2];
    let mut loss_reduction = [0u32; 2];
    let mut loss_reduction_if_lost = [0u32; 2];
    let mut no_pursuit_against = [false; 2];
    for (who, c) in &sit.cards {
        let case = format!("card #{} {}", c.card, c.title);
        add(&mut mods, *who, false, c.drm, &case);
        add(&mut mods, who.other(), false, c.enemy_drm, &case);
        add(&mut mods, *who, true, c.shift, &case);
        loser_loss[who.idx()] += c.loser_loss;
        loss_reduction[who.idx()] += c.loss_reduction;
        loss_reduction_if_lost[who.idx()] += c.loss_reduction_if_lost;
        // The player's side loses: the winner (the other side) may not pursue.
        if c.no_pursuit {
            no_pursuit_against[who.other().idx()] = true;
        }
    }
    let sp = [attacker.sp(), defender.sp()];
    let base_column = [charts.brt_column(sp[0]), charts.brt_column(sp[1])];
    let mut drm = [0i32; 2];
    let mut shift = [0i32; 2];
    for m in &mods {
        if m.shift {
            shift[m.who.idx()] += m.amount;
        } else {
            drm[m.who.idx()] += m.amount;
        }
    }
    let column = [
        charts.brt_shift(base_column[0], shift[0]),
        charts.brt_shift(base_column[1], shift[1]),
    ];
    let mut plan = BattlePlan {
        sp,
        base_column,
        column,
        column_label: [
            charts.brt_label(column[0]).to_string(),
            charts.brt_label(column[1]).to_string(),
        ],
        drm,
        modifiers: mods,
        outcomes: Vec::with_capacity(36),
        attacker_wins_in_36: 0,
        loss_in_36: [Vec::new(), Vec::new()],
        // Our reading (11.3): any standing fortress or major city in the battle space stops
        // impetus, also one the winner could mask and leave (the example's Hanover battle)
        impetus_if_won: !sit.fortified_space && sp[1].saturating_mul(2) <= sp[0] && sp[0] > 0,
        pursuit_in_216: [0, 0],
        loser_loss,
        loss_reduction,
        loss_reduction_if_lost,
        no_pursuit_against,
    };
    for a in 1..=6u8 {
        for d in 1..=6u8 {
            let o = resolve(charts, &plan, a, d);
            plan.outcomes.push(o);
        }
    }
    plan.attacker_wins_in_36 = plan
        .outcomes
        .iter()
        .filter(|o| o.winner == Who::Attacker)
        .count() as u32;
    for side in 0..2 {
        let max = plan
            .outcomes
            .iter()
            .map(|o| o.loss[side])
            .max()
            .unwrap_or(0) as usize;
        let mut v = vec![0u32; max + 1];
        for o in &plan.outcomes {
            v[o.loss[side] as usize] += 1;
        }
        plan.loss_in_36[side] = v;
    }
    // 12.4: pursuit by the winner's general: die (-1 with more cavalry) <= his offensive
    // rating if he attacked, defensive if he defended.
    for (who, f, o, rating) in [
        (
            A,
            attacker,
            defender,
            attacker.commander.map(|r| r.offensive),
        ),
        (
            D,
            defender,
            attacker,
            defender.commander.map(|r| r.defensive),
        ),
    ] {
        let Some(rating) = rating else { continue };
        if (sit.fortified_space && !sit.besieges_inside[who.idx()])
            || plan.no_pursuit_against[who.idx()]
        {
            continue;
        }
        let wins = plan.outcomes.iter().filter(|x| x.winner == who).count() as u32;
        let more_cav = f.cavalry() > o.cavalry();
        plan.pursuit_in_216[who.idx()] =
            wins * pursuit_roll(charts, rating, who == A, more_cav).chance_in_6();
    }
    plan
}

/// 11.2 step 3 for one pair of dice.
fn resolve(charts: &Charts, plan: &BattlePlan, a: u8, d: u8) -> Outcome {
    let modified = [a as i32 + plan.drm[0], d as i32 + plan.drm[1]];
    let inflicted = [
        charts.brt_loss(plan.column[0], modified[0]) as u32,
        charts.brt_loss(plan.column[1], modified[1]) as u32,
    ];
    // The higher factor inflicted wins; a tie goes to the attacker.
    let winner = if inflicted[0] >= inflicted[1] {
        Who::Attacker
    } else {
        Who::Defender
    };
    let w = winner.idx();
    let l = 1 - w;
    // loss[0] is the attacker's loss: what the defender inflicted.
    let mut loss = [inflicted[1], inflicted[0]];
    loss[l] += plan.loser_loss[w];
    for (l, r) in loss.iter_mut().zip(plan.loss_reduction) {
        *l = l.saturating_sub(r);
    }
    loss[l] = loss[l].saturating_sub(plan.loss_reduction_if_lost[l]);
    Outcome {
        dice: [a, d],
        modified,
        inflicted,
        loss,
        winner,
    }
}

/// What a modified die must do to succeed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// The modified die is at most this (11.42, 12.4).
    AtMost(i32),
    /// The modified die is greater than this (10.2, 10.4, 10.5).
    Above(i32),
}

/// One die roll with all that decides it: the case of the roll, every modifier with its
/// value and the case that grants it, and what the modified die must do against which
/// number. One function builds it per roll ([`support_roll`], [`pursuit_roll`] and
/// those of `flow_battle`), and the odds shown ([`DieRoll::chance_in_6`],
/// [`DieRoll::odds`]), the roll (its `mods` go to the dice log as they are) and the roll's
/// log line ([`DieRoll::result`]) all read that one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DieRoll {
    /// The case of the roll, e.g. "11.42".
    pub case: String,
    /// (what grants it with its case, value), in the order they are shown and logged.
    pub mods: Vec<(String, i32)>,
    pub need: Need,
    /// The number the die is read against in words, with its case.
    pub against: String,
}

impl DieRoll {
    /// The sum of the modifiers.
    pub fn drm(&self) -> i32 {
        self.mods.iter().map(|m| m.1).sum()
    }
    pub fn modified(&self, die: u8) -> i32 {
        die as i32 + self.drm()
    }
    pub fn succeeds(&self, die: u8) -> bool {
        let m = self.modified(die);
        match self.need {
            Need::AtMost(t) => m <= t,
            Need::Above(t) => m > t,
        }
    }
    /// The faces of the die (of 6) that succeed.
    pub fn chance_in_6(&self) -> u32 {
        (1..=6u8).filter(|&d| self.succeeds(d)).count() as u32
    }
    /// Each modifier in words: its value, then what grants it with its case.
    pub fn mod_texts(&self) -> Vec<String> {
        self.mods
            .iter()
            .map(|(why, v)| format!("{v:+} {why}"))
            .collect()
    }
    fn need_text(&self) -> String {
        match self.need {
            Need::AtMost(t) => format!("needs at most {t} ({})", self.against),
            Need::Above(t) => format!("needs above {t} ({})", self.against),
        }
    }
    /// The odds in words: "4 in 6 [+1 a CD with the army (17.1); needs above 3 (...)]",
    /// the modifiers and the need separated by "; ".
    pub fn odds(&self) -> String {
        let mut v = self.mod_texts();
        v.push(self.need_text());
        format!("{} in 6 [{}]", self.chance_in_6(), v.join("; "))
    }
    /// The roll of `die` in words for the log: the die, each modifier, the total and the
    /// need.
    pub fn result(&self, die: u8) -> String {
        let mut s = format!("die {die}");
        for t in self.mod_texts() {
            s.push(' ');
            s.push_str(&t);
        }
        if !self.mods.is_empty() {
            s.push_str(&format!(" = {}", self.modified(die)));
        }
        format!("{s}, {}", self.need_text())
    }
}

/// 12.4, 17.1: the pursuit roll of the winner's commander: a die (-1 with more cavalry
/// divisions than the loser) at most his offensive rating if he attacked, his defensive
/// rating if he defended.
pub fn pursuit_roll(charts: &Charts, rating: i32, attacked: bool, more_cavalry: bool) -> DieRoll {
    let mut mods = Vec::new();
    if more_cavalry {
        mods.push((
            "more cavalry divisions (12.4, 17.1)".to_string(),
            charts.drms.pursuit_cavalry,
        ));
    }
    let which = if attacked { "offensive" } else { "defensive" };
    DieRoll {
        case: "12.4".into(),
        mods,
        need: Need::AtMost(rating),
        against: format!("the winner's {which} tactical rating, 12.4"),
    }
}

/// 12.4, 17.1: pursuit succeeds on a die (-1 with more cavalry divisions) <= the rating
/// (the chance of [`pursuit_roll`]).
pub fn pursuit_chance_in_6(charts: &Charts, rating: i32, more_cavalry: bool) -> u32 {
    pursuit_roll(charts, rating, true, more_cavalry).chance_in_6()
}

/// 11.42, 11.43: a supporting army joins on a modified die (-1 with cavalry, -2 with the
/// Moltke card) at most its general's offensive rating plus the charts' `support_base`
/// (RECONSTRUCTED from the example of play, see [`super::charts::Drms::support_base`]).
/// Our reading (audit 5 B1): 11.42 prints "<= the offensive tactical rating"; the example's
/// Frederick (+1) joins on a 4, so the number to reach is the rating + 3.
pub fn support_roll(charts: &Charts, offensive: i32, cavalry: bool, moltke: bool) -> DieRoll {
    let mut mods = Vec::new();
    if cavalry {
        mods.push((
            "the army contains cavalry (11.43)".to_string(),
            charts.drms.support_cavalry,
        ));
    }
    if moltke {
        mods.push(("Moltke response card (11.43)".to_string(), -2));
    }
    let base = charts.drms.support_base;
    let against = if base == 0 {
        format!("offensive rating {offensive}, 11.42")
    } else {
        format!("offensive rating {offensive} + {base}, 11.42 as in the example of play")
    };
    DieRoll {
        case: "11.42".into(),
        mods,
        need: Need::AtMost(offensive + base),
        against,
    }
}

/// 11.42, 11.43: the chance in 6 of [`support_roll`].
pub fn support_chance_in_6(charts: &Charts, offensive: i32, cavalry: bool, moltke: bool) -> u32 {
    support_roll(charts, offensive, cavalry, moltke).chance_in_6()
}

// ------------------------------------------------------------------- losses (11.2 step 4)

/// What happens to one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    Unhurt,
    /// Full to reduced.
    Flipped,
    /// To the Eliminated Units box, not replaced (an EBC, or a corps with no replacement
    /// left in the Corps Support Box).
    Eliminated,
    /// A corps eliminated and replaced by an EBC from the Corps Support Box, which then
    /// takes `steps` more: 0 (stays full), 1 (flipped) or 2 (eliminated too).
    Replaced {
        steps: u8,
    },
}

/// One legal way to take a loss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossChoice {
    pub fates: Vec<Fate>,
    /// The CF (or steps) this way takes.
    pub taken: u32,
}

/// At most this many choices are listed (identical units multiply them); [`check_losses`]
/// judges any pick whether listed or not.
pub const MAX_CHOICES: usize = 4096;

#[derive(Clone, Copy)]
enum Measure {
    Cohesion,
    Steps,
}

fn value(m: Measure, s: &Stats, full: bool) -> u32 {
    match m {
        Measure::Cohesion => {
            if full {
                s.cf_full
            } else {
                s.cf_reduced
            }
        }
        Measure::Steps => 1,
    }
}

/// Options of one unit: (fate, amount taken, support stock used).
fn options(m: Measure, u: &BUnit, support: &[SupportStock]) -> Vec<(Fate, u32, Option<usize>)> {
    let s = &u.stats;
    let mut v = vec![(Fate::Unhurt, 0, None)];
    let to_elim = if u.reduced {
        value(m, s, false)
    } else {
        v.push((Fate::Flipped, value(m, s, true), None));
        value(m, s, true) + value(m, s, false)
    };
    let stock = if u.kind == Kind::Corps {
        u.replacement.filter(|&i| i < support.len())
    } else {
        None
    };
    match stock {
        Some(i) => {
            // Replacement is immediate and compulsory when the Box holds one; handled
            // against the remaining count in the search.
            let r = &support[i].stats;
            v.push((Fate::Replaced { steps: 0 }, to_elim, Some(i)));
            v.push((
                Fate::Replaced { steps: 1 },
                to_elim + value(m, r, true),
                Some(i),
            ));
            v.push((
                Fate::Replaced { steps: 2 },
                to_elim + value(m, r, true) + value(m, r, false),
                Some(i),
            ));
            // With the stock empty, the corps is simply eliminated.
            v.push((Fate::Eliminated, to_elim, None));
        }
        None => v.push((Fate::Eliminated, to_elim, None)),
    }
    v
}

struct Search<'a> {
    opts: Vec<Vec<(Fate, u32, Option<usize>)>>,
    support: &'a [SupportStock],
    target: u32,
    memo: HashMap<(usize, u32, Vec<u32>), bool>,
}

impl Search<'_> {
    /// Whether an option may be taken given the stock already used. `used[i]` counts the
    /// replacements taken from stock i, `used[n + i]` the corps of stock i eliminated
    /// without one: legal only if the stock is empty at the end (the owner picks which
    /// corps gets the last replacement).
    fn allowed(&self, o: &(Fate, u32, Option<usize>), used: &[u32]) -> bool {
        match o.0 {
            Fate::Replaced { .. } => o.2.is_some_and(|i| used[i] < self.support[i].count),
            _ => true,
        }
    }
    /// Apply (+1) or undo (-1) an option's use of the stock.
    fn mark(&self, i: usize, o: &(Fate, u32, Option<usize>), used: &mut [u32], undo: bool) {
        let slot = match (o.0, o.2, self.corps_stock(i)) {
            (Fate::Replaced { .. }, Some(s), _) => Some(s),
            (Fate::Eliminated, _, Some(s)) => Some(self.support.len() + s),
            _ => None,
        };
        if let Some(k) = slot {
            if undo {
                used[k] -= 1;
            } else {
                used[k] += 1;
            }
        }
    }
    fn corps_stock(&self, i: usize) -> Option<usize> {
        self.opts[i].iter().find_map(|o| o.2)
    }
    fn complete(&self, used: &[u32]) -> bool {
        let n = self.support.len();
        (0..n).all(|i| used[n + i] == 0 || used[i] >= self.support[i].count)
    }
    /// Can units i.. add exactly `target - sum`?
    fn can(&mut self, i: usize, sum: u32, used: &mut Vec<u32>) -> bool {
        if sum > self.target {
            return false;
        }
        if i == self.opts.len() {
            return sum == self.target && self.complete(used);
        }
        let key = (i, sum, used.clone());
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        let mut ok = false;
        for k in 0..self.opts[i].len() {
            let o = self.opts[i][k];
            if !self.allowed(&o, used) {
                continue;
            }
            self.mark(i, &o, used, false);
            ok = self.can(i + 1, sum + o.1, used);
            self.mark(i, &o, used, true);
            if ok {
                break;
            }
        }
        self.memo.insert(key, ok);
        ok
    }
    fn list(
        &mut self,
        i: usize,
        sum: u32,
        used: &mut Vec<u32>,
        cur: &mut Vec<Fate>,
        out: &mut Vec<LossChoice>,
    ) {
        if out.len() >= MAX_CHOICES {
            return;
        }
        if i == self.opts.len() {
            if sum == self.target && self.complete(used) {
                out.push(LossChoice {
                    fates: cur.clone(),
                    taken: sum,
                });
            }
            return;
        }
        for k in 0..self.opts[i].len() {
            let o = self.opts[i][k];
            if !self.allowed(&o, used) || sum + o.1 > self.target {
                continue;
            }
            self.mark(i, &o, used, false);
            if self.can(i + 1, sum + o.1, used) {
                cur.push(o.0);
                self.list(i + 1, sum + o.1, used, cur, out);
                cur.pop();
            }
            self.mark(i, &o, used, true);
        }
    }
}

fn choices(m: Measure, units: &[BUnit], support: &[SupportStock], loss: u32) -> Vec<LossChoice> {
    let opts: Vec<_> = units.iter().map(|u| options(m, u, support)).collect();
    let total_max: u32 = opts
        .iter()
        .map(|o| o.iter().map(|x| x.1).max().unwrap_or(0))
        .sum();
    let mut s = Search {
        opts,
        support,
        target: 0,
        memo: HashMap::new(),
    };
    let mut used = vec![0u32; 2 * support.len()];
    // The greatest amount <= loss that can be taken exactly.
    let mut best = loss.min(total_max);
    loop {
        s.target = best;
        s.memo.clear();
        if s.can(0, 0, &mut used) || best == 0 {
            break;
        }
        best -= 1;
    }
    let mut out = Vec::new();
    s.list(0, 0, &mut used, &mut Vec::new(), &mut out);
    out
}

/// 11.2 step 4: every way to take a CF loss as close as possible to `loss` without
/// exceeding it (flipping a full unit takes its full CF, eliminating a reduced one its
/// reduced CF; an eliminated corps is replaced from `support` and the replacement may be
/// flipped or eliminated to meet the rest). At most [`MAX_CHOICES`] are listed.
pub fn loss_choices(units: &[BUnit], support: &[SupportStock], loss: u32) -> Vec<LossChoice> {
    choices(Measure::Cohesion, units, support, loss)
}

/// 15.5 note: attrition losses in steps, eliminated units handled as in 11.2 step 4.
pub fn step_choices(units: &[BUnit], support: &[SupportStock], steps: u32) -> Vec<LossChoice> {
    choices(Measure::Steps, units, support, steps)
}

fn check(
    m: Measure,
    units: &[BUnit],
    support: &[SupportStock],
    loss: u32,
    fates: &[Fate],
) -> Result<u32, String> {
    if fates.len() != units.len() {
        return Err(format!(
            "11.2 step 4: {} fates for {} units",
            fates.len(),
            units.len()
        ));
    }
    let mut used = vec![0u32; support.len()];
    let mut taken = 0u32;
    for (u, f) in units.iter().zip(fates) {
        let opts = options(m, u, support);
        let Some(o) = opts.iter().find(|o| o.0 == *f) else {
            return Err(format!("11.2 step 4: {} cannot be {:?}", u.name, f));
        };
        if let Some(s) = o.2 {
            used[s] += 1;
        }
        taken += o.1;
    }
    for (u, f) in units.iter().zip(fates) {
        if let (Fate::Eliminated, Kind::Corps, Some(i)) = (f, u.kind, u.replacement)
            && i < support.len()
            && used[i] < support[i].count
        {
            return Err(format!(
                "11.2 step 4: {} must be replaced by a {} from the Corps Support Box",
                u.name, support[i].name
            ));
        }
    }
    for (i, s) in support.iter().enumerate() {
        if used[i] > s.count {
            return Err(format!(
                "11.2 step 4: only {} {} in the Corps Support Box",
                s.count, s.name
            ));
        }
    }
    if taken > loss {
        return Err(format!("11.2 step 4: {taken} exceeds the loss of {loss}"));
    }
    let best = choices(m, units, support, loss)
        .first()
        .map_or(0, |c| c.taken);
    if taken < best {
        return Err(format!(
            "11.2 step 4: {taken} is not as close as possible to {loss} ({best} can be taken)"
        ));
    }
    Ok(taken)
}

/// Judges a player's pick of fates for a CF loss; Ok(CF taken) or the reason it is refused.
pub fn check_losses(
    units: &[BUnit],
    support: &[SupportStock],
    loss: u32,
    fates: &[Fate],
) -> Result<u32, String> {
    check(Measure::Cohesion, units, support, loss, fates)
}

/// Judges a pick of fates for an attrition loss in steps (15.5).
pub fn check_steps(
    units: &[BUnit],
    support: &[SupportStock],
    steps: u32,
    fates: &[Fate],
) -> Result<u32, String> {
    check(Measure::Steps, units, support, steps, fates)
}

/// The force after the fates: survivors (replacements named from their stock), in order.
pub fn after_losses(units: &[BUnit], support: &[SupportStock], fates: &[Fate]) -> Vec<BUnit> {
    let mut out = Vec::new();
    for (u, f) in units.iter().zip(fates) {
        match f {
            Fate::Unhurt => out.push(u.clone()),
            Fate::Flipped => out.push(BUnit {
                reduced: true,
                ..u.clone()
            }),
            Fate::Eliminated | Fate::Replaced { steps: 2.. } => {}
            Fate::Replaced { steps } => {
                if let Some(s) = u.replacement.and_then(|i| support.get(i)) {
                    out.push(BUnit {
                        name: s.name.clone(),
                        stats: s.stats,
                        kind: Kind::Infantry,
                        reduced: *steps == 1,
                        replacement: None,
                    });
                }
            }
        }
    }
    out
}

/// The contract's name for [`loss_choices`] (11.2 step 4).
pub fn take_losses(units: &[BUnit], support: &[SupportStock], loss: u32) -> Vec<LossChoice> {
    loss_choices(units, support, loss)
}

// ------------------------------------------------------------------------------ overrun

/// 9.51: an army overruns a single enemy EBC in a minor city with 5:1 in SPs (the test
/// `flow_battle` applies when an army enters the space).
pub fn overrun(army_sp: u32, unit_sp: u32) -> bool {
    army_sp > 0 && army_sp >= unit_sp.saturating_mul(5)
}
