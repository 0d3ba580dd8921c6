//! Notation in both implementations: house letters, board text and transcripts
//! rendered alike, read back alike, and the same strings accepted and refused —
//! the rendered texts, the tolerated variants RULES.md section 8 allows (no
//! headers, labels, CRLF, one line), and random corruptions.
//!
//! One difference is RULES.md's to settle (section 8 leaves it open), not a bug
//! of either side, and is counted apart: on a line that holds counts, the
//! reference reads any character that is not a digit as a separator, while core
//! refuses all but whitespace, brackets, `|` and `:`. Such a text is tolerated
//! only when core reads it once those characters are blanked, and to the same
//! board the reference read.

use oware_core::{Board, Game, House, ParseBoardError, Rules, Seat, Transcript, TranscriptError};
use oware_reference as reference;
use rand::{Rng, RngExt};

use oware_fuzz::edges::{self, Stress};

use super::guard::guard;

/// Where this check's random streams start, apart from the other checks'.
const STREAM: u64 = 3 << 40;

/// Characters random corruptions draw from: the diagram's own, some
/// neighbours, and a few beyond ASCII.
const ALPHABET: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ' ', ' ', '\n', '\t', '\r', '[', ']', '|',
    ':', '-', '+', ',', '.', 'A', 'B', 'F', 'a', 'c', 'f', 'g', 'x', 'Z', 'é', '٣', '\u{a0}',
    '\u{3000}',
];

/// What the notation check compared.
#[derive(Debug, Default)]
pub(super) struct Tally {
    /// Boards rendered by both, read back by both, with their variants.
    pub(super) boards: u64,
    /// Board texts, corrupted at random, accepted or refused by both alike.
    pub(super) board_texts: u64,
    /// Of those, texts the reference accepts and core refuses only for a
    /// stray character on a line of counts: the case RULES.md section 8 leaves open.
    pub(super) stray_characters: u64,
    /// Transcripts of random games rendered and read back by both.
    pub(super) transcripts: u64,
    /// Transcript texts, corrupted at random, accepted or refused alike,
    /// errors at the same character for the same reason.
    pub(super) transcript_texts: u64,
}

/// `count` boards and `count` transcripts, each with corrupted variants.
pub(super) fn run(seed: u64, count: u64) -> Result<Tally, Box<Mismatch>> {
    let mut tally = Tally::default();
    letters()?;
    for index in 0..count {
        guard(|| one(seed, index, &mut tally)).unwrap_or_else(|panic| {
            Err(disagree(
                format!("notation case {index} (seed {seed}) without a panic"),
                format!("PANICKED (either side; the place names it): {panic}"),
                String::new(),
            ))
        })?;
    }
    Ok(tally)
}

/// Case `index`: a board (from a game or an edge position) and a game's
/// transcript, each rendered, read back, and corrupted four ways.
fn one(seed: u64, index: u64, tally: &mut Tally) -> Result<(), Box<Mismatch>> {
    let mut rng = super::task_rng(seed, STREAM + index);
    let origin = |what: &str| format!("{what} {index} of the notation check (seed {seed})");
    let board = if index.is_multiple_of(2) {
        random_game(&mut rng).position().board()
    } else {
        edges::position(&mut rng, Stress::ALL[(index / 2 % 6) as usize]).board()
    };
    boards(board, tally).map_err(|d| d.context(origin("board")))?;
    let text = board.to_string();
    for _ in 0..4 {
        let corrupted = corrupt(&mut rng, &text);
        board_text(&corrupted, tally).map_err(|d| d.context(origin("board")))?;
    }
    let game = random_game(&mut rng);
    transcripts(&game, tally).map_err(|d| d.context(origin("game")))?;
    let text = game.transcript().to_string();
    for _ in 0..4 {
        let corrupted = corrupt(&mut rng, &text);
        transcript_text(&corrupted, tally).map_err(|d| d.context(origin("game")))?;
    }
    Ok(())
}

/// Core and reference read or wrote one text differently: no position, no
/// rule set, so not one of `oware_fuzz::agree`'s questions.
#[derive(Debug)]
pub(super) struct Mismatch {
    /// What was asked, e.g. `read "..."`.
    question: String,
    /// Core's answer.
    core: String,
    /// The reference's answer.
    reference: String,
    /// How the check came to ask.
    context: Vec<String>,
}

