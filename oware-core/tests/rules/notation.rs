//! RULES.md section 8, notation: house letters, transcripts and their errors,
//! boards as text (the exact diagram of RULES.md section 1, optional headers,
//! the reading order) and the errors for malformed text — never a panic,
//! whatever the input.

use oware_core::House::{self, *};
use oware_core::{
    Board, BoardError, Game, HouseError, HouseSet, ParseBoardError, Position, Rules, Seat,
    Transcript, TranscriptError,
};

use crate::common::board;

/// RULES.md's diagram of the opening (section 1), exactly as printed there.
const RULES_DIAGRAM: &str = "     f  e  d  c  b  a
[ 0]  4  4  4  4  4  4
      4  4  4  4  4  4 [ 0]
      A  B  C  D  E  F";

// ---- House letters -------------------------------------------------------

#[test]
fn each_letter_names_one_house_and_its_case_carries_the_seat() {
    let letters = "ABCDEFabcdef";
    for (index, letter) in letters.chars().enumerate() {
        let house = House::from_letter(letter).expect("a house letter");
        assert_eq!(house.index(), index);
        assert_eq!(house.letter(), letter);
        assert_eq!(house.to_string(), letter.to_string());
        assert_eq!(letter.to_string().parse::<House>(), Ok(house));
        assert_eq!(House::try_from(letter), Ok(house));
        assert_eq!(House::try_from(index), Ok(house));
        assert_eq!(House::from_index(index), Some(house));
        let seat = if letter.is_ascii_uppercase() {
            Seat::South
        } else {
            Seat::North
        };
        assert_eq!(house.seat(), seat, "{letter}");
    }
}

#[test]
fn the_ring_wraps_from_f_to_a_and_from_f_to_capital_a() {
    assert_eq!(F.next(), a);
    assert_eq!(f.next(), A);
    assert_eq!(A.previous(), f);
    assert_eq!(a.previous(), F);
    assert_eq!(C.next(), D);
    assert_eq!(d.previous(), c);
}

#[test]
fn anything_else_is_not_a_house() {
    for letter in ['G', 'g', 'z', '0', ' ', 'é', 'Ａ', '\0'] {
        assert_eq!(House::from_letter(letter), None, "{letter:?}");
        assert_eq!(
            House::try_from(letter),
            Err(HouseError::Letter(letter.to_string()))
        );
    }
    for text in ["", "AB", "a b", " ", "aa", "ä", "🦀"] {
        assert_eq!(
            text.parse::<House>(),
            Err(HouseError::Letter(text.to_owned())),
            "{text:?}"
        );
    }
    for index in [12, 13, usize::MAX] {
        assert_eq!(House::try_from(index), Err(HouseError::Index(index)));
        assert_eq!(House::from_index(index), None);
    }
    assert_eq!(
        HouseError::Letter("g".into()).to_string(),
        "`g` is not a house: South's are A to F, North's a to f"
    );
    assert_eq!(
        HouseError::Index(12).to_string(),
        "no house has index 12: houses are 0 to 11"
    );
}

#[test]
fn a_set_of_houses_reads_as_its_letters() {
    let set: HouseSet = [F, e, B].into_iter().collect();
    assert_eq!(set.to_string(), "BFe");
    assert_eq!(format!("{set:?}"), "{B, F, e}");
    assert_eq!(HouseSet::EMPTY.to_string(), "");
    assert_eq!(Seat::North.houses().to_string(), "abcdef");
}

#[test]
fn seats_and_rule_sets_read_back_from_their_names() {
    for (text, seat) in [
        ("south", Seat::South),
        ("South", Seat::South),
        ("S", Seat::South),
        ("p1", Seat::South),
        ("NORTH", Seat::North),
        ("n", Seat::North),
        ("P2", Seat::North),
    ] {
        assert_eq!(text.parse::<Seat>(), Ok(seat), "{text}");
    }
    for text in ["", "east", "p3", "s n", "süd"] {
        assert!(text.parse::<Seat>().is_err(), "{text:?}");
    }
    assert_eq!(
        "east".parse::<Seat>().unwrap_err().to_string(),
        "unknown seat `east`: expected south or north (also s, n, p1, p2)"
    );
    assert_eq!(Seat::South.to_string(), "South");
    assert_eq!(Seat::North.name(), "north");

    for (_, rules) in Rules::PRESETS {
        assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
        assert_eq!(rules.to_string().to_uppercase().parse::<Rules>(), Ok(rules));
    }
    assert_eq!(Rules::ABAPA.to_string(), "abapa");
    assert_eq!(Rules::SOWING.name(), Some("sowing"));
    let custom = Rules::ABAPA.with_move_limit(50).unwrap();
    assert_eq!(custom.name(), None);
    assert_eq!(
        "oware".parse::<Rules>().unwrap_err().to_string(),
        "unknown rule set `oware`: expected abapa, sowing, awari, awari-split or auale"
    );
    assert_eq!("Awari-Split".parse::<Rules>(), Ok(Rules::AWARI_SPLIT));
}

