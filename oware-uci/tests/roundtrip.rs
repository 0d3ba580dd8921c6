//! Every command and answer written is read back as itself: for any value
//! `x`, `x.to_string().parse() == Ok(x)`, over generated values of every
//! kind (times in whole milliseconds, which is what the line holds).

use std::time::Duration;

use oware_core::{Board, House, Position, Seat};
use oware_uci::{
    Answer, BestMove, Command, EngineOption, Go, Id, Info, OptionKind, SetOption, SetPosition,
};
use proptest::prelude::*;

fn house() -> impl Strategy<Value = House> {
    prop::sample::select(House::ALL.to_vec())
}

fn houses() -> impl Strategy<Value = Vec<House>> {
    prop::collection::vec(house(), 0..10)
}

/// Any position of 48 seeds that core takes for a board.
fn position() -> impl Strategy<Value = Position> {
    let cuts = prop::collection::vec(0..=48u8, 13);
    (cuts, any::<bool>()).prop_filter_map("not a board", |(mut cuts, north)| {
        cuts.sort_unstable();
        let mut cells = [0; 14];
        let mut last = 0;
        for (cell, cut) in cells.iter_mut().zip(cuts.iter().chain([&48])) {
            *cell = cut - last;
            last = *cut;
        }
        let seat = if north { Seat::North } else { Seat::South };
        Some(Position::new(Board::from_cells(cells).ok()?, seat))
    })
}

fn millis() -> impl Strategy<Value = Option<Duration>> {
    prop::option::of((0..10_000_000_000u64).prop_map(Duration::from_millis))
}

fn go() -> impl Strategy<Value = Go> {
    // `go` reads depth, nodes and movestogo from 1: a value of 0 is refused.
    let limits = (
        prop::option::of(1..=u32::MAX),
        millis(),
        prop::option::of(1..=u64::MAX),
        any::<bool>(),
        any::<bool>(),
    );
    let clocks = (
        millis(),
        millis(),
        millis(),
        millis(),
        prop::option::of(1..=u32::MAX),
    );
    (limits, clocks).prop_map(
        |((depth, movetime, nodes, infinite, ponder), (wtime, btime, winc, binc, movestogo))| Go {
            depth,
            movetime,
            nodes,
            infinite,
            ponder,
            wtime,
            btime,
            winc,
            binc,
            movestogo,
        },
    )
}

/// Words joined by single spaces, none of them (in any case) one of `stops`.
fn phrase(stops: &'static [&'static str]) -> impl Strategy<Value = String> {
    let word = "[A-Za-z0-9/_.é€-]{1,8}".prop_filter("a keyword", move |w| {
        !stops.iter().any(|s| w.eq_ignore_ascii_case(s))
    });
    prop::collection::vec(word, 1..4).prop_map(|words| words.join(" "))
}

/// The rest of a line: any text that does not start with a blank.
fn rest() -> impl Strategy<Value = String> {
    "([^\\s\\p{C}][^\\p{C}]{0,30})?"
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        Just(Command::Uci),
        any::<bool>().prop_map(Command::Debug),
        Just(Command::IsReady),
        (phrase(&["value"]), prop::option::of(phrase(&[])))
            .prop_map(|(name, value)| Command::SetOption(SetOption { name, value })),
        Just(Command::NewGame),
        (position(), houses())
            .prop_map(|(start, moves)| Command::Position(SetPosition { start, moves })),
        go().prop_map(Command::Go),
        Just(Command::Stop),
        Just(Command::PonderHit),
        Just(Command::Quit),
    ]
}

fn option_kind() -> impl Strategy<Value = OptionKind> {
    prop_oneof![
        any::<bool>().prop_map(|default| OptionKind::Check { default }),
        any::<(i64, i64, i64)>().prop_map(|(default, min, max)| OptionKind::Spin {
            default,
            min,
            max
        }),
        (
            phrase(&["var"]),
            prop::collection::vec(phrase(&["var"]), 0..4)
        )
            .prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        rest().prop_map(|default| OptionKind::String { default }),
        Just(OptionKind::Button),
    ]
}

fn info() -> impl Strategy<Value = Info> {
    (
        any::<Option<u32>>(),
        any::<Option<i32>>(),
        any::<Option<u64>>(),
        any::<Option<u64>>(),
        millis(),
        houses(),
        prop::option::of(rest()),
    )
        .prop_map(|(depth, score, nodes, nps, time, pv, string)| Info {
            depth,
            score,
            nodes,
            nps,
            time,
            pv,
            string,
        })
}

fn answer() -> impl Strategy<Value = Answer> {
    prop_oneof![
        rest().prop_map(|name| Answer::Id(Id::Name(name))),
        rest().prop_map(|author| Answer::Id(Id::Author(author))),
        (phrase(&["type"]), option_kind())
            .prop_map(|(name, kind)| Answer::Option(EngineOption { name, kind })),
        Just(Answer::UciOk),
        Just(Answer::ReadyOk),
        info().prop_map(Answer::Info),
        (prop::option::of(house()), prop::option::of(house()))
            .prop_map(|(house, ponder)| Answer::BestMove(BestMove { house, ponder })),
    ]
}

proptest! {
    #[test]
    fn every_command_written_reads_back_as_itself(command in command()) {
        let line = command.to_string();
        prop_assert!(!line.contains('\n'), "{line:?}");
        prop_assert_eq!(line.parse::<Command>(), Ok(command.clone()));
        // The moves' columns are where the letters are in the line.
        let located = oware_uci::parse_bytes(line.as_bytes()).unwrap().unwrap();
        if let Command::Position(set) = &command {
            let letters: Vec<char> = line.chars().collect();
            let at: Vec<char> = located.moves.iter().map(|&column| letters[column - 1]).collect();
            let written: Vec<char> = set.moves.iter().map(|house| house.letter()).collect();
            prop_assert_eq!(at, written);
        }
    }

    #[test]
    fn every_answer_written_reads_back_as_itself(answer in answer()) {
        let line = answer.to_string();
        prop_assert!(!line.contains('\n'), "{line:?}");
        prop_assert_eq!(line.parse::<Answer>(), Ok(answer));
    }
}
