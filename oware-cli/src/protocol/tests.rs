//! The parser's tests: every command, every limit, and each error's text
//! and column.

use super::*;
use oware_core::Seat;

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
    assert_eq!(parse(""), Ok(None));
    assert_eq!(parse(" \t "), Ok(None));
}

#[test]
fn positions_with_moves_in_one_word_or_several() {
    let one = parse("position startpos moves FbEc").unwrap();
    let several = parse("position startpos moves F b Ec").unwrap();
    let Some(Command::Position(one)) = one else {
        panic!("not a position")
    };
    let Some(Command::Position(several)) = several else {
        panic!("not a position")
    };
    let houses = |p: &SetPosition| p.moves.iter().map(|m| m.house).collect::<Vec<_>>();
    assert_eq!(houses(&one), [House::F, House::b, House::E, House::c]);
    assert_eq!(houses(&one), houses(&several));
    assert_eq!(one.moves[2].column, 27);
    assert_eq!(several.moves[2].column, 29);
    assert_eq!(one.start, Position::OPENING);
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
    assert_eq!(fen(set.start), "0-0-0-0-0-1-0-0-0-0-0-3-20-24-N");
    assert_eq!(fen(Position::OPENING), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
}

#[test]
fn go_reads_every_limit() {
    let go = parse("go depth 7 movetime 250 nodes 1000 infinite").unwrap();
    assert_eq!(
        go,
        Some(Command::Go(Go {
            depth: Some(7),
            movetime: Some(Duration::from_millis(250)),
            nodes: Some(1000),
            infinite: true,
            ..Go::default()
        }))
    );
    assert_eq!(parse("go"), Ok(Some(Command::Go(Go::default()))));
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
        "column 14: `movestogo` needs a whole number, found `-1`"
    );
    assert_eq!(
        error("ponderhit E"),
        "column 11: unexpected `E` in `ponderhit`"
    );
}

#[test]
fn bytes_that_are_not_utf8_are_an_error_at_their_column() {
    assert_eq!(
        parse_bytes(b"go depth \xe9").unwrap_err().to_string(),
        "column 10: the line is not UTF-8: `go depth \u{fffd}`"
    );
    assert_eq!(parse_bytes("g\u{e9} x".as_bytes()).unwrap_err().column, 1);
    assert_eq!(parse_bytes(b"isready"), Ok(Some(Command::IsReady)));
}

#[test]
fn errors_quote_an_excerpt_of_long_words() {
    let long = "z".repeat(5000);
    let message = error(&long);
    assert_eq!(
        message,
        format!(
            "column 1: unknown command `{}…` (expected uci, isready, ucinewgame, position, go, stop, ponderhit, setoption or quit)",
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
        "column 1: unknown command `hello` (expected uci, isready, ucinewgame, position, go, stop, ponderhit, setoption or quit)"
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
    assert_eq!(
        parse("setoption name Hash value 64"),
        Ok(Some(Command::SetOption {
            name: "Hash".to_owned(),
            value: Some(Word {
                text: "64".to_owned(),
                column: 27
            }),
        }))
    );
    let Ok(Some(Command::SetOption { name, value })) = parse("setoption name Clear Hash") else {
        panic!("not an option");
    };
    assert_eq!((name.as_str(), value), ("Clear Hash", None));
}

#[test]
fn control_characters_in_a_fen_are_escaped() {
    assert_eq!(
        error("position fen 4\u{1c}-4"),
        "column 14: the fen `4\\u{1c}-4` has 2 fields; it needs 15: twelve houses, South's store, North's store, S or N"
    );
}
