//! 1866: The Struggle for Supremacy in Germany: the battle maths (11, 12.4, 15.5) on the
//! numbers of the example of play. The unit values here are test numbers chosen to fit the
//! example (Prussian corps CF 3 full and reduced, "my constant 3"; Prussian IDs 2/2; the
//! Hanoverian corps 2/2 and its IB 1/1), not the scenario's data.

use feldzug::games::struggle::battle::{
    self, BUnit, CardPlay, Fate, Force, Kind, Ratings, Situation, Stats, SupportStock, Who,
};
use feldzug::games::struggle::cards::Cards;
use feldzug::games::struggle::charts::Charts;

fn charts() -> Charts {
    Charts::load_default().expect("charts")
}

fn unit(name: &str, kind: Kind, sp: (u32, u32), cf: (u32, u32), reduced: bool) -> BUnit {
    BUnit {
        name: name.into(),
        stats: Stats {
            sp_full: sp.0,
            sp_reduced: sp.1,
            cf_full: cf.0,
            cf_reduced: cf.1,
        },
        kind,
        reduced,
        replacement: None,
    }
}

fn pr_id(n: u32) -> BUnit {
    unit(&format!("Pr ID {n}"), Kind::Infantry, (2, 1), (2, 2), false)
}

/// Falckenstein's three IDs and Frederick's 7th Corps: 11 SPs.
fn hanover_attacker() -> Force {
    Force {
        units: vec![
            pr_id(1),
            pr_id(2),
            pr_id(3),
            unit("Pr 7th Corps", Kind::Corps, (5, 3), (3, 3), false),
        ],
        // Falckenstein commands the primary army; his offensive rating adds nothing in
        // the example ("I would have gotten his [Frederick's] +1 ... ").
        commander: Some(Ratings {
            offensive: 0,
            defensive: 0,
        }),
        supplied: true,
    }
}

fn hn_support() -> Vec<SupportStock> {
    vec![SupportStock {
        name: "Hn IB".into(),
        stats: Stats {
            sp_full: 2,
            sp_reduced: 1,
            cf_full: 1,
            cf_reduced: 1,
        },
        count: 1,
    }]
}

/// Arendtschildt and the Hanoverian Corps (4-7 column), an Hn IB in the Corps Support Box.
fn hanover_defender() -> Force {
    let mut hn = unit("Hn Corps", Kind::Corps, (5, 3), (2, 2), false);
    hn.replacement = Some(0);
    Force {
        units: vec![hn],
        commander: Some(Ratings {
            offensive: 0,
            defensive: 1,
        }),
        supplied: true,
    }
}

/// A card's battle effects as the cards file gives them.
fn card_play(cards: &Cards, id: u8) -> CardPlay {
    CardPlay::from_card(cards.get(id).expect("card"), false)
}

// rule 11.2 steps 1-3, 11.4, example of play War turn 1 WOR3: the coordinated attack on
// Hanover. 11 SPs on "8-14", the Hanoverians on "4-7"; +1 for Arendtschildt's defensive
// rating, +1 for the Prussian Auftragstaktik (card #26) played by the attacker. The
// attacker rolls 5 (6) and inflicts 5 CF, the defender rolls 3 (4) and inflicts 3 CF.
#[test]
fn hanover_coordinated_attack_rolls_as_the_example() {
    let c = charts();
    let cards = Cards::load_default().expect("cards");
    let sit = Situation {
        fortified_space: true, // Hanover is a hostile major city
        cards: vec![(Who::Attacker, card_play(&cards, 26))],
        ..Situation::default()
    };
    let p = battle::plan(&c, &hanover_attacker(), &hanover_defender(), &sit);
    assert_eq!(p.sp, [11, 5]);
    assert_eq!(p.column_label, ["8-14".to_string(), "4-7".to_string()]);
    assert_eq!(p.drm, [1, 1]);
    assert!(
        p.modifiers
            .iter()
            .any(|m| m.who == Who::Defender && m.amount == 1 && m.case.contains("11.2 defensive"))
    );
    assert!(
        p.modifiers
            .iter()
            .any(|m| m.who == Who::Attacker && m.amount == 1 && m.case.contains("#26"))
    );
    let o = p.outcome(5, 3);
    assert_eq!(o.modified, [6, 4]);
    assert_eq!(o.inflicted, [5, 3]);
    assert_eq!(o.loss, [3, 5]);
    assert_eq!(o.winner, Who::Attacker);
    // 11.3, 12.4: no impetus or pursuit out of a hostile major city.
    assert!(!p.impetus_if_won);
    assert_eq!(p.pursuit_in_216, [0, 0]);
}

