//! Reading a record: the tag pairs, then the moves, checked as they are
//! played.
//!
//! One pass over the text with a cursor that counts lines and columns; each
//! move is played on the game as soon as it is read, so an illegal move or
//! a wrong capture mark is reported where it stands. Nothing is allocated
//! per move beyond the game's own history (comments and tags own their text).

use crate::board::TOTAL_SEEDS;
use crate::game::Game;
use crate::house::House;
use crate::position::Position;
use crate::seat::{BySeat, Seat};

use super::cursor::{Cursor, Place};
use super::error::{OgnError, OgnErrorKind};
use super::{Numbering, Record, Tag, normalize_comment, variant};

/// A result as written: `S-N` or `*`, and where.
#[derive(Clone, Copy, Debug)]
struct Stated {
    seeds: Option<BySeat<u8>>,
    place: Place,
}

/// `S-N` or `*` (or `?`, which a tag may hold before the game ends).
fn parse_result(text: &str) -> Option<Option<BySeat<u8>>> {
    if text == "*" || text == "?" {
        return Some(None);
    }
    let (south, north) = text.split_once('-')?;
    let count = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| s.parse::<u8>().ok())
            .flatten()
            .filter(|&n| n <= crate::board::TOTAL_SEEDS)
    };
    let (south, north) = (count(south)?, count(north)?);
    // Each seat's seeds at the end: stores, perhaps with their rows.
    (south + north <= crate::board::TOTAL_SEEDS).then_some(Some(BySeat::new(south, north)))
}

/// A capture mark that did not match its move's capture: right only if it
/// is the record's last move and counts the seeds the end of the game gave
/// the mover, as Aualé writes it.
#[derive(Clone, Copy, Debug)]
struct OpenMark {
    place: Place,
    number: u32,
    house: House,
    marked: u8,
    captured: u8,
    store_before: u8,
}

impl OpenMark {
    fn error(self) -> OgnError {
        self.place.error(OgnErrorKind::WrongCapture {
            number: self.number,
            house: self.house,
            marked: self.marked,
            captured: self.captured,
        })
    }
}

/// The reader's state between the tags and the end.
struct Reader<'a> {
    cursor: Cursor<'a>,
    tags: Vec<Tag>,
    /// The line of each tag, for duplicates.
    tag_lines: Vec<usize>,
    start: Position,
    rules: crate::rules::Rules,
    tag_result: Option<Stated>,
}

/// Reads a text that holds one record.
pub(super) fn read(text: &str) -> Result<Record, OgnError> {
    let mut cursor = Cursor::new(text);
    let record = read_one(&mut cursor)?;
    cursor.skip_whitespace();
    match cursor.peek() {
        None => Ok(record),
        Some('[') => Err(cursor.place.error(OgnErrorKind::AnotherRecord)),
        Some(c) => Err(cursor.place.error(OgnErrorKind::AfterResult(c))),
    }
}

/// Reads a text of one record or more, one after another: each ends with
/// its result, or where the next one's tags begin.
pub(super) fn read_all(text: &str) -> Result<Vec<Record>, OgnError> {
    let mut records = Records::new(text);
    // A text with no record is refused, as `read` refuses it.
    let first = read_one(&mut records.cursor)?;
    records.cursor.skip_whitespace();
    core::iter::once(Ok(first)).chain(records).collect()
}

/// The records of a text, read one after another, with the line each
/// begins on; made by [`Record::read_each`].
pub struct Records<'a> {
    /// At the next record (white space skipped), or at the one that failed.
    cursor: Cursor<'a>,
    failed: bool,
}

impl<'a> Records<'a> {
    pub(super) fn new(text: &'a str) -> Records<'a> {
        let mut cursor = Cursor::new(text);
        cursor.skip_whitespace();
        Records {
            cursor,
            failed: false,
        }
    }

    /// The line (from 1) the next record begins on; after an error, the
    /// line the record that failed begins on.
    #[must_use]
    pub fn line(&self) -> usize {
        self.cursor.place.line
    }
}

impl Iterator for Records<'_> {
    type Item = Result<Record, OgnError>;

    /// The next record; after an error, none.
    fn next(&mut self) -> Option<Result<Record, OgnError>> {
        if self.failed || self.cursor.peek().is_none() {
            return None;
        }
        // `read_one` moves the cursor only past a record read whole, so
        // after an error it still stands where that record begins.
        match read_one(&mut self.cursor) {
            Ok(record) => {
                self.cursor.skip_whitespace();
                Some(Ok(record))
            }
            Err(error) => {
                self.failed = true;
                Some(Err(error))
            }
        }
    }
}

