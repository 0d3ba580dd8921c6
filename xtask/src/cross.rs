//! The tests on other systems, run here: the workspace's tests built for
//! aarch64 Linux and run under QEMU user mode, and built for Windows and
//! run under Wine. `cargo xtask test` runs both (`--other-systems` runs
//! them alone), and `cargo xtask dist` uses the same set-up to try the
//! release files it builds for those systems.
//!
//! Each emulator is a cargo target runner, so `cargo test --target T`
//! starts every test program (unit, integration and doc tests) under it.
//! What a test program starts in turn (the command's tests start `oware`
//! and the misbehaving engine) is a program for the same system: Wine runs
//! it itself, and the kernel hands an aarch64 one to QEMU through
//! binfmt_misc (needs.rs installs and registers it).
//!
//! The tests of every crate run, except [`LEFT_OUT`] and [`SKIPS`], each
//! with the reason. Under QEMU, which emulates every instruction, they are
//! built optimised (`--release`): the run, not the build, is what takes
//! the time there. Wine runs Windows' x86-64 code as it is, so there they
//! are built in the test profile, as natively (docs/portability.md has
//! the times of each part).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::needs::{self, AARCH64_GCC, AARCH64_SYSROOT, MINGW_GCC, Need};
use crate::test::{cargo_with, workspace_root};

/// The crates whose tests are not run on the other systems, and why.
pub(crate) const LEFT_OUT: [(&str, &str); 4] = [
    (
        "xtask",
        "the project's own checks: they drive this machine's cargo, rustup and apt, and never ship",
    ),
    (
        "lab",
        "the strength laboratory: a developer's tool that drives this machine's cargo and never ships",
    ),
    (
        "oware-web",
        "the page ships as WebAssembly, never as an aarch64 or Windows program: its tests run natively and in the browser",
    ),
    (
        "oware-egdb-mpi",
        "links the system's MPI library, which Debian has for neither aarch64 nor Windows; without it the crate is a stub",
    ),
];

/// Tests skipped on one system (a `cargo test` filter each), and why. The
/// aarch64 ones are about QEMU, not the build; the Windows ones are tests
/// that assume Unix (its paths, its error texts, its shell, its program
/// name, deleting open files), which a real Windows would fail too: each
/// is for its crate's tests to settle, and is named here until it is.
pub(crate) const SKIPS: [(OtherSystem, &str, &str); 14] = [
    (
        OtherSystem::Aarch64Linux,
        "files::a_kill_at_any_moment_never_leaves_the_record_unreadable_or_shorter",
        "it kills `oware play` within 0.3 s of its start and needs some kills to land after a save: \
         under QEMU the command takes longer than that to start and save, so none does",
    ),
    (
        OtherSystem::Aarch64Linux,
        "matches::mistakes_in_the_command_are_named_before_any_game",
        "one of its cases starts a program that does not exist: QEMU user mode runs glibc's posix_spawn as a fork, \
         so the start seems to succeed and the child exits 127, where the test expects the start to fail",
    ),
    (
        OtherSystem::Windows,
        "matches::mistakes_in_the_command_are_named_before_any_game",
        "one of its cases expects Unix's text for a missing program (\"No such file or directory\"); Windows says \"Path not found\"",
    ),
    (
        OtherSystem::Windows,
        "docs::the_runnable_examples_of_the_readme_and_the_guide_run_as_written",
        "the README's examples are POSIX shell, run by `sh`, which a Windows program under Wine does not have",
    ),
    (
        OtherSystem::Windows,
        "docs::the_transcripts_of_the_readme_and_the_guide_print_what_they_show",
        "the transcripts are POSIX shell sessions, run by `sh`, which a Windows program under Wine does not have",
    ),
    (
        OtherSystem::Windows,
        "every_command_has_help",
        "it expects `Usage: oware COMMAND`; clap names the program as it was started, `oware.exe` on Windows",
    ),
    (
        OtherSystem::Windows,
        "damage::a_default_database_with_a_damaged_header_is_said_once_and_skipped",
        UNIX_PATHS,
    ),
    (
        OtherSystem::Windows,
        "damage::a_slice_found_damaged_by_the_search_is_said_once_and_left_out",
        UNIX_PATHS,
    ),
    (
        OtherSystem::Windows,
        "damage::build_rebuilds_a_slice_with_a_flipped_byte",
        UNIX_PATHS,
    ),
    (
        OtherSystem::Windows,
        "damage::verify_passes_a_sound_database_and_names_each_damaged_file",
        UNIX_PATHS,
    ),
    (
        OtherSystem::Windows,
        "egdb::probe_refuses_what_it_cannot_answer",
        UNIX_PATHS,
    ),
    (
        OtherSystem::Windows,
        "disk::tests::a_part_file_not_there_or_of_another_length_is_refused_by_name",
        STILL_OPEN,
    ),
    (
        OtherSystem::Windows,
        "a_database_written_and_read_back_is_the_same",
        STILL_OPEN,
    ),
    (
        OtherSystem::Windows,
        "a_probe_that_reads_an_impossible_value_drops_the_slice_and_says_so_once",
        STILL_OPEN,
    ),
];

