//! OGN records: the hand-written records in `tests/data/ogn/` (in Aualé's
//! style, and one with PGN numbering and variations) load, and what is
//! written loads back identically; the errors name the line, the column and
//! the move.

use std::path::Path;

use oware_core::House::*;
use oware_core::notation::{OgnErrorKind, Record};
use oware_core::{BySeat, EndReason, Game, House, IllegalMove, Position, Rules, Seat, Transcript};

/// Every record in the data folder, with its file name.
fn data_records() -> Vec<(String, String)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ogn");
    let mut records: Vec<(String, String)> = std::fs::read_dir(&folder)
        .expect("the data folder")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).expect("a text file"))
        })
        .filter(|(name, _)| name.ends_with(".ogn"))
        .collect();
    records.sort();
    assert!(records.len() >= 5, "the data records are missing");
    records
}

fn load(name: &str) -> Record {
    let (_, text) = data_records()
        .into_iter()
        .find(|(file, _)| file == name)
        .expect("a data record");
    text.parse()
        .unwrap_or_else(|error| panic!("{name}: {error}"))
}

#[test]
fn every_data_record_loads_and_loads_back_identically_once_written() {
    for (name, text) in data_records() {
        let record: Record = text
            .parse()
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        let written = record.to_string();
        let again: Record = written
            .parse()
            .unwrap_or_else(|error| panic!("{name} as written: {error}\n{written}"));
        assert_eq!(again, record, "{name}");
        assert_eq!(again.to_string(), written, "{name}: writing is stable");
        for line in written.lines().filter(|line| !line.starts_with('[')) {
            assert!(line.chars().count() < 80, "{name}: long line {line:?}");
        }
    }
}

#[test]
fn a_finished_game_keeps_its_tags_comments_and_result() {
    let record = load("auale-finished.ogn");
    let names: Vec<&str> = record.tags().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result"
        ]
    );
    assert_eq!(record.tag("North"), Some("Kofi \"the Sower\" Mensah"));
    assert_eq!(record.rules(), Rules::ABAPA);
    let game = record.game();
    assert_eq!(game.moves().len(), 100);
    assert_eq!(&game.moves()[..4], [F, f, E, e]);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::NoLegalMove);
    assert_eq!(outcome.seeds, BySeat::new(26, 22));
    assert_eq!(record.result(), Some(BySeat::new(26, 22)));
    // Comments belong to the move before them, read with one space between words.
    assert_eq!(
        record.comments()[8].as_deref(),
        Some("North takes three from a lazy opening")
    );
    assert_eq!(record.comments()[37].as_deref(), Some("the big chain"));
    let commented = record
        .comments()
        .iter()
        .filter(|comment| comment.is_some())
        .count();
    assert_eq!(commented, 3);
    // Written back in our style: comments close up to their braces.
    let written = record.to_string();
    assert!(written.contains("4. D c+3 {North takes three from a lazy opening} 5. A"));
    assert!(
        written.starts_with("[Variant \"Oware Abapa\"]\n[Event \"Accra club championship\"]\n")
    );
    assert!(written.contains("[North \"Kofi \\\"the Sower\\\" Mensah\"]\n"));
    assert!(written.ends_with("gathers the rest} 26-22\n"));
}

#[test]
fn an_unfinished_game_without_a_result_token_is_unfinished() {
    let record = load("auale-unfinished.ogn");
    assert_eq!(record.game().moves().len(), 20);
    assert!(!record.game().is_over());
    assert_eq!(record.result(), None);
    assert_eq!(record.tag("North"), Some("Aualé (expert)"));
    assert_eq!(record.comments()[18].as_deref(), Some("adjourned here"));
    assert!(record.to_string().ends_with(" 10. E f *\n"));
}

