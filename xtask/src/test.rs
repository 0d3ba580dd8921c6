//! `cargo xtask test`: every check CI runs, in the order that fails fastest.
//!
//! It needs only Rust to start. What some tests need from the system (an
//! MPI library, Node.js, Chromium: [`Need`]) it installs itself on Debian or
//! Ubuntu as root; elsewhere it prints the command that would install each
//! missing part, runs every test that does not need it, and ends with what
//! it skipped. `--no-skip` (what CI passes) makes a missing part an error
//! and sets `OWARE_NO_SKIP` for the tests, so nothing is skipped there.
//!
//! The tests also run on other systems, under emulators: built for aarch64
//! Linux under QEMU and for Windows under Wine (cross.rs);
//! `--other-systems` runs only those.

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::cross::{self, OtherSystem};
use crate::needs::{self, Need, System};

/// The flags of `cargo xtask test`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Fail, rather than skip what needs it, when a part of the system is
    /// missing and cannot be installed (CI runs with this).
    #[arg(long)]
    no_skip: bool,
    /// Run only the tests on other systems: aarch64 Linux under QEMU and
    /// Windows under Wine.
    #[arg(long)]
    other_systems: bool,
}

/// The targets the workspace is checked for besides this machine's: the
/// other systems people run `oware` on.
const OTHER_TARGETS: [&str; 2] = ["x86_64-pc-windows-gnu", "aarch64-apple-darwin"];

/// Whether the tests may skip what needs a missing part of the system: set
/// by `--no-skip`, passed to every cargo run as `OWARE_NO_SKIP`.
static NO_SKIP: AtomicBool = AtomicBool::new(false);

/// The page's target.
const WASM: &str = "wasm32-unknown-unknown";

