//! Ctrl-C (SIGINT) during `oware play`: it ends the game as the end of
//! input does, the transcript printed, rather than killing the process
//! with the game unsaid. A prompt waiting for a line is woken (the read
//! is not restarted after the signal, and reads as the end of input); a
//! bot thinking finishes its move, and the game ends at the next prompt.
//! Once the game is told, the signal is raised again with its default
//! action, so that a shell or a script sees a command stopped by Ctrl-C.
//!
//! Elsewhere than Unix nothing is caught: Ctrl-C stops the command there.

use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether SIGINT came since [`catch`].
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed during the game.
pub(crate) fn happened() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Why input ended, as a prompt says it: `interrupted` after Ctrl-C, else
/// `end of input`.
pub(crate) fn why_input_ended() -> &'static str {
    if happened() {
        "interrupted"
    } else {
        "end of input"
    }
}

/// Catches SIGINT from here on: it sets a flag [`happened`] reads, and a
/// read waiting on stdin returns.
pub(crate) fn catch() {
    #[cfg(unix)]
    unix::catch();
}

/// After the game is told: a game ended by Ctrl-C ends the process as
/// Ctrl-C does (the default action of SIGINT, raised again); otherwise
/// nothing.
pub(crate) fn end_as_interrupted() {
    #[cfg(unix)]
    if happened() {
        unix::raise_default();
    }
}

#[cfg(unix)]
mod unix {
    use super::{INTERRUPTED, Ordering};

    /// Sets the flag; all a signal handler may safely do.
    extern "C" fn on_sigint(_: libc::c_int) {
        INTERRUPTED.store(true, Ordering::Relaxed);
    }

    pub(super) fn catch() {
        // SAFETY: the handler only stores to an atomic, which is
        // async-signal-safe; the action is zeroed (no SA_RESTART, so a
        // blocked read returns EINTR) before its fields are set, and both
        // pointers given to sigaction live through the call.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
        }
    }

    pub(super) fn raise_default() {
        // SAFETY: restoring the default action and raising the signal
        // touch no memory of ours.
        unsafe {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::raise(libc::SIGINT);
        }
    }
}

/// Stdin as the prompt reads it: a read woken by Ctrl-C is the end of
/// input (any other interrupted read is tried again, as `BufRead` does).
pub(crate) struct Interruptible<R>(pub(crate) R);

impl<R: BufRead> Read for Interruptible<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Interruptible<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if happened() {
            return Ok(&[]);
        }
        loop {
            match self.0.fill_buf() {
                Ok([]) => return Ok(&[]),
                Ok(_) => break,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {
                    if happened() {
                        return Ok(&[]);
                    }
                }
                Err(error) => return Err(error),
            }
        }
        // Bytes are waiting in the buffer: this returns them without a
        // read (the borrow checker cannot see the loop end with the one
        // above).
        self.0.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.0.consume(amount);
    }
}