/// Reads the record at the cursor: its tags, then its moves up to its
/// result, or up to the next record's tags, or the end.
fn read_one<'a>(cursor: &mut Cursor<'a>) -> Result<Record, OgnError> {
    let mut reader = Reader {
        cursor: Cursor {
            rest: cursor.rest,
            place: cursor.place,
        },
        tags: Vec::new(),
        tag_lines: Vec::new(),
        start: Position::OPENING,
        rules: crate::rules::Rules::default(),
        tag_result: None,
    };
    reader.cursor.skip_whitespace();
    while reader.cursor.peek() == Some('[') {
        reader.tag()?;
        reader.cursor.skip_whitespace();
    }
    let (record, rest) = reader.moves()?;
    *cursor = rest;
    Ok(record)
}

impl<'a> Reader<'a> {
    /// One tag pair, `[Name "value"]`, the cursor on its `[`.
    fn tag(&mut self) -> Result<(), OgnError> {
        let cursor = &mut self.cursor;
        let start = cursor.place;
        cursor.bump();
        skip_blanks(cursor);
        let name_start = cursor.rest;
        let mut name_len = 0;
        while cursor
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            cursor.bump();
            name_len += 1;
        }
        if name_len == 0 {
            return Err(cursor.unexpected("a tag name (letters, digits, `_`)"));
        }
        let name = &name_start[..name_len];
        if !cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
            return Err(cursor.unexpected("a space after the tag name"));
        }
        skip_blanks(cursor);
        if cursor.peek() != Some('"') {
            return Err(cursor.unexpected("`\"` before the tag value"));
        }
        cursor.bump();
        let value_place = cursor.place;
        let mut value = String::new();
        loop {
            let place = cursor.place;
            match cursor.bump() {
                None | Some('\n') => return Err(value_place.error(OgnErrorKind::UnterminatedTag)),
                Some('"') => break,
                Some('\\') => match cursor.bump() {
                    Some(c @ ('\\' | '"')) => value.push(c),
                    None | Some('\n') => {
                        return Err(value_place.error(OgnErrorKind::UnterminatedTag));
                    }
                    Some(c) => return Err(place.error(OgnErrorKind::BadEscape(c))),
                },
                Some(c) => value.push(c),
            }
        }
        skip_blanks(cursor);
        if cursor.peek() != Some(']') {
            return Err(cursor.unexpected("`]` to close the tag pair"));
        }
        cursor.bump();
        if let Some(first) = self.tags.iter().position(|tag| tag.name == name) {
            return Err(start.error(OgnErrorKind::DuplicateTag {
                name: name.to_owned(),
                first_line: self.tag_lines[first],
            }));
        }
        match name {
            "FEN" => {
                self.start = Position::from_fen(value.trim())
                    .map_err(|error| value_place.error(OgnErrorKind::Fen(error)))?;
            }
            "Variant" => {
                self.rules = variant::rules(&value).ok_or_else(|| {
                    value_place.error(OgnErrorKind::UnknownVariant(value.clone()))
                })?;
            }
            "Result" => {
                let seeds = parse_result(value.trim())
                    .ok_or_else(|| value_place.error(OgnErrorKind::BadResult(value.clone())))?;
                self.tag_result = Some(Stated {
                    seeds,
                    place: value_place,
                });
            }
            _ => {}
        }
        self.tags.push(Tag {
            name: name.to_owned(),
            value,
        });
        self.tag_lines.push(start.line);
        Ok(())
    }

    /// The moves, comments, variations and the result, to the result (or
    /// the next record's tags, or the end); the record and the cursor after it.
    fn moves(mut self) -> Result<(Record, Cursor<'a>), OgnError> {
        let mut text = MoveText {
            game: Game::from_position(self.start, self.rules),
            comments: vec![None],
            variations: vec![None],
            numbering: Numbering::FromFirstMove,
            number: None,
            open_mark: None,
        };
        let cursor = &mut self.cursor;
        let movetext = cursor.place;
        let mut token_result = None;
        let mut anything = false;
        loop {
            cursor.skip_whitespace();
            let place = cursor.place;
            match cursor.peek() {
                None | Some('[') => break,
                Some('{') => text.comment(comment(cursor)?),
                Some('(') => text.variation(variation(cursor)?),
                Some('*') => {
                    cursor.bump();
                    token_result = Some(Stated { seeds: None, place });
                    break;
                }
                Some('0'..='9') => {
                    let number = cursor.number()?.expect("a digit is next");
                    if cursor.peek() == Some('-') {
                        token_result = Some(final_counts(cursor, number, place)?);
                        break;
                    }
                    text.number(cursor, number, place)?;
                }
                Some(c) => {
                    let Some(house) = House::from_letter(c) else {
                        return Err(cursor.unexpected(
                            "a move (A-F, a-f), a move number, a comment, a variation or a result",
                        ));
                    };
                    cursor.bump();
                    text.play(cursor, house, place)?;
                }
            }
            anything = true;
        }
        // A file cut short, or only the tags of a record, is not a game: a
        // record written whole ends with its result.
        if !anything && token_result.is_none() {
            return Err(movetext.error(OgnErrorKind::NoMoves {
                tags: self.tags.len(),
            }));
        }
        if let Some((number, _, place)) = text.number {
            return Err(place.error(OgnErrorKind::NumberWithoutMove(number)));
        }
        let result = self.result(&text.game, token_result)?;
        if let Some(mark) = text.open_mark {
            let mover = mark.house.seat();
            let end = result.map(|seeds| seeds[mover].checked_sub(mark.store_before));
            if end != Some(Some(mark.marked)) {
                return Err(mark.error());
            }
        }
        let record = Record {
            tags: self.tags,
            game: text.game,
            comments: text.comments,
            variations: text.variations,
            numbering: text.numbering,
            result,
        };
        Ok((record, self.cursor))
    }

    /// The record's result: the one after the moves, or the tag's, checked
    /// against each other and against the end of the game as played. A
    /// game that goes on under these rules may still be stated finished
    /// (a record from a program that ends games sooner, or a resignation).
    fn result(&self, game: &Game, token: Option<Stated>) -> Result<Option<BySeat<u8>>, OgnError> {
        if let (Some(token), Some(tag)) = (token, self.tag_result)
            && token.seeds != tag.seeds
        {
            let tag = self.tags.iter().find(|t| t.name == "Result").expect("read");
            return Err(token.place.error(OgnErrorKind::ResultConflict {
                tag: tag.value.clone(),
            }));
        }
        let actual = game.outcome().map(|outcome| outcome.seeds);
        let Some(stated) = token.or(self.tag_result) else {
            return Ok(actual);
        };
        match (stated.seeds, actual) {
            (Some(stated_seeds), Some(actual)) if stated_seeds != actual => {
                Err(stated.place.error(OgnErrorKind::WrongResult {
                    stated: stated_seeds,
                    actual,
                }))
            }
            (None, Some(actual)) => Err(stated
                .place
                .error(OgnErrorKind::UnfinishedResult { actual })),
            (Some(stated_seeds), None) => {
                // Ended sooner than these rules end it: the stores kept,
                // and every seed left given to one seat or the other.
                let stores = game.position().board().stores();
                let kept =
                    [Seat::South, Seat::North].map(|seat| stated_seeds[seat] >= stores[seat]);
                if kept == [true; 2] && stated_seeds.south + stated_seeds.north == TOTAL_SEEDS {
                    Ok(Some(stated_seeds))
                } else {
                    Err(stated.place.error(OgnErrorKind::ImpossibleResult {
                        stated: stated_seeds,
                        stores,
                    }))
                }
            }
            _ => Ok(stated.seeds),
        }
    }
}

