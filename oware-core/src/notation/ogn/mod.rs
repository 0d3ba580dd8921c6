//! OGN, the game records of the Aualé program (Oware's PGN): read and written.
//!
//! ```text
//! [Variant "Oware Abapa"]
//! [Event "Club night"]
//! [Site "?"]
//! [Date "2026.11.30"]
//! [Round "1"]
//! [South "Ama"]
//! [North "Kofi"]
//! [Result "*"]
//!
//! 1. C b 2. E f+2 {a capture of two} 3. A *
//! ```
//!
//! - **Tags**: `[Name "value"]`, one a line; `\` and `"` in a value are
//!   escaped with a backslash. Every tag is kept, in the order read, and
//!   written back in that order; [`Record::new`] writes Aualé's roster
//!   (Variant, Event, Site, Date, Round, South, North, Result) with `?`
//!   where unknown. A tag given twice is refused.
//! - **`FEN`**: a game from a set-up position, as [`Position::from_fen`]
//!   reads it; without it the game starts from the opening.
//! - **`Variant`**: the rule set. `Oware Abapa` (what Aualé writes) and
//!   `Oware` mean abapa; any preset name of [`Rules`] is accepted in any case
//!   (`abapa`, `sowing`, `awari`); `?` or no tag means abapa. Anything else
//!   is refused, naming the accepted values.
//! - **Moves**: house letters with numbers, `1. C b 2. E f+2`. A game whose
//!   first move is North's may be numbered from that move (`1. b C 2. a`,
//!   as Aualé does) or from South's moves (`1... b 2. C a`); either is read
//!   and written back as read. Numbers are optional; one that is written
//!   must be the move's number.
//! - **Capture marks**: `+N` after a move that captured `N` seeds, checked
//!   against the move: a wrong mark, or a capture without one, is refused.
//!   Aualé counts in the last move's mark the seeds the end of the game
//!   hands the mover, so the last move may carry that count instead.
//! - **Comments**: `{…}` after a move belong to it (one before the first
//!   move belongs to the game); runs of white space are read as one space,
//!   as Aualé reads them.
//! - **Variations**: `(…)`, nested or not, are kept as written (white
//!   space runs as one space) with the move they follow and written back
//!   after its comment; they are not played: a [`Game`] is one line of
//!   play, and Aualé skips them.
//! - **Result**: `S-N` (each seat's final seeds) or `*` after the moves,
//!   and in the `Result` tag. Where both are given they must agree, and a
//!   game the moves end must end with the stated counts. A game that goes on
//!   under these rules may be stated finished: Aualé ends a game at the first
//!   repetition, Abapa at the third, and players resign.
//! - Written lines of moves stay under 80 characters.
//! - **The end**: a record ends with its result. Tags with nothing after
//!   them, or no text at all, are refused: that is a file cut short or no
//!   record. [`Record::read_all`] reads a text of several records, one
//!   after another.
//!
//! Every refusal is an [`OgnError`] with the line and column (from 1) and,
//! for a move, its number.
//!
//! ```
//! use oware_core::notation::Record;
//! use oware_core::{House, Seat};
//!
//! let text = "[Variant \"Oware Abapa\"]\n[South \"Ama\"]\n\n1. E c {quiet} 2. A *\n";
//! let record: Record = text.parse()?;
//! assert_eq!(record.tag("South"), Some("Ama"));
//! assert_eq!(record.game().moves(), [House::E, House::c, House::A]);
//! assert_eq!(record.comments()[2].as_deref(), Some("quiet"));
//! assert_eq!(record.to_string(), text);
//! # Ok::<(), oware_core::notation::OgnError>(())
//! ```

mod cursor;
mod error;
mod read;
mod variant;

use core::fmt;
use core::str::FromStr;

use crate::game::Game;
use crate::house::House;
use crate::position::{IllegalMove, Position};
use crate::rules::Rules;
use crate::seat::{BySeat, Seat};

pub use error::{OgnError, OgnErrorKind, RecordEditError};
pub use read::Records;

/// The tags Aualé writes first, in its order.
pub const ROSTER: [&str; 8] = [
    "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result",
];

