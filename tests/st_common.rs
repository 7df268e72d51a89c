//! Helpers the 1866 test modules share: the scenarios at their start and positions built
//! for a test (a hand given, a unit put, a space cleared).

use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::cards::CardId;
use feldzug::games::struggle::state::*;

pub fn game(id: &str, seed: u64) -> PureGame<Struggle> {
    let src = scenarios::find(id).expect("the scenario is registered");
    let rules = <Struggle as RulesGame>::load_rules(&src, &[]).expect("the scenario loads");
    PureGame::<Struggle>::new(rules, seed)
}

pub fn mobilization() -> PureGame<Struggle> {
    game("struggle-mobilization", 1)
}

/// 22.2 with Prussia's three set-up choices made (the first space of each).
pub fn seven_weeks() -> PureGame<Struggle> {
    seven_weeks_set_up(&[], 1)
}

/// 22.2 with the scenario options `opts`, dice seeded by `seed`, and Prussia's set-up
/// choices made (the first space of each).
pub fn seven_weeks_set_up(opts: &[&str], seed: u64) -> PureGame<Struggle> {
    let src = scenarios::find("struggle-seven-weeks").expect("the scenario is registered");
    let v: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    let rules = <Struggle as RulesGame>::load_rules(&src, &v).expect("the options load");
    let mut g = PureGame::<Struggle>::new(rules, seed);
    for i in 0..g.rules.choices.len() as u8 {
        let space = g.rules.choices[i as usize].1[0];
        g.apply(&StCommand::SetupAt { choice: i, space })
            .expect("a set-up choice");
    }
    g
}

/// 22.2 after the set-up choices (options `opts`, dice seeded by `seed`) with an empty
/// board: every unit off the map (the Corps Support Box kept), every general in the
/// holding area. Prussia is to play an operational round.
pub fn empty_board_with(opts: &[&str], seed: u64) -> PureGame<Struggle> {
    let mut g = seven_weeks_set_up(opts, seed);
    empty_the_map(&mut g);
    assert_eq!(g.st.g.step, Step::Round);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    g
}

/// [`empty_board_with`] without options, seed 5.
pub fn empty_board() -> PureGame<Struggle> {
    empty_board_with(&[], 5)
}

/// A position built for a test: `side`'s hand becomes exactly `cards` (taken from
/// wherever they are); its former cards go to the draw pile. Every card stays in one place.
pub fn give(g: &mut PureGame<Struggle>, side: Side, cards: &[CardId]) {
    let p = &mut g.st.cards;
    let [h0, h1] = &mut p.hands;
    for pile in [
        &mut p.draw,
        h0,
        h1,
        &mut p.discard,
        &mut p.aside,
        &mut p.removed,
    ] {
        pile.retain(|c| !cards.contains(c));
    }
    let old = std::mem::take(&mut p.hands[side.idx()]);
    p.draw.extend(old);
    p.hands[side.idx()] = cards.to_vec();
}

pub fn space(g: &PureGame<Struggle>, name: &str) -> usize {
    g.rules
        .map
        .space(name)
        .unwrap_or_else(|| panic!("no space {name}"))
}

pub fn general(g: &PureGame<Struggle>, id: &str) -> u8 {
    g.rules
        .general_by_id(id)
        .unwrap_or_else(|| panic!("no general {id}"))
}

/// Puts a unit of type `ty` (one not on the map if there is one) at `at`.
pub fn put(g: &mut PureGame<Struggle>, ty: &str, at: &str, reduced: bool) -> u16 {
    let s = space(g, at);
    let all = g.rules.unit_by_type(ty);
    let u = all
        .iter()
        .copied()
        .find(|&u| !matches!(g.st.units[u as usize].loc, Loc::Space(_)))
        .or(all.first().copied())
        .unwrap_or_else(|| panic!("no unit {ty}"));
    g.st.units[u as usize] = UnitState {
        loc: Loc::Space(s),
        reduced,
    };
    u
}

/// Every unit in `at` leaves the map.
pub fn clear(g: &mut PureGame<Struggle>, at: &str) {
    let s = space(g, at);
    for u in g.st.units.iter_mut() {
        if u.loc == Loc::Space(s) {
            u.loc = Loc::Eliminated;
        }
    }
}

/// 9.52, 18.6: if the move drove enemy generals out and their owner has to pick the space
/// (two or more), the first listed is taken.
pub fn lone_generals_retreat(g: &mut PureGame<Struggle>) {
    use feldzug::games::struggle::flow_battle::Stage;
    if g.st.g.battle.as_ref().map(|p| p.stage) == Some(Stage::GeneralRetreat) {
        let c = g.legal()[0].clone();
        g.apply(&c).expect("a lone general's retreat");
    }
}

/// Hidden hands (audit defect 28): after an army activation the opponent is asked for a
/// response (card 16) whenever his hand is not empty; `Done` declines.
pub fn decline_window(g: &mut PureGame<Struggle>) {
    while g.st.g.marks.window.is_some() {
        g.apply(&StCommand::Done)
            .expect("declining the response window");
    }
}

/// Hidden hands (audit defect 28): the battle response stages stop for every side holding
/// a card; `Done` passes them (attacker first, then the defender).
pub fn pass_responses(g: &mut PureGame<Struggle>) {
    use feldzug::games::struggle::flow_battle::Stage;
    while matches!(
        g.st.g.battle.as_ref().map(|b| b.stage),
        Some(Stage::Respond(_))
    ) {
        g.apply(&StCommand::Done)
            .expect("passing the battle responses");
    }
}

