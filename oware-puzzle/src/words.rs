//! A puzzle in words, the same at the terminal and on the page: the goal,
//! each move of the line, and what the proof says.

use oware_core::{Game, House, Winner};
use oware_player::Verdict;

use crate::prove::Settings;
use crate::puzzle::{Goal, Proof, Puzzle, Uniqueness};

/// The goal in words for the solver: "South to move and force a win".
///
/// ```
/// use oware_puzzle::{PuzzleSet, goal_words};
/// let set = PuzzleSet::shipped();
/// assert!(goal_words(&set.puzzles()[0]).contains(" to move"));
/// ```
#[must_use]
pub fn goal_words(puzzle: &Puzzle) -> String {
    let seat = puzzle.solver();
    match puzzle.goal() {
        Goal::Win => format!("{seat} to move and force a win"),
        Goal::Draw => format!("{seat} to move, behind, and save the game: force a draw"),
    }
}

/// What the proof of `puzzle` (one of a set proved with `settings`) says, in words.
#[must_use]
pub fn proof_words(puzzle: &Puzzle, settings: Settings) -> String {
    let verdict = match puzzle.goal() {
        Goal::Win => Verdict::from(Winner::Seat(puzzle.solver())),
        Goal::Draw => Verdict::from(Winner::Draw),
    };
    let how = match puzzle.proof() {
        Proof::Search => format!(
            "proved by the search to depth {}, every line played to the end of the game",
            puzzle.depth()
        ),
        Proof::Database => format!(
            "proved by the search to depth {} with the endgame database ({} seeds), each database position reached by a capture",
            puzzle.depth(),
            settings.egdb_seeds
        ),
    };
    let unique = match puzzle.uniqueness() {
        Uniqueness::Proven => "every other move is proven to fall short".to_owned(),
        Uniqueness::Margin => format!(
            "every other move falls short by {:.0} seeds or more in the search",
            f64::from(settings.margin_centi) / 100.0
        ),
    };
    format!("{verdict}: {how}; at each of your turns {unique}.")
}

/// A move in words: who sowed which house, and what it took
/// ("South sows F and takes 3"). `house` must be legal in `before`.
#[must_use]
pub fn move_words(before: &Game, house: House) -> String {
    let position = before.position();
    let seat = position.to_move();
    let taken = position
        .captures(house)
        .seeds(position.board().sow_unchecked(house).board);
    if taken > 0 {
        format!("{seat} sows {house} and takes {taken}")
    } else {
        format!("{seat} sows {house}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Position, Rules};

    use crate::theme::Themes;

    #[test]
    fn the_words_name_the_goal_the_captures_and_the_proof() {
        let start = Position::from_fen("0-0-0-0-0-1-2-0-0-0-0-1-22-22-S").unwrap();
        let puzzle = Puzzle::new(
            Rules::ABAPA,
            start,
            Goal::Win,
            vec![House::F],
            Themes::NONE,
            800,
            Proof::Search,
            Uniqueness::Proven,
            2,
        )
        .unwrap();
        assert_eq!(goal_words(&puzzle), "South to move and force a win");
        assert_eq!(
            move_words(&puzzle.game(), House::F),
            "South sows F and takes 3"
        );
        let words = proof_words(&puzzle, Settings::SHIPPED);
        assert!(words.contains("proved by the search to depth 2"), "{words}");
        assert!(
            words.contains("every other move is proven to fall short"),
            "{words}"
        );
    }
}
