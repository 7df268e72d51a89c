//! Great Saxon War in the window (gui feature), driven by commands: a demoralized
//! garrison drawn demoralized in its fortress box (morale.states), every greyed button
//! with the rules' reason (move.leaders, fortress.garrison), the lesson panel's pointer
//! for each step of "Learn to play Great Saxon War" (its area ringed, its button named).

use crate::sx_core::{area, deployed, empty_map, leader, ok, place, put};
use feldzug::engine::game::PureGame;
use feldzug::engine::scenarios;
use feldzug::engine::tutorial::parse_lesson;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::state::*;
use feldzug::games::saxonwar::ui::{force_stacks, lesson_pointer, refusal_line, target};
use feldzug::gui::pointboard::Stack;

/// The texts of every line of the boxes beside area `a` (both halves of a fortress box).
fn box_lines(g: &PureGame<SaxonWar>, a: AreaId) -> (Vec<String>, Vec<String>) {
    let stacks: Vec<Stack> = force_stacks(&g.rules, &g.st, &|_| true)
        .into_iter()
        .filter(|s| s.node == a as usize)
        .collect();
    let left = stacks
        .iter()
        .flat_map(|s| s.entries.iter().map(|e| e.text.clone()))
        .collect();
    let right = stacks
        .iter()
        .filter_map(|s| s.right.as_ref())
        .flat_map(|h| h.entries.iter().map(|e| e.text.clone()))
        .collect();
    (left, right)
}

/// morale.states: a demoralized force that goes inside a fortress stays demoralized
/// until it recovers; its marker (`demoralized_in`) is drawn on the garrison's line,
/// in the fortress box of two halves (garrison | besieger) as in a box of its own.
#[test]
fn sx_a_demoralized_garrison_is_drawn_demoralized_in_its_fortress_box() {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    put(&mut g, Power::Saxony, dresden, 0, 4);
    place(&mut g, "rutowsky", LLoc::Garrison(dresden));
    g.st.areas[dresden as usize].demoralized_in[Power::Saxony.idx()] = true;
    assert!(feldzug::games::saxonwar::rules::demoralized(
        &g.st,
        Power::Saxony,
        dresden,
        true
    ));
    // a garrison alone: its own box
    let (left, right) = box_lines(&g, dresden);
    assert!(right.is_empty());
    assert!(
        left.iter()
            .any(|t| t.contains("garrison 4 SP") && t.contains("demoralized")),
        "{left:?}"
    );
    // Prussians in the area: one box, the demoralized garrison left, the besieger right
    put(&mut g, Power::Prussia, dresden, 12, 0);
    place(&mut g, "keith", LLoc::Field(dresden));
    let (left, right) = box_lines(&g, dresden);
    assert!(
        left.iter()
            .any(|t| t.contains("garrison 4 SP") && t.contains("demoralized")),
        "{left:?}"
    );
    assert!(right.iter().any(|t| t.contains("12 SP")), "{right:?}");
    assert!(
        right.iter().all(|t| !t.contains("demoralized")),
        "the besieger is not demoralized: {right:?}"
    );
    // recovered: the mark goes
    g.st.areas[dresden as usize].demoralized_in[Power::Saxony.idx()] = false;
    let (left, _) = box_lines(&g, dresden);
    assert!(left.iter().all(|t| !t.contains("demoralized")), "{left:?}");
}

