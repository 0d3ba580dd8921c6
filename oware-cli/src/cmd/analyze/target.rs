//! Where `oware analyze` sends an annotated record (stdout, `--out FILE`,
//! `--in-place`), checked before the first search, and the record kept on
//! stdout when writing it fails at the end.

use std::io::Write;
use std::path::Path;

use anyhow::{Result, bail};

use super::Args;
use crate::input_file;
use crate::output_file::{Existing, Output};

/// Where an annotated record goes.
pub(super) enum Target {
    Stdout,
    /// `--out`: the games gone through.
    File(Output),
    /// `--in-place`: the whole file read, the games gone through annotated.
    InPlace(Output),
}

/// Where `--out` and `--in-place` send the annotated record, checked
/// before the search (the folder too: a long analysis is never lost to a
/// file that cannot be written): an existing file is replaced only with
/// --force (the record read too, the refusal pointing to --in-place), and
/// --in-place needs a file.
pub(super) fn target(args: &Args) -> Result<Target> {
    let word = args.transcript.as_deref().unwrap_or("-");
    if args.in_place {
        if word == "-" {
            bail!(
                "--in-place writes back to the record file read: stdin is not one (use --out FILE)"
            );
        }
        let output = Output::check(Path::new(word), "--in-place", Existing::Continue)?;
        return Ok(Target::InPlace(output));
    }
    let Some(path) = &args.out else {
        return Ok(Target::Stdout);
    };
    if input_file::same_file(path, Path::new(word)) && !args.force {
        bail!(
            "--out {}: the file exists (it is the record read) and would be replaced; give --in-place to annotate it where it is, or --force",
            path.display()
        );
    }
    let existing = Existing::Refuse {
        force: args.force,
        way_out: "",
    };
    Ok(Target::File(Output::check(path, "--out", existing)?))
}

/// Writes the annotated record to `output`; where that fails (a full disk),
/// the work is not lost: the record goes to stdout, and the error says so.
pub(super) fn keep(output: &Output, text: &str) -> Result<()> {
    if let Err(error) = output.write(text.as_bytes()) {
        write!(std::io::stdout().lock(), "{text}")?;
        return Err(error.context("the annotated record is printed on stdout instead"));
    }
    Ok(())
}