// rule 11.2 step 4, example: "I have to flip 7th Corps as that is the only way I can meet
// the 3CF loss without exceeding that number."
#[test]
fn hanover_attacker_can_only_flip_the_7th_corps() {
    let a = hanover_attacker();
    let ch = battle::loss_choices(&a.units, &[], 3);
    assert_eq!(ch.len(), 1, "{ch:?}");
    assert_eq!(
        ch[0].fates,
        vec![Fate::Unhurt, Fate::Unhurt, Fate::Unhurt, Fate::Flipped]
    );
    assert_eq!(ch[0].taken, 3);
    // Flipping two IDs takes 4: more than the loss, refused.
    let e = battle::check_losses(
        &a.units,
        &[],
        3,
        &[Fate::Flipped, Fate::Flipped, Fate::Unhurt, Fate::Unhurt],
    )
    .expect_err("exceeds");
    assert!(e.contains("11.2 step 4") && e.contains("exceeds"), "{e}");
    // One ID flipped takes 2: not as close as possible.
    let e = battle::check_losses(
        &a.units,
        &[],
        3,
        &[Fate::Flipped, Fate::Unhurt, Fate::Unhurt, Fate::Unhurt],
    )
    .expect_err("not close");
    assert!(e.contains("as close as possible"), "{e}");
}

// rule 11.2 step 4 and its note, example: "The Austrian eliminates the Hn Corps and
// replaces it with an Hn IB from the Corps Support Force Pool, which in turn is flipped in
// order to meet the 5CF loss."
#[test]
fn hanover_corps_is_replaced_by_an_ib_that_is_flipped() {
    let d = hanover_defender();
    let sup = hn_support();
    let ch = battle::loss_choices(&d.units, &sup, 5);
    assert_eq!(ch.len(), 1, "{ch:?}");
    assert_eq!(ch[0].fates, vec![Fate::Replaced { steps: 1 }]);
    assert_eq!(
        battle::check_losses(&d.units, &sup, 5, &[Fate::Replaced { steps: 1 }]),
        Ok(5)
    );
    let left = battle::after_losses(&d.units, &sup, &ch[0].fates);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].name, "Hn IB");
    assert!(left[0].reduced);
    // The corps may not vanish without its replacement while the Box holds one.
    let e = battle::check_losses(&d.units, &sup, 4, &[Fate::Eliminated]).expect_err("replace");
    assert!(e.contains("Corps Support Box"), "{e}");
    // With the Box empty the corps is simply eliminated (4 CF of the 5).
    let empty = vec![SupportStock {
        count: 0,
        ..sup[0].clone()
    }];
    let ch = battle::loss_choices(&d.units, &empty, 5);
    assert_eq!(ch.len(), 1);
    assert_eq!(ch[0].fates, vec![Fate::Eliminated]);
    assert_eq!(ch[0].taken, 4);
}

// rule 11.2 step 4: two corps, one replacement in the Box: only one of them is replaced.
#[test]
fn one_replacement_serves_one_corps() {
    let sup = hn_support();
    let mut a = unit("Hn Corps A", Kind::Corps, (5, 3), (2, 2), true);
    a.replacement = Some(0);
    let mut b = a.clone();
    b.name = "Hn Corps B".into();
    // Both reduced: eliminating both takes 2 + 2, and one IB (1 + 1) may follow; the
    // owner picks which corps is replaced.
    let ch = battle::loss_choices(&[a.clone(), b.clone()], &sup, 20);
    assert_eq!(ch.len(), 2, "{ch:?}");
    for c in &ch {
        let replaced = c
            .fates
            .iter()
            .filter(|f| matches!(f, Fate::Replaced { .. }))
            .count();
        assert_eq!(replaced, 1, "{c:?}");
        assert_eq!(c.taken, 6);
    }
    let e = battle::check_losses(
        &[a, b],
        &sup,
        20,
        &[Fate::Replaced { steps: 2 }, Fate::Replaced { steps: 2 }],
    )
    .expect_err("one IB only");
    assert!(e.contains("only 1"), "{e}");
}

// rule 11.2 step 3: "If the result is a tie, the attacker wins."
#[test]
fn ties_go_to_the_attacker() {
    let c = charts();
    let f = |sp| Force {
        units: vec![unit("X", Kind::Infantry, (sp, 1), (1, 1), false)],
        commander: None,
        supplied: true,
    };
    let p = battle::plan(&c, &f(5), &f(5), &Situation::default());
    // Same column, no modifiers: equal dice inflict equal factors.
    for d in 1..=6 {
        let o = p.outcome(d, d);
        assert_eq!(o.inflicted[0], o.inflicted[1]);
        assert_eq!(o.winner, Who::Attacker, "dice {d}/{d}");
    }
    assert!(p.attacker_wins_in_36 > 18);
}

