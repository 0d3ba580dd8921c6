//! What the project's own experiments set, and no game needs: the search's
//! [`Knobs`], which `cargo xtask tune --knobs` and the search's oracles
//! change to compare settings. Games are played with [`Knobs::DEFAULT`]
//! (inside [`SearchConfig::PLAY`](crate::SearchConfig::PLAY)); a knob may be
//! renamed or removed whenever an experiment ends, so nothing here is a
//! stable interface.

/// Parameters of the parts of the search that
/// [`SearchConfig::sound`](crate::SearchConfig::sound) turns off, for matches
/// between settings. Not a stable interface.
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
}

impl Knobs {
    /// The settings games are played with.
    pub const DEFAULT: Knobs = Knobs {
        lmr: true,
        lmr_depth: 3,
        lmr_index: 2,
        qs: 2,
        single: true,
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
                _ => return Err(format!("no knob `{name}`")),
            }
        }
        Ok(knobs)
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
        ] {
            assert_eq!(Knobs::parse(text), Err(error.to_owned()), "{text}");
        }
    }
}
