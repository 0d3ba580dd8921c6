//! Saved games read back: as they were played, against the match, and cut
//! short at every place a stopped run can cut them.

use std::time::Duration;

use oware_core::{BySeat, Game, Rules, Seat};
use oware_player::Level;

use super::*;
use crate::{
    Budget, Contestant, Fault, GameRecord, SearchPlayer, Settings, Summary, random_openings,
    resume, resume_while, run, write_game,
};

/// Level `n` of our engine in-process, named `name`, under `budget`.
fn level(n: u8, name: &str, budget: Budget) -> Contestant {
    let level = Level::new(n).expect("a level");
    Contestant {
        name: name.to_owned(),
        budget,
        start: Box::new(move || Ok(Box::new(SearchPlayer::new(level, 1)))),
    }
}

/// Level 2 (at depth 2) against level 1 (at its own limits): `games`
/// games from openings of 2 to 4 random moves drawn from `seed`.
fn a_match(games: usize, seed: u64, rules: Rules) -> Match {
    let depth_two = Budget {
        depth: Some(2),
        ..Budget::default()
    };
    Match {
        contestants: [
            level(2, "two", depth_two),
            level(1, "one", Budget::default()),
        ],
        openings: random_openings(rules, games.div_ceil(2), 2..=4, seed),
        games,
        concurrency: 1,
        settings: Settings {
            max_plies: Some(200),
            ..Settings::default()
        },
        sprt: None,
    }
}

/// The match's games, in the order they ended, and its tally.
fn played(m: &Match) -> (Vec<GameRecord>, Summary) {
    let mut records = Vec::new();
    let summary = run(m, &mut |record, _| records.push(record.clone()));
    (records, summary)
}

/// The records as the match saves them.
fn saved<'a>(records: impl IntoIterator<Item = &'a GameRecord>) -> String {
    let mut text = Vec::new();
    for record in records {
        write_game(&mut text, record).expect("writing to memory");
    }
    String::from_utf8(text).expect("records are UTF-8")
}

/// Game `index` of `m` as if it had ended with `result` after `plies`
/// plies past its opening (each the first legal move).
fn ended(m: &Match, index: usize, plies: usize, result: game::Result) -> GameRecord {
    let mut game: Game = m.opening(index).clone();
    for _ in 0..plies {
        let house = game.legal_moves().iter().next().expect("a move");
        game.play(house).expect("a legal move");
    }
    GameRecord {
        index,
        names: m.names(index),
        first_seat: first_seat(index),
        opening_plies: m.opening(index).moves().len(),
        budgets: m.budgets(index),
        game,
        result,
    }
}

/// A forfeit by `seat` in game `index` after `plies` plies.
fn forfeit(m: &Match, index: usize, plies: usize, seat: Seat, fault: Fault) -> GameRecord {
    let result = game::Result {
        winner: Some(seat.opponent()),
        ending: Ending::Forfeit { seat, fault },
    };
    ended(m, index, plies, result)
}

#[test]
fn saved_games_are_counted_as_they_were_played() {
    let mut m = a_match(8, 3, Rules::ABAPA);
    // Game 5 is adjudicated six plies past its opening: the match's limit.
    let limit = m.opening(5).moves().len() + 6;
    m.settings.max_plies = Some(limit);
    // The first four games played to their end (or that limit)...
    let mut first = a_match(4, 3, Rules::ABAPA);
    first.settings.max_plies = Some(limit);
    let (mut records, _) = played(&first);
    // ...then forfeits and an adjudication; game 6 is not in.
    let time = Fault::Time {
        elapsed: Duration::from_millis(180),
        allowed: Duration::from_millis(50),
    };
    let crashed = Fault::Crashed("its output closed".to_owned());
    records.push(forfeit(&m, 7, 0, Seat::North, crashed));
    records.push(forfeit(&m, 4, 3, Seat::South, time));
    let adjudicated = ended(
        &m,
        5,
        6,
        game::Result {
            winner: None,
            ending: Ending::Adjudicated { plies: 0 },
        },
    );
    let plies = adjudicated.game.moves().len();
    let winner = Outcome::adjudicate(adjudicated.game.position().board());
    records.push(GameRecord {
        result: game::Result {
            winner,
            ending: Ending::Adjudicated { plies },
        },
        ..adjudicated
    });
    let scored: Vec<Scored> = records.iter().map(GameRecord::scored).collect();
    assert!(
        scored[..4]
            .iter()
            .all(|game| !game.ending.contains("forfeit"))
    );
    assert_eq!(scored[4].ending, "forfeit: crashed");
    assert_eq!(scored[5].ending, "forfeit: time");
    assert_eq!(scored[6].ending, "adjudicated at the ply limit");
    assert_eq!(read_saved(&saved(&records), &m), Ok(scored));
    assert_eq!(read_saved("\n \n", &m), Ok(Vec::new()));
}

