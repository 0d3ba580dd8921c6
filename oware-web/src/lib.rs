//! Oware in the browser: the rules of `oware-core` and the search of
//! `oware-search` behind a handful of functions that a page can call, as
//! text in and JSON out.
//!
//! Compiled for `wasm32-unknown-unknown`, the crate is the `.wasm` file the
//! page downloads and compiles once, then instantiates on the page for the
//! rules (instant) and in each Web Worker it posts the compiled module to:
//! the search's (so the page never waits, and a search is stopped at once
//! by ending the worker), the endgame database's and the analysis's. The exported functions live in the `wasm`
//! module; everything they do is plain Rust here, tested natively.
//!
//! ```
//! // The page asks for the state of a game, or to try a move in it.
//! let state = oware_web::state::answer("rules=abapa moves=Ec");
//! assert!(state.contains(r#""toMove":"south""#));
//! let refusal = oware_web::state::answer("moves=Ec play=c");
//! assert!(refusal.contains(r#""ok":false"#));
//! ```

pub mod book;
pub mod endgame;
pub mod ending;
pub mod info;
pub mod json;
pub mod mistakes;
pub mod practice;
pub mod proof;
pub mod puzzle;
pub mod record;
pub mod request;
#[cfg(test)]
mod samples;
pub mod state;
pub mod think;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

#[cfg(test)]
mod tests {
    /// A game one move from its end: South to move wins at once with E (26–15).
    pub(crate) const NEAR_END: &str =
        "AeBcFaEaCbAcDaFbEaAcCeBbAcDdFeCfEeCfFcEaAdDaBeDcFdCfDeAaBfDb";
}
