//! `cargo xtask dist`: the release artifacts, in `target/dist/`.
//!
//! - `oware-VERSION-x86_64-unknown-linux-musl`: the `oware` command for any
//!   x86-64 Linux, statically linked against musl (no libc needed on the
//!   system), built for the x86-64 baseline CPU with the network's wider
//!   instructions chosen at run time, as every default build is;
//! - `oware-VERSION-aarch64-unknown-linux-musl`: the same for any aarch64
//!   Linux (NEON, which every aarch64 CPU has);
//! - `oware-VERSION-x86_64-pc-windows-gnu.zip`: `oware.exe` for 64-bit
//!   Windows (built with MinGW-w64, needing no DLL beyond Windows' own),
//!   with the README and the licences;
//! - `oware-web-VERSION.tar.gz`: the web page (`cargo xtask site`'s folder),
//!   ready for any static host;
//! - `SHA256SUMS`: each file's SHA-256, in the format `sha256sum -c` reads.
//!
//! The task tries what it built, each binary under the emulator the tests
//! on other systems use (cross.rs): QEMU user mode for aarch64, Wine for
//! Windows. Each answers `perft 6` with the count RULES.md's perft table
//! gives and plays a move over the engine protocol; the Linux binaries
//! have no program interpreter (so the kernel runs them with no dynamic
//! loader, which is what `ldd` calls "not a dynamic executable"). macOS
//! has no release file: it is checked (`cargo check`) only, as the README
//! says. The release workflow (`.github/workflows/release.yml`) runs this
//! task.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail, ensure};
use sha2::{Digest, Sha256};

use crate::cross;
use crate::needs::{self, Need, System};
use crate::test::{cargo_with, find_or_install, workspace_root};

/// The flags of `cargo xtask dist`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Leave out the web page (which needs the wasm32 target).
    #[arg(long)]
    pub(crate) no_page: bool,
    /// Build and try only this machine's static x86-64 Linux binary (and
    /// the page), not aarch64's or Windows' (`cargo xtask test` does so).
    #[arg(long)]
    pub(crate) host_only: bool,
}

/// The released builds: the static Linux ones and Windows'.
const MUSL: &str = "x86_64-unknown-linux-musl";
const AARCH64_MUSL: &str = "aarch64-unknown-linux-musl";
const WINDOWS: &str = "x86_64-pc-windows-gnu";

/// The release profile (Cargo.toml): fat LTO, one codegen unit, stripped.
/// Not named `dist`, whose output folder would be this task's.
const PROFILE: &str = "release-dist";

/// The workspace's version, which names the artifacts.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Leaves from the opening at depth 6, which the built binary must print.
const PERFT_6: &str = "perft 6: 27332 leaves";

/// A short engine-protocol session, and what its answer must hold in turn.
const SESSION: &str = "uci\nisready\nposition startpos\ngo depth 4\n";
const ANSWERS: [&str; 3] = ["uciok", "readyok", "bestmove "];

/// The files that go with `oware.exe` in the Windows zip, where the
/// workspace has them.
const BESIDE_THE_EXE: [&str; 3] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE"];

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let root = workspace_root();
    let dist = root.join("target").join("dist");
    if dist.exists() {
        std::fs::remove_dir_all(&dist)
            .with_context(|| format!("could not clear {}", dist.display()))?;
    }
    std::fs::create_dir_all(&dist)
        .with_context(|| format!("could not create {}", dist.display()))?;

    if args.host_only {
        needs::rustup_targets(&[MUSL])?;
        let mut artifacts = vec![static_binary(&root, &dist, MUSL)?];
        if !args.no_page {
            artifacts.push(page_tarball(&dist)?);
        }
        return finish(&dist, &artifacts);
    }
    let missing = find_or_install(&[Need::Qemu, Need::Wine])?;
    if let Some(need) = missing.first() {
        bail!(
            "dist tries every release file under its emulator, and this machine lacks {}: {}",
            need.untested(),
            need.advice(System::detect())
        );
    }
    needs::rustup_targets(&[MUSL, AARCH64_MUSL, WINDOWS])?;
    let mut artifacts = vec![
        static_binary(&root, &dist, MUSL)?,
        static_binary(&root, &dist, AARCH64_MUSL)?,
        windows_zip(&root, &dist)?,
    ];
    if !args.no_page {
        artifacts.push(page_tarball(&dist)?);
    }
    finish(&dist, &artifacts)
}

