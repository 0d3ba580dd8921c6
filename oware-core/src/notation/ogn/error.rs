//! Why text is not an OGN record, and where.

use core::fmt;

use crate::board::TOTAL_SEEDS;
use crate::house::House;
use crate::notation::fen::FenError;
use crate::position::IllegalMove;
use crate::seat::{BySeat, Seat};

/// Why text is not an OGN record: the place (line and column, from 1, in
/// characters) and the reason.
///
/// ```
/// use oware_core::notation::Record;
/// let error = "[Event \"club\"]\n\n1. E c 2. E".parse::<Record>().unwrap_err();
/// assert_eq!((error.line, error.column), (3, 11));
/// assert_eq!(
///     error.to_string(),
///     "line 3, column 11: move 2, `E` (South's), is illegal: house E is empty"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgnError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong there.
    pub kind: OgnErrorKind,
}

/// What is wrong with an OGN record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OgnErrorKind {
    /// A character that has no place here.
    Unexpected {
        /// The character.
        found: char,
        /// What was expected instead.
        expected: &'static str,
    },
    /// The text ends where something more is needed.
    UnexpectedEnd {
        /// What was expected.
        expected: &'static str,
    },
    /// The text ends inside a tag pair.
    UnterminatedTag,
    /// A tag value with a backslash before something other than `\` or `"`.
    BadEscape(char),
    /// The same tag twice.
    DuplicateTag {
        /// The tag's name.
        name: String,
        /// The line of its first appearance.
        first_line: usize,
    },
    /// The `FEN` tag is not a position.
    Fen(FenError),
    /// The `Variant` tag names no rule set this library knows.
    UnknownVariant(String),
    /// A `{` with no `}`.
    UnterminatedComment,
    /// A `(` with no matching `)`.
    UnterminatedVariation,
    /// A number too large to be a move number or a seed count.
    NumberTooLarge,
    /// A move number that is not the number of the move after it.
    WrongMoveNumber {
        /// The number written.
        found: u32,
        /// The number of the move that follows.
        expected: u32,
    },
    /// A move number with no move after it.
    NumberWithoutMove(u32),
    /// A move that the game refuses.
    IllegalMove {
        /// The move's number, as the record numbers it.
        number: u32,
        /// The house.
        house: House,
        /// Why it is illegal.
        reason: IllegalMove,
    },
    /// A capture mark that is not what the move captured.
    WrongCapture {
        /// The move's number.
        number: u32,
        /// The house.
        house: House,
        /// The seeds the mark says.
        marked: u8,
        /// The seeds the move captured.
        captured: u8,
    },
    /// A move that captured seeds, without its `+N` mark.
    MissingCapture {
        /// The move's number.
        number: u32,
        /// The house.
        house: House,
        /// The seeds it captured.
        captured: u8,
    },
    /// A result that is neither `S-N` (two seed counts) nor `*`.
    BadResult(String),
    /// The result after the moves differs from the `Result` tag.
    ResultConflict {
        /// The `Result` tag's value.
        tag: String,
    },
    /// The game as played ended with other final counts than the result says.
    WrongResult {
        /// The final counts the record states.
        stated: BySeat<u8>,
        /// The final counts of the game as played.
        actual: BySeat<u8>,
    },
    /// A final count no ending could give the game as played, which the
    /// rules have not ended: an ending only adds the seeds left on the
    /// board to the stores, all of them.
    ImpossibleResult {
        /// The final counts stated.
        stated: BySeat<u8>,
        /// Each seat's store after the last move.
        stores: BySeat<u8>,
    },
    /// The result says the game is unfinished, but the moves end it.
    UnfinishedResult {
        /// The final counts of the game as played.
        actual: BySeat<u8>,
    },
    /// Something after the result, which ends a record.
    AfterResult(char),
    /// A second record's tags, where one record is read.
    AnotherRecord,
    /// No moves and no result: an empty text, or tags alone (a file cut
    /// short, or not a record at all).
    NoMoves {
        /// The tags read before the end.
        tags: usize,
    },
}

impl fmt::Display for OgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

/// `South's` or `North's`, for the seat a house belongs to.
fn whose(house: House) -> &'static str {
    match house.seat() {
        Seat::South => "South's",
        Seat::North => "North's",
    }
}

