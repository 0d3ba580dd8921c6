//! Learning from mistakes on the page: the puzzle at a position of the
//! player's own game, proved exactly as the shipped set was (oware-puzzle's
//! [`Prover`] with the shipped set's settings, [`Prover::puzzle_at`]), as
//! text in and JSON out. The page asks it, in a worker of its own, at each
//! position where the analysis found that the player's move threw away a
//! proven result; the puzzle comes back with a `code` that a puzzle request
//! (`crate::puzzle`, `code=`) takes, so it is solved as a shipped one is,
//! without being proved again.
//!
//! The proof is deterministic (fixed depths, one thread, a cleared table),
//! so a position gives the same puzzle, and the same code, every time.

use oware_puzzle::Prover;

use crate::json::Json;
use crate::puzzle::{encode, shipped, write_puzzle};
use crate::request::{Request, RequestError};
use crate::state::error_json;

/// The keys a prove request takes: the game (`rules`, `start` a fen,
/// `moves`), whose position after the moves is proved, as a fresh game.
pub const PROVE_KEYS: [&str; 3] = ["rules", "start", "moves"];

/// The prover the page proves with: the shipped set's settings. Its
/// endgame database is built in memory at its first proof that needs one
/// (12 seeds), and kept.
#[must_use]
pub fn prover() -> Prover {
    Prover::new(shipped().settings())
}

/// Answers a prove request (see [`PROVE_KEYS`]) with
/// `{"ok":true,"puzzle":{..},"code":".."}`: the puzzle at the position, in
/// the JSON of the shipped ones, and its code for a puzzle request; or
/// `{"ok":true,"puzzle":null,"code":null}` where the position holds none;
/// or `{"ok":false,"error":..}`.
///
/// ```
/// let mut prover = oware_web::mistakes::prover();
/// // South takes a's 3 seeds for the 25th with F.
/// let answer = oware_web::mistakes::answer(&mut prover, "start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S");
/// assert!(answer.contains(r#""line":[{"house":"F","#), "{answer}");
/// ```
pub fn answer(prover: &mut Prover, request: &str) -> String {
    match respond(prover, request) {
        Ok(json) => json,
        Err(error) => error_json(&error.to_string()),
    }
}

fn respond(prover: &mut Prover, text: &str) -> Result<String, RequestError> {
    let request = Request::parse(text, &PROVE_KEYS)?;
    let game = request.game()?;
    let puzzle = prover.puzzle_at(game.position(), game.rules());
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("puzzle");
    match &puzzle {
        Some(puzzle) => write_puzzle(&mut json, puzzle, prover.settings()),
        None => {
            json.null();
        }
    }
    json.key("code");
    match &puzzle {
        Some(puzzle) => json.string(&encode(puzzle, prover.settings())),
        None => json.null(),
    };
    json.end_object();
    Ok(json.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// South to move takes a's 3 seeds with F, for the 25th: the position
    /// of oware-puzzle's game thrown away (it sowed B).
    const TWENTY_FIFTH: &str = "start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S";

    /// The code in an answer.
    fn code(answer: &str) -> &str {
        let key = r#""code":""#;
        let at = answer.find(key).expect("a code") + key.len();
        answer[at..].split('"').next().unwrap()
    }

    #[test]
    fn a_thrown_away_win_is_proved_and_solved_by_its_code() {
        let mut prover = prover();
        let proved = answer(&mut prover, TWENTY_FIFTH);
        assert!(
            proved.starts_with(r#"{"ok":true,"puzzle":{"id":"#),
            "{proved}"
        );
        assert!(proved.contains(r#""line":[{"house":"F","#), "{proved}");
        assert!(proved.contains(r#""goal":"win""#), "{proved}");
        // The same position gives the same puzzle: the proof is deterministic.
        assert_eq!(proved, answer(&mut prover, TWENTY_FIFTH));
        // Its code works as a shipped puzzle's id does, with the same JSON.
        let code = code(&proved);
        let puzzle = &proved[r#"{"ok":true,"puzzle":"#.len()..proved.find(r#","code":"#).unwrap()];
        let shown = crate::puzzle::answer(&format!("code={code}"));
        assert!(
            shown.starts_with(&format!(r#"{{"ok":true,"puzzle":{puzzle},"next":"F""#)),
            "{shown}"
        );
        let right = crate::puzzle::answer(&format!("code={code} play=F"));
        assert!(
            right.contains(r#""tried":{"house":"F","right":true,"reply":null,"solved":true}"#),
            "{right}"
        );
        let wrong = crate::puzzle::answer(&format!("code={code} play=B"));
        assert!(wrong.contains(r#""right":false"#), "{wrong}");
    }

    #[test]
    fn a_position_without_a_puzzle_answers_none() {
        let mut prover = prover();
        let answer = answer(&mut prover, "moves=");
        assert_eq!(answer, r#"{"ok":true,"puzzle":null,"code":null}"#);
    }

    #[test]
    fn bad_requests_and_codes_are_refused_with_reasons() {
        let mut prover = prover();
        assert!(answer(&mut prover, "colour=red").contains("unknown request key `colour`"));
        assert!(answer(&mut prover, "moves=EaE").contains("is illegal"));
        let refused = |code: &str| crate::puzzle::answer(&format!("code={code}"));
        assert!(
            refused("xyz").contains("expected hex digits"),
            "{}",
            refused("xyz")
        );
        assert!(refused("00ff").contains("not a puzzle's code"));
        // A code changed by a byte fails the file's checksum.
        let proved = answer(&mut prover, TWENTY_FIFTH);
        let mut damaged = code(&proved).to_owned();
        let last = damaged.pop().unwrap();
        damaged.push(if last == '0' { '1' } else { '0' });
        assert!(
            refused(&damaged).contains("checksum"),
            "{}",
            refused(&damaged)
        );
    }
}
