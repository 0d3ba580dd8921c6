//! The search as the page sees it: a request names the game and the level
//! (or plain limits), and every event of the engine is handed on as JSON
//! while it searches, then the result.

use core::sync::atomic::AtomicBool;

use core::time::Duration;

use oware_core::{House, Seat};
use oware_player::Level;
use oware_search::{ClockFn, Engine, EngineOptions, Event, Limits, Score, SearchResult, SeatClock};

use crate::json::Json;
use crate::proof::Proof;
use crate::request::{Request, RequestError};
use crate::state::error_json;

/// The keys a search request takes: `rules`, `start` and `moves` name the game;
/// `level` (1–19) and `seed` choose a move as the bot plays at that level
/// (from the opening book at levels 15-19, where it holds the position);
/// otherwise `depth`, `nodes` and `ms` (milliseconds) limit a plain search.
/// `judge` names a house: the move played next in the game, judged against
/// the search's (see [`oware_player::judge`]) in the result's `judgement`.
/// `wtime`, `btime`, `winc` and `binc` are a game on a clock as the engine
/// protocol gives it (`w` South, `b` North; milliseconds): what is left on
/// each seat's clock and what each gains after a move. The search plans
/// its own time from the mover's; beside a level's time (or `ms`) the
/// sooner deadline holds (see [`Limits`]).
pub const SEARCH_KEYS: [&str; 13] = [
    "rules", "start", "moves", "level", "seed", "depth", "nodes", "ms", "judge", "wtime", "btime",
    "winc", "binc",
];

/// The engine's transposition table in the browser, in megabytes.
pub const HASH_MB: usize = 32;

/// A fresh engine with the browser's settings: one thread, [`HASH_MB`], and
/// `clock` for time limits (in a browser, `performance.now()`; `None` for
/// the standard clock, which `wasm32-unknown-unknown` does not have).
#[must_use]
pub fn engine(clock: Option<ClockFn>) -> Engine {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(HASH_MB));
    engine.set_clock(clock);
    engine
}

/// Runs the search a request asks for on `engine`, passing every event to
/// `on_event` as JSON, and answers with the result as JSON (or an error).
///
/// Events are `{"type":"start",...}` with the limits (see [`start_json`]),
/// `{"type":"root",...}` when one root move's score at a depth is
/// known and `{"type":"iteration",...}` when a depth completes; the answer is
/// `{"type":"result",...}`. Every score carries the engine's own text (its
/// `Display`), its centi-seeds and what it proves, from the mover's view.
pub fn answer(engine: &mut Engine, request: &str, on_event: &mut dyn FnMut(&str)) -> String {
    match search(engine, request, on_event) {
        Ok(json) => json,
        Err(error) => error_json(&error.to_string()),
    }
}

fn search(
    engine: &mut Engine,
    text: &str,
    on_event: &mut dyn FnMut(&str),
) -> Result<String, RequestError> {
    let request = Request::parse(text, &SEARCH_KEYS)?;
    let game = request.game()?;
    let stop = AtomicBool::new(false);
    let level = request
        .parsed::<u8>("level")?
        .map(|level| {
            Level::new(level).map_err(|error| RequestError::BadValue {
                key: "level".to_owned(),
                reason: error.to_string(),
            })
        })
        .transpose()?;
    let mut limits = match level {
        Some(level) => level.limits(),
        None => Limits {
            depth: request.parsed("depth")?,
            nodes: request.parsed("nodes")?,
            time: millis(&request, "ms")?,
            clock: None,
        },
    };
    // The mover's clock, as the search plans from it: the page sends both
    // seats' clocks under the protocol's names (`wtime` is South's).
    let (remaining, increment) = match game.position().to_move() {
        Seat::South => ("wtime", "winc"),
        Seat::North => ("btime", "binc"),
    };
    if let Some(remaining) = millis(&request, remaining)? {
        limits.clock = Some(SeatClock {
            remaining,
            increment: millis(&request, increment)?.unwrap_or_default(),
            moves_to_go: None,
        });
    }
    let seed = request.parsed::<u64>("seed")?.unwrap_or(0);
    let judged = request.parsed::<House>("judge")?;
    let Some(level) = level else {
        // Analysis mode: every root move gets an exact score, the chalk
        // under each house.
        engine.set_analysis(true);
        on_event(&start_json(&limits));
        let mut forward = |event: &Event| on_event(&event_json(event));
        let result = engine.search(&game, &limits, &stop, &mut forward);
        return Ok(result_with(&result, false, judged));
    };
    // The bot at a level plays as in `oware play`, every house scored:
    // levels 15-19 open from the book, at once and without events, so the
    // start is told with the search's first event.
    let mut started = false;
    let mut forward = |event: &Event| {
        if !started {
            started = true;
            on_event(&start_json(&limits));
        }
        on_event(&event_json(event));
    };
    let chosen = crate::book::bot(level).scoring_every_move().choose(
        engine,
        &game,
        Some(&limits),
        seed,
        &stop,
        &mut forward,
    );
    Ok(result_with(&chosen.result, chosen.from_book, judged))
}