// rule 11.2 step 3: the 36 outcomes are the dice; the distributions count them exactly.
#[test]
fn distribution_is_the_36_outcomes() {
    let c = charts();
    let p = battle::plan(
        &c,
        &hanover_attacker(),
        &hanover_defender(),
        &Situation::default(),
    );
    assert_eq!(p.outcomes.len(), 36);
    for side in 0..2 {
        assert_eq!(p.loss_in_36[side].iter().sum::<u32>(), 36);
    }
    let mut wins = 0;
    for a in 1..=6 {
        for d in 1..=6 {
            let o = p.outcome(a, d);
            assert_eq!(o.dice, [a, d]);
            if o.winner == Who::Attacker {
                wins += 1;
            }
        }
    }
    assert_eq!(wins, p.attacker_wins_in_36);
    assert!((p.p_attacker_wins() - wins as f64 / 36.0).abs() < 1e-12);
}

// rules 10.3, 10.4/10.5, 15.3, 11.45 (river, Hidden Ford), Terrain Effects Chart:
// every modifier is listed with its case and changes the roll.
#[test]
fn every_modifier_with_its_case() {
    let c = charts();
    let cards = Cards::load_default().expect("cards");
    let mut a = hanover_attacker();
    a.supplied = false;
    let d = hanover_defender();
    let sit = Situation {
        defender_intercepted: true,
        across_river: true,
        across_mountain: true,
        ..Situation::default()
    };
    let p = battle::plan(&c, &a, &d, &sit);
    let has = |who, case: &str, amount| {
        p.modifiers
            .iter()
            .any(|m| m.who == who && m.case.contains(case) && m.amount == amount)
    };
    assert!(has(Who::Defender, "10.3", 1));
    assert!(has(Who::Attacker, "15.3", -2));
    assert!(has(Who::Defender, "11.45", 1));
    assert!(has(Who::Attacker, "mountain", -1));
    // +1 rating, +1 interception, +1 river; attacker -2 unsupplied.
    assert_eq!(p.drm, [-2, 3]);
    assert_eq!(p.column_label[0], "4-7"); // 8-14 shifted one left
    // The example's WOR3 aside: intercepting across a river would have been +2.
    let d0 = Force {
        commander: None,
        ..hanover_defender()
    };
    let p2 = battle::plan(
        &c,
        &hanover_attacker(),
        &d0,
        &Situation {
            defender_intercepted: true,
            across_river: true,
            ..Situation::default()
        },
    );
    assert_eq!(p2.drm[1], 2);
    // Hidden Ford (#18): no river benefit, +1 to the attacker.
    let p3 = battle::plan(
        &c,
        &hanover_attacker(),
        &d0,
        &Situation {
            across_river: true,
            cards: vec![(Who::Attacker, card_play(&cards, 18))],
            ..Situation::default()
        },
    );
    assert_eq!(p3.drm, [1, 0]);
    // 10.4: a failed avoid battle costs the defender 1.
    let p4 = battle::plan(
        &c,
        &hanover_attacker(),
        &d0,
        &Situation {
            defender_failed_avoid: true,
            ..Situation::default()
        },
    );
    assert_eq!(p4.drm, [0, -1]);
    assert!(p4.modifiers.iter().any(|m| m.case.contains("10.4")));
}

// rule 11.3: impetus needs a 2:1 ratio in raw SPs and a win, and no hostile fortress.
#[test]
fn impetus_needs_two_to_one() {
    let c = charts();
    let f = |sp| Force {
        units: vec![unit("X", Kind::Infantry, (sp, 1), (1, 1), false)],
        commander: None,
        supplied: true,
    };
    assert!(battle::plan(&c, &f(10), &f(5), &Situation::default()).impetus_if_won);
    assert!(!battle::plan(&c, &f(9), &f(5), &Situation::default()).impetus_if_won);
    let fort = Situation {
        fortified_space: true,
        ..Situation::default()
    };
    assert!(!battle::plan(&c, &f(10), &f(5), &fort).impetus_if_won);
}

