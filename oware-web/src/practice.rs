//! The page's endgame practice: the graded sets (oware-puzzle's
//! [`GRADES`], their endings from the shipped set, easiest first), and,
//! answered by the endgame worker from the database it holds, what the
//! player's move did to the result ([`keeps_result`]) and the defender's
//! reply by the database ([`defence`]: the longest resistance).
//!
//! The grades come from the module on the page (it carries the set); the
//! moves are judged in the endgame worker, beside the database.

use std::sync::OnceLock;

use oware_core::{House, Winner};
use oware_egdb::Database;
use oware_puzzle::{GRADES, PuzzleSet, defence, keeps_result, seeds_on_board};

use crate::endgame::{Probe, judge};
use crate::json::Json;
use crate::request::{Request, RequestError};
use crate::state::error_json;

/// The keys a practice request takes: the game (`rules`, `start`,
/// `moves`, as a state request names it) and `play`, the player's move to
/// judge, if any.
pub const PRACTICE_KEYS: [&str; 4] = ["rules", "start", "moves", "play"];

/// How many endings of each grade the page lists: the easiest, enough
/// for many sessions, and the list stays small (the whole set's endings
/// would be some 200 kB of JSON).
pub const PER_GRADE: usize = 30;

/// `{"ok":true,"grades":[{"fewest":2,"most":6,"endings":[{"id":..,"rules":..,"start":..,"seeds":..,"goal":..}]}]}`:
/// each graded set, the fewest seeds first, with its endings from the
/// shipped set, the easiest [`PER_GRADE`] first (`PuzzleSet::endings`): a puzzle's id,
/// rules, start (a fen), the seeds on its board and what its solver can
/// force (`win` or `draw`, proved when the set was built).
///
/// ```
/// let grades = oware_web::practice::grades();
/// assert!(grades.starts_with(r#"{"ok":true,"grades":[{"fewest":2,"most":6,"endings":[{"id":"#));
/// ```
#[must_use]
pub fn grades() -> String {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| grades_json(&PuzzleSet::shipped()))
        .clone()
}

fn grades_json(set: &PuzzleSet) -> String {
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("grades").begin_array();
    for grade in GRADES {
        json.begin_object();
        json.key("fewest").number(f64::from(grade.fewest));
        json.key("most").number(f64::from(grade.most));
        json.key("endings").begin_array();
        for puzzle in set.endings(grade).into_iter().take(PER_GRADE) {
            let start = puzzle.start();
            json.begin_object();
            json.key("id").string(&puzzle.id());
            json.key("rules").string(&puzzle.rules().to_string());
            json.key("start").string(&start.to_fen());
            json.key("seeds").number(f64::from(seeds_on_board(&start)));
            json.key("goal").string(puzzle.goal().name());
            json.end_object();
        }
        json.end_array();
        json.end_object();
    }
    json.end_array();
    json.end_object();
    json.finish()
}

/// Answers a practice request (see [`PRACTICE_KEYS`]) from `database`:
/// `{"ok":true,"keeps":..,"reply":..,"result":..}`. `keeps` says whether
/// `play` keeps the result the database gives the player now (`false`: it
/// lets it slip, proved; `null` without `play`, or where the database
/// cannot speak for the position or the move: an earlier position can come
/// back after a quiet move). `reply` is the defender's move by the
/// database after `play` (or now, without it): `null` when the game is
/// over or the database does not hold the position. `result` is what the
/// database proves of the game after both (`"win"` with `"winner"`,
/// `"draw"`), `null` where it proves nothing: after a capture it speaks
/// again, so a slip a quiet move hid is known then.
#[must_use]
pub fn answer(database: &Database, request: &str) -> String {
    match respond(database, request) {
        Ok(json) => json,
        Err(error) => error_json(&error.to_string()),
    }
}

