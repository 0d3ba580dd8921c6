//! The page's endgame practice: the graded sets (oware-puzzle's
//! [`GRADES`], their endings from the shipped set, easiest first), and,
//! answered by the endgame worker from the database it holds, a practice
//! session by oware-puzzle's [`Practice`]: each move judged, the
//! defender's reply (the longest resistance), the hint, Retry's way back.
//!
//! The grades come from the module on the page (it carries the set); the
//! moves are judged in the endgame worker, beside the database.

use std::sync::OnceLock;

use oware_core::{House, Winner};
use oware_egdb::Database;
use oware_puzzle::{GRADES, Judgement, Practice, PuzzleSet, seeds_on_board};

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

/// Answers a practice request (see [`PRACTICE_KEYS`]) from `database`,
/// by oware-puzzle's [`Practice`] (the rules the terminal's practice plays
/// by): the session is rebuilt from the start, the player's moves played
/// and judged, the defender's replayed as its defence (a move that is not
/// is refused), then `play` is judged and the defender replies.
///
/// `{"ok":true,"goal":..,"keeps":..,"reply":..,"now":..,"slipped":..,"reached":..,"retry":..,"hint":..}`:
/// `goal`, what the player is to force (`"win"` or `"draw"`: the
/// database's result at the start); `keeps`, what the database proves of
/// `play` (`true`: the goal is still in hand; `false`: `play` let it slip,
/// said at once; `null` without `play`, or where it proves nothing new: an
/// earlier position can come back after a quiet move); `reply`, the
/// defender's move after `play` (`null` when the game is over or it is the
/// player's turn); `now`, where a slip is said (by `play`, or by the
/// reply: a capture lets the database speak again), the result with best
/// play (`"draw"`, or the seat that wins), else `null`; `slipped`, whether
/// a slip was proved since the start or the last retry; `reached`, whether
/// the game is over with the goal reached (`null` while it goes on);
/// `retry`, the moves to keep on Retry (up to the last position where the
/// goal was proved in hand); `hint`, the player's move that keeps the goal
/// and makes progress (`null` when it is not the player's turn). A start
/// with nothing to practise (the side to move loses, the database does not
/// hold it or cannot settle it) is refused with the reason.
#[must_use]
pub fn answer(database: &Database, request: &str) -> String {
    match respond(database, request) {
        Ok(json) => json,
        Err(error) => error_json(&error),
    }
}

/// A refusal of `key`'s value, for `reason`.
fn bad(key: &str, reason: String) -> String {
    RequestError::BadValue {
        key: key.to_owned(),
        reason,
    }
    .to_string()
}

fn respond(database: &Database, text: &str) -> Result<String, String> {
    let request = Request::parse(text, &PRACTICE_KEYS).map_err(|e| e.to_string())?;
    let game = request.game().map_err(|e| e.to_string())?;
    let play = request.parsed::<House>("play").map_err(|e| e.to_string())?;
    let mut practice =
        Practice::new(database, game.start(), game.rules()).map_err(|e| e.to_string())?;
    for (ply, &house) in game.moves().iter().enumerate() {
        if practice.game().position().to_move() == practice.solver() {
            practice
                .play(database, house)
                .map_err(|error| bad("moves", format!("{house} (move {}): {error}", ply + 1)))?;
        } else if practice.defend(database).map(|(reply, _)| reply) != Some(house) {
            return Err(bad(
                "moves",
                format!("{house} (move {}) is not the database's defence", ply + 1),
            ));
        }
    }
    let mut keeps = None;
    let mut now = None;
    if let Some(house) = play {
        let game = practice.game();
        if game.is_over() || !game.legal_moves().contains(house) {
            return Err(bad("play", format!("{house} is not a legal move here")));
        }
        match practice.play(database, house) {
            Ok(Judgement::Keeps) => keeps = Some(true),
            Ok(Judgement::Slipped { now: result, .. }) => {
                keeps = Some(false);
                now = Some(result);
            }
            Ok(Judgement::Unknown) => {}
            Err(error) => return Err(bad("play", error.to_string())),
        }
    }
    let reply = practice.defend(database).map(|(reply, judgement)| {
        if let Judgement::Slipped { now: result, .. } = judgement {
            now = Some(result);
        }
        reply
    });
    let mut back = practice.clone();
    back.retry();
    let retry: String = back.game().moves().iter().map(House::to_string).collect();
    let hint = if practice.game().position().to_move() == practice.solver() {
        practice.hint(database)
    } else {
        None
    };
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("goal").string(practice.goal().name());
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
    json.key("now");
    match now {
        Some(Winner::Draw) => json.string("draw"),
        Some(Winner::Seat(seat)) => json.string(seat.name()),
        None => json.null(),
    };
    json.key("slipped").bool(practice.slipped());
    json.key("reached");
    match practice.reached() {
        Some(reached) => json.bool(reached),
        None => json.null(),
    };
    json.key("retry").string(&retry);
    json.key("hint");
    match hint {
        Some(house) => json.string(&house.to_string()),
        None => json.null(),
    };
    json.end_object();
    Ok(json.finish())
}

