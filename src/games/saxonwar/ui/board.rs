//! The area map of Great Saxon War on the shared point board: areas tinted by country,
//! links and mountain passes, fortresses outlined in their holder's colour, depots, the
//! Russia box, the forces as boxes (leaders with their SPs under them), the lit areas of
//! the legal commands, the supply network on request; clicks.

use super::super::data::{Country, SxRules};
use super::super::ecs::*;
use super::super::rules::*;
use super::super::state::*;
use super::super::steps::{deploy, march};
use super::{DeployPick, SxUi, legal};
use crate::engine::game_ecs::RulesRes;
use crate::gui::pointboard::*;
use bevy::prelude::*;

pub const PRUSSIA: Color = Color::srgb(0.16, 0.25, 0.47);
pub const AUSTRIA: Color = Color::srgb(0.86, 0.66, 0.04);
const LINK: Color = Color::srgb(0.50, 0.36, 0.22);
const PASS: Color = Color::srgb(0.30, 0.18, 0.08);
/// Lit before the march roll: where the force may go if the roll allows.
const MAYBE: Color = Color::srgba(0.55, 0.85, 0.55, 0.85);
/// A lesson step's area (the orange of the other games' lesson highlights).
pub const LESSON: Color = Color::srgb(1.0, 0.55, 0.0);

/// The colour of a side (its fortresses, depots, supply network).
pub fn side_colour(s: Side) -> Color {
    match s {
        Side::Prussia => PRUSSIA,
        Side::Austria => AUSTRIA,
    }
}

/// The shade of the areas in a side's supply (the supply view).
fn supply_tint(s: Side) -> Color {
    match s {
        Side::Prussia => Color::srgba(0.25, 0.50, 1.0, 0.55),
        Side::Austria => Color::srgba(1.0, 0.75, 0.05, 0.55),
    }
}

/// A side's colour for text on the dark panels.
pub fn side_text(s: Side) -> Color {
    match s {
        Side::Prussia => Color::srgb(0.55, 0.70, 1.0),
        Side::Austria => AUSTRIA,
    }
}

/// The colour of a power's forces.
pub fn power_colour(p: Power) -> Color {
    match p {
        Power::Prussia => PRUSSIA,
        Power::Hanover => Color::srgb(0.78, 0.12, 0.12),
        Power::Austria => AUSTRIA,
        Power::Saxony => Color::srgb(0.10, 0.55, 0.25),
        Power::France => Color::srgb(0.30, 0.55, 0.95),
        Power::Russia => Color::srgb(0.33, 0.42, 0.12),
        Power::Sweden => Color::srgb(0.0, 0.62, 0.70),
        Power::Empire => Color::srgb(0.52, 0.30, 0.62),
    }
}

/// A garrison's box: the power's colour a little darker (a box of its own beside the
/// field force's).
fn garrison_colour(p: Power) -> Color {
    let c = power_colour(p).to_srgba();
    Color::srgb(c.red * 0.7, c.green * 0.7, c.blue * 0.7)
}

/// The tint of a country's areas (1756 sovereigns).
fn country_tint(c: Country) -> Color {
    match c {
        Country::Prussia => Color::srgba(0.25, 0.45, 0.95, 0.26),
        Country::Hanover => Color::srgba(0.90, 0.30, 0.30, 0.24),
        Country::Austria => Color::srgba(0.95, 0.78, 0.15, 0.28),
        Country::Saxony => Color::srgba(0.20, 0.70, 0.30, 0.26),
        Country::France => Color::srgba(0.45, 0.70, 1.00, 0.24),
        Country::Russia => Color::srgba(0.45, 0.55, 0.20, 0.28),
        Country::Sweden => Color::srgba(0.10, 0.75, 0.80, 0.24),
        Country::Empire => Color::srgba(0.65, 0.40, 0.75, 0.24),
        Country::Poland => Color::srgba(0.60, 0.60, 0.60, 0.18),
    }
}

fn country_name(c: Country) -> &'static str {
    match c {
        Country::Prussia => "Prussia",
        Country::Hanover => "Hanover",
        Country::Austria => "Austria",
        Country::Saxony => "Saxony",
        Country::France => "France",
        Country::Russia => "Russia",
        Country::Sweden => "Sweden",
        Country::Empire => "the Empire",
        Country::Poland => "Poland (neutral)",
    }
}

/// The supply network drawn on the map: a side and its areas in supply (from
/// `rules::supply`, the function attrition and marches use).
pub type SupplyView<'a> = Option<(Side, &'a [bool])>;