fn respond(database: &Database, text: &str) -> Result<String, RequestError> {
    let request = Request::parse(text, &PRACTICE_KEYS)?;
    let mut game = request.game()?;
    let mut keeps = None;
    if let Some(house) = request.parsed::<House>("play")? {
        if game.is_over() || !game.legal_moves().contains(house) {
            return Err(RequestError::BadValue {
                key: "play".to_owned(),
                reason: format!("{house} is not a legal move here"),
            });
        }
        keeps = keeps_result(database, &game, house);
        game.play(house).map_err(|error| RequestError::BadValue {
            key: "play".to_owned(),
            reason: error.to_string(),
        })?;
    }
    let reply = if game.is_over() {
        None
    } else {
        defence(database, &game)
    };
    if let Some(house) = reply {
        // The database's move, among the legal ones it ranked.
        let _ = game.play(house);
    }
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("keeps");
    match keeps {
        Some(keeps) => json.bool(keeps),
        None => json.null(),
    };
    json.key("reply");
    match reply {
        Some(house) => json.string(&house.to_string()),
        None => json.null(),
    };
    json.key("result");
    match judge(database, &game) {
        Probe::Decided(_, Winner::Draw) => json.string("draw"),
        Probe::Decided(_, Winner::Seat(seat)) => {
            json.string("win").key("winner").string(seat.name())
        }
        Probe::Open(_) | Probe::Outside => json.null(),
    };
    json.end_object();
    Ok(json.finish())
}

#[cfg(test)]
mod tests {
    use oware_egdb::Ruleset;

    use super::*;

    #[test]
    fn the_grades_list_the_shipped_endings_easiest_first() {
        let set = PuzzleSet::shipped();
        let text = grades();
        for grade in GRADES {
            let endings = set.endings(grade);
            let first = endings.first().expect("every grade has endings");
            let needle = format!(
                r#"{{"fewest":{},"most":{},"endings":[{{"id":"{}","rules":"{}","start":"{}","#,
                grade.fewest,
                grade.most,
                first.id(),
                first.rules(),
                first.start().to_fen()
            );
            assert!(text.contains(&needle), "{needle}");
            // The last one listed is the PER_GRADE-th easiest.
            let last = endings[PER_GRADE.min(endings.len()) - 1];
            assert!(text.contains(&format!(r#""id":"{}""#, last.id())));
        }
        assert_eq!(text.matches(r#""id":"#).count(), PER_GRADE * GRADES.len());
    }

    /// South to move wins (the database): A and D are quiet, F takes 2 and
    /// lets the win slip.
    const SLIP: &str = "start=1-0-0-1-0-1-1-0-0-0-0-1-21-22-S";

    #[test]
    fn a_capture_that_lets_the_win_slip_is_told_at_once() {
        let database = Database::build(Ruleset::Abapa, 6);
        let slipped = answer(&database, &format!("{SLIP} play=F"));
        assert!(
            slipped.starts_with(r#"{"ok":true,"keeps":false,"reply":""#),
            "{slipped}"
        );
        // A quiet move: the start could come back, so nothing is claimed.
        let quiet = answer(&database, &format!("{SLIP} play=A"));
        assert!(
            quiet.starts_with(r#"{"ok":true,"keeps":null,"reply":""#),
            "{quiet}"
        );
    }

    #[test]
    fn the_database_replies_and_a_won_game_needs_no_reply() {
        let database = Database::build(Ruleset::Abapa, 6);
        // Without a move: the database's move for the side to move now (the
        // player's best, as a hint).
        let start = "start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S";
        assert_eq!(
            answer(&database, start),
            r#"{"ok":true,"keeps":null,"reply":"F","result":null}"#
        );
        // From the slip's start, D is quiet (nothing claimed) and North's
        // reply by the database captures; after it the database speaks
        // again: D let the win slip too, and North now wins.
        assert_eq!(
            answer(&database, &format!("{SLIP} play=D")),
            r#"{"ok":true,"keeps":null,"reply":"f","result":"win","winner":"north"}"#
        );
        // South wins at once with F here (26 seeds), and F ends the game
        // from the start above too: no reply, nothing more to prove.
        for game in [
            "start=0-0-0-0-0-1-1-0-0-0-1-1-24-20-S play=F",
            &format!("{start} play=F"),
        ] {
            assert_eq!(
                answer(&database, game),
                r#"{"ok":true,"keeps":true,"reply":null,"result":null}"#
            );
        }
    }

    #[test]
    fn illegal_moves_and_bad_requests_are_refused_with_the_reason() {
        let database = Database::build(Ruleset::Abapa, 4);
        let refused = answer(&database, &format!("{SLIP} play=B"));
        assert_eq!(
            refused,
            r#"{"ok":false,"error":"bad value for `play`: B is not a legal move here"}"#
        );
        assert!(answer(&database, "colour=red").contains("unknown request key `colour`"));
        // Outside the database (the opening): nothing claimed, no reply.
        assert_eq!(
            answer(&database, "play=E"),
            r#"{"ok":true,"keeps":null,"reply":null,"result":null}"#
        );
    }
}
