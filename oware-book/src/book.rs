//! The book in memory: positions and their moves within the margin of the
//! best, looked up by the whole position, and the choice among them.

use core::fmt;
use std::collections::BTreeMap;

use oware_core::{Game, House, Position, Rules};
use oware_search::Score;

/// Centi-seeds from which a score is a proven win (`100000 - plies`), as
/// [`Score::to_centi`] reports them.
const PROVEN_CENTI: i32 = 90_000;

/// A position as the book keys it: the 14 cells and the seat to move.
pub(crate) type Key = [u8; 15];

/// The key of `position`: its 14 cells, then 0 (South) or 1 (North) to move.
pub(crate) fn key(position: Position) -> Key {
    let mut key = [0; 15];
    key[..14].copy_from_slice(&position.board().to_cells());
    key[14] = position.to_move().index() as u8;
    key
}

/// A move the book gives, with its score from the mover's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The house to sow.
    pub house: House,
    /// The score in hundredths of a seed, as [`Score::to_centi`] gives it:
    /// a proven win in `p` plies is `100000 - p`, a loss its negation.
    pub centi: i32,
}

impl BookMove {
    /// The move's score as the search reports scores (heuristic scores are
    /// rounded to the search's resolution, 1/32 seed).
    #[must_use]
    pub fn score(self) -> Score {
        if self.centi >= PROVEN_CENTI {
            Score::win_in((100_000 - self.centi) as u32)
        } else if self.centi <= -PROVEN_CENTI {
            Score::loss_in((100_000 + self.centi) as u32)
        } else {
            Score::from_seeds(self.centi as f32 / 100.0)
        }
    }
}

impl fmt::Display for BookMove {
    /// `C (+0.81)`, or `C (win in 7)` for a proven score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.centi.abs() >= PROVEN_CENTI {
            write!(f, "{} ({})", self.house, self.score())
        } else {
            write!(f, "{} ({:+.2})", self.house, self.centi as f32 / 100.0)
        }
    }
}

/// An opening book: for each position it holds, the moves within
/// [`margin`](Book::margin) of the best, best first, with their scores.
///
/// ```
/// use oware_core::{Game, Rules};
/// use oware_book::Book;
///
/// let book = Book::shipped(Rules::ABAPA).expect("a book ships for abapa");
/// let game = Game::new(Rules::ABAPA);
/// let moves = book.moves(&game);
/// assert!(!moves.is_empty());
/// // The same number gives the same choice; different numbers spread over
/// // the moves by their weights.
/// let choice = book.choose(&game, 7).expect("the opening is in the book");
/// assert!(moves.contains(&choice));
/// // The book is used only under the rules it was built for.
/// assert!(book.choose(&Game::new(Rules::AWARI), 7).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    rules: Rules,
    depth: u8,
    plies: u8,
    margin: u16,
    entries: BTreeMap<Key, Vec<BookMove>>,
}

impl Book {
    /// An empty book for `rules`, recording how it is built: the search
    /// `depth`, the `plies` covered, and the `margin` in hundredths of a seed.
    ///
    /// # Panics
    /// If `rules` is not one of [`Rules::PRESETS`] (a book file names its rules by preset).
    #[must_use]
    #[track_caller]
    pub fn empty(rules: Rules, depth: u8, plies: u8, margin: u16) -> Book {
        assert!(
            rules.name().is_some(),
            "a book is built for one of the preset rule sets"
        );
        Book {
            rules,
            depth,
            plies,
            margin,
            entries: BTreeMap::new(),
        }
    }

    /// The rules the book was built for; it is used under no others.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The depth of the searches behind the scores, in plies.
    #[must_use]
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// How many plies from the opening the book covers.
    #[must_use]
    pub fn plies(&self) -> u8 {
        self.plies
    }

    /// The margin in hundredths of a seed: the book keeps the moves within
    /// this of the best.
    #[must_use]
    pub fn margin(&self) -> u16 {
        self.margin
    }

    /// The number of positions in the book.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds (or replaces) a position's moves, which should be best first.
    pub fn insert(&mut self, position: Position, moves: Vec<BookMove>) {
        self.entries.insert(key(position), moves);
    }

    /// The book's moves for `position`, best first; empty when the book does
    /// not hold it. The rules are not checked: see [`moves`](Book::moves).
    #[must_use]
    pub fn entries(&self, position: Position) -> &[BookMove] {
        self.entries.get(&key(position)).map_or(&[], Vec::as_slice)
    }

