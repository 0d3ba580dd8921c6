//! The opening book on the page: levels 15-19 open from the book that
//! ships with oware-book, as `oware play` does, choosing among its
//! near-equal moves with the request's seed ([`Bot::book_move`]).

use std::sync::OnceLock;

use oware_book::Book;
use oware_core::Rules;
use oware_player::Bot;
use oware_player::Level;

/// The shipped book, read from the module's bytes at the first request at a
/// book level, not when the module loads (the page's own instance, which
/// only answers rules, never reads it).
fn shipped() -> Option<&'static Book> {
    static BOOK: OnceLock<Option<Book>> = OnceLock::new();
    BOOK.get_or_init(|| Book::shipped(Rules::ABAPA)).as_ref()
}

/// The bot at `level` as the page plays it: the shipped book at the levels
/// that play one.
#[must_use]
pub fn bot(level: Level) -> Bot<'static> {
    Bot::new(level, shipped())
}

#[cfg(test)]
mod tests {
    use oware_core::Game;
    use oware_search::SearchResult;

    use super::*;

    /// The bot's book move at `level` in `game`, chosen with `seed`.
    fn choose(game: &Game, level: Level, seed: u64) -> Option<SearchResult> {
        bot(level).book_move(game, seed)
    }

    fn level(n: u8) -> Level {
        Level::new(n).unwrap()
    }

    #[test]
    fn book_levels_open_from_the_book() {
        let game = Game::new(Rules::ABAPA);
        let book = Book::shipped(Rules::ABAPA).unwrap();
        for n in 15..=Level::MAX.get() {
            let result = choose(&game, level(n), 7).expect("the start is in the book");
            // The same pick as the book's (the seed mixed with the move
            // number, 0 here), and every book move scored.
            assert_eq!(result.best, Some(book.choose(&game, 7).unwrap().house));
            assert_eq!(result.root_scores.len(), book.moves(&game).len());
            assert_eq!(result.depth, 0);
        }
    }

    #[test]
    fn other_levels_rules_and_positions_search() {
        assert_eq!(choose(&Game::new(Rules::ABAPA), level(14), 7), None);
        assert_eq!(choose(&Game::new(Rules::AWARI), level(19), 7), None);
        // A position far from the opening is not in the book.
        let moves: oware_core::Transcript = crate::tests::NEAR_END.parse().unwrap();
        let mut game = Game::new(Rules::ABAPA);
        for &house in moves.moves() {
            game.play(house).unwrap();
        }
        assert_eq!(choose(&game, level(19), 7), None);
    }

    #[test]
    fn the_seed_varies_the_choice() {
        // After F the book has d and f, 0.03 seeds apart (and a, too far).
        let mut game = Game::new(Rules::ABAPA);
        game.play(oware_core::House::F).unwrap();
        let picks: std::collections::BTreeSet<_> = (0..64)
            .filter_map(|seed| choose(&game, level(19), seed)?.best)
            .collect();
        assert_eq!(picks.len(), 2, "{picks:?}");
    }
}
