//! Learning from mistakes in `oware analyze`: after a record is gone
//! through and written, the moves that threw away a result their player
//! could force become puzzles to retry with `oware puzzle --mistakes`.
//!
//! The analysis picks the moves to look at: those where the search before
//! the move found a forced win for the mover (or, three seeds or more
//! behind, a forced draw) and the move played does not keep it. Each is
//! then proved as a shipped puzzle is, by oware-puzzle's prover with the
//! shipped set's settings ([`oware_puzzle::mistake_at`]: the position as a
//! fresh game, one move only keeping the result, the best defence), so the
//! puzzle's solution holds whatever the game's history; a move the prover
//! cannot make a puzzle of (two moves keep the win, say) is left out.
//! Each puzzle is saved as soon as it is proved, so a stop loses none.

use std::io::IsTerminal;

use anyhow::{Context, Result};
use oware_core::{House, Position, Record, Seat};
use oware_puzzle::{Goal, Prover, Puzzle, PuzzleSet, looks_lost};
use oware_search::{Proven, SearchResult};

use crate::cmd::puzzle::mistakes::{self, Queue};

/// Whose moves to look for mistakes in (`--mistakes-of`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whose {
    /// South's moves.
    South,
    /// North's moves.
    North,
    /// Both sides' moves.
    Both,
}

impl Whose {
    fn includes(self, seat: Seat) -> bool {
        match self {
            Whose::South => seat == Seat::South,
            Whose::North => seat == Seat::North,
            Whose::Both => true,
        }
    }
}

/// A move of a record to prove: the record's place in the file and the
/// move's index in its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Candidate {
    pub(super) record: usize,
    pub(super) index: usize,
}

/// Whether the search before `played` (at `position`) shows that it threw
/// away a result the mover could force: the best move's score is a win,
/// and the played move's is not; or, the mover three seeds or more behind
/// ([`looks_lost`], as a puzzle to save a game needs), the best is a draw
/// and the played move scores less.
pub(super) fn threw_away(result: &SearchResult, played: House, position: Position) -> bool {
    let score = |house: House| {
        result
            .root_scores
            .iter()
            .find(|&&(h, _)| h == house)
            .map(|&(_, score)| score)
    };
    let (Some(played), Some(best)) = (score(played), result.root_scores.iter().map(|s| s.1).max())
    else {
        return false;
    };
    let wins = |s: oware_search::Score| matches!(s.result(), Some(Proven::Win { .. }));
    (wins(best) && !wins(played))
        || (best.result() == Some(Proven::Draw) && played < best && looks_lost(position))
}

/// The mistakes file, checked before any search (a damaged one is an
/// error that names it, and it is left as it is), unless `--no-mistakes`.
pub(super) fn queue(no_mistakes: bool) -> Result<Option<Queue>> {
    if no_mistakes {
        return Ok(None);
    }
    let path = mistakes::default_path().context(
        "no place to save your mistakes: set HOME or XDG_DATA_HOME, or give --no-mistakes",
    )?;
    let queue = Queue::check(&path, PuzzleSet::shipped().settings()).context(
        "cannot save your mistakes (give --no-mistakes to go through the record without them)",
    )?;
    Ok(Some(queue))
}

