//! The history as a search uses it: stepping to a ply with `set`, a count
//! of quiet moves carried in from before the start, and the end check that
//! reads only the positions a repetition can be among.

use oware_core::{Board, EndReason, History, House, Position, Rules, Seat};

/// One seed in A and one in a: no move can capture, and after twelve moves
/// the two have swapped places, which is the start again.
fn two_seeds() -> Position {
    let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23]).unwrap();
    Position::new(board, Seat::South)
}

fn first_move(position: Position) -> Position {
    position.play_unchecked(position.legal_moves_abapa().first().expect("a move"))
}

/// The quiet cycle from `two_seeds`, `moves` long, start included.
fn cycle(moves: usize) -> Vec<Position> {
    let mut line = vec![two_seeds()];
    for _ in 0..moves {
        line.push(first_move(*line.last().unwrap()));
    }
    line
}

#[test]
fn the_start_is_the_first_position_whatever_follows() {
    let line = cycle(3);
    let mut history = History::new(line[0]);
    assert_eq!(history.start(), two_seeds());
    for &position in &line[1..] {
        history.push(position);
    }
    assert_eq!(history.start(), two_seeds());
    assert_eq!(history.current(), line[3]);
}

#[test]
fn set_replaces_everything_after_the_index() {
    let line = cycle(5);
    let mut history = History::new(line[0]);
    for &position in &line[1..] {
        history.push(position);
    }
    let other = Position::OPENING;
    history.set(3, other, 0);
    assert_eq!(history.positions(), [line[0], line[1], line[2], other]);
    assert_eq!(history.moves_without_capture(), 0);
    // Index 0 keeps the start: only a later position is replaced.
    history.set(0, line[1], 1);
    assert_eq!(history.positions(), [line[0], line[1]]);
    assert_eq!(history.moves_without_capture(), 1);
}

#[test]
fn a_quiet_count_carried_in_survives_cutting_and_undoing() {
    // A search from a game 20 quiet moves in: its history starts at the
    // game's current position and is told the count.
    let line = cycle(4);
    let mut history = History::new(line[0]);
    history.set(1, line[1], 20);
    assert_eq!(history.moves_without_capture(), 20);
    // No capture in it: all is kept, and the 19 quiet moves before its
    // start go with it.
    let mut kept = history.since_last_capture();
    assert_eq!(kept.positions(), [line[0], line[1]]);
    assert_eq!(kept.moves_without_capture(), 20);
    kept.push(line[2]);
    kept.push(line[3]);
    assert_eq!(kept.moves_without_capture(), 22);
    assert_eq!(kept.pop(), Some(line[3]));
    assert_eq!(kept.moves_without_capture(), 21);
    kept.truncate(1);
    assert_eq!(kept.moves_without_capture(), 19);
    kept.push(line[1]);
    assert_eq!(kept.moves_without_capture(), 20);
    // Under a limit of 21 quiet moves the next one ends the game.
    let rules = Rules::ABAPA.with_move_limit(21).unwrap();
    assert_eq!(kept.end(&rules), None);
    kept.push(line[2]);
    assert_eq!(kept.end(&rules), Some(EndReason::MoveLimit));
}

#[test]
fn since_last_capture_keeps_only_positions_that_can_recur() {
    // South's F (3 seeds) takes a, b, c; then two quiet moves.
    let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16]).unwrap();
    let start = Position::new(board, Seat::South);
    let mut history = History::new(start);
    history.push(start.play_abapa(House::F).unwrap());
    history.push(history.current().play_abapa(House::d).unwrap());
    history.push(history.current().play_abapa(House::A).unwrap());
    let kept = history.since_last_capture();
    assert_eq!(kept.positions(), &history.positions()[1..]);
    assert_eq!(kept.moves_without_capture(), 2);
    let mut cut = kept.clone();
    cut.truncate(1);
    assert_eq!(
        cut.moves_without_capture(),
        0,
        "the kept start follows the capture"
    );
}

#[test]
fn end_at_reads_only_same_seat_positions_since_the_last_capture() {
    // Twelve moves of the cycle bring the start back at index 12.
    let line = cycle(12);
    let mut history = History::new(line[0]);
    for &position in &line[1..12] {
        history.push(position);
    }
    let auale = Rules::AUALE;
    assert_eq!(
        history.end_at(12, line[12], 12, &auale),
        Some(EndReason::FirstRepetition)
    );
    // With only 11 quiet moves behind it the start is out of reach.
    assert_eq!(history.end_at(12, line[12], 11, &auale), None);
    // Positions at odd distances have the other seat to move and are never
    // read: the opening written there is not seen as a repetition of it.
    let mut stale = history.clone();
    for index in (1..12).step_by(2) {
        stale.set(index, Position::OPENING, 0);
        for &position in &line[index + 1..12] {
            stale.push(position);
        }
    }
    assert_eq!(stale.end_at(12, Position::OPENING, 12, &auale), None);
    assert_eq!(
        stale.end_at(12, line[12], 12, &auale),
        Some(EndReason::FirstRepetition)
    );
    // Nor is anything at the index or beyond it.
    history.set(10, line[10], 10);
    history.push(line[10]);
    history.push(line[10]);
    assert_eq!(history.end_at(10, line[10], 10, &auale), None);
}

#[test]
fn repetition_counts_every_earlier_occurrence_up_to_the_limit() {
    // The cycle is twelve moves long: after 36 each position has come
    // round three times, the start four.
    let line = cycle(36);
    let mut history = History::new(line[0]);
    for (moves, &position) in line.iter().enumerate().skip(1) {
        history.push(position);
        assert_eq!(history.occurrences(), 1 + moves / 12, "after {moves}");
    }
    let five = Rules::ABAPA.with_repetition(5).unwrap();
    assert_eq!(history.end(&five), None);
    assert_eq!(history.end(&Rules::ABAPA), Some(EndReason::Repetition));
    history.truncate(24);
    assert_eq!(history.occurrences(), 2);
    assert_eq!(history.end(&Rules::ABAPA), None);
    assert_eq!(history.end(&Rules::AUALE), Some(EndReason::FirstRepetition));
}
