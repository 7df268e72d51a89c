//! The 55 Operations Cards of 1866: The Struggle for Supremacy in Germany (6.0).
//!
//! The rulebook prints each card's number, title and a historical note (Operations Cards
//! Explanation). Everything else on a card (its OP number, deck, the side that may play its
//! event, the * removal, whether it is a Response and its text) is RECONSTRUCTED from the
//! rules, the example of play and the notes; `scenarios/maps/struggle-cards.ron` holds the
//! data and docs/games/struggle-cards.md gives the reasoning card by card.
//!
//! An event's effect is described twice: as text in our words for the players, and as a
//! list of [`Effect`] values the rules can execute (`Custom(n)` where the effect is special
//! to card `n` and lives in the events module cited by number).

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The cards file, relative to `scenarios/` (a data file beside the maps, not a scenario).
pub const CARDS_FILE: &str = "maps/struggle-cards.ron";

/// The printed card number 1..=55.
pub type CardId = u8;

/// 2.4: each card is marked for one of the two decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Deck {
    Mobilization,
    War,
}

/// Who may play the card as an event (6.1: blue = Prussia, grey = Austria). Either player
/// may always use the OP number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventSide {
    Prussia,
    Austria,
    Both,
    None,
}

impl EventSide {
    /// May `side` play this card's event or response?
    pub fn allows(self, side: crate::engine::side::Side) -> bool {
        use crate::engine::side::Side;
        matches!(
            (self, side),
            (EventSide::Both, _)
                | (EventSide::Prussia, Side::Prussia)
                | (EventSide::Austria, Side::Austria)
        )
    }
}

/// When a Response card may be played (6.25). Battle responses are declared attacker first
/// (11.2 step 2 note).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResponseWhen {
    /// In a battle of one's own force, after interceptions and avoid-battle attempts, before
    /// the battle dice (11.2 step 2).
    BeforeBattleRoll,
    /// When a coordinated attack is declared, before the support roll (11.42).
    OnCoordinatedAttack,
    /// When a battle of one's own force begins (attacking or defending), before any
    /// support roll or battle die.
    BattleStart,
    /// When the opponent attempts an interception (10.2).
    OnInterception,
    /// When the opponent attempts to avoid battle (10.4, 10.5).
    OnAvoidBattle,
    /// Before one's own siege die roll (13.31).
    OnSiege,
    /// Right after the opponent activates a general or units (6.22, 6.23), before they move.
    OnActivation,
    /// During one's own activation, before the units move (played beside the activating card).
    OwnActivation,
}

/// In which phase the event may be played (the OP number may always be used).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    #[default]
    Any,
    /// Mobilization turns only (7.2): before the DOW has taken effect.
    Mobilization,
    /// War turns only (7.3).
    War,
}

/// Nationalities as the glossary abbreviates them (3.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Nation {
    Pr,
    It,
    Hu,
    Au,
    Sx,
    Hn,
    Bv,
    Wu,
    Bd,
    HD,
    Ns,
    HC,
    HN,
    Fr,
    /// Any unit of the playing side.
    Own,
}

/// Which units an effect may pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitClass {
    Any,
    Corps,
    /// Echelons below corps (3.0): ID, IB, CD, LtCD, RCD.
    Ebc,
    Division,
    Brigade,
    Cavalry,
}

