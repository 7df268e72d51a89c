//! The one source of randomness: a seeded xoshiro generator. Every roll is logged with
//! the rule it served and its modifiers. Tutorials can script rolls.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// What the roll was for, e.g. "attack (Prussia)".
    pub purpose: String,
    /// Rule case served, e.g. "4.3e".
    pub rule: String,
    pub die: u8,
    /// (reason with its case, value)
    pub modifiers: Vec<(String, i32)>,
    pub total: i32,
}

#[derive(Clone, Debug, bevy::prelude::Resource)]
pub struct Dice {
    rng: Xoshiro256PlusPlus,
    scripted: VecDeque<u8>,
    pub seed: u64,
    pub rolls: Vec<Roll>,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            scripted: VecDeque::new(),
            seed,
            rolls: Vec::new(),
        }
    }

    /// Rolls that will come out next, before the generator is used again (tutorials).
    pub fn script(&mut self, dice: impl IntoIterator<Item = u8>) {
        self.scripted
            .extend(dice.into_iter().map(|d| d.clamp(1, 6)));
    }

    /// Rolls one six-sided die and logs it with its modifiers.
    pub fn d6(&mut self, purpose: &str, rule: &str, modifiers: Vec<(String, i32)>) -> Roll {
        let die = match self.scripted.pop_front() {
            Some(d) => d,
            None => self.rng.random_range(1..=6u8),
        };
        let total = die as i32 + modifiers.iter().map(|m| m.1).sum::<i32>();
        let roll = Roll {
            purpose: purpose.to_string(),
            rule: rule.to_string(),
            die,
            modifiers,
            total,
        };
        self.rolls.push(roll.clone());
        roll
    }

    /// Draws one of `n` items uniformly (a marker from the cup), logged like a roll with
    /// the drawn position (1-based) as its value. Scripted values pick item (value-1) mod n.
    pub fn draw(&mut self, n: usize, purpose: &str, rule: &str) -> usize {
        let n = n.clamp(1, 250);
        let k = match self.scripted.pop_front() {
            Some(d) => (d as usize + n - 1) % n,
            None => self.rng.random_range(0..n),
        };
        self.rolls.push(Roll {
            purpose: purpose.to_string(),
            rule: rule.to_string(),
            die: (k + 1) as u8,
            modifiers: vec![],
            total: (k + 1) as i32,
        });
        k
    }

    pub fn roll_count(&self) -> usize {
        self.rolls.len()
    }
}

impl Dice {
    /// Shuffles `v` with the seeded generator (Fisher-Yates). Only "shuffled N cards"
    /// enters the public roll log, never the order (a hidden deck, e.g. 1866 4.5): the
    /// entry is a roll of the die 0 with the count as its total, so that it still makes an
    /// undo barrier.
    pub fn shuffle<T>(&mut self, v: &mut [T], purpose: &str, rule: &str) {
        for i in (1..v.len()).rev() {
            let j = self.rng.random_range(0..=i);
            v.swap(i, j);
        }
        self.rolls.push(Roll {
            purpose: format!("{purpose}: shuffled {} cards", v.len()),
            rule: rule.to_string(),
            die: 0,
            modifiers: vec![],
            total: v.len() as i32,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        for _ in 0..100 {
            let x = a.d6("t", "0", vec![]).die;
            assert!((1..=6).contains(&x));
            assert_eq!(x, b.d6("t", "0", vec![]).die);
        }
    }

    #[test]
    fn scripted_rolls_come_first() {
        let mut a = Dice::new(1);
        a.script([6, 1]);
        assert_eq!(a.d6("t", "0", vec![("x".into(), 2)]).total, 8);
        assert_eq!(a.d6("t", "0", vec![]).die, 1);
    }
}