#[cfg(test)]
mod tests {
    use oware_core::{Game, Position, Rules, Transcript};
    use oware_egdb::Ruleset;
    use oware_puzzle::defence;

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
    fn a_capture_that_lets_the_win_slip_is_told_at_once_and_retry_goes_back_to_the_start() {
        let database = Database::build(Ruleset::Abapa, 6);
        // North's reply ends the game short of the win.
        assert_eq!(
            answer(&database, &format!("{SLIP} play=F")),
            r#"{"ok":true,"goal":"win","keeps":false,"reply":"f","now":"draw","slipped":true,"reached":false,"retry":"","hint":null}"#
        );
        // A quiet move: the start could come back, so nothing is claimed.
        let quiet = answer(&database, &format!("{SLIP} play=A"));
        assert!(
            quiet.starts_with(r#"{"ok":true,"goal":"win","keeps":null,"reply":""#),
            "{quiet}"
        );
        assert!(quiet.contains(r#""now":null,"slipped":false"#), "{quiet}");
    }

    #[test]
    fn a_slip_a_quiet_move_hid_is_said_after_the_defenders_capture() {
        let database = Database::build(Ruleset::Abapa, 6);
        // D is quiet (nothing claimed); North's reply f captures, and the
        // database speaks again: D let the win slip, North now wins. Retry
        // goes back to the start, the last position proved in hand.
        assert_eq!(
            answer(&database, &format!("{SLIP} play=D")),
            r#"{"ok":true,"goal":"win","keeps":null,"reply":"f","now":"north","slipped":true,"reached":null,"retry":"","hint":"E"}"#
        );
        // Played on, the defender's moves replayed as its defence: the slip
        // stays proved, and is not said again.
        let on = answer(&database, &format!("{SLIP} moves=Df"));
        assert!(
            on.contains(r#""keeps":null,"reply":null,"now":null,"slipped":true"#),
            "{on}"
        );
    }

    #[test]
    fn the_hint_keeps_the_goal_and_a_won_game_needs_no_reply() {
        let database = Database::build(Ruleset::Abapa, 6);
        let start = "start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S";
        assert_eq!(
            answer(&database, start),
            r#"{"ok":true,"goal":"win","keeps":null,"reply":null,"now":null,"slipped":false,"reached":null,"retry":"","hint":"F"}"#
        );
        // F ends the game with South's win: no reply, the goal reached.
        assert_eq!(
            answer(&database, &format!("{start} play=F")),
            r#"{"ok":true,"goal":"win","keeps":true,"reply":null,"now":null,"slipped":false,"reached":true,"retry":"","hint":null}"#
        );
    }

    /// Follows, from `start` under abapa, the player's moves `choose` gives
    /// for the answer to the game so far and the moves, until the game is
    /// over; returns the last answer.
    fn follow(database: &Database, start: &str, choose: impl Fn(&str, &str) -> String) -> String {
        let mut moves = String::new();
        loop {
            let now = answer(database, &format!("{start} moves={moves}"));
            let house = choose(&now, &moves);
            let after = answer(database, &format!("{start} moves={moves} play={house}"));
            assert!(after.starts_with(r#"{"ok":true"#), "{after}");
            if !after.contains(r#""reached":null"#) {
                return after;
            }
            moves.push_str(&house);
            if let Some(reply) = after.split(r#""reply":""#).nth(1) {
                moves.push_str(&reply[..1]);
            }
            assert!(moves.len() < 400, "the game ends: {moves}");
        }
    }

    #[test]
    fn following_the_hints_wins_where_the_databases_move_walks_into_a_repetition() {
        // North to move wins (a shipped ending, 7 seeds).
        let start = "start=0-0-0-0-1-2-0-0-1-0-2-1-23-18-N";
        let database = Database::build(Ruleset::Abapa, 7);
        let hinted = follow(&database, start, |now, _| {
            let hint = now.split(r#""hint":""#).nth(1).expect("a hint");
            hint[..1].to_owned()
        });
        assert!(
            hinted.contains(r#""slipped":false,"reached":true"#),
            "{hinted}"
        );
        // The database's move alone (the side to move's best value) wanders
        // among positions of the same value until a repetition ends the
        // game short of the win.
        let fen = Position::from_fen(&start["start=".len()..]).unwrap();
        let plain = follow(&database, start, |_, moves| {
            let transcript = Transcript::parse_from(moves, fen.to_move()).unwrap();
            let game = Game::replay(fen, Rules::ABAPA, &transcript).unwrap();
            let best = defence(&database, &game).expect("the database's move");
            best.to_string()
        });
        assert!(plain.contains(r#""reached":false"#), "{plain}");
    }

    #[test]
    fn illegal_moves_and_bad_requests_are_refused_with_the_reason() {
        let database = Database::build(Ruleset::Abapa, 6);
        let refused = answer(&database, &format!("{SLIP} play=B"));
        assert_eq!(
            refused,
            r#"{"ok":false,"error":"bad value for `play`: B is not a legal move here"}"#
        );
        assert!(answer(&database, "colour=red").contains("unknown request key `colour`"));
        // Outside the database (the opening), and a start the side to move
        // loses: nothing to practise.
        assert_eq!(
            answer(&database, "play=E"),
            r#"{"ok":false,"error":"the endgame database does not hold this position under its rules: nothing to practise"}"#
        );
        assert_eq!(
            answer(&database, "start=1-0-0-0-0-0-1-1-0-1-0-0-23-21-S"),
            r#"{"ok":false,"error":"South to move loses this with best play; nothing to practise"}"#
        );
        // A defender's move that is not the database's defence.
        let wrong = answer(&database, &format!("{SLIP} moves=Da"));
        assert!(
            wrong.contains("bad value for `moves`: a (move 2) is not the database's defence"),
            "{wrong}"
        );
    }
}