/// One step of an event or response, in a form the rules can execute. Amounts are from the
/// point of view of the side playing the card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// Move the VP marker `amount` towards the playing side (negative: towards the opponent).
    Vp { amount: i8 },
    /// Flip up to `count` reduced units of these nationalities and class to full strength;
    /// they must be on the map, in supply and not besieged; `within`: only in these
    /// provinces or countries (empty: anywhere).
    Flip {
        nations: Vec<Nation>,
        class: UnitClass,
        count: u8,
        #[serde(default)]
        within: Vec<String>,
    },
    /// Flip one named unit to full strength wherever it is (no supply needed).
    FlipUnit { unit: String },
    /// Place a counter from outside the map at full (or reduced) strength in one of
    /// `spaces` or any space of `province` the playing side controls.
    Place {
        unit: String,
        #[serde(default)]
        reduced: bool,
        #[serde(default)]
        spaces: Vec<String>,
        #[serde(default)]
        province: Option<String>,
    },
    /// Put a counter into its side's Corps Support Box.
    ToSupportBox { unit: String },
    /// Put a unit into the Eliminated Units box.
    Eliminate { unit: String, permanent: bool },
    /// Move a unit from wherever it is to a space.
    Move { unit: String, to: String },
    /// Control of a province passes to the opponent (`opponent: true`) or the player.
    Control { province: String, opponent: bool },
    /// Replace one corps of the nationality on the map (full or reduced) with `count`
    /// full-strength IDs from the Corps Support Box; the corps is permanently eliminated.
    ReplaceCorps { nation: Nation, count: u8 },
    /// Remove the units `from` (all on the map at full strength) and place `into` at full
    /// strength in the space of the first of them still on the map.
    Combine { from: Vec<String>, into: String },
    /// Mobilization OPs as if a card of this value had been played to mobilize (6.21).
    Mobilize { ops: u8 },
    /// Battle die modifier: to the playing side's die, or the opponent's (`enemy`).
    Drm {
        amount: i8,
        #[serde(default)]
        enemy: bool,
    },
    /// Column shift on the Battle Resolution Table for the playing side's die (or enemy).
    Shift {
        columns: i8,
        #[serde(default)]
        enemy: bool,
    },
    /// If the playing side wins the battle, the loser takes this much more CF loss.
    LoserLoss { amount: u8 },
    /// The CF loss the playing side takes in the battle is reduced by this much (min 0).
    LossReduction { amount: u8 },
    /// The winner may not pursue (12.4) if the playing side loses.
    NoPursuit,
    /// The defender gets no river benefit (11.45) in the battle(s) of this activation.
    NoRiver,
    /// Modifier to the supporting armies' rolls of a coordinated attack (11.43).
    SupportDrm { amount: i8 },
    /// Modifier to the playing side's siege die (13.31).
    SiegeDrm { amount: i8 },
    /// One enemy force chosen by the player rolls on the Attrition Table (15.5).
    Attrition,
    /// Look at the opponent's hand and take one card of one's choice.
    TakeCard,
    /// The playing side draws cards from the draw pile.
    DrawCards { count: u8 },
    /// The opponent discards cards of his choice.
    OpponentDiscards { count: u8 },
    /// The deck is reshuffled at the end of the turn (5.10, 6.42), whether the card was
    /// played as an event, for OPs, or discarded.
    Reshuffle,
    /// A field entrenchment marker (card 6, 7).
    Entrench,
    /// An effect special to the card of this number (events module).
    Custom(u8),
}

/// A condition that must hold for the event or response to be played (besides its side,
/// phase and response moment). Checked by the rules against the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Requirement {
    /// The VP marker at least this many boxes on Prussia's side (28: 6, designer's notes).
    PrussianVpAtLeast(i32),
    /// This unit is on the map.
    UnitOnMap(String),
    /// All these units are on the map at full strength.
    UnitsFull(Vec<String>),
    /// The playing side controls this space.
    Controls(String),
    /// The nationality's Corps Support Box holds at least this many IDs.
    SupportBox { nation: Nation, count: u8 },
    /// The playing side's force in the battle holds such a unit.
    ForceHas { nation: Nation, class: UnitClass },
    /// The opposing force in the battle holds such a unit.
    EnemyHas { nation: Nation, class: UnitClass },
    /// The playing side is the attacker in the battle.
    Attacking,
    /// The playing side's force is the one attacked (Field Entrenchments, cards 6, 7).
    Defending,
    /// The playing side attacks across a river (11.45).
    AcrossRiver,
    /// The battle space lies in one of these provinces or countries.
    InRegion(Vec<String>),
}

