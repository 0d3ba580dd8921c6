//! Random positions at the edges of the rules: one home for them, used by
//! the property tests (through [`crate::strategies`]) and by `cargo xtask
//! verify` (through a seeded generator per walk), so both reach the same
//! edges.
//!
//! Every position holds the 48 seeds of a game. Each [`Stress`] names the
//! rule it is built to reach; [`position`] builds one, either seat to move,
//! from any [`Rng`]: proptest's own, or a seeded `ChaCha8Rng`.
//!
//! ```
//! use oware_fuzz::edges::{self, Stress};
//! use rand::SeedableRng;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let position = edges::position(&mut rng, Stress::MustFeed);
//! assert_eq!(position.board().total(), 48);
//! assert_eq!(position.board().seeds_on_side(position.to_move().opponent()), 0);
//! ```

use oware_core::{Board, House, Position, Seat, TOTAL_SEEDS, WINNING_STORE};
use rand::{Rng, RngExt};

/// What a random position is built to reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stress {
    /// Seeds anywhere, stores anywhere below 25.
    Scattered,
    /// One house of 11 to 40 seeds, so sowing laps the board (twice and
    /// more from 23 seeds) and must skip its origin each time round.
    BigHouse,
    /// The opponent's row is empty: the mover must feed it, sometimes with
    /// exactly enough seeds, sometimes cannot at all.
    MustFeed,
    /// Stores near 25: one move from a win, at or past it, or 24–24.
    NearEnd,
    /// The opponent's row holds ones and twos that one sowing turns into a
    /// chain taking the whole row, or nearly.
    GrandSlam,
    /// A handful of single seeds: long quiet games that cycle.
    Sparse,
}

impl Stress {
    /// Every kind, in a fixed order for round-robin use.
    pub const ALL: [Stress; 6] = [
        Stress::Scattered,
        Stress::BigHouse,
        Stress::MustFeed,
        Stress::NearEnd,
        Stress::GrandSlam,
        Stress::Sparse,
    ];

    /// A short lowercase name for summaries.
    pub fn name(self) -> &'static str {
        match self {
            Stress::Scattered => "scattered",
            Stress::BigHouse => "big house",
            Stress::MustFeed => "must feed",
            Stress::NearEnd => "near the end",
            Stress::GrandSlam => "grand slam",
            Stress::Sparse => "sparse",
        }
    }
}

/// A random position of kind `stress`, either seat to move.
pub fn position(rng: &mut impl Rng, stress: Stress) -> Position {
    let mover = if rng.random_bool(0.5) {
        Seat::South
    } else {
        Seat::North
    };
    let mut cells = Cells::default();
    match stress {
        Stress::Scattered => {
            let houses = rng.random_range(1..=TOTAL_SEEDS);
            cells.scatter(rng, houses, &House::ALL);
        }
        Stress::BigHouse => big_house(rng, &mut cells, mover),
        Stress::MustFeed => must_feed(rng, &mut cells, mover),
        Stress::NearEnd => {
            // 24-24 ends the game with every seed in a store, and no move
            // can reach it: only a set-up position shows it, so often.
            let (south, north) = if rng.random_bool(0.1) {
                (WINNING_STORE - 1, WINNING_STORE - 1)
            } else {
                // Stores around the winning count, on either side of it.
                let (low, high) = (WINNING_STORE - 7, WINNING_STORE + 1);
                let south = rng.random_range(low..=high);
                (south, rng.random_range(low..=high.min(TOTAL_SEEDS - south)))
            };
            cells.0[12] = south;
            cells.0[13] = north;
            let houses = TOTAL_SEEDS - south - north;
            cells.scatter(rng, houses, &House::ALL);
        }
        Stress::GrandSlam => grand_slam(rng, &mut cells, mover),
        Stress::Sparse => {
            let mut houses = House::ALL;
            shuffle(rng, &mut houses);
            let count = rng.random_range(2..=10);
            for &house in &houses[..count] {
                cells.0[house.index()] = if rng.random_bool(0.8) { 1 } else { 2 };
            }
        }
    }
    cells.fill_stores(rng);
    let board = Board::from_cells(cells.0).expect("the builders leave 48 seeds in all");
    Position::new(board, mover)
}

/// A position of a random kind, and the kind.
pub fn any_position(rng: &mut impl Rng) -> (Stress, Position) {
    let stress = Stress::ALL[rng.random_range(0..Stress::ALL.len())];
    (stress, position(rng, stress))
}

/// Fisher–Yates, so this module needs nothing beyond `RngExt`.
fn shuffle<T>(rng: &mut impl Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.random_range(0..=i));
    }
}