/// The examples of the library crates, an outsider's first programs, each
/// run with arguments that exercise it (each also checks what it shows in
/// its crate's tests): crate, example, arguments.
const EXAMPLES: [(&str, &str, &[&str]); 5] = [
    ("oware-core", "random_games", &["200", "7"]),
    (
        "oware-core",
        "fen",
        &[
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
            "0-0-0-0-0-1-1-0-0-0-0-0-23-23-N",
        ],
    ),
    (
        "oware-core",
        "ogn",
        &["oware-core/tests/data/ogn/auale-finished.ogn"],
    ),
    ("oware-core", "perft", &["6"]),
    (
        "oware-search",
        "search",
        &["4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "8"],
    ),
];

/// `cargo xtask verify`: oware-verify's checks, built for speed, with
/// `flags` passed on.
pub(crate) fn verify(flags: &[String]) -> anyhow::Result<()> {
    let mut args = vec!["run", "--release", "--package", "oware-verify", "--"];
    args.extend(flags.iter().map(String::as_str));
    cargo(&args)
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if args.other_systems {
        return other_systems_only(args.no_skip);
    }
    let mut steps = Steps::default();
    steps.time("fmt", || cargo(&["fmt", "--all", "--check"]))?;
    let missing = steps.time("finding or installing what is needed", || {
        find_or_install(&[
            Need::Mpi,
            Need::Node,
            Need::Chromium,
            Need::Clang,
            Need::Qemu,
            Need::Wine,
        ])
    })?;
    // Either every target is added or, with no rustup, none is.
    let (targets, skipped) = what_is_skipped(
        &missing,
        &[&[WASM], &OTHER_TARGETS[..], &emulated_targets()].concat(),
        "the checks for other targets (wasm32, Windows, macOS), the page and the tests on other systems",
        args.no_skip,
    )?;

    let mpi = !missing.contains(&Need::Mpi);
    // The MPI build's tests solve millions of positions in the crate's own
    // code: optimised they take a quarter of the time. Said here rather
    // than as a `[profile.dev.package]` in Cargo.toml, which cargo warns
    // about wherever the crate is not built (`cargo install --path`).
    let features: &[&str] = if mpi {
        &[
            "--features",
            "oware-egdb-mpi/mpi",
            "--config",
            "profile.dev.package.oware-egdb-mpi.opt-level=3",
        ]
    } else {
        &[]
    };
    steps.time("clippy", || {
        cargo(
            &[
                &["clippy", "--workspace", "--all-targets"],
                features,
                &["--", "-D", "warnings"],
            ]
            .concat(),
        )
    })?;
    steps.time("the workspace's tests", || {
        cargo(&[&["test", "--workspace"], features].concat())
    })?;
    // The search without its default features (no endgame database, no
    // file mapping) is a build a library user may choose: it must build,
    // lint and pass its own tests.
    let lean = ["--package", "oware-search", "--no-default-features"];
    steps.time("the lean search", || {
        cargo(
            &[
                &["clippy", "--all-targets"][..],
                &lean,
                &["--", "-D", "warnings"],
            ]
            .concat(),
        )?;
        cargo(&[&["test"][..], &lean].concat())
    })?;
    steps.time("the examples", run_examples)?;
    // The published crates as crates.io would hold them: each library's
    // public API against its snapshot in api/, then each package unpacked,
    // built and tested alone (`cargo xtask api`, `cargo xtask package`).
    steps.time("api", || {
        crate::api::run(&crate::api::Args { bless: false })
    })?;
    steps.time("package", crate::package::run)?;
    // Windows is checked (all targets: the benches, xtask and lab too)
    // only where its tests do not run under Wine below: building them
    // checks every crate that ships, and CI's half hour is short.
    let wine = targets && !missing.contains(&Need::Wine);
    if targets && !missing.contains(&Need::Clang) {
        steps.time("the checks for other targets", || {
            OTHER_TARGETS
                .into_iter()
                .filter(|&target| !(wine && target == OtherSystem::Windows.target()))
                .try_for_each(check_other_target)
        })?;
    }
    for timing in other_systems(targets, &missing)? {
        let target = timing.system.target();
        steps
            .times
            .push((format!("{target}: tests built"), timing.build));
        steps
            .times
            .push((format!("{target}: tests run"), timing.run));
    }
    if targets {
        steps.time("the page", || {
            cargo(&["check", "--package", "oware-web", "--target", WASM])?;
            if !missing.contains(&Need::Node) && !missing.contains(&Need::Chromium) {
                crate::site::e2e()?;
            }
            Ok(())
        })?;
    }
    steps.time("verify", || verify(&[]))?;
    // The release files, built and checked as a release builds them: here
    // this machine's own (the static x86-64 Linux binary) and the page.
    // The aarch64 and Windows builds are each tried above, test by test;
    // their release files (`cargo xtask dist`, the release workflow's) take
    // two more fat-LTO builds, which CI's half hour has no room for.
    if targets {
        steps.time("dist", || {
            crate::dist::run(&crate::dist::Args {
                no_page: false,
                host_only: true,
            })
        })?;
    }
    println!("xtask test: how long each part took\n{steps}");
    if skipped.is_empty() {
        println!("xtask test: every check passed");
    } else {
        println!(
            "xtask test: every check run passed; skipped for want of a part of the system:\n{}",
            describe(&skipped)
        );
    }
    Ok(())
}

/// The parts of the system among `wanted` still missing, after installing
/// them where that is safe (Debian or Ubuntu, as root).
pub(crate) fn find_or_install(wanted: &[Need]) -> anyhow::Result<Vec<Need>> {
    let mut missing: Vec<Need> = wanted
        .iter()
        .copied()
        .filter(|need| !need.present())
        .collect();
    if !missing.is_empty() && needs::can_apt_install(System::detect()) {
        needs::apt_install(&missing)?;
        missing.retain(|need| !need.present());
    }
    Ok(missing)
}

/// Each skipped part on a line: what goes untested, and how to install it.
fn describe(skipped: &[(String, String)]) -> String {
    skipped
        .iter()
        .map(|(what, how)| format!("  - {what}: {how}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs each of [`EXAMPLES`], after checking that the list names every
/// example of its crates (a new one is not left out by mistake).
fn run_examples() -> anyhow::Result<()> {
    let mut listed: Vec<String> = EXAMPLES
        .iter()
        .map(|(krate, name, _)| format!("{krate}/{name}"))
        .collect();
    listed.sort();
    let mut found = Vec::new();
    for krate in ["oware-core", "oware-search"] {
        let dir = workspace_root().join(krate).join("examples");
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("could not read {}", dir.display()))?
        {
            let name = entry?.file_name().to_string_lossy().into_owned();
            if let Some(name) = name.strip_suffix(".rs") {
                found.push(format!("{krate}/{name}"));
            }
        }
    }
    found.sort();
    if listed != found {
        bail!("xtask/src/test.rs's EXAMPLES lists {listed:?}, the examples folders hold {found:?}");
    }
    for (krate, name, arguments) in EXAMPLES {
        cargo(
            &[
                &[
                    "run",
                    "--quiet",
                    "--package",
                    krate,
                    "--example",
                    name,
                    "--",
                ],
                arguments,
            ]
            .concat(),
        )?;
    }
    Ok(())
}

/// `cargo check --workspace --all-targets` for another system's target.
/// The benchmarks' criterion compiles one C file (`alloca`) with the
/// target's C compiler: clang serves every target, freestanding, since the
/// file needs only `<stddef.h>` and `<stdint.h>` and no system's headers.
fn check_other_target(target: &str) -> anyhow::Result<()> {
    let triple = target.replace('-', "_");
    let env = [
        (format!("CC_{triple}"), "clang"),
        (format!("CFLAGS_{triple}"), "-ffreestanding"),
        (format!("AR_{triple}"), "llvm-ar"),
    ];
    let env: Vec<(&str, &str)> = env
        .iter()
        .map(|(key, value)| (key.as_str(), *value))
        .collect();
    cargo_with(
        &["check", "--workspace", "--all-targets", "--target", target],
        &env,
    )
}

/// The rustup targets of the tests on other systems.
fn emulated_targets() -> Vec<&'static str> {
    OtherSystem::ALL
        .iter()
        .map(|system| system.target())
        .collect()
}

/// The tests on other systems, under their emulators (cross.rs), each
/// where its emulator is present (`missing` says what is not), timed.
fn other_systems(targets: bool, missing: &[Need]) -> anyhow::Result<Vec<cross::Timing>> {
    let mut timings = Vec::new();
    if targets {
        for system in OtherSystem::ALL {
            if !missing.contains(&system.need()) {
                timings.push(cross::test(system)?);
            }
        }
    }
    Ok(timings)
}

/// `cargo xtask test --other-systems`: only the tests on other systems,
/// after finding or installing what they need.
fn other_systems_only(no_skip: bool) -> anyhow::Result<()> {
    let wanted: Vec<Need> = OtherSystem::ALL
        .iter()
        .map(|system| system.need())
        .collect();
    let missing = find_or_install(&wanted)?;
    let (targets, skipped) = what_is_skipped(
        &missing,
        &emulated_targets(),
        "the tests on other systems",
        no_skip,
    )?;
    for timing in other_systems(targets, &missing)? {
        println!("{timing}");
    }
    if !skipped.is_empty() {
        println!(
            "xtask test --other-systems: skipped:\n{}",
            describe(&skipped)
        );
    }
    Ok(())
}

/// Adds the rustup `targets` (all or, with no rustup, none) and lists what
/// would be skipped: each part of the system `missing`, and `untested`
/// without the targets. With `no_skip` anything to skip is an error;
/// otherwise the tests are told they may skip. Returns whether the targets
/// are there, and the list.
fn what_is_skipped(
    missing: &[Need],
    targets: &[&str],
    untested: &str,
    no_skip: bool,
) -> anyhow::Result<(bool, Vec<(String, String)>)> {
    let added = needs::rustup_targets(targets)?;
    let mut skipped: Vec<(String, String)> = missing
        .iter()
        .map(|need| (need.untested().to_owned(), need.advice(System::detect())))
        .collect();
    if !added {
        skipped.push((
            untested.to_owned(),
            format!(
                "rustup target add {} (this toolchain has no rustup)",
                targets.join(" ")
            ),
        ));
    }
    if no_skip && !skipped.is_empty() {
        bail!(
            "--no-skip: these parts of the system are missing, and would be skipped:\n{}",
            describe(&skipped)
        );
    }
    NO_SKIP.store(no_skip, Ordering::Relaxed);
    Ok((added, skipped))
}

/// Runs `cargo ARGS` in the workspace root, failing if it fails.
pub(crate) fn cargo(args: &[&str]) -> anyhow::Result<()> {
    cargo_with(args, &[])
}

/// [`cargo`] with more environment variables.
pub(crate) fn cargo_with(args: &[&str], env: &[(&str, &str)]) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    println!("$ cargo {}", args.join(" "));
    let mut command = Command::new(&cargo);
    command
        .args(args)
        .envs(env.iter().copied())
        .current_dir(workspace_root());
    if NO_SKIP.load(Ordering::Relaxed) {
        command.env("OWARE_NO_SKIP", "1");
    }
    let status = command
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

/// How long each part of `cargo xtask test` took, printed at its end so a
/// CI log says where its half hour goes.
#[derive(Default)]
struct Steps {
    times: Vec<(String, Duration)>,
}

impl Steps {
    /// Runs `part`, keeping how long it took under `name`.
    fn time<T>(
        &mut self,
        name: &str,
        part: impl FnOnce() -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let started = Instant::now();
        let result = part();
        self.times.push((name.to_owned(), started.elapsed()));
        result
    }
}

impl std::fmt::Display for Steps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let total: Duration = self.times.iter().map(|(_, time)| *time).sum();
        for (name, time) in &self.times {
            writeln!(f, "  {:>6.0} s  {name}", time.as_secs_f64())?;
        }
        write!(f, "  {:>6.0} s  in all", total.as_secs_f64())
    }
}
