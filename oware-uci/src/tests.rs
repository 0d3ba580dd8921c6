//! The parser's tests: every command, every limit, and each error's text
//! and column.

use std::time::Duration;

use oware_core::{House, Position, Seat};

use crate::*;

fn error(line: &str) -> String {
    parse(line).unwrap_err().to_string()
}

#[test]
fn simple_commands_and_blank_lines() {
    assert_eq!(parse("uci"), Ok(Some(Command::Uci)));
    assert_eq!(parse("  isready  "), Ok(Some(Command::IsReady)));
    assert_eq!(parse("ucinewgame"), Ok(Some(Command::NewGame)));
    assert_eq!(parse("stop"), Ok(Some(Command::Stop)));
    assert_eq!(parse("quit"), Ok(Some(Command::Quit)));
    assert_eq!(parse("debug"), Ok(Some(Command::Debug(true))));
    assert_eq!(parse("debug off"), Ok(Some(Command::Debug(false))));
    assert_eq!(
        error("debug maybe"),
        "column 7: unexpected `maybe` in `debug`"
    );
    assert_eq!(parse(""), Ok(None));
    assert_eq!(parse(" \t "), Ok(None));
}

#[test]
fn positions_with_moves_in_one_word_or_several() {
    let one = parse_bytes(b"position startpos moves FbEc")
        .unwrap()
        .unwrap();
    let several = parse_bytes(b"position startpos moves F b Ec")
        .unwrap()
        .unwrap();
    let Command::Position(set) = &one.command else {
        panic!("not a position")
    };
    assert_eq!(set.moves, [House::F, House::b, House::E, House::c]);
    assert_eq!(one.command, several.command);
    assert_eq!(one.moves, [25, 26, 27, 28]);
    assert_eq!(several.moves, [25, 27, 29, 30]);
    assert_eq!(set.start, Position::OPENING);
    // Written with the moves as one word, and read back the same.
    assert_eq!(one.command.to_string(), "position startpos moves FbEc");
    assert_eq!(
        parse("position startpos moves"),
        Ok(Some(Command::Position(SetPosition {
            start: Position::OPENING,
            moves: Vec::new(),
        })))
    );
}

#[test]
fn fen_reads_houses_in_index_order_then_stores_then_seat() {
    let line = "position fen 0-0-0-0-0-1-0-0-0-0-0-3-20-24-N moves f";
    let Ok(Some(Command::Position(set))) = parse(line) else {
        panic!("not a position")
    };
    assert_eq!(set.start.to_move(), Seat::North);
    assert_eq!(set.start.board()[House::F], 1);
    assert_eq!(set.start.board()[House::f], 3);
    assert_eq!(set.start.board().stores().north, 24);
    assert_eq!(set.to_string(), line);
    // The opening is written `startpos`, however it was given.
    let opening = "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves E";
    let set: SetPosition = opening.parse().unwrap();
    assert_eq!(set.to_string(), "position startpos moves E");
}

#[test]
fn go_reads_every_limit() {
    let go = parse("go depth 7 movetime 250 nodes 1000 infinite").unwrap();
    assert_eq!(
        go.clone(),
        Some(Command::Go(Go {
            depth: Some(7),
            movetime: Some(Duration::from_millis(250)),
            nodes: Some(1000),
            infinite: true,
            ..Go::default()
        }))
    );
    assert_eq!(parse("go"), Ok(Some(Command::Go(Go::default()))));
    assert_eq!(
        go.unwrap().to_string(),
        "go depth 7 nodes 1000 movetime 250 infinite"
    );
}

#[test]
fn go_reads_pondering_and_the_clocks() {
    let go = parse("go ponder wtime 60000 btime -20 winc 1000 binc 0 movestogo 12").unwrap();
    assert_eq!(
        go,
        Some(Command::Go(Go {
            ponder: true,
            wtime: Some(Duration::from_secs(60)),
            btime: Some(Duration::ZERO),
            winc: Some(Duration::from_secs(1)),
            binc: Some(Duration::ZERO),
            movestogo: Some(12),
            ..Go::default()
        }))
    );
    assert_eq!(parse("ponderhit"), Ok(Some(Command::PonderHit)));
    assert_eq!(
        error("go movestogo -1"),
        "column 14: `movestogo` needs a whole number from 1 to 4294967295, found `-1`"
    );
    assert_eq!(
        error("ponderhit E"),
        "column 11: unexpected `E` in `ponderhit`"
    );
}