/// move.leaders, fortress.garrison: the amount buttons under the SP slider are greyed
/// with the rules' reason whenever the amount is not legal: "Take 43 SP along" when the
/// force already has its 43 SP (the slider's start), "Leave 0 SP in the fortress".
#[test]
fn sx_every_greyed_amount_button_says_why() {
    let mut g = deployed();
    let fred = leader(&g, "frederick");
    crate::sx_core::drive(&mut g, |st| {
        st.g.step == Step::March && st.g.phasing == Side::Prussia
    });
    ok(&mut g, SxCommand::Select { leader: fred });
    let m = g.st.g.march.clone().expect("Frederick marches");
    assert_eq!(m.sp, 43, "he takes the 43 SP at Berlin");
    let legal = g.legal();
    let take = SxCommand::Take { sp: m.sp };
    assert!(!legal.contains(&take), "no command: he has them already");
    let why = refusal_line(&g.rules, &g.st, &take).expect("a reason");
    assert!(why.contains("already has these 43 SP"), "{why}");
    assert!(why.contains("move.leaders"), "{why}");
    // every amount of the slider (0..=43) is either a legal command or has a reason
    for sp in 0..=m.sp {
        let c = SxCommand::Take { sp };
        assert_eq!(
            legal.contains(&c),
            refusal_line(&g.rules, &g.st, &c).is_none(),
            "{c:?}"
        );
    }
    // a smaller amount is taken; then 43 again is legal (no reason)
    ok(&mut g, SxCommand::Take { sp: 20 });
    assert!(refusal_line(&g.rules, &g.st, &SxCommand::Take { sp: 43 }).is_none());
    assert!(
        refusal_line(&g.rules, &g.st, &SxCommand::Take { sp: 20 })
            .is_some_and(|w| w.contains("already has these 20 SP"))
    );
    // at a fortress after the roll: 0 SP to leave is refused with the amounts allowed
    let mut g = deployed();
    empty_map(&mut g);
    let wittenberg = area(&g, "wittenberg");
    let torgau = area(&g, "torgau");
    put(&mut g, Power::Prussia, torgau, 10, 0);
    place(&mut g, "frederick", LLoc::Field(torgau));
    crate::sx_core::drive(&mut g, |st| {
        st.g.step == Step::March && st.g.phasing == Side::Prussia
    });
    ok(&mut g, SxCommand::Select { leader: fred });
    g.dice.script([6]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: wittenberg });
    let m = g.st.g.march.clone().expect("still marching");
    assert!(g.legal().contains(&SxCommand::Garrison { sp: 1 }));
    let why = refusal_line(&g.rules, &g.st, &SxCommand::Garrison { sp: 0 }).expect("refused");
    assert!(
        why.contains(&format!("leave 1 to {} SP", m.sp)) && why.contains("fortress.garrison"),
        "{why}"
    );
}

/// "Learn to play Great Saxon War": every step that expects a command points at it: the
/// area of a map command (ringed in orange, named in the lesson panel), else the side
/// panel with the button's words; played through by the expected commands.
#[test]
fn sx_each_lesson_step_points_at_its_area_or_its_button() {
    let all: Vec<_> = scenarios::embedded()
        .into_iter()
        .flatten()
        .filter(|s| s.meta.game == "saxonwar" && s.name.starts_with("tutorials/"))
        .collect();
    assert!(all.len() >= 5);
    let mut areas = 0;
    let mut buttons = 0;
    for src in all {
        let lesson = parse_lesson::<SxCommand>(&src.name, &src.text).expect("parses");
        let rules =
            <SaxonWar as feldzug::engine::game::RulesGame>::load_rules(&src, &[]).expect("loads");
        let mut g = PureGame::<SaxonWar>::new(rules, 1);
        for step in &lesson.steps {
            let Some(c) = &step.expect else {
                continue;
            };
            let p = lesson_pointer(&g.rules, &g.st, c);
            assert!(!p.text.is_empty());
            match (target(c), c) {
                (Some(a), _) => {
                    assert_eq!(p.area, Some(a), "{}: {c:?}", src.name);
                    assert!(p.text.contains(g.rules.area_name(a)), "{}", p.text);
                    areas += 1;
                }
                (None, SxCommand::Select { leader }) => {
                    let (a, _) =
                        feldzug::games::saxonwar::rules::place(&g.st, *leader).expect("on the map");
                    assert_eq!(p.area, Some(a));
                    areas += 1;
                }
                (None, _) => {
                    assert!(p.panel && p.area.is_none(), "{}: {c:?}", src.name);
                    assert!(p.text.contains("panel"), "{}", p.text);
                    buttons += 1;
                }
            }
            if !step.dice.is_empty() {
                g.dice.script(step.dice.clone());
            }
            g.apply(c)
                .unwrap_or_else(|r| panic!("{}: {c:?} refused: {r}", src.name));
        }
    }
    assert!(
        areas >= 10 && buttons >= 5,
        "{areas} areas, {buttons} buttons"
    );
}