// ---- Transcripts -----------------------------------------------------------

#[test]
fn a_transcript_is_the_letters_joined_south_first() {
    let transcript: Transcript = "EcAb".parse().expect("a transcript");
    assert_eq!(transcript.moves(), [E, c, A, b]);
    assert_eq!(&transcript[..], [E, c, A, b]);
    assert_eq!(transcript.to_string(), "EcAb");
    assert_eq!(Vec::from(transcript.clone()), vec![E, c, A, b]);
    assert_eq!(Transcript::from(vec![E, c, A, b]), transcript);

    let empty: Transcript = "".parse().expect("no moves is a transcript");
    assert!(empty.is_empty());
    assert_eq!(empty.to_string(), "");
}

#[test]
fn a_game_writes_its_moves_as_a_transcript() {
    let mut game = Game::new(Rules::ABAPA);
    for house in "EcAb".parse::<Transcript>().expect("a transcript").iter() {
        game.play(*house).expect("legal");
    }
    assert_eq!(game.transcript().to_string(), "EcAb");
    // E (4) sows F a b c; c (5) sows d e f A B; A (5) sows B C D E F;
    // b (5) sows c d e f A. Each last house holds 5, 5, 6 (South's own), 1:
    // nothing is captured.
    assert_eq!(
        game.position().board(),
        board([1, 6, 5, 5, 1, 6], [5, 0, 1, 6, 6, 6], [0, 0])
    );
}

#[test]
fn a_transcript_may_start_with_north_from_a_set_up_position() {
    assert_eq!(
        Transcript::parse_from("cE", Seat::North).map(Vec::from),
        Ok(vec![c, E])
    );
    assert_eq!(
        Transcript::parse_from("E", Seat::North),
        Err(TranscriptError::OutOfTurn {
            index: 0,
            house: E,
            to_move: Seat::North
        })
    );
    assert_eq!(
        Transcript::parse_from("", Seat::North),
        Ok(Transcript::default())
    );
}

#[test]
fn a_transcript_rejects_a_character_that_is_not_a_house() {
    let cases = [
        ("EcAx", 3, 'x'),
        ("Ec Ab", 2, ' '),
        ("Ec,Ab", 2, ','),
        ("E1", 1, '1'),
        ("EcG", 2, 'G'),
        ("é", 0, 'é'),
        ("Ec\nAb", 2, '\n'),
    ];
    for (text, index, found) in cases {
        assert_eq!(
            text.parse::<Transcript>(),
            Err(TranscriptError::NotAHouse { index, found }),
            "{text:?}"
        );
    }
    assert_eq!(
        "EcAx".parse::<Transcript>().unwrap_err().to_string(),
        "character 4 of the transcript, `x`, is not a house letter (A-F or a-f)"
    );
    assert_eq!(
        "Ec\nAb".parse::<Transcript>().unwrap_err().to_string(),
        "character 3 of the transcript, `\\n`, is not a house letter (A-F or a-f)"
    );
}

#[test]
fn a_transcript_rejects_a_first_move_by_north() {
    let error = "cE".parse::<Transcript>().unwrap_err();
    assert_eq!(
        error,
        TranscriptError::OutOfTurn {
            index: 0,
            house: c,
            to_move: Seat::South
        }
    );
    assert_eq!(
        error.to_string(),
        "character 1 of the transcript, `c`, is a move by North, but South is to move"
    );
}

#[test]
fn a_transcript_rejects_two_moves_in_a_row_by_one_seat() {
    assert_eq!(
        "EA".parse::<Transcript>(),
        Err(TranscriptError::OutOfTurn {
            index: 1,
            house: A,
            to_move: Seat::North
        })
    );
    let error = "EcAbbc".parse::<Transcript>().unwrap_err();
    assert_eq!(
        error,
        TranscriptError::OutOfTurn {
            index: 4,
            house: b,
            to_move: Seat::South
        }
    );
    assert_eq!(
        error.to_string(),
        "character 5 of the transcript, `b`, is a move by North, but South is to move"
    );
}

#[test]
fn a_transcript_names_the_first_offence() {
    assert_eq!(
        "xc".parse::<Transcript>(),
        Err(TranscriptError::NotAHouse {
            index: 0,
            found: 'x'
        })
    );
    assert_eq!(
        "cx".parse::<Transcript>(),
        Err(TranscriptError::OutOfTurn {
            index: 0,
            house: c,
            to_move: Seat::South
        })
    );
}

