//! The combat and morale tables of Trautenau – Soor (2, 9.2.2, 9.5.2-9.5.13, 10.1 and the
//! COMBAT RESULTS TABLE with its modifiers) as plain functions over plain facts, with the
//! exact odds shown before a player commits.
//!
//! The tables read no game state: the caller gathers the facts (who fires, from where,
//! at what) into a [`FireInput`] or [`MoraleInput`] and gets back every modifier with its
//! label and rule case, the column and the die modifier. [`defence_fires`] and
//! [`barrage_fire`] gather those facts from a position; the resolution rolls with them
//! and the UI shows their odds, so the screen and the roll cannot differ.
//!
//! Interpretations (the rulebook leaves these open):
//! - 1.3 rounds every fraction up, the terrain division included. The 9.5.3 assault
//!   example says 9 points against a village (protection 2) give "6"; 9/2 rounded up
//!   is 5, and 5 is what [`fire`] gives.
//! - Column shifts are added to the divided points even when those are 0 (a unit may fire
//!   with 0, 9.5.1); the result is read on column 0 when below it.
//! - Elevation (CRT, terrain table): the shooters suffer -1 per level only when the target
//!   is higher than every shooter, by the smallest difference (-1 whatever the difference
//!   for artillery fire). They gain +1 when at least one shooter stands exactly one level
//!   above the target; a shooter two or more levels above (steep slope) gives 0.
//! - "Artillery fire" is a barrage, or fire in which every firing unit is artillery
//!   ([`FireInput::artillery`], e.g. a battery defending itself). Artillery adding its
//!   points to another unit's defensive fire (9.5.6) is not artillery fire.
//! - Hexside modifiers (bridge, ravine/escarpment, stream) and the flank +2 count for the
//!   attack only: defensive fire ignores hexside terrain (9.5.3 A), barrage ignores the
//!   hexsides and the commander's bonus but keeps elevation (9.2.2, 9.5.13).
//! - The Dreyse +1 column is the defender's, on defensive fire only, and only when a
//!   Prussian infantry unit puts points into that fire (9.5.2: a combat at 0 gives no
//!   bonus); the caller decides that and sets [`FireInput::dreyse`].
//! - [`FireInput::shooter_losses`] is the largest number of step losses among the firing
//!   units: -1 column per level of loss.
//! - Rally (10.1): the summary lists "+1 if a commander is stacked" again under "rally
//!   only"; rule 2 says "adjacent". A rally test gets +1 for a commander adjacent, but
//!   only when no commander is stacked (the stacked +1 already counts): at most +1 for
//!   commanders.

use super::data::TsRules;
use super::flow;
use super::state::{Assault, TsState, UnitId};
use serde::{Deserialize, Serialize};

/// A result of the COMBAT RESULTS TABLE (9.5.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// "-": nothing happens.
    Nothing,
    /// "T": each unit tests its morale; a failure is a D.
    Test,
    /// "D": disorganised (a step loss if already so), retreat unless barrage or town.
    Disorg,
    /// "D+1": as D, with a step loss for one unit of the stack (not artillery).
    DisorgLoss,
}

impl Outcome {
    pub const ALL: [Outcome; 4] = [
        Outcome::Nothing,
        Outcome::Test,
        Outcome::Disorg,
        Outcome::DisorgLoss,
    ];

    /// As printed on the table.
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Nothing => "-",
            Outcome::Test => "T",
            Outcome::Disorg => "D",
            Outcome::DisorgLoss => "D+1",
        }
    }

    fn idx(self) -> usize {
        match self {
            Outcome::Nothing => 0,
            Outcome::Test => 1,
            Outcome::Disorg => 2,
            Outcome::DisorgLoss => 3,
        }
    }
}

/// The highest column of the table.
pub const MAX_COLUMN: u8 = 7;
/// The highest row ("6 +").
pub const MAX_ROW: i32 = 6;

/// COMBAT RESULTS TABLE, rows 0..=6 (die after modifiers), columns 0..=7.
const CRT: [[Outcome; 8]; 7] = {
    use Outcome::{Disorg as D, DisorgLoss as L, Nothing as N, Test as T};
    [
        [N, N, N, N, N, N, T, T], // 0 or less
        [N, N, N, N, N, T, T, D], // 1
        [N, N, N, N, T, T, D, D], // 2
        [N, N, N, T, T, D, D, D], // 3
        [N, N, T, T, D, D, D, L], // 4
        [N, T, T, D, D, D, L, L], // 5
        [T, T, D, D, D, L, L, L], // 6 or more
    ]
};

/// Reads the table: `column` 0..=7 (higher reads 7), `die` the modified roll (below 0
/// reads row 0, above 6 reads row 6).
pub fn crt(column: u8, die: i32) -> Outcome {
    let row = die.clamp(0, MAX_ROW) as usize;
    CRT[row][column.min(MAX_COLUMN) as usize]
}

/// A column or die modifier with the case that grants it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Modifier {
    pub label: String,
    pub rule: String,
    pub value: i32,
}