/// The board: every area by country, fortresses square and outlined in the colour of
/// the side holding them, depots as a "D" (completed) or "d" (being built) in the
/// owner's colour, the Russia box a star, passes marked; with a supply view the areas in
/// that side's supply shaded in its colour and the links between them drawn in it.
pub fn board_of(rules: &SxRules, st: Option<&SxState>, supply: SupplyView) -> PointBoard {
    let mut board = PointBoard::new(rules.graph.clone());
    board.tint_radius = 40.0;
    board.margins = [300.0, 20.0, 10.0, 120.0];
    for (i, a) in rules.areas.iter().enumerate() {
        let Some(n) = board.nodes.get_mut(i) else {
            continue;
        };
        let id = i as AreaId;
        n.size = 6.5;
        n.outline_width = 1.4;
        n.name_rank = 2;
        let mut what = vec![country_name(a.country).to_string()];
        n.tint = Some(country_tint(a.country));
        if let Some(f) = &a.fortress {
            n.shape = NodeShape::Square;
            n.size = 7.0;
            n.name_rank = 1;
            what.push(format!("fortress {}", f.name));
        }
        if id == rules.russia {
            n.shape = NodeShape::Star;
            n.size = 11.0;
            n.fill = Color::srgb(0.70, 0.78, 0.55);
            n.name_rank = 0;
            what.push("the Russia box: only Russians enter (russia.box)".into());
        }
        if let Some(st) = st
            && let Some(x) = st.area(id)
        {
            if a.fortress.is_some() {
                match x.holder {
                    Some(h) => {
                        n.outline = side_colour(h);
                        n.outline_width = 3.0;
                        what.push(format!("held by {}", h.name()));
                    }
                    None => what.push("never garrisoned".into()),
                }
                // in the re-deployment as it stood at its start (deployment.secret)
                if let Some(b) = deploy::besieger_seen(rules, st, id) {
                    what.push(format!("besieged by {}", b.name()));
                }
            }
            if let Some(d) = x.depot {
                // a larger node, so that the letter reads at the map's usual zoom
                n.size = n.size.max(10.0);
                n.label = if d.complete { "D" } else { "d" }.into();
                n.label_colour = side_colour(d.owner);
                what.push(format!(
                    "{} depot, {}",
                    d.owner.name(),
                    if d.complete {
                        "completed"
                    } else {
                        "being built (operative next turn)"
                    }
                ));
            }
        }
        if let Some((side, net)) = supply {
            if net.get(i).copied().unwrap_or(false) {
                n.tint = Some(supply_tint(side));
                what.push(format!("in {} supply", side.name()));
            } else {
                n.tint = None;
                what.push(format!("out of {} supply", side.name()));
            }
        }
        n.hover = format!("{} — {}", a.name, what.join(", "));
    }
    for (i, &(a, b, pass)) in rules.links.iter().enumerate() {
        let Some(l) = board.links.get_mut(i) else {
            continue;
        };
        *l = LinkStyle {
            line: LineKind::Solid,
            colour: LINK,
            width: 1.8,
            marks: vec![],
        };
        if pass {
            l.line = LineKind::Dashed;
            l.colour = PASS;
            l.marks.push(LinkMark::Pass(PASS));
        }
        if let Some((side, net)) = supply
            && net.get(a as usize).copied().unwrap_or(false)
            && net.get(b as usize).copied().unwrap_or(false)
        {
            l.colour = side_colour(side);
            l.width = 3.2;
        }
    }
    board.legend = legend();
    board
}

/// The map key: every symbol the board uses.
fn legend() -> Vec<LegendRow> {
    let row = LegendRow::new;
    let node = |f: &dyn Fn(&mut NodeStyle)| LegendSymbol::node(6.5, f);
    let link = |line: LineKind, colour: Color, marks: Vec<LinkMark>| {
        LegendSymbol::link(line, colour, 1.8, marks)
    };
    let mut v = vec![
        row(LegendSymbol::Heading, "Areas"),
        row(node(&|_| {}), "Area"),
        row(
            node(&|n| {
                n.shape = NodeShape::Square;
                n.size = 7.0;
            }),
            "Fortress (an enemy in its area: one box, garrison | besieger)",
        ),
        row(
            node(&|n| {
                n.shape = NodeShape::Square;
                n.size = 7.0;
                n.outline = PRUSSIA;
                n.outline_width = 3.0;
            }),
            "Fortress held by Prussia (outline: the holder)",
        ),
        row(
            node(&|n| {
                n.shape = NodeShape::Square;
                n.size = 7.0;
                n.outline = AUSTRIA;
                n.outline_width = 3.0;
            }),
            "Fortress held by Austria's side",
        ),
        row(
            node(&|n| {
                n.label = "D".into();
                n.label_colour = PRUSSIA;
            }),
            "Depot, completed (supply.depots)",
        ),
        row(
            node(&|n| {
                n.label = "d".into();
                n.label_colour = AUSTRIA;
            }),
            "Depot being built",
        ),
        row(
            node(&|n| {
                n.shape = NodeShape::Star;
                n.size = 9.0;
                n.fill = Color::srgb(0.70, 0.78, 0.55);
            }),
            "The Russia box (russia.box)",
        ),
        row(LegendSymbol::Heading, "Links"),
        row(
            link(LineKind::Solid, LINK, vec![]),
            "Between neighbouring areas",
        ),
        row(
            link(LineKind::Dashed, PASS, vec![LinkMark::Pass(PASS)]),
            "Mountain pass: rough ground for the defender (campaign.terrain)",
        ),
        row(LegendSymbol::Heading, "Countries"),
    ];
    for c in [
        Country::Prussia,
        Country::Hanover,
        Country::Austria,
        Country::Saxony,
        Country::France,
        Country::Russia,
        Country::Sweden,
        Country::Empire,
        Country::Poland,
    ] {
        v.push(row(LegendSymbol::Tint(country_tint(c)), country_name(c)));
    }
    v.push(row(LegendSymbol::Heading, "Forces (a box per power)"));
    for p in Power::ALL {
        v.push(row(
            LegendSymbol::Tint(power_colour(p)),
            &format!("{}: leaders, then the SPs under them", p.name()),
        ));
    }
    v.extend([
        row(
            LegendSymbol::Heading,
            "In a box: \"demoralized\" (morale.states), \"garrison\", \"winter quarters\"",
        ),
        row(
            LegendSymbol::ring(6.5, LIT),
            "Green ring: click to act there",
        ),
        row(
            LegendSymbol::ring(6.5, MAYBE),
            "Pale ring: where the force may go if its march roll allows",
        ),
        row(
            LegendSymbol::ring(6.5, SELECTED),
            "Yellow ring: the marching force, the battle",
        ),
        row(
            LegendSymbol::ring(6.5, LESSON),
            "Orange ring: where a lesson's step asks you to click",
        ),
        row(
            LegendSymbol::Tint(supply_tint(Side::Prussia)),
            "Supply shown (\"Supply\" in the panel): areas in Prussia's supply",
        ),
        row(
            LegendSymbol::Tint(supply_tint(Side::Austria)),
            "Areas in the supply of Austria's side (other areas unshaded)",
        ),
    ]);
    v
}

