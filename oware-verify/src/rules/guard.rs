//! Panics as answers: RULES.md section 5 says an illegal move is answered
//! with an error and that nothing crashes, so a panic on either side while verify asks a question
//! is a disagreement too, reported with its message and place like any
//! other (`oware_fuzz::agree` asks; this module catches).

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};

use oware_core::{Position, Rules};
use oware_fuzz::agree::{Difference, Disagreement};

thread_local! {
    /// Whether this thread is inside [`guard`], where a panic is an answer.
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    /// The message and place of the last panic caught by [`guard`].
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the panic hook [`guard`] relies on: inside a guard a panic's
/// message is kept for the reproducer instead of printed; anywhere else
/// the previous hook prints it as usual.
pub(super) fn catch_panics() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if GUARDED.get() {
            LAST_PANIC.set(Some(info.to_string()));
        } else {
            previous(info);
        }
    }));
}

/// Runs `f`, turning a panic into `Err` with its message and place. Needs
/// [`catch_panics`] for the message; without it the panic is still caught,
/// and printed.
pub(super) fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let was = GUARDED.replace(true);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    GUARDED.set(was);
    result.map_err(|_| {
        LAST_PANIC
            .take()
            .unwrap_or_else(|| "a panic (message not captured)".to_owned())
    })
}

/// Asks `question` of `position` under `rules` by `f` (one of
/// `oware_fuzz::agree`'s checks), a panic on either side becoming a
/// disagreement about it.
pub(super) fn ask<T>(
    rules: Rules,
    position: Position,
    question: &str,
    f: impl FnOnce() -> Result<T, Box<Disagreement>>,
) -> Result<T, Box<Disagreement>> {
    guard(f).unwrap_or_else(|message| {
        Err(Disagreement::new(
            rules,
            position,
            Difference::Panic {
                question: question.to_owned(),
                message,
            },
        ))
    })
}

/// `found` made as small as it allows ([`Disagreement::shrink`]), or as it
/// is if shrinking panics.
pub(super) fn shrunk(found: Box<Disagreement>) -> Box<Disagreement> {
    guard(|| found.clone().shrink()).unwrap_or(found)
}