fn modifier(label: impl Into<String>, rule: &str, value: i32) -> Modifier {
    Modifier {
        label: label.into(),
        rule: rule.to_string(),
        value,
    }
}

/// Sum of a list of modifiers.
pub fn total(mods: &[Modifier]) -> i32 {
    mods.iter().map(|m| m.value).sum()
}

/// Which fire is resolved on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireKind {
    /// The attacker's assault (9.5.3 B).
    #[default]
    Attack,
    /// The defender's fire against one assaulting unit (9.5.3 A).
    Defensive,
    /// Artillery barrage (9.2.2).
    Barrage,
}

/// The plain facts of one fire, gathered by the caller.
#[derive(Clone, Debug, Default)]
pub struct FireInput {
    pub kind: FireKind,
    /// Combat points used in this fire, before any halving or division (for a
    /// coordinated assault the sum of the attackers; for defensive fire the share put
    /// against this attacker, artillery support of 9.5.6 included).
    pub points: u32,
    /// Defensive fire against an attacker on the flank: the share is halved, rounding up
    /// (9.5.3 A). Ignored for other kinds.
    pub flank_halved: bool,
    /// Terrain protection of the target hex: clear 1, woods 2, village 2, town 3,
    /// marsh 1 (terrain table). 0 reads as 1. Defensive fire always uses 1 (9.5.3 A, 9.5.5).
    pub protection: u8,
    /// The largest number of step losses among the firing units (-1 column per level).
    pub shooter_losses: u8,
    /// Elevation levels of the firing units (empty: no elevation modifier).
    pub shooter_levels: Vec<u8>,
    /// Elevation level of the target hex.
    pub target_level: u8,
    /// Every firing unit is artillery (barrage is always artillery fire): elevation
    /// against a higher target is -1 whatever the difference, and no commander bonus.
    pub artillery: bool,
    /// Attack across a river by a bridge: -1 column (attack only).
    pub across_bridge: bool,
    /// Attack across a ravine or escarpment hexside: -1 column (attack only).
    pub across_ravine_or_escarpment: bool,
    /// A Prussian infantry unit puts points into this defensive fire: +1 column
    /// (Dreyse needle gun; defensive fire only).
    pub dreyse: bool,
    /// A night turn: -1 column.
    pub night: bool,
    /// A unit of the Prussian Guard fires: +1 die.
    pub guard: bool,
    /// Combat bonus of a formation commander stacked with the firing units (9.5.13);
    /// never for artillery fire or barrage.
    pub leader_bonus: u8,
    /// An artillery unit adjacent to the enemy adds its points: +1 die.
    pub artillery_adjacent: bool,
    /// Attack: at least one heavy cavalry unit against a hex without heavy cavalry: +1 die.
    pub heavy_attack: bool,
    /// Defensive fire: only heavy cavalry against only non-heavy cavalry: +1 die.
    pub heavy_defence: bool,
    /// Light troops fire (attacker or defender) and the attacked hex is a town, village
    /// or wood: +1 die (not for barrage).
    pub light_in_cover: bool,
    /// Attack: at least one of the defender's flanks is attacked: +2 die.
    pub flank_attack: bool,
    /// Attack across a stream hexside: -1 die (attack only).
    pub across_stream: bool,
}

/// A fire worked out: division, shifts, column and die modifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct Fire {
    /// Points used, as given.
    pub points: u32,
    /// After the flank halving and the terrain division (both rounded up).
    pub divided: u32,
    pub column_mods: Vec<Modifier>,
    /// Die modifiers, the "columns above 7" entry included.
    pub die_mods: Vec<Modifier>,
    /// Column read, 0..=7, after the shifts.
    pub column: u8,
    /// Columns above 7 (each +1 on the die).
    pub overflow: i32,
}

fn div_up(a: u32, b: u32) -> u32 {
    a.div_ceil(b.max(1))
}

/// Elevation column shift (CRT column modifiers, terrain table), with its label.
fn elevation(shooters: &[u8], target: u8, artillery: bool) -> Option<Modifier> {
    let highest = *shooters.iter().max()?;
    if target > highest {
        let diff = (target - highest) as i32;
        if artillery {
            return Some(modifier("target higher (artillery fire)", "CRT", -1));
        }
        return Some(modifier(
            format!("target {diff} level(s) higher"),
            "CRT",
            -diff,
        ));
    }
    if shooters.iter().any(|&s| s == target + 1) {
        return Some(modifier("target one level lower", "CRT", 1));
    }
    None
}