/// The `Points` tag's value for a game `winner` won (`None`: drawn), as
/// PGN writes a result: `1-0` for South, `0-1` for North, `1/2-1/2`.
///
/// `Result` holds the seeds each seat ended with; `Points` is the score a
/// match or a table counts, and says who won a game the seeds do not
/// decide: a forfeit, a loss on time.
///
/// ```
/// use oware_core::Seat;
/// use oware_core::notation::ogn::points;
///
/// assert_eq!(points(Some(Seat::North)), "0-1");
/// assert_eq!(points(None), "1/2-1/2");
/// ```
#[must_use]
pub const fn points(winner: Option<Seat>) -> &'static str {
    match winner {
        Some(Seat::South) => "1-0",
        Some(Seat::North) => "0-1",
        None => "1/2-1/2",
    }
}

/// Lines of moves are shorter than this.
const LINE_WIDTH: usize = 80;

/// A tag pair: `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The name: ASCII letters, digits and `_`.
    pub name: String,
    /// The value, unescaped.
    pub value: String,
}

/// How the moves are numbered when North moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
enum Numbering {
    /// A number before every other move from the first, whoever makes it:
    /// `1. b C 2. a` (Aualé). From the opening, the only numbering.
    #[default]
    FromFirstMove,
    /// Numbers before South's moves, and `1...` before North's first:
    /// `1... b 2. C a` (as PGN numbers a game that Black starts).
    SouthNumbers,
}

impl Numbering {
    /// The number of the move at `index` (from 0) of a game that `first` starts.
    fn number(self, first: Seat, index: usize) -> u32 {
        let pairs = match (self, first) {
            (Numbering::SouthNumbers, Seat::North) => index.div_ceil(2),
            _ => index / 2,
        };
        u32::try_from(pairs).map_or(u32::MAX, |n| n.saturating_add(1))
    }

    /// What is written before the move at `index`: `1.`, `1...` or nothing.
    fn label(self, first: Seat, index: usize) -> Option<(u32, &'static str)> {
        let number = self.number(first, index);
        match (self, first) {
            (Numbering::SouthNumbers, Seat::North) if index == 0 => Some((number, "...")),
            (Numbering::SouthNumbers, Seat::North) => (index % 2 == 1).then_some((number, ".")),
            _ => index.is_multiple_of(2).then_some((number, ".")),
        }
    }
}

/// A game record: the tags, the game (its start, rules and moves) and the
/// comments on its moves.
///
/// ```
/// use oware_core::notation::Record;
/// use oware_core::{Game, House, Rules};
///
/// let mut record = Record::new(Game::new(Rules::ABAPA));
/// record.set_tag("South", "Ama");
/// record.play(House::E)?;
/// record.set_comment(1, Some("the usual start"));
/// let text = record.to_string();
/// assert!(text.starts_with("[Variant \"Oware Abapa\"]\n[Event \"?\"]\n"));
/// assert!(text.ends_with("\n\n1. E {the usual start} *\n"));
/// assert_eq!(text.parse::<Record>()?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    tags: Vec<Tag>,
    game: Game,
    /// `comments[0]` is before the first move, `comments[i]` after move `i`.
    comments: Vec<Option<String>>,
    /// The variations, as written, in the same places as the comments.
    variations: Vec<Option<String>>,
    numbering: Numbering,
    /// Each seat's final seeds when the game is stated finished.
    result: Option<BySeat<u8>>,
}

impl Record {
    /// A record of `game` with Aualé's roster of tags (`?` where unknown,
    /// the Variant of its rules, the Result), a `FEN` tag if the game does
    /// not start from the opening, and no comments.
    ///
    /// ```
    /// use oware_core::notation::Record;
    /// use oware_core::{Board, Game, Position, Rules, Seat};
    /// let start = Position::new(Board::OPENING, Seat::North);
    /// let record = Record::new(Game::from_position(start, Rules::AWARI));
    /// assert_eq!(record.tag("Variant"), Some("awari"));
    /// assert_eq!(record.tag("Event"), Some("?"));
    /// assert_eq!(record.tag("Result"), Some("*"));
    /// assert_eq!(record.tag("FEN"), Some("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"));
    /// ```
    #[must_use]
    pub fn new(game: Game) -> Record {
        let result = game.outcome().map(|outcome| outcome.seeds);
        let mut tags: Vec<Tag> = ROSTER
            .iter()
            .map(|&name| Tag {
                name: name.to_owned(),
                value: match name {
                    "Variant" => variant::name(game.rules()).to_owned(),
                    "Result" => result_text(result),
                    _ => "?".to_owned(),
                },
            })
            .collect();
        if game.start() != Position::OPENING {
            tags.push(Tag {
                name: "FEN".to_owned(),
                value: game.start().to_fen(),
            });
        }
        Record {
            tags,
            comments: vec![None; game.moves().len() + 1],
            variations: vec![None; game.moves().len() + 1],
            game,
            numbering: Numbering::default(),
            result,
        }
    }