/// Why three of the database's tests fail on Windows.
const STILL_OPEN: &str = "it removes its folder while a file in it is still open or mapped, \
     which Unix allows and Windows refuses (\"Access denied\", \"Directory is not empty\")";

/// Why the database's damage reports fail their snapshots on Windows.
const UNIX_PATHS: &str = "its snapshot writes the database's folder as DIR and expects `DIR/abapa-03.egdb`; \
     Windows joins the file's name with `\\`";

/// A system whose build is tried here under an emulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OtherSystem {
    /// aarch64 Linux (glibc), under QEMU user mode.
    Aarch64Linux,
    /// Windows (the MinGW-w64 target), under Wine.
    Windows,
}

impl OtherSystem {
    /// Both, in the order `cargo xtask test` runs them.
    pub(crate) const ALL: [OtherSystem; 2] = [OtherSystem::Aarch64Linux, OtherSystem::Windows];

    /// The rustup target the tests are built for.
    pub(crate) fn target(self) -> &'static str {
        match self {
            OtherSystem::Aarch64Linux => "aarch64-unknown-linux-gnu",
            OtherSystem::Windows => "x86_64-pc-windows-gnu",
        }
    }

    /// The profile its tests are built in (see the top of this file).
    fn profile(self) -> &'static [&'static str] {
        match self {
            OtherSystem::Aarch64Linux => &["--release"],
            OtherSystem::Windows => &[],
        }
    }

    /// What this machine needs to build and run it.
    pub(crate) fn need(self) -> Need {
        match self {
            OtherSystem::Aarch64Linux => Need::Qemu,
            OtherSystem::Windows => Need::Wine,
        }
    }

    /// The environment in which cargo builds for this system and runs its
    /// programs under the emulator. For Windows, the Wine prefix is made
    /// ready first ([`wine_prefix`]).
    pub(crate) fn environment(self) -> anyhow::Result<Vec<(String, String)>> {
        Ok(match self {
            OtherSystem::Aarch64Linux => {
                let mut env = aarch64_linkers();
                env.push((runner(self.target()), "qemu-aarch64-static".to_owned()));
                // A glibc build asks for /lib/ld-linux-aarch64.so.1: QEMU
                // finds it, and the C library, under the cross sysroot.
                env.push(("QEMU_LD_PREFIX".to_owned(), AARCH64_SYSROOT.to_owned()));
                env
            }
            OtherSystem::Windows => {
                let wine = needs::wine().context("no 64-bit Wine found")?;
                let mut env = wine_environment(&wine_prefix(&wine)?);
                env.push((linker(self.target()), MINGW_GCC.to_owned()));
                env.push((runner(self.target()), wine.display().to_string()));
                // insta finds the workspace by running `cargo metadata`,
                // which a Windows program cannot: it is told the root, as
                // Windows sees it (Wine's Z: drive is /).
                env.push((
                    "INSTA_WORKSPACE_ROOT".to_owned(),
                    format!("Z:{}", workspace_root().display()),
                ));
                env
            }
        })
    }
}