/// Resolves the division and the modifiers of one fire (9.5.5): any division first,
/// then the column shifts, then the die modifiers.
pub fn fire(input: &FireInput) -> Fire {
    let kind = input.kind;
    let attack = kind == FireKind::Attack;
    let defensive = kind == FireKind::Defensive;
    let barrage = kind == FireKind::Barrage;
    let artillery_fire = barrage || input.artillery;

    let mut p = input.points;
    if defensive && input.flank_halved {
        p = div_up(p, 2); // 9.5.3 A
    }
    let protection = if defensive {
        1 // 9.5.3 A: the attacker's terrain is always 1
    } else {
        input.protection.max(1) as u32
    };
    let divided = div_up(p, protection);

    let mut cm = Vec::new();
    if input.shooter_losses > 0 {
        cm.push(modifier(
            format!("{} step loss(es)", input.shooter_losses),
            "CRT",
            -(input.shooter_losses as i32),
        ));
    }
    if let Some(e) = elevation(&input.shooter_levels, input.target_level, artillery_fire) {
        cm.push(e);
    }
    if attack && input.across_bridge {
        cm.push(modifier("across a river (bridge)", "CRT", -1));
    }
    if attack && input.across_ravine_or_escarpment {
        cm.push(modifier("across a ravine or escarpment", "CRT", -1));
    }
    if defensive && input.dreyse {
        cm.push(modifier("Dreyse needle gun", "CRT", 1));
    }
    if input.night {
        cm.push(modifier("night turn", "CRT", -1));
    }

    let raw = divided as i64 + total(&cm) as i64;
    let overflow = (raw - MAX_COLUMN as i64).max(0) as i32;
    let column = raw.clamp(0, MAX_COLUMN as i64) as u8;

    let mut dm = Vec::new();
    if overflow > 0 {
        dm.push(modifier("columns above 7", "CRT", overflow));
    }
    if input.guard {
        dm.push(modifier("Prussian Guard", "CRT", 1));
    }
    if input.leader_bonus > 0 && !artillery_fire {
        dm.push(modifier(
            "formation commander's bonus",
            "9.5.13",
            input.leader_bonus as i32,
        ));
    }
    if input.artillery_adjacent {
        dm.push(modifier("artillery adjacent to the enemy", "CRT", 1));
    }
    if attack && input.heavy_attack {
        dm.push(modifier("heavy cavalry against no heavy cavalry", "CRT", 1));
    }
    if defensive && input.heavy_defence {
        dm.push(modifier(
            "only heavy cavalry against only non-heavy cavalry",
            "CRT",
            1,
        ));
    }
    if !barrage && input.light_in_cover {
        dm.push(modifier(
            "light troops, hex in town, village or wood",
            "CRT",
            1,
        ));
    }
    if attack && input.flank_attack {
        dm.push(modifier("defender attacked on a flank", "CRT", 2));
    }
    if attack && input.across_stream {
        dm.push(modifier("across a stream", "CRT", -1));
    }

    Fire {
        points: input.points,
        divided,
        column_mods: cm,
        die_mods: dm,
        column,
        overflow,
    }
}

impl Fire {
    /// Sum of the die modifiers.
    pub fn drm(&self) -> i32 {
        total(&self.die_mods)
    }

    /// The result for a natural roll of 1d6.
    pub fn roll(&self, die: u8) -> Outcome {
        crt(self.column, die as i32 + self.drm())
    }

    /// Exact probabilities of "-", "T", "D", "D+1" over 1d6.
    pub fn odds(&self) -> [f64; 4] {
        let mut n = [0u32; 4];
        for die in 1..=6 {
            n[self.roll(die).idx()] += 1;
        }
        n.map(|k| k as f64 / 6.0)
    }
}

/// What a fire does to one unit of the target, for the panel before committing (9.5.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Effects {
    /// "-" or a passed T.
    pub unharmed: f64,
    /// D or a failed T (a step loss if the unit was already disorganised).
    pub disorganised: f64,
    /// D+1: as D, and one unit of the stack (not artillery) loses a step.
    pub disorganised_loss: f64,
}

/// Chance of each effect given the table odds and the unit's chance to pass a morale
/// test (see [`morale_chance`]).
pub fn outcome_probabilities(odds: &[f64; 4], morale_pass: f64) -> Effects {
    let pass = morale_pass.clamp(0.0, 1.0);
    Effects {
        unharmed: odds[0] + odds[1] * pass,
        disorganised: odds[1] * (1.0 - pass) + odds[2],
        disorganised_loss: odds[3],
    }
}

/// Facts of one morale (2) or rally (10.1) test.
#[derive(Clone, Debug, Default)]
pub struct MoraleInput {
    pub morale: u8,
    /// Terrain protection 2 or more.
    pub protection2: bool,
    /// Formation commander or commander in chief stacked.
    pub leader_stacked: bool,
    /// Prussian Guard unit.
    pub guard: bool,
    /// Light troops in a town, village or wood.
    pub light_in_cover: bool,
    /// Austrian artillery unit.
    pub austrian_artillery: bool,
    pub losses: u8,
    /// An enemy on the unit's flank, even not attacking.
    pub enemy_on_flank: bool,
    /// Out of command; the caller sets it only if the formation commander is on the map.
    pub out_of_command: bool,
    /// Its formation is demoralised.
    pub demoralised: bool,
    /// A night turn (summary).
    pub night: bool,
    /// A rally test (10.1): the rally-only modifiers apply.
    pub rally: bool,
    /// Rally only: the formation commander or commander in chief adjacent.
    pub leader_adjacent: bool,
    /// Rally only: within range and line of sight of enemy artillery.
    pub under_enemy_artillery: bool,
}