// rules 12.4, 17.1: pursuit on a die <= the winner's rating, -1 with more cavalry
// divisions; offensive rating for the attacker, defensive for the defender.
#[test]
fn pursuit_chance() {
    let c = charts();
    assert_eq!(battle::pursuit_chance_in_6(&c, 2, false), 2);
    assert_eq!(battle::pursuit_chance_in_6(&c, 2, true), 3);
    assert_eq!(battle::pursuit_chance_in_6(&c, 0, false), 0);
    let mut a = hanover_attacker();
    a.commander = Some(Ratings {
        offensive: 2,
        defensive: 0,
    });
    a.units
        .push(unit("Pr CD", Kind::Cavalry, (1, 1), (1, 1), true));
    let d = hanover_defender();
    let p = battle::plan(&c, &a, &d, &Situation::default());
    let wins: u32 = p.attacker_wins_in_36;
    assert_eq!(p.pursuit_in_216[0], wins * 3);
    // The defender wins with Arendtschildt's defensive 1, no cavalry edge: 1 in 6.
    assert_eq!(p.pursuit_in_216[1], (36 - wins));
    // Artillery Reserve (#10) played by the defender: the winner may not pursue it.
    let cards = Cards::load_default().expect("cards");
    let p = battle::plan(
        &c,
        &a,
        &d,
        &Situation {
            cards: vec![(Who::Defender, card_play(&cards, 10))],
            ..Situation::default()
        },
    );
    assert_eq!(p.pursuit_in_216[0], 0);
}

// rules 11.42, 11.43: the support roll succeeds on a modified die <= the supporting
// general's offensive rating + 3 (the charts' support_base, RECONSTRUCTED from the example
// of play); -1 with cavalry; -2 with Moltke (card #8).
#[test]
fn support_roll_with_cavalry_and_moltke() {
    let c = charts();
    assert_eq!(c.drms.support_base, 3);
    // the example's Frederick (offensive +1) joins on a 4: 1-4
    assert_eq!(battle::support_chance_in_6(&c, 1, false, false), 4);
    assert_eq!(battle::support_chance_in_6(&c, 0, false, false), 3);
    assert_eq!(battle::support_chance_in_6(&c, 0, true, false), 4);
    assert_eq!(battle::support_chance_in_6(&c, 0, false, true), 5);
    assert_eq!(battle::support_chance_in_6(&c, 0, true, true), 6);
    assert_eq!(battle::support_chance_in_6(&c, 1, false, true), 6);
}

// Rout (#13) and Schwarzgelbe Brigade (#27): the loser's extra loss and a loss reduced.
#[test]
fn card_loss_adjustments() {
    let c = charts();
    let cards = Cards::load_default().expect("cards");
    let sit = Situation {
        cards: vec![
            (Who::Attacker, card_play(&cards, 13)),
            (Who::Defender, card_play(&cards, 27)),
        ],
        ..Situation::default()
    };
    let plain = battle::plan(
        &c,
        &hanover_attacker(),
        &hanover_defender(),
        &Situation::default(),
    );
    let p = battle::plan(&c, &hanover_attacker(), &hanover_defender(), &sit);
    assert_eq!(p.drm, [0, 2]); // Schwarzgelbe +1 on top of the rating
    for o in &p.outcomes {
        let base_att = c.brt_loss(p.column[1], o.modified[1]);
        let base_def = c.brt_loss(p.column[0], o.modified[0]);
        assert_eq!(o.inflicted, [base_def as u32, base_att as u32]);
        if o.winner == Who::Attacker {
            assert_eq!(o.loss[1], (base_def as u32 + 2).saturating_sub(1));
        } else {
            assert_eq!(o.loss[1], (base_def as u32).saturating_sub(1));
        }
        assert_eq!(o.loss[0], base_att as u32);
    }
    assert_ne!(plain.outcomes, p.outcomes);
}

// rule 15.5 and its note: attrition is taken in steps, eliminations as in 11.2 step 4.
#[test]
fn attrition_in_steps() {
    let c = charts();
    let d = hanover_defender();
    let sup = hn_support();
    // 2 steps of a full corps: flipped, then eliminated and replaced (the IB full).
    let ch = battle::step_choices(&d.units, &sup, 2);
    assert_eq!(ch.len(), 1);
    assert_eq!(ch[0].fates, vec![Fate::Replaced { steps: 0 }]);
    let ch = battle::step_choices(&d.units, &sup, 3);
    assert_eq!(ch[0].fates, vec![Fate::Replaced { steps: 1 }]);
    assert_eq!(
        battle::check_steps(&d.units, &sup, 1, &[Fate::Flipped]),
        Ok(1)
    );
    // The table's steps for the force's size.
    let steps: u32 = d.units.iter().map(BUnit::steps).sum();
    assert!(c.attrition(steps, 6) as u32 <= steps);
}