/// The area a command points at, for lighting and clicking.
pub fn target(c: &SxCommand) -> Option<AreaId> {
    match c {
        SxCommand::Deploy { area, .. }
        | SxCommand::DeploySp { area, .. }
        | SxCommand::BuildDepot { area }
        | SxCommand::Enter { area }
        | SxCommand::Retreat { area, .. }
        | SxCommand::Siege { area } => Some(*area),
        _ => None,
    }
}

/// The deployment command a click on `area` makes with the player's pick (the leader,
/// or SPs of a power: at most `sp` of them, the largest the legal list offers).
pub fn deploy_command(
    legal: &[SxCommand],
    pick: Option<DeployPick>,
    area: AreaId,
    inside: bool,
    sp: u16,
) -> Option<SxCommand> {
    match pick? {
        DeployPick::Leader(l) => legal
            .iter()
            .find(|c| {
                matches!(c, SxCommand::Deploy { leader, area: a, inside: i }
                    if *leader == l && *a == area && *i == inside)
            })
            .cloned(),
        DeployPick::Sp(p) => legal
            .iter()
            .filter(|c| {
                matches!(c, SxCommand::DeploySp { power, area: a, inside: i, sp: n }
                    if *power == p && *a == area && *i == inside && *n <= sp.max(1))
            })
            .max_by_key(|c| match c {
                SxCommand::DeploySp { sp, .. } => *sp,
                _ => 0,
            })
            .cloned(),
    }
}

/// The pick in force: the player's, else the first leader waiting, else the first power
/// with SPs to place.
pub fn current_pick(legal: &[SxCommand], pick: Option<DeployPick>) -> Option<DeployPick> {
    let still = |p: DeployPick| {
        legal.iter().any(|c| match (c, p) {
            (SxCommand::Deploy { leader, .. }, DeployPick::Leader(l)) => *leader == l,
            (SxCommand::DeploySp { power, .. }, DeployPick::Sp(q)) => *power == q,
            _ => false,
        })
    };
    pick.filter(|p| still(*p))
        .or_else(|| {
            legal.iter().find_map(|c| match c {
                SxCommand::Deploy { leader, .. } => Some(DeployPick::Leader(*leader)),
                _ => None,
            })
        })
        .or_else(|| {
            legal.iter().find_map(|c| match c {
                SxCommand::DeploySp { power, .. } => Some(DeployPick::Sp(*power)),
                _ => None,
            })
        })
}

/// Where a marching force that has not rolled yet may go if its roll allows one area:
/// the Enter commands of the one legal list on the state as it would be after a
/// successful roll.
pub fn reach_if_rolled(rules: &SxRules, st: &SxState) -> Vec<AreaId> {
    if st.g.march.as_ref().is_none_or(|m| m.rolled) {
        return Vec::new();
    }
    let mut after = st.clone();
    if let Some(x) = after.g.march.as_mut() {
        x.rolled = true;
        x.left = 1;
        x.stopped = false;
    }
    legal(rules, &after)
        .into_iter()
        .filter_map(|c| match c {
            SxCommand::Enter { area } => Some(area),
            _ => None,
        })
        .collect()
}

