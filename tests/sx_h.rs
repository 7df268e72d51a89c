//! Great Saxon War: the secret RE-deployment shows nothing of the other side's secret
//! changes (grand.redeploy "each player may secretly adjust his deployment",
//! deployment.secret; AUDIT14i items 4, 5 and 7, docs/games/saxonwar-audit8-redeployment.md):
//! a fortress re-garrisoned in secret changes hands on the map only at the reveal, the
//! siege shown is the one at the re-deployment's start, and the re-deployment's commands
//! without a map click (take up, Done) are buttons.

use crate::sx_core::{area, drive, game, ok, put};
use feldzug::engine::game::PureGame;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::rules::besieger;
use feldzug::games::saxonwar::state::*;
use feldzug::games::saxonwar::steps::deploy::besieger_seen;

/// The Grand Campaign's first deployment made by commands, then `setup` edits the map,
/// and the game is played on from the attrition of turn 18 to Austria's re-deployment
/// of 1757 (dice all 1).
pub(crate) fn redeployment(setup: impl FnOnce(&mut PureGame<SaxonWar>)) -> PureGame<SaxonWar> {
    let mut g = game("saxonwar-grand");
    while g.st.g.step == Step::Deploy {
        crate::sx_core::place_first(&mut g);
    }
    setup(&mut g);
    g.st.g.turn = 18;
    g.st.g.phasing = Side::Austria;
    g.st.g.step = Step::Attrition;
    g.dice.script(std::iter::repeat_n(1, 60));
    drive(&mut g, |s| {
        s.g.step == Step::Deploy && s.g.redeploying && s.g.deploying == Side::Austria
    });
    g
}

/// Clears an area of every force and leader.
fn clear(g: &mut PureGame<SaxonWar>, a: AreaId) {
    for p in Power::ALL {
        put(g, p, a, 0, 0);
    }
    for loc in [LLoc::Field(a), LLoc::Garrison(a)] {
        for l in g.st.leaders_at(loc) {
            g.st.leaders[l as usize].loc = LLoc::Gone;
        }
    }
    g.st.areas[a as usize].depot = None;
}

/// Austria places 3 SP or more in `a` (inside or in the field) in secret (the SPs placed): with SPs of the year's increment if it has
/// them, else after taking up its first force elsewhere.
pub(crate) fn austria_garrisons_in_secret(
    g: &mut PureGame<SaxonWar>,
    a: AreaId,
    inside: bool,
) -> u16 {
    let place = |g: &PureGame<SaxonWar>| {
        g.legal().into_iter().find(|c| {
            matches!(c, SxCommand::DeploySp { power: Power::Austria, area, inside: i, sp }
                if *area == a && *i == inside && *sp >= 3)
        })
    };
    // the leaders lost by the re-deployment roll are given up first
    while let Some(c) = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SxCommand::Dismiss { .. }))
    {
        ok(g, c);
    }
    if place(g).is_none() {
        let w = g
            .legal()
            .into_iter()
            .find(|c| {
                matches!(c, SxCommand::Withdraw { power: Power::Austria, area, inside: false }
                    if *area != a && g.st.areas[*area as usize].field[Power::Austria.idx()] >= 3)
            })
            .expect("an Austrian field force of 3 SP or more to take up");
        ok(g, w);
    }
    // the deployment's parcels are 1, 5, 10 or all: the first of 3 SP or more
    let c = place(g).expect("Austria may place there");
    let SxCommand::DeploySp { sp, .. } = c else {
        unreachable!()
    };
    ok(g, c);
    sp
}

/// The deploying side places whatever it still has (the first legal place away from
/// `away`), gives up the leaders it must, and says it is done.
pub(crate) fn finish(g: &mut PureGame<SaxonWar>, away: AreaId) {
    while let Some(c) = g.legal().into_iter().find(|c| match c {
        SxCommand::DeploySp { area, .. } | SxCommand::Deploy { area, .. } => *area != away,
        SxCommand::Dismiss { .. } => true,
        _ => false,
    }) {
        ok(g, c);
    }
    ok(g, SxCommand::Done);
}

/// Prague (Bohemia) held by Prussia, its fortress empty, no Prussian in the area.
pub(crate) fn prague_captured_and_left(g: &mut PureGame<SaxonWar>) -> AreaId {
    let prague = area(g, "prague");
    clear(g, prague);
    g.st.areas[prague as usize].holder = Some(Side::Prussia);
    prague
}