    /// The game: start, rules, moves and outcome.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules the game is played under (from the `Variant` tag).
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.game.rules()
    }

    /// Every tag, in order.
    #[must_use]
    pub fn tags(&self) -> &[Tag] {
        &self.tags
    }

    /// The value of the tag `name`, if the record has it.
    ///
    /// ```
    /// use oware_core::notation::Record;
    /// let record: Record = "[Event \"Club \\\"night\\\"\"] *".parse()?;
    /// assert_eq!(record.tag("Event"), Some("Club \"night\""));
    /// assert_eq!(record.tag("Site"), None);
    /// # Ok::<(), oware_core::notation::OgnError>(())
    /// ```
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(|tag| tag.value.as_str())
    }

    /// Sets the tag `name` to `value` (where it stands, or at the end if the
    /// record lacks it). A line end or other control character in `value`
    /// becomes a space, since a tag pair is one line.
    ///
    /// # Errors
    /// [`RecordEditError::TagName`] if `name` is not letters, digits and
    /// `_`; [`RecordEditError::FollowsTheGame`] for `FEN`, `Variant` and
    /// `Result`, which the record writes from its game. The record is
    /// unchanged.
    ///
    /// ```
    /// use oware_core::notation::{Record, RecordEditError};
    /// let mut record: Record = "1. E c *".parse()?;
    /// record.try_set_tag("Event", "Club night\nround 2")?;
    /// assert_eq!(record.tag("Event"), Some("Club night round 2"));
    /// let error = record.try_set_tag("Round one", "1").unwrap_err();
    /// assert_eq!(error.to_string(), "`Round one` is not a tag name: letters, digits and _ only");
    /// assert_eq!(
    ///     record.try_set_tag("Result", "25-23"),
    ///     Err(RecordEditError::FollowsTheGame("Result".to_owned()))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordEditError> {
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(RecordEditError::TagName(name.to_owned()));
        }
        if matches!(name, "FEN" | "Variant" | "Result") {
            return Err(RecordEditError::FollowsTheGame(name.to_owned()));
        }
        let value: String = value
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        match self.tags.iter_mut().find(|tag| tag.name == name) {
            Some(tag) => tag.value = value,
            None => self.tags.push(Tag {
                name: name.to_owned(),
                value,
            }),
        }
        Ok(())
    }

    /// [`try_set_tag`](Record::try_set_tag) for a name the program itself
    /// writes.
    ///
    /// # Panics
    /// If `name` is not letters, digits and `_`, or is `FEN`, `Variant` or
    /// `Result`, which follow the game (a programming error).
    #[track_caller]
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if let Err(error) = self.try_set_tag(name, value) {
            panic!("{error}");
        }
    }

    /// The comments: `[0]` before the first move, `[i]` after move `i`
    /// (from 1); one more than the moves.
    #[must_use]
    pub fn comments(&self) -> &[Option<String>] {
        &self.comments
    }

    /// Sets the comment after move `index` (0: before the first move), or
    /// removes it with `None`. White space runs become one space, as they
    /// are read back; a `}`, which would end the comment, becomes `)`; a
    /// blank comment is none.
    ///
    /// # Errors
    /// [`RecordEditError::NoMove`] if `index` is more than the number of
    /// moves; the record is unchanged.
    ///
    /// ```
    /// use oware_core::notation::Record;
    /// let mut record: Record = "1. E c *".parse()?;
    /// record.try_set_comment(2, Some("North {answers}"))?; // `}` would end it
    /// assert_eq!(record.comments()[2].as_deref(), Some("North {answers)"));
    /// let error = record.try_set_comment(3, Some("later")).unwrap_err();
    /// assert_eq!(error.to_string(), "no move 3: the game has 2 moves");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_set_comment(
        &mut self,
        index: usize,
        text: Option<&str>,
    ) -> Result<(), RecordEditError> {
        let moves = self.game.moves().len();
        let slot = self
            .comments
            .get_mut(index)
            .ok_or(RecordEditError::NoMove { index, moves })?;
        *slot = text.and_then(|text| normalize_comment(&text.replace('}', ")")));
        Ok(())
    }

    /// [`try_set_comment`](Record::try_set_comment) at a move the program
    /// knows is there.
    ///
    /// # Panics
    /// If `index` is more than the number of moves.
    #[track_caller]
    pub fn set_comment(&mut self, index: usize, text: Option<&str>) {
        if let Err(error) = self.try_set_comment(index, text) {
            panic!("{error}");
        }
    }

    /// The variations, as written (`(2. E)`, several joined by a space), in
    /// the comments' places: `[0]` before the first move, `[i]` after move `i`.
    ///
    /// ```
    /// use oware_core::notation::Record;
    /// let record: Record = "1. E (1. D {also good}) c *".parse()?;
    /// assert_eq!(record.variations()[1].as_deref(), Some("(1. D {also good})"));
    /// assert_eq!(record.to_string(), "1. E (1. D {also good}) c *\n");
    /// # Ok::<(), oware_core::notation::OgnError>(())
    /// ```
    #[must_use]
    pub fn variations(&self) -> &[Option<String>] {
        &self.variations
    }

    /// Reads a text of one record or more, one after another (each ends
    /// with its result, or where the next one's tags begin).
    ///
    /// # Errors
    /// The first [`OgnError`], its line and column counted in the whole text.
    ///
    /// ```
    /// use oware_core::notation::Record;
    /// let records = Record::read_all("[Round \"1\"]\n\n1. E c *\n\n[Round \"2\"]\n\n1. F *\n")?;
    /// assert_eq!(records.len(), 2);
    /// assert_eq!(records[1].tag("Round"), Some("2"));
    /// let error = Record::read_all("1. E *\n[Round \"2\"]\n").unwrap_err();
    /// assert_eq!(error.to_string(), "line 3, column 1: the record ends after its 1 tag, with no moves and no result (a record ends with `*` or `S-N`)");
    /// # Ok::<(), oware_core::notation::OgnError>(())
    /// ```
    pub fn read_all(text: &str) -> Result<Vec<Record>, OgnError> {
        read::read_all(text)
    }

    /// Reads a text of records one by one, each beginning on the line
    /// [`Records::line`] gives before it is read: for a file that may be
    /// damaged, the records before the damage and where the damaged one
    /// begins. A blank text has none; after an error there are no more.
    ///
    /// ```
    /// use oware_core::notation::Record;
    /// let text = "[Round \"1\"]\n\n1. E c *\n\n[Round \"2\"]\n\n1. F b 2.";
    /// let mut records = Record::read_each(text);
    /// assert_eq!(records.line(), 1);
    /// assert_eq!(records.next().unwrap()?.tag("Round"), Some("1"));
    /// assert_eq!(records.line(), 5);
    /// let error = records.next().unwrap().unwrap_err();
    /// assert_eq!((error.line, records.line()), (7, 5));
    /// assert!(records.next().is_none());
    /// assert!(Record::read_each(" \n").next().is_none());
    /// # Ok::<(), oware_core::notation::OgnError>(())
    /// ```
    pub fn read_each(text: &str) -> Records<'_> {
        Records::new(text)
    }

    /// Each seat's final seeds if the game is over (or the record says it
    /// ended), `None` while it goes on.
    #[must_use]
    pub fn result(&self) -> Option<BySeat<u8>> {
        self.result
    }

    /// Plays `house` in the record's game, with no comment; the result
    /// follows the game.
    ///
    /// # Errors
    /// The [`IllegalMove`], and the record is unchanged.
    pub fn play(&mut self, house: House) -> Result<(), IllegalMove> {
        self.game.play(house)?;
        self.comments.push(None);
        self.variations.push(None);
        self.follow_game();
        Ok(())
    }

    /// Takes back the last move, its comment and its variations; `None` at
    /// the start.
    pub fn undo(&mut self) -> Option<House> {
        let house = self.game.undo()?;
        self.comments.pop();
        self.variations.pop();
        // With no moves left there are no numbers to write: as read back.
        if self.game.moves().is_empty() {
            self.numbering = Numbering::default();
        }
        self.follow_game();
        Some(house)
    }

    /// The result and the `Result` tag from the game.
    fn follow_game(&mut self) {
        self.result = self.game.outcome().map(|outcome| outcome.seeds);
        let text = result_text(self.result);
        if let Some(tag) = self.tags.iter_mut().find(|tag| tag.name == "Result") {
            tag.value = text;
        }
    }
}