/// How long each part took, for the summary and docs/portability.md.
pub(crate) struct Timing {
    /// The system tried.
    pub(crate) system: OtherSystem,
    /// Building the tests.
    pub(crate) build: Duration,
    /// Running them under the emulator.
    pub(crate) run: Duration,
}

impl std::fmt::Display for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: tests built in {:.0} s, run in {:.0} s",
            self.system.target(),
            self.build.as_secs_f64(),
            self.run.as_secs_f64()
        )
    }
}

/// Builds the workspace's tests for `system`, then runs them under its
/// emulator, timing each part.
pub(crate) fn test(system: OtherSystem) -> anyhow::Result<Timing> {
    let env = system.environment()?;
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let mut args = vec!["test", "--workspace", "--target", system.target()];
    args.extend(system.profile());
    for (krate, why) in LEFT_OUT {
        println!("left out on {}: {krate}: {why}", system.target());
        args.extend(["--exclude", krate]);
    }
    // Snapshots are compared, never written, whatever insta's default.
    let env = [env, vec![("INSTA_UPDATE", "no")]].concat();

    let started = Instant::now();
    cargo_with(&[&args[..], &["--no-run"]].concat(), &env)?;
    let build = started.elapsed();

    let mut skips = Vec::new();
    for (_, filter, why) in SKIPS.iter().filter(|(on, _, _)| *on == system) {
        println!("skipped on {}: {filter}: {why}", system.target());
        skips.extend(["--skip", filter]);
    }
    let started = Instant::now();
    // Wine's server ends a few seconds after its last program, and a test
    // program that starts just then loses it ("wine client error: recvmsg:
    // Connection reset by peer"): it is kept up for the whole run.
    let server = (system == OtherSystem::Windows)
        .then(|| WineServer::start(&env))
        .transpose()?;
    let ran = cargo_with(&[&args[..], &["--"], &skips[..]].concat(), &env);
    drop(server);
    ran?;
    let timing = Timing {
        system,
        build,
        run: started.elapsed(),
    };
    println!("{timing}");
    Ok(timing)
}

/// Wine's server, kept running (`wineserver -p`) while it is held, and
/// stopped (`wineserver -k`) when it is dropped.
struct WineServer {
    program: PathBuf,
    env: Vec<(String, String)>,
}

impl WineServer {
    fn start(env: &[(&str, &str)]) -> anyhow::Result<WineServer> {
        let program = needs::wineserver().context("no wineserver found beside Wine")?;
        let env: Vec<(String, String)> = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        needs::run(
            Command::new(&program).arg("-p").envs(env.iter().cloned()),
            "wineserver -p",
        )?;
        Ok(WineServer { program, env })
    }
}

impl Drop for WineServer {
    fn drop(&mut self) {
        // A server left running holds nothing but the prefix, and ends
        // with the machine: a failure to stop it is not the tests'.
        let _ = Command::new(&self.program)
            .arg("-k")
            .envs(self.env.iter().cloned())
            .status();
    }
}

/// The linkers of both aarch64 Linux targets (glibc for the tests, musl
/// for the release), and the C compiler of the one C file among the
/// dependencies (criterion's `alloca`).
pub(crate) fn aarch64_linkers() -> Vec<(String, String)> {
    vec![
        (linker("aarch64-unknown-linux-gnu"), AARCH64_GCC.to_owned()),
        (linker("aarch64-unknown-linux-musl"), AARCH64_GCC.to_owned()),
        (
            "CC_aarch64_unknown_linux_gnu".to_owned(),
            AARCH64_GCC.to_owned(),
        ),
    ]
}

/// Cargo's variable for a target's linker.
fn linker(target: &str) -> String {
    format!(
        "CARGO_TARGET_{}_LINKER",
        target.to_uppercase().replace('-', "_")
    )
}

/// Cargo's variable for a target's runner.
fn runner(target: &str) -> String {
    format!(
        "CARGO_TARGET_{}_RUNNER",
        target.to_uppercase().replace('-', "_")
    )
}

