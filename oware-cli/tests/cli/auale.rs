//! `oware uci` driven exactly as the Aualé GUI drives it, at each of its four
//! strengths: the commands its client sends (read from its source), in its
//! order, over a real game. Every `go` must be answered by exactly one legal
//! `bestmove`, and no line may be an error.

use oware_core::{Game, House, Position, Rules};

use crate::uci::{Engine, best_move};

/// One of Aualé's strengths: the `go` it sends and whether it ponders.
struct Strength {
    go: &'static str,
    ponders: bool,
}

const EASY: Strength = Strength {
    go: "go depth 2 movetime 600",
    ponders: false,
};
const MEDIUM: Strength = Strength {
    go: "go depth 6 movetime 1200",
    ponders: false,
};
const HARD: Strength = Strength {
    go: "go depth 16 movetime 2400",
    ponders: true,
};
const EXPERT: Strength = Strength {
    go: "go movetime 3600",
    ponders: true,
};

/// Aualé's `position` for a game: the board after the last capture (as
/// `startpos` when that is the opening) and the moves since.
fn position_command(game: &Game) -> String {
    let positions = game.positions();
    let mut from = 0;
    for (index, pair) in positions.windows(2).enumerate() {
        if pair[0].board().stores() != pair[1].board().stores() {
            from = index + 1;
        }
    }
    let start = positions[from];
    let mut command = match start == Position::OPENING {
        true => "position startpos".to_owned(),
        false => format!("position fen {}", start.to_fen()),
    };
    let since = &game.moves()[from..];
    if !since.is_empty() {
        command.push_str(" moves ");
        command.extend(since.iter().map(|h| h.letter()));
    }
    command
}

/// The house named by a one-letter word.
fn house(word: &str) -> House {
    let mut letters = word.chars();
    let house = letters.next().and_then(House::from_letter);
    assert!(letters.next().is_none(), "`{word}` is one letter");
    house.unwrap_or_else(|| panic!("`{word}` is a house"))
}

/// Checks the answer to a `go` on `game`: one legal `bestmove`, its
/// `ponder` move legal after it, depths within `max_depth`; returns the
/// move and the expected reply.
fn check_answer(lines: &[String], game: &Game, max_depth: Option<u32>) -> (House, Option<House>) {
    let answers: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(answers.len(), 1, "{lines:?}");
    let best = house(best_move(answers[0]));
    assert!(game.legal_moves().contains(best), "{best} in {lines:?}");
    let reply = answers[0].split(' ').nth(3).map(house);
    if let Some(reply) = reply {
        let mut after = game.clone();
        after.play(best).expect("the best move is legal");
        assert!(after.legal_moves().contains(reply), "{lines:?}");
    }
    for line in lines {
        if let (Some(rest), Some(max)) = (line.strip_prefix("info depth "), max_depth) {
            let depth: u32 = rest.split(' ').next().unwrap().parse().unwrap();
            assert!(depth <= max, "{line} past depth {max}");
        }
    }
    (best, reply)
}

/// The depth limit of a `go` line.
fn depth_of(go: &str) -> Option<u32> {
    let words: Vec<&str> = go.split(' ').collect();
    let at = words.iter().position(|w| *w == "depth")?;
    words[at + 1].parse().ok()
}

/// The user's move: the expected reply if `play_expected` and it is legal,
/// else the last legal move that is not the expected one (if any).
fn user_move(game: &Game, expected: Option<House>, play_expected: bool) -> House {
    let legal = game.legal_moves();
    match expected {
        Some(house) if play_expected && legal.contains(house) => house,
        _ => legal
            .iter()
            .rev()
            .find(|&h| Some(h) != expected)
            .or_else(|| legal.iter().next_back())
            .expect("the game goes on"),
    }
}

/// What a game against the engine gave.
struct Played {
    /// Every line the engine wrote.
    lines: Vec<String>,
    /// Ponder searches ended by `stop`.
    stops: usize,
    /// Ponder searches ended by `ponderhit`.
    hits: usize,
    /// `position fen` commands sent (a capture had been made).
    fens: usize,
}