/// `S-N` or `*`.
fn result_text(result: Option<BySeat<u8>>) -> String {
    result.map_or_else(
        || "*".to_owned(),
        |seeds| format!("{}-{}", seeds.south, seeds.north),
    )
}

/// A comment's text as it is read back: white space runs as one space;
/// `None` if blank.
fn normalize_comment(text: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let mut normal = first.to_owned();
    for word in words {
        normal.push(' ');
        normal.push_str(word);
    }
    Some(normal)
}

impl FromStr for Record {
    type Err = OgnError;

    /// Reads a record; see the [module docs](self) for the format.
    fn from_str(text: &str) -> Result<Record, OgnError> {
        read::read(text)
    }
}

/// Writes words separated by spaces into lines under [`LINE_WIDTH`].
struct Lines<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    len: usize,
}

impl Lines<'_, '_> {
    fn word(&mut self, word: &str) -> fmt::Result {
        let width = word.chars().count();
        if self.len > 0 && self.len + 1 + width >= LINE_WIDTH {
            self.f.write_str("\n")?;
            self.len = 0;
        }
        if self.len > 0 {
            self.f.write_str(" ")?;
            self.len += 1;
        }
        self.len += width;
        self.f.write_str(word)
    }

    /// A comment and the variations after it, where there are any.
    fn notes(&mut self, comment: Option<&str>, variations: Option<&str>) -> fmt::Result {
        if let Some(text) = comment {
            self.comment(text)?;
        }
        // Written word by word: a variation's line breaks are spaces.
        for word in variations.into_iter().flat_map(|text| text.split(' ')) {
            self.word(word)?;
        }
        Ok(())
    }

