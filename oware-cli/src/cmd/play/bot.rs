//! The bot's turn in `oware play`, and the hint it gives a person: its
//! thinking shown as a table that updates, the move, and who can force a
//! win once a search proves it.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use oware_core::Seat;
use oware_player::Level;
use oware_player::{Bot, BotMove, Verdict};
use oware_search::SearchResult;

use super::Session;
use crate::board_view::seat_paint;
use crate::cmd::book::book_line;
use crate::numbers::{Count, Seconds};
use crate::style::Paint;
use crate::thinking::{Line, Table};

impl Session<'_> {
    /// The bot's move, or at full strength and without the book a hint:
    /// a search shows its thinking as a table that updates (a score under
    /// every house), a book move comes at once and shows nothing.
    fn think(&mut self, hint: bool) -> Result<BotMove> {
        let to_move = self.game.position().to_move();
        let who = if hint {
            "a hint for"
        } else {
            "the bot thinks for"
        };
        let heading = format!(
            "{who} {}, scores in seeds for {to_move}:",
            self.style.paint(seat_paint(to_move), to_move),
        );
        let bot = match hint {
            true => Bot::new(Level::MAX, None),
            false => Bot::new(self.level, self.book.as_ref()),
        };
        let mut table = Table::new(to_move, self.game.legal_moves(), self.style, false);
        let stop = AtomicBool::new(false);
        let mut failed = None;
        let mut started = false;
        let out = &mut self.out;
        // The heading and the table's header wait for the search's first
        // event: a book move has none.
        let mut on_event = |event: &_| {
            if failed.is_none() {
                let mut show = || -> io::Result<()> {
                    if !started {
                        started = true;
                        writeln!(out, "{heading}")?;
                        table.start(out)?;
                    }
                    table.event(out, event)
                };
                failed = show().err();
                stop.store(failed.is_some(), Ordering::Relaxed);
            }
        };
        let chosen = bot.scoring_every_move().choose(
            &mut self.engine,
            &self.game,
            None,
            self.seed,
            &stop,
            &mut on_event,
        );
        if let Some(error) = failed {
            return Err(error.into());
        }
        if started {
            table.finish(&mut self.out)?;
        }
        Ok(chosen)
    }

    /// Plays the bot's move and says what it is and why.
    pub(super) fn bot_move(&mut self) -> Result<()> {
        let to_move = self.game.position().to_move();
        // The bot at its level, as the page and `oware match` play it: from
        // its book where it holds the position, else a search.
        let BotMove { result, from_book } = self.think(false)?;
        let house = result
            .best
            .or_else(|| self.game.legal_moves().first())
            .expect("a game that is not over has a move");
        let opening = match (from_book, &self.book) {
            (true, Some(book)) => book_line(book, &self.game),
            _ => None,
        };
        self.game
            .play(house)
            .context("the bot chose an illegal move")?;
        self.last = Some(house);
        self.save()?;
        if let Some(line) = opening {
            writeln!(
                self.out,
                "{} plays {} from the opening {line}",
                self.style.paint(seat_paint(to_move), to_move),
                self.style.paint(Paint::Bold, house),
            )?;
            return Ok(());
        }
        writeln!(
            self.out,
            "{} plays {}   (score {}, depth {}, {} nodes in {})",
            self.style.paint(seat_paint(to_move), to_move),
            self.style.paint(Paint::Bold, house),
            result.score,
            result.depth,
            Count(result.nodes),
            Seconds(result.elapsed),
        )?;
        // Once the game is over its outcome says it all.
        if self.game.is_over() {
            return Ok(());
        }
        self.announce(&result, to_move)
    }

    /// Shows the move the bot would play at full strength, and its line.
    pub(super) fn hint(&mut self) -> Result<()> {
        let to_move = self.game.position().to_move();
        let result = self.think(true)?.result;
        if let Some(house) = result.best {
            writeln!(
                self.out,
                "hint: {} {}   (score {}, depth {}, pv {})",
                to_move,
                self.style.paint(Paint::Bold, format!("plays {house}")),
                result.score,
                result.depth,
                Line(&result.pv),
            )?;
        }
        self.announce(&result, to_move)
    }

    /// Says who can force a win, or that best play draws, when a search has
    /// proved it and it was not said already.
    fn announce(&mut self, result: &SearchResult, mover: Seat) -> Result<()> {
        if let Some(verdict) = Verdict::of(result.score, mover)
            && self.announced != Some(verdict.winner)
        {
            self.announced = Some(verdict.winner);
            writeln!(self.out, "{}", self.style.paint(Paint::Good, verdict))?;
        }
        Ok(())
    }
}