impl Mismatch {
    /// The same mismatch with one more line of context.
    fn context(mut self: Box<Self>, line: String) -> Box<Mismatch> {
        self.context.push(line);
        self
    }
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "core and reference disagree on notation: {}",
            self.question
        )?;
        writeln!(f, "core:\n    {}", self.core)?;
        writeln!(f, "reference:\n    {}", self.reference)?;
        for line in &self.context {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// A mismatch about `question`.
fn disagree(question: String, core: String, reference: String) -> Box<Mismatch> {
    Box::new(Mismatch {
        question,
        core,
        reference,
        context: Vec::new(),
    })
}

/// House letters: the same twelve, and every other character refused by both.
fn letters() -> Result<(), Box<Mismatch>> {
    for house in House::ALL {
        if reference::house_letter(house.index()) != Some(house.letter()) {
            return Err(disagree(
                format!("the letter of house {}", house.index()),
                house.letter().to_string(),
                format!("{:?}", reference::house_letter(house.index())),
            ));
        }
    }
    let characters = (0..0x250)
        .filter_map(char::from_u32)
        .chain(ALPHABET.iter().copied());
    for c in characters {
        let core = House::from_letter(c).map(House::index);
        if core != reference::house_from_letter(c) {
            return Err(disagree(
                format!("the house of the letter {c:?}"),
                format!("{core:?}"),
                format!("{:?}", reference::house_from_letter(c)),
            ));
        }
    }
    Ok(())
}

/// A random game from the opening under a random rule set, stopped at a
/// random length or at its end.
fn random_game(rng: &mut impl Rng) -> Game {
    let rules = Rules::PRESETS[rng.random_range(0..Rules::PRESETS.len())].1;
    let mut game = Game::new(rules);
    let length = rng.random_range(0..120);
    while game.moves().len() < length {
        let legal = game.legal_moves();
        let Some(house) = legal.iter().nth(rng.random_range(0..legal.len().max(1))) else {
            break;
        };
        game.play(house).expect("a legal move");
    }
    game
}

/// One board: both render the same text, and both read it and its
/// tolerated variants back to the same board.
fn boards(board: Board, tally: &mut Tally) -> Result<(), Box<Mismatch>> {
    let cells = board.to_cells();
    let text = board.to_string();
    let reference_text = reference::render_board(&cells);
    if text != reference_text {
        return Err(disagree(format!("render {cells:?}"), text, reference_text));
    }
    let digit_lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(|c: char| c.is_ascii_digit()))
        .collect();
    let variants = [
        text.clone(),
        digit_lines.join("\n"),
        text.replace('\n', "\r\n"),
        format!("North (f..a)\n\n{text}\nSouth, to move\n"),
        cells_in_reading_order(&cells),
    ];
    for variant in variants {
        let core = variant.parse::<Board>().map(Board::to_cells);
        let reference = reference::parse_board(&variant);
        if core != Ok(cells) || reference != Ok(cells) {
            return Err(disagree(
                format!("read {variant:?}"),
                format!("{core:?}"),
                format!("{reference:?}"),
            ));
        }
    }
    tally.boards += 1;
    Ok(())
}

/// The fourteen counts on one line, in the order a diagram shows them.
fn cells_in_reading_order(cells: &[u8; 14]) -> String {
    const READING_ORDER: [usize; 14] = [13, 11, 10, 9, 8, 7, 6, 0, 1, 2, 3, 4, 5, 12];
    READING_ORDER.map(|i| cells[i].to_string()).join(" ")
}

/// Any text: both accept it as the same board, or both refuse it (or it
/// falls in the case RULES.md section 8 leaves open, see the module docs).
fn board_text(text: &str, tally: &mut Tally) -> Result<(), Box<Mismatch>> {
    let core = text.parse::<Board>().map(Board::to_cells);
    let reference = reference::parse_board(text);
    tally.board_texts += 1;
    match (&core, &reference) {
        (Ok(a), Ok(b)) if a == b => return Ok(()),
        (Err(_), Err(_)) => return Ok(()),
        (Err(ParseBoardError::UnexpectedCharacter { .. }), Ok(cells))
            if blank_strays(text).parse::<Board>().map(Board::to_cells) == Ok(*cells) =>
        {
            tally.stray_characters += 1;
            return Ok(());
        }
        _ => {}
    }
    Err(disagree(
        format!("read {text:?}"),
        format!("{core:?}"),
        format!("{reference:?}"),
    ))
}