#[test]
fn go_refuses_a_number_out_of_its_range_with_the_range() {
    assert_eq!(
        error("go depth 0"),
        "column 10: `depth` needs a whole number from 1 to 4294967295, found `0`"
    );
    assert_eq!(
        error("go depth 999999999999"),
        "column 10: `depth` needs a whole number from 1 to 4294967295, found `999999999999`"
    );
    assert_eq!(
        error("go nodes 0"),
        "column 10: `nodes` needs a whole number from 1 to 2^64-1, found `0`"
    );
    assert_eq!(
        error("go movestogo 0"),
        "column 14: `movestogo` needs a whole number from 1 to 4294967295, found `0`"
    );
    assert_eq!(
        error("go movetime -5"),
        "column 13: `movetime` needs a whole number from 0 to 2^64-1, found `-5`"
    );
    // More digits than any number type holds: still a number, too large.
    let huge = "9".repeat(60);
    assert_eq!(
        error(&format!("go wtime {huge}")),
        format!(
            "column 10: `wtime` needs a whole number from -2^63 to 2^64-1, found `{}…`",
            "9".repeat(EXCERPT_CHARS)
        )
    );
    // Not a number at all is said apart.
    assert_eq!(
        error("go depth -x"),
        "column 10: `depth` needs a whole number, found `-x`"
    );
    // The ends of each range are taken.
    let go =
        parse("go depth 1 nodes 18446744073709551615 movetime 0 movestogo 4294967295").unwrap();
    assert_eq!(
        go,
        Some(Command::Go(Go {
            depth: Some(1),
            nodes: Some(u64::MAX),
            movetime: Some(Duration::ZERO),
            movestogo: Some(u32::MAX),
            ..Go::default()
        }))
    );
}

#[test]
fn a_clock_below_zero_reads_as_zero() {
    // A GUI whose clock ran out may send how far over it is: the engine
    // still answers, so the time reads as none left rather than as an error.
    let go = parse("go wtime -5 btime 10 winc -1 binc +20").unwrap();
    assert_eq!(
        go,
        Some(Command::Go(Go {
            wtime: Some(Duration::ZERO),
            btime: Some(Duration::from_millis(10)),
            winc: Some(Duration::ZERO),
            binc: Some(Duration::from_millis(20)),
            ..Go::default()
        }))
    );
    assert_eq!(
        parse(&format!("go btime {}", i64::MIN)).unwrap(),
        Some(Command::Go(Go {
            btime: Some(Duration::ZERO),
            ..Go::default()
        }))
    );
    assert_eq!(
        error(&format!("go btime {}", i128::from(i64::MIN) - 1)),
        "column 10: `btime` needs a whole number from -2^63 to 2^64-1, found `-9223372036854775809`"
    );
}

#[test]
fn bytes_that_are_not_utf8_are_an_error_at_their_column() {
    assert_eq!(
        parse_bytes(b"go depth \xe9").unwrap_err().to_string(),
        "column 10: the line is not UTF-8: `go depth \u{fffd}`"
    );
    assert_eq!(parse_bytes("g\u{e9} x".as_bytes()).unwrap_err().column, 1);
    let located = parse_bytes(b"isready").unwrap().unwrap();
    assert_eq!(located.command, Command::IsReady);
}

#[test]
fn errors_quote_an_excerpt_of_long_words() {
    let long = "z".repeat(5000);
    let message = error(&long);
    assert_eq!(
        message,
        format!(
            "column 1: unknown command `{}…` (expected uci, debug, isready, ucinewgame, position, go, stop, ponderhit, setoption or quit)",
            "z".repeat(EXCERPT_CHARS)
        )
    );
    let message = error(&format!("position startpos moves Eb{long}"));
    assert!(message.len() < 200, "{message}");
    let message = error(&format!("position fen {long}"));
    assert!(message.len() < 200, "{message}");
    let message = error(&format!("go depth {long}"));
    assert!(message.len() < 200, "{message}");
}

