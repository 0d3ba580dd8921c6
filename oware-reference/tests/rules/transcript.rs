//! RULES.md section 8, notation: house letters and transcripts.

use oware_reference::{
    TranscriptError, house_from_letter, house_letter, parse_transcript, render_transcript,
};

#[test]
fn every_house_has_one_letter_and_back() {
    let letters: String = (0..12).map(|h| house_letter(h).expect("a house")).collect();
    assert_eq!(letters, "ABCDEFabcdef");
    for house in 0..12 {
        let letter = house_letter(house).expect("a house");
        assert_eq!(house_from_letter(letter), Some(house));
    }
    for house in [12, 13, 99] {
        assert_eq!(house_letter(house), None);
    }
    for c in ['g', 'G', 'z', 'Z', '0', ' ', '@', '`', 'é'] {
        assert_eq!(house_from_letter(c), None, "{c:?}");
    }
}

#[test]
fn render_joins_letters() {
    assert_eq!(render_transcript(&[4, 8, 0, 7]), "EcAb");
    assert_eq!(render_transcript(&[]), "");
}

#[test]
#[should_panic(expected = "not a house")]
fn render_panics_on_a_store_index() {
    let _ = render_transcript(&[0, 12]);
}

#[test]
fn parse_reads_alternating_letters() {
    assert_eq!(parse_transcript("EcAb"), Ok(vec![4, 8, 0, 7]));
    assert_eq!(parse_transcript("F"), Ok(vec![5]));
    assert_eq!(parse_transcript(""), Ok(vec![]));
    let all = "AaBbCcDdEeFf";
    assert_eq!(
        parse_transcript(all),
        Ok(vec![0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11])
    );
    let moves = parse_transcript(all).expect("valid");
    assert_eq!(render_transcript(&moves), all);
}

#[test]
fn parse_rejects_non_letters_with_their_position() {
    let cases = [
        ("Ab1", 2, '1'),
        ("Ag", 1, 'g'),
        ("AbG", 2, 'G'),
        ("Az", 1, 'z'),
        ("A b", 1, ' '),
        ("Ab\ncD", 2, '\n'),
        (" A b", 2, ' '),
        ("-", 0, '-'),
        ("Abé", 2, 'é'),
    ];
    for (text, index, found) in cases {
        assert_eq!(
            parse_transcript(text),
            Err(TranscriptError::NotAHouse { index, found }),
            "{text:?}"
        );
    }
}

#[test]
fn parse_rejects_north_moving_first() {
    assert_eq!(
        parse_transcript("aB"),
        Err(TranscriptError::NorthFirst {
            index: 0,
            found: 'a'
        })
    );
    // The first problem wins: here that is the first character.
    assert_eq!(
        parse_transcript("f9"),
        Err(TranscriptError::NorthFirst {
            index: 0,
            found: 'f'
        })
    );
}

#[test]
fn parse_rejects_the_same_seat_twice() {
    assert_eq!(
        parse_transcript("EcAB"),
        Err(TranscriptError::SameSeatTwice {
            index: 3,
            found: 'B'
        })
    );
    assert_eq!(
        parse_transcript("EE"),
        Err(TranscriptError::SameSeatTwice {
            index: 1,
            found: 'E'
        })
    );
    assert_eq!(
        parse_transcript("Eab"),
        Err(TranscriptError::SameSeatTwice {
            index: 2,
            found: 'b'
        })
    );
    // Earlier problems are reported first.
    assert_eq!(
        parse_transcript("EE1"),
        Err(TranscriptError::SameSeatTwice {
            index: 1,
            found: 'E'
        })
    );
}

#[test]
fn error_accessors_and_messages() {
    let errors = [
        parse_transcript("Ab1").unwrap_err(),
        parse_transcript("aB").unwrap_err(),
        parse_transcript("EcAB").unwrap_err(),
    ];
    let positions: Vec<(usize, char)> = errors.iter().map(|e| (e.index(), e.found())).collect();
    assert_eq!(positions, [(2, '1'), (0, 'a'), (3, 'B')]);
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    for message in &text {
        assert!(!message.ends_with('.'), "{message}");
        assert!(message.starts_with("character "), "{message}");
    }
    insta::assert_snapshot!(text.join("\n"));
}

#[test]
fn whitespace_around_the_moves_is_skipped() {
    assert_eq!(parse_transcript("Ab\n"), Ok(vec![0, 7]));
    assert_eq!(parse_transcript(" \tAb \r\n"), Ok(vec![0, 7]));
    assert_eq!(parse_transcript("  "), Ok(Vec::new()));
    assert_eq!(
        parse_transcript("  Ag"),
        Err(TranscriptError::NotAHouse {
            index: 3,
            found: 'g'
        })
    );
}
