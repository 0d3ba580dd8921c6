//! What a protocol `go` asks of the search: one mapping for `oware uci`,
//! the match's in-process players and the page's clock.

use oware_core::Seat;
use oware_search::{Limits, SeatClock};
use oware_uci::Go;

/// What `go` asks of the search when `seat` is to move: its depth, nodes
/// and time per move as given, and the mover's own clock (the search plans
/// its time from it, and takes the shorter of the two deadlines when both
/// are given). The opponent's clock is read but not used. All `None`
/// ([`Limits::default`]) when `go` sets no limit.
///
/// ```
/// use std::time::Duration;
/// use oware_core::Seat;
/// use oware_player::limits_for;
/// use oware_uci::Go;
///
/// let go = Go {
///     wtime: Some(Duration::from_secs(60)),
///     btime: Some(Duration::from_secs(5)),
///     depth: Some(12),
///     ..Go::default()
/// };
/// let limits = limits_for(&go, Seat::North);
/// assert_eq!(limits.depth, Some(12));
/// assert_eq!(limits.clock.map(|c| c.remaining), Some(Duration::from_secs(5)));
/// ```
#[must_use]
pub fn limits_for(go: &Go, seat: Seat) -> Limits {
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        time: go.movetime,
        clock: go.clock(seat).map(|(remaining, increment)| SeatClock {
            remaining,
            increment,
            moves_to_go: go.movestogo,
        }),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn the_limits_are_the_movers_clock_and_the_given_limits() {
        // South's clock at 0.1 s, North's at 10 s, 0.1 s increments.
        let go = Go {
            wtime: Some(ms(100)),
            btime: Some(ms(10_000)),
            winc: Some(ms(100)),
            binc: Some(ms(100)),
            ..Go::default()
        };
        let north = limits_for(&go, Seat::North);
        let south = limits_for(&go, Seat::South);
        assert_eq!(north.clock.map(|c| c.remaining), Some(ms(10_000)));
        assert_eq!(south.clock.map(|c| c.remaining), Some(ms(100)));
        assert_eq!(south.clock.map(|c| c.increment), Some(ms(100)));
        // `movetime`, depth and nodes pass through beside the clock.
        let go = Go {
            movetime: Some(ms(7)),
            depth: Some(5),
            nodes: Some(1000),
            movestogo: Some(12),
            ..go
        };
        let both = limits_for(&go, Seat::South);
        assert_eq!(
            (both.time, both.depth, both.nodes),
            (Some(ms(7)), Some(5), Some(1000))
        );
        assert_eq!(both.clock.and_then(|c| c.moves_to_go), Some(12));
        // Without a clock: only what `go` says.
        assert_eq!(limits_for(&Go::default(), Seat::South), Limits::default());
    }
}