#[test]
fn errors_name_the_word_and_its_column() {
    assert_eq!(
        error("hello there"),
        "column 1: unknown command `hello` (expected uci, debug, isready, ucinewgame, position, go, stop, ponderhit, setoption or quit)"
    );
    assert_eq!(
        error("isready now"),
        "column 9: unexpected `now` in `isready`"
    );
    assert_eq!(
        error("go depth x"),
        "column 10: `depth` needs a whole number, found `x`"
    );
    assert_eq!(error("go depth"), "column 9: `depth` needs a whole number");
    assert_eq!(error("go mate 3"), "column 4: unexpected `mate` in `go`");
    assert_eq!(
        error("position"),
        "column 9: `position` needs `startpos` or `fen`"
    );
    assert_eq!(
        error("position start"),
        "column 10: unexpected `start` in `position`"
    );
    assert_eq!(
        error("position startpos Eb"),
        "column 19: unexpected `Eb` in `position`"
    );
    assert_eq!(
        error("position startpos moves EcX"),
        "column 27: `X` in the moves `EcX` is not a house letter (A-F or a-f)"
    );
    assert_eq!(
        error("position fen 4-4-4"),
        "column 14: the fen `4-4-4` has 3 fields; it needs 15: twelve houses, South's store, North's store, S or N"
    );
    assert_eq!(
        error("position fen 4-4-4-4-4-x-4-4-4-4-4-4-0-0-S"),
        "column 14: field 6 of the fen, `x`, is not a count of seeds"
    );
    assert_eq!(
        error("position fen 4-4-4-4-4-+4-4-4-4-4-4-4-0-0-S"),
        "column 14: field 6 of the fen, `+4`, is not a count of seeds"
    );
    assert_eq!(
        error("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-W"),
        "column 14: the fen's last field, `W`, is not S or N (the seat to move)"
    );
    assert_eq!(
        error("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-1-S"),
        "column 14: the fen is not a board: the board holds 49 seeds; a game of oware always has 48"
    );
    assert_eq!(
        error("setoption Hash"),
        "column 11: unexpected `Hash` in `setoption`"
    );
    assert_eq!(
        error("setoption name"),
        "column 15: `name` needs the option's name"
    );
    assert_eq!(
        error("setoption name Hash value"),
        "column 26: `value` needs the option's value"
    );
}

#[test]
fn setoption_names_may_have_spaces_and_values_are_kept_whole() {
    let located = parse_bytes(b"setoption name Hash value 64").unwrap();
    assert_eq!(
        located,
        Some(Located {
            command: Command::SetOption(SetOption {
                name: "Hash".to_owned(),
                value: Some("64".to_owned()),
            }),
            moves: Vec::new(),
            value: Some(27),
        })
    );
    let option: SetOption = "setoption  name Clear   Hash".parse().unwrap();
    assert_eq!((option.name.as_str(), option.value), ("Clear Hash", None));
    let option: SetOption = "setoption name EgdbPath value /a  b/c".parse().unwrap();
    assert_eq!(option.value.as_deref(), Some("/a b/c"));
    assert_eq!(option.to_string(), "setoption name EgdbPath value /a b/c");
}

#[test]
fn control_characters_in_a_fen_are_escaped() {
    assert_eq!(
        error("position fen 4\u{1c}-4"),
        "column 14: the fen `4\\u{1c}-4` has 2 fields; it needs 15: twelve houses, South's store, North's store, S or N"
    );
}

#[test]
fn from_str_reads_one_kind_of_line() {
    assert_eq!(
        "".parse::<Command>().unwrap_err().to_string(),
        "column 1: the line is blank"
    );
    assert_eq!(
        "  isready".parse::<Go>().unwrap_err().to_string(),
        "column 3: expected `go`, found `isready`"
    );
    assert_eq!(
        "uciok".parse::<BestMove>().unwrap_err().to_string(),
        "column 1: expected `bestmove`, found `uciok`"
    );
}

/// The answer's error text.
fn answer_error(line: &str) -> String {
    line.parse::<Answer>().unwrap_err().to_string()
}