#[test]
fn a_set_up_position_with_north_first_keeps_aualés_numbering() {
    let record = load("auale-setup-north.ogn");
    let start = Position::from_fen("0-0-0-0-0-3-0-2-1-0-5-3-16-18-N").unwrap();
    assert_eq!(record.game().start(), start);
    assert_eq!(record.game().moves()[..3], [c, F, f]);
    assert_eq!(record.result(), Some(BySeat::new(24, 24)));
    let written = record.to_string();
    assert!(
        written.contains("\n\n1. c F 2. f B 3. a C 4. e+2 A"),
        "{written}"
    );
}

#[test]
fn pgn_numbering_comments_before_the_moves_and_variations() {
    let record = load("variations.ogn");
    let names: Vec<&str> = record.tags().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        ["Event", "Variant", "Annotator", "FEN"],
        "order as read"
    );
    assert_eq!(record.game().transcript().to_string(), "cFfBaCe");
    assert_eq!(
        record.comments()[0].as_deref(),
        Some("North to move: the fed seeds come back")
    );
    assert_eq!(record.comments()[4].as_deref(), Some("South waits"));
    // The comment inside a variation goes with the variation.
    assert_eq!(record.comments().iter().flatten().count(), 2);
    let written = record.to_string();
    // No number resumes the moves after a comment, as Aualé writes them.
    assert!(
        written.ends_with(
            "\n\n{North to move: the fed seeds come back} 1... c 2. F (2. E) f (2... e 3. A (3.\nB) 3... a) 3. B {South waits} a (3... e {the capture} 4. A) 4. C e+2 *\n"
        ),
        "{written}"
    );
}

#[test]
fn aualés_first_repetition_ends_its_game_and_its_last_mark_counts_the_gathering() {
    // Aualé stops at the first repetition and gives each player their row:
    // the last move, F, is marked +1 for the seed South gathers. Under
    // Abapa the game goes on, and the stated result is kept.
    let record = load("auale-first-repetition.ogn");
    assert_eq!(record.game().moves().len(), 12);
    assert!(!record.game().is_over());
    assert_eq!(record.game().occurrences(), 2);
    assert_eq!(record.result(), Some(BySeat::new(24, 23 + 1)));
    // Without the stated result the +1 is a wrong capture mark.
    let text = "[FEN \"1-0-0-0-0-0-1-0-0-0-0-0-23-23-N\"]\n\n1. a A 2. b B 3. c C 4. d D 5. e E 6. f F+1 *";
    let error = text.parse::<Record>().unwrap_err();
    assert_eq!((error.line, error.column), (3, 41));
    assert_eq!(
        error.to_string(),
        "line 3, column 41: move 6, `F` (South's), is marked +1 but captures 0"
    );
}

#[test]
fn a_new_record_has_the_roster_and_reads_back() {
    let mut game = Game::new(Rules::SOWING);
    for &house in "FfEeAaDc".parse::<Transcript>().unwrap().iter() {
        game.play(house).unwrap();
    }
    let mut record = Record::new(game.clone());
    record.set_tag("South", "line\nbreak");
    record.set_tag("Opening", "a \\ \"quoted\" name");
    record.set_comment(8, Some("  three\n taken } here "));
    let text = record.to_string();
    assert_eq!(
        text,
        "[Variant \"sowing\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n\
         [South \"line break\"]\n[North \"?\"]\n[Result \"*\"]\n\
         [Opening \"a \\\\ \\\"quoted\\\" name\"]\n\n\
         1. F f 2. E e 3. A a 4. D c+3 {three taken ) here} *\n"
    );
    let read: Record = text.parse().unwrap();
    assert_eq!(read, record);
    assert_eq!(read.game(), &game);
    assert_eq!(read.tag("Opening"), Some("a \\ \"quoted\" name"));
}