#[test]
fn saved_games_read_back_as_they_were_played_with_no_match_to_check() {
    let m = a_match(6, 5, Rules::AUALE);
    let (records, _) = played(&m);
    let text = saved(&records);
    let lines: Vec<&str> = text.lines().collect();
    let games = read_games(&text).expect("a match's own file");
    assert_eq!(games.len(), records.len());
    for (saved, record) in games.iter().zip(&records) {
        assert_eq!(saved.round, record.index + 1);
        assert_eq!(saved.names, record.names);
        assert_eq!(saved.time_control, time_control(record.budgets));
        assert_eq!(saved.game, record.game);
        assert_eq!(saved.game.rules(), Rules::AUALE);
        assert_eq!(saved.opening_plies, record.opening_plies);
        assert_eq!(saved.winner, record.result.winner);
        assert_eq!(saved.ending, record.scored().ending);
        let first = lines[saved.line - 1];
        assert!(first.starts_with('['), "line {} is `{first}`", saved.line);
    }
    assert!(games.windows(2).all(|pair| pair[0].line < pair[1].line));
    // What a match would refuse as not its own still reads as played.
    let other = a_match(2, 6, Rules::ABAPA);
    assert!(read_saved(&text, &other).is_err());
    assert_eq!(read_games("\n"), Ok(Vec::new()));
}

#[test]
fn a_resumed_match_plays_only_the_games_not_saved_and_ends_as_if_never_stopped() {
    let m = a_match(6, 5, Rules::ABAPA);
    let (records, whole) = played(&m);
    let names = ["two", "one"];
    let kept = records.iter().filter(|r| [3, 0, 1].contains(&r.index));
    let saved = read_saved(&saved(kept), &m).expect("the match's own games");
    let mut indices = Vec::new();
    let resumed = resume(&m, &saved, &mut |record, summary| {
        indices.push(record.index);
        // The tally counts the saved games from the start.
        assert_eq!(summary.games, 3 + indices.len());
    });
    indices.sort_unstable();
    assert_eq!(indices, [2, 4, 5]);
    // The levels' noise is seeded by the game's number: the same games.
    assert_eq!(resumed.table(names, None), whole.table(names, None));
    // Every game saved: nothing is played.
    let saved = read_saved(&self::saved(&records), &m).unwrap();
    let again = resume(&m, &saved, &mut |record, _| {
        panic!("game {} played again", record.index)
    });
    assert_eq!(again.table(names, None), whole.table(names, None));
}

