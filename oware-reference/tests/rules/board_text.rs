//! RULES.md section 8, notation: the board as four lines of text, and reading it back.

use oware_reference::{BoardError, Position, Rules, parse_board, render_board};

use crate::common::cells;

/// The diagram of the opening exactly as RULES.md draws it (section 1).
const RULES_DIAGRAM: &str = "     f  e  d  c  b  a
[ 0]  4  4  4  4  4  4
      4  4  4  4  4  4 [ 0]
      A  B  C  D  E  F";

#[test]
fn the_opening_renders_as_rules_md_draws_it() {
    assert_eq!(render_board(&Position::opening().cells), RULES_DIAGRAM);
}

#[test]
fn the_rules_md_diagram_parses_to_the_opening() {
    assert_eq!(parse_board(RULES_DIAGRAM), Ok(Position::opening().cells));
}

#[test]
fn each_count_lands_in_its_own_cell() {
    // Every cell different, so a swapped pair would show.
    let board = cells([0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 0, 0], [2, 1]);
    let text = render_board(&board);
    assert_eq!(
        text,
        "     f  e  d  c  b  a
[ 1]  0  0  9  8  7  6
      0  1  2  3  4  5 [ 2]
      A  B  C  D  E  F"
    );
    assert_eq!(parse_board(&text), Ok(board));
}

#[test]
fn two_digit_counts_and_stores_keep_their_columns() {
    let board = cells([12, 0, 0, 3, 0, 1], [0, 0, 10, 0, 0, 0], [17, 5]);
    insta::assert_snapshot!(render_board(&board));
    assert_eq!(parse_board(&render_board(&board)), Ok(board));
}

#[test]
fn there_are_four_lines_and_no_newline_after_the_last() {
    let text = render_board(&Position::opening().cells);
    assert!(!text.ends_with('\n'));
    assert_eq!(text.lines().count(), 4);
}

#[test]
fn round_trip_over_positions_reached_in_play() {
    // Every position within four moves of the opening.
    let mut frontier = vec![Position::opening()];
    let mut seen = 0;
    for _ in 0..4 {
        let mut next = Vec::new();
        for position in &frontier {
            assert_eq!(
                parse_board(&render_board(&position.cells)),
                Ok(position.cells)
            );
            seen += 1;
            for house in position.legal_moves(Rules::Abapa) {
                next.push(position.play(house, Rules::Abapa).expect("legal"));
            }
        }
        frontier = next;
    }
    assert!(seen > 200, "{seen}");
}

#[test]
fn parsing_ignores_lines_without_digits() {
    let bare = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4 [ 0]";
    assert_eq!(parse_board(bare), Ok(Position::opening().cells));
    let labelled = "North (f..a)\n\n[ 0]  4  4  4  4  4  4\r\n\
                    \t 4 4 4 4 4 4 [0]\r\nSouth (A..F)\r\n";
    assert_eq!(parse_board(labelled), Ok(Position::opening().cells));
    let one_line = "0 4 4 4 4 4 4 4 4 4 4 4 4 0";
    assert_eq!(parse_board(one_line), Ok(Position::opening().cells));
}

#[test]
fn the_order_is_north_store_f_to_a_a_to_f_south_store() {
    // South's houses 1..6, North's a..f 7, 8, 2, 2, 1, 1, stores 2 and 4:
    // written in the order of the diagram.
    let board = cells([1, 2, 3, 4, 5, 6], [7, 8, 2, 2, 1, 1], [2, 4]);
    let text = "4 1 1 2 2 8 7 1 2 3 4 5 6 2";
    assert_eq!(parse_board(text), Ok(board));
}

#[test]
fn parse_errors_name_the_line() {
    let thirteen = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4 [ 0]\n";
    assert_eq!(
        parse_board(thirteen),
        Err(BoardError::TooFewNumbers { found: 13, line: 2 })
    );
    assert_eq!(
        parse_board(""),
        Err(BoardError::TooFewNumbers { found: 0, line: 0 })
    );
    assert_eq!(
        parse_board("f e d\nA B C\n"),
        Err(BoardError::TooFewNumbers { found: 0, line: 2 })
    );
    let fifteen = "header\n[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  4 [ 0]\n7\n";
    assert_eq!(
        parse_board(fifteen),
        Err(BoardError::TooManyNumbers { line: 4 })
    );
    let too_big = "[ 0]  4  4  4  4  4  4\n      4  4  256  4  4  4 [ 0]\n";
    assert_eq!(
        parse_board(too_big),
        Err(BoardError::BadNumber {
            line: 2,
            text: "256".to_string()
        })
    );
    let huge = "99999999999999999999999999 4";
    assert!(matches!(
        parse_board(huge),
        Err(BoardError::BadNumber { line: 1, .. })
    ));
    let forty_seven = "[ 0]  4  4  4  4  4  4\n      4  4  4  4  4  3 [ 0]\n";
    assert_eq!(
        parse_board(forty_seven),
        Err(BoardError::WrongTotal { total: 47 })
    );
}

#[test]
fn board_error_messages() {
    let errors = [
        BoardError::BadNumber {
            line: 2,
            text: "256".to_string(),
        },
        BoardError::TooManyNumbers { line: 4 },
        BoardError::TooFewNumbers { found: 13, line: 2 },
        BoardError::WrongTotal { total: 47 },
    ];
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    for message in &text {
        assert!(!message.ends_with('.'), "{message}");
        assert_eq!(message, &message.to_lowercase(), "{message}");
    }
    insta::assert_snapshot!(text.join("\n"));
}

#[test]
fn parsing_never_panics_and_only_accepts_48_seeds() {
    // Mutates the opening diagram at random (a small deterministic xorshift:
    // replace, insert or delete characters from an alphabet rich in what a
    // board is made of, plus some it is not), and parses each result.
    let alphabet: Vec<char> = "0123456789 [ ]\n\r\tfedcbaABCDEF-+é٣\u{0}"
        .chars()
        .collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut random = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..20_000 {
        let mut text: Vec<char> = RULES_DIAGRAM.chars().collect();
        for _ in 0..1 + random(4) {
            let at = random(text.len() + 1);
            let c = alphabet[random(alphabet.len())];
            match random(3) {
                0 if at < text.len() => text[at] = c,
                1 => text.insert(at, c),
                _ if at < text.len() => {
                    text.remove(at);
                }
                _ => {}
            }
        }
        let text: String = text.into_iter().collect();
        match parse_board(&text) {
            Ok(cells) => {
                let total: u32 = cells.iter().map(|&c| u32::from(c)).sum();
                assert_eq!(total, 48, "{text:?}");
                accepted += 1;
            }
            Err(_) => refused += 1,
        }
    }
    // Both kinds of answer were exercised, and nothing panicked.
    assert!(accepted > 1_000 && refused > 1_000, "{accepted} {refused}");
}