/// Writes SHA256SUMS for `artifacts` and says what is in `dist`.
fn finish(dist: &Path, artifacts: &[PathBuf]) -> anyhow::Result<()> {
    let sums = checksums(artifacts)?;
    std::fs::write(dist.join("SHA256SUMS"), &sums).context("could not write SHA256SUMS")?;
    println!("dist: {}", dist.display());
    for artifact in artifacts {
        let size = std::fs::metadata(artifact)?.len();
        println!("  {:>10} bytes  {}", size, file_name(artifact));
    }
    print!("SHA256SUMS:\n{sums}");
    Ok(())
}

/// Builds `oware` in the release profile for `target`, where it lands.
fn build(root: &Path, target: &str) -> anyhow::Result<PathBuf> {
    // The cross linkers the tests on other systems use: the aarch64
    // gcc links the musl build too, with Rust's own musl C library and
    // start files (the target is self-contained), so no musl cross
    // toolchain is needed.
    let env = cross::aarch64_linkers();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    cargo_with(
        &[
            "build",
            "--locked",
            "--profile",
            PROFILE,
            "--package",
            "oware-cli",
            "--bin",
            "oware",
            "--target",
            target,
        ],
        &env,
    )?;
    let exe = if target.contains("windows") {
        "oware.exe"
    } else {
        "oware"
    };
    Ok(root.join("target").join(target).join(PROFILE).join(exe))
}

/// Builds, checks, tries and copies the static `oware` for a musl target.
fn static_binary(root: &Path, dist: &Path, target: &str) -> anyhow::Result<PathBuf> {
    let built = build(root, target)?;
    let bytes =
        std::fs::read(&built).with_context(|| format!("could not read {}", built.display()))?;
    ensure!(
        !has_interpreter(&bytes).context("the built binary is not a 64-bit ELF file")?,
        "{} asks for a dynamic loader: it is not statically linked",
        built.display()
    );
    let start = || {
        if target == MUSL {
            Command::new(&built)
        } else {
            let mut qemu = Command::new("qemu-aarch64-static");
            qemu.arg(&built);
            qemu
        }
    };
    try_binary(start, target)?;
    let artifact = dist.join(format!("oware-{VERSION}-{target}"));
    std::fs::copy(&built, &artifact)
        .with_context(|| format!("could not copy to {}", artifact.display()))?;
    Ok(artifact)
}

/// Builds and tries `oware.exe` (under Wine), and zips it with the
/// README and the licences in a folder named as the zip is.
fn windows_zip(root: &Path, dist: &Path) -> anyhow::Result<PathBuf> {
    let built = build(root, WINDOWS)?;
    let wine = needs::wine().context("no 64-bit Wine found")?;
    let prefix = cross::wine_prefix(&wine)?;
    let start = || {
        let mut command = Command::new(&wine);
        command.arg(&built).envs(cross::wine_environment(&prefix));
        command
    };
    try_binary(start, WINDOWS)?;

    let name = format!("oware-{VERSION}-{WINDOWS}");
    let mut entries = vec![(
        format!("{name}/oware.exe"),
        std::fs::read(&built).with_context(|| format!("could not read {}", built.display()))?,
    )];
    for file in BESIDE_THE_EXE {
        if let Ok(contents) = std::fs::read(root.join(file)) {
            entries.push((format!("{name}/{file}"), contents));
        }
    }
    let artifact = dist.join(format!("{name}.zip"));
    std::fs::write(&artifact, crate::zip::stored(&entries)?)
        .with_context(|| format!("could not write {}", artifact.display()))?;
    Ok(artifact)
}

