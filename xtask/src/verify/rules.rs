//! The rules checks of `cargo xtask verify` (to be built by its issue).

/// The flags of the rules checks.
#[derive(clap::Args)]
pub(crate) struct Args {}

pub(crate) fn run(_args: &super::Args) -> anyhow::Result<()> {
    Ok(())
}