#[test]
fn a_long_transcript_reads_back() {
    let text = "Ec".repeat(10_000);
    let transcript: Transcript = text.parse().expect("alternating seats");
    assert_eq!(transcript.len(), 20_000);
    assert_eq!(transcript.to_string(), text);
}

// ---- Boards as text ----------------------------------------------------

#[test]
fn the_opening_is_drawn_exactly_as_rules_md_draws_it() {
    assert_eq!(Board::OPENING.to_string(), RULES_DIAGRAM);
    assert_eq!(RULES_DIAGRAM.parse::<Board>(), Ok(Board::OPENING));
}

#[test]
fn a_position_adds_the_seat_to_move() {
    assert_eq!(
        Position::OPENING.to_string(),
        format!("{RULES_DIAGRAM}\nSouth to move")
    );
}

#[test]
fn counts_are_read_north_store_f_to_a_then_a_to_f_south_store() {
    let text = "[ 5]  1  2  3  4  0  6\n      7  0  1  2  3  8 [ 6]\n";
    // f 1, e 2, d 3, c 4, b 0, a 6; A 7, B 0, C 1, D 2, E 3, F 8.
    let expected = board([7, 0, 1, 2, 3, 8], [6, 0, 4, 3, 2, 1], [6, 5]);
    assert_eq!(text.parse::<Board>(), Ok(expected));
    assert_eq!(
        expected.to_string(),
        format!("     f  e  d  c  b  a\n{text}      A  B  C  D  E  F")
    );
}

#[test]
fn headers_are_optional_and_labels_are_ignored() {
    let without_headers = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4 [ 0]";
    assert_eq!(without_headers.parse::<Board>(), Ok(Board::OPENING));
    let labelled =
        "North (to move: South)\n\n[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4 [ 0]\nSouth\n";
    assert_eq!(labelled.parse::<Board>(), Ok(Board::OPENING));
    let on_one_line = "0 4 4 4 4 4 4 4 4 4 4 4 4 0";
    assert_eq!(on_one_line.parse::<Board>(), Ok(Board::OPENING));
    let decorated = "|[0]|4|4|4|4|4|4|\n:4:4:4:4:4:4:[0]:";
    assert_eq!(decorated.parse::<Board>(), Ok(Board::OPENING));
    let windows = RULES_DIAGRAM.replace('\n', "\r\n");
    assert_eq!(windows.parse::<Board>(), Ok(Board::OPENING));
    let tabs = "[0]\t4\t4\t4\t4\t4\t4\n\t4\t4\t4\t4\t4\t4\t[0]";
    assert_eq!(tabs.parse::<Board>(), Ok(Board::OPENING));
}

#[test]
fn a_stray_character_is_reported_by_line_and_column() {
    let text = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  x  4 [ 0]";
    let error = text.parse::<Board>().unwrap_err();
    assert_eq!(
        error,
        ParseBoardError::UnexpectedCharacter {
            line: 2,
            column: 19,
            found: 'x'
        }
    );
    assert_eq!(
        error.to_string(),
        "line 2, column 19: unexpected `x` in a row of counts"
    );
    // Header lines count: the same slip in RULES.md's diagram is on line 3.
    let text = RULES_DIAGRAM.replace("      4  4  4  4  4  4 [ 0]", "      4  4  4  4  x  4 [ 0]");
    assert!(matches!(
        text.parse::<Board>(),
        Err(ParseBoardError::UnexpectedCharacter {
            line: 3,
            column: 19,
            found: 'x'
        })
    ));
    // A minus sign is not part of a count.
    assert!(matches!(
        "-4 4".parse::<Board>(),
        Err(ParseBoardError::UnexpectedCharacter {
            line: 1,
            column: 1,
            found: '-'
        })
    ));
}

#[test]
fn columns_count_characters_not_bytes() {
    // Two no-break spaces (two bytes each in UTF-8) are whitespace.
    let text = "\u{a0}\u{a0}é 4";
    assert_eq!(
        text.parse::<Board>(),
        Err(ParseBoardError::UnexpectedCharacter {
            line: 1,
            column: 3,
            found: 'é'
        })
    );
}

#[test]
fn a_count_larger_than_a_game_holds_is_reported() {
    let text = "[ 0]  4  4  4  4  4 49\n      4  4  4  4  4  4 [ 0]";
    let error = text.parse::<Board>().unwrap_err();
    assert_eq!(
        error,
        ParseBoardError::CountTooLarge {
            line: 1,
            column: 21,
            text: "49".into()
        }
    );
    assert_eq!(
        error.to_string(),
        "line 1, column 21: `49` is more seeds than a game holds"
    );
    let huge = "99999999999999999999999999999999999999999999";
    assert_eq!(
        format!("0 {huge}").parse::<Board>(),
        Err(ParseBoardError::CountTooLarge {
            line: 1,
            column: 3,
            text: huge.into()
        })
    );
}

