//! Time, one concern a file: the plan of a move on a clock (`plan.rs`), the
//! lag a GUI's clock adds to every move (`overhead.rs`), and the manager
//! that keeps one search to its limits (`manager.rs`), made at the search's
//! start from the [`Limits`](crate::Limits) the caller handed over.

mod manager;
mod overhead;
mod plan;

pub(crate) use manager::TimeManager;
pub use overhead::Overhead;
pub use plan::SeatClock;