/// A character as a message shows it: itself, or escaped if it is a
/// control character such as a line end.
struct Shown(char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_control() {
            write!(f, "{}", self.0.escape_default())
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl fmt::Display for OgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OgnErrorKind::Unexpected { found, expected } => {
                write!(f, "unexpected `{}`; expected {expected}", Shown(*found))
            }
            OgnErrorKind::UnexpectedEnd { expected } => {
                write!(f, "the text ends here; expected {expected}")
            }
            OgnErrorKind::UnterminatedTag => {
                f.write_str("the tag pair is not closed with `\"]` on its line")
            }
            OgnErrorKind::BadEscape(c) => write!(
                f,
                "`\\{}` in a tag value; only `\\\\` and `\\\"` are escapes",
                Shown(*c)
            ),
            OgnErrorKind::DuplicateTag { name, first_line } => {
                write!(
                    f,
                    "the tag `{name}` is given twice (first on line {first_line})"
                )
            }
            OgnErrorKind::Fen(error) => write!(f, "the FEN tag: {error}"),
            OgnErrorKind::UnknownVariant(name) => write!(
                f,
                "unknown variant `{name}`: expected {}",
                super::variant::accepted()
            ),
            OgnErrorKind::UnterminatedComment => f.write_str("the comment is not closed with `}`"),
            OgnErrorKind::UnterminatedVariation => {
                f.write_str("the variation is not closed with `)`")
            }
            OgnErrorKind::NumberTooLarge => f.write_str("the number is too large"),
            OgnErrorKind::WrongMoveNumber { found, expected } => write!(
                f,
                "move number {found}, but the next move is number {expected}"
            ),
            OgnErrorKind::NumberWithoutMove(number) => {
                write!(f, "move number {number} has no move after it")
            }
            OgnErrorKind::IllegalMove {
                number,
                house,
                reason,
            } => write!(
                f,
                "move {number}, `{house}` ({}), is illegal: {reason}",
                whose(*house)
            ),
            OgnErrorKind::WrongCapture {
                number,
                house,
                marked,
                captured,
            } => write!(
                f,
                "move {number}, `{house}` ({}), is marked +{marked} but captures {captured}",
                whose(*house)
            ),
            OgnErrorKind::MissingCapture {
                number,
                house,
                captured,
            } => write!(
                f,
                "move {number}, `{house}` ({}), captures {captured} but has no `+{captured}` mark",
                whose(*house)
            ),
            OgnErrorKind::BadResult(text) => write!(
                f,
                "`{text}` is not a result: expected South's and North's seeds as `S-N`, or `*`"
            ),
            OgnErrorKind::ResultConflict { tag } => {
                write!(f, "the result differs from the Result tag `{tag}`")
            }
            OgnErrorKind::WrongResult { stated, actual } => write!(
                f,
                "the result {}-{} differs from the game's end, {}-{}",
                stated.south, stated.north, actual.south, actual.north
            ),
            OgnErrorKind::ImpossibleResult { stated, stores } => write!(
                f,
                "the result {}-{} cannot end this game: its stores hold {}-{}, and an ending shares all {} seeds left on the board",
                stated.south,
                stated.north,
                stores.south,
                stores.north,
                TOTAL_SEEDS - stores.south - stores.north
            ),
            OgnErrorKind::UnfinishedResult { actual } => write!(
                f,
                "the result `*` says the game goes on, but the moves end it {}-{}",
                actual.south, actual.north
            ),
            OgnErrorKind::AfterResult(c) => write!(
                f,
                "unexpected `{}` after the result, which ends the record",
                Shown(*c)
            ),
            OgnErrorKind::AnotherRecord => {
                f.write_str("a second record begins here, where one record is expected")
            }
            OgnErrorKind::NoMoves { tags: 0 } => {
                f.write_str("no record here: no tags, no moves and no result")
            }
            OgnErrorKind::NoMoves { tags } => write!(
                f,
                "the record ends after its {tags} tag{}, with no moves and no result (a record ends with `*` or `S-N`)",
                if *tags == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for OgnError {}

/// Why a record refused a change asked of it (the record is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordEditError {
    /// A tag name that is not letters, digits and `_`.
    TagName(String),
    /// `FEN`, `Variant` or `Result`: the record writes them from its game.
    FollowsTheGame(String),
    /// A comment's place past the last move.
    NoMove {
        /// The place asked for (0: before the first move).
        index: usize,
        /// The moves the game has.
        moves: usize,
    },
}

impl fmt::Display for RecordEditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordEditError::TagName(name) => {
                write!(f, "`{name}` is not a tag name: letters, digits and _ only")
            }
            RecordEditError::FollowsTheGame(name) => write!(
                f,
                "the {name} tag follows the record's game and cannot be set"
            ),
            RecordEditError::NoMove { index, moves } => {
                write!(f, "no move {index}: the game has {moves} moves")
            }
        }
    }
}

impl std::error::Error for RecordEditError {}
