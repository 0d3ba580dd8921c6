//! The edge-position generators reach the edges they are named for: every
//! kind builds boards of 48 seeds, and over many draws the big houses lap
//! twice, the starved rows often cannot be fed, and grand slams are there
//! to play.

use oware_core::House;
use oware_fuzz::edges::{self, Stress};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn every_kind_builds_boards_of_48_seeds_and_reaches_its_edge() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut big = 0;
    let mut starving = 0;
    let mut slams = 0;
    for _ in 0..2000 {
        for stress in Stress::ALL {
            let position = edges::position(&mut rng, stress);
            let board = position.board();
            assert_eq!(board.total(), 48);
            let mover = position.to_move();
            match stress {
                Stress::BigHouse => {
                    big += usize::from(House::ALL.iter().any(|&h| board[h] >= 23));
                }
                Stress::MustFeed => {
                    assert_eq!(board.seeds_on_side(mover.opponent()), 0);
                    starving += usize::from(position.legal_moves_abapa().is_empty());
                }
                Stress::GrandSlam => {
                    slams += usize::from(
                        !position
                            .grand_slams(position.legal_moves_abapa())
                            .is_empty(),
                    );
                }
                _ => {}
            }
        }
    }
    assert!(big > 100, "{big} houses of 23 or more");
    assert!(starving > 100, "{starving} positions with no feeding move");
    assert!(slams > 500, "{slams} positions with a grand slam");
}