#[test]
fn a_word_longer_than_a_line_stands_on_its_own_line() {
    let mut game = Game::new(Rules::ABAPA);
    for &house in "FfEe".parse::<Transcript>().unwrap().iter() {
        game.play(house).unwrap();
    }
    let long = "x".repeat(90);
    let mut record = Record::new(game);
    // Before the first move, and after the second.
    record.set_comment(0, Some(&long));
    record.set_comment(2, Some(&format!("{long} short")));
    let text = record.to_string();
    let moves = text.split_once("\n\n").unwrap().1;
    assert_eq!(
        moves,
        format!("{{{long}}}\n1. F f\n{{{long}\nshort}} 2. E e *\n"),
        "{text}"
    );
    assert_eq!(text.parse::<Record>().unwrap(), record);
}

#[test]
fn play_and_undo_keep_the_result_with_the_game() {
    // A game that the move limit ends after two quiet moves.
    let rules = Rules::ABAPA.with_move_limit(2).unwrap();
    let mut record = Record::new(Game::new(rules));
    record.play(E).unwrap();
    assert_eq!(
        record.play(A),
        Err(IllegalMove::NotYourHouse {
            house: A,
            to_move: Seat::North
        })
    );
    record.play(c).unwrap();
    assert_eq!(record.result(), Some(BySeat::new(23, 25)));
    assert_eq!(record.tag("Result"), Some("23-25"));
    assert!(record.to_string().ends_with("1. E c 23-25\n"));
    assert_eq!(record.undo(), Some(c));
    assert_eq!(record.tag("Result"), Some("*"));
    assert_eq!(record.comments().len(), 2);
}

#[test]
fn north_first_is_written_as_it_was_read() {
    let fen = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N";
    for moves in ["1. c E 2. b A *", "1... c 2. E b 3. A *"] {
        let text = format!("[FEN \"{fen}\"]\n\n{moves}\n");
        let record: Record = text.parse().unwrap();
        assert_eq!(record.game().moves(), [c, E, b, A]);
        assert_eq!(record.to_string(), text);
    }
    // Taken back to the start, a record has no numbers, as it reads back.
    let mut record: Record = format!("[FEN \"{fen}\"]\n\n1... c *").parse().unwrap();
    assert_eq!(record.undo(), Some(c));
    assert_eq!(record.to_string().parse::<Record>(), Ok(record));
    // Numbers may be left out; Aualé's are written.
    let bare: Record = format!("[FEN \"{fen}\"]\n\nc E b A").parse().unwrap();
    assert!(bare.to_string().ends_with("\n\n1. c E 2. b A *\n"));
}

#[test]
fn variants_name_the_rules() {
    for (variant, rules) in [
        ("Oware Abapa", Rules::ABAPA),
        ("awari", Rules::AWARI),
        ("Awari-Split", Rules::AWARI_SPLIT),
        ("Sowing", Rules::SOWING),
        ("?", Rules::ABAPA),
    ] {
        let record: Record = format!("[Variant \"{variant}\"] *").parse().unwrap();
        assert_eq!(record.rules(), rules, "{variant}");
    }
    let record: Record = "1. E c".parse().unwrap();
    assert_eq!(record.rules(), Rules::ABAPA, "abapa without a Variant tag");
}

/// The message for a record refused, with its place.
fn refusal(text: &str) -> String {
    text.parse::<Record>().unwrap_err().to_string()
}