/// Proves the `candidates` of `records` whose mover `whose` names, saves
/// each puzzle found to `queue`, and says on stderr what was found.
pub(super) fn find(
    records: &[Record],
    candidates: &[Candidate],
    whose: Whose,
    queue: &Queue,
) -> Result<()> {
    let picked: Vec<Candidate> = candidates
        .iter()
        .copied()
        .filter(|c| {
            let game = records[c.record].game();
            // Puzzle files hold the named rule sets only.
            game.rules().name().is_some() && whose.includes(game.positions()[c.index].to_move())
        })
        .collect();
    let terminal = std::io::stderr().is_terminal();
    if !picked.is_empty() {
        let moves = match picked.len() {
            1 => "1 move".to_owned(),
            n => format!("{n} moves"),
        };
        eprintln!(
            "mistakes: {moves} threw away a forced result; proving each as a puzzle (the endgame database is built in memory first, a few seconds)"
        );
    }
    let mut prover = Prover::new(PuzzleSet::shipped().settings());
    let mut found: Vec<(Candidate, Puzzle, bool)> = Vec::new();
    for (n, &candidate) in picked.iter().enumerate() {
        let line = format!(
            "mistakes: proving {} of {} ({})",
            n + 1,
            picked.len(),
            place(records, candidate).to_lowercase()
        );
        if terminal {
            eprint!("\r\x1b[K{line}");
        } else {
            eprintln!("{line}");
        }
        if let Some(puzzle) = oware_puzzle::mistake_at(
            &mut prover,
            records[candidate.record].game(),
            candidate.index,
        ) {
            let added = queue.add(&puzzle)?;
            found.push((candidate, puzzle, added));
        }
    }
    if terminal && !picked.is_empty() {
        eprintln!();
    }
    eprint!("{}", report(records, &found, queue.len()?));
    Ok(())
}

/// Where a move is, in words: `Move 23`, or `Game 2, move 23` in a file
/// of many (numbered as the record numbers them, from the first move).
fn place(records: &[Record], candidate: Candidate) -> String {
    let number = candidate.index / 2 + 1;
    match records.len() {
        1 => format!("Move {number}"),
        _ => format!("Game {}, move {number}", candidate.record + 1),
    }
}

/// What was found, in words: a line a mistake, then where they wait.
fn report(records: &[Record], found: &[(Candidate, Puzzle, bool)], waiting: usize) -> String {
    if found.is_empty() {
        return "No mistakes to retry: no move threw away a win or a draw its player could force.\n"
            .to_owned();
    }
    let mut text = String::new();
    for (candidate, puzzle, _) in found {
        let game = records[candidate.record].game();
        let result = match puzzle.goal() {
            Goal::Win => "a win",
            Goal::Draw => "a draw",
        };
        text.push_str(&format!(
            "{}, {} played {}: {} would have forced {result}.\n",
            place(records, *candidate),
            game.positions()[candidate.index].to_move(),
            game.moves()[candidate.index],
            puzzle.line()[0],
        ));
    }
    let added = found.iter().filter(|(_, _, added)| *added).count();
    let saved = match added {
        0 => "Already saved".to_owned(),
        _ => "Saved".to_owned(),
    };
    text.push_str(&format!(
        "{saved} to retry ({waiting} waiting): oware puzzle --mistakes\n"
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Game, Rules, Transcript};
    use oware_puzzle::Settings;
    use oware_search::{Engine, EngineOptions, Limits};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_thrown_away_win_is_picked_and_said_in_words() {
        // South's F takes the 25th seed; B does not.
        let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S").unwrap();
        let game = Game::from_position(start, Rules::ABAPA);
        let mut engine = Engine::new(EngineOptions::default());
        engine.set_analysis(true);
        let result = engine.search(
            &game,
            &Limits::depth(8),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        assert!(threw_away(&result, House::B, start));
        assert!(!threw_away(&result, House::F, start));
        let mut record = Record::new(game.clone());
        let moves: Transcript = "B".parse().unwrap();
        for &house in moves.moves() {
            record.play(house).unwrap();
        }
        let settings = Settings {
            depth: 6,
            egdb_seeds: 6,
            margin_centi: 200,
        };
        let puzzle = Prover::new(settings)
            .puzzle_at(start, Rules::ABAPA)
            .unwrap();
        let c = Candidate {
            record: 0,
            index: 0,
        };
        let text = report(&[record], &[(c, puzzle, true)], 3);
        assert_eq!(
            text,
            "Move 1, South played B: F would have forced a win.\nSaved to retry (3 waiting): oware puzzle --mistakes\n"
        );
        assert!(report(&[], &[], 0).starts_with("No mistakes"));
        assert!(Whose::South.includes(Seat::South) && !Whose::North.includes(Seat::South));
    }
}