/// The morale or rally test modifiers (2, 10.1 and the MORALE AND RALLY summary).
pub fn morale_mods(m: &MoraleInput) -> Vec<Modifier> {
    let mut v = vec![modifier(
        format!("morale {}", m.morale),
        "2",
        m.morale as i32,
    )];
    let mut add = |on: bool, label: &str, rule: &str, value: i32| {
        if on {
            v.push(modifier(label, rule, value));
        }
    };
    add(m.protection2, "terrain protection 2 or more", "2", 1);
    add(m.leader_stacked, "commander stacked", "2", 1);
    add(m.guard, "Prussian Guard", "2", 1);
    add(
        m.light_in_cover,
        "light troops in town, village or wood",
        "2",
        1,
    );
    add(m.austrian_artillery, "Austrian artillery", "2", 1);
    add(
        m.losses > 0,
        &format!("{} step loss(es)", m.losses),
        "2",
        -(m.losses as i32),
    );
    add(m.enemy_on_flank, "enemy on the flank", "2", -1);
    add(m.out_of_command, "out of command", "2", -1);
    add(m.demoralised, "formation demoralised", "2", -1);
    add(m.night, "night turn", "2", -1);
    if m.rally {
        add(
            m.leader_adjacent && !m.leader_stacked,
            "commander adjacent",
            "10.1",
            1,
        );
        add(
            m.under_enemy_artillery,
            "in range and sight of enemy artillery",
            "10.1",
            -1,
        );
    }
    v
}

/// The natural roll needed to pass (2 or less: always passes; 7 or more: never).
pub fn morale_target(mods: &[Modifier]) -> i32 {
    6 - total(mods)
}

/// 2: 1d6 plus the modifiers, 6 or more passes.
pub fn morale_passes(die: u8, mods: &[Modifier]) -> bool {
    die as i32 + total(mods) >= 6
}

/// Exact chance of passing over 1d6.
pub fn morale_chance(mods: &[Modifier]) -> f64 {
    (1..=6u8).filter(|&d| morale_passes(d, mods)).count() as f64 / 6.0
}

/// 9.5.12, 9.5.13: on 2d6, a 2 or a 12 eliminates the commander.
pub fn commander_falls(d1: u8, d2: u8) -> bool {
    matches!(d1 + d2, 2 | 12)
}

/// Chance of [`commander_falls`]: 2 in 36.
pub const COMMANDER_FALL_CHANCE: f64 = 2.0 / 36.0;

/// 9.5.2: modifiers of the coordination test (1d6 + mods, 6 or more passes; see
/// [`morale_passes`] and [`morale_chance`], which apply to any such list).
pub fn coordination_mods(command: u8, austrian_single_hex_clear_infantry: bool) -> Vec<Modifier> {
    let mut v = vec![modifier(
        format!("command value {command}"),
        "9.5.2",
        command as i32,
    )];
    if austrian_single_hex_clear_infantry {
        v.push(modifier(
            "Austrian infantry only, from a single clear hex",
            "9.5.2",
            1,
        ));
    }
    v
}

/// 9.5.2: the coordination test passes.
pub fn coordination_passes(die: u8, mods: &[Modifier]) -> bool {
    morale_passes(die, mods)
}

/// Reaction (7.1) and activation (9.1.1) tests: 1d6 + value, 6 or more passes.
pub fn test_passes(die: u8, value: u8) -> bool {
    die as i32 + value as i32 >= 6
}

/// Exact chance of [`test_passes`] over 1d6.
pub fn test_chance(value: u8) -> f64 {
    (1..=6u8).filter(|&d| test_passes(d, value)).count() as f64 / 6.0
}

// ---------------------------------------------------------------------------------
// The odds of a position. These read the game state through the fact gatherers of
// `flow` and are the functions the resolution rolls with: the screen shows exactly what
// `Fire::die_mods`, `Fire::column` and `Fire::odds` of their result say.

/// The defender's choices for the fire against one assault (the fields of
/// `TsCommand::Defend`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DefenceChoice {
    /// Points against each attacker in declaration order (one share unless coordinated).
    pub split: Vec<u8>,
    /// A battery supporting the defence (9.5.6).
    pub support: Option<UnitId>,
    /// The defenders' formation commander adds his bonus (9.5.13).
    pub commander: bool,
    /// Units joining the fire, each with an attacker in a front hex (9.5.1).
    pub helpers: Vec<UnitId>,
}

/// One defensive-fire roll: against whom, and the fire with its modifiers and odds.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareFire {
    pub attacker: UnitId,
    pub fire: Fire,
}