/// `text` with every character core refuses on a line of counts blanked.
fn blank_strays(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.contains(|c: char| c.is_ascii_digit()) {
                line.chars()
                    .map(|c| {
                        if c.is_ascii_digit() || c.is_whitespace() || "[]|:".contains(c) {
                            c
                        } else {
                            ' '
                        }
                    })
                    .collect()
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<String>>()
        .join("\n")
}

/// One game's transcript: both render the same text and read it back to
/// the same moves.
fn transcripts(game: &Game, tally: &mut Tally) -> Result<(), Box<Mismatch>> {
    let moves: Vec<usize> = game.moves().iter().map(|h| h.index()).collect();
    let text = game.transcript().to_string();
    let reference_text = reference::render_transcript(&moves);
    if text != reference_text {
        return Err(disagree(
            format!("render the moves {moves:?}"),
            text,
            reference_text,
        ));
    }
    let core = text
        .parse::<Transcript>()
        .map(|t| t.iter().map(|h| h.index()).collect::<Vec<_>>());
    let reference = reference::parse_transcript(&text);
    if core.as_ref() != Ok(&moves) || reference.as_ref() != Ok(&moves) {
        return Err(disagree(
            format!("read {text:?}"),
            format!("{core:?}"),
            format!("{reference:?}"),
        ));
    }
    tally.transcripts += 1;
    Ok(())
}

/// Any text: both read the same moves, or both refuse it naming the same
/// character for the same reason.
fn transcript_text(text: &str, tally: &mut Tally) -> Result<(), Box<Mismatch>> {
    let core = text.parse::<Transcript>();
    let reference = reference::parse_transcript(text);
    tally.transcript_texts += 1;
    let same = match (&core, &reference) {
        (Ok(moves), Ok(theirs)) => moves.iter().map(|h| h.index()).eq(theirs.iter().copied()),
        (Err(error), Err(theirs)) => same_transcript_error(text, *error, *theirs),
        _ => false,
    };
    if same {
        Ok(())
    } else {
        Err(disagree(
            format!("read {text:?}"),
            format!("{core:?}"),
            format!("{reference:?}"),
        ))
    }
}

/// Core's two reasons against the reference's three: a move out of turn
/// is North first at the first move (the first character after any
/// whitespace `text` starts with), the same seat twice after it.
fn same_transcript_error(
    text: &str,
    core: TranscriptError,
    reference: reference::TranscriptError,
) -> bool {
    use reference::TranscriptError as R;
    match (core, reference) {
        (TranscriptError::NotAHouse { index, found }, R::NotAHouse { index: i, found: c }) => {
            (index, found) == (i, c)
        }
        (
            TranscriptError::OutOfTurn {
                index,
                house,
                to_move,
            },
            R::NorthFirst { index: i, found },
        )
        | (
            TranscriptError::OutOfTurn {
                index,
                house,
                to_move,
            },
            R::SameSeatTwice { index: i, found },
        ) => {
            let first = matches!(reference, R::NorthFirst { .. });
            let first_move = text.chars().take_while(|c| c.is_whitespace()).count();
            index == i
                && house.letter() == found
                && house.seat() != to_move
                && (index == first_move) == first
                && (!first || to_move == Seat::South)
        }
        _ => false,
    }
}

/// `text` with one to four random edits: a character inserted, deleted or
/// replaced, or a slice repeated.
fn corrupt(rng: &mut impl Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..=4) {
        let at = rng.random_range(0..=chars.len());
        let c = ALPHABET[rng.random_range(0..ALPHABET.len())];
        match rng.random_range(0..4) {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars[at] = c,
            _ => {
                let end = rng.random_range(at..=chars.len().min(at + 8));
                let slice: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, slice);
            }
        }
    }
    chars.into_iter().collect()
}
