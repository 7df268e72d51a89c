//! STUB of the card events (owner: the cards helper, who replaces this file with one
//! function per card, cited by number). The core calls [`play`] when a card is played as
//! an event (6.24); the Declaration of War (7.22) and the * removal (6.1) are the core's.

use super::cards::CardId;
use super::flow::Game;
use crate::engine::side::Side;

/// Carries out the event of `card` played by `side` (6.24). The card is in play
/// (`st.cards.in_play`) and goes to the discard pile or out of the game afterwards.
pub fn play(g: &mut Game<'_>, side: Side, card: CardId) {
    let title = g.rules.card_title(card);
    g.say(
        "6.24",
        format!("{}: the event of {title} has no effect yet", side.name()),
    );
}
