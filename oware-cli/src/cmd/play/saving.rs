//! `oware play --save`: the game record written at the start and after
//! every move and undo, its tags naming the bot and its seed.

use anyhow::{Context, Result};
use oware_core::{Game, Record, Seat};
use oware_player::Level;

use super::Session;
use super::seating::{SEED_TAG, bot_tag};
use crate::output_file::Output;

/// A game record saved after every move.
pub(super) struct Saved {
    /// The file.
    pub(super) output: Output,
    /// The record, kept up to date with the game.
    record: Record,
    /// Whether the file holds the record as it stands.
    on_disk: bool,
}

impl Saved {
    /// The record `--save` keeps, its tags brought to this game: the seat
    /// the bot plays names it (and whom it took over from), and the seed
    /// of its deliberate mistakes where it makes them. `on_disk`: the file
    /// holds the record as it stands (a record continued).
    pub(super) fn new(
        output: Output,
        mut record: Record,
        bot: Option<Seat>,
        level: Level,
        seed: u64,
        on_disk: bool,
    ) -> Saved {
        if let Some(bot) = bot {
            let tag = bot.to_string();
            let game = record.game();
            let moved = game.positions()[..game.moves().len()]
                .iter()
                .any(|position| position.to_move() == bot);
            let named = bot_tag(record.tag(&tag), level, moved);
            record.set_tag(&tag, &named);
            // The seed, where it matters, so that a game continued plays
            // on as it began.
            if level.noise() > 0.0 {
                record.set_tag(SEED_TAG, &seed.to_string());
            }
        }
        // A record continued is on disk as it is: rewritten at the first change.
        Saved {
            output,
            record,
            on_disk,
        }
    }

    /// Brings the record to `game` (taking back the moves undone, adding the
    /// moves played, so comments and variations on the moves kept stay) and
    /// writes it, unless the file holds it already.
    pub(super) fn save(&mut self, game: &Game) -> Result<()> {
        let common = self
            .record
            .game()
            .moves()
            .iter()
            .zip(game.moves())
            .take_while(|(a, b)| a == b)
            .count();
        let changed = self.record.game().moves().len() > common || game.moves().len() > common;
        if self.on_disk && !changed {
            return Ok(());
        }
        while self.record.game().moves().len() > common {
            self.record.undo();
        }
        for &house in &game.moves()[common..] {
            self.record
                .play(house)
                .context("the record refused a move of the game")?;
        }
        // Until the write is done, the file holds an older record.
        self.on_disk = false;
        self.output.write(self.record.to_string().as_bytes())?;
        self.on_disk = true;
        Ok(())
    }

    /// Whether the file holds the game as it stands: the last save worked.
    pub(super) fn holds_game(&self) -> bool {
        self.on_disk
    }
}

impl Session<'_> {
    /// Writes the record, with `--save`. A write that fails (a full disk,
    /// a folder gone) does not end the game: it is said, the record stays
    /// in memory, and the next move (or the end) tries again.
    ///
    /// # Errors
    /// Only stdout failing.
    pub(super) fn save(&mut self) -> Result<()> {
        let Some(saved) = &mut self.saved else {
            return Ok(());
        };
        if let Err(error) = saved.save(&self.game) {
            self.complain(&format!(
                "{error:#}; the game goes on unsaved, the next move tries again, and the transcript is printed at the end"
            ))?;
        }
        Ok(())
    }
}
