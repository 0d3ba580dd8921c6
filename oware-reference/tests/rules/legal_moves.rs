//! Consistency of `legal_moves`, `play` and `is_over` over many positions
//! reached in play, under every rule set.

use std::collections::HashSet;

use oware_reference::{Position, Refusal, Rules, Seat};

const ALL_RULES: [Rules; 3] = [Rules::Abapa, Rules::Sowing, Rules::Awari];

/// Every distinct position within `depth` moves of the opening under `rules`.
fn reachable(depth: u32, rules: Rules) -> HashSet<Position> {
    let mut seen = HashSet::from([Position::opening()]);
    let mut frontier = vec![Position::opening()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for position in &frontier {
            for house in position.legal_moves(rules) {
                let after = position.play(house, rules).expect("legal");
                if seen.insert(after) {
                    next.push(after);
                }
            }
        }
        frontier = next;
    }
    seen
}

#[test]
fn play_succeeds_exactly_for_the_legal_moves() {
    for rules in ALL_RULES {
        let positions = reachable(6, rules);
        assert!(positions.len() > 10_000, "{}", positions.len());
        for position in &positions {
            let legal = position.legal_moves(rules);
            assert!(
                legal.windows(2).all(|w| w[0] < w[1]),
                "ascending: {legal:?}"
            );
            assert_eq!(legal.is_empty(), position.is_over(), "{position:?}");
            for house in 0..14 {
                let result = position.play(house, rules);
                assert_eq!(
                    result.is_ok(),
                    legal.contains(&house),
                    "{position:?} {house}"
                );
                if let Ok(after) = result {
                    assert_eq!(after.to_move, position.to_move.opponent());
                    let total: u32 = after.cells.iter().map(|&c| u32::from(c)).sum();
                    assert_eq!(total, 48, "seeds are neither made nor lost");
                    assert!(after.cells[12] >= position.cells[12]);
                    assert!(after.cells[13] >= position.cells[13]);
                }
            }
        }
    }
}

#[test]
fn a_move_never_empties_the_opponents_row() {
    // The grand slam rule and the feeding rule together guarantee it.
    for position in reachable(6, Rules::Abapa) {
        for house in position.legal_moves(Rules::Abapa) {
            let after = position.play(house, Rules::Abapa).expect("legal");
            assert!(row_of_seat_to_move(&after) > 0, "{position:?} {house}");
        }
    }
}

/// The seeds in the row of the seat to move.
fn row_of_seat_to_move(position: &Position) -> u32 {
    let row = match position.to_move {
        Seat::South => 0..6,
        Seat::North => 6..12,
    };
    position.cells[row].iter().map(|&c| u32::from(c)).sum()
}

#[test]
fn refusals_of_the_opening_by_house() {
    let opening = Position::opening();
    let refusals: Vec<Option<Refusal>> = (0..14)
        .map(|house| opening.play(house, Rules::Abapa).err())
        .collect();
    let mut expected = vec![None; 6];
    expected.extend([Some(Refusal::NotYourHouse); 6]);
    expected.extend([Some(Refusal::NoSuchHouse); 2]);
    assert_eq!(refusals, expected);
}
