//! What the project's own experiments set, and no game needs: the search's
//! [`Knobs`], which `cargo xtask tune --knobs` and the search's oracles
//! change to compare settings. Games are played with [`Knobs::DEFAULT`]
//! (inside [`SearchConfig::PLAY`](crate::SearchConfig::PLAY)); a knob may be
//! renamed or removed whenever an experiment ends, so nothing here is a
//! stable interface.

/// Parameters of the parts of the search that
/// [`SearchConfig::sound`](crate::SearchConfig::sound) turns off, and of the
/// parts that change how fast a value is found but never which (the
/// aspiration window) or how long a move thinks (the use of time), for
/// matches between settings and SPSA. Not a stable interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knobs {
    /// Late move reductions: quiet moves after the first few, searched less deep first.
    pub lmr: bool,
    /// The least depth at which moves are reduced.
    pub lmr_depth: i32,
    /// The first move index (0-based, in trying order) that is reduced.
    pub lmr_index: usize,
    /// Plies of capture-only search below the horizon (0: evaluate there).
    pub qs: u8,
    /// Extend a node with a single legal move by one ply.
    pub single: bool,
    /// Half-width of a root search's first aspiration window, in value
    /// units (32 to a seed).
    pub aspiration: i32,
    /// How many times wider each aspiration re-search's margin is than the
    /// one before (at least 2; after four failures the side opens).
    pub aspiration_growth: i32,
    /// The share of a plain move time, in percent, after which no new
    /// depth starts: a depth costs a few times the one before, so one
    /// started late would rarely finish.
    pub soft_time: u32,
    /// The same share when the best move has just changed, never past the
    /// move time: an unsure search gains most from a deeper look.
    pub soft_time_changed: u32,
    /// A clock's planned move: its target stretched to this percent when
    /// the best move has just changed.
    pub target_changed: u32,
    /// A clock's planned move: its target cut to this percent once the best
    /// move has held for [`settled_depths`](Knobs::settled_depths) depths.
    pub target_settled: u32,
    /// Depths in a row with the same best move after which a planned move
    /// has stopped changing its mind.
    pub settled_depths: u32,
}

impl Knobs {
    /// The settings games are played with.
    pub const DEFAULT: Knobs = Knobs {
        lmr: true,
        lmr_depth: 3,
        lmr_index: 2,
        qs: 2,
        single: true,
        aspiration: 12,
        aspiration_growth: 3,
        soft_time: 50,
        soft_time_changed: 75,
        target_changed: 175,
        target_settled: 50,
        settled_depths: 4,
    };

    /// Parses `name=value` pairs separated by commas, over the defaults.
    ///
    /// # Errors
    /// A message naming the pair that is not understood, or whose value
    /// the knob cannot hold.
    pub fn parse(text: &str) -> Result<Knobs, String> {
        let mut knobs = Knobs::DEFAULT;
        for pair in text.split(',').filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("`{pair}` is not name=value"))?;
            let number: i64 = value
                .parse()
                .map_err(|_| format!("`{value}` is not a number"))?;
            let out_of_range = |_| format!("`{pair}`: {number} is out of the knob's range");
            match name {
                "lmr" => knobs.lmr = number != 0,
                "lmr_depth" => knobs.lmr_depth = number.try_into().map_err(out_of_range)?,
                "lmr_index" => knobs.lmr_index = number.try_into().map_err(out_of_range)?,
                "qs" => knobs.qs = number.try_into().map_err(out_of_range)?,
                "single" => knobs.single = number != 0,
                "aspiration" => knobs.aspiration = within(pair, number, 1, 4096)?,
                "aspiration_growth" => knobs.aspiration_growth = within(pair, number, 2, 16)?,
                "soft_time" => knobs.soft_time = within(pair, number, 1, 100)?,
                "soft_time_changed" => knobs.soft_time_changed = within(pair, number, 1, 100)?,
                "target_changed" => knobs.target_changed = within(pair, number, 1, 400)?,
                "target_settled" => knobs.target_settled = within(pair, number, 1, 100)?,
                "settled_depths" => knobs.settled_depths = within(pair, number, 1, 64)?,
                _ => return Err(format!("no knob `{name}`")),
            }
        }
        Ok(knobs)
    }
}

/// `number`, the value of the knob `pair` sets, if it lies in `least..=most`:
/// the knobs whose values outside a range would break the search (a window
/// that never widens, a soft stop past the move time).
fn within<T: TryFrom<i64>>(pair: &str, number: i64, least: i64, most: i64) -> Result<T, String> {
    let taken = (least..=most).contains(&number);
    taken
        .then_some(number)
        .and_then(|number| T::try_from(number).ok())
        .ok_or_else(|| format!("`{pair}`: {number} is out of the knob's range {least} to {most}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_knob_is_set_by_its_name_over_the_defaults() {
        assert_eq!(Knobs::parse(""), Ok(Knobs::DEFAULT));
        let off = Knobs {
            lmr: false,
            single: false,
            ..Knobs::DEFAULT
        };
        assert_eq!(Knobs::parse("lmr=0,single=0"), Ok(off));
        assert_eq!(
            Knobs::parse("lmr=0,lmr=1,single=0,single=2"),
            Ok(Knobs::DEFAULT)
        );
        let set = Knobs {
            lmr_depth: 5,
            lmr_index: 4,
            qs: 0,
            ..Knobs::DEFAULT
        };
        assert_eq!(Knobs::parse("lmr_depth=5,lmr_index=4,qs=0,"), Ok(set));
        let time = Knobs {
            aspiration: 20,
            aspiration_growth: 4,
            soft_time: 40,
            soft_time_changed: 80,
            target_changed: 200,
            target_settled: 40,
            settled_depths: 5,
            ..Knobs::DEFAULT
        };
        assert_eq!(
            Knobs::parse(
                "aspiration=20,aspiration_growth=4,soft_time=40,soft_time_changed=80,\
                 target_changed=200,target_settled=40,settled_depths=5"
            ),
            Ok(time)
        );
    }

    #[test]
    fn a_pair_not_understood_is_named() {
        for (text, error) in [
            ("qs", "`qs` is not name=value"),
            ("qs=two", "`two` is not a number"),
            ("speed=3", "no knob `speed`"),
            ("qs=300", "`qs=300`: 300 is out of the knob's range"),
            (
                "lmr_index=-1",
                "`lmr_index=-1`: -1 is out of the knob's range",
            ),
            (
                "lmr_depth=9999999999",
                "`lmr_depth=9999999999`: 9999999999 is out of the knob's range",
            ),
            (
                "aspiration_growth=1",
                "`aspiration_growth=1`: 1 is out of the knob's range 2 to 16",
            ),
            (
                "soft_time=101",
                "`soft_time=101`: 101 is out of the knob's range 1 to 100",
            ),
            (
                "settled_depths=0",
                "`settled_depths=0`: 0 is out of the knob's range 1 to 64",
            ),
        ] {
            assert_eq!(Knobs::parse(text), Err(error.to_owned()), "{text}");
        }
    }
}
