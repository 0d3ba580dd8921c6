//! `cargo xtask site` (to be built by its issue).

/// The flags of `cargo xtask site`.
#[derive(clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: &Args) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask site` is not built yet")
}