/// The forces as boxes beside their areas, for the sides `show` allows: per area and
/// power one box for the field force (its leaders, then its SPs, "demoralized") and one
/// for the garrison ("garrison", "winter quarters"). A fortress with a garrison and an
/// enemy force in its area is ONE box of two halves: the garrison's on the left, the
/// enemy's (the besieger's side) on the right ([`Stack::right`]).
pub fn force_stacks(rules: &SxRules, st: &SxState, show: &dyn Fn(Side) -> bool) -> Vec<Stack> {
    let mut out = Vec::new();
    for (i, x) in st.areas.iter().enumerate() {
        let a = i as AreaId;
        let holder = garrisoned_by(st, a);
        // this area's boxes: (power, inside, box)
        let mut here: Vec<(Power, bool, Stack)> = Vec::new();
        for p in Power::ALL {
            if !show(p.side()) {
                continue;
            }
            for inside in [false, true] {
                let loc = if inside {
                    LLoc::Garrison(a)
                } else {
                    LLoc::Field(a)
                };
                let leaders: Vec<LeaderId> = st
                    .leaders_at(loc)
                    .into_iter()
                    .filter(|l| power_of(rules, *l) == p)
                    .collect();
                let sp = if inside {
                    x.garrison[p.idx()]
                } else {
                    x.field[p.idx()]
                };
                if sp == 0 && leaders.is_empty() {
                    continue;
                }
                let mut entries: Vec<StackEntry> = leaders
                    .iter()
                    .map(|&l| {
                        let d = &rules.leaders[l as usize];
                        StackEntry {
                            id: 1000 + l as u32,
                            text: d.name.clone(),
                            leader: true,
                            detail: format!(
                                "{}, rank {}: SIV {}, AIV {}, DIV {}",
                                p.name(),
                                d.rank,
                                d.siv,
                                d.aiv,
                                d.div
                            ),
                        }
                    })
                    .collect();
                let mut text = match (inside, sp) {
                    (true, 0) => "in the fortress".to_string(),
                    (true, n) => format!("garrison {n} SP"),
                    (false, n) => format!("{n} SP"),
                };
                let mut detail = format!("{} strength points", p.name());
                // the marker goes inside with the force (morale.states): the garrison's
                // is `demoralized_in`, the field force's `demoralized`
                if demoralized(st, p, a, inside) {
                    text.push_str(" demoralized");
                    detail.push_str(if inside {
                        "; demoralized: it went inside demoralized and stays so until it recovers; SIV 0 against a siege (morale.states)"
                    } else {
                        "; demoralized: SIV 0 to march, no attacks, -1 in battle (morale.states)"
                    });
                }
                if inside && st.winter() {
                    text.push_str(" · winter quarters");
                    detail.push_str("; in winter quarters (winter.turns)");
                }
                // a leader alone in the field has no SP line
                if sp > 0 || inside {
                    entries.push(StackEntry {
                        id: if inside { 200 } else { 100 } + p.idx() as u32,
                        text,
                        leader: false,
                        detail,
                    });
                }
                let colour = if inside {
                    garrison_colour(p)
                } else {
                    power_colour(p)
                };
                here.push((
                    p,
                    inside,
                    Stack {
                        node: i,
                        colour,
                        entries,
                        right: None,
                    },
                ));
            }
        }
        out.extend(fortress_box(holder, here));
    }
    out
}

/// An area's boxes with its fortress box made ONE box of two halves when an enemy force
/// stands in the area of a garrison: the garrison's powers on the left, the enemy's
/// field forces on the right; a half of several powers names each power on its SP line.
fn fortress_box(holder: Option<Side>, here: Vec<(Power, bool, Stack)>) -> Vec<Stack> {
    let Some(h) = holder else {
        return here.into_iter().map(|x| x.2).collect();
    };
    let inner = |x: &(Power, bool, Stack)| x.1 && x.0.side() == h;
    let enemy = |x: &(Power, bool, Stack)| !x.1 && x.0.side() != h;
    if !here.iter().any(inner) || !here.iter().any(enemy) {
        return here.into_iter().map(|x| x.2).collect();
    }
    let half = |v: Vec<(Power, bool, Stack)>| {
        let many = v.len() > 1;
        let colour = v.first().map(|x| x.2.colour).unwrap_or(Color::BLACK);
        let mut entries = Vec::new();
        for (p, _, s) in v {
            for mut e in s.entries {
                if many && !e.leader {
                    e.text = format!("{}: {}", p.name(), e.text);
                }
                entries.push(e);
            }
        }
        (colour, entries)
    };
    let (garrison, rest): (Vec<_>, Vec<_>) = here.into_iter().partition(inner);
    let (besieger, rest): (Vec<_>, Vec<_>) = rest.into_iter().partition(enemy);
    let node = garrison[0].2.node;
    let (colour, entries) = half(garrison);
    let (rc, re) = half(besieger);
    let mut out: Vec<Stack> = rest.into_iter().map(|x| x.2).collect();
    out.push(Stack {
        node,
        colour,
        entries,
        right: Some(StackHalf {
            colour: rc,
            entries: re,
        }),
    });
    out
}

/// Which sides' forces the screen may show: in the secret deployment only the deploying
/// side's, and only once that side has lifted the curtain; elsewhere both.
pub fn visible(st: &SxState, viewer: Option<Side>) -> impl Fn(Side) -> bool {
    let deploy = st.g.step == Step::Deploy;
    let deploying = st.g.deploying;
    move |s: Side| !deploy || (s == deploying && viewer == Some(deploying))
}

/// The marks of the position: the forces, the lit areas, the selection; the board
/// follows the state (holders, depots) and the supply view.
pub fn marks(
    rules: Option<Res<RulesRes<super::super::SaxonWar>>>,
    st: Option<Res<SxStateRes>>,
    ui: Res<SxUi>,
    board: Option<ResMut<PointBoard>>,
    marks: Option<ResMut<PointMarks>>,
    lesson: Option<Res<crate::gui::game_ui::ActiveLesson<super::super::SaxonWar>>>,
) {
    let (Some(rules), Some(st), Some(mut board), Some(mut marks)) = (rules, st, board, marks)
    else {
        return;
    };
    let (b, m) = marks_of(&rules.0, &st.0, &ui, lesson.as_deref());
    board.set_if_neq(b);
    marks.set_if_neq(m);
}

