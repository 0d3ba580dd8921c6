//! Mining: the puzzles in a game. Every position of the game is taken as
//! a fresh game; where a quick search finds a forced result for the side to
//! move, the prover tries it. Games end in their forced part, so the
//! positions are tried from the end backwards while the quick search keeps
//! finding something, and the earliest proved ones are kept (the longest
//! lines), a few a game, none on another's line.

use oware_core::{Game, House, Position};

use crate::prove::Prover;
use crate::puzzle::Puzzle;

/// How many positions in a row without a forced result end the walk back
/// through a game.
const QUIET_STRETCH: usize = 12;

/// The most puzzles taken from one game, unless told otherwise.
pub const PER_GAME: usize = 2;

/// The puzzles of `game` (its positions as fresh games), earliest first,
/// at most `per_game`, none starting on another's line.
pub fn mine_game(prover: &mut Prover, game: &Game, per_game: usize) -> Vec<Puzzle> {
    let rules = game.rules();
    let positions = game.positions();
    // Positions before each move (the last, finished one has no move).
    let mut candidates = Vec::new();
    let mut quiet = 0;
    for index in (0..positions.len().saturating_sub(1)).rev() {
        let fresh = Game::from_position(positions[index], rules);
        if prover.promising(&fresh) {
            candidates.push(index);
            quiet = 0;
        } else {
            quiet += 1;
            if quiet >= QUIET_STRETCH {
                break;
            }
        }
    }
    candidates.reverse();
    let mut found: Vec<(usize, Puzzle)> = Vec::new();
    for index in candidates {
        if found.len() >= per_game {
            break;
        }
        if found
            .iter()
            .any(|(start, puzzle)| index <= start + puzzle.line().len())
        {
            continue;
        }
        if let Some(puzzle) = prover.puzzle_at(positions[index], rules) {
            found.push((index, puzzle));
        }
    }
    found.into_iter().map(|(_, puzzle)| puzzle).collect()
}

/// Learning from mistakes: the puzzles at the positions of `game` where
/// the move played threw away a result the side to move could force (the
/// puzzle's first move differs from the move played), with the index of
/// the move in the game. For `oware analyze` and the page's review.
pub fn mistakes(prover: &mut Prover, game: &Game) -> Vec<(usize, Puzzle)> {
    (0..game.moves().len())
        .filter_map(|index| Some((index, mistake_at(prover, game, index)?)))
        .collect()
}

/// One step of [`mistakes`], for a caller that picks the moves to look
/// at: the puzzle at the position before move `index` of `game` (taken as
/// a fresh game) if the move played there is not its first move, so threw
/// the puzzle's result away; `None` otherwise, or past the last move.
pub fn mistake_at(prover: &mut Prover, game: &Game, index: usize) -> Option<Puzzle> {
    let position: Position = *game.positions().get(index)?;
    let played: House = *game.moves().get(index)?;
    if !prover.promising(&Game::from_position(position, game.rules())) {
        return None;
    }
    prover
        .puzzle_at(position, game.rules())
        .filter(|puzzle| puzzle.line()[0] != played)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::Settings;
    use oware_core::{Rules, Transcript};

    fn prover() -> Prover {
        Prover::new(Settings {
            depth: 6,
            egdb_seeds: 8,
            margin_centi: 200,
        })
    }

    #[test]
    fn a_game_thrown_away_at_the_end_holds_the_missed_win() {
        // South can take a's 3 seeds for the 25th (F); it plays B instead.
        let start = Position::from_fen("0-1-0-0-0-1-2-0-0-0-0-1-22-21-S").unwrap();
        let mut game = Game::from_position(start, Rules::ABAPA);
        let moves: Transcript = "B".parse().unwrap();
        game.play_all(moves.moves()).unwrap();
        let mut prover = prover();
        let missed = mistakes(&mut prover, &game);
        assert_eq!(missed.len(), 1);
        assert_eq!(missed[0].0, 0);
        assert_eq!(missed[0].1.line()[0], House::F);
        assert_eq!(mistake_at(&mut prover, &game, 0), Some(missed[0].1.clone()));
        assert_eq!(mistake_at(&mut prover, &game, 1), None);
        // Played right, there is no mistake, and the game's puzzle is found.
        let mut right = Game::from_position(start, Rules::ABAPA);
        right.play(House::F).unwrap();
        assert!(mistakes(&mut prover, &right).is_empty());
        let mined = mine_game(&mut prover, &right, PER_GAME);
        assert_eq!(mined.len(), 1);
        assert_eq!(mined[0].line(), [House::F]);
    }
}