/// The value of `key` as milliseconds, if given.
fn millis(request: &Request, key: &str) -> Result<Option<Duration>, RequestError> {
    Ok(request.parsed::<u64>(key)?.map(Duration::from_millis))
}

/// `{"type":"start","limits":{"depth":..,"nodes":..,"ms":..,"clock":..}}`:
/// the limits the search runs under (each `null` when unlimited; `clock`
/// the mover's `{"remaining":ms,"increment":ms}`), sent before it starts.
#[must_use]
pub fn start_json(limits: &Limits) -> String {
    let mut json = Json::new();
    json.begin_object();
    json.key("type").string("start");
    json.key("limits").begin_object();
    let numbers = [
        ("depth", limits.depth.map(f64::from)),
        ("nodes", limits.nodes.map(|n| n as f64)),
        ("ms", limits.time.map(|t| t.as_secs_f64() * 1000.0)),
    ];
    for (key, value) in numbers {
        json.key(key);
        match value {
            Some(value) => json.number(value),
            None => json.null(),
        };
    }
    json.key("clock");
    match limits.clock {
        Some(clock) => {
            json.begin_object();
            json.key("remaining")
                .number(clock.remaining.as_secs_f64() * 1000.0);
            json.key("increment")
                .number(clock.increment.as_secs_f64() * 1000.0);
            json.end_object();
        }
        None => {
            json.null();
        }
    }
    json.end_object();
    json.end_object();
    json.finish()
}

/// `{"type":"panic","message":..}`: the event the module sends when it
/// panics, before it traps, so that a bug shows its message.
#[must_use]
pub fn panic_json(message: &str) -> String {
    let mut json = Json::new();
    json.begin_object();
    json.key("type").string("panic");
    json.key("message").string(message);
    json.end_object();
    json.finish()
}

/// One event as JSON.
#[must_use]
pub fn event_json(event: &Event) -> String {
    let mut json = Json::new();
    json.begin_object();
    match event {
        Event::RootMove(root) => {
            json.key("type").string("root");
            json.key("depth").number(f64::from(root.depth));
            json.key("house").string(&root.house.to_string());
            json.key("score");
            write_score(&mut json, root.score);
        }
        Event::Iteration(iteration) => {
            json.key("type").string("iteration");
            json.key("depth").number(f64::from(iteration.depth));
            json.key("score");
            write_score(&mut json, iteration.score);
            json.key("best");
            write_house(&mut json, iteration.best);
            json.key("pv").string(&letters(&iteration.pv));
            json.key("rootScores");
            write_root_scores(&mut json, &iteration.root_scores);
            write_proof(
                &mut json,
                iteration.score,
                Some(iteration.best),
                &iteration.pv,
            );
            json.key("nodes").number(iteration.nodes as f64);
            json.key("ms")
                .number(iteration.elapsed.as_secs_f64() * 1000.0);
        }
    }
    json.end_object();
    json.finish()
}

/// A search's result as JSON.
#[must_use]
pub fn result_json(result: &SearchResult) -> String {
    result_with(result, false, None)
}

/// A result as JSON, with `"book":true` after `"type"` when the move is the
/// opening book's (see [`crate::book::bot`]), and, for a `judged` move,
/// its `judgement`: `{"played":score,"best":house,"bestScore":score,"mark":"?"}`
/// (`best` and `bestScore` null when the move is the best, `mark` null or
/// `"?"` or `"??"`), or null when the search did not score it.
pub(crate) fn result_with(result: &SearchResult, book: bool, judged: Option<House>) -> String {
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("type").string("result");
    if book {
        json.key("book").bool(true);
    }
    json.key("best");
    write_house(&mut json, result.best);
    json.key("depth").number(f64::from(result.depth));
    json.key("score");
    write_score(&mut json, result.score);
    json.key("pv").string(&letters(&result.pv));
    json.key("rootScores");
    write_root_scores(&mut json, &result.root_scores);
    write_proof(&mut json, result.score, result.best, &result.pv);
    json.key("nodes").number(result.nodes as f64);
    json.key("ms").number(result.elapsed.as_secs_f64() * 1000.0);
    if let Some(played) = judged {
        json.key("judgement");
        write_judgement(
            &mut json,
            oware_player::judge(&result.root_scores, result.best, played),
        );
    }
    json.end_object();
    json.finish()
}