/// What the map draws of a position for the screen's viewer (`marks`, as plain data):
/// the board (areas, holders, sieges, depots, the supply view) and the marks (lit areas,
/// the selection, the forces the viewer may see).
pub fn marks_of(
    rules: &SxRules,
    st: &SxState,
    ui: &SxUi,
    lesson: Option<&crate::gui::game_ui::ActiveLesson<super::super::SaxonWar>>,
) -> (PointBoard, PointMarks) {
    let net = ui.supply_for(st).map(|s| (s, supply(rules, st, s, &[])));
    let board = board_of(
        rules,
        Some(st),
        net.as_ref().map(|(s, v)| (*s, v.as_slice())),
    );
    let mut m = PointMarks {
        box_lines: 4,
        ..default()
    };
    // deployment.secret (AUDIT14k): nothing lit for the computer's secret deployment
    // (what it may place where would show what it took up)
    if ui.curtain.is_down() {
        return (board, m);
    }
    if st.g.step == Step::Deploy && ui.curtain.is_computer(Some(st.g.deploying)) {
        let show = visible(st, ui.curtain.viewer());
        m.stacks = force_stacks(rules, st, &show);
        return (board, m);
    }
    let legal = legal(rules, st);
    let lit = |m: &mut PointMarks, n: AreaId, colour: Color, label: String| {
        if !m.lit.iter().any(|l| l.node == n as usize) {
            m.lit.push(LitNode {
                node: n as usize,
                colour,
                label,
            });
        }
    };
    // a lesson's step: the area it asks for ringed in orange first (over the green)
    if let Some(p) = super::panels::current_pointer(rules, st, lesson)
        && let Some(a) = p.area
    {
        lit(&mut m, a, LESSON, "here".into());
    }
    match st.g.step {
        Step::Deploy => {
            let pick = current_pick(&legal, ui.pick);
            for c in &legal {
                let (Some(a), inside) = (
                    target(c),
                    matches!(
                        c,
                        SxCommand::Deploy { inside: true, .. }
                            | SxCommand::DeploySp { inside: true, .. }
                    ),
                ) else {
                    continue;
                };
                let mine = match (c, pick) {
                    (SxCommand::Deploy { leader, .. }, Some(DeployPick::Leader(l))) => *leader == l,
                    (SxCommand::DeploySp { power, .. }, Some(DeployPick::Sp(p))) => *power == p,
                    _ => false,
                };
                if mine && inside == ui.inside_for(st) {
                    lit(&mut m, a, LIT, String::new());
                }
            }
        }
        Step::March | Step::ForceMarch => match &st.g.march {
            None => {
                for c in &legal {
                    if let SxCommand::Select { leader } = c
                        && let Some((a, _)) = place(st, *leader)
                    {
                        lit(&mut m, a, LIT, rules.leader_name(*leader).to_string());
                    }
                }
            }
            Some(mv) if !mv.rolled => {
                m.selected = Some(mv.at as usize);
                let mods: i32 = march_mods(rules, st, mv.leader).iter().map(|x| x.1).sum();
                let (one, _) = march_odds(mods, mv.forced);
                for a in reach_if_rolled(rules, st) {
                    lit(&mut m, a, MAYBE, format!("{one}/6"));
                }
            }
            Some(mv) => {
                m.selected = Some(mv.at as usize);
                let cost = mv.double && mv.entered == 1;
                for c in &legal {
                    if let SxCommand::Enter { area } = c {
                        let label = if enemy_in(st, *area, power_of(rules, mv.leader).side()) {
                            "enemy"
                        } else if cost {
                            "-1 SP"
                        } else {
                            ""
                        };
                        lit(&mut m, *area, LIT, label.into());
                    }
                }
            }
        },
        Step::Combat => {
            if let Some(c) = &st.g.combat {
                m.selected = Some(c.area as usize);
            }
        }
        Step::Retreat => {
            if let Some(r) = &st.g.retreat {
                m.selected = Some(r.area as usize);
            }
            for c in &legal {
                if let SxCommand::Retreat {
                    area,
                    into_fortress,
                } = c
                {
                    lit(
                        &mut m,
                        *area,
                        LIT,
                        if *into_fortress { "inside" } else { "retreat" }.into(),
                    );
                }
            }
        }
        _ => {
            if let Some(s) = &st.g.siege {
                m.selected = Some(s.area as usize);
            }
            for c in &legal {
                let label = match c {
                    SxCommand::BuildDepot { .. } => "depot",
                    SxCommand::Siege { .. } => "siege",
                    _ => continue,
                };
                if let Some(a) = target(c) {
                    lit(&mut m, a, LIT, label.into());
                }
            }
        }
    }
    let show = visible(st, ui.curtain.viewer());
    m.stacks = force_stacks(rules, st, &show);
    (board, m)
}