#[test]
fn sx_h_a_secret_regarrisoning_changes_the_holder_only_at_the_reveal() {
    // rule grand.redeploy, deployment.secret: Austria re-garrisons in secret a fortress
    // of its own that Prussia had taken and left empty; while Prussia re-deploys the
    // fortress is still shown as Prussia's (its outline and "held by" read `holder`),
    // and it becomes Austria's when both deployments are revealed.
    // Mutation tried: `holder` set at the DeploySp again (steps/deploy.rs) — the first
    // assert after the placement fails (held by Austria at once).
    let mut g = redeployment(|g| {
        prague_captured_and_left(g);
    });
    let prague = area(&g, "prague");
    assert_eq!(g.st.areas[prague as usize].holder, Some(Side::Prussia));
    let sp = austria_garrisons_in_secret(&mut g, prague, true);
    assert_eq!(
        g.st.garrison_of(prague, Side::Austria),
        sp,
        "the garrison is placed"
    );
    assert_eq!(
        g.st.areas[prague as usize].holder,
        Some(Side::Prussia),
        "the fortress changes hands only at the reveal"
    );
    let held = |g: &PureGame<SaxonWar>| g.summary().vp.get("Austria").copied();
    let before = held(&g);
    finish(&mut g, prague);
    assert_eq!(g.st.g.deploying, Side::Prussia);
    assert_eq!(g.st.areas[prague as usize].holder, Some(Side::Prussia));
    assert_eq!(
        held(&g),
        before,
        "the public summary counts no new fortress"
    );
    // Prussia ends its re-deployment and both are revealed
    finish(&mut g, prague);
    assert!(!g.st.g.redeploying);
    assert_ne!(g.st.g.step, Step::Deploy);
    assert_eq!(
        g.st.areas[prague as usize].holder,
        Some(Side::Austria),
        "revealed: Austria holds Prague again"
    );
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("The re-deployment is revealed")),
        "the reveal is logged"
    );
}

#[test]
fn sx_h_a_siege_lifted_in_secret_is_still_shown_until_the_reveal() {
    // rule grand.redeploy, deployment.secret: Austria's field force with its siege
    // depot besieges a Prussian garrison at Glatz; Austria takes it up in secret; the
    // siege the map shows (`besieger_seen`, the "besieged by" hover) stays as it was at
    // the re-deployment's start for both sides' turns, and goes at the reveal.
    // Mutation tried: `besieger_seen` returning the live `besieger` — the assert after
    // the withdrawal fails (None).
    let mut g = redeployment(glatz_besieged);
    let glatz = area(&g, "glatz");
    assert_eq!(besieger(&g.rules, &g.st, glatz), Some(Side::Austria));
    assert_eq!(besieger_seen(&g.rules, &g.st, glatz), Some(Side::Austria));
    ok(
        &mut g,
        SxCommand::Withdraw {
            power: Power::Austria,
            area: glatz,
            inside: false,
        },
    );
    assert_eq!(
        besieger(&g.rules, &g.st, glatz),
        None,
        "the siege is lifted in secret"
    );
    assert_eq!(
        besieger_seen(&g.rules, &g.st, glatz),
        Some(Side::Austria),
        "the map still shows the siege of the start"
    );
    // Austria places what it took up elsewhere, away from Glatz, and is done
    finish(&mut g, glatz);
    assert_eq!(g.st.g.deploying, Side::Prussia);
    assert_eq!(besieger_seen(&g.rules, &g.st, glatz), Some(Side::Austria));
    finish(&mut g, glatz);
    assert!(!g.st.g.redeploying);
    assert_eq!(
        besieger_seen(&g.rules, &g.st, glatz),
        None,
        "revealed: no siege"
    );
}

#[test]
fn sx_h_a_siege_made_in_secret_is_not_shown_before_the_reveal() {
    // rule grand.redeploy, deployment.secret: Prussia holds Prague with 2 SP inside and
    // Austria has a completed depot there; Austria places 3 field SP there in secret,
    // which makes a siege on the live state; the map shows none until the reveal.
    // Mutation tried: `besieger_seen` returning the live `besieger` — the assert after
    // the placement fails (Some(Austria)).
    let mut g = redeployment(|g| {
        let prague = prague_captured_and_left(g);
        put(g, Power::Prussia, prague, 0, 2);
        g.st.areas[prague as usize].depot = Some(Depot {
            owner: Side::Austria,
            complete: true,
            siege: false,
        });
    });
    let prague = area(&g, "prague");
    assert_eq!(besieger(&g.rules, &g.st, prague), None);
    austria_garrisons_in_secret(&mut g, prague, false);
    assert_eq!(
        besieger(&g.rules, &g.st, prague),
        Some(Side::Austria),
        "a siege on the live state"
    );
    assert_eq!(
        besieger_seen(&g.rules, &g.st, prague),
        None,
        "not shown in the re-deployment"
    );
    finish(&mut g, prague);
    assert_eq!(g.st.g.deploying, Side::Prussia);
    assert_eq!(besieger_seen(&g.rules, &g.st, prague), None);
    finish(&mut g, prague);
    assert!(!g.st.g.redeploying);
    assert_eq!(
        besieger_seen(&g.rules, &g.st, prague),
        Some(Side::Austria),
        "revealed: the siege"
    );
}