/// Hidden hands (Sound of the Guns #12/#52, audit defect 30): when a battle begins the
/// `BattleStart` stage stops for Prussia whenever it holds a card and a Prussian army is
/// adjacent; `Done` passes it.
pub fn battle_begins(g: &mut PureGame<Struggle>) {
    use feldzug::games::struggle::flow_battle::Stage;
    while g.st.g.battle.as_ref().map(|b| b.stage) == Some(Stage::BattleStart) {
        g.apply(&StCommand::Done)
            .expect("passing the start of the battle");
    }
}

/// The stage of the battle in progress, if any.
pub fn stage(g: &PureGame<Struggle>) -> Option<feldzug::games::struggle::flow_battle::Stage> {
    g.st.g.battle.as_ref().map(|b| b.stage)
}

/// A position built for a test: general `id` placed in `at`.
pub fn put_general(g: &mut PureGame<Struggle>, id: &str, at: &str) -> u8 {
    let x = general(g, id);
    let s = space(g, at);
    g.st.generals[x as usize].loc = Loc::Space(s);
    x
}

/// Cards that are no battle response of anyone (fillers for a hand).
pub fn quiet_cards(g: &PureGame<Struggle>, n: usize, not: &[CardId]) -> Vec<CardId> {
    g.rules
        .cards
        .cards
        .iter()
        .filter(|c| c.response.is_none() && !c.mandatory && c.ops >= 3 && !not.contains(&c.id))
        .map(|c| c.id)
        .take(n)
        .collect()
}

/// Applies `c`, which must be listed as legal; the invariants must hold after it.
pub fn ok(g: &mut PureGame<Struggle>, c: StCommand) {
    assert!(
        g.legal().contains(&c),
        "{c:?} not listed in {:?}: {:?}",
        g.st.g.battle.as_ref().map(|b| b.stage),
        g.legal()
    );
    g.apply(&c).unwrap_or_else(|r| panic!("{c:?} refused: {r}"));
    Struggle::check_invariants(&g.rules, &g.st).expect("invariants");
}

/// A free unit of type `ty` (not on the map nor in the Corps Support Box) placed in `at`.
pub fn place(g: &mut PureGame<Struggle>, ty: &str, at: &str, reduced: bool) -> u16 {
    let s = space(g, at);
    let u = g
        .rules
        .unit_by_type(ty)
        .into_iter()
        .find(|&u| {
            !matches!(
                g.st.units[u as usize].loc,
                Loc::Space(_) | Loc::CorpsSupport
            )
        })
        .unwrap_or_else(|| panic!("no free {ty}"));
    g.st.units[u as usize] = UnitState {
        loc: Loc::Space(s),
        reduced,
    };
    u
}

/// 13.7: every besieger asked at the Siege Phase (optional rule 5, or holding cards) makes its free
/// attempt (`Siege`).
pub fn attempt_sieges(g: &mut PureGame<Struggle>) {
    use feldzug::games::struggle::flow_battle::Stage;
    while stage(g) == Some(Stage::SiegePhase) {
        g.apply(&StCommand::Siege).expect("the Siege Phase attempt");
    }
}

/// Every unit on the map back to the reserve and every general to the pool (a test then
/// places only the pieces it needs).
pub fn empty_the_map(g: &mut PureGame<Struggle>) {
    for u in g.st.units.iter_mut() {
        if matches!(u.loc, Loc::Space(_)) {
            u.loc = Loc::Reserve;
        }
    }
    for x in g.st.generals.iter_mut() {
        if matches!(x.loc, Loc::Space(_)) {
            x.loc = Loc::Pool;
        }
    }
}

/// Prussia plays `card` (her only card) to activate `general`'s army, Austria holding
/// three cards without a response to it; Austria's #16 window is declined (6.22, 6.25).
pub fn activate_by_card(
    g: &mut PureGame<Struggle>,
    card: CardId,
    general: feldzug::games::struggle::data::GenId,
) {
    let quiet = quiet_cards(g, 3, &[card]);
    give(g, Side::Austria, &quiet);
    give(g, Side::Prussia, &[card]);
    ok(
        g,
        StCommand::Play {
            card,
            use_: Use::Activate { general },
        },
    );
    decline_window(g);
}

/// Card #35 (3 OP) activates Falkenstein (initiative 3); Prussia to play.
pub fn activate_falkenstein(g: &mut PureGame<Struggle>) {
    g.st.g.to_play = Side::Prussia;
    give(g, Side::Prussia, &[35]);
    let f = general(g, "falkenstein");
    ok(
        g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: f },
        },
    );
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move);
}

/// Dice (attacker, defender) for which the pending battle's plan gives `who` the win.
pub fn dice_for(g: &PureGame<Struggle>, who: feldzug::games::struggle::battle::Who) -> (u8, u8) {
    let plan = feldzug::games::struggle::flow_battle::battle_preview(&g.rules, &g.st)
        .expect("a battle preview");
    for a in 1..=6 {
        for d in 1..=6 {
            if plan.outcome(a, d).winner == who {
                return (a, d);
            }
        }
    }
    panic!("no dice give {who:?} the battle")
}
