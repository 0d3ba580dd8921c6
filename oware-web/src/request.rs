//! Requests from the page: a line of `key=value` words, such as
//! `rules=abapa moves=EcAb play=B`.
//!
//! Each kind of request names its keys once, in the constant its parser
//! passes to [`Request::parse`] (`state::STATE_KEYS`, `think::SEARCH_KEYS`,
//! `record::SAVE_KEYS`, `endgame::PROBE_KEYS`); reading a key that is not
//! among them is a bug, caught in debug builds. The page writes requests
//! only through `site/requests.js`, from words typed in `site/messages.js`,
//! and the samples of src/samples.rs (every key of each constant, with a
//! value the module accepts) hold those types to the constants under tsc.
//!
//! Why not serde: the same requests as JSON objects read by derived
//! `Deserialize` structs (`deny_unknown_fields`) save a few lines of code
//! (the rule set, the transcript replay and the reasons stay), and bring in
//! `serde_json`, which with the answers written by it too makes the module
//! about half as large again (see json.rs; the figures are in
//! docs/performance.md, "The web page"). A `u64`
//! seed would also have to travel as text, since JSON numbers in the page
//! stop at 2^53.

use core::fmt;

use oware_core::{FenError, Game, Position, ReplayError, Rules, Transcript, TranscriptError};

/// A request split into its words: the keys the caller knows, each once.
#[derive(Clone, Debug, Default)]
pub struct Request<'a> {
    words: Vec<(&'a str, &'a str)>,
    /// The keys the request may hold: the only ones read.
    known: &'a [&'a str],
}

/// Why a request, or the game it names, was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// A word without `=`, or a key given twice.
    Malformed(String),
    /// A key the operation does not take.
    UnknownKey(String),
    /// A value that does not parse, with the key it was given for.
    BadValue {
        /// The key.
        key: String,
        /// What was wrong.
        reason: String,
    },
    /// The start is not a fen.
    Start(FenError),
    /// The moves are not a transcript.
    Transcript(TranscriptError),
    /// A move of the transcript is illegal in the game so far.
    IllegalInTranscript(ReplayError),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::Malformed(word) => write!(f, "malformed request word `{word}`"),
            RequestError::UnknownKey(key) => write!(f, "unknown request key `{key}`"),
            RequestError::BadValue { key, reason } => write!(f, "bad value for `{key}`: {reason}"),
            RequestError::Start(error) => write!(f, "the start position is not a fen: {error}"),
            RequestError::Transcript(error) => error.fmt(f),
            RequestError::IllegalInTranscript(error) => write!(f, "in the transcript, {error}"),
        }
    }
}

impl std::error::Error for RequestError {}

impl<'a> Request<'a> {
    /// Splits `text` into `key=value` words and checks every key is one of `known`.
    ///
    /// # Errors
    /// [`RequestError::Malformed`] or [`RequestError::UnknownKey`].
    pub fn parse(text: &'a str, known: &'a [&'a str]) -> Result<Request<'a>, RequestError> {
        let mut words: Vec<(&str, &str)> = Vec::new();
        for word in text.split_whitespace() {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| RequestError::Malformed(word.to_owned()))?;
            if !known.contains(&key) {
                return Err(RequestError::UnknownKey(key.to_owned()));
            }
            if words.iter().any(|&(k, _)| k == key) {
                return Err(RequestError::Malformed(word.to_owned()));
            }
            words.push((key, value));
        }
        Ok(Request { words, known })
    }

    /// The value of `key`, if given. `key` is one of the keys the request
    /// was parsed with: one misspelt where it is read would never be given.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'a str> {
        debug_assert!(
            self.known.contains(&key),
            "`{key}` is read but is none of the request's keys {:?}",
            self.known
        );
        self.words.iter().find(|&&(k, _)| k == key).map(|&(_, v)| v)
    }

    /// The value of `key` parsed as `T`, if given.
    ///
    /// # Errors
    /// [`RequestError::BadValue`] when it does not parse.
    pub fn parsed<T>(&self, key: &str) -> Result<Option<T>, RequestError>
    where
        T: core::str::FromStr,
        T::Err: fmt::Display,
    {
        self.get(key)
            .map(|value| {
                value
                    .parse()
                    .map_err(|error: T::Err| RequestError::BadValue {
                        key: key.to_owned(),
                        reason: error.to_string(),
                    })
            })
            .transpose()
    }

    /// The game named by `rules=` (default abapa), `start=` (a fen, default
    /// the opening: a game opened from a record set up elsewhere) and
    /// `moves=` (default none): the moves replayed from the start.
    ///
    /// # Errors
    /// A bad rule-set name or fen, a transcript that does not parse, or a
    /// move that is illegal where it stands.
    pub fn game(&self) -> Result<Game, RequestError> {
        let rules: Rules = self.parsed("rules")?.unwrap_or_default();
        let start = match self.get("start") {
            Some(fen) => Position::from_fen(fen).map_err(RequestError::Start)?,
            None => Position::OPENING,
        };
        let transcript = Transcript::parse_from(self.get("moves").unwrap_or(""), start.to_move())
            .map_err(RequestError::Transcript)?;
        Game::replay(start, rules, &transcript).map_err(RequestError::IllegalInTranscript)
    }
}

#[cfg(test)]
mod tests {
    use super::{Request, RequestError};
    use oware_core::{House, Rules};

    #[test]
    fn reads_words_and_games() {
        let request =
            Request::parse("rules=sowing moves=EcAb", &["rules", "start", "moves"]).unwrap();
        let game = request.game().unwrap();
        assert_eq!(game.rules(), Rules::SOWING);
        assert_eq!(game.moves(), [House::E, House::c, House::A, House::b]);
        let empty = Request::parse("", &["rules", "start", "moves"]).unwrap();
        assert_eq!(empty.game().unwrap().moves(), []);
    }

    #[test]
    fn refuses_with_reasons() {
        let error = |text| {
            Request::parse(text, &["rules", "start", "moves"])
                .and_then(|r| r.game())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(error("moves"), "malformed request word `moves`");
        assert_eq!(error("level=3"), "unknown request key `level`");
        assert_eq!(error("moves=a moves=b"), "malformed request word `moves=b`");
        assert_eq!(
            error("rules=chess"),
            "bad value for `rules`: unknown rule set `chess`: expected abapa, sowing, awari, awari-split or auale"
        );
        assert_eq!(
            error("moves=EcAx"),
            "character 4 of the transcript, `x`, is not a house letter (A-F or a-f)"
        );
        // After E a (South sows 4 from E, North sows a), F then holds 5 and
        // E is empty: the third move, E, is illegal.
        assert_eq!(
            error("moves=EaE"),
            "in the transcript, move 3, E, is illegal: house E is empty"
        );
        assert!(matches!(
            Request::parse("x=1", &["rules"]),
            Err(RequestError::UnknownKey(_))
        ));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "`levle` is read but is none of the request's keys")]
    fn a_key_read_must_be_one_the_request_takes() {
        let request = Request::parse("level=3", &["level"]).unwrap();
        let _ = request.get("levle");
    }
}
