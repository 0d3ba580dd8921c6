//! `cargo xtask test`: every check CI runs, in the order that fails fastest.

use std::process::Command;

use anyhow::{Context, bail};

/// The flags of `cargo xtask test`.
#[derive(clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: &Args) -> anyhow::Result<()> {
    cargo(&["fmt", "--all", "--check"])?;
    install_open_mpi()?;
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

/// The Debian packages `oware-egdb-mpi` needs: Open MPI to link and to run
/// `mpirun` in its tests, and libclang for mpi-sys's bindings.
const OPEN_MPI: [&str; 3] = ["openmpi-bin", "libopenmpi-dev", "libclang-dev"];

/// Installs [`OPEN_MPI`] unless `dpkg` says it is there already, so the
/// workspace builds on a fresh Debian machine (as the browser tests install
/// Chromium).
fn install_open_mpi() -> anyhow::Result<()> {
    let installed = Command::new("dpkg")
        .arg("-s")
        .args(OPEN_MPI)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if installed {
        return Ok(());
    }
    crate::site::apt_install(&OPEN_MPI)
}