/// Every roll of the defensive fire against assault `a` under `choice` (9.5.3 A), in the
/// order they are rolled. Every attacker still on the map gets a roll, a share of 0
/// points included (9.5.1, 9.5.2: "it can combat with a value of 0"; 0 points still read
/// column 0 of the table). Light troops and an artillery unit adjacent to the attacker
/// give their +1 to one share only, the first share with points (9.5.2). A joining unit
/// (9.5.1) counts for a share only when that attacker is in one of its front hexes.
pub fn defence_fires(
    rules: &TsRules,
    st: &TsState,
    a: &Assault,
    choice: &DefenceChoice,
) -> Vec<ShareFire> {
    let defs = flow::defenders(rules, st, a);
    let leader = flow::defence_leader(rules, st, a).filter(|_| choice.commander);
    let (mut light_used, mut art_used) = (false, false);
    let mut out = Vec::new();
    for (k, &(att, _)) in a.attackers.iter().enumerate() {
        if !a.coordinated && k > 0 {
            break;
        }
        let Some(ah) = st.units.get(att as usize).and_then(|s| s.loc.hex()) else {
            continue;
        };
        let pts = choice.split.get(k).copied().unwrap_or(0);
        let helpers: Vec<UnitId> = choice
            .helpers
            .iter()
            .copied()
            .filter(|&h| flow::helper_reach(rules, st, a, h).contains(&k))
            .collect();
        let mut input = flow::defensive_input(
            rules,
            st,
            &defs,
            choice.support,
            &helpers,
            pts,
            att,
            ah,
            a.target,
            leader,
        );
        // 9.5.2: only for a single combat in which their points are used.
        if input.light_in_cover {
            input.light_in_cover = pts > 0 && !light_used;
            light_used |= input.light_in_cover;
        }
        if input.artillery_adjacent {
            input.artillery_adjacent = pts > 0 && !art_used;
            art_used |= input.artillery_adjacent;
        }
        out.push(ShareFire {
            attacker: att,
            fire: fire(&input),
        });
    }
    out
}