#[test]
fn malformed_records_are_refused_with_line_and_column() {
    let cases = [
        (
            "[Event club]",
            "line 1, column 8: unexpected `c`; expected `\"` before the tag value",
        ),
        (
            "[Event \"club]\n1. E",
            "line 1, column 9: the tag pair is not closed with `\"]` on its line",
        ),
        (
            "[Event \"a \\n b\"]",
            "line 1, column 11: `\\n` in a tag value; only `\\\\` and `\\\"` are escapes",
        ),
        (
            "[Event\"club\"]",
            "line 1, column 7: unexpected `\"`; expected a space after the tag name",
        ),
        (
            "[ \"x\"]",
            "line 1, column 3: unexpected `\"`; expected a tag name (letters, digits, `_`)",
        ),
        (
            "[Event \"x\" x",
            "line 1, column 12: unexpected `x`; expected `]` to close the tag pair",
        ),
        (
            "[Site \"a\"]\n[Event \"b\"]\n[Site \"c\"]",
            "line 3, column 1: the tag `Site` is given twice (first on line 1)",
        ),
        (
            "[Site \"a\"] [Site \"c\"]",
            "line 1, column 12: the tag `Site` is given twice (first on line 1)",
        ),
        (
            "[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S\"]",
            "line 1, column 7: the FEN tag: the fen is not a board: the board holds 49 seeds; a game of oware always has 48",
        ),
        (
            "[Variant \"Kalah\"]",
            "line 1, column 11: unknown variant `Kalah`: expected Oware Abapa, Oware, abapa, sowing, awari, awari-split, auale, ?",
        ),
        (
            "1. E c\n2. E",
            "line 2, column 4: move 2, `E` (South's), is illegal: house E is empty",
        ),
        (
            "1. E c 2. c",
            "line 1, column 11: move 2, `c` (North's), is illegal: house c is North's, and South is to move",
        ),
        (
            "1. E x",
            "line 1, column 6: unexpected `x`; expected a move (A-F, a-f), a move number, a comment, a variation or a result",
        ),
        (
            "1. Ec",
            "line 1, column 5: unexpected `c`; expected a space after the move",
        ),
        (
            "1. E 3. c",
            "line 1, column 6: move number 3, but the next move is number 1",
        ),
        (
            "1. E c 2. *",
            "line 1, column 8: move number 2 has no move after it",
        ),
        (
            "1. E 1. 2. c",
            "line 1, column 6: move number 1 has no move after it",
        ),
        (
            "1.. E",
            "line 1, column 4: unexpected ` `; expected `.` or `...` after a move number",
        ),
        (
            "1 E",
            "line 1, column 2: unexpected ` `; expected `.` after a move number, or `-` in a result",
        ),
        (
            "1. E {note",
            "line 1, column 6: the comment is not closed with `}`",
        ),
        (
            "1. E (1. D c",
            "line 1, column 6: the variation is not closed with `)`",
        ),
        (
            "1. E c)",
            "line 1, column 7: unexpected `)`; expected a move (A-F, a-f), a move number, a comment, a variation or a result",
        ),
        (
            "1. E c 2. D+1 *",
            "line 1, column 11: move 2, `D` (South's), is marked +1 but captures 0",
        ),
        (
            "1. E c 2. D+1 f *",
            "line 1, column 11: move 2, `D` (South's), is marked +1 but captures 0",
        ),
        (
            "1. F f 2. E e 3. A a 4. D c",
            "line 1, column 27: move 4, `c` (North's), captures 3 but has no `+3` mark",
        ),
        (
            "1. E c 24-30",
            "line 1, column 8: `24-30` is not a result: expected South's and North's seeds as `S-N`, or `*`",
        ),
        (
            "1. E c 24-",
            "line 1, column 8: `24-` is not a result: expected South's and North's seeds as `S-N`, or `*`",
        ),
        (
            "[Result \"1-0-0\"]",
            "line 1, column 10: `1-0-0` is not a result: expected South's and North's seeds as `S-N`, or `*`",
        ),
        (
            "[Result \"*\"]\n\n1. E c 24-24",
            "line 3, column 8: the result differs from the Result tag `*`",
        ),
        (
            "1. E c * E",
            "line 1, column 10: unexpected `E` after the result, which ends the record",
        ),
        (
            "1. E 99999999999. c",
            "line 1, column 6: the number is too large",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(refusal(text), message, "{text:?}");
    }
}

#[test]
fn the_result_of_a_finished_game_is_checked() {
    let game = "[FEN \"0-0-0-0-0-1-0-0-0-0-0-2-20-25-S\"]\n\n";
    // North has 25 before any move: the record is over at its start.
    let record: Record = format!("{game}20-25").parse().unwrap();
    assert_eq!(record.result(), Some(BySeat::new(20, 25)));
    assert_eq!(
        refusal(&format!("{game}24-24")),
        "line 3, column 1: the result 24-24 differs from the game's end, 20-25"
    );
    assert_eq!(
        refusal(&format!("{game}*")),
        "line 3, column 1: the result `*` says the game goes on, but the moves end it 20-25"
    );
    assert_eq!(
        refusal(&format!("{game}1. F")),
        "line 3, column 4: move 1, `F` (South's), is illegal: the game is over"
    );
}

#[test]
fn the_result_of_a_game_ended_sooner_must_be_one_an_ending_could_give() {
    // Two moves capture nothing: an ending (a resignation scored by the
    // seeds, a program's own rule) gives all 48 out, the stores kept.
    let record: Record = "1. E c 30-18".parse().unwrap();
    assert_eq!(record.result(), Some(BySeat::new(30, 18)));
    assert_eq!(record.game().outcome(), None);
    assert_eq!(
        refusal("1. E c 0-0"),
        "line 1, column 8: the result 0-0 cannot end this game: its stores hold 0-0, and an ending shares all 48 seeds left on the board"
    );
    // A store never gives seeds back.
    let game = "[FEN \"0-0-0-0-0-1-0-0-0-0-0-4-20-23-N\"]\n\n";
    assert!(format!("{game}1... f 20-28").parse::<Record>().is_ok());
    assert_eq!(
        refusal(&format!("{game}1... f 19-29")),
        "line 3, column 8: the result 19-29 cannot end this game: its stores hold 20-23, and an ending shares all 5 seeds left on the board"
    );
}

#[test]
fn the_error_names_the_move_and_its_kind() {
    let error = "1. E c 2. E".parse::<Record>().unwrap_err();
    assert_eq!(
        error.kind,
        OgnErrorKind::IllegalMove {
            number: 2,
            house: House::E,
            reason: IllegalMove::EmptyHouse(House::E)
        }
    );
}

#[test]
fn empty_text_and_tags_alone_are_not_a_record() {
    // A file cut short, or `oware analyze g.ogn > g.ogn`, must not read as a game.
    for text in ["", "\n\n", "\u{feff}"] {
        let error = text.parse::<Record>().unwrap_err();
        assert_eq!(error.kind, OgnErrorKind::NoMoves { tags: 0 }, "{text:?}");
    }
    assert_eq!(
        "".parse::<Record>().unwrap_err().to_string(),
        "line 1, column 1: no record here: no tags, no moves and no result"
    );
    let error = "[Event \"club\"]\n[Site \"?\"]\n"
        .parse::<Record>()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3, column 1: the record ends after its 2 tags, with no moves and no result (a record ends with `*` or `S-N`)"
    );
    // The opening with no moves is a record when it says so: its result.
    let record: Record = "*".parse().unwrap();
    assert_eq!(record.game(), &Game::new(Rules::ABAPA));
    assert_eq!(record.to_string(), "*\n");
    let record: Record = "{just a comment}".parse().unwrap();
    assert_eq!(record.comments()[0].as_deref(), Some("just a comment"));
}

#[test]
fn several_records_read_one_after_another() {
    let text =
        "[Round \"1\"]\n\n1. E c *\n\n[Round \"2\"]\n\n1. F (1. A) e\n[Round \"3\"] 1. C *\n";
    let records = Record::read_all(text).unwrap();
    let rounds: Vec<_> = records.iter().map(|r| r.tag("Round").unwrap()).collect();
    assert_eq!(rounds, ["1", "2", "3"]);
    assert_eq!(records[1].game().transcript().to_string(), "Fe");
    assert_eq!(records[1].variations()[1].as_deref(), Some("(1. A)"));
    // One record is expected where a text is read as one.
    let error = text.parse::<Record>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 5, column 1: a second record begins here, where one record is expected"
    );
    // Places count in the whole text.
    let error = Record::read_all("1. E *\n\n1. E c 2. E *").unwrap_err();
    assert_eq!((error.line, error.column), (3, 11));
    assert!(Record::read_all("  \n").is_err());
}