    fn comment(&mut self, text: &str) -> fmt::Result {
        let mut words = text.split(' ').peekable();
        let mut first = true;
        while let Some(word) = words.next() {
            let open = if first { "{" } else { "" };
            let close = if words.peek().is_none() { "}" } else { "" };
            self.word(&format!("{open}{word}{close}"))?;
            first = false;
        }
        Ok(())
    }
}

/// `\` and `"` escaped with a backslash.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for Record {
    /// The record as OGN: the tags one a line, a blank line, then the
    /// numbered moves with capture marks and comments, and the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            writeln!(f, "[{} \"{}\"]", tag.name, escape(&tag.value))?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        let first = self.game.start().to_move();
        let mut lines = Lines { f, len: 0 };
        lines.notes(self.comments[0].as_deref(), self.variations[0].as_deref())?;
        let positions = self.game.positions();
        for (index, &house) in self.game.moves().iter().enumerate() {
            if let Some((number, dots)) = self.numbering.label(first, index) {
                lines.word(&format!("{number}{dots}"))?;
            }
            let mover = house.seat();
            let captured =
                positions[index + 1].board().store(mover) - positions[index].board().store(mover);
            if captured > 0 {
                lines.word(&format!("{house}+{captured}"))?;
            } else {
                lines.word(house.letter().encode_utf8(&mut [0; 4]))?;
            }
            lines.notes(
                self.comments[index + 1].as_deref(),
                self.variations[index + 1].as_deref(),
            )?;
        }
        lines.word(&result_text(self.result))?;
        writeln!(lines.f)
    }
}