/// grand.redeploy, deployment.secret (AUDIT14i items 4, 5, 7): in Prussia's secret
/// re-deployment the window shows nothing of what Austria changed in secret before it:
/// Prague, re-garrisoned by Austria, keeps Prussia's outline and "held by Prussia", no
/// Austrian force is drawn; and the re-deployment's commands without a map click are
/// buttons ("Done", take up a force). Mutation tried: `board_of` reading the live holder
/// set at the placement (the old deploy.rs) — the hover says "held by Austria".
/// The map is taken from `marks_of`, the body of the `marks` system (AUDIT14i item 8).
#[test]
fn sx_the_redeployment_shows_the_start_and_offers_its_buttons() {
    use crate::sx_h::{
        austria_garrisons_in_secret, finish, prague_captured_and_left, redeployment,
    };
    use feldzug::games::saxonwar::ui::{SxUi, deploy_buttons, marks_of};
    let mut g = redeployment(|g| {
        prague_captured_and_left(g);
    });
    let prague = area(&g, "prague");
    // Austria's buttons: taking up a force (Done comes once all is placed)
    let buttons = deploy_buttons(&g.rules, &g.st, &g.legal());
    assert!(
        buttons
            .iter()
            .any(|(_, c)| matches!(c, SxCommand::Withdraw { .. })),
        "{buttons:?}"
    );
    assert!(
        buttons
            .iter()
            .all(|(_, c)| !matches!(c, SxCommand::DeploySp { .. } | SxCommand::Deploy { .. })),
        "placements are map clicks, not buttons"
    );
    austria_garrisons_in_secret(&mut g, prague, true);
    // everything placed (away from Prague): "Done" is a button
    while let Some(c) = g.legal().into_iter().find(|c| match c {
        SxCommand::DeploySp { area, .. } | SxCommand::Deploy { area, .. } => *area != prague,
        SxCommand::Dismiss { .. } => true,
        _ => false,
    }) {
        ok(&mut g, c);
    }
    let buttons = deploy_buttons(&g.rules, &g.st, &g.legal());
    assert!(
        buttons
            .iter()
            .any(|(t, c)| *c == SxCommand::Done && t.contains("Austria has re-deployed")),
        "{buttons:?}"
    );
    finish(&mut g, prague);
    assert_eq!(g.st.g.deploying, Side::Prussia);
    // the map as the system draws it for Prussia, who has taken the screen
    let mut ui = SxUi::default();
    ui.curtain.follow(Some(Side::Prussia));
    ui.curtain.lift();
    let (board, marks) = marks_of(&g.rules, &g.st, &ui, None);
    let hover = &board.nodes[prague as usize].hover;
    assert!(hover.contains("held by Prussia"), "{hover}");
    assert!(!hover.contains("held by Austria"), "{hover}");
    let magdeburg = area(&g, "magdeburg");
    assert_eq!(
        board.nodes[prague as usize].outline, board.nodes[magdeburg as usize].outline,
        "Prague outlined as Prussia's, like Magdeburg"
    );
    assert!(!marks.stacks.is_empty(), "Prussia's own forces are drawn");
    // Prussia's buttons name Prussia, once Prussia has placed what it must
    while let Some(c) = g.legal().into_iter().find(|c| {
        matches!(
            c,
            SxCommand::DeploySp { .. } | SxCommand::Deploy { .. } | SxCommand::Dismiss { .. }
        )
    }) {
        ok(&mut g, c);
    }
    let buttons = deploy_buttons(&g.rules, &g.st, &g.legal());
    assert!(
        buttons
            .iter()
            .any(|(t, c)| *c == SxCommand::Done && t.contains("Prussia has re-deployed")),
        "{buttons:?}"
    );
}

/// grand.redeploy, deployment.secret (AUDIT14j must-fix 1 and 4): Prussia's screen at its
/// re-deployment is the same, drawn map and marks alike (outlines, "held by", "besieged
/// by", forces, lit places), whether or not Austria lifted the siege of Glatz and
/// re-garrisoned Prague in secret before it. Mutations: the "besieged by" hover reading
/// the live siege (`besieger` for `besieger_seen` in board.rs) — Glatz's hovers differ;
/// `holder` set at the placement — Prague's outline and hover differ.
#[test]
fn sx_prussias_redeployment_screen_is_the_same_whatever_austria_did_in_secret() {
    use feldzug::games::saxonwar::ui::{SxUi, marks_of};
    let (moved, plain, _) = crate::sx_h::twins();
    let mut ui = SxUi::default();
    ui.curtain.follow(Some(Side::Prussia));
    ui.curtain.lift();
    let (board_m, marks_m) = marks_of(&moved.rules, &moved.st, &ui, None);
    let (board_p, marks_p) = marks_of(&plain.rules, &plain.st, &ui, None);
    let glatz = area(&moved, "glatz");
    let hover = &board_m.nodes[glatz as usize].hover;
    assert!(hover.contains("besieged by Austria"), "{hover}");
    for (i, (m, p)) in board_m.nodes.iter().zip(&board_p.nodes).enumerate() {
        assert_eq!(m, p, "node {i}");
    }
    assert_eq!(board_m, board_p);
    assert_eq!(marks_m, marks_p);
}