/// The command a click on an area sends (None: nothing to do there), or a word why not.
pub fn click_command(
    rules: &SxRules,
    st: &SxState,
    ui: &SxUi,
    area: AreaId,
    leader: Option<LeaderId>,
) -> Result<SxCommand, String> {
    let legal = legal(rules, st);
    let name = rules.area_name(area).to_string();
    if st.g.step == Step::Deploy {
        let pick = current_pick(&legal, ui.pick);
        return deploy_command(&legal, pick, area, ui.inside_for(st), ui.sp).ok_or_else(|| {
            format!(
                "{name}: not a place for this force{} (the lit areas are).",
                if ui.inside_for(st) {
                    " inside a fortress"
                } else {
                    ""
                }
            )
        });
    }
    if matches!(st.g.step, Step::March | Step::ForceMarch) && st.g.march.is_none() {
        let selects: Vec<LeaderId> = legal
            .iter()
            .filter_map(|c| match c {
                SxCommand::Select { leader } => Some(*leader),
                _ => None,
            })
            .filter(|l| place(st, *l).is_some_and(|(a, _)| a == area))
            .collect();
        let chosen = leader
            .filter(|l| selects.contains(l))
            .or(selects.first().copied());
        if let Some(l) = chosen {
            return Ok(SxCommand::Select { leader: l });
        }
        if let Some(l) = leader
            && let Err(r) = crate::engine::step::check::<super::super::SaxonWar>(
                rules,
                st,
                &SxCommand::Select { leader: l },
            )
        {
            return Err(format!("Refused: {}", r.reason));
        }
        return Err(format!(
            "No leader at {name} may march now: the lit areas hold the next leader of each power (lowest rank first)."
        ));
    }
    if let Some(m) = &st.g.march
        && !m.rolled
    {
        if reach_if_rolled(rules, st).contains(&area) {
            return Err(format!(
                "Roll the march die first (the button in the panel): {name} is in reach if the roll allows."
            ));
        }
        return Err(format!("{name} is not next to the marching force."));
    }
    let hits: Vec<&SxCommand> = legal.iter().filter(|c| target(c) == Some(area)).collect();
    let pref = hits
        .iter()
        .find(|c| matches!(c, SxCommand::Retreat { into_fortress, .. } if *into_fortress == ui.inside_for(st)))
        .or(hits.first());
    if let Some(c) = pref {
        return Ok((**c).clone());
    }
    if let Some(m) = &st.g.march
        && let Some(r) = march::enter_refusal(rules, st, m, area)
    {
        return Err(format!("Refused: {}", r.reason));
    }
    Err(format!(
        "Nothing to do at {name} now: the lit areas are the legal ones."
    ))
}

