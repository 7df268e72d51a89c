//! Interactive lessons as data. A lesson file is a small scenario of its game plus a
//! `lesson` block: steps with our text, what they point at, the command the player must
//! give (or none: read and continue) and the dice the step scripts so it goes the way it
//! teaches. The runner is pure: tests play every lesson headless.

use super::hexmap::Coord;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a step points at on screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub enum Target {
    #[default]
    Nothing,
    Hex(Coord),
    /// An egui panel by its title ("Turn", "Log and dice", "Attack odds", ...).
    Panel(String),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LessonStep<C> {
    pub text: String,
    #[serde(default)]
    pub target: Target,
    /// The command that completes the step; None = the player reads and clicks Next.
    #[serde(default = "none")]
    pub expect: Option<C>,
    /// Dice scripted before the expected command is applied.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Shown when the player does something else.
    #[serde(default)]
    pub hint: String,
}

fn none<C>() -> Option<C> {
    None
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lesson<C> {
    pub title: String,
    /// Position in the game's lesson series.
    pub order: u32,
    pub steps: Vec<LessonStep<C>>,
}

#[derive(Deserialize)]
struct LessonOnly<C> {
    lesson: Lesson<C>,
}

/// Reads the `lesson` block of a lesson file (the rest is its scenario).
pub fn parse_lesson<C: for<'de> Deserialize<'de>>(
    name: &str,
    text: &str,
) -> Result<Lesson<C>, String> {
    ron::de::from_str::<LessonOnly<C>>(text)
        .map(|l| l.lesson)
        .map_err(|e| super::save::describe_ron_error(name, &e))
}

/// What happened to a command given during a lesson.
#[derive(Clone, Debug, PartialEq)]
pub enum StepOutcome {
    /// It was the expected command: apply it (after scripting `dice`), go to the next step.
    Advance { dice: Vec<u8> },
    /// Anything else is refused with the step's hint.
    Refused(String),
    /// The lesson is over.
    Finished,
}

/// Position in a lesson.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonRun {
    pub step: usize,
}

impl LessonRun {
    pub fn current<'a, C>(&self, lesson: &'a Lesson<C>) -> Option<&'a LessonStep<C>> {
        lesson.steps.get(self.step)
    }

    /// Checks a command against the current step; advances on success.
    pub fn offer<C: PartialEq + std::fmt::Debug>(
        &mut self,
        lesson: &Lesson<C>,
        cmd: &C,
    ) -> StepOutcome {
        let Some(step) = lesson.steps.get(self.step) else {
            return StepOutcome::Finished;
        };
        match &step.expect {
            Some(e) if e == cmd => {
                self.step += 1;
                StepOutcome::Advance {
                    dice: step.dice.clone(),
                }
            }
            Some(_) => StepOutcome::Refused(if step.hint.is_empty() {
                "That is not what this step asks for; read the text and try again.".into()
            } else {
                step.hint.clone()
            }),
            None => StepOutcome::Refused("Read this step, then press Next.".into()),
        }
    }

    /// "Next" on a reading step.
    pub fn next<C>(&mut self, lesson: &Lesson<C>) -> bool {
        match lesson.steps.get(self.step) {
            Some(s) if s.expect.is_none() => {
                self.step += 1;
                true
            }
            _ => false,
        }
    }

    pub fn finished<C>(&self, lesson: &Lesson<C>) -> bool {
        self.step >= lesson.steps.len()
    }
}

/// A lesson in progress on screen: its steps, where the player is and the last hint.
#[derive(bevy::prelude::Resource)]
pub struct ActiveLesson<C: Send + Sync + 'static> {
    pub id: String,
    pub lesson: Lesson<C>,
    pub run: LessonRun,
    pub message: String,
}

impl<C: Send + Sync + 'static> ActiveLesson<C> {
    /// Stores the step reached (and completion) in the user's progress file.
    pub fn save_progress(&self) {
        let mut p = Progress::load();
        p.steps.insert(self.id.clone(), self.run.step);
        if self.run.finished(&self.lesson) && !p.done.contains(&self.id) {
            p.done.push(self.id.clone());
        }
        let _ = p.save();
    }
}

/// The step to open a lesson at: the saved one when resuming, else the first.
pub fn start_step(id: &str, resume: bool) -> usize {
    // FELDZUG_LESSON_STEP=N opens the lesson at step N (screenshots and demos).
    if let Some(n) = std::env::var("FELDZUG_LESSON_STEP")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    if resume {
        Progress::load().steps.get(id).copied().unwrap_or(0)
    } else {
        0
    }
}

/// The expected commands and dice of the first `steps` steps (to reopen a lesson there).
pub fn replay_prefix<C: Clone>(lesson: &Lesson<C>, steps: usize) -> (Vec<C>, Vec<u8>) {
    let mut cmds = Vec::new();
    let mut dice = Vec::new();
    for st in &lesson.steps[..steps.min(lesson.steps.len())] {
        if let Some(c) = &st.expect {
            cmds.push(c.clone());
            dice.extend(st.dice.iter().copied());
        }
    }
    (cmds, dice)
}

/// The lessons of a game built into the program: (scenario id, title, order), in order.
pub fn lessons_of<C: for<'de> Deserialize<'de>>(game: &str) -> Vec<(String, String, u32)> {
    let mut out: Vec<(String, String, u32)> = super::scenarios::embedded()
        .into_iter()
        .flatten()
        .filter(|s| s.meta.game == game && s.name.starts_with("tutorials/"))
        .filter_map(|s| {
            parse_lesson::<C>(&s.name, &s.text)
                .ok()
                .map(|l| (s.meta.id.clone(), l.title, l.order))
        })
        .collect();
    out.sort_by_key(|l| l.2);
    out
}

/// Lessons completed and where an unfinished one stopped, per lesson id.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub steps: BTreeMap<String, usize>,
    pub done: Vec<String>,
}

impl Progress {
    pub fn path() -> std::path::PathBuf {
        directories::ProjectDirs::from("", "", "feldzug")
            .map(|d| d.data_dir().to_path_buf())
            .unwrap_or_else(|| std::env::temp_dir().join("feldzug"))
            .join("tutorial-progress.ron")
    }

    pub fn load() -> Self {
        std::fs::read_to_string(Self::path())
            .ok()
            .and_then(|t| ron::de::from_str(&t).ok())
            .unwrap_or_default()
    }

    pub fn save(&self) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        super::save::write_atomic(&Self::path(), &text).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_advances_only_on_the_expected_command() {
        let lesson = Lesson {
            title: "t".into(),
            order: 1,
            steps: vec![
                LessonStep {
                    text: "read".into(),
                    target: Target::Nothing,
                    expect: None,
                    dice: vec![],
                    hint: String::new(),
                },
                LessonStep {
                    text: "do 2".into(),
                    target: Target::Nothing,
                    expect: Some(2u8),
                    dice: vec![6],
                    hint: "two!".into(),
                },
            ],
        };
        let mut run = LessonRun::default();
        assert!(matches!(run.offer(&lesson, &2), StepOutcome::Refused(_)));
        assert!(run.next(&lesson));
        assert_eq!(run.offer(&lesson, &3), StepOutcome::Refused("two!".into()));
        assert_eq!(run.step, 1);
        assert_eq!(
            run.offer(&lesson, &2),
            StepOutcome::Advance { dice: vec![6] }
        );
        assert!(run.finished(&lesson));
    }
}
