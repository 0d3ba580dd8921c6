//! The search checks of `cargo xtask verify` (to be built by its issue).

/// The flags of the search checks.
#[derive(clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: &super::Args) -> anyhow::Result<()> {
    Ok(())
}
