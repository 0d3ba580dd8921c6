//! Lines for stdout, written so that a reader that goes away ends the
//! command quietly.
//!
//! `println!` panics when stdout is a closed pipe (`oware egdb build | head
//! -1`). Restoring SIGPIPE's default action, the usual cure, would also kill
//! `oware match` when an engine it talks to over a pipe dies, so the closed
//! pipe is handled where it is met instead: here for lines printed from
//! deep inside a callback, and in `main` for errors returned by `writeln!`.
//! Either way the command ends with status 0 and says nothing, as a reader
//! that stopped reading asked for no more.

use std::fmt;
use std::io::{self, Write};

/// Prints a line to stdout, as `println!` does, but ends the program
/// quietly (status 0) if stdout is a closed pipe, and with a clear error
/// (status 1) if it cannot be written for another reason.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::stdout::line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// Writes `args` and a newline to stdout; see [`outln`].
pub(crate) fn line(args: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(error) = out.write_fmt(args).and_then(|()| out.write_all(b"\n")) {
        drop(out);
        exit_on_write_error(&error);
    }
}

/// Whether `error` says that stdout's reader went away, anywhere in its chain.
pub(crate) fn is_closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Ends the program after stdout failed: quietly for a closed pipe.
fn exit_on_write_error(error: &io::Error) -> ! {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("oware: error: cannot write to stdout: {error}");
    std::process::exit(1);
}