fn write_judgement(json: &mut Json, judgement: Option<oware_player::Judgement>) {
    let Some(judgement) = judgement else {
        json.null();
        return;
    };
    json.begin_object();
    json.key("played");
    write_score(json, judgement.played);
    json.key("best");
    write_house(json, judgement.best.map(|(house, _)| house));
    json.key("bestScore");
    match judgement.best {
        Some((_, score)) => write_score(json, score),
        None => {
            json.null();
        }
    }
    json.key("mark");
    match judgement.mark {
        Some(mark) => json.string(&mark.to_string()),
        None => json.null(),
    };
    json.end_object();
}

fn letters(houses: &[House]) -> String {
    houses.iter().map(|h| h.letter()).collect()
}

fn write_house(json: &mut Json, house: impl Into<Option<House>>) {
    match house.into() {
        Some(house) => json.string(&house.to_string()),
        None => json.null(),
    };
}

fn write_root_scores(json: &mut Json, scores: &[(House, Score)]) {
    json.begin_array();
    for &(house, score) in scores {
        json.begin_array();
        json.string(&house.to_string());
        write_score(json, score);
        json.end_array();
    }
    json.end_array();
}

/// `"proof":..`: what the root's `score` proves, with `best` and the
/// principal variation `pv` (the mover is the best move's seat), or null
/// (see [`crate::proof`]).
fn write_proof(json: &mut Json, score: Score, best: Option<House>, pv: &[House]) {
    json.key("proof");
    match best.and_then(|house| Proof::of_search(score, house.seat(), best, pv)) {
        Some(proof) => proof.write(json),
        None => {
            json.null();
        }
    }
}

/// `{"text":"+2.50","short":"+2.50","centi":250,"proven":null}`: the
/// engine's text and its short form for the chalk (`win 7?` for `likely
/// win in 7`, see [`oware_search::Short`]); `proven` is `"win"`,
/// `"loss"` or `"draw"` with `plies` for wins and losses.
fn write_score(json: &mut Json, score: Score) {
    use oware_search::Proven;
    json.begin_object();
    json.key("text").string(&score.to_string());
    json.key("short")
        .string(&oware_search::Short(score).to_string());
    json.key("centi").number(f64::from(score.to_centi()));
    json.key("proven");
    match score.proven() {
        None => {
            json.null();
        }
        Some(Proven::Draw) => {
            json.string("draw");
        }
        Some(Proven::Win { plies }) => {
            json.string("win");
            json.key("plies").number(f64::from(plies));
        }
        Some(Proven::Loss { plies }) => {
            json.string("loss");
            json.key("plies").number(f64::from(plies));
        }
    }
    json.end_object();
}

#[cfg(test)]
mod tests {
    use super::{answer, engine, start_json};
    use oware_player::Level;

