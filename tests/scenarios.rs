//! Every embedded scenario loads and passes its game's checks; broken ones are refused
//! with the reason.

use feldzug::engine::scenarios;
use feldzug::games;
use feldzug::games::koniggratz::data::KgRules;

#[test]
fn all_embedded_scenarios_load() {
    let all = scenarios::embedded();
    assert!(!all.is_empty());
    for s in all {
        let s = s.unwrap();
        let g = games::find(&s.meta.game).unwrap();
        g.check_scenario(&s)
            .unwrap_or_else(|e| panic!("{}: {e}", s.name));
    }
}

#[test]
fn koniggratz_scenario_marks_its_reconstructions() {
    let s = scenarios::find("koniggratz").unwrap();
    assert!(s.text.contains("RECONSTRUCTED"));
    assert!(!s.meta.reconstructed.is_empty());
}

#[test]
fn scenarios_breaking_the_rules_are_refused_with_a_reason() {
    let s = scenarios::find("koniggratz").unwrap();
    // two units in one hex
    let stacked = s
        .text
        .replacen("start: Some(\"1915\")", "start: Some(\"1712\")", 1);
    let e = KgRules::from_text("stacked.ron", &stacked, &[]).unwrap_err();
    assert!(e.contains("3.10") && e.contains("stacked.ron"), "{e}");
    assert!(e.contains(": line "), "names the line: {e}");
    // off the map
    let off = s
        .text
        .replacen("start: Some(\"1915\")", "start: Some(\"9915\")", 1);
    assert!(
        KgRules::from_text("off.ron", &off, &[])
            .unwrap_err()
            .contains("off the map")
    );
    // unknown terrain
    let bad = s.text.replacen(
        "\"................................\", // row 01",
        "\"...............?................\", // row 01",
        1,
    );
    let e = KgRules::from_text("terrain.ron", &bad, &[]).unwrap_err();
    assert!(e.contains("unknown terrain"), "{e}");
    // syntax error names the line
    let e = KgRules::from_text("syntax.ron", "(meta: (id: ", &[]).unwrap_err();
    assert!(e.starts_with("syntax.ron: line 1"), "{e}");
}
