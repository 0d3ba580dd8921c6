//! Learning from mistakes in `oware analyze`: after a record is gone
//! through and written, the moves that threw away a result their player
//! could force become puzzles to retry with `oware puzzle --mistakes`.
//!
//! Every move is looked at as `oware puzzle build --mistakes` looks at
//! one, by oware-puzzle's prover with the shipped set's settings
//! ([`oware_puzzle::mistake_at`]: the position before it as a fresh game,
//! where a quick search with the endgame database finds a forced result,
//! is proved as a shipped puzzle is, one move only keeping the result
//! against the best defence; the move played is a mistake if it is not
//! that move). The analysis spares the prover the moves it proved right
//! ([`kept`]) and those with no other choice. Each puzzle is saved as soon
//! as it is proved, so a stop loses none.

use std::io::IsTerminal;

use anyhow::{Context, Result};
use oware_core::{House, Record, Seat};
use oware_puzzle::{Goal, Prover, Puzzle, PuzzleSet};
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

/// Whether the search before `played` proved it keeps the best result
/// there is: a win, or a draw where no move wins nor is likely to. Such a
/// move is no mistake, whatever the prover would find.
pub(super) fn kept(result: &SearchResult, played: House) -> bool {
    let Some(played) = result
        .root_scores
        .iter()
        .find(|&&(h, _)| h == played)
        .map(|&(_, score)| score)
    else {
        return false;
    };
    // Proven, not likely: a likely win is the search's guess.
    let wins = |s: Option<Proven>| matches!(s, Some(Proven::Win { .. }));
    wins(played.proven())
        || (played.proven() == Some(Proven::Draw)
            && !result.root_scores.iter().any(|&(_, s)| wins(s.result())))
}

/// The mistakes file, checked before any search (a damaged one is an
/// error that names it, and it is left as it is), unless `--no-mistakes`.
/// With no data directory at all (no HOME, as under some service
/// managers) the record is still gone through, and stderr says the
/// mistakes are not looked for: the analysis is what was asked for.
pub(super) fn queue(no_mistakes: bool) -> Result<Option<Queue>> {
    if no_mistakes {
        return Ok(None);
    }
    let Some(path) = mistakes::default_path() else {
        eprintln!(
            "mistakes: not looked for: there is no place to save them (set HOME or XDG_DATA_HOME)"
        );
        return Ok(None);
    };
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
            // Puzzle files hold the named rule sets only (a record's rules
            // are one of them, but the file's encoder insists).
            game.rules().name().is_some() && whose.includes(game.positions()[c.index].to_move())
        })
        .collect();
    let terminal = std::io::stderr().is_terminal();
    if !picked.is_empty() {
        eprintln!(
            "mistakes: looking for moves that threw away a win or a draw (the endgame database is built in memory when first needed, a few seconds)"
        );
    }
    let mut prover = Prover::new(PuzzleSet::shipped().settings());
    let (mut found, mut added) = (0, 0);
    for (n, &candidate) in picked.iter().enumerate() {
        let line = format!(
            "mistakes: {} ({}), {} of {}",
            place(records, candidate).to_lowercase(),
            records[candidate.record].game().moves()[candidate.index],
            n + 1,
            picked.len(),
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
            // Said and saved at once: a stop loses none found.
            let clear = if terminal { "\r\x1b[K" } else { "" };
            eprintln!("{clear}{}", mistake_words(records, candidate, &puzzle));
            found += 1;
            added += usize::from(queue.add(&puzzle)?);
        }
    }
    if terminal && !picked.is_empty() {
        eprint!("\r\x1b[K");
    }
    eprint!("{}", summary(found, added, queue.len()?));
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

/// A mistake in words: `Move 23, South played C: F would have forced a win.`
fn mistake_words(records: &[Record], candidate: Candidate, puzzle: &Puzzle) -> String {
    let game = records[candidate.record].game();
    let result = match puzzle.goal() {
        Goal::Win => "a win",
        Goal::Draw => "a draw",
    };
    format!(
        "{}, {} played {}: {} would have forced {result}.",
        place(records, candidate),
        game.positions()[candidate.index].to_move(),
        game.moves()[candidate.index],
        puzzle.line()[0],
    )
}

/// The last line: how many were found, and where they wait.
fn summary(found: usize, added: usize, waiting: usize) -> String {
    match (found, added) {
        (0, _) => {
            "No mistakes to retry: no move threw away a win or a draw its player could force.\n"
                .to_owned()
        }
        (_, 0) => format!("Already saved to retry ({waiting} waiting): oware puzzle --mistakes\n"),
        _ => format!("Saved to retry ({waiting} waiting): oware puzzle --mistakes\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Game, Position, Rules, Transcript};
    use oware_puzzle::Settings;
    use oware_search::{Engine, EngineOptions, Limits, Score};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn only_a_proven_score_proves_a_move_right() {
        let result = |scores: &[(House, Score)]| SearchResult {
            best: Some(scores[0].0),
            score: scores[0].1,
            depth: 12,
            pv: vec![scores[0].0],
            root_scores: scores.to_vec(),
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
        };
        let (draw, seeds) = (Score::PROVEN_DRAW, Score::from_seeds(-3.0));
        // A proven draw where nothing wins keeps the best there is.
        let drawn = result(&[(House::A, draw), (House::B, draw), (House::C, seeds)]);
        assert!(kept(&drawn, House::B));
        assert!(!kept(&drawn, House::C));
        // Where a move wins, a draw is no longer the best.
        let won = result(&[(House::A, Score::win_in(5)), (House::B, draw)]);
        assert!(kept(&won, House::A));
        assert!(!kept(&won, House::B));
        // A move the search never scored is looked at.
        assert!(!kept(&won, House::F));
    }

    #[test]
    fn a_thrown_away_win_is_looked_at_and_said_in_words() {
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
        assert!(!kept(&result, House::B));
        assert!(kept(&result, House::F));
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
        let records = [record.clone(), record];
        assert_eq!(
            mistake_words(&records[..1], c, &puzzle),
            "Move 1, South played B: F would have forced a win."
        );
        assert!(mistake_words(&records, c, &puzzle).starts_with("Game 1, move 1, South"));
        assert_eq!(
            summary(1, 1, 3),
            "Saved to retry (3 waiting): oware puzzle --mistakes\n"
        );
        assert!(summary(1, 0, 3).starts_with("Already saved"));
        assert!(summary(0, 0, 3).starts_with("No mistakes"));
        assert!(Whose::South.includes(Seat::South) && !Whose::North.includes(Seat::South));
    }
}