/// The Glatz siege of the tests above: Prussia 2 SP inside, Austria 5 field SP with a
/// completed siege depot.
fn glatz_besieged(g: &mut PureGame<SaxonWar>) {
    let glatz = area(g, "glatz");
    clear(g, glatz);
    put(g, Power::Prussia, glatz, 0, 2);
    put(g, Power::Austria, glatz, 5, 0);
    g.st.areas[glatz as usize].depot = Some(Depot {
        owner: Side::Austria,
        complete: true,
        siege: true,
    });
}

/// Two games at Prussia's re-deployment (and the log's length at Austria's start): in
/// the first Austria lifted the siege of Glatz and re-garrisoned Prague in secret, in
/// the second it changed nothing; the rest of what Austria had is placed alike.
pub(crate) fn twins() -> (PureGame<SaxonWar>, PureGame<SaxonWar>, usize) {
    fn setup(g: &mut PureGame<SaxonWar>) {
        prague_captured_and_left(g);
        glatz_besieged(g);
    }
    let mut moved = redeployment(setup);
    let mut plain = redeployment(setup);
    let n0 = moved.log.entries.len();
    let (prague, glatz) = (area(&moved, "prague"), area(&moved, "glatz"));
    ok(
        &mut moved,
        SxCommand::Withdraw {
            power: Power::Austria,
            area: glatz,
            inside: false,
        },
    );
    austria_garrisons_in_secret(&mut moved, prague, true);
    finish(&mut moved, prague);
    finish(&mut plain, prague);
    assert_eq!(moved.st.g.deploying, Side::Prussia);
    assert_eq!(plain.st.g.deploying, Side::Prussia);
    assert!(moved.st.garrison_of(prague, Side::Austria) >= 3);
    assert_eq!(plain.st.garrison_of(prague, Side::Austria), 0);
    assert_eq!(besieger(&moved.rules, &moved.st, glatz), None);
    assert_eq!(
        besieger(&plain.rules, &plain.st, glatz),
        Some(Side::Austria)
    );
    (moved, plain, n0)
}

#[test]
fn sx_h_prussia_reads_the_same_log_summary_commands_and_computer_view_whatever_austria_did() {
    // rule grand.redeploy, deployment.secret (AUDIT14j 1.16, 3.1, 4.5c): what Prussia's
    // seat can read at its re-deployment is the same whether or not Austria lifted a
    // siege and re-garrisoned a fortress in secret: the log (no line per force taken up
    // or placed), the public summary, its legal commands, and its computer's sampled
    // view (`determinize`), which keeps the start's holder of Prague.
    // Mutations tried: the old log line per take-up / placement (the logs differ); the
    // `scatter` of the computer's view setting `holder` when it puts SP inside (Prague
    // held by Austria in a sampled view); `holder` set at the placement (the summaries
    // differ).
    use feldzug::engine::game::RulesGame;
    use rand::SeedableRng;
    let (moved, plain, n0) = twins();
    let prague = area(&moved, "prague");
    let texts = |g: &PureGame<SaxonWar>| -> Vec<String> {
        g.log.entries[n0..].iter().map(|e| e.text.clone()).collect()
    };
    assert_eq!(texts(&moved), texts(&plain), "the log tells nothing");
    assert!(
        texts(&moved)
            .iter()
            .any(|t| t.contains("Austria has re-deployed in secret")),
        "{:?}",
        texts(&moved)
    );
    assert_eq!(moved.summary().vp, plain.summary().vp, "the public summary");
    assert_eq!(moved.legal(), plain.legal(), "Prussia's commands");
    let mut inside_prague = 0;
    for seed in 0..30 {
        let view = |g: &PureGame<SaxonWar>| {
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            <SaxonWar as RulesGame>::determinize(&g.rules, &g.st, "Prussia", &mut rng)
        };
        let (a, b) = (view(&moved), view(&plain));
        assert_eq!(a.areas, b.areas, "the computer's view, seed {seed}");
        assert_eq!(a.leaders, b.leaders, "the computer's view, seed {seed}");
        assert_eq!(
            a.areas[prague as usize].holder,
            Some(Side::Prussia),
            "a sampled view keeps the start's holder"
        );
        if a.garrison_of(prague, Side::Austria) > 0 {
            inside_prague += 1;
        }
    }
    assert!(
        inside_prague > 0,
        "some sampled views put Austrian SP inside Prague"
    );
}