/// What a battle looks like to one side, for checking a battle card's requirements. Unit
/// classes are the concrete ones: Corps, Division, Brigade or Cavalry.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BattleContext {
    pub attacking: bool,
    pub across_river: bool,
    pub own: Vec<(Nation, UnitClass)>,
    pub enemy: Vec<(Nation, UnitClass)>,
    /// Names of the province and country of the battle space.
    pub regions: Vec<String>,
}

impl Nation {
    /// The nationality of a unit type (`data::Nation`, the same abbreviations) by name.
    pub fn of(name: &str) -> Option<Nation> {
        use Nation::*;
        [Pr, It, Hu, Au, Sx, Hn, Bv, Wu, Bd, HD, Ns, HC, HN, Fr]
            .into_iter()
            .find(|n| format!("{n:?}") == name)
    }
    pub fn adjective(self) -> &'static str {
        match self {
            Nation::Pr => "Prussian",
            Nation::It => "Italian",
            Nation::Hu => "Hungarian",
            Nation::Au => "Austrian",
            Nation::Sx => "Saxon",
            Nation::Hn => "Hanoverian",
            Nation::Bv => "Bavarian",
            Nation::Wu => "Württemberg",
            Nation::Bd => "Baden",
            Nation::HD => "Hesse-Darmstadt",
            Nation::Ns => "Nassau",
            Nation::HC => "Hesse-Cassel",
            Nation::HN => "Hesse-Nassau",
            Nation::Fr => "French",
            Nation::Own => "friendly",
        }
    }
}

impl UnitClass {
    /// Does a unit of class `have` (Corps, Division, Brigade, Cavalry) count as `self`?
    pub fn covers(self, have: UnitClass) -> bool {
        match self {
            UnitClass::Any => true,
            UnitClass::Ebc => have != UnitClass::Corps,
            _ => self == have,
        }
    }
    fn noun(self) -> &'static str {
        match self {
            UnitClass::Any => "unit",
            UnitClass::Corps => "corps",
            UnitClass::Ebc => "EBC unit",
            UnitClass::Division => "division",
            UnitClass::Brigade => "brigade",
            UnitClass::Cavalry => "cavalry division",
        }
    }
}

fn has(units: &[(Nation, UnitClass)], nation: Nation, class: UnitClass) -> bool {
    units
        .iter()
        .any(|(n, c)| (nation == Nation::Own || *n == nation) && class.covers(*c))
}

/// One Operations Card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub id: CardId,
    pub title: String,
    /// The Operations Point number (2-4; 0 for the DOW card).
    pub ops: u8,
    pub deck: Deck,
    pub event: EventSide,
    /// * in the title: removed from the game when used as an event or response (6.1).
    #[serde(default)]
    pub remove: bool,
    #[serde(default)]
    pub response: Option<ResponseWhen>,
    /// When the event may be played.
    #[serde(default)]
    pub phase: Phase,
    /// Must be played as an event in the turn it is dealt (7.22).
    #[serde(default)]
    pub mandatory: bool,
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// Conditions for playing the event or response.
    #[serde(default)]
    pub requires: Vec<Requirement>,
    /// The card's text, our words.
    pub text: String,
    /// The historical note, our paraphrase of the rulebook's explanation.
    pub note: String,
    pub reconstructed: bool,
}

impl ResponseWhen {
    /// When the response may be played, for the card panel and the rules reference.
    pub fn describe(self) -> &'static str {
        match self {
            ResponseWhen::BeforeBattleRoll => "in a battle, before the battle dice (11.2)",
            ResponseWhen::OnCoordinatedAttack => {
                "when a coordinated attack is declared, before the support roll (11.42)"
            }
            ResponseWhen::BattleStart => "when a battle begins, before any support roll or die",
            ResponseWhen::OnInterception => "when the opponent tries to intercept (10.2)",
            ResponseWhen::OnAvoidBattle => "when the opponent tries to avoid battle (10.4)",
            ResponseWhen::OnSiege => "before your siege roll (13.31)",
            ResponseWhen::OnActivation => "right after the opponent activates (6.22, 6.23)",
            ResponseWhen::OwnActivation => "with your own activation, before moving",
        }
    }
}

