//! 1866: the defects of the final fresh-eyes audit AUDIT13d (docs/games/struggle-audit4.md),
//! driven through `PureGame::apply`/`legal` on positions built on the 22.2 set-up.

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::flow_battle as fb;
use feldzug::games::struggle::map::Country;
use feldzug::games::struggle::state::*;

/// 22.2 after the set-up choices with an empty board; Prussia to play.
fn empty_board() -> PureGame<Struggle> {
    let mut g = seven_weeks();
    empty_the_map(&mut g);
    assert_eq!(g.st.g.to_play, Side::Prussia);
    g
}

/// A French space and a German space next to it.
fn french_border(g: &PureGame<Struggle>) -> (usize, usize) {
    let map = &g.rules.map;
    (0..map.spaces.len())
        .filter(|&f| map.spaces[f].country == Country::France)
        .find_map(|f| {
            map.routes_from(f)
                .map(|(_, o)| o)
                .find(|&o| map.spaces[o].country != Country::France)
                .map(|o| (f, o))
        })
        .expect("a French border space")
}

// rule 16.1: France is closed to both players before the intervention only; once card #28
// brought France in, Prussian forces may move (and retreat) into French spaces. Old code:
// closed to Prussia for the whole game (AUDIT13d D1).
#[test]
fn prussia_may_enter_france_after_the_intervention() {
    for intervened in [false, true] {
        let mut g = empty_board();
        let (france, border) = french_border(&g);
        let border_name = g.rules.space_name(border);
        let falk = put_general(&mut g, "falkenstein", &border_name);
        put(&mut g, "pr-id", &border_name, false);
        g.st.g.france = intervened;
        activate_by_card(&mut g, 35, falk);
        let mv = StCommand::Move { to: france };
        if intervened {
            assert!(g.legal().contains(&mv), "16.1 after #28: France is open");
            ok(&mut g, mv);
            assert_eq!(g.st.generals[falk as usize].loc, Loc::Space(france));
            // 12.1: a Prussian force may retreat into France too
            assert!(fb::retreat_spaces(&g.rules, &g.st, border, Side::Prussia).contains(&france));
        } else {
            assert!(!g.legal().contains(&mv));
            let err = g.apply(&mv).expect_err("16.1 before #28");
            assert_eq!(err.rule, "16.1");
            assert!(!fb::retreat_spaces(&g.rules, &g.st, border, Side::Prussia).contains(&france));
        }
    }
}
