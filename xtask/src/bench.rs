//! `cargo xtask bench` (to be built by its issue).

/// The flags of `cargo xtask bench`.
#[derive(clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: &Args) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask bench` is not built yet")
}
