//! The page's puzzles: the shipped set (oware-puzzle's, as the binary
//! carries it), a puzzle chosen by day, by id or near a rating, or one
//! proved from the player's own game (`code`: see [`crate::mistakes`]), a
//! move tried in it, the hint and the solution, and the player's Glicko-2
//! rating after an attempt, as text in and JSON out.

use std::sync::OnceLock;

use oware_core::{Game, House};
use oware_puzzle::{
    Glicko, Puzzle, PuzzleSet, Settings, Theme, attempt, days_from_date, goal_words, move_words,
    proof_words,
};

use crate::json::Json;
use crate::request::{Request, RequestError};
use crate::state::error_json;

/// The keys a puzzle request takes. Which puzzle: `code` (a puzzle proved
/// from the player's game, as [`crate::mistakes::answer`] gives it), else
/// `id` (its id in the shipped set), else
/// `date` (`YYYY-MM-DD`: the daily puzzle, the same for everyone that day),
/// else `rating` (the nearest puzzle to it, with `theme` if given, not one
/// of `skip`, ids joined by commas, unless every such one is). Then, in it:
/// `moves`, the line played so far (a start of the solution), `play`, a
/// house tried next, and `player` (`rating,deviation,volatility`) with
/// `result` (`solved` or `missed`), the player's rating to update by the
/// attempt.
pub const PUZZLE_KEYS: [&str; 10] = [
    "code", "id", "date", "rating", "theme", "skip", "moves", "play", "player", "result",
];

/// The shipped set, read once.
pub(crate) fn shipped() -> &'static PuzzleSet {
    static SET: OnceLock<PuzzleSet> = OnceLock::new();
    SET.get_or_init(PuzzleSet::shipped)
}

/// Answers a puzzle request (see [`PUZZLE_KEYS`]) with
/// `{"ok":true,"puzzle":{..},"next":..,"tried":..,"player":..}`: the
/// puzzle (id, rules, start, goal, themes, rating, the proof's words and
/// the solution with each move in words), the solver's next move after
/// `moves` (the hint; `null` once solved), what `play` did (`right`, the
/// defender's `reply` from the solution, `solved`), and the player's
/// rating after the attempt; or `{"ok":false,"error":..}`.
///
/// ```
/// let answer = oware_web::puzzle::answer("date=2026-12-07");
/// assert!(answer.starts_with(r#"{"ok":true,"puzzle":{"id":"#), "{answer}");
/// ```
#[must_use]
pub fn answer(request: &str) -> String {
    match respond(shipped(), request) {
        Ok(json) => json,
        Err(error) => error_json(&error.to_string()),
    }
}

fn bad(key: &str, reason: impl Into<String>) -> RequestError {
    RequestError::BadValue {
        key: key.to_owned(),
        reason: reason.into(),
    }
}

/// The puzzle the request names, with the settings it was proved with.
fn choose(set: &PuzzleSet, request: &Request<'_>) -> Result<(Puzzle, Settings), RequestError> {
    if let Some(code) = request.get("code") {
        return decode(code);
    }
    let settings = set.settings();
    if let Some(id) = request.get("id") {
        return set
            .by_id(id)
            .map(|p| (p.clone(), settings))
            .ok_or_else(|| bad("id", format!("no puzzle has the id `{id}`")));
    }
    if let Some(date) = request.get("date") {
        let day =
            day_of(date).ok_or_else(|| bad("date", format!("`{date}` is not a day YYYY-MM-DD")))?;
        return set
            .daily(day)
            .map(|p| (p.clone(), settings))
            .ok_or_else(|| bad("date", "the set holds no puzzle"));
    }
    let Some(rating) = request.parsed::<f64>("rating")? else {
        return Err(bad("id", "name a puzzle by id, date or rating"));
    };
    let theme = request.parsed::<Theme>("theme")?;
    let skip: Vec<&str> = request
        .get("skip")
        .map_or(Vec::new(), |s| s.split(',').collect());
    set.near(rating, theme, &|p| skip.contains(&p.id().as_str()))
        .or_else(|| set.near(rating, theme, &|_| false))
        .map(|p| (p.clone(), settings))
        .ok_or_else(|| bad("theme", "no puzzle has that theme"))
}

