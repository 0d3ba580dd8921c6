//! The network's file format, its overflow check, and its inference
//! against the plain dense form on every path.

use super::*;
use oware_core::{Board, House};

/// A network with varied weights, large enough to clip and to go negative.
fn varied() -> Network {
    let mut network = Network {
        rows: [[0; HIDDEN]; INPUTS],
        bias: [0; HIDDEN],
        output: [0; HIDDEN],
        output_bias: -12_345,
    };
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = |range: i64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        ((x % (2 * range as u64 + 1)) as i64 - range) as i16
    };
    for row in network.rows.iter_mut() {
        for w in row.iter_mut() {
            *w = next(90);
        }
    }
    for j in 0..HIDDEN {
        network.bias[j] = next(200);
        network.output[j] = next(3000);
    }
    network
}

fn positions() -> Vec<Position> {
    let mut positions = Vec::new();
    let mut position = Position::OPENING;
    let mut x = 11u64;
    while positions.len() < 3000 {
        let moves: Vec<House> = position.legal_moves_abapa().iter().collect();
        if moves.is_empty() {
            position = Position::OPENING;
            continue;
        }
        positions.push(position);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        position = position.play_unchecked(moves[(x % moves.len() as u64) as usize]);
    }
    positions
}

#[test]
fn the_accumulated_form_equals_the_dense_form() {
    for network in [varied(), Network::DEFAULT] {
        network.check().unwrap();
        for &position in &positions() {
            let dense = network.evaluate_dense(position);
            assert_eq!(network.evaluate(position), dense, "{position:?}");
            assert_eq!(network.evaluate_portable(position), dense, "{position:?}");
            #[cfg(target_arch = "x86_64")]
            if simd::avx2() {
                // SAFETY: the CPU has AVX2, as just detected.
                let avx2 = unsafe { network.evaluate_avx2(position) };
                assert_eq!(avx2, dense, "{position:?}");
            }
        }
    }
}

#[test]
fn the_inputs_are_the_side_to_moves_view() {
    let mut cells = [0u8; 14];
    cells[House::B.index()] = 30;
    cells[House::c.index()] = 2;
    cells[12] = 10;
    cells[13] = 6;
    let board = Board::from_cells(cells).unwrap();
    let south = active_inputs(Position::new(board, Seat::South));
    let north = active_inputs(Position::new(board, Seat::North));
    // South's B is its second house, capped at 23; North's c its third.
    assert_eq!(south[1], (COUNTS + 23) as u16);
    assert_eq!(south[8], (8 * COUNTS + 2) as u16);
    assert_eq!(north[2], (2 * COUNTS + 2) as u16);
    assert_eq!(north[7], (7 * COUNTS + 23) as u16);
    assert_eq!(south[12], (12 * COUNTS + 10) as u16);
    assert_eq!(north[12], (12 * COUNTS + 6) as u16);
    assert_eq!(north[13], (12 * COUNTS + STORE_COUNTS + 10) as u16);
    assert_eq!(
        inputs(Position::OPENING)
            .iter()
            .map(|&i| u32::from(i))
            .sum::<u32>(),
        14
    );
    // A zero network is the store difference alone.
    let zero = Network {
        rows: [[0; HIDDEN]; INPUTS],
        bias: [0; HIDDEN],
        output: [0; HIDDEN],
        output_bias: 0,
    };
    assert_eq!(zero.evaluate(Position::new(board, Seat::North)), -32 * 4);
}

#[test]
fn the_checksum_is_fnv_1a() {
    // The published 32-bit FNV-1a test vectors.
    for (text, hash) in [
        ("", 0x811c_9dc5),
        ("a", 0xe40c_292c),
        ("foobar", 0xbf9c_f968),
    ] {
        assert_eq!(checksum(text.as_bytes(), text.len()), hash, "{text:?}");
    }
    // Only the first `len` bytes count.
    assert_eq!(checksum(b"foobar", 1), checksum(b"f", 1));
}

