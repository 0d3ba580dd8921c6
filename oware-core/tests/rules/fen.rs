//! The fen: reading and writing a position on one line, and the error that
//! names what is wrong with a line that is not one.

use std::error::Error;

use oware_core::{BoardError, FenError, Game, Position, Rules, Seat};

/// Every position of a few games played with the first legal move.
fn game_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for rules in [Rules::ABAPA, Rules::AWARI] {
        let mut game = Game::new(rules);
        while !game.is_over() {
            positions.push(game.position());
            game.play(game.legal_moves().first().unwrap()).unwrap();
        }
        positions.push(game.position());
    }
    positions
}

#[test]
fn every_position_reads_back_from_its_fen() {
    for position in game_positions() {
        let fen = position.to_fen();
        assert_eq!(fen.split('-').count(), 15, "{fen}");
        let cells = position.board().to_cells();
        for (field, cell) in fen.split('-').zip(cells) {
            assert_eq!(field, cell.to_string(), "{fen}");
        }
        assert_eq!(Position::from_fen(&fen), Ok(position), "{fen}");
    }
}

#[test]
fn the_seat_to_move_is_the_last_field() {
    let south = Position::from_fen("0-0-0-0-0-0-0-0-0-0-0-48-0-0-S").unwrap();
    let north = Position::from_fen("0-0-0-0-0-0-0-0-0-0-0-48-0-0-N").unwrap();
    assert_eq!(south.to_move(), Seat::South);
    assert_eq!(north.to_move(), Seat::North);
    assert_eq!(south.board(), north.board());
    assert!(north.to_fen().ends_with("-0-0-N"));
}

#[test]
fn a_fen_needs_fifteen_fields() {
    let sixteen = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-S";
    assert_eq!(
        Position::from_fen(sixteen),
        Err(FenError::Fields {
            fen: sixteen.to_owned(),
            found: 16
        })
    );
    assert_eq!(
        Position::from_fen(""),
        Err(FenError::Fields {
            fen: String::new(),
            found: 1
        })
    );
}

#[test]
fn a_count_is_digits_alone_and_at_most_48() {
    let with_field_3 = |field: &str| format!("4-4-{field}-4-4-4-4-4-4-4-4-4-0-0-S");
    for bad in ["+4", "4 ", "x4", "4x", ""] {
        let fen = with_field_3(bad);
        let found = bad.to_owned();
        assert_eq!(
            Position::from_fen(&fen),
            Err(FenError::Count { field: 3, found }),
            "{fen}"
        );
    }
    // Digits for more seeds than the game has are a count, too large.
    for bad in ["49", "99", "256", "00049", "123456789012345678901234567890"] {
        let fen = with_field_3(bad);
        let found = bad.to_owned();
        assert_eq!(
            Position::from_fen(&fen),
            Err(FenError::TooMany { field: 3, found }),
            "{fen}"
        );
    }
    assert_eq!(
        Position::from_fen("99-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
            .unwrap_err()
            .to_string(),
        "field 1 of the fen, `99`, is more seeds than the game has (48)"
    );
    // 48 is a count (the board check comes after), and a leading zero is digits.
    assert_eq!(
        Position::from_fen(&with_field_3("48")),
        Err(FenError::Board(BoardError::WrongTotal { total: 92 }))
    );
    assert_eq!(
        Position::from_fen(&with_field_3("04")),
        Ok(Position::OPENING)
    );
    // The first field and the stores are numbered as people count.
    let error = Position::from_fen("x-4-4-4-4-4-4-4-4-4-4-4-0-0-S").unwrap_err();
    assert_eq!(
        error,
        FenError::Count {
            field: 1,
            found: "x".to_owned()
        }
    );
    let error = Position::from_fen("4-4-4-4-4-4-4-4-4-4-4-4-0-y-S").unwrap_err();
    assert_eq!(
        error.to_string(),
        "field 14 of the fen, `y`, is not a count of seeds"
    );
}

#[test]
fn the_seat_is_s_or_n() {
    for bad in ["s", "n", "South", ""] {
        let fen = format!("4-4-4-4-4-4-4-4-4-4-4-4-0-0-{bad}");
        assert_eq!(
            Position::from_fen(&fen),
            Err(FenError::Seat(bad.to_owned())),
            "{fen}"
        );
    }
    assert_eq!(
        FenError::Seat("s".to_owned()).to_string(),
        "the fen's last field, `s`, is not S or N (the seat to move)"
    );
}

#[test]
fn counts_that_are_not_a_board_say_so_with_the_cause_once() {
    let error = Position::from_fen("4-4-4-4-4-4-4-4-4-4-4-4-0-1-S").unwrap_err();
    let cause = BoardError::WrongTotal { total: 49 };
    assert_eq!(error, FenError::Board(cause));
    assert_eq!(
        error.to_string(),
        "the fen is not a board: the board holds 49 seeds; a game of oware always has 48"
    );
    // The cause is in the message, so it is not the source as well: a
    // reporter that prints the chain would say it twice.
    assert!(error.source().is_none());
    for error in [
        FenError::Seat("x".to_owned()),
        FenError::Count {
            field: 1,
            found: "x".to_owned(),
        },
        FenError::Fields {
            fen: "x".to_owned(),
            found: 1,
        },
    ] {
        assert!(error.source().is_none(), "{error}");
    }
}

#[test]
fn errors_quote_at_most_forty_characters() {
    // Forty characters are quoted whole; one more is cut, with `…`.
    let forty = "1".repeat(40);
    let fen = format!("4-4-{forty}-4-4-4-4-4-4-4-4-4-0-0-S");
    assert_eq!(
        Position::from_fen(&fen),
        Err(FenError::TooMany {
            field: 3,
            found: forty.clone()
        })
    );
    let long_seat = "é".repeat(41);
    let fen = format!("4-4-4-4-4-4-4-4-4-4-4-4-0-0-{long_seat}");
    assert_eq!(
        Position::from_fen(&fen),
        Err(FenError::Seat(format!("{}…", "é".repeat(40))))
    );
    let many = "4-".repeat(30);
    let error = Position::from_fen(&many).unwrap_err();
    assert_eq!(
        error,
        FenError::Fields {
            fen: format!("{}…", &many[..40]),
            found: 31
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "the fen `{}…` has 31 fields; it needs 15: twelve houses, South's store, North's store, S or N",
            &many[..40]
        )
    );
}