/// deployment.secret (AUDIT14k must-fix 1, 2): against a computer Austria (no hand-over
/// curtain) the human Prussia's screen shows nothing of Austria's secret re-deployment
/// while it goes on: the side panel's prompt names no counts, no area is lit, and the
/// map and prompt are the same before and after Austria takes up a force in secret.
/// Mutations: the panel drawing the step's prompt (its SP count changes); `marks_of`
/// lighting the computer's places (lit areas appear after the take-up).
#[test]
fn sx_a_computer_austrias_secret_redeployment_shows_the_human_nothing() {
    use feldzug::games::saxonwar::steps::deploy;
    use feldzug::games::saxonwar::ui::{SxUi, marks_of, shown_prompt};
    let mut g = crate::sx_h::redeployment(|g| {
        crate::sx_h::prague_captured_and_left(g);
    });
    while let Some(c) = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SxCommand::Dismiss { .. }))
    {
        ok(&mut g, c);
    }
    let mut ui = SxUi::default();
    ui.curtain.seat([true, false]); // the computer plays Austria
    ui.curtain.follow(Some(Side::Austria));
    let view = |g: &PureGame<SaxonWar>| {
        let (board, marks) = marks_of(&g.rules, &g.st, &ui, None);
        let prompt = shown_prompt(&g.st, &deploy::prompt(&g.rules, &g.st), &ui.curtain);
        (board, marks, prompt)
    };
    let before = view(&g);
    assert!(
        before.1.lit.is_empty(),
        "nothing lit for the computer's deployment"
    );
    assert!(
        before.2.contains("the computer re-deploys in secret"),
        "{}",
        before.2
    );
    let take = g
        .legal()
        .into_iter()
        .find(|c| {
            matches!(
                c,
                SxCommand::Withdraw {
                    power: Power::Austria,
                    inside: false,
                    ..
                }
            )
        })
        .expect("a force to take up");
    let steps_prompt = deploy::prompt(&g.rules, &g.st);
    ok(&mut g, take);
    assert_ne!(
        deploy::prompt(&g.rules, &g.st),
        steps_prompt,
        "the step's own prompt counts the force taken up"
    );
    let after = view(&g);
    assert_eq!(before.2, after.2, "the shown prompt");
    assert_eq!(before.0, after.0, "the board");
    assert_eq!(before.1, after.1, "the marks");
}

/// deployment.secret (AUDIT14l must-fix 3): a human Austria against a computer Prussia
/// keeps its own secret deployment on screen: its places lit, the step's own prompt
/// with its counts; and the computer Prussia's deployment that follows lights nothing.
#[test]
fn sx_a_human_deploys_in_the_open_against_a_computer_prussia() {
    use feldzug::games::saxonwar::steps::deploy;
    use feldzug::games::saxonwar::ui::{SxUi, marks_of, shown_prompt};
    let mut g = crate::sx_core::game("saxonwar-1756");
    assert_eq!(g.st.g.deploying, Side::Austria);
    let mut ui = SxUi::default();
    ui.curtain.seat([false, true]); // the computer plays Prussia
    ui.curtain.follow(Some(Side::Austria));
    let (_, marks) = marks_of(&g.rules, &g.st, &ui, None);
    assert!(!marks.lit.is_empty(), "the human's places are lit");
    let own = deploy::prompt(&g.rules, &g.st);
    assert_eq!(shown_prompt(&g.st, &own, &ui.curtain), own);
    while g.st.g.step == Step::Deploy && g.st.g.deploying == Side::Austria {
        crate::sx_core::place_first(&mut g);
    }
    assert_eq!(g.st.g.deploying, Side::Prussia, "the computer's turn");
    ui.curtain.follow(Some(Side::Prussia));
    let (_, marks) = marks_of(&g.rules, &g.st, &ui, None);
    assert!(marks.lit.is_empty(), "nothing lit for the computer");
    let p = shown_prompt(&g.st, &deploy::prompt(&g.rules, &g.st), &ui.curtain);
    assert!(p.contains("the computer deploys in secret"), "{p}");
}
