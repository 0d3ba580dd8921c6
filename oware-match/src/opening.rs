//! Openings: the games a match starts from, each played twice with the
//! colours swapped — seeded random moves, or transcripts or OGN records
//! read from a file.

use core::fmt;
use core::ops::RangeInclusive;

use oware_core::{Game, House, Record, Rules, Transcript};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `count` openings of random legal moves from the opening position, the
/// number of moves drawn from `plies` (fewer if the game ends), all from
/// `seed`: the same seed gives the same openings.
///
/// ```
/// use oware_core::Rules;
/// use oware_match::random_openings;
/// let openings = random_openings(Rules::ABAPA, 10, 4..=4, 7);
/// assert_eq!(openings.len(), 10);
/// assert!(openings.iter().all(|game| game.moves().len() == 4));
/// assert_eq!(openings, random_openings(Rules::ABAPA, 10, 4..=4, 7));
/// ```
#[must_use]
pub fn random_openings(
    rules: Rules,
    count: usize,
    plies: RangeInclusive<usize>,
    seed: u64,
) -> Vec<Game> {
    (0..count)
        .map(|index| {
            let mix = (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ mix);
            let mut game = Game::new(rules);
            for _ in 0..rng.random_range(plies.clone()) {
                let moves: Vec<House> = game.legal_moves().iter().collect();
                if game.is_over() || moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())])
                    .expect("a legal move");
            }
            game
        })
        .collect()
}

/// Why a file of openings was refused: the line (from 1), or the record
/// (from 1) in a file of records, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    /// The line, from 1.
    pub line: usize,
    /// The record at fault, from 1, when the file holds OGN records.
    pub record: Option<usize>,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.record {
            Some(record) => write!(f, "record {record}: {}", self.reason),
            None => write!(f, "line {}: {}", self.line, self.reason),
        }
    }
}

impl std::error::Error for OpeningError {}

/// Reads openings written one transcript a line (`EcAb`); blank lines and
/// lines starting with `#` are skipped. Every move must be legal under
/// `rules`, and an opening must leave the game unfinished.
///
/// # Errors
/// An [`OpeningError`] naming the first bad line, or a file with no opening.
///
/// ```
/// use oware_core::Rules;
/// use oware_match::read_openings;
/// let openings = read_openings("# two openings\nEcAb\n\nFf\n", Rules::ABAPA)?;
/// assert_eq!(openings.len(), 2);
/// let error = read_openings("EcAb\nEE\n", Rules::ABAPA).unwrap_err();
/// assert_eq!(error.to_string(), "line 2: character 2 of the transcript, `E`, is a move by South, but North is to move");
/// # Ok::<(), oware_match::OpeningError>(())
/// ```
pub fn read_openings(text: &str, rules: Rules) -> Result<Vec<Game>, OpeningError> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let error = |reason: String| OpeningError {
            line: line_number,
            record: None,
            reason,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let transcript: Transcript = line.parse().map_err(|e| error(format!("{e}")))?;
        let game = Game::replay(oware_core::Position::OPENING, rules, &transcript)
            .map_err(|e| error(e.to_string()))?;
        if game.is_over() {
            return Err(error("the game is over after these moves".to_owned()));
        }
        openings.push(game);
    }
    if openings.is_empty() {
        return Err(OpeningError {
            line: text.lines().count(),
            record: None,
            reason: "no opening in the file".to_owned(),
        });
    }
    Ok(openings)
}

/// Reads openings written as OGN records, one or many in the text: each
/// record's game (its set-up start, if it has a `FEN` tag, and its moves).
/// Every record must be of `rules` (its `Variant` tag) and leave the game
/// unfinished.
///
/// # Errors
/// An [`OpeningError`]: the line of a malformed record, or the number of
/// the record that does not fit.
///
/// ```
/// use oware_core::Rules;
/// use oware_match::read_ogn_openings;
/// let text = "[Round \"1\"]\n\n1. E c *\n\n[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N\"]\n\n1. c *\n";
/// let openings = read_ogn_openings(text, Rules::ABAPA)?;
/// assert_eq!(openings.len(), 2);
/// assert_eq!(openings[1].start().to_fen(), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N");
/// let error = read_ogn_openings("[Variant \"awari\"] 1. E *", Rules::ABAPA).unwrap_err();
/// assert_eq!(error.to_string(), "record 1: its Variant is awari, and the match plays abapa");
/// # Ok::<(), oware_match::OpeningError>(())
/// ```
pub fn read_ogn_openings(text: &str, rules: Rules) -> Result<Vec<Game>, OpeningError> {
    let records = Record::read_all(text).map_err(|error| OpeningError {
        line: error.line,
        record: None,
        reason: format!("column {}: {}", error.column, error.kind),
    })?;
    records
        .into_iter()
        .enumerate()
        .map(|(index, record)| {
            let error = |reason: String| OpeningError {
                line: 0,
                record: Some(index + 1),
                reason,
            };
            if record.rules() != rules {
                return Err(error(format!(
                    "its Variant is {}, and the match plays {rules}",
                    record.rules()
                )));
            }
            if record.game().is_over() || record.result().is_some() {
                return Err(error("the game is over after its moves".to_owned()));
            }
            Ok(record.game().clone())
        })
        .collect()
}