/// A puzzle as a request's word: the file of a set of that one puzzle
/// (oware-puzzle's format, checked when read back, the settings it was
/// proved with in its header), in hex.
pub(crate) fn encode(puzzle: &Puzzle, settings: Settings) -> String {
    PuzzleSet::new(settings, vec![puzzle.clone()])
        .to_bytes()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The puzzle of a `code` ([`encode`]), everything in it checked.
fn decode(code: &str) -> Result<(Puzzle, Settings), RequestError> {
    let bytes: Option<Vec<u8>> = (code.len().is_multiple_of(2))
        .then(|| {
            (0..code.len())
                .step_by(2)
                .map(|at| u8::from_str_radix(code.get(at..at + 2)?, 16).ok())
                .collect()
        })
        .flatten();
    let bytes = bytes.ok_or_else(|| bad("code", "not a puzzle's code: expected hex digits"))?;
    let set = PuzzleSet::from_bytes(&bytes)
        .map_err(|error| bad("code", format!("not a puzzle's code: {error}")))?;
    match set.puzzles() {
        [puzzle] => Ok((puzzle.clone(), set.settings())),
        puzzles => Err(bad(
            "code",
            format!("a code holds one puzzle, not {}", puzzles.len()),
        )),
    }
}

/// The days since 1970 of `YYYY-MM-DD`.
fn day_of(date: &str) -> Option<i64> {
    let parts: Vec<&str> = date.split('-').collect();
    let [year, month, day] = parts[..] else {
        return None;
    };
    let digits = |part: &str, n: usize| part.len() == n && part.bytes().all(|b| b.is_ascii_digit());
    if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
        return None;
    }
    days_from_date(year.parse().ok()?, month.parse().ok()?, day.parse().ok()?)
}

/// The line played so far: a start of the solution.
fn played(puzzle: &Puzzle, moves: &str) -> Result<usize, RequestError> {
    let line = puzzle.line_text();
    if !line.starts_with(moves) {
        return Err(bad(
            "moves",
            format!("`{moves}` is not a start of the puzzle's line"),
        ));
    }
    Ok(moves.len())
}

/// `rating,deviation,volatility` as a rating.
fn glicko(text: &str) -> Option<Glicko> {
    let numbers: Vec<f64> = text
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [rating, deviation, volatility] = numbers[..] else {
        return None;
    };
    let sound = rating.is_finite()
        && deviation > 0.0
        && deviation <= 350.0
        && volatility > 0.0
        && volatility < 1.0;
    sound.then_some(Glicko {
        rating,
        deviation,
        volatility,
    })
}

fn respond(set: &PuzzleSet, text: &str) -> Result<String, RequestError> {
    let request = Request::parse(text, &PUZZLE_KEYS)?;
    let (puzzle, settings) = choose(set, &request)?;
    let puzzle = &puzzle;
    let line = puzzle.line();
    let mut done = played(puzzle, request.get("moves").unwrap_or(""))?;
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("puzzle");
    write_puzzle(&mut json, puzzle, settings);
    if let Some(house) = request.parsed::<House>("play")? {
        if done % 2 == 1 || done == line.len() {
            return Err(bad("play", "it is not the solver's turn in the puzzle"));
        }
        let mut game = puzzle.game();
        if game.play_all(&line[..done]).is_err() || !game.legal_moves().contains(house) {
            return Err(bad("play", format!("{house} is not a legal move here")));
        }
        let right = line[done] == house;
        json.key("tried").begin_object();
        json.key("house").string(&house.to_string());
        json.key("right").bool(right);
        json.key("reply");
        match line.get(done + 1).filter(|_| right) {
            Some(reply) => json.string(&reply.to_string()),
            None => json.null(),
        };
        if right {
            done = (done + 2).min(line.len());
        }
        json.key("solved").bool(done == line.len());
        json.end_object();
    }
    json.key("next");
    match line.get(done) {
        Some(house) => json.string(&house.to_string()),
        None => json.null(),
    };
    if let Some(player) = request.get("player") {
        let player =
            glicko(player).ok_or_else(|| bad("player", "expected rating,deviation,volatility"))?;
        let solved = match request.get("result") {
            Some("solved") => true,
            Some("missed") => false,
            _ => return Err(bad("result", "expected solved or missed")),
        };
        let (after, _) = attempt(player, Glicko::puzzle(puzzle.rating()), solved);
        json.key("player").begin_object();
        json.key("rating").number(after.rating);
        json.key("deviation").number(after.deviation);
        json.key("volatility").number(after.volatility);
        json.end_object();
    }
    json.end_object();
    Ok(json.finish())
}