/// The six houses of `seat`, in sowing order.
fn row(seat: Seat) -> [House; 6] {
    let first = seat.first_house_index();
    std::array::from_fn(|k| House::ALL[first + k])
}

/// A board under construction: the 14 canonical cells, stores filled last.
#[derive(Default)]
struct Cells([u8; 14]);

impl Cells {
    /// Seeds in the houses and stores so far.
    fn total(&self) -> u8 {
        self.0.iter().sum()
    }

    /// Drops `seeds` seeds one by one into houses drawn from `houses`.
    fn scatter(&mut self, rng: &mut impl Rng, seeds: u8, houses: &[House]) {
        for _ in 0..seeds {
            let house = houses[rng.random_range(0..houses.len())];
            self.0[house.index()] += 1;
        }
    }

    /// Puts the seeds not yet placed into the stores, split at random but
    /// with neither store past 24 if any store was empty so far (the kinds
    /// that want the end set the stores themselves).
    fn fill_stores(&mut self, rng: &mut impl Rng) {
        let rest = TOTAL_SEEDS - self.total();
        if self.0[12] == 0 && self.0[13] == 0 {
            let south = rng.random_range(oware_core::setup::undecided_south_stores(rest));
            self.0[12] = south;
            self.0[13] = rest - south;
        } else {
            // The stores are set: any seeds left over go to the houses.
            let mut rest = rest;
            while rest > 0 {
                self.0[rng.random_range(0..12)] += 1;
                rest -= 1;
            }
        }
    }
}

/// One house of 11 to 40 seeds (mostly the mover's), the rest scattered.
fn big_house(rng: &mut impl Rng, cells: &mut Cells, mover: Seat) {
    const LAP_EDGES: [u8; 10] = [11, 12, 13, 22, 23, 24, 33, 34, 35, 36];
    let seat = if rng.random_bool(0.8) {
        mover
    } else {
        mover.opponent()
    };
    let house = row(seat)[rng.random_range(0..6)];
    let big = if rng.random_bool(0.5) {
        LAP_EDGES[rng.random_range(0..LAP_EDGES.len())]
    } else {
        rng.random_range(11..=40)
    };
    cells.0[house.index()] = big;
    let others: Vec<House> = House::ALL.into_iter().filter(|&h| h != house).collect();
    let rest = rng.random_range(0..=(TOTAL_SEEDS - big).min(20));
    cells.scatter(rng, rest, &others);
}

/// The opponent's row empty; the mover's row either anything, or short of
/// feeding in every house (each house `k` places from the row's end holds
/// fewer than `k` seeds), sometimes with one house given exactly enough.
fn must_feed(rng: &mut impl Rng, cells: &mut Cells, mover: Seat) {
    let own = row(mover);
    if rng.random_bool(0.3) {
        let seeds = rng.random_range(1..=36);
        cells.scatter(rng, seeds, &own);
        return;
    }
    for (k, house) in own.iter().enumerate() {
        // House k of the row needs 6 - k seeds to reach the opponent.
        let short_of = 6 - k as u8;
        cells.0[house.index()] = rng.random_range(0..short_of);
    }
    if rng.random_bool(0.5) {
        let k = rng.random_range(0..6);
        cells.0[own[k].index()] = 6 - k as u8;
    }
}

/// A sowing whose last seed ends a run of the opponent's houses each left
/// holding 2 or 3, covering the row (a grand slam) or, perturbed, nearly.
fn grand_slam(rng: &mut impl Rng, cells: &mut Cells, mover: Seat) {
    let own = row(mover);
    let theirs = row(mover.opponent());
    let origin = rng.random_range(0..6);
    // Lapping variant: a full lap adds one to every opponent house and the
    // final stretch another, so all six must start at 0 or 1.
    let lap = rng.random_bool(0.25);
    let reach = if lap { 6 } else { rng.random_range(1..=6) };
    for &house in &theirs[..reach] {
        cells.0[house.index()] = if lap {
            rng.random_range(0..=1)
        } else {
            rng.random_range(1..=2)
        };
    }
    let sown = (5 - origin) as u8 + reach as u8 + if lap { 11 } else { 0 };
    cells.0[own[origin].index()] = sown;
    let others: Vec<House> = own.iter().copied().filter(|&h| h != own[origin]).collect();
    let extra = rng.random_range(0..=8);
    cells.scatter(rng, extra, &others);
    if rng.random_bool(0.3) {
        // A near miss: one more seed somewhere in the opponent's row.
        let house = theirs[rng.random_range(0..6)];
        cells.0[house.index()] += 1;
    }
}