/// Wine's settings: the prefix (the Windows installation Wine keeps), no
/// debug chatter, and no offer to install .NET or a browser engine.
pub(crate) fn wine_environment(prefix: &Path) -> Vec<(String, String)> {
    vec![
        ("WINEPREFIX".to_owned(), prefix.display().to_string()),
        ("WINEDEBUG".to_owned(), "-all".to_owned()),
        ("WINEDLLOVERRIDES".to_owned(), "mscoree,mshtml=".to_owned()),
    ]
}

/// The shim that stands in for Windows' `bcryptprimitives.dll`, written by
/// us. Rust's standard library (1.78 and later) takes its random numbers
/// (the hash maps' keys) from `ProcessPrng` in that DLL, which Windows 10
/// and later have and Wine 8 (Debian 12's) does not: without it no Rust
/// program starts. The shim answers from `RtlGenRandom` (exported as
/// `SystemFunction036` by advapi32), Windows' older generator, which Wine
/// has. `ProcessPrng` is documented to always return TRUE.
const PROCESS_PRNG_SHIM: &str = r#"/* oware's stand-in for ProcessPrng on Wine without it: see xtask/src/cross.rs. */
#include <windows.h>

/* The mark by which the tests tell this shim from a DLL of Wine's own. */
__attribute__((used)) static const char mark[] = SHIM_MARK;

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
"#;

/// The Wine prefix of the tests, `target/wine`: made on first use, and
/// given the `ProcessPrng` shim where this Wine has no
/// `bcryptprimitives.dll` of its own. Wine 8 has none; where a newer Wine
/// has one, the shim is left out.
pub(crate) fn wine_prefix(wine: &Path) -> anyhow::Result<PathBuf> {
    let prefix = workspace_root().join("target").join("wine");
    let system32 = prefix.join("drive_c").join("windows").join("system32");
    if !system32.is_dir() {
        let env = wine_environment(&prefix);
        needs::run(
            Command::new(wine)
                .args(["wineboot", "--init"])
                .envs(env.iter().map(|(k, v)| (k, v))),
            &format!("WINEPREFIX={} wine64 wineboot --init", prefix.display()),
        )?;
        if !system32.is_dir() {
            bail!("wineboot made no {}", system32.display());
        }
    }
    let version = Command::new(wine)
        .arg("--version")
        .output()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_default();
    // Wine places a stub of every DLL it provides in system32 when it makes
    // (or updates) the prefix; our shim carries its mark.
    let dll = system32.join("bcryptprimitives.dll");
    let ours = std::fs::read(&dll).is_ok_and(|bytes| is_shim(&bytes));
    let wine_has_it = dll.exists() && !ours;
    if wine_has_it {
        println!("{version} has bcryptprimitives.dll: no ProcessPrng shim needed");
    } else if !ours {
        println!("{version} has no bcryptprimitives.dll: building the ProcessPrng shim");
        build_shim(&prefix, &dll)?;
    }
    Ok(prefix)
}

/// Compiles [`PROCESS_PRNG_SHIM`] with MinGW-w64 into `dll`.
fn build_shim(prefix: &Path, dll: &Path) -> anyhow::Result<()> {
    let source = prefix.join("process-prng-shim.c");
    std::fs::write(&source, PROCESS_PRNG_SHIM)
        .with_context(|| format!("could not write {}", source.display()))?;
    needs::run(
        Command::new(MINGW_GCC)
            .args(["-shared", "-O2"])
            .arg(format!("-DSHIM_MARK=\"{SHIM_MARK}\""))
            .arg("-o")
            .arg(dll)
            .arg(&source)
            .arg("-ladvapi32"),
        &format!(
            "{MINGW_GCC} -shared -o {} {} -ladvapi32",
            dll.display(),
            source.display()
        ),
    )?;
    let bytes = std::fs::read(dll).with_context(|| format!("could not read {}", dll.display()))?;
    if !is_shim(&bytes) {
        bail!("{} does not carry the shim's mark", dll.display());
    }
    Ok(())
}

/// The string the shim carries, to be told from a DLL of Wine's own.
const SHIM_MARK: &str = "oware's ProcessPrng shim for Wine";

/// Whether a DLL is our shim.
fn is_shim(dll: &[u8]) -> bool {
    let mark = SHIM_MARK.as_bytes();
    dll.windows(mark.len()).any(|window| window == mark)
}