/// The barrage of battery `u` at `target` (9.2.2): the fire the resolution rolls, with
/// its modifiers and exact odds (`Fire::odds`).
pub fn barrage_fire(rules: &TsRules, st: &TsState, u: UnitId, target: UnitId) -> Fire {
    fire(&flow::barrage_input(rules, st, u, target))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Disorg as D, DisorgLoss as L, Nothing as N, Test as T};

    fn labels(mods: &[Modifier]) -> Vec<(&str, i32)> {
        mods.iter().map(|m| (m.label.as_str(), m.value)).collect()
    }

    fn base(kind: FireKind, points: u32) -> FireInput {
        FireInput {
            kind,
            points,
            protection: 1,
            ..Default::default()
        }
    }

    #[test]
    fn crt_rows_as_printed() {
        // rule CRT (9.5.5): each row as printed, columns 0..7
        let rows: [(i32, [Outcome; 8]); 7] = [
            (0, [N, N, N, N, N, N, T, T]),
            (1, [N, N, N, N, N, T, T, D]),
            (2, [N, N, N, N, T, T, D, D]),
            (3, [N, N, N, T, T, D, D, D]),
            (4, [N, N, T, T, D, D, D, L]),
            (5, [N, T, T, D, D, D, L, L]),
            (6, [T, T, D, D, D, L, L, L]),
        ];
        for (die, row) in rows {
            for (c, o) in row.iter().enumerate() {
                assert_eq!(crt(c as u8, die), *o, "row {die} column {c}");
            }
        }
        // rule CRT: "0 -" and "6 +" rows
        assert_eq!(crt(7, -3), T);
        assert_eq!(crt(0, 9), T);
        assert_eq!(crt(5, 12), L);
        assert_eq!(crt(4, -1), N);
        // labels
        assert_eq!(Outcome::ALL.map(|o| o.label()), ["-", "T", "D", "D+1"]);
    }

    #[test]
    fn worked_assault_example() {
        // rule 9.5.3 B: 5 + 4 = 9 coordinated against clear terrain (1), commander +2:
        // column 7, +2 for the columns above 7, +2 commander: always D+1.
        let f = fire(&FireInput {
            leader_bonus: 2,
            ..base(FireKind::Attack, 5 + 4)
        });
        assert_eq!(f.divided, 9);
        assert_eq!(f.column, 7);
        assert_eq!(f.overflow, 2);
        assert_eq!(f.drm(), 4);
        assert_eq!(
            labels(&f.die_mods),
            vec![("columns above 7", 2), ("formation commander's bonus", 2)]
        );
        for die in 1..=6 {
            assert_eq!(f.roll(die), L);
        }
        assert_eq!(f.odds(), [0.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn worked_assault_example_in_a_village() {
        // rule 9.5.3 B with 1.3: the example says 9 / 2 gives "6", but fractions round
        // UP (1.3): 4.5 -> 5. We follow 1.3: column 5, +2 for the commander only.
        let f = fire(&FireInput {
            leader_bonus: 2,
            protection: 2,
            ..base(FireKind::Attack, 9)
        });
        assert_eq!(f.divided, 5);
        assert_eq!(f.column, 5);
        assert_eq!(f.overflow, 0);
        assert_eq!(f.drm(), 2);
        // rolls 1..6 read rows 3..8: D, D, D, D+1, D+1, D+1
        assert_eq!(f.odds(), [0.0, 0.0, 0.5, 0.5]);
    }

    #[test]
    fn defensive_example_split_with_flank() {
        // rule 9.5.3 A: a 4-point defender splits 2 / 1 / 1, the flank share of 1
        // halved (rounded up) stays 1.
        let a = fire(&base(FireKind::Defensive, 2));
        let b = fire(&base(FireKind::Defensive, 1));
        let c = fire(&FireInput {
            flank_halved: true,
            ..base(FireKind::Defensive, 1)
        });
        assert_eq!((a.divided, b.divided, c.divided), (2, 1, 1));
        assert_eq!((a.column, b.column, c.column), (2, 1, 1));
        // rule 9.5.3 A: 0 against the others
        let z = fire(&base(FireKind::Defensive, 0));
        assert_eq!((z.divided, z.column), (0, 0));
        assert_eq!(z.odds(), [5.0 / 6.0, 1.0 / 6.0, 0.0, 0.0]);
    }

    #[test]
    fn flank_halving_rounds_up() {
        // rule 9.5.3 A, 1.3: halved, rounded up
        for (p, h) in [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (7, 4)] {
            let f = fire(&FireInput {
                flank_halved: true,
                ..base(FireKind::Defensive, p)
            });
            assert_eq!(f.divided, h, "{p} halved");
            assert_eq!(f.points, p);
        }
    }

    #[test]
    fn terrain_division_rounds_up() {
        // rule 9.5.5, 1.3: divided by the protection, rounded up; woods 2, town 3
        for (p, prot, d) in [
            (5, 2, 3),
            (4, 2, 2),
            (7, 3, 3),
            (6, 3, 2),
            (1, 3, 1),
            (0, 3, 0),
        ] {
            let f = fire(&FireInput {
                protection: prot,
                ..base(FireKind::Attack, p)
            });
            assert_eq!(f.divided, d, "{p}/{prot}");
        }
        // protection 0 is read as 1
        let f = fire(&FireInput {
            protection: 0,
            ..base(FireKind::Attack, 4)
        });
        assert_eq!(f.divided, 4);
    }

    #[test]
    fn defensive_protection_always_one() {
        // rule 9.5.3 A, 9.5.5: the terrain value of the attacker is always 1
        let f = fire(&FireInput {
            protection: 3,
            ..base(FireKind::Defensive, 5)
        });
        assert_eq!(f.divided, 5);
        assert_eq!(f.column, 5);
        // but halving still applies, and only for defensive fire
        let g = fire(&FireInput {
            protection: 3,
            flank_halved: true,
            ..base(FireKind::Defensive, 5)
        });
        assert_eq!(g.divided, 3);
        let h = fire(&FireInput {
            flank_halved: true,
            ..base(FireKind::Attack, 5)
        });
        assert_eq!(h.divided, 5);
    }

    #[test]
    fn barrage_ignores_hexsides_and_leader() {
        // rule 9.2.2: no river / ravine / stream, no commander bonus; elevation kept
        let input = FireInput {
            across_bridge: true,
            across_ravine_or_escarpment: true,
            across_stream: true,
            leader_bonus: 2,
            shooter_levels: vec![1],
            target_level: 3,
            ..base(FireKind::Barrage, 4)
        };
        let f = fire(&input);
        assert_eq!(
            labels(&f.column_mods),
            vec![("target higher (artillery fire)", -1)]
        );
        assert!(f.die_mods.is_empty());
        assert_eq!(f.column, 3);
        // the same facts in an attack count every one
        let a = fire(&FireInput {
            kind: FireKind::Attack,
            ..input.clone()
        });
        assert_eq!(total(&a.column_mods), -2 - 1 - 1);
        assert_eq!(a.column, 0);
        assert_eq!(a.drm(), 2 - 1);
        // rule 9.5.3 A: defensive fire ignores hexside terrain too, keeps the leader
        let d = fire(&FireInput {
            kind: FireKind::Defensive,
            ..input
        });
        assert_eq!(
            labels(&d.column_mods),
            vec![("target 2 level(s) higher", -2)]
        );
        assert_eq!(
            labels(&d.die_mods),
            vec![("formation commander's bonus", 2)]
        );
    }

    #[test]
    fn elevation_shifts() {
        // rule CRT column modifiers, terrain table "Niveau"
        let shift = |shooters: Vec<u8>, target: u8, artillery: bool| {
            let f = fire(&FireInput {
                shooter_levels: shooters,
                target_level: target,
                artillery,
                ..base(FireKind::Attack, 4)
            });
            (total(&f.column_mods), f.column)
        };
        assert_eq!(shift(vec![1], 2, false), (-1, 3)); // up 1
        assert_eq!(shift(vec![1], 3, false), (-2, 2)); // up 2
        assert_eq!(shift(vec![1], 4, true), (-1, 3)); // artillery up 3
        assert_eq!(shift(vec![2], 1, false), (1, 5)); // down 1
        assert_eq!(shift(vec![3], 1, false), (0, 4)); // down 2: steep slope
        assert_eq!(shift(vec![2], 2, false), (0, 4)); // level
        // smallest difference among several shooters
        assert_eq!(shift(vec![1, 2], 4, false), (-2, 2));
        // one shooter a single level above suffices
        assert_eq!(shift(vec![3, 2], 1, false), (1, 5));
        // a barrage is artillery fire
        let f = fire(&FireInput {
            shooter_levels: vec![1],
            target_level: 4,
            ..base(FireKind::Barrage, 4)
        });
        assert_eq!(total(&f.column_mods), -1);
        // no shooter levels given: no shift
        assert_eq!(shift(vec![], 4, false), (0, 4));
    }

    #[test]
    fn column_shifts_and_clamps() {
        // rule CRT: -1 per level of loss, night -1, Dreyse +1 (defensive only)
        let f = fire(&FireInput {
            shooter_losses: 2,
            night: true,
            ..base(FireKind::Attack, 4)
        });
        assert_eq!(
            labels(&f.column_mods),
            vec![("2 step loss(es)", -2), ("night turn", -1)]
        );
        assert_eq!(f.column, 1);
        let d = fire(&FireInput {
            dreyse: true,
            ..base(FireKind::Defensive, 3)
        });
        assert_eq!(labels(&d.column_mods), vec![("Dreyse needle gun", 1)]);
        assert_eq!(d.column, 4);
        let a = fire(&FireInput {
            dreyse: true,
            ..base(FireKind::Attack, 3)
        });
        assert!(a.column_mods.is_empty());
        // below 0 reads column 0, no negative overflow
        let z = fire(&FireInput {
            night: true,
            shooter_losses: 3,
            ..base(FireKind::Attack, 1)
        });
        assert_eq!((z.column, z.overflow, z.drm()), (0, 0, 0));
        // shifts also raise a 0-point fire
        let up = fire(&FireInput {
            dreyse: true,
            ..base(FireKind::Defensive, 0)
        });
        assert_eq!(up.column, 1);
        // night on a 9-point fire: 8 -> column 7 with +1 die
        let n = fire(&FireInput {
            night: true,
            ..base(FireKind::Attack, 9)
        });
        assert_eq!((n.column, n.overflow, n.drm()), (7, 1, 1));
    }

    #[test]
    fn every_die_modifier() {
        // rule CRT die modifiers
        let one = |input: FireInput| fire(&input).drm();
        let att = || base(FireKind::Attack, 3);
        let def = || base(FireKind::Defensive, 3);
        assert_eq!(
            one(FireInput {
                guard: true,
                ..att()
            }),
            1
        );
        assert_eq!(
            one(FireInput {
                guard: true,
                ..def()
            }),
            1
        );
        assert_eq!(
            one(FireInput {
                leader_bonus: 3,
                ..att()
            }),
            3
        );
        assert_eq!(
            one(FireInput {
                leader_bonus: 1,
                ..def()
            }),
            1
        );
        // rule 9.5.13: no bonus to artillery fire
        assert_eq!(
            one(FireInput {
                leader_bonus: 2,
                artillery: true,
                ..def()
            }),
            0
        );
        assert_eq!(
            one(FireInput {
                artillery_adjacent: true,
                ..def()
            }),
            1
        );
        assert_eq!(
            one(FireInput {
                heavy_attack: true,
                ..att()
            }),
            1
        );
        assert_eq!(
            one(FireInput {
                heavy_attack: true,
                ..def()
            }),
            0
        );
        assert_eq!(
            one(FireInput {
                heavy_defence: true,
                ..def()
            }),
            1
        );
        assert_eq!(
            one(FireInput {
                heavy_defence: true,
                ..att()
            }),
            0
        );
        assert_eq!(
            one(FireInput {
                light_in_cover: true,
                ..att()
            }),
            1
        );
        assert_eq!(
            one(FireInput {
                light_in_cover: true,
                ..def()
            }),
            1
        );
        assert_eq!(
            one(FireInput {
                light_in_cover: true,
                ..base(FireKind::Barrage, 3)
            }),
            0
        );
        assert_eq!(
            one(FireInput {
                flank_attack: true,
                ..att()
            }),
            2
        );
        assert_eq!(
            one(FireInput {
                flank_attack: true,
                ..def()
            }),
            0
        );
        assert_eq!(
            one(FireInput {
                across_stream: true,
                ..att()
            }),
            -1
        );
        assert_eq!(
            one(FireInput {
                across_stream: true,
                ..def()
            }),
            0
        );
        // all together on an attack
        let f = fire(&FireInput {
            guard: true,
            leader_bonus: 1,
            heavy_attack: true,
            light_in_cover: true,
            flank_attack: true,
            across_stream: true,
            ..att()
        });
        assert_eq!(f.drm(), 1 + 1 + 1 + 1 + 2 - 1);
        assert!(f.die_mods.iter().all(|m| !m.rule.is_empty()));
        // roll: column 3, die 1 + 5 = 6 -> D
        assert_eq!(f.roll(1), D);
    }

    #[test]
    fn odds_sum_to_one() {
        // rule CRT: exact odds over 1d6
        for points in 0..12 {
            for leader in 0..3 {
                for stream in [false, true] {
                    let f = fire(&FireInput {
                        leader_bonus: leader,
                        across_stream: stream,
                        ..base(FireKind::Attack, points)
                    });
                    let o = f.odds();
                    assert!((o.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                }
            }
        }
        // column 3, no modifier: rolls 1..6 -> -, -, T, T, D, D
        let f = fire(&base(FireKind::Attack, 3));
        assert_eq!(f.odds(), [2.0 / 6.0, 2.0 / 6.0, 2.0 / 6.0, 0.0]);
    }

    #[test]
    fn effect_probabilities() {
        // rule 9.5.7: a failed T becomes D
        let odds = [2.0 / 6.0, 2.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0];
        let e = outcome_probabilities(&odds, 0.5);
        assert!((e.unharmed - 3.0 / 6.0).abs() < 1e-12);
        assert!((e.disorganised - 2.0 / 6.0).abs() < 1e-12);
        assert!((e.disorganised_loss - 1.0 / 6.0).abs() < 1e-12);
        assert!((e.unharmed + e.disorganised + e.disorganised_loss - 1.0).abs() < 1e-12);
    }

    #[test]
    fn morale_modifiers() {
        // rule 2: every common modifier
        let m = MoraleInput {
            morale: 3,
            protection2: true,
            leader_stacked: true,
            guard: true,
            light_in_cover: true,
            austrian_artillery: true,
            losses: 2,
            enemy_on_flank: true,
            out_of_command: true,
            demoralised: true,
            night: true,
            ..Default::default()
        };
        let mods = morale_mods(&m);
        assert_eq!(
            labels(&mods),
            vec![
                ("morale 3", 3),
                ("terrain protection 2 or more", 1),
                ("commander stacked", 1),
                ("Prussian Guard", 1),
                ("light troops in town, village or wood", 1),
                ("Austrian artillery", 1),
                ("2 step loss(es)", -2),
                ("enemy on the flank", -1),
                ("out of command", -1),
                ("formation demoralised", -1),
                ("night turn", -1),
            ]
        );
        assert!(mods.iter().all(|x| x.rule == "2"));
        assert_eq!(total(&mods), 2);
        assert_eq!(morale_target(&mods), 4);
        assert!(morale_passes(4, &mods));
        assert!(!morale_passes(3, &mods));
        assert!((morale_chance(&mods) - 3.0 / 6.0).abs() < 1e-12);
        // rule 2 (summary): night alone
        let n = morale_mods(&MoraleInput {
            morale: 2,
            night: true,
            ..Default::default()
        });
        assert_eq!(total(&n), 1);
        assert!((morale_chance(&n) - 2.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn rally_only_modifiers() {
        // rule 10.1 / 2: adjacent commander +1, enemy artillery -1, rally only
        let m = MoraleInput {
            morale: 2,
            leader_adjacent: true,
            under_enemy_artillery: true,
            ..Default::default()
        };
        assert_eq!(total(&morale_mods(&m)), 2);
        let r = morale_mods(&MoraleInput {
            rally: true,
            ..m.clone()
        });
        assert_eq!(
            labels(&r),
            vec![
                ("morale 2", 2),
                ("commander adjacent", 1),
                ("in range and sight of enemy artillery", -1),
            ]
        );
        assert!(r[1..].iter().all(|x| x.rule == "10.1"));
        // rule 10.1: a stacked commander counts once, adjacent adds nothing more
        let s = morale_mods(&MoraleInput {
            rally: true,
            leader_stacked: true,
            leader_adjacent: true,
            morale: 2,
            ..Default::default()
        });
        assert_eq!(total(&s), 3);
        // a hopeless and a certain test
        let lo = morale_mods(&MoraleInput {
            morale: 0,
            losses: 1,
            ..Default::default()
        });
        assert_eq!(morale_chance(&lo), 0.0);
        let hi = morale_mods(&MoraleInput {
            morale: 5,
            ..Default::default()
        });
        assert_eq!(morale_chance(&hi), 1.0);
    }

    #[test]
    fn commander_casualty() {
        // rule 9.5.12, 9.5.13: 2 or 12 on 2d6
        assert!(commander_falls(1, 1));
        assert!(commander_falls(6, 6));
        assert!(!commander_falls(1, 2));
        assert!(!commander_falls(5, 6));
        let n = (1..=6)
            .flat_map(|a| (1..=6).map(move |b| (a, b)))
            .filter(|&(a, b)| commander_falls(a, b))
            .count();
        assert!((n as f64 / 36.0 - COMMANDER_FALL_CHANCE).abs() < 1e-12);
    }

    #[test]
    fn coordination_and_tests() {
        // rule 9.5.2: 1d6 + command (+1 Austrian single clear hex infantry), 6+
        let c = coordination_mods(3, false);
        assert_eq!(total(&c), 3);
        assert!(coordination_passes(3, &c));
        assert!(!coordination_passes(2, &c));
        let a = coordination_mods(3, true);
        assert_eq!(total(&a), 4);
        assert!(coordination_passes(2, &a));
        assert!(a.iter().all(|m| m.rule == "9.5.2"));
        // rule 7.1, 9.1.1: 1d6 + value, 6+
        assert!(test_passes(4, 2));
        assert!(!test_passes(3, 2));
        assert!(test_passes(6, 0));
        assert!((test_chance(2) - 3.0 / 6.0).abs() < 1e-12);
    }
}
