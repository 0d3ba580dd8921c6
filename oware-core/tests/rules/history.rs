//! The history type: repetition and the move limit under every rule set,
//! Aualé's first repetition included, and the search's form of the check
//! agreeing with the game's.

use oware_core::{Board, BySeat, EndReason, Game, History, House, Position, Rules, Seat, Share};

/// One seed in A and one in a: no move can capture, and after twelve moves
/// the two have swapped places, which is the start again.
fn two_seeds() -> Position {
    let board = Board::from_cells([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 23, 23]).unwrap();
    Position::new(board, Seat::South)
}

fn play_first(game: &mut Game) {
    let house = game.legal_moves().first().expect("a move");
    game.play(house).unwrap();
}

#[test]
fn each_rule_set_ends_the_cycle_at_its_own_occurrence() {
    // (rules, moves played when the game ends, reason)
    let cases = [
        (Rules::AUALE, 12, EndReason::FirstRepetition),
        (Rules::ABAPA, 24, EndReason::Repetition),
        (Rules::AWARI, 24, EndReason::Repetition),
        (Rules::AWARI_SPLIT, 24, EndReason::Repetition),
        (Rules::SOWING, 24, EndReason::Repetition),
    ];
    for (rules, length, reason) in cases {
        let mut game = Game::from_position(two_seeds(), rules);
        while !game.is_over() {
            play_first(&mut game);
        }
        assert_eq!(game.moves().len(), length, "{rules}");
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.reason, reason, "{rules}");
        // Each takes their own row, or the two seeds are split: one seed
        // each, 24–24, either way.
        assert_eq!((outcome.seeds.south, outcome.seeds.north), (24, 24));
        assert_eq!(outcome.winner, None);
    }
}

#[test]
fn awari_split_shares_the_seeds_left_evenly() {
    // South: 2 in A, 1 in F, store 23; North's row empty, store 22. Always
    // playing the first legal move, the game comes round to a third
    // repetition after 61 moves with the three seeds still on the board.
    let board = Board::from_cells([2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 23, 22]).unwrap();
    let start = Position::new(board, Seat::South);
    let end = |rules| {
        let mut game = Game::from_position(start, rules);
        while !game.is_over() {
            play_first(&mut game);
        }
        assert_eq!(game.moves().len(), 61, "{rules}");
        let end = game.position().board();
        assert_eq!(end.seeds_on_side(Seat::South), 0, "{rules}");
        assert_eq!(end.seeds_on_side(Seat::North), 3, "{rules}");
        assert_eq!(end.stores(), BySeat::new(23, 22), "{rules}");
        game.outcome().unwrap()
    };
    // Own rows: the three seeds are North's, who wins 23–25.
    let own_rows = end(Rules::AWARI);
    assert_eq!(own_rows.reason, EndReason::Repetition);
    assert_eq!(own_rows.seeds, BySeat::new(23, 25));
    assert_eq!(own_rows.winner, Some(Seat::North));
    assert_eq!(own_rows.share, Some(Share::OwnRows));
    assert!(!own_rows.half_seed_each());
    // Split evenly: 1½ each, so South's larger store wins, 24½–23½.
    let split = end(Rules::AWARI_SPLIT);
    assert_eq!(split.reason, EndReason::Repetition);
    assert_eq!(split.seeds, BySeat::new(24, 23));
    assert!(split.half_seed_each());
    assert_eq!(split.winner, Some(Seat::South));
    assert_eq!(split.share, Some(Share::Evenly));
    assert_eq!(
        split.to_string(),
        "South wins 24½–23½ (third repetition, the seeds left split evenly)"
    );
    // The move limit is no repetition: even a split rule set gives each
    // player their own row there.
    let limited = Rules::AWARI_SPLIT
        .without_repetition()
        .with_move_limit(61)
        .unwrap();
    let mut game = Game::from_position(start, limited);
    while !game.is_over() {
        play_first(&mut game);
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::MoveLimit);
    assert_eq!(outcome.share, Some(Share::OwnRows));
    assert_eq!(outcome.seeds, BySeat::new(23, 25));
}

#[test]
fn first_repetition_is_shown_as_such() {
    let mut game = Game::from_position(two_seeds(), Rules::AUALE);
    while !game.is_over() {
        play_first(&mut game);
    }
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "draw 24–24 (a position repeated)"
    );
    assert_eq!("auale".parse::<Rules>(), Ok(Rules::AUALE));
    assert_eq!(Rules::AUALE.name(), Some("auale"));
}

#[test]
fn a_capture_starts_the_count_afresh() {
    // South's F (3 seeds) takes a, b, c; the positions before it cannot recur.
    let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0, 16, 16]).unwrap();
    let start = Position::new(board, Seat::South);
    let mut history = History::new(start);
    history.push(start.play_abapa(House::F).unwrap());
    assert_eq!(history.moves_without_capture(), 0);
    assert_eq!(history.since_last_capture().positions().len(), 1);
    history.push(history.current().play_abapa(House::d).unwrap());
    assert_eq!(history.moves_without_capture(), 1);
    // A grand slam captures nothing, so it counts as a quiet move.
    let board = Board::from_cells([5, 0, 0, 0, 0, 3, 1, 2, 1, 0, 0, 0, 16, 20]).unwrap();
    let start = Position::new(board, Seat::South);
    let mut history = History::new(start);
    history.push(start.play_abapa(House::F).unwrap());
    assert_eq!(history.moves_without_capture(), 1);
}

#[test]
fn the_move_limit_counts_quiet_moves_only() {
    let rules = Rules::ABAPA
        .without_repetition()
        .with_move_limit(5)
        .unwrap();
    let mut history = History::new(two_seeds());
    for moves in 1..=5 {
        assert_eq!(history.end(&rules), None, "after {}", moves - 1);
        let current = history.current();
        history.push(current.play_unchecked(current.legal_moves_abapa().first().unwrap()));
    }
    assert_eq!(history.end(&rules), Some(EndReason::MoveLimit));
    // Repetition is checked before the move limit.
    let both = Rules::ABAPA
        .with_repetition(2)
        .unwrap()
        .with_move_limit(12)
        .unwrap();
    let mut game = Game::from_position(two_seeds(), both);
    while !game.is_over() {
        play_first(&mut game);
    }
    assert_eq!(game.moves().len(), 12);
    assert_eq!(game.outcome().unwrap().reason, EndReason::FirstRepetition);
}

#[test]
fn the_search_form_agrees_with_the_game_form() {
    // Every prefix of a long quiet cycle: `end_at` for the next position,
    // unwritten, equals `end` once it is pushed, under every preset.
    for (_, rules) in Rules::PRESETS {
        let mut history = History::new(two_seeds());
        for _ in 0..30 {
            let current = history.current();
            let next = current.play_unchecked(current.legal_moves_abapa().first().unwrap());
            let index = history.positions().len();
            let quiet = history.moves_without_capture() + 1;
            let predicted = history.end_at(index, next, quiet, &rules);
            history.push(next);
            assert_eq!(predicted, history.end(&rules), "{rules} at {index}");
        }
    }
}

#[test]
fn undo_and_truncate_restore_the_counts() {
    let mut game = Game::from_position(two_seeds(), Rules::ABAPA);
    for _ in 0..12 {
        play_first(&mut game);
    }
    assert_eq!(game.occurrences(), 2);
    game.undo();
    assert_eq!(game.occurrences(), 1);
    assert_eq!(game.moves_without_capture(), 11);
    let mut history = game.history().clone();
    history.truncate(3);
    assert_eq!(history.positions(), &game.positions()[..3]);
    assert_eq!(history.moves_without_capture(), 2);
}
