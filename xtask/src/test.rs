//! `cargo xtask test`: every check CI runs, in the order that fails fastest.

use std::process::Command;

use anyhow::{Context, bail};

/// The flags of `cargo xtask test`.
#[derive(clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: &Args) -> anyhow::Result<()> {
    cargo(&["fmt", "--all", "--check"])?;
    cargo(&[
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ])?;
    cargo(&["test", "--workspace"])?;
    crate::site::e2e()?;
    cargo(&["run", "--release", "--package", "xtask", "--", "verify"])?;
    println!("xtask test: every check passed");
    Ok(())
}

/// Runs `cargo ARGS` in the workspace root, failing if it fails.
pub(crate) fn cargo(args: &[&str]) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    println!("$ cargo {}", args.join(" "));
    let status = Command::new(&cargo)
        .args(args)
        .current_dir(workspace_root())
        .status()
        .with_context(|| format!("could not run {cargo}"))?;
    if !status.success() {
        bail!("`cargo {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

/// The workspace root: the parent of this crate's folder.
pub(crate) fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace root")
        .to_owned()
}