/// A click on an area (or on a line of a force's box) sends the legal command that
/// points at it.
pub fn handle_clicks(
    mut clicks: MessageReader<NodeClicked>,
    mut pieces: MessageReader<StackClicked>,
    rules: Option<Res<RulesRes<super::super::SaxonWar>>>,
    st: Option<Res<SxStateRes>>,
    mut ui: ResMut<SxUi>,
) {
    let (Some(rules), Some(st)) = (rules, st) else {
        clicks.clear();
        pieces.clear();
        return;
    };
    let mut done: Vec<usize> = Vec::new();
    let mut todo: Vec<(usize, Option<LeaderId>)> = Vec::new();
    for StackClicked { node, id } in pieces.read() {
        let leader = (*id >= 1000).then(|| (*id - 1000) as LeaderId);
        todo.push((*node, leader));
        done.push(*node);
    }
    for NodeClicked(n) in clicks.read() {
        if !done.contains(n) {
            todo.push((*n, None));
        }
    }
    // the curtain is down, or the computer is to act in a secret step (its commands are
    // its own; in the other steps the window refuses a human command for it anyway)
    if ui.curtain.hides_commands() {
        return;
    }
    for (n, leader) in todo {
        match click_command(&rules.0, &st.0, &ui, n as AreaId, leader) {
            Ok(c) => ui.core.outbox.push(c),
            Err(e) => ui.core.message = e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::{PureGame, RulesGame};
    use crate::games::saxonwar::SaxonWar;

    fn game() -> PureGame<SaxonWar> {
        let src = crate::engine::scenarios::find("saxonwar-1756").expect("registered");
        let rules = <SaxonWar as RulesGame>::load_rules(&src, &[]).expect("loads");
        PureGame::<SaxonWar>::new(rules, 7)
    }

    fn sides(rules: &SxRules, st: &SxState, viewer: Option<Side>) -> Vec<Color> {
        force_stacks(rules, st, &visible(st, viewer))
            .into_iter()
            .flat_map(|s| std::iter::once(s.colour).chain(s.right.map(|h| h.colour)))
            .collect()
    }

    /// grand.start: the deployment picks of one side (a ticked "inside" box, SPs per
    /// click, the pick) are not carried over to the other side: they would tell it where
    /// the last force went, and a click would try to deploy inside for it.
    #[test]
    fn the_second_side_deploys_with_fresh_picks() {
        let mut g = game();
        let first = g.st.g.deploying;
        let mut ui = SxUi::default();
        ui.follow_deploying(first);
        // the first side places a leader inside a fortress by a click, the box ticked
        ui.inside = true;
        ui.sp = 10;
        let legal = g.legal();
        let inside = legal
            .iter()
            .find(|c| matches!(c, SxCommand::Deploy { inside: true, .. }))
            .cloned()
            .expect("a fortress of its own to garrison");
        let SxCommand::Deploy { leader, area, .. } = inside.clone() else {
            unreachable!()
        };
        ui.pick = Some(DeployPick::Leader(leader));
        let c = click_command(&g.rules, &g.st, &ui, area, None).expect("a click deploys");
        assert_eq!(c, inside, "the ticked box deploys inside");
        g.apply(&c).expect("legal");
        while g.st.g.deploying == first && g.st.g.step == Step::Deploy {
            let c = g.legal()[0].clone();
            g.apply(&c).expect("legal");
        }
        let second = g.st.g.deploying;
        assert_ne!(first, second);
        // before anything resets the picks (the map is drawn before the panel), the
        // first side's ticked box and supply view count for nothing
        ui.supply = Some(first);
        assert_eq!(ui.supply_for(&g.st), None, "no supply view in a deployment");
        assert!(
            !ui.inside_for(&g.st),
            "the box was ticked by the other side"
        );
        let field = g
            .legal()
            .iter()
            .find_map(|c| match c {
                SxCommand::Deploy {
                    leader,
                    area,
                    inside: false,
                } => Some((*leader, *area)),
                _ => None,
            })
            .expect("a field area");
        ui.pick = Some(DeployPick::Leader(field.0));
        let c = click_command(&g.rules, &g.st, &ui, field.1, None).expect("a click deploys");
        assert!(
            matches!(c, SxCommand::Deploy { inside: false, .. }),
            "{c:?}"
        );
        ui.follow_deploying(second);
        assert!(!ui.inside, "the box starts unticked for the second side");
        assert_eq!((ui.pick, ui.sp, ui.supply), (None, 0, None));
        // its first click deploys in the field
        let legal = g.legal();
        let area = legal
            .iter()
            .find_map(|c| match c {
                SxCommand::Deploy {
                    area,
                    inside: false,
                    ..
                } => Some(*area),
                _ => None,
            })
            .expect("a field area");
        let c = click_command(&g.rules, &g.st, &ui, area, None).expect("a click deploys");
        assert!(
            matches!(c, SxCommand::Deploy { inside: false, .. }),
            "{c:?}"
        );
        // the same side again keeps its picks
        ui.inside = true;
        ui.follow_deploying(second);
        assert!(ui.inside);
    }

    /// grand.start: in the secret deployment only the deploying side's own forces are
    /// drawn, and only once it has the screen; the other side's never.
    #[test]
    fn the_deployment_draws_only_the_deploying_sides_own_forces() {
        let mut g = game();
        assert_eq!(g.st.g.step, Step::Deploy);
        let first = g.st.g.deploying;
        // the first side places everything by clicks on lit areas
        let ui = SxUi::default();
        while g.st.g.deploying == first && g.st.g.step == Step::Deploy {
            let legal = g.legal();
            let area = legal.iter().find_map(target).expect("a lit area");
            let c = click_command(&g.rules, &g.st, &ui, area, None).expect("a click deploys");
            assert!(legal.contains(&c));
            g.apply(&c).expect("legal");
        }
        assert_eq!(g.st.g.step, Step::Deploy, "the other side deploys next");
        let second = g.st.g.deploying;
        assert_ne!(first, second);
        let theirs: Vec<Color> = Power::ALL
            .iter()
            .filter(|p| p.side() == first)
            .flat_map(|p| [power_colour(*p), garrison_colour(*p)])
            .collect();
        // the first side's forces are on the map, but the second side never sees them
        assert!(
            sides(&g.rules, &g.st, None).is_empty(),
            "nothing before the click"
        );
        assert!(
            sides(&g.rules, &g.st, Some(first)).is_empty(),
            "not to the side done"
        );
        assert!(
            sides(&g.rules, &g.st, Some(second))
                .iter()
                .all(|c| !theirs.contains(c)),
            "no box of the other side's deployment"
        );
        // once the second side has placed a force, it sees that force
        let legal = g.legal();
        let area = legal.iter().find_map(target).expect("a lit area");
        let c = click_command(&g.rules, &g.st, &ui, area, None).expect("a click deploys");
        g.apply(&c).expect("legal");
        let shown = sides(&g.rules, &g.st, Some(second));
        assert!(!shown.is_empty(), "its own force is drawn");
        assert!(shown.iter().all(|c| !theirs.contains(c)));
    }

    /// move.normal: a click on a lit area sends the Enter command of the one legal list;
    /// before the roll the same areas are only "in reach" and a click asks for the roll.
    #[test]
    fn a_click_on_an_area_sends_the_legal_march_command() {
        let g0 = game();
        let cmds = super::super::autoplay_until(&g0.rules, 7, "moving").expect("reached");
        let mut g = game();
        for c in &cmds {
            g.apply(c).expect("replays");
        }
        let ui = SxUi::default();
        let legal = g.legal();
        let enter: Vec<AreaId> = legal
            .iter()
            .filter_map(|c| match c {
                SxCommand::Enter { area } => Some(*area),
                _ => None,
            })
            .collect();
        assert!(!enter.is_empty());
        for a in &enter {
            assert_eq!(
                click_command(&g.rules, &g.st, &ui, *a, None),
                Ok(SxCommand::Enter { area: *a })
            );
        }
        let far = (0..g.rules.areas.len() as AreaId)
            .find(|a| !enter.contains(a) && target_of_any(&legal, *a).is_none())
            .expect("an area out of reach");
        assert!(click_command(&g.rules, &g.st, &ui, far, None).is_err());
        // the same leader before his roll: the areas are in reach, the click asks to roll
        let mut before = g.st.clone();
        if let Some(m) = before.g.march.as_mut() {
            m.rolled = false;
            m.left = 0;
        }
        let reach = reach_if_rolled(&g.rules, &before);
        assert!(!reach.is_empty());
        let msg = click_command(&g.rules, &before, &ui, reach[0], None).unwrap_err();
        assert!(msg.contains("Roll the march die first"), "{msg}");
    }

    /// The first game (seed 7, 8, ...) that reaches the situation by random legal play.
    fn reached(until: &str) -> PureGame<SaxonWar> {
        let g0 = game();
        for seed in 7..60 {
            let Ok(cmds) = super::super::autoplay_until(&g0.rules, seed, until) else {
                continue;
            };
            let mut g = PureGame::<SaxonWar>::new(g0.rules.clone(), seed);
            for c in &cmds {
                g.apply(c).expect("replays");
            }
            return g;
        }
        panic!("{until} not reached with seeds 7-59");
    }

    /// fortress.garrison, siege.conditions: a besieged fortress is ONE box of two halves beside its area, the
    /// garrison on the left and the besieging force on the right; no other box of the
    /// garrison or the besieger there.
    #[test]
    fn a_besieged_fortress_is_one_box_of_two_halves() {
        // Dresden held by a Saxon garrison, Frederick's Prussians in its area
        let mut g = reached("moving");
        let a = g.rules.area("dresden").expect("Dresden");
        let (def, att) = (Side::Austria, Side::Prussia);
        for p in Power::ALL {
            g.st.areas[a as usize].field[p.idx()] = 0;
            g.st.areas[a as usize].garrison[p.idx()] = 0;
        }
        g.st.areas[a as usize].garrison[Power::Saxony.idx()] = 3;
        g.st.areas[a as usize].field[Power::Prussia.idx()] = 12;
        let fred = g.rules.leader("frederick").expect("Frederick");
        g.st.leaders[fred as usize].loc = LLoc::Field(a);
        assert!(g.st.garrison_of(a, def) > 0 && g.st.field_of(a, att) > 0);
        let stacks = force_stacks(&g.rules, &g.st, &|_| true);
        let here: Vec<&Stack> = stacks.iter().filter(|s| s.node == a as usize).collect();
        let halves: Vec<&&Stack> = here.iter().filter(|s| s.right.is_some()).collect();
        assert_eq!(halves.len(), 1, "one fortress box");
        let b = halves[0];
        let right = b.right.as_ref().expect("two halves");
        let gar = Power::ALL
            .iter()
            .filter(|p| p.side() == def)
            .map(|p| garrison_colour(*p))
            .collect::<Vec<_>>();
        let field = Power::ALL
            .iter()
            .filter(|p| p.side() == att)
            .map(|p| power_colour(*p))
            .collect::<Vec<_>>();
        assert!(gar.contains(&b.colour), "the garrison on the left");
        assert!(field.contains(&right.colour), "the besieger on the right");
        assert!(b.entries.iter().any(|e| e.text.contains("garrison")));
        assert!(right.entries.iter().any(|e| e.text.contains("SP")));
        // the besieger's SPs and leaders are all in the right half, none in a box apart
        for s in &here {
            if s.right.is_none() {
                assert!(!gar.contains(&s.colour) && !field.contains(&s.colour));
            }
        }
        let sp: u16 = right
            .entries
            .iter()
            .filter(|e| (100..200).contains(&e.id))
            .map(|e| {
                let w: Vec<&str> = e.text.split_whitespace().collect();
                let k = w.iter().position(|x| *x == "SP").unwrap_or(0);
                w.get(k.wrapping_sub(1))
                    .and_then(|n| n.parse::<u16>().ok())
                    .unwrap_or(0)
            })
            .sum();
        assert_eq!(
            sp,
            g.st.field_of(a, att),
            "every besieging SP in the right half"
        );
        // no enemy in the area: the garrison's box is a box of one
        let mut lifted = g.st.clone();
        for p in Power::ALL {
            if p.side() == att {
                lifted.areas[a as usize].field[p.idx()] = 0;
            }
        }
        for l in 0..lifted.leaders.len() {
            if lifted.leaders[l].loc == LLoc::Field(a) {
                lifted.leaders[l].loc = LLoc::Gone;
            }
        }
        assert!(
            force_stacks(&g.rules, &lifted, &|_| true)
                .iter()
                .all(|s| s.right.is_none())
        );
    }

    /// "Go to" centres on the marching force, then on the battle (the areas the rules'
    /// state names, as 1866's focus).
    #[test]
    fn go_to_names_the_marching_force_and_the_battle() {
        let g = reached("moving");
        let m = g.st.g.march.clone().expect("a march");
        let (a, what) = super::super::focus_area(&g.rules, &g.st).expect("a focus");
        assert_eq!(a, m.at);
        assert!(what.contains(g.rules.leader_name(m.leader)), "{what}");
        let g = reached("battle");
        let c = g.st.g.combat.clone().expect("a battle");
        let (a, what) = super::super::focus_area(&g.rules, &g.st).expect("a focus");
        assert_eq!(a, c.area);
        assert!(what.starts_with("the battle at"), "{what}");
        let g = game();
        assert_eq!(super::super::focus_area(&g.rules, &g.st), None);
    }

    fn target_of_any(legal: &[SxCommand], a: AreaId) -> Option<&SxCommand> {
        legal.iter().find(|c| target(c) == Some(a))
    }
}