#[test]
fn sx_h_the_reveal_names_the_fortress_that_changed_hands() {
    // rule grand.redeploy: at the reveal Prague, re-garrisoned by Austria in secret, is
    // Austria's again and the log says so under the re-deployment's rule.
    // Mutation tried: the reveal block of `end_deployment` off (`settle` gives the
    // fortress anyway, but the log does not name it).
    let (mut moved, _, _) = twins();
    let prague = area(&moved, "prague");
    finish(&mut moved, prague);
    assert!(!moved.st.g.redeploying);
    assert_eq!(moved.st.areas[prague as usize].holder, Some(Side::Austria));
    let reveal = |g: &PureGame<SaxonWar>| -> String {
        g.log
            .entries
            .iter()
            .find(|e| {
                e.rule == "grand.redeploy" && e.text.contains("The re-deployment is revealed")
            })
            .map(|e| e.text.clone())
            .expect("the reveal is logged under grand.redeploy")
    };
    let line = reveal(&moved);
    assert!(line.contains("Prague now held by Austria"), "{line}");
    assert_eq!(
        line.matches("now held by").count(),
        1,
        "only Prague: {line}"
    );
    // the twin where Austria changed nothing: no fortress changes hands
    let (_, mut plain, _) = twins();
    finish(&mut plain, prague);
    let line = reveal(&plain);
    assert!(!line.contains("now held by"), "{line}");
}

#[test]
fn sx_h_the_first_deployment_logs_the_same_whatever_austria_places() {
    // rule grand.start, deployment.secret (AUDIT14k 5): Austria's secret first deployment
    // of the Grand Campaign writes the same log whatever it places where and in which
    // parcels: one line when it is done.
    // Mutation tried: a log line per placement (the logs differ).
    let deploy = |first: bool| {
        let mut g = game("saxonwar-grand");
        while g.st.g.step == Step::Deploy && g.st.g.deploying == Side::Austria {
            let legal = g.legal();
            let place =
                |c: &&SxCommand| matches!(c, SxCommand::DeploySp { .. } | SxCommand::Deploy { .. });
            let c = if first {
                legal.iter().find(place)
            } else {
                legal.iter().rev().find(place)
            }
            .cloned()
            .expect("a placement");
            ok(&mut g, c);
        }
        g
    };
    let (a, b) = (deploy(true), deploy(false));
    assert_eq!(a.st.g.deploying, Side::Prussia);
    assert_ne!(a.st.areas, b.st.areas, "two different secret deployments");
    let texts = |g: &PureGame<SaxonWar>| -> Vec<String> {
        g.log.entries.iter().map(|e| e.text.clone()).collect()
    };
    assert_eq!(texts(&a), texts(&b), "the log tells nothing of them");
    assert!(
        texts(&a)
            .iter()
            .any(|t| t.contains("Austria has deployed in secret"))
    );
}

#[test]
fn sx_h_a_secret_loan_to_france_is_logged_only_at_the_reveal() {
    // rule allies.minor, grand.redeploy, deployment.secret (AUDIT14k 3): Austria lends
    // Empire SP to France, takes them back and lends again in its secret re-deployment:
    // the log Prussia reads until the reveal is the same as when Austria lends nothing;
    // the reveal lists the SP lent.
    // Mutations tried: a log line per Lend or per Recall (the logs differ).
    fn setup(g: &mut PureGame<SaxonWar>) {
        let kolin = area(g, "kolin");
        clear(g, kolin);
        put(g, Power::Empire, kolin, 5, 0);
    }
    let mut lends = redeployment(setup);
    let mut plain = redeployment(setup);
    let n0 = lends.log.entries.len();
    let kolin = area(&lends, "kolin");
    let lend = SxCommand::Lend { area: kolin, sp: 1 };
    ok(&mut lends, lend.clone());
    let recall = lends
        .legal()
        .into_iter()
        .find(|c| matches!(c, SxCommand::Recall { .. }))
        .expect("the loan may be taken back");
    ok(&mut lends, recall);
    ok(&mut lends, lend);
    assert_eq!(lends.st.areas[kolin as usize].lent, 1);
    finish(&mut lends, kolin);
    finish(&mut plain, kolin);
    assert_eq!(lends.st.g.deploying, Side::Prussia);
    let texts = |g: &PureGame<SaxonWar>| -> Vec<String> {
        g.log.entries[n0..].iter().map(|e| e.text.clone()).collect()
    };
    assert_eq!(texts(&lends), texts(&plain), "the log tells nothing");
    finish(&mut lends, kolin);
    assert!(
        lends
            .log
            .entries
            .iter()
            .any(|e| e.text.contains("Kolin: ") && e.text.contains("1 Empire SP lent to France")),
        "the reveal lists the loan"
    );
}