    /// Runs a request and returns the events and the answer.
    /// Asserts that `request` is refused, before any search, for its `key`.
    fn refused_for_bad_value(request: &str, key: &str) {
        let (events, answer) = run(request);
        assert!(events.is_empty(), "{events:?}");
        let expected = format!(r#"{{"ok":false,"error":"bad value for `{key}`"#);
        assert!(answer.starts_with(&expected), "{answer}");
    }

    fn run(request: &str) -> (Vec<String>, String) {
        let mut events = Vec::new();
        let answer = answer(&mut engine(None), request, &mut |json| {
            events.push(json.to_owned());
        });
        (events, answer)
    }

    #[test]
    fn streams_the_search_then_answers() {
        let (events, answer) = run("rules=abapa moves=E depth=4");
        assert_eq!(
            events[0],
            r#"{"type":"start","limits":{"depth":4,"nodes":null,"ms":null,"clock":null}}"#
        );
        assert!(
            events
                .iter()
                .any(|e| e.starts_with(r#"{"type":"root","depth":1,"house":""#))
        );
        let iterations: Vec<_> = events
            .iter()
            .filter(|e| e.starts_with(r#"{"type":"iteration""#))
            .collect();
        assert_eq!(iterations.len(), 4);
        assert!(iterations[3].starts_with(r#"{"type":"iteration","depth":4,"#));
        // North to move: six houses, each with a score at the last depth.
        assert_eq!(iterations[3].matches(r#"["#).count() - 1, 6);
        assert!(answer.starts_with(r#"{"ok":true,"type":"result","best":""#));
        assert!(answer.contains(r#""depth":4,"#));
        let best = answer
            .split(r#""best":""#)
            .nth(1)
            .unwrap()
            .chars()
            .next()
            .unwrap();
        assert!(('a'..='f').contains(&best));
    }

    #[test]
    fn plays_at_a_level_scoring_every_house() {
        // The gentlest level (with noise) and the first without noise.
        let quiet = (1..=19)
            .find(|&n| Level::new(n).unwrap().noise() == 0.0)
            .unwrap();
        for level in [1, quiet] {
            let (events, answer) = run(&format!("moves=Ec level={level} seed=7"));
            assert_eq!(events[0], start_json(&Level::new(level).unwrap().limits()));
            assert!(answer.contains(r#""ok":true"#));
            let best = answer.split(r#""best":""#).nth(1).unwrap();
            assert!(('A'..='F').contains(&best.chars().next().unwrap()));
            // The result's score, then one for each of South's five legal
            // houses (E is empty).
            assert_eq!(answer.matches(r#"{"text":"#).count(), 1 + 5, "{answer}");
        }
    }

    #[test]
    fn book_levels_answer_from_the_book_at_once() {
        let (events, answer) = run("rules=abapa moves=F level=19 seed=3");
        // No search: no events, depth 0, the book's moves scored.
        assert!(events.is_empty(), "{events:?}");
        assert!(
            answer.starts_with(r#"{"ok":true,"type":"result","book":true,"best":""#),
            "{answer}"
        );
        assert!(answer.contains(r#""depth":0,"#) && answer.contains(r#""nodes":0,"#));
        // The level below searches.
        let (events, answer) = run("rules=abapa moves=F level=14 seed=3");
        assert!(events[0].starts_with(r#"{"type":"start""#));
        assert!(!answer.contains("book"), "{answer}");
    }

    #[test]
    fn scores_say_what_they_prove() {
        // A heuristic score proves nothing; one move from the end, South can
        // force the win, and the search says so.
        let (_, answer) = run("moves= depth=1");
        assert!(answer.contains(r#""proven":null"#));
        let (_, answer) = run(&format!("moves={} depth=3", crate::tests::NEAR_END));
        assert!(answer.contains(r#""proven":"win","plies":"#), "{answer}");
    }

    #[test]
    fn judges_the_move_played_as_oware_analyze_does() {
        // From the opening, the engine's view of each of South's moves; F
        // is judged against the best.
        let (_, answer) = run("moves= depth=6 judge=F");
        let judgement = answer.split(r#""judgement":"#).nth(1).unwrap();
        assert!(judgement.starts_with(r#"{"played":{"text":"#), "{answer}");
        let (_, best) = run("moves= depth=6");
        let best = best
            .split(r#""best":""#)
            .nth(1)
            .unwrap()
            .chars()
            .next()
            .unwrap();
        let (_, answer) = run(&format!("moves= depth=6 judge={best}"));
        assert!(
            answer.contains(r#""best":null,"bestScore":null,"mark":null}"#),
            "{answer}"
        );
        // One move from the end South wins at once with E; the first other
        // legal move gives that win up.
        let near = crate::tests::NEAR_END;
        let (_, answer) = run(&format!("moves={near} depth=3 judge=E"));
        assert!(
            answer.contains(r#""best":null,"bestScore":null,"mark":null}"#),
            "{answer}"
        );
        let (_, answer) = run(&format!("moves={near} depth=3"));
        let other = ['A', 'B', 'C', 'D', 'F']
            .into_iter()
            .find(|h| answer.contains(&format!(r#"["{h}",{{"text":"#)))
            .expect("another legal move");
        let (_, answer) = run(&format!("moves={near} depth=3 judge={other}"));
        assert!(
            answer.contains(r#""best":"E","#) && answer.ends_with(r#""mark":"??"}}"#),
            "{answer}"
        );
        refused_for_bad_value("moves= depth=2 judge=x", "judge");
    }

    #[test]
    fn hands_the_search_the_movers_clock() {
        // South to move: its clock is wtime and winc; North's is only read.
        let (events, answer) =
            run("moves= level=5 seed=1 wtime=60000 btime=5000 winc=2000 binc=100");
        assert!(answer.contains(r#""ok":true"#), "{answer}");
        assert_eq!(
            events[0],
            r#"{"type":"start","limits":{"depth":3,"nodes":null,"ms":1000,"clock":{"remaining":60000,"increment":2000}}}"#
        );
        // North to move, with no increment given: none.
        let (events, _) = run("moves=E depth=2 wtime=60000 btime=5000");
        assert!(
            events[0].ends_with(r#""clock":{"remaining":5000,"increment":0}}}"#),
            "{events:?}"
        );
        // The mover's clock alone limits a plain search: it finishes.
        let (events, answer) = run("moves=E btime=3000 binc=0");
        assert!(events[0].contains(r#""depth":null,"nodes":null,"ms":null,"clock":{"#));
        assert!(answer.contains(r#""ok":true"#), "{answer}");
        refused_for_bad_value("moves= level=5 wtime=soon", "wtime");
    }

    #[test]
    fn refuses_bad_requests() {
        let (events, answer) = run("level=20");
        assert!(events.is_empty());
        assert_eq!(
            answer,
            r#"{"ok":false,"error":"bad value for `level`: there is no level 20: levels are 1 to 19"}"#
        );
        let (_, answer) = run("moves=EE");
        assert!(answer.contains("is a move by South, but North is to move"));
    }
}
