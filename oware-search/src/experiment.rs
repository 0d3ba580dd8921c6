//! What the project's own experiments set, and no game needs: the search's
//! [`Knobs`], which `cargo lab tune --knobs` and the search's oracles
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

    /// Every knob by name, with the whole numbers it takes (a switch takes
    /// 0 and 1): what [`parse`](Knobs::parse) reads and a front end offers
    /// as options (`oware uci --tunable`). A range keeps out the values
    /// that would break the search: a window that never widens, a soft
    /// stop past the move time, a reduction below the root.
    pub const ALL: [Knob; 12] = [
        Knob::new("lmr", 0, 1),
        Knob::new("lmr_depth", 1, 64),
        Knob::new("lmr_index", 0, 64),
        Knob::new("qs", 0, 16),
        Knob::new("single", 0, 1),
        Knob::new("aspiration", 1, 4096),
        Knob::new("aspiration_growth", 2, 16),
        Knob::new("soft_time", 1, 100),
        Knob::new("soft_time_changed", 1, 100),
        Knob::new("target_changed", 1, 400),
        Knob::new("target_settled", 1, 100),
        Knob::new("settled_depths", 1, 64),
    ];

    /// The value of the knob `name` (a switch as 0 or 1); `None` if there
    /// is no such knob.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<i64> {
        Some(match name {
            "lmr" => i64::from(self.lmr),
            "lmr_depth" => i64::from(self.lmr_depth),
            "lmr_index" => self.lmr_index as i64,
            "qs" => i64::from(self.qs),
            "single" => i64::from(self.single),
            "aspiration" => i64::from(self.aspiration),
            "aspiration_growth" => i64::from(self.aspiration_growth),
            "soft_time" => i64::from(self.soft_time),
            "soft_time_changed" => i64::from(self.soft_time_changed),
            "target_changed" => i64::from(self.target_changed),
            "target_settled" => i64::from(self.target_settled),
            "settled_depths" => i64::from(self.settled_depths),
            _ => return None,
        })
    }

    /// Sets the knob `name` to `number`.
    ///
    /// # Errors
    /// A message for a name that is no knob, or a number outside its
    /// [range](Knobs::ALL); the knobs are then unchanged.
    pub fn set(&mut self, name: &str, number: i64) -> Result<(), String> {
        let knob = Knobs::ALL
            .iter()
            .find(|knob| knob.name == name)
            .ok_or_else(|| format!("no knob `{name}`"))?;
        if !(knob.least..=knob.most).contains(&number) {
            return Err(format!(
                "{number} is out of the knob's range {} to {}",
                knob.least, knob.most
            ));
        }
        // Every range above fits its knob's type, so the casts are exact.
        match name {
            "lmr" => self.lmr = number != 0,
            "lmr_depth" => self.lmr_depth = number as i32,
            "lmr_index" => self.lmr_index = number as usize,
            "qs" => self.qs = number as u8,
            "single" => self.single = number != 0,
            "aspiration" => self.aspiration = number as i32,
            "aspiration_growth" => self.aspiration_growth = number as i32,
            "soft_time" => self.soft_time = number as u32,
            "soft_time_changed" => self.soft_time_changed = number as u32,
            "target_changed" => self.target_changed = number as u32,
            "target_settled" => self.target_settled = number as u32,
            "settled_depths" => self.settled_depths = number as u32,
            _ => unreachable!("`{name}` is in Knobs::ALL but not set here"),
        }
        Ok(())
    }

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
            knobs
                .set(name, number)
                .map_err(|error| match knobs.get(name) {
                    Some(_) => format!("`{pair}`: {error}"),
                    None => error,
                })?;
        }
        Ok(knobs)
    }
}

/// A knob's name and the whole numbers it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knob {
    /// Its name, as [`Knobs::parse`] reads it.
    pub name: &'static str,
    /// The least value it takes.
    pub least: i64,
    /// The greatest value it takes.
    pub most: i64,
}

impl Knob {
    const fn new(name: &'static str, least: i64, most: i64) -> Knob {
        Knob { name, least, most }
    }
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
            Knobs::parse("lmr=0,lmr=1,single=0,single=1"),
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
            ("qs=300", "`qs=300`: 300 is out of the knob's range 0 to 16"),
            (
                "lmr_index=-1",
                "`lmr_index=-1`: -1 is out of the knob's range 0 to 64",
            ),
            (
                "lmr_depth=9999999999",
                "`lmr_depth=9999999999`: 9999999999 is out of the knob's range 1 to 64",
            ),
            (
                "single=2",
                "`single=2`: 2 is out of the knob's range 0 to 1",
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

    #[test]
    fn every_knob_reads_back_what_is_set_within_its_range_and_refuses_outside() {
        for knob in Knobs::ALL {
            let default = Knobs::DEFAULT.get(knob.name).expect(knob.name);
            assert!((knob.least..=knob.most).contains(&default), "{knob:?}");
            for number in [knob.least, default, knob.most] {
                let mut knobs = Knobs::DEFAULT;
                knobs.set(knob.name, number).unwrap();
                assert_eq!(knobs.get(knob.name), Some(number), "{knob:?}");
                // Only that knob moved.
                for other in Knobs::ALL.iter().filter(|o| o.name != knob.name) {
                    assert_eq!(knobs.get(other.name), Knobs::DEFAULT.get(other.name));
                }
            }
            for number in [knob.least - 1, knob.most + 1] {
                let mut knobs = Knobs::DEFAULT;
                assert!(knobs.set(knob.name, number).is_err(), "{knob:?} {number}");
                assert_eq!(knobs, Knobs::DEFAULT, "unchanged after a refusal");
            }
        }
        assert_eq!(Knobs::DEFAULT.get("speed"), None);
    }
}