#[test]
fn answers_are_read_as_the_engine_writes_them() {
    let line = "info depth 3 score cp -50 nodes 12345 nps 1234500 time 10 pv EcA";
    let info = Info {
        depth: Some(3),
        score: Some(-50),
        nodes: Some(12_345),
        nps: Some(1_234_500),
        time: Some(Duration::from_millis(10)),
        pv: vec![House::E, House::c, House::A],
        string: None,
    };
    assert_eq!(line.parse(), Ok(Answer::Info(info.clone())));
    assert_eq!(info.to_string(), line);
    // A line of moves may also come as several words.
    let spread: Info = "info pv E c A".parse().unwrap();
    assert_eq!(spread.pv, info.pv);
    let text = "info string error:  two  blanks kept";
    assert_eq!(
        text.parse::<Info>().unwrap().string.as_deref(),
        Some("error:  two  blanks kept")
    );
    assert_eq!(
        Info::string("book move E").to_string(),
        "info string book move E"
    );
    assert_eq!("uciok".parse(), Ok(Answer::UciOk));
    assert_eq!("readyok".parse(), Ok(Answer::ReadyOk));
    assert_eq!(
        "id name oware 0.1.0".parse(),
        Ok(Answer::Id(Id::Name("oware 0.1.0".to_owned())))
    );
    assert_eq!(
        Id::Author("The oware developers".to_owned()).to_string(),
        "id author The oware developers"
    );
    let best = BestMove {
        house: Some(House::E),
        ponder: None,
    };
    assert_eq!("bestmove E".parse(), Ok(best));
    assert_eq!(best.to_string(), "bestmove E");
    assert_eq!(BestMove::default().to_string(), "bestmove 0000");
}

#[test]
fn options_are_read_as_the_engine_lists_them() {
    let lines = [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Ponder type check default false",
        "option name Rules type combo default auale var abapa var auale",
        "option name EgdbPath type string default /var/lib/oware egdb",
        "option name EgdbPath type string default ",
        "option name Clear Hash type button",
    ];
    for line in lines {
        let option: EngineOption = line.parse().unwrap();
        assert_eq!(option.to_string(), line);
    }
    let combo: EngineOption = lines[2].parse().unwrap();
    assert_eq!(
        combo.kind,
        OptionKind::Combo {
            default: "auale".to_owned(),
            vars: vec!["abapa".to_owned(), "auale".to_owned()],
        }
    );
    assert_eq!(
        answer_error("option name Hash type spin default x"),
        "column 36: `default` needs a whole number, found `x`"
    );
    assert_eq!(
        answer_error("option name type check"),
        "column 13: `name` needs the option's name"
    );
    assert_eq!(
        answer_error("option name Hash type dial"),
        "column 23: unexpected `dial` in `type`"
    );
}

#[test]
fn answer_errors_name_the_word_and_its_column() {
    assert_eq!(
        answer_error("bestmove Z?"),
        "column 10: `bestmove` needs a house letter (A-F or a-f), found `Z?`"
    );
    assert_eq!(
        answer_error("bestmove E ponder 0000"),
        "column 19: `ponder` needs a house letter (A-F or a-f), found `0000`"
    );
    assert_eq!(
        answer_error("bestmove E later"),
        "column 12: unexpected `later` in `bestmove`"
    );
    assert_eq!(
        answer_error("bestmove"),
        "column 9: `bestmove` needs a house letter (A-F or a-f)"
    );
    assert_eq!(
        answer_error("info depth 3 seldepth 5"),
        "column 14: unexpected `seldepth` in `info`"
    );
    assert_eq!(
        answer_error("info score mate 3"),
        "column 12: unexpected `mate` in `score`"
    );
    assert_eq!(
        answer_error("info pv EcX"),
        "column 9: `pv` needs a house letter (A-F or a-f), found `EcX`"
    );
    assert_eq!(
        answer_error("uciok now"),
        "column 7: unexpected `now` in `uciok`"
    );
    assert_eq!(
        answer_error("hello"),
        "column 1: unknown answer `hello` (expected id, option, uciok, readyok, info or bestmove)"
    );
}

#[test]
fn positions_are_written_from_the_opening_or_as_a_fen() {
    let mut set = SetPosition {
        start: Position::OPENING,
        moves: Vec::new(),
    };
    assert_eq!(set.to_string(), "position startpos");
    set.moves = vec![House::E, House::c];
    assert_eq!(set.to_string(), "position startpos moves Ec");
    set.start = Position::new(oware_core::Board::OPENING, Seat::North);
    set.moves.clear();
    assert_eq!(
        set.to_string(),
        "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"
    );
}