#[test]
fn each_house_and_store_is_a_group_of_one_hot_inputs() {
    for position in positions().into_iter().take(200) {
        let groups: Vec<usize> = active_inputs(position)
            .iter()
            .map(|&input| group_of(usize::from(input)))
            .collect();
        assert_eq!(groups, (0..ACTIVE).collect::<Vec<_>>(), "{position:?}");
    }
    assert_eq!(group_of(COUNTS - 1), 0);
    assert_eq!(group_of(COUNTS), 1);
    assert_eq!(group_of(12 * COUNTS - 1), 11);
    assert_eq!(group_of(12 * COUNTS), 12);
    assert_eq!(group_of(12 * COUNTS + STORE_COUNTS - 1), 12);
    assert_eq!(group_of(12 * COUNTS + STORE_COUNTS), 13);
    assert_eq!(group_of(INPUTS - 1), 13);
    // A store past 24 (a game already won) still falls in its group.
    let mut cells = [0u8; 14];
    cells[0] = 8;
    cells[12] = 30;
    cells[13] = 10;
    let won = Position::new(oware_core::Board::from_cells(cells).unwrap(), Seat::South);
    let active = active_inputs(won);
    assert_eq!(active[12], (12 * COUNTS + STORE_COUNTS - 1) as u16);
    assert_eq!(active[13], (12 * COUNTS + STORE_COUNTS + 10) as u16);
}

#[test]
fn the_overflow_check_allows_exactly_the_sums_that_fit() {
    // Unit 3: a bias of -100 and, in each group, one weight of size
    // 2,000 and smaller ones: the largest sum is 100 + 14 × 2,000 = 28,100.
    let mut network = Network {
        rows: [[0; HIDDEN]; INPUTS],
        bias: [0; HIDDEN],
        output: [0; HIDDEN],
        output_bias: 0,
    };
    network.bias[3] = -100;
    for group in 0..ACTIVE {
        let first = if group < 12 {
            group * COUNTS
        } else {
            12 * COUNTS + (group - 12) * STORE_COUNTS
        };
        network.rows[first][3] = 5;
        network.rows[first + 1][3] = if group % 2 == 0 { 2_000 } else { -2_000 };
        network.rows[first + 2][3] = -7;
    }
    assert_eq!(network.check(), Ok(()));
    // Up to i16::MAX exactly: 100 + 13 × 2,000 + 6,667 = 32,767.
    network.rows[1][3] = 6_667;
    assert_eq!(network.check(), Ok(()));
    network.rows[1][3] = -6_668;
    assert_eq!(network.check(), Err(NetError::Overflow { unit: 3 }));
    network.rows[1][3] = 6_667;
    network.bias[3] = 101;
    assert_eq!(network.check(), Err(NetError::Overflow { unit: 3 }));
}

#[test]
fn a_file_reads_back_and_a_damaged_one_is_refused() {
    let network = varied();
    let bytes = network.to_bytes();
    assert_eq!(bytes.len(), FILE_LEN);
    assert_eq!(Network::from_bytes(&bytes), Ok(network.clone()));
    let mut flipped = bytes.clone();
    flipped[100] ^= 1;
    assert_eq!(Network::from_bytes(&flipped), Err(NetError::Checksum));
    assert_eq!(
        Network::from_bytes(&bytes[..100]),
        Err(NetError::Length { found: 100 })
    );
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert_eq!(Network::from_bytes(&magic), Err(NetError::Magic));
    let mut shape = bytes.clone();
    shape[10] = 16;
    assert_eq!(
        Network::from_bytes(&shape),
        Err(NetError::Shape {
            inputs: INPUTS as u16,
            hidden: 16
        })
    );
    let mut large = network;
    large.rows[0][5] = i16::MAX;
    assert_eq!(
        Network::from_bytes(&large.to_bytes()),
        Err(NetError::Overflow { unit: 5 })
    );
    for (error, text) in [
        (
            NetError::Checksum,
            "the network file is damaged: its checksum differs".to_owned(),
        ),
        (
            NetError::Length { found: 100 },
            format!("a network file is {FILE_LEN} bytes long, this one 100"),
        ),
        (
            NetError::Magic,
            "not a network file: the magic bytes are missing".to_owned(),
        ),
        (
            NetError::Shape {
                inputs: 7,
                hidden: 16,
            },
            format!(
                "the network has 7 inputs and 16 hidden units, this build {INPUTS} and {HIDDEN}"
            ),
        ),
        (
            NetError::Overflow { unit: 5 },
            "hidden unit 5 can overflow 16 bits: the weights are too large".to_owned(),
        ),
    ] {
        assert_eq!(error.to_string(), text);
    }
}