impl Card {
    /// One line for the card panel and the rules reference: number, title with its *, OP
    /// number, deck, who may play the event, and the response moment.
    pub fn summary(&self) -> String {
        let star = if self.remove { "*" } else { "" };
        let deck = match self.deck {
            Deck::Mobilization => "Mobilization deck",
            Deck::War => "War deck",
        };
        let who = match self.event {
            EventSide::Prussia => "event: Prussia",
            EventSide::Austria => "event: Austria",
            EventSide::Both => "event: either side",
            EventSide::None => "no event",
        };
        let mut s = format!(
            "#{} {}{star} ({} OPs, {deck}, {who}",
            self.id, self.title, self.ops
        );
        if let Some(r) = self.response {
            s.push_str(", response ");
            s.push_str(r.describe());
        }
        s.push(')');
        s
    }

    /// The battle requirements of this card (6.25, 11.2 step 2 note) against a battle seen
    /// from the playing side: Ok, or the reason it may not be played. Requirements on the
    /// position (VPs, units on the map, control) are the events module's to check.
    pub fn check_battle(&self, ctx: &BattleContext) -> Result<(), String> {
        let name = format!("#{} {}", self.id, self.title);
        for r in &self.requires {
            match r {
                Requirement::ForceHas { nation, class } if !has(&ctx.own, *nation, *class) => {
                    return Err(format!(
                        "{name}: your force needs a {} {}",
                        nation.adjective(),
                        class.noun()
                    ));
                }
                Requirement::EnemyHas { nation, class } if !has(&ctx.enemy, *nation, *class) => {
                    return Err(format!(
                        "{name}: the enemy force must hold a {} {}",
                        nation.adjective(),
                        class.noun()
                    ));
                }
                Requirement::Attacking if !ctx.attacking => {
                    return Err(format!("{name}: only for the attacker"));
                }
                Requirement::Defending if ctx.attacking => {
                    return Err(format!("{name}: only for the force attacked"));
                }
                Requirement::AcrossRiver if !ctx.across_river => {
                    return Err(format!("{name}: only for an attack across a river (11.45)"));
                }
                Requirement::InRegion(v) if !v.iter().any(|x| ctx.regions.contains(x)) => {
                    return Err(format!("{name}: only in {}", v.join(", ")));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// 5.10, 6.42: this card calls for a reshuffle at the end of the turn whenever it was
    /// played (event or OPs) or discarded.
    pub fn forces_reshuffle(&self) -> bool {
        self.effects.contains(&Effect::Reshuffle)
    }
    /// The event may be played by `side` in a turn of this kind (`war`: a War turn).
    pub fn event_allowed(&self, side: crate::engine::side::Side, war: bool) -> bool {
        self.event.allows(side)
            && match self.phase {
                Phase::Any => true,
                Phase::Mobilization => !war,
                Phase::War => war,
            }
    }
}

/// All 55 cards, in number order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cards {
    pub cards: Vec<Card>,
}

/// The titles the rulebook prints (Operations Cards Explanation), by number. The data file
/// must agree with them.
pub const TITLES: [&str; 55] = [
    "Dispatches Compromised",
    "Declaration of War",
    "Army of the Elbe",
    "Army of the Main",
    "Brigade Kalik",
    "Field Entrenchments",
    "Field Entrenchments",
    "Moltke",
    "Last Minute Peace Initiative",
    "Artillery Reserve",
    "Austrian Stosstaktik",
    "Sound of the Guns",
    "Rout",
    "Death Ride",
    "Disaffected Nationality",
    "Garbled Orders",
    "Süd Armee Reserve Division",
    "Hidden Ford",
    "Hesse-Nassau Division",
    "Kaiserjäger",
    "VIII Federal Corps",
    "Bersaglieri and Grenadiers",
    "Garibaldi",
    "German Allies Insist on Benedek",
    "Bismarck Dissolves German Confederation",
    "Prussian Auftragstaktik",
    "Schwarzgelbe Brigade",
    "France Intervenes",
    "I Reserve Corps",
    "II Reserve Corps",
    "Stragglers Rejoin Unit",
    "Depots and March Battalions",
    "Landwehr",
    "South German Reserves",
    "Reserves from Inner Austria",
    "North German Reserves",
    "Prussian Generals Demand Harsh Peace",
    "General Replaced",
    "Reluctant Ally",
    "Prussian General Staff",
    "Needle Guns",
    "General Staff",
    "General Staff",
    "Cholera",
    "Lissa",
    "General Klapka Forms Hungarian Legion",
    "Hungarian Revolt",
    "Wing Commander Appointed",
    "Franz von John",
    "Austrian Stosstaktik",
    "Siege Train",
    "Sound of the Guns",
    "Pontoon Train",
    "\"Has a battle been fought?\"",
    "Elan and Cran",
];

impl Cards {
    /// The embedded cards file, parsed and checked.
    pub fn load_default() -> Result<Cards, String> {
        let text = crate::engine::scenarios::embedded_file(CARDS_FILE)
            .ok_or_else(|| format!("{CARDS_FILE}: not embedded"))?;
        Self::from_text(CARDS_FILE, text)
    }

    /// Parses and checks a cards file; `name` prefixes the error. Never panics.
    pub fn from_text(name: &str, text: &str) -> Result<Cards, String> {
        let cards: Cards = ron::de::from_str(text)
            .map_err(|e| crate::engine::save::describe_ron_error(name, &e))?;
        cards.check().map_err(|e| format!("{name}: {e}"))?;
        Ok(cards)
    }

    /// The card of that printed number.
    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    /// The numbers of a deck's cards, in number order.
    pub fn deck(&self, deck: Deck) -> Vec<CardId> {
        self.cards
            .iter()
            .filter(|c| c.deck == deck)
            .map(|c| c.id)
            .collect()
    }

    /// The embedded cards, loaded once; an empty set if the file were ever broken (the test
    /// `cards_file_loads` keeps that from shipping; [`Cards::load_default`] reports it).
    pub fn shared() -> &'static Cards {
        static CARDS: OnceLock<Cards> = OnceLock::new();
        CARDS.get_or_init(|| Cards::load_default().unwrap_or(Cards { cards: Vec::new() }))
    }

    fn check(&self) -> Result<(), String> {
        if self.cards.len() != 55 {
            return Err(format!("2.1: 55 cards, found {}", self.cards.len()));
        }
        for (i, c) in self.cards.iter().enumerate() {
            let n = i + 1;
            if c.id as usize != n {
                return Err(format!(
                    "card {n}: cards must be listed 1..=55, found {}",
                    c.id
                ));
            }
            if c.title != TITLES[i] {
                return Err(format!(
                    "card {n}: the rulebook's title is '{}', not '{}'",
                    TITLES[i], c.title
                ));
            }
            if c.mandatory {
                if c.ops != 0 {
                    return Err(format!("card {n}: the DOW card has no OP number"));
                }
            } else if !(2..=4).contains(&c.ops) {
                return Err(format!(
                    "card {n}: OP number must be 2..=4 (3.0), is {}",
                    c.ops
                ));
            }
            if c.event == EventSide::None && (c.response.is_some() || !c.effects.is_empty()) {
                return Err(format!("card {n}: an effect but nobody may play it"));
            }
            if c.text.trim().is_empty() || c.note.trim().is_empty() {
                return Err(format!("card {n}: text and note must not be empty"));
            }
            for e in &c.effects {
                match e {
                    Effect::Flip { count: 0, .. } | Effect::ReplaceCorps { count: 0, .. } => {
                        return Err(format!("card {n}: a count of 0"));
                    }
                    Effect::Custom(k) if *k as usize != n => {
                        return Err(format!("card {n}: Custom({k}) must cite its own number"));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::side::Side;

    fn cards() -> Cards {
        Cards::load_default().expect("embedded cards load")
    }

    #[test]
    fn cards_file_loads() {
        let c = cards();
        assert_eq!(c.cards.len(), 55);
        assert!(c.cards.iter().all(|c| c.reconstructed));
        assert!(!Cards::shared().cards.is_empty());
    }

    // Example of play: every card it names carries the OP number it gives.
    #[test]
    fn example_of_play_op_numbers() {
        let c = cards();
        let given: [(CardId, u8); 27] = [
            (10, 4), // Artillery Reserve
            (15, 3), // Disaffected Nationality
            (12, 2), // Sound of the Guns
            (52, 2),
            (20, 2), // Kaiserjäger
            (16, 4), // Garbled Orders
            (24, 3), // German Allies Insist on Benedek
            (27, 3), // Schwarzgelbe Brigade
            (5, 2),  // Brigade Kalik
            (17, 2), // Süd Armee Reserve Division
            (18, 3), // Hidden Ford
            (22, 3), // Bersaglieri and Grenadiers
            (13, 4), // Rout
            (2, 0),  // DOW
            (26, 3), // Prussian Auftragstaktik
            (8, 4),  // Moltke
            (21, 4), // 8th Federal Corps
            (3, 4),  // Army of the Elbe
            (9, 4),  // Last Minute Peace Initiative
            (30, 4), // II Reserve Corps
            (39, 4), // Reluctant Ally
            (47, 4), // Hungarian Revolt
            (46, 3), // General Klapka Forms Hungarian Legion
            (41, 2), // Needle Guns
            (44, 3), // Cholera
            (35, 3), // Reserves from Inner Austria
            (36, 3), // North German Reserves
        ];
        for (id, ops) in given {
            assert_eq!(c.get(id).map(|k| k.ops), Some(ops), "card {id}");
        }
        // Mobilization turn 2: Prussia holds 12 face value, Austria 11 (with the DOW).
        let sum = |ids: &[CardId]| {
            ids.iter()
                .map(|i| c.get(*i).map_or(0, |k| k.ops))
                .sum::<u8>()
        };
        assert_eq!(sum(&[17, 18, 22, 13]), 12);
        assert_eq!(sum(&[2, 26, 8, 21]), 11);
    }

    // 4.4 / 22.2: the Seven Weeks War removes #2-5, 17, 23-25 from the two decks; the
    // mobilization turns of the example only ever hold Mobilization cards.
    #[test]
    fn decks_match_the_example_and_the_seven_weeks_war() {
        let c = cards();
        for id in [
            1, 2, 3, 4, 5, 8, 10, 12, 13, 15, 16, 17, 18, 20, 21, 22, 24, 26, 27,
        ] {
            assert_eq!(
                c.get(id).map(|k| k.deck),
                Some(Deck::Mobilization),
                "card {id}"
            );
        }
        for id in [23, 25] {
            assert_eq!(
                c.get(id).map(|k| k.deck),
                Some(Deck::Mobilization),
                "card {id}"
            );
        }
        assert_eq!(
            c.deck(Deck::Mobilization).len() + c.deck(Deck::War).len(),
            55
        );
        assert_eq!(c.get(28).map(|k| k.deck), Some(Deck::War)); // 16.1
    }

    // 6.1: * removal as the example marks it.
    #[test]
    fn starred_cards_of_the_example() {
        let c = cards();
        for id in [5, 24, 3, 4, 21, 9, 30, 39, 47, 46, 2] {
            assert!(c.get(id).is_some_and(|k| k.remove), "card {id} has a *");
        }
        for id in [10, 15, 12, 20, 16, 27, 18, 22, 13, 26, 8, 44, 35, 36, 41] {
            assert!(c.get(id).is_some_and(|k| !k.remove), "card {id} has no *");
        }
    }

    // Who may play what, as the example's players reason about their hands.
    #[test]
    fn event_sides_of_the_example() {
        let c = cards();
        let ev = |id| c.get(id).map(|k| k.event).unwrap_or(EventSide::None);
        // "all response cards" (Willi, May I)
        for id in [10, 15, 12, 20] {
            assert!(c.get(id).is_some_and(|k| k.response.is_some()), "card {id}");
        }
        // Benedek is dead as an event in Austrian hands; Kalik is Austria's.
        assert!(!ev(24).allows(Side::Austria) && ev(24).allows(Side::Prussia));
        assert!(ev(5).allows(Side::Austria) && !ev(5).allows(Side::Prussia));
        // "None are playable for me as events" (Franz, May II): Auftragstaktik, Moltke.
        assert!(!ev(26).allows(Side::Austria) && !ev(8).allows(Side::Austria));
        // North German Reserves played by Prussia as an event (War turn 1, WOR6).
        assert!(ev(36).allows(Side::Prussia));
        // Army of the Elbe is Prussia's; France Intervenes is Austria's (16.1).
        assert!(ev(3).allows(Side::Prussia) && ev(28) == EventSide::Austria);
        // 7.22: the DOW card must be played, in Mobilization turns.
        let dow = c.get(2).expect("DOW");
        assert!(dow.mandatory && dow.event_allowed(Side::Austria, false));
        assert!(dow.effects.contains(&Effect::Vp { amount: -1 }));
        // 5.10 / 6.42: Needle Guns calls for a reshuffle.
        assert!(c.get(41).is_some_and(|k| k.forces_reshuffle()));
        assert_eq!(c.cards.iter().filter(|k| k.forces_reshuffle()).count(), 1);
        // 11.43: Moltke -2 on the support roll.
        assert!(
            c.get(8)
                .is_some_and(|k| k.effects.contains(&Effect::SupportDrm { amount: -2 }))
        );
        // The Prussian Auftragstaktik of the Hanover battle: +1 DRM.
        assert!(c.get(26).is_some_and(|k| k.effects.contains(&Effect::Drm {
            amount: 1,
            enemy: false
        })));
    }

    // Designer's notes (Mobilization): "based upon an average card value of 3OPs".
    #[test]
    fn decks_average_three_ops() {
        let c = cards();
        for d in [Deck::Mobilization, Deck::War] {
            let ops: Vec<u32> = c
                .cards
                .iter()
                .filter(|k| k.deck == d && !k.mandatory)
                .map(|k| k.ops as u32)
                .collect();
            let avg = ops.iter().sum::<u32>() as f64 / ops.len() as f64;
            assert!((2.9..=3.1).contains(&avg), "{d:?}: {avg}");
        }
    }

    // The conditions the texts state are data too: France only with 6 Prussian VPs
    // (designer's notes), Kalik only while on the map, the VIII Federal Corps only from its
    // four full divisions (the example's "preconditions"), the Army of the Elbe only with
    // three IDs in the Box.
    #[test]
    fn requirements_of_the_texts() {
        let c = cards();
        let req = |id| c.get(id).map(|k| k.requires.clone()).unwrap_or_default();
        assert_eq!(req(28), vec![Requirement::PrussianVpAtLeast(6)]);
        assert_eq!(req(5), vec![Requirement::UnitOnMap("Au Kalik IB".into())]);
        assert!(matches!(&req(21)[..], [Requirement::UnitsFull(v)] if v.len() == 4));
        assert!(req(3).contains(&Requirement::SupportBox {
            nation: Nation::Pr,
            count: 3
        }));
        assert!(req(18).contains(&Requirement::AcrossRiver));
        // Every battle response except the generic ones names whose force it needs.
        for k in &c.cards {
            if k.response == Some(ResponseWhen::BeforeBattleRoll)
                && !matches!(k.id, 6 | 7 | 13 | 18)
            {
                assert!(
                    k.requires.iter().any(|r| matches!(
                        r,
                        Requirement::ForceHas { .. } | Requirement::EnemyHas { .. }
                    )),
                    "card {}",
                    k.id
                );
            }
        }
    }

    // 6.25, 11.2 step 2 note: a battle response only where its text allows it.
    #[test]
    fn battle_requirements_refuse_with_a_reason() {
        let c = cards();
        let card = |id| c.get(id).expect("card");
        let pr = BattleContext {
            attacking: true,
            own: vec![
                (Nation::Pr, UnitClass::Corps),
                (Nation::Pr, UnitClass::Division),
            ],
            enemy: vec![(Nation::Hn, UnitClass::Corps)],
            ..BattleContext::default()
        };
        // The Hanover battle: Auftragstaktik (#26) is fine for the Prussian attacker.
        assert_eq!(card(26).check_battle(&pr), Ok(()));
        // Hidden Ford (#18) needs a river; Disaffected Nationality (#15) Austrians opposite.
        let e = card(18).check_battle(&pr).expect_err("no river");
        assert!(e.contains("11.45"), "{e}");
        let e = card(15).check_battle(&pr).expect_err("no Austrians");
        assert!(e.contains("Austrian"), "{e}");
        let river = BattleContext {
            across_river: true,
            ..pr.clone()
        };
        assert_eq!(card(18).check_battle(&river), Ok(()));
        // Bersaglieri and Grenadiers (#22) needs an Italian corps, not a division.
        let it = BattleContext {
            own: vec![(Nation::It, UnitClass::Division)],
            ..BattleContext::default()
        };
        assert!(card(22).check_battle(&it).is_err());
        let it = BattleContext {
            own: vec![(Nation::It, UnitClass::Corps)],
            ..BattleContext::default()
        };
        assert_eq!(card(22).check_battle(&it), Ok(()));
        // Stosstaktik (#11) only attacking; Franz von John (#49) only in Italy's theatre.
        let au = BattleContext {
            own: vec![(Nation::Au, UnitClass::Corps)],
            regions: vec!["Bohemia".into()],
            ..BattleContext::default()
        };
        assert!(card(11).check_battle(&au).is_err());
        assert!(card(49).check_battle(&au).is_err());
        let ven = BattleContext {
            regions: vec!["Venetia".into()],
            ..au.clone()
        };
        assert_eq!(card(49).check_battle(&ven), Ok(()));
        // Death Ride (#14) needs Austrian cavalry.
        assert!(card(14).check_battle(&au).is_err());
        let rcd = BattleContext {
            own: vec![(Nation::Au, UnitClass::Cavalry)],
            ..au
        };
        assert_eq!(card(14).check_battle(&rcd), Ok(()));
    }

    #[test]
    fn summaries_name_what_a_player_needs() {
        let c = cards();
        let m = c.get(8).expect("Moltke").summary();
        assert!(
            m.starts_with("#8 Moltke (4 OPs, Mobilization deck, event: Prussia"),
            "{m}"
        );
        assert!(m.contains("11.42"), "{m}");
        assert!(
            c.get(5)
                .expect("Kalik")
                .summary()
                .starts_with("#5 Brigade Kalik* (2 OPs")
        );
    }

    #[test]
    fn broken_cards_files_are_refused_with_a_reason() {
        let good = crate::engine::scenarios::embedded_file(CARDS_FILE).unwrap_or_default();
        let e =
            Cards::from_text("x.ron", &good.replacen("ops: 4,", "ops: 5,", 1)).expect_err("5 OPs");
        assert!(e.contains("2..=4"), "{e}");
        let e = Cards::from_text(
            "x.ron",
            &good.replacen("title: \"Moltke\"", "title: \"M\"", 1),
        )
        .expect_err("title");
        assert!(e.contains("Moltke"), "{e}");
        let e = Cards::from_text("x.ron", "(cards: [").expect_err("syntax");
        assert!(e.starts_with("x.ron"), "{e}");
    }
}