/// The moves read so far, as a game with its comments, and what is still
/// to be settled: a move number waiting for its move, a capture mark that
/// only the result can explain.
struct MoveText {
    game: Game,
    /// `comments[0]` before the first move, `comments[i]` after move `i`.
    comments: Vec<Option<String>>,
    /// The variations in the same places as the comments, as written.
    variations: Vec<Option<String>>,
    numbering: Numbering,
    /// A move number read and waiting for its move: the number, its dots
    /// (1 or 3), where.
    number: Option<(u32, usize, Place)>,
    open_mark: Option<OpenMark>,
}

impl MoveText {
    /// A comment, joined to the last move's (or the game's, before the
    /// first move); several in a row make one.
    fn comment(&mut self, text: Option<String>) {
        let slot = self
            .comments
            .last_mut()
            .expect("one slot per move and one before");
        *slot = match (slot.take(), text) {
            (Some(old), Some(new)) => Some(format!("{old} {new}")),
            (old, new) => old.or(new),
        };
    }

    /// A variation, kept with the last move (or before the first move);
    /// several in a row are kept in order.
    fn variation(&mut self, text: String) {
        let slot = self
            .variations
            .last_mut()
            .expect("one slot per move and one before");
        *slot = Some(match slot.take() {
            Some(old) => format!("{old} {text}"),
            None => text,
        });
    }

    /// The dots of a move number whose digits were just read.
    fn number(
        &mut self,
        cursor: &mut Cursor<'_>,
        number: u32,
        place: Place,
    ) -> Result<(), OgnError> {
        if cursor.peek() != Some('.') {
            return Err(cursor.unexpected("`.` after a move number, or `-` in a result"));
        }
        let mut dots = 0;
        while cursor.peek() == Some('.') {
            cursor.bump();
            dots += 1;
        }
        if dots == 2 || dots > 3 {
            return Err(cursor.unexpected("`.` or `...` after a move number"));
        }
        if let Some((number, _, place)) = self.number {
            return Err(place.error(OgnErrorKind::NumberWithoutMove(number)));
        }
        self.number = Some((number, dots, place));
        Ok(())
    }