/// The puzzle as the page draws it (proved with `settings`).
pub(crate) fn write_puzzle(json: &mut Json, puzzle: &Puzzle, settings: Settings) {
    json.begin_object();
    json.key("id").string(&puzzle.id());
    json.key("rules").string(&puzzle.rules().to_string());
    json.key("start").string(&puzzle.start().to_fen());
    json.key("solver").string(puzzle.solver().name());
    json.key("goal").string(puzzle.goal().name());
    json.key("goalWords").string(&goal_words(puzzle));
    json.key("themes").begin_array();
    for theme in puzzle.themes().iter() {
        json.string(theme.name());
    }
    json.end_array();
    json.key("rating").number(f64::from(puzzle.rating()));
    json.key("proofWords")
        .string(&proof_words(puzzle, settings));
    json.key("line").begin_array();
    let mut game: Game = puzzle.game();
    for &house in puzzle.line() {
        json.begin_object();
        json.key("house").string(&house.to_string());
        json.key("words").string(&move_words(&game, house));
        json.end_object();
        // The line was checked legal when the puzzle was built.
        if game.play(house).is_err() {
            break;
        }
    }
    json.end_array();
    json.end_object();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first() -> &'static Puzzle {
        shipped()
            .puzzles()
            .iter()
            .find(|p| p.line().len() >= 3)
            .expect("a longer puzzle")
    }

    #[test]
    fn the_daily_puzzle_is_the_sets_for_the_day() {
        let answer = answer("date=2026-12-07");
        let daily = shipped().daily(20_794).unwrap();
        assert!(
            answer.contains(&format!(r#""id":"{}""#, daily.id())),
            "{answer}"
        );
        assert!(answer.contains(r#""goalWords":""#), "{answer}");
        assert_eq!(answer, super::answer("date=2026-12-07"));
        assert_ne!(answer, super::answer("date=2026-12-08"));
        assert!(super::answer("date=2026-02-30").contains("is not a day"));
    }

    #[test]
    fn a_puzzle_by_id_and_near_a_rating_with_a_theme() {
        let puzzle = first();
        let id = puzzle.id();
        assert!(answer(&format!("id={id}")).contains(&format!(r#""id":"{id}""#)));
        assert!(answer("id=nosuch").contains("no puzzle has the id `nosuch`"));
        let near = answer(&format!("rating={} theme=long skip={id}", puzzle.rating()));
        assert!(near.contains(r#""long""#), "{near}");
        assert!(!near.contains(&format!(r#""id":"{id}""#)), "{near}");
        assert!(answer("theme=long").contains("name a puzzle by id, date or rating"));
        assert!(answer("rating=1500 theme=chess").contains("bad value for `theme`"));
    }

    #[test]
    fn moves_are_judged_by_the_solution() {
        let puzzle = first();
        let id = puzzle.id();
        let line = puzzle.line();
        let right = answer(&format!("id={id} play={}", line[0]));
        assert!(
            right.contains(&format!(
                r#""right":true,"reply":"{}","solved":false"#,
                line[1]
            )),
            "{right}"
        );
        assert!(
            right.contains(&format!(r#""next":"{}""#, line[2])),
            "{right}"
        );
        let wrong = puzzle
            .game()
            .legal_moves()
            .into_iter()
            .find(|&h| h != line[0]);
        if let Some(wrong) = wrong {
            let answer = answer(&format!("id={id} play={wrong}"));
            assert!(
                answer.contains(r#""right":false,"reply":null,"solved":false"#),
                "{answer}"
            );
            assert!(
                answer.contains(&format!(r#""next":"{}""#, line[0])),
                "{answer}"
            );
        }
        // The last solver move solves it.
        let before_last: String = line[..line.len() - 1].iter().map(|h| h.letter()).collect();
        let last = answer(&format!(
            "id={id} moves={before_last} play={}",
            line[line.len() - 1]
        ));
        assert!(
            last.contains(r#""right":true,"reply":null,"solved":true},"next":null"#),
            "{last}"
        );
        // Not the defender's turn, nor a line that is not the solution.
        assert!(
            answer(&format!("id={id} moves={} play=a", line[0])).contains("not the solver's turn")
        );
        assert!(answer(&format!("id={id} moves=X")).contains("bad value for `moves`"));
        let empty = puzzle.game().position().board();
        if let Some(empty) = House::ALL
            .into_iter()
            .find(|&h| h.seat() == puzzle.solver() && empty.seeds(h) == 0)
        {
            assert!(answer(&format!("id={id} play={empty}")).contains("is not a legal move here"));
        }
    }

    #[test]
    fn the_solution_is_in_words_with_the_proof() {
        let answer = answer(&format!("id={}", first().id()));
        assert!(answer.contains(r#""line":[{"house":""#), "{answer}");
        assert!(answer.contains(" sows "), "{answer}");
        assert!(
            answer.contains(r#""proofWords":""#) && answer.contains("proved by the search"),
            "{answer}"
        );
    }

    #[test]
    fn the_players_rating_moves_by_glicko_2() {
        let id = first().id();
        let rating = |text: &str| -> f64 {
            let key = r#""player":{"rating":"#;
            let at = text.find(key).expect("a rating") + key.len();
            text[at..].split(',').next().unwrap().parse().unwrap()
        };
        let solved = answer(&format!("id={id} player=1500,350,0.06 result=solved"));
        let missed = answer(&format!("id={id} player=1500,350,0.06 result=missed"));
        assert!(
            rating(&solved) > 1500.0 && rating(&missed) < 1500.0,
            "{solved} {missed}"
        );
        let (expected, _) = attempt(Glicko::NEWCOMER, Glicko::puzzle(first().rating()), true);
        assert!((rating(&solved) - expected.rating).abs() < 1e-6);
        assert!(
            answer(&format!("id={id} player=1500 result=solved"))
                .contains("bad value for `player`")
        );
        assert!(
            answer(&format!("id={id} player=1500,350,0.06")).contains("bad value for `result`")
        );
    }
}