/// Plays a game against the engine as Aualé would, the engine as North.
/// With `ponderhit`, a user who plays the expected move is answered with
/// `ponderhit` (a GUI that follows UCI to the letter); Aualé itself always
/// sends `stop` and a new `go`.
fn play(strength: &Strength, engine_moves: usize, own_book: bool, ponderhit: bool) -> Played {
    let mut engine = Engine::start();
    let mut all = Vec::new();
    // The start: `uci`, the strength's options, a new match.
    all.extend(engine.exchange("uci"));
    all.extend(engine.exchange(&format!("setoption name OwnBook value {own_book}")));
    all.extend(engine.exchange("ucinewgame"));
    all.extend(engine.exchange("isready"));
    let mut game = Game::new(Rules::AUALE);
    let mut expected = None;
    let mut pondering = false;
    let (mut stops, mut hits, mut fens) = (0, 0, 0);
    let mut position = |engine: &mut Engine, game: &Game| {
        let command = position_command(game);
        fens += usize::from(command.starts_with("position fen"));
        assert_eq!(engine.exchange(&command), Vec::<String>::new());
    };
    for _ in 0..engine_moves {
        // The user (South) moves.
        let played = user_move(&game, expected, ponderhit);
        let hit = pondering && ponderhit && Some(played) == expected;
        if pondering && !hit {
            // Aualé stops the ponder search and waits for its `bestmove`.
            engine.send("stop");
            let lines = engine.until("bestmove");
            let mut pondered = game.clone();
            pondered
                .play(expected.expect("it ponders on a move"))
                .unwrap();
            check_answer(&lines, &pondered, None);
            all.extend(lines);
            stops += 1;
        }
        game.play(played).expect("the user's move is legal");
        if game.is_over() {
            break;
        }
        let lines = if hit {
            hits += 1;
            engine.send("ponderhit");
            engine.until("bestmove")
        } else {
            position(&mut engine, &game);
            engine.exchange(strength.go)
        };
        let (best, reply) = check_answer(&lines, &game, depth_of(strength.go));
        all.extend(lines);
        game.play(best).expect("the engine's move is legal");
        if game.is_over() {
            break;
        }
        // At hard and expert, think on the user's time about the move expected.
        pondering = strength.ponders && reply.is_some();
        expected = reply;
        if pondering {
            let mut pondered = game.clone();
            pondered.play(reply.expect("a reply")).unwrap();
            position(&mut engine, &pondered);
            let go = match ponderhit {
                true => format!("go ponder {}", strength.go.trim_start_matches("go ")),
                false => "go ponder".to_owned(),
            };
            engine.send(&go);
        }
    }
    if pondering {
        engine.send("stop");
        all.extend(engine.until("bestmove"));
        stops += 1;
    }
    // Exactly one answer per `go`: nothing is left to come.
    let rest = engine.exchange("isready");
    assert_eq!(rest, ["readyok"]);
    all.extend(engine.quit());
    let errors: Vec<&String> = all.iter().filter(|l| l.contains("error")).collect();
    assert!(errors.is_empty(), "{errors:?}");
    Played {
        lines: all,
        stops,
        hits,
        fens,
    }
}

#[test]
fn easy() {
    let game = play(&EASY, 40, false, false);
    assert_eq!((game.stops, game.hits), (0, 0));
    assert!(game.fens > 0);
}

#[test]
fn medium() {
    let game = play(&MEDIUM, 12, false, false);
    assert_eq!((game.stops, game.hits), (0, 0));
}

#[test]
fn hard_ponders_and_is_stopped() {
    let game = play(&HARD, 3, true, false);
    assert!(game.stops >= 2, "{}", game.stops);
    assert!(
        game.lines
            .iter()
            .any(|l| l.starts_with("info string OwnBook"))
    );
}

#[test]
fn expert_ponders_and_is_stopped() {
    let game = play(&EXPERT, 3, true, false);
    assert!(game.stops >= 2, "{}", game.stops);
}

#[test]
fn hard_with_ponderhit() {
    let game = play(&HARD, 3, false, true);
    assert!(game.hits >= 1, "{}", game.hits);
}

#[test]
fn the_engine_is_told_the_board_after_the_last_capture() {
    // A game with captures: the board after the last one, and the moves since.
    let mut game = Game::new(Rules::AUALE);
    for letter in "FfEcAeEfAaCcAeDaFaBcFfAeAfAdAaEfDeEa".chars() {
        game.play(House::from_letter(letter).unwrap()).unwrap();
    }
    let command = position_command(&game);
    assert!(command.starts_with("position fen "), "{command}");
    // Played from that board, the moves lead to the same position.
    let words: Vec<&str> = command.split(' ').collect();
    let fen = Position::from_fen(words[2]).unwrap();
    let mut replay = Game::from_position(fen, Rules::AUALE);
    for letter in words.get(4).unwrap_or(&"").chars() {
        replay.play(House::from_letter(letter).unwrap()).unwrap();
    }
    assert_eq!(replay.position(), game.position());
    assert_eq!(
        position_command(&Game::new(Rules::AUALE)),
        "position startpos"
    );
}

/// A game under [`Rules::AUALE`] that ended by repetition, from simple
/// seeded pseudo-random play.
fn a_game_ended_by_repetition() -> Game {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    loop {
        let mut game = Game::new(Rules::AUALE);
        while !game.is_over() {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let moves: Vec<House> = game.legal_moves().iter().collect();
            let pick = usize::try_from(state >> 33).unwrap() % moves.len();
            game.play(moves[pick]).unwrap();
        }
        if game.outcome().unwrap().reason == oware_core::EndReason::FirstRepetition {
            return game;
        }
    }
}

#[test]
fn by_default_the_first_repetition_ends_the_game() {
    let game = a_game_ended_by_repetition();
    let mut engine = Engine::start();
    engine.exchange(&position_command(&game));
    // Over under Aualé's rules: no move to give.
    assert_eq!(
        engine.exchange("go depth 2").last().unwrap(),
        "bestmove 0000"
    );
    // Under abapa the position has occurred only twice: play goes on.
    assert_eq!(
        engine.exchange("setoption name Rules value abapa"),
        Vec::<String>::new()
    );
    let answer = engine.exchange("go depth 2");
    let best = house(best_move(answer.last().unwrap()));
    assert!(
        game.position().legal_moves_abapa().contains(best),
        "{answer:?}"
    );
    engine.quit();
}
