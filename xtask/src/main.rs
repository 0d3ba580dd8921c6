//! `cargo xtask`: the project's own tasks.

fn main() -> anyhow::Result<()> {
    let task = std::env::args().nth(1);
    match task.as_deref() {
        None | Some("help" | "--help" | "-h") => {
            println!("usage: cargo xtask <task>\n\ntasks:\n  verify    cross-check the rules and the search");
            Ok(())
        }
        Some("verify") => Ok(()),
        Some(other) => anyhow::bail!("unknown task `{other}`; run `cargo xtask help`"),
    }
}
