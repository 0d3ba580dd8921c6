//! The state of a game as the page draws it: counts, legal moves, the path
//! each legal sowing would take, the last move and its capture, the outcome.

use oware_core::{Game, House, Outcome, Position, Seat};

use crate::json::Json;
use crate::proof::Proof;
use crate::request::{Request, RequestError};

/// The keys a state request takes: `rules`, `start`, `moves`, `play` (a house to
/// try after the moves; refused with the reason when illegal), and with
/// `play` the proofs the page holds for the position before it, the
/// search's `proof` and the endgame database's `endgame` (see
/// [`crate::proof`]): the answer says what of each holds after the move.
pub const STATE_KEYS: [&str; 6] = ["rules", "start", "moves", "play", "proof", "endgame"];

/// Answers a state request (see [`STATE_KEYS`]) with the game as JSON, or
/// `{"ok":false,"error":...}` saying why it was refused.
///
/// ```
/// let text = oware_web::state::answer("moves=E play=c");
/// assert!(text.contains(r#""moves":"Ec""#));
/// let text = oware_web::state::answer("moves=E play=A");
/// assert!(text.contains(r#""error":"house A is South's, and North is to move""#));
/// ```
#[must_use]
pub fn answer(request: &str) -> String {
    match state(request) {
        Ok(json) => json,
        Err(error) => error_json(&error.to_string()),
    }
}

/// `{"ok":false,"error":message}`.
#[must_use]
pub fn error_json(message: &str) -> String {
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(false);
    json.key("error").string(message);
    json.end_object();
    json.finish()
}

fn state(text: &str) -> Result<String, RequestError> {
    let request = Request::parse(text, &STATE_KEYS)?;
    let mut game = request.game()?;
    let proofs = [
        ("proof", request.parsed::<Proof>("proof")?),
        ("endgame", request.parsed::<Proof>("endgame")?),
    ];
    let Some(house) = request.parsed::<House>("play")? else {
        return Ok(describe(&game));
    };
    let mover = game.position().to_move();
    if let Err(error) = game.play(house) {
        let mut json = Json::new();
        json.begin_object();
        json.key("ok").bool(false);
        json.key("illegal").string(&house.to_string());
        json.key("error").string(&error.to_string());
        json.end_object();
        return Ok(json.finish());
    }
    Ok(describe_with(&game, |json| {
        for (key, proof) in &proofs {
            json.key(key);
            match proof.as_ref().and_then(|p| p.after(house, mover)) {
                Some(carried) => carried.write(json),
                None => {
                    json.null();
                }
            }
        }
    }))
}

/// The game as the JSON object the page draws from.
#[must_use]
pub fn describe(game: &Game) -> String {
    describe_with(game, |_| {})
}

/// [`describe`], with the fields `extra` writes at the end.
fn describe_with(game: &Game, extra: impl FnOnce(&mut Json)) -> String {
    let position = game.position();
    let board = position.board();
    let legal = game.legal_moves();
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("rules").string(&game.rules().to_string());
    match game.rules().move_limit() {
        Some(limit) => json.key("moveLimit").number(f64::from(limit)),
        None => json.key("moveLimit").null(),
    };
    write_game(&mut json, game);
    json.key("cells").begin_array();
    for count in board.to_cells() {
        json.number(f64::from(count));
    }
    json.end_array();
    json.key("toMove").string(position.to_move().name());
    json.key("legal").string(&legal.to_string());
    json.key("sowings").begin_object();
    for house in legal {
        json.key(&house.to_string());
        write_houses(&mut json, position.board().sowing_path(house));
    }
    json.end_object();
    json.key("last");
    match last_move(game) {
        Some(last) => {
            json.begin_object();
            json.key("house").string(&last.house.to_string());
            json.key("seat").string(last.house.seat().name());
            json.key("sown");
            write_houses(&mut json, last.sown);
            json.key("captured");
            write_houses(&mut json, last.captured);
            json.key("seeds").number(f64::from(last.seeds));
            json.end_object();
        }
        None => {
            json.null();
        }
    }
    json.key("movesWithoutCapture")
        .number(f64::from(game.moves_without_capture()));
    json.key("occurrences").number(game.occurrences() as f64);
    json.key("outcome");
    match game.outcome() {
        Some(outcome) => {
            json.begin_object();
            match outcome.winner {
                Some(seat) => json.key("winner").string(seat.name()),
                None => json.key("winner").null(),
            };
            json.key("reason").string(&outcome.reason.to_string());
            json.key("text").string(&outcome.to_string());
            json.key("seeds").begin_array();
            for seat in Seat::ALL {
                json.number(f64::from(outcome.seeds[seat]));
            }
            json.end_array();
            write_ending(&mut json, game, &outcome);
            json.end_object();
        }
        None => {
            json.null();
        }
    }
    extra(&mut json);
    json.end_object();
    json.finish()
}

/// `"ending":..,"gather":[..],"cells":[..]`: why the seeds left on the board
/// went to the stores (`null` when the game ended by captures), each house's
/// seeds and the store they go to, and the board once they are there.
fn write_ending(json: &mut Json, game: &Game, outcome: &Outcome) {
    let board = game.position().board();
    match crate::ending::sentence(game, outcome) {
        Some(text) => json.key("ending").string(&text),
        None => json.key("ending").null(),
    };
    let gathered = crate::ending::gathering(board, outcome);
    json.key("gather").begin_array();
    for g in &gathered {
        json.begin_object();
        json.key("house").number(g.house.index() as f64);
        json.key("seat").string(g.seat.name());
        json.key("seeds").number(f64::from(g.seeds));
        json.end_object();
    }
    json.end_array();
    json.key("cells").begin_array();
    for count in crate::ending::final_cells(board, &gathered) {
        json.number(f64::from(count));
    }
    json.end_array();
}

