//! STUB of the 55 Operations Cards (owner: the cards helper, who replaces this file and
//! adds the card file). Exactly the API of STRUGGLE.md. Titles and numbers are the
//! rulebook's; the OP values of the cards the example of play names are its values; the
//! others, the event sides and the * marks are placeholders.

use serde::{Deserialize, Serialize};

pub type CardId = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deck {
    Mobilization,
    War,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventSide {
    Prussia,
    Austria,
    Both,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResponseWhen {
    BeforeBattleRoll,
    OnInterception,
    OnAvoidBattle,
    OnSiege,
    OnActivation,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub id: CardId,
    pub title: String,
    pub ops: u8,
    pub deck: Deck,
    pub event: EventSide,
    pub remove: bool,
    pub response: Option<ResponseWhen>,
    pub text: String,
    pub note: String,
    pub reconstructed: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cards {
    pub cards: Vec<Card>,
}

impl Cards {
    pub fn load_default() -> Result<Cards, String> {
        let rows: &[(CardId, &str, u8, Deck, EventSide, bool)] = &[
            (
                1,
                "Dispatches Compromised",
                3,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (
                2,
                "Declaration of War",
                0,
                Deck::Mobilization,
                EventSide::Both,
                true,
            ),
            (
                3,
                "Army of the Elbe",
                4,
                Deck::Mobilization,
                EventSide::Prussia,
                true,
            ),
            (
                4,
                "Army of the Main",
                3,
                Deck::Mobilization,
                EventSide::Prussia,
                true,
            ),
            (
                5,
                "Brigade Kalik",
                2,
                Deck::Mobilization,
                EventSide::Austria,
                true,
            ),
            (
                6,
                "Field Entrenchments",
                2,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (
                7,
                "Field Entrenchments",
                3,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (
                8,
                "Moltke",
                4,
                Deck::Mobilization,
                EventSide::Prussia,
                false,
            ),
            (
                9,
                "Last Minute Peace Initiative",
                4,
                Deck::Mobilization,
                EventSide::Austria,
                true,
            ),
            (
                10,
                "Artillery Reserve",
                4,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (
                11,
                "Austrian Stosstaktik",
                4,
                Deck::Mobilization,
                EventSide::Austria,
                false,
            ),
            (
                12,
                "Sound of the Guns",
                2,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (13, "Rout", 4, Deck::Mobilization, EventSide::Both, false),
            (
                14,
                "Death Ride",
                4,
                Deck::Mobilization,
                EventSide::Austria,
                false,
            ),
            (
                15,
                "Disaffected Nationality",
                3,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (
                16,
                "Garbled Orders",
                4,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (
                17,
                "Süd Armee Reserve Division",
                2,
                Deck::Mobilization,
                EventSide::Austria,
                true,
            ),
            (
                18,
                "Hidden Ford",
                3,
                Deck::Mobilization,
                EventSide::Both,
                false,
            ),
            (
                19,
                "Hesse-Nassau Division",
                3,
                Deck::Mobilization,
                EventSide::Austria,
                true,
            ),
            (
                20,
                "Kaiserjäger",
                2,
                Deck::Mobilization,
                EventSide::Austria,
                false,
            ),
            (
                21,
                "VIII Federal Corps",
                4,
                Deck::Mobilization,
                EventSide::Austria,
                true,
            ),
            (
                22,
                "Bersaglieri and Grenadiers",
                3,
                Deck::Mobilization,
                EventSide::Prussia,
                false,
            ),
            (
                23,
                "Garibaldi",
                4,
                Deck::Mobilization,
                EventSide::Prussia,
                true,
            ),
            (
                24,
                "German Allies Insist on Benedek",
                3,
                Deck::Mobilization,
                EventSide::Austria,
                true,
            ),
            (
                25,
                "Bismarck Dissolves German Confederation",
                3,
                Deck::Mobilization,
                EventSide::Prussia,
                true,
            ),
            (
                26,
                "Prussian Auftragstaktik",
                3,
                Deck::Mobilization,
                EventSide::Prussia,
                false,
            ),
            (
                27,
                "Schwarzgelbe Brigade",
                3,
                Deck::Mobilization,
                EventSide::Austria,
                false,
            ),
            (
                28,
                "France Intervenes",
                3,
                Deck::War,
                EventSide::Austria,
                true,
            ),
            (
                29,
                "I Reserve Corps",
                4,
                Deck::War,
                EventSide::Prussia,
                true,
            ),
            (
                30,
                "II Reserve Corps",
                4,
                Deck::War,
                EventSide::Prussia,
                true,
            ),
            (
                31,
                "Stragglers Rejoin Unit",
                3,
                Deck::War,
                EventSide::Both,
                false,
            ),
            (
                32,
                "Depots and March Battalions",
                4,
                Deck::War,
                EventSide::Both,
                false,
            ),
            (33, "Landwehr", 2, Deck::War, EventSide::Prussia, false),
            (
                34,
                "South German Reserves",
                3,
                Deck::War,
                EventSide::Austria,
                false,
            ),
            (
                35,
                "Reserves from Inner Austria",
                3,
                Deck::War,
                EventSide::Austria,
                false,
            ),
            (
                36,
                "North German Reserves",
                3,
                Deck::War,
                EventSide::Prussia,
                false,
            ),
            (
                37,
                "Prussian Generals Demand Harsh Peace",
                3,
                Deck::War,
                EventSide::Both,
                false,
            ),
            (38, "General Replaced", 4, Deck::War, EventSide::Both, false),
            (39, "Reluctant Ally", 4, Deck::War, EventSide::Austria, true),
            (
                40,
                "Prussian General Staff",
                3,
                Deck::War,
                EventSide::Prussia,
                false,
            ),
            (41, "Needle Guns", 2, Deck::War, EventSide::Prussia, false),
            (42, "General Staff", 2, Deck::War, EventSide::Both, false),
            (43, "General Staff", 3, Deck::War, EventSide::Both, false),
            (44, "Cholera", 3, Deck::War, EventSide::Prussia, false),
            (45, "Lissa", 2, Deck::War, EventSide::Austria, false),
            (
                46,
                "General Klapka Forms Hungarian Legion",
                3,
                Deck::War,
                EventSide::Prussia,
                true,
            ),
            (
                47,
                "Hungarian Revolt",
                4,
                Deck::War,
                EventSide::Prussia,
                true,
            ),
            (
                48,
                "Wing Commander Appointed",
                2,
                Deck::War,
                EventSide::Both,
                false,
            ),
            (
                49,
                "Franz von John",
                3,
                Deck::War,
                EventSide::Austria,
                false,
            ),
            (
                50,
                "Austrian Stosstaktik",
                4,
                Deck::War,
                EventSide::Austria,
                false,
            ),
            (51, "Siege Train", 2, Deck::War, EventSide::Both, false),
            (
                52,
                "Sound of the Guns",
                2,
                Deck::War,
                EventSide::Both,
                false,
            ),
            (53, "Pontoon Train", 4, Deck::War, EventSide::Both, false),
            (
                54,
                "Has a battle been fought?",
                2,
                Deck::War,
                EventSide::Both,
                false,
            ),
            (55, "Elan and Cran", 3, Deck::War, EventSide::Both, false),
        ];
        Ok(Cards {
            cards: rows
                .iter()
                .map(|&(id, title, ops, deck, event, remove)| Card {
                    id,
                    title: title.to_string(),
                    ops,
                    deck,
                    event,
                    remove,
                    response: None,
                    text: String::new(),
                    note: String::new(),
                    reconstructed: true,
                })
                .collect(),
        })
    }

    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }
}