// Nothing panics on odd input: no units, huge losses, dice out of range.
#[test]
fn odd_inputs_do_not_panic() {
    let c = charts();
    let empty = Force::default();
    let p = battle::plan(&c, &empty, &empty, &Situation::default());
    assert_eq!(p.column_label[0], "1-3");
    let _ = p.outcome(0, 99);
    assert_eq!(battle::loss_choices(&[], &[], 9).len(), 1);
    let many: Vec<BUnit> = (0..12).map(pr_id).collect();
    let ch = battle::loss_choices(&many, &[], 1000);
    assert_eq!(ch.len(), 1);
    assert_eq!(ch[0].taken, 48);
    let ch = battle::loss_choices(&many, &[], 7);
    assert!(!ch.is_empty() && ch.len() <= battle::MAX_CHOICES);
    assert!(ch.iter().all(|x| x.taken == 6));
    assert!(battle::check_losses(&many, &[], 7, &[Fate::Unhurt]).is_err());
}

// Kaiserjäger (#20): +1, +2 across a mountain route or with the Tyrolian ID; Austrian
// Stosstaktik (#11): one column right, and the Prussian defender's die +1.
#[test]
fn conditional_card_effects() {
    let cards = Cards::load_default().expect("cards");
    let k = cards.get(20).expect("20");
    assert_eq!(CardPlay::from_card(k, false).drm, 1);
    assert_eq!(CardPlay::from_card(k, true).drm, 2);
    let s = CardPlay::from_card(cards.get(11).expect("11"), true);
    assert_eq!((s.shift, s.enemy_drm), (1, 1));
    let c = charts();
    let p = battle::plan(
        &c,
        &hanover_attacker(),
        &hanover_defender(),
        &Situation {
            cards: vec![(Who::Attacker, s)],
            ..Situation::default()
        },
    );
    assert_eq!(p.column_label[0], "15-22");
    assert_eq!(p.drm, [0, 2]);
}

// 10.2-10.6, 9.51, 13.31 (interception and avoid battle chances, overrun, the siege rolls
// of the example) are tested through commands in st_dead.rs (audit defect 7).

// rule 11.2 step 4 on random forces: every listed way is legal and takes the same, the
// greatest amount not above the loss; a pick that exceeds or falls short is refused;
// plans of random battles keep their 36 outcomes and never panic.
#[test]
fn random_forces_keep_the_loss_rules() {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    let c = charts();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1866);
    for _ in 0..300 {
        let n = rng.random_range(0..6);
        let support = vec![SupportStock {
            name: "IB".into(),
            stats: Stats {
                sp_full: 2,
                sp_reduced: 1,
                cf_full: rng.random_range(0..3),
                cf_reduced: rng.random_range(0..3),
            },
            count: rng.random_range(0..3),
        }];
        let units: Vec<BUnit> = (0..n)
            .map(|i| {
                let kind = match rng.random_range(0..3) {
                    0 => Kind::Corps,
                    1 => Kind::Infantry,
                    _ => Kind::Cavalry,
                };
                let mut u = unit(
                    &format!("U{i}"),
                    kind,
                    (rng.random_range(1..8), rng.random_range(0..4)),
                    (rng.random_range(0..4), rng.random_range(0..4)),
                    rng.random_bool(0.4),
                );
                if kind == Kind::Corps {
                    u.replacement = Some(0);
                }
                u
            })
            .collect();
        let loss = rng.random_range(0..15);
        let ch = battle::loss_choices(&units, &support, loss);
        assert!(!ch.is_empty());
        let best = ch[0].taken;
        assert!(best <= loss);
        for x in &ch {
            assert_eq!(x.taken, best);
            assert_eq!(
                battle::check_losses(&units, &support, loss, &x.fates),
                Ok(best),
                "{units:?} {x:?}"
            );
        }
        // Nobody hurt is refused whenever something could be taken.
        let none = vec![Fate::Unhurt; units.len()];
        assert_eq!(
            battle::check_losses(&units, &support, loss, &none).is_ok(),
            best == 0
        );
        let steps = battle::step_choices(&units, &support, loss);
        assert!(steps.iter().all(|x| x.taken == steps[0].taken));
        let f = Force {
            units: units.clone(),
            commander: Some(Ratings {
                offensive: rng.random_range(-1..3),
                defensive: rng.random_range(-1..3),
            }),
            supplied: rng.random_bool(0.7),
        };
        let p = battle::plan(&c, &f, &f, &Situation::default());
        assert_eq!(p.outcomes.len(), 36);
        assert_eq!(p.loss_in_36[0].iter().sum::<u32>(), 36);
    }
}