/// `"start":..,"moves":..`: the game as the page names it, its set-up start
/// as a fen (`null` from the opening) and its moves.
pub fn write_game(json: &mut Json, game: &Game) {
    json.key("start");
    if game.start() == Position::OPENING {
        json.null();
    } else {
        json.string(&game.start().to_fen());
    }
    json.key("moves").string(&game.transcript().to_string());
}

fn write_houses(json: &mut Json, houses: impl IntoIterator<Item = House>) {
    json.begin_array();
    for house in houses {
        json.number(house.index() as f64);
    }
    json.end_array();
}

/// The last move of a game and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The house sown.
    pub house: House,
    /// The houses sown into, in order.
    pub sown: Vec<House>,
    /// The houses captured (none for a grand slam), last sown first.
    pub captured: Vec<House>,
    /// The seeds captured.
    pub seeds: u8,
}

/// The last move of `game`, if any, and what it sowed and captured.
#[must_use]
pub fn last_move(game: &Game) -> Option<LastMove> {
    let &house = game.moves().last()?;
    let before = game.positions()[game.positions().len() - 2];
    let after = game.position();
    let sown = before.board().sowing_path(house).collect();
    let mover = before.to_move();
    let seeds = after.board().store(mover) - before.board().store(mover);
    let captured = before.captures(house).houses().collect();
    Some(LastMove {
        house,
        sown,
        captured,
        seeds,
    })
}

#[cfg(test)]
mod tests {
    use super::{answer, last_move};
    use oware_core::{Game, Rules};

    #[test]
    fn a_move_says_which_proofs_still_hold() {
        // North's proof expects c then A: c keeps it, one move shorter.
        let text = answer("moves=E play=c proof=north:cA endgame=south:");
        assert!(
            text.contains(r#""proof":{"kind":"win","winner":"north","line":"A"}"#),
            "{text}"
        );
        // Any move of North, the losing side, keeps South's database win...
        assert!(
            text.contains(r#""endgame":{"kind":"win","winner":"south","line":""}"#),
            "{text}"
        );
        // ...but a move of the winner off the line does not keep its own.
        let text = answer("moves=E play=d endgame=north:");
        assert!(text.contains(r#""endgame":null"#), "{text}");
        let text = answer("moves=E play=d proof=draw:cA");
        assert!(text.contains(r#""proof":null"#), "{text}");
        assert!(
            answer("moves=E play=c proof=west:c").contains("`west` is not south, north or draw")
        );
    }

    #[test]
    fn opening_state() {
        let text = answer("");
        assert!(text.starts_with(
            r#"{"ok":true,"rules":"abapa","moveLimit":null,"start":null,"moves":"","#
        ));
        assert!(text.contains(r#""cells":[4,4,4,4,4,4,4,4,4,4,4,4,0,0]"#));
        assert!(text.contains(r#""toMove":"south","legal":"ABCDEF""#));
        assert!(text.contains(r#""E":[5,6,7,8]"#));
        assert!(text.contains(r#""last":null"#));
        assert!(text.contains(r#""outcome":null"#));
        assert!(answer("rules=sowing").contains(r#""moveLimit":100"#));
    }

    #[test]
    fn refusals_name_the_reason() {
        assert_eq!(
            answer("play=a"),
            r#"{"ok":false,"illegal":"a","error":"house a is North's, and South is to move"}"#
        );
        assert_eq!(
            answer("moves=Ea play=E"),
            r#"{"ok":false,"illegal":"E","error":"house E is empty"}"#
        );
        assert_eq!(
            answer("play=x"),
            r#"{"ok":false,"error":"bad value for `play`: `x` is not a house: South's are A to F, North's a to f"}"#
        );
    }

    #[test]
    fn last_move_reports_the_capture() {
        // Find, by playing the first legal move, a move that captures.
        let mut game = Game::new(Rules::ABAPA);
        while !game.is_over() {
            let stores = game.position().board().stores();
            let house = game.legal_moves().first().unwrap();
            game.play(house).unwrap();
            let last = last_move(&game).unwrap();
            assert_eq!(last.house, house);
            let gained = game.position().board().stores() != stores;
            assert_eq!(last.seeds > 0, gained);
            assert_eq!(last.captured.is_empty(), !gained);
            if gained {
                assert_eq!(last.captured[0], *last.sown.last().unwrap());
                assert!(last.captured.iter().all(|h| h.seat() != house.seat()));
            }
        }
        let text = answer(&format!("moves={}", game.transcript()));
        assert!(text.contains(r#""outcome":{"winner":"#));
    }

    #[test]
    fn an_unfed_ending_says_where_the_seeds_went() {
        let text = answer("start=0-2-0-0-0-0-0-0-0-0-0-1-23-22-N moves=f");
        assert!(
            text.contains(
                r#""seeds":[26,22],"ending":"South could not feed North: the 3 seeds on South's row go to South.","gather":[{"house":0,"seat":"south","seeds":1},{"house":1,"seat":"south","seeds":2}],"cells":[0,0,0,0,0,0,0,0,0,0,0,0,26,22]}"#
            ),
            "{text}"
        );
    }
}