    /// The book's moves for the game's position, best first: empty when the
    /// game is over, is played under other rules than the book's, or its
    /// position is not in the book. Every move returned is legal in the game.
    #[must_use]
    pub fn moves(&self, game: &Game) -> Vec<BookMove> {
        if game.rules() != self.rules || game.is_over() {
            return Vec::new();
        }
        let legal = game.legal_moves();
        self.entries(game.position())
            .iter()
            .copied()
            .filter(|m| legal.contains(m.house))
            .collect()
    }

    /// The moves [`choose`](Book::choose) picks among: those within this
    /// many hundredths of a seed of the best. Narrower than a book's margin,
    /// which is wide so that the replies an opponent may well play are
    /// covered too; the bot itself gives away no more than a third of a seed.
    pub const CHOICE_MARGIN: u16 = 30;

    /// A move for the game from the book, or `None` when it has none (see
    /// [`moves`](Book::moves)). The choice is among the moves within
    /// [`CHOICE_MARGIN`](Book::CHOICE_MARGIN) of the best, weighted so games
    /// differ while better moves come more often: a move `d` hundredths of a
    /// seed below the best weighs `2 × CHOICE_MARGIN − d`, so the best is
    /// played twice as often as a move at the edge. `random` is any number
    /// (the same gives the same choice).
    #[must_use]
    pub fn choose(&self, game: &Game, random: u64) -> Option<BookMove> {
        let moves = self.moves(game);
        let best = i64::from(moves.first()?.centi);
        let margin = i64::from(Book::CHOICE_MARGIN);
        let weight = |m: &BookMove| 2 * margin - (best - i64::from(m.centi));
        let near: Vec<(BookMove, i64)> = moves
            .iter()
            .map(|m| (*m, weight(m)))
            .filter(|&(_, w)| w >= margin)
            .collect();
        let total: i64 = near.iter().map(|&(_, w)| w).sum();
        let mut pick = (mix(random) % total as u64) as i64;
        for (m, w) in near {
            pick -= w;
            if pick < 0 {
                return Some(m);
            }
        }
        unreachable!("the pick is below the total weight")
    }

    /// The positions' keys and moves in key order (the file's order).
    pub(crate) fn iter_entries(&self) -> impl Iterator<Item = (&Key, &Vec<BookMove>)> {
        self.entries.iter()
    }
}

/// SplitMix64's finaliser: spreads nearby numbers (a seed plus a move
/// number) over all 64 bits before the weighted pick.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening_book(margin: u16) -> Book {
        let mut book = Book::empty(Rules::ABAPA, 10, 1, margin);
        let moves = [(House::E, 80), (House::C, 50), (House::A, 49)];
        book.insert(
            Position::default(),
            moves
                .iter()
                .map(|&(house, centi)| BookMove { house, centi })
                .collect(),
        );
        book
    }

    #[test]
    fn choices_follow_the_weights() {
        // E weighs 60, C (30 below) weighs 30: two to one; A, 31 below the
        // best, is beyond the choice margin though within the book's.
        let book = opening_book(50);
        let game = Game::new(Rules::ABAPA);
        let chosen: Vec<House> = (0..3000)
            .filter_map(|r| book.choose(&game, r).map(|m| m.house))
            .collect();
        let e = chosen.iter().filter(|&&h| h == House::E).count();
        assert!((1900..2100).contains(&e), "E chosen {e} times in 3000");
        assert!(chosen.iter().all(|&h| h != House::A));
        assert_eq!(book.moves(&game).len(), 3);
    }

    #[test]
    fn no_choice_outside_the_book_or_its_rules() {
        let book = opening_book(50);
        let mut game = Game::new(Rules::ABAPA);
        game.play(House::A).expect("legal");
        assert_eq!(book.choose(&game, 1), None);
        assert_eq!(book.choose(&Game::new(Rules::SOWING), 1), None);
        assert!(book.moves(&Game::new(Rules::AWARI)).is_empty());
    }

    #[test]
    fn moves_show_their_scores() {
        let m = BookMove {
            house: House::C,
            centi: 81,
        };
        assert_eq!(m.to_string(), "C (+0.81)");
        let win = BookMove {
            house: House::a,
            centi: 99_993,
        };
        assert_eq!(win.to_string(), "a (win in 7)");
        assert_eq!(win.score(), Score::win_in(7));
        let loss = BookMove {
            house: House::a,
            centi: -99_990,
        };
        assert_eq!(loss.score(), Score::loss_in(10));
    }

    #[test]
    fn the_shipped_book_reads_and_holds_the_opening() {
        let book = Book::shipped(Rules::ABAPA).expect("abapa ships a book");
        assert_eq!(book.rules(), Rules::ABAPA);
        assert!(!book.entries(Position::default()).is_empty());
        assert_eq!(Book::shipped(Rules::AWARI), None);
    }
}
