//! `cargo xtask ladder` (to be built by its issue).

/// The flags of `cargo xtask ladder`.
#[derive(clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: &Args) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask ladder` is not built yet")
}