#[test]
fn fourteen_counts_are_needed() {
    let thirteen = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4";
    assert_eq!(
        thirteen.parse::<Board>(),
        Err(ParseBoardError::WrongCount { found: 13 })
    );
    let fifteen = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4 [ 0] 0";
    assert_eq!(
        fifteen.parse::<Board>(),
        Err(ParseBoardError::WrongCount { found: 15 })
    );
    assert_eq!(
        ParseBoardError::WrongCount { found: 13 }.to_string(),
        "found 13 counts; a board has 14 (North's store, houses f to a, houses A to F, South's store)"
    );
}

#[test]
fn counts_that_do_not_make_48_are_not_a_board() {
    let text = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  5 [ 0]";
    let error = text.parse::<Board>().unwrap_err();
    assert_eq!(
        error,
        ParseBoardError::Board(BoardError::WrongTotal { total: 49 })
    );
    assert_eq!(
        error.to_string(),
        "the board holds 49 seeds; a game of oware always has 48"
    );
    // The message is the cause's, so the cause is not the source as well.
    assert!(std::error::Error::source(&error).is_none());
    assert_eq!(
        Board::from_cells([0; 14]),
        Err(BoardError::WrongTotal { total: 0 })
    );
    assert_eq!(
        Board::from_cells([255; 14]),
        Err(BoardError::WrongTotal { total: 255 * 14 })
    );
}

#[test]
fn odd_input_is_an_error_and_never_a_panic() {
    let long_zeros = "0".repeat(100_000);
    let long_one = format!("1{long_zeros}");
    let many_lines = "4\n".repeat(10_000);
    let odd = [
        "",
        " ",
        "\n\n\n",
        "\r",
        "\0",
        "🦀",
        "♠ ♣ ♥ ♦",
        "４ ４", // full-width digits are not ASCII digits: ignored
        "٤٤",
        "[",
        "]]]",
        "[ 0]  4  4  4  4  4  4\n",
        &long_zeros,
        &long_one,
        &many_lines,
    ];
    for text in odd {
        let shown: String = text.chars().take(20).collect();
        assert!(text.parse::<Board>().is_err(), "board from {shown:?}");
        assert!(text.parse::<House>().is_err(), "house from {shown:?}");
        assert!(text.parse::<Seat>().is_err(), "seat from {shown:?}");
        assert!(text.parse::<Rules>().is_err(), "rules from {shown:?}");
        // Whitespace alone is an empty transcript, as "" is.
        if !text.trim().is_empty() {
            assert!(
                text.parse::<Transcript>().is_err(),
                "transcript from {shown:?}"
            );
        }
    }
    assert_eq!(
        "".parse::<Board>(),
        Err(ParseBoardError::WrongCount { found: 0 })
    );
    assert_eq!(
        "♠ ♣ ♥ ♦".parse::<Board>(),
        Err(ParseBoardError::WrongCount { found: 0 })
    );
    assert_eq!(
        long_zeros.parse::<Board>(),
        Err(ParseBoardError::WrongCount { found: 1 })
    );
}

#[test]
fn parsers_ignore_whitespace_around_the_text() {
    // A line read from a file keeps its newline; a value pasted keeps its
    // spaces. Every reader of text takes them as a caller would mean it.
    assert_eq!(
        Position::from_fen("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\n"),
        Ok(Position::OPENING)
    );
    assert_eq!(
        Position::from_fen(" \t4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\r\n"),
        Ok(Position::OPENING)
    );
    assert_eq!(" e\n".parse::<House>(), Ok(e));
    assert_eq!("North\n".parse::<Seat>(), Ok(Seat::North));
    assert_eq!(" awari-split\n".parse::<Rules>(), Ok(Rules::AWARI_SPLIT));
    assert_eq!(
        "EcAb\n".parse::<Transcript>(),
        Ok(Transcript::from(vec![E, c, A, b]))
    );
    assert_eq!(
        format!("{RULES_DIAGRAM}\n\n").parse::<Board>(),
        Ok(Board::OPENING)
    );
    let record = "\n  [Variant \"Oware Abapa\"]\n\n1. E c 2. A b\n\n"
        .parse::<oware_core::Record>()
        .expect("a record with blank lines around it");
    assert_eq!(record.game().transcript().to_string(), "EcAb");
    // Inside the text, whitespace is still refused, at its place counted
    // from the first character of what was given.
    assert!(Position::from_fen("4-4-4-4-4-4 -4-4-4-4-4-4-0-0-S").is_err());
    assert_eq!(
        "  Ec Ab".parse::<Transcript>(),
        Err(TranscriptError::NotAHouse {
            index: 4,
            found: ' '
        })
    );
    assert!("E c".parse::<House>().is_err());
}