#[test]
fn a_match_told_to_stop_starts_no_game_after() {
    let m = a_match(6, 5, Rules::ABAPA);
    let mut seen = Vec::new();
    let summary = resume_while(&m, &[], &mut |record, _| {
        seen.push(record.index);
        // The save of the second game failed: no game after it.
        if seen.len() == 2 {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, [0, 1]);
    assert_eq!(summary.games, 2);
}

/// The error for `text` read back for `m`: its line, round and kind.
fn refusal(text: &str, m: &Match) -> (usize, Option<usize>, SavedErrorKind) {
    let error = read_saved(text, m).expect_err("a refusal");
    (error.line, error.round, error.kind)
}

#[test]
fn games_of_another_match_are_refused_naming_the_record() {
    let m = a_match(4, 3, Rules::ABAPA);
    let (records, _) = played(&a_match(2, 3, Rules::ABAPA));
    let text = saved(&records);
    let other = |from: &str, to: &str| text.replacen(from, to, 1);
    let (line, round, kind) = refusal(&other("[South \"two\"]", "[South \"three\"]"), &m);
    assert_eq!((line, round), (1, Some(1)));
    let expected = BySeat::new("two".to_owned(), "one".to_owned());
    let found = BySeat::new("three".to_owned(), "one".to_owned());
    assert_eq!(kind, SavedErrorKind::Seats { found, expected });
    assert_eq!(
        refusal(&other("[Round \"1\"]", "[Round \"5\"]"), &m),
        (1, Some(5), SavedErrorKind::PastTheGames(4))
    );
    // The first game saved again after the second.
    let again = format!("{text}{}", saved(&records[..1]));
    assert_eq!(
        refusal(&again, &m),
        (
            text.lines().count() + 1,
            Some(1),
            SavedErrorKind::Repeated(1)
        )
    );
    let (line, _, kind) = refusal(&text, &a_match(4, 4, Rules::ABAPA));
    assert_eq!(line, 1);
    assert!(matches!(kind, SavedErrorKind::Opening { .. }), "{kind:?}");
    let (_, _, kind) = refusal(&text, &a_match(4, 3, Rules::AWARI));
    assert_eq!(
        kind,
        SavedErrorKind::Rules {
            found: Rules::ABAPA,
            expected: Rules::AWARI
        }
    );
    let mut slower = a_match(4, 3, Rules::ABAPA);
    slower.contestants[1].budget.movetime = Some(Duration::from_millis(20));
    let (_, _, kind) = refusal(&text, &slower);
    assert_eq!(
        kind,
        SavedErrorKind::TimeControl {
            found: "South depth 2; North the engine's own limits".to_owned(),
            expected: "South depth 2; North movetime 20 ms".to_owned(),
        }
    );
    assert_eq!(
        refusal(&text.replacen("[OpeningPlies ", "[Plies ", 1), &m).2,
        SavedErrorKind::MissingTag("OpeningPlies")
    );
    // Points the game's end contradicts.
    let points = records[0].result.score();
    let wrong = if points == "1-0" { "0-1" } else { "1-0" };
    let (_, _, kind) = refusal(&other(points, wrong), &m);
    assert!(
        matches!(kind, SavedErrorKind::Points { expected, .. } if expected == points),
        "{kind:?}"
    );
    // A Termination no match writes, for a game the rules did not end.
    let resigned = forfeit(&m, 0, 2, Seat::South, Fault::Crashed("gone".to_owned()));
    let text = saved([&resigned]).replace("South forfeits: crashed: gone", "South resigns");
    let error = read_saved(&text, &m).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1 (round 1): its Termination `South resigns` is no forfeit or adjudication, and the rules did not end its game"
    );
}

#[test]
fn games_past_the_ply_limit_or_adjudicated_at_another_are_refused() {
    let m = a_match(2, 3, Rules::ABAPA);
    let (records, _) = played(&m);
    let text = saved(&records);
    let longest = records
        .iter()
        .map(|r| r.game.moves().len())
        .max()
        .expect("two games");
    let mut shorter = a_match(2, 3, Rules::ABAPA);
    shorter.settings.max_plies = Some(longest - 1);
    let (_, _, kind) = refusal(&text, &shorter);
    assert!(
        matches!(kind, SavedErrorKind::PlyLimit { plies, limit } if plies > limit),
        "{kind:?}"
    );
    // An adjudication at 10 plies, resumed by a match that adjudicates at 12.
    let mut at_ten = a_match(2, 3, Rules::ABAPA);
    at_ten.settings.max_plies = Some(10);
    let (records, _) = played(&at_ten);
    let adjudicated: Vec<&GameRecord> = records
        .iter()
        .filter(|r| matches!(r.result.ending, Ending::Adjudicated { .. }))
        .collect();
    assert!(
        !adjudicated.is_empty(),
        "ten plies end no game by the rules"
    );
    assert!(read_saved(&saved(adjudicated.iter().copied()), &at_ten).is_ok());
    let mut at_twelve = a_match(2, 3, Rules::ABAPA);
    at_twelve.settings.max_plies = Some(12);
    assert_eq!(
        refusal(&saved(adjudicated.iter().copied()), &at_twelve).2,
        SavedErrorKind::PlyLimit {
            plies: 10,
            limit: 12
        }
    );
}

#[test]
fn a_record_cut_short_anywhere_is_refused_naming_its_line() {
    let m = a_match(4, 3, Rules::ABAPA);
    let (records, _) = played(&a_match(2, 3, Rules::ABAPA));
    let first = saved(&records[..1]);
    let text = saved(&records);
    let start = first.lines().count() + 1;
    let whole = text.trim_end().len();
    for (cut, _) in text.char_indices().filter(|&(i, _)| i > first.len()) {
        let read = read_saved(&text[..cut], &m);
        if cut >= whole {
            assert_eq!(read.map(|games| games.len()), Ok(2), "cut at {cut}");
            continue;
        }
        let error = read.expect_err("a record cut short");
        assert_eq!(error.line, start, "cut at {cut}: {error}");
        assert!(
            matches!(
                error.kind,
                SavedErrorKind::Unreadable { last: true, .. }
                    | SavedErrorKind::CutShort { last: true }
            ),
            "cut at {cut}: {error}"
        );
    }
    // Cut just before its result, the record reads as a shorter game.
    let cut = &text[..text.trim_end().rfind(char::is_whitespace).unwrap()];
    let error = read_saved(cut, &m).unwrap_err().to_string();
    assert!(
        error.starts_with(&format!("line {start} (round 2): the record stops before its result; "))
            && error.ends_with(&format!(
                "cut the file from line {start} to its end (that game is played again) and give --resume again"
            )),
        "{error}"
    );
    // Damage with records after it is not a stopped match's.
    let damaged = text.replacen("1. ", "1. Z ", 1);
    let error = read_saved(&damaged, &m).unwrap_err();
    assert!(
        matches!(error.kind, SavedErrorKind::Unreadable { last: false, .. }),
        "{error}"
    );
    assert!(
        error.to_string().ends_with(
            "; other records follow it, so it is not a game cut short by a stopped match"
        )
    );
}