/// Runs a built `oware` (`start` gives the command that starts it, under
/// its emulator if need be): `perft 6` must give RULES.md's count, and a
/// short engine-protocol session must end in a move.
fn try_binary(start: impl Fn() -> Command, target: &str) -> anyhow::Result<()> {
    println!("$ {:?} perft 6, then uci", start());
    let output = start()
        .args(["perft", "6"])
        .output()
        .with_context(|| format!("could not start the {target} binary"))?;
    let said = String::from_utf8_lossy(&output.stdout);
    ensure!(
        output.status.success() && said.starts_with(PERFT_6),
        "the {target} binary answered `perft 6` with {said:?}, not {PERFT_6:?}"
    );

    // The same program, now as an engine. The session ends with the input:
    // `oware uci` answers a `go` before it leaves at end of file.
    let mut child = start()
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start the {target} binary's `uci`"))?;
    child
        .stdin
        .take()
        .context("the engine's input")?
        .write_all(SESSION.as_bytes())?;
    let output = child.wait_with_output()?;
    let said = String::from_utf8_lossy(&output.stdout);
    let mut rest: &str = &said;
    for answer in ANSWERS {
        let Some(at) = rest.find(answer) else {
            bail!(
                "the {target} binary's `uci` did not answer {answer:?} in turn to {SESSION:?}:\n{said}{}",
                String::from_utf8_lossy(&output.stderr)
            );
        };
        rest = &rest[at + answer.len()..];
    }
    ensure!(
        output.status.success(),
        "the {target} binary's `uci` ended with {}",
        output.status
    );
    Ok(())
}

/// Builds the page and packs its folder as a gzipped tarball.
fn page_tarball(dist: &Path) -> anyhow::Result<PathBuf> {
    let site = crate::site::build()?;
    let tarball = dist.join(format!("oware-web-{VERSION}.tar.gz"));
    // tar is on Linux, macOS and Windows 10 and later alike. The page's
    // files are at the top, to unpack straight into a web root.
    needs::run(
        Command::new("tar")
            .arg("-czf")
            .arg(&tarball)
            .arg("-C")
            .arg(&site)
            .arg("."),
        &format!("tar -czf {} -C {} .", tarball.display(), site.display()),
    )?;
    Ok(tarball)
}

/// `SHA256SUMS`: a line per file, its hash, two spaces and its name.
fn checksums(files: &[PathBuf]) -> anyhow::Result<String> {
    let mut sums = String::new();
    for file in files {
        let mut hasher = Sha256::new();
        let mut reader = std::fs::File::open(file)
            .with_context(|| format!("could not open {}", file.display()))?;
        let mut buffer = vec![0; 1 << 16];
        loop {
            let read = reader.read(&mut buffer)?;
            if read == 0 {
                break;
            }
            hasher.update(&buffer[..read]);
        }
        let hex: String = hasher
            .finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        sums.push_str(&format!("{hex}  {}\n", file_name(file)));
    }
    Ok(sums)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Whether a 64-bit little-endian ELF file has a `PT_INTERP` program
/// header (a dynamic loader to start it); `None` if it is no such file.
fn has_interpreter(elf: &[u8]) -> Option<bool> {
    const PT_INTERP: u32 = 3;
    if elf.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let read_u16 = |at: usize| Some(u16::from_le_bytes(elf.get(at..at + 2)?.try_into().ok()?));
    let read_u32 = |at: usize| Some(u32::from_le_bytes(elf.get(at..at + 4)?.try_into().ok()?));
    let read_u64 = |at: usize| Some(u64::from_le_bytes(elf.get(at..at + 8)?.try_into().ok()?));
    let table = usize::try_from(read_u64(0x20)?).ok()?;
    let (size, count) = (usize::from(read_u16(0x36)?), usize::from(read_u16(0x38)?));
    let mut found = false;
    for index in 0..count {
        found |= read_u32(table + index * size)? == PT_INTERP;
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dynamic_executable_is_told_from_a_static_one() {
        // This test binary itself is dynamically linked on Linux (glibc).
        let exe = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        if cfg!(all(target_os = "linux", target_env = "gnu")) {
            assert_eq!(has_interpreter(&exe), Some(true));
        }
        assert_eq!(has_interpreter(b"#!/bin/sh\n"), None);
        // A minimal ELF header with no program headers.
        let mut elf = vec![0u8; 64];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        elf[0x20] = 64;
        assert_eq!(has_interpreter(&elf), Some(false));
    }

    #[test]
    fn checksums_are_sha256_sum_lines() {
        let dir = std::env::temp_dir().join(format!("oware-dist-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("abc");
        std::fs::write(&file, "abc").unwrap();
        // FIPS 180-2's first example: SHA-256("abc").
        assert_eq!(
            checksums(&[file]).unwrap(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
