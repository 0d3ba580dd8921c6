//! What an engine is set up with ([`EngineOptions`]), and why it refuses
//! options ([`EngineError`]).

/// How the engine is set up: built from [`EngineOptions::default`] and the
/// `with_` methods (more options may come, so the struct is not built
/// field by field outside this crate), checked when an engine takes them
/// ([`Engine::try_new`](crate::Engine::try_new), [`Engine::set_options`](crate::Engine::set_options)).
///
/// ```
/// use oware_search::EngineOptions;
/// let options = EngineOptions::default().with_hash_mb(64).with_threads(2);
/// assert_eq!((options.hash_mb, options.threads), (64, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct EngineOptions {
    /// The transposition table's size in megabytes (at least one entry's
    /// worth is kept).
    pub hash_mb: usize,
    /// Search threads (lazy SMP), at least 1. 1 searches on the caller's
    /// thread only.
    pub threads: usize,
}

impl Default for EngineOptions {
    /// 16 MB, one thread.
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
        }
    }
}

impl EngineOptions {
    /// These options with a table of `hash_mb` megabytes.
    #[must_use]
    pub fn with_hash_mb(self, hash_mb: usize) -> EngineOptions {
        EngineOptions { hash_mb, ..self }
    }

    /// These options with `threads` search threads.
    #[must_use]
    pub fn with_threads(self, threads: usize) -> EngineOptions {
        EngineOptions { threads, ..self }
    }
}

/// Why an engine refused its options. The engine it was given to, if any,
/// is unchanged.
///
/// ```
/// use oware_search::{Engine, EngineError, EngineOptions};
/// let error = Engine::try_new(EngineOptions::default().with_hash_mb(usize::MAX)).err();
/// assert_eq!(error, Some(EngineError::HashTooLarge { hash_mb: usize::MAX }));
/// let error = Engine::try_new(EngineOptions::default().with_threads(0)).err();
/// assert_eq!(error, Some(EngineError::NoThreads));
/// assert_eq!(error.unwrap().to_string(), "an engine needs at least one thread, and 0 were asked for");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineError {
    /// The table's size does not fit the address space, or the system
    /// would not give that much memory.
    HashTooLarge {
        /// The size asked for, in megabytes.
        hash_mb: usize,
    },
    /// `threads` was 0.
    NoThreads,
}

impl core::fmt::Display for EngineError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EngineError::HashTooLarge { hash_mb } => write!(
                f,
                "a transposition table of {hash_mb} megabytes cannot be allocated"
            ),
            EngineError::NoThreads => {
                f.write_str("an engine needs at least one thread, and 0 were asked for")
            }
        }
    }
}

impl std::error::Error for EngineError {}