    /// The move `house`, whose letter was just read at `place`: its number
    /// checked, its capture mark read, played and the mark checked.
    fn play(
        &mut self,
        cursor: &mut Cursor<'_>,
        house: House,
        place: Place,
    ) -> Result<(), OgnError> {
        if let Some(mark) = self.open_mark.take() {
            return Err(mark.error());
        }
        let first = self.game.start().to_move();
        let index = self.game.moves().len();
        // `1...` before North's first move numbers the game by South's moves.
        if index == 0 && first == Seat::North && self.number.is_some_and(|(_, dots, _)| dots == 3) {
            self.numbering = Numbering::SouthNumbers;
        }
        let number = self.numbering.number(first, index);
        if let Some((found, _, at)) = self.number.take()
            && found != number
        {
            return Err(at.error(OgnErrorKind::WrongMoveNumber {
                found,
                expected: number,
            }));
        }
        let marked = capture_mark(cursor)?;
        if let Some(next) = cursor.peek()
            && !(next.is_whitespace() || matches!(next, '{' | '(' | ')'))
        {
            return Err(cursor.unexpected("a space after the move"));
        }
        let mover = house.seat();
        let store_before = self.game.position().board().store(mover);
        self.game.play(house).map_err(|reason| {
            place.error(OgnErrorKind::IllegalMove {
                number,
                house,
                reason,
            })
        })?;
        let captured = self.game.position().board().store(mover) - store_before;
        match marked {
            None if captured > 0 => {
                return Err(place.error(OgnErrorKind::MissingCapture {
                    number,
                    house,
                    captured,
                }));
            }
            Some(marked) if marked != captured => {
                self.open_mark = Some(OpenMark {
                    place,
                    number,
                    house,
                    marked,
                    captured,
                    store_before,
                });
            }
            _ => {}
        }
        self.comments.push(None);
        self.variations.push(None);
        Ok(())
    }
}

/// A `+N` capture mark right after a move, if there is one.
fn capture_mark(cursor: &mut Cursor<'_>) -> Result<Option<u8>, OgnError> {
    if cursor.peek() != Some('+') {
        return Ok(None);
    }
    cursor.bump();
    let at = cursor.place;
    let marked = cursor
        .number()?
        .ok_or_else(|| cursor.unexpected("the seeds captured after `+`"))?;
    let marked = u8::try_from(marked).map_err(|_| at.error(OgnErrorKind::NumberTooLarge))?;
    Ok(Some(marked))
}

/// The final counts `S-N` whose first number was just read, the cursor on
/// the `-`.
fn final_counts(cursor: &mut Cursor<'_>, south: u32, place: Place) -> Result<Stated, OgnError> {
    cursor.bump();
    let text = match cursor.number()? {
        Some(north) => format!("{south}-{north}"),
        None => format!("{south}-"),
    };
    match parse_result(&text) {
        Some(Some(seeds)) => Ok(Stated {
            seeds: Some(seeds),
            place,
        }),
        _ => Err(place.error(OgnErrorKind::BadResult(text))),
    }
}

/// Skips spaces and tabs (not line ends) inside a tag pair.
fn skip_blanks(cursor: &mut Cursor<'_>) {
    while cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cursor.bump();
    }
}

/// A `{comment}`, the cursor on its `{`: its text with runs of white space
/// made one space (as Aualé reads it), or `None` if it is blank.
fn comment(cursor: &mut Cursor<'_>) -> Result<Option<String>, OgnError> {
    let start = cursor.place;
    cursor.bump();
    let text = cursor.rest;
    let mut len = 0;
    loop {
        match cursor.bump() {
            None => return Err(start.error(OgnErrorKind::UnterminatedComment)),
            Some('}') => break,
            Some(c) => len += c.len_utf8(),
        }
    }
    Ok(normalize_comment(&text[..len]))
}

/// A `(variation)`, nested ones and comments inside it included, the
/// cursor on its `(`: its text, parentheses and all, white space runs made
/// one space (a comment inside reads back the same).
fn variation(cursor: &mut Cursor<'_>) -> Result<String, OgnError> {
    let start = cursor.place;
    let text = cursor.rest;
    cursor.bump();
    let mut depth = 1;
    while depth > 0 {
        match cursor.peek() {
            None => return Err(start.error(OgnErrorKind::UnterminatedVariation)),
            Some('{') => {
                comment(cursor)?;
            }
            Some(c) => {
                cursor.bump();
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
            }
        }
    }
    let written = &text[..text.len() - cursor.rest.len()];
    Ok(written.split_whitespace().collect::<Vec<_>>().join(" "))
}
