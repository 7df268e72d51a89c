//! What the window shows of a siege, as plain data from the rules' own functions (no
//! state is changed): the besieger and the garrison, the besieged commander's SIV, the
//! siege table (1d6 - SIV: 1-3 no effect, 4+ a breach, siege.resolution) with the
//! modifiers of `steps::siege::siege_mods` (the ones the roll is made with) and the
//! exact chance of a breach, and the Honors of War's options (siege.honors).

use super::data::SxRules;
use super::rules::*;
use super::state::*;
use super::steps::siege;

/// The siege table's threshold: a total of 4 or more is a breach (siege.resolution; the
/// same number `steps::siege::execute` compares the roll with).
pub const BREACH_AT: i32 = 4;

/// Whether a siege roll's total (1d6 with its modifiers) is a breach (siege.resolution).
pub fn breach(total: i32) -> bool {
    total >= BREACH_AT
}

/// One side of a siege: its powers' SPs, its leaders, its commander.
#[derive(Clone, Debug, PartialEq)]
pub struct SiegeSide {
    pub side: Side,
    pub sp: u16,
    pub leaders: Vec<LeaderId>,
    pub commander: Option<LeaderId>,
}

/// A fortress under siege as the siege panel shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct SiegeView {
    pub area: AreaId,
    /// The besieger: the phasing side's field force in the area.
    pub besieger: SiegeSide,
    /// The garrison inside.
    pub garrison: SiegeSide,
    /// The besieged commander's SIV (0 without a leader, 0 when demoralized).
    pub siv: i32,
    /// The roll's modifiers, from `steps::siege::siege_mods`.
    pub mods: Vec<(String, i32)>,
    /// For each die face 1..=6: the total and whether it is a breach.
    pub faces: [(i32, bool); 6],
    /// Die faces (of 6) that breach.
    pub breaches: u32,
    /// The breach is made and the Honors of War (or the surrender, the storm) are
    /// being settled.
    pub stage: Option<SiegeStage>,
}

fn siege_side(r: &SxRules, st: &SxState, a: AreaId, side: Side, inside: bool) -> SiegeSide {
    let loc = if inside {
        LLoc::Garrison(a)
    } else {
        LLoc::Field(a)
    };
    SiegeSide {
        side,
        sp: if inside {
            st.garrison_of(a, side)
        } else {
            st.field_of(a, side)
        },
        leaders: st
            .leaders_at(loc)
            .into_iter()
            .filter(|l| power_of(r, *l).side() == side)
            .collect(),
        commander: commander(r, st, a, side, inside),
    }
}

/// The siege at `a` as the phasing side sees it before its roll or while its breach is
/// settled: None when the phasing side does not besiege `a` (and no breach is pending
/// there).
pub fn siege_view(r: &SxRules, st: &SxState, a: AreaId) -> Option<SiegeView> {
    let stage = st.g.siege.as_ref().filter(|s| s.area == a).map(|s| s.stage);
    if stage.is_none() && besieger(r, st, a) != Some(st.g.phasing) {
        return None;
    }
    let att = st.g.phasing;
    let mods = siege::siege_mods(r, st, a);
    let m: i32 = mods.iter().map(|x| x.1).sum();
    let mut faces = [(0, false); 6];
    for (k, f) in faces.iter_mut().enumerate() {
        let total = k as i32 + 1 + m;
        *f = (total, breach(total));
    }
    let (siv, ..) = ratings(r, st, a, att.other(), true);
    Some(SiegeView {
        area: a,
        besieger: siege_side(r, st, a, att, false),
        garrison: siege_side(r, st, a, att.other(), true),
        siv,
        mods,
        faces,
        breaches: faces.iter().filter(|f| f.1).count() as u32,
        stage,
    })
}

/// The sieges the panel shows: the breach being settled, else each fortress the
/// phasing side may still roll against this phase (`steps::siege::targets`).
pub fn sieges(r: &SxRules, st: &SxState) -> Vec<SiegeView> {
    if st.g.step != Step::Siege {
        return Vec::new();
    }
    if let Some(s) = &st.g.siege {
        return siege_view(r, st, s.area).into_iter().collect();
    }
    siege::targets(r, st)
        .into_iter()
        .filter_map(|a| siege_view(r, st, a))
        .collect()
}

/// The choices of a breach's stage with what each does (siege.honors), for the panel:
/// (the command, who chooses, its effect).
pub fn honors_options(stage: SiegeStage) -> Vec<(SxCommand, &'static str, &'static str)> {
    match stage {
        SiegeStage::Honors => vec![
            (
                SxCommand::Honors { grant: true },
                "besieger",
                "Grant: the garrison and its leaders march out to the nearest friendly fortress that is not besieged (into captivity if there is none); the fortress is yours at once (the lost item 1, reconstructed).",
            ),
            (
                SxCommand::Honors { grant: false },
                "besieger",
                "Deny: the garrison then chooses to surrender or to refuse and be stormed.",
            ),
        ],
        SiegeStage::Garrison => vec![
            (
                SxCommand::Accept { accept: true },
                "garrison",
                "Surrender: all its SPs and leaders are taken prisoner; the fortress falls.",
            ),
            (
                SxCommand::Accept { accept: false },
                "garrison",
                "Refuse: the besieger storms the fortress or waits.",
            ),
        ],
        SiegeStage::Storm => vec![
            (
                SxCommand::Storm { storm: true },
                "besieger",
                "Storm: 1 garrison SP is captured and the rest eliminated, its leaders taken; the besieger loses as many SP as the garrison had; the fortress falls.",
            ),
            (
                SxCommand::Storm { storm: false },
                "besieger",
                "Wait: nothing happens; the siege goes on and may be rolled again next turn.",
            ),
        ],
    }
}
