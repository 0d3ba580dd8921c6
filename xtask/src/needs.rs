//! What the tests need from the system beyond Rust: an MPI library and its
//! launcher, Chromium, Node.js, the emulators that run other systems'
//! builds (QEMU, Wine) with their cross linkers, and rustup's extra
//! targets. Each is found
//! here, installed where that is safe (Debian or Ubuntu as root, or rustup,
//! which needs no root), and otherwise reported with the command that would
//! install it on this system, so that `cargo xtask test` runs every test
//! that does not need it and says what it left out.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

/// A part of the system some tests need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Need {
    /// An MPI library to link `oware-egdb-mpi` against (with libclang for
    /// its bindings) and its `mpirun` launcher.
    Mpi,
    /// Node.js and npm, for the page's type check and browser tests.
    Node,
    /// Chromium, which the browser tests drive.
    Chromium,
    /// clang and llvm-ar, to compile the one C file of the benchmarks'
    /// dependencies (criterion's `alloca`) for the other systems' targets
    /// when the workspace is checked for them.
    Clang,
    /// QEMU user mode, registered with the kernel (binfmt_misc) so that an
    /// aarch64 program may start another, and the aarch64 Linux cross
    /// linker and C library: to build for aarch64 Linux and run it here.
    Qemu,
    /// Wine and the MinGW-w64 cross toolchain: to build for Windows (and
    /// the `ProcessPrng` shim, see cross.rs) and run it here.
    Wine,
}

impl Need {
    /// What goes untested without it.
    pub(crate) fn untested(self) -> &'static str {
        match self {
            Need::Mpi => "the MPI build (oware-egdb-mpi) and its tests under mpirun",
            Need::Node => "the page's type check and browser tests",
            Need::Chromium => "the page's browser tests",
            Need::Clang => "the checks for Windows and macOS",
            Need::Qemu => "the tests and the release binary on aarch64 Linux (under QEMU)",
            Need::Wine => "the tests and the release zip on Windows (under Wine)",
        }
    }

    /// Whether it is on this machine.
    pub(crate) fn present(self) -> bool {
        match self {
            // The build asks `mpicc` (or pkg-config) for the library and
            // bindgen needs libclang; the tests start `mpirun`.
            Need::Mpi => {
                answers("mpicc", &["-show"])
                    && answers("mpirun", &["--version"])
                    && libclang_present()
            }
            Need::Node => answers("node", &["--version"]) && answers("npm", &["--version"]),
            Need::Chromium => chromium().is_some(),
            Need::Clang => answers("clang", &["--version"]) && answers("llvm-ar", &["--version"]),
            // The command's tests start the `oware` binary from an aarch64
            // test program: the kernel must hand it to QEMU, as
            // binfmt_misc's `qemu-aarch64` entry does.
            Need::Qemu => {
                answers("qemu-aarch64-static", &["--version"])
                    && answers(AARCH64_GCC, &["--version"])
                    && Path::new(AARCH64_SYSROOT).join("lib").is_dir()
                    && qemu_aarch64_registered()
            }
            Need::Wine => wine().is_some() && answers(MINGW_GCC, &["--version"]),
        }
    }

    /// Debian's packages that provide it.
    fn debian_packages(self) -> &'static [&'static str] {
        match self {
            Need::Mpi => &["openmpi-bin", "libopenmpi-dev", "libclang-dev"],
            Need::Node => &["nodejs", "npm"],
            Need::Chromium => &["chromium"],
            Need::Clang => &["clang", "llvm"],
            // binfmt-support registers QEMU with the kernel (it is only
            // recommended, and the install leaves recommendations out).
            Need::Qemu => &[
                "qemu-user-static",
                "binfmt-support",
                "gcc-aarch64-linux-gnu",
                "libc6-dev-arm64-cross",
            ],
            Need::Wine => &["wine64", "mingw-w64"],
        }
    }

    /// The command that installs it on `system`, for a person to run.
    pub(crate) fn advice(self, system: System) -> String {
        let debian = || format!("sudo apt-get install {}", self.debian_packages().join(" "));
        match (system, self) {
            (System::Debian, _) => debian(),
            (System::Fedora, Need::Mpi) => {
                "sudo dnf install openmpi-devel clang-devel && module load mpi/openmpi-x86_64"
                    .to_owned()
            }
            (System::Fedora, Need::Node) => "sudo dnf install nodejs npm".to_owned(),
            (System::Fedora, Need::Chromium) => "sudo dnf install chromium".to_owned(),
            (System::Fedora, Need::Clang) => "sudo dnf install clang llvm".to_owned(),
            (System::Arch, Need::Mpi) => "sudo pacman -S openmpi clang".to_owned(),
            (System::Arch, Need::Node) => "sudo pacman -S nodejs npm".to_owned(),
            (System::Arch, Need::Chromium) => "sudo pacman -S chromium".to_owned(),
            (System::Arch, Need::Clang) => "sudo pacman -S clang llvm".to_owned(),
            (System::Fedora, Need::Qemu) => {
                "sudo dnf install qemu-user-static gcc-aarch64-linux-gnu sysroot-aarch64-fc$(rpm -E %fedora)-glibc (and set QEMU_LD_PREFIX to the sysroot)"
                    .to_owned()
            }
            (System::Fedora, Need::Wine) => "sudo dnf install wine mingw64-gcc".to_owned(),
            (System::Arch, Need::Qemu) => {
                "sudo pacman -S qemu-user-static qemu-user-static-binfmt aarch64-linux-gnu-gcc"
                    .to_owned()
            }
            (System::Arch, Need::Wine) => "sudo pacman -S wine mingw-w64-gcc".to_owned(),
            (System::MacOs | System::Windows, Need::Qemu | Need::Wine) => {
                "QEMU user mode and this use of Wine need Linux: use a Debian or Ubuntu machine, container or WSL"
                    .to_owned()
            }
            (System::MacOs, Need::Mpi) => "brew install open-mpi llvm".to_owned(),
            (System::MacOs, Need::Node) => "brew install node".to_owned(),
            (System::MacOs, Need::Clang) => {
                "brew install llvm (for llvm-ar; clang comes with Xcode)".to_owned()
            }
            (System::MacOs, Need::Chromium) => {
                "brew install --cask chromium, then set CHROMIUM to its binary".to_owned()
            }
            (System::Windows, Need::Mpi) => {
                "Microsoft MPI is not supported by the MPI build; use WSL with Debian or Ubuntu"
                    .to_owned()
            }
            (System::Windows, Need::Node) => "winget install OpenJS.NodeJS".to_owned(),
            (System::Windows, Need::Clang) => "winget install LLVM.LLVM".to_owned(),
            (System::Windows, Need::Chromium) => {
                "winget install Hibbiki.Chromium, then set CHROMIUM to chrome.exe".to_owned()
            }
            (System::Other, _) => format!(
                "install {} with your system's package manager",
                match self {
                    Need::Mpi => "Open MPI or MPICH (with its headers and mpicc) and libclang",
                    Need::Node => "Node.js and npm",
                    Need::Chromium => "Chromium (and set CHROMIUM to its binary)",
                    Need::Clang => "clang and llvm-ar",
                    Need::Qemu => {
                        "qemu-user-static (registered with binfmt_misc), the aarch64-linux-gnu gcc and its glibc"
                    }
                    Need::Wine => "Wine (64-bit) and the MinGW-w64 gcc",
                }
            ),
        }
    }
}

/// The systems whose install commands we know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum System {
    /// Debian, Ubuntu and their derivatives (apt).
    Debian,
    /// Fedora, RHEL and derivatives (dnf).
    Fedora,
    /// Arch Linux (pacman).
    Arch,
    /// macOS (Homebrew).
    MacOs,
    /// Windows (winget).
    Windows,
    /// Anything else.
    Other,
}

impl System {
    /// This machine's system: the target OS, and on Linux `/etc/os-release`.
    pub(crate) fn detect() -> System {
        if cfg!(target_os = "macos") {
            return System::MacOs;
        }
        if cfg!(windows) {
            return System::Windows;
        }
        let release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
        System::from_os_release(&release)
    }

    /// The system an `/etc/os-release` describes, by its `ID` and `ID_LIKE`.
    pub(crate) fn from_os_release(release: &str) -> System {
        let ids: Vec<&str> = release
            .lines()
            .filter_map(|line| {
                line.strip_prefix("ID=")
                    .or_else(|| line.strip_prefix("ID_LIKE="))
            })
            .flat_map(|value| value.trim_matches('"').split_whitespace())
            .collect();
        let any = |names: &[&str]| ids.iter().any(|id| names.contains(id));
        if any(&["debian", "ubuntu"]) {
            System::Debian
        } else if any(&["fedora", "rhel", "centos"]) {
            System::Fedora
        } else if any(&["arch"]) {
            System::Arch
        } else {
            System::Other
        }
    }
}

/// Whether this process may install Debian packages itself: Debian or
/// Ubuntu, `apt-get` present, and running as root.
pub(crate) fn can_apt_install(system: System) -> bool {
    system == System::Debian
        && answers("apt-get", &["--version"])
        && run_quietly(Command::new("id").arg("-u")).is_some_and(|uid| uid.trim() == "0")
}

/// Installs Debian packages (`apt-get update`, then `install -y`).
pub(crate) fn apt_install(needs: &[Need]) -> anyhow::Result<()> {
    let packages: Vec<&str> = needs
        .iter()
        .flat_map(|need| need.debian_packages())
        .copied()
        .collect();
    run(Command::new("apt-get").arg("update"), "apt-get update")?;
    run(
        Command::new("apt-get")
            .args(["install", "-y", "--no-install-recommends"])
            .args(&packages)
            .env("DEBIAN_FRONTEND", "noninteractive"),
        &format!("apt-get install -y {}", packages.join(" ")),
    )?;
    // Where binfmt_misc was not mounted (a container), the package's own
    // registration found nowhere to write; update-binfmts mounts it.
    if needs.contains(&Need::Qemu) && !qemu_aarch64_registered() {
        run(
            Command::new("update-binfmts").args(["--enable", "qemu-aarch64"]),
            "update-binfmts --enable qemu-aarch64",
        )?;
    }
    Ok(())
}

/// Adds rustup targets; `Ok(false)` where there is no rustup (a toolchain
/// from elsewhere), so the caller can say what it skips.
pub(crate) fn rustup_targets(targets: &[&str]) -> anyhow::Result<bool> {
    if !answers("rustup", &["--version"]) {
        return Ok(false);
    }
    run(
        Command::new("rustup").args(["target", "add"]).args(targets),
        &format!("rustup target add {}", targets.join(" ")),
    )?;
    Ok(true)
}

/// The Chromium the browser tests start: `CHROMIUM` if set, else the first
/// of the usual names on `PATH` or Debian's path.
pub(crate) fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path)).filter(|path| path.exists());
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| on_path(name))
        .or_else(|| Some(PathBuf::from("/usr/bin/chromium")).filter(|path| path.exists()))
}

/// The aarch64 Linux cross compiler, which links the aarch64 builds.
pub(crate) const AARCH64_GCC: &str = "aarch64-linux-gnu-gcc";

/// Where Debian's aarch64 C library lives, for QEMU to find the dynamic
/// loader and libraries of a glibc build (`QEMU_LD_PREFIX`).
pub(crate) const AARCH64_SYSROOT: &str = "/usr/aarch64-linux-gnu";

/// The MinGW-w64 compiler, which links the Windows builds.
pub(crate) const MINGW_GCC: &str = "x86_64-w64-mingw32-gcc";

/// Whether the kernel hands aarch64 programs to QEMU (binfmt_misc).
fn qemu_aarch64_registered() -> bool {
    std::fs::read_to_string("/proc/sys/fs/binfmt_misc/qemu-aarch64")
        .is_ok_and(|entry| entry.starts_with("enabled"))
}

/// The 64-bit Wine loader: `wine64` on `PATH`, or where Debian 12 keeps it
/// (its `wine` on `PATH` insists on the 32-bit half too).
pub(crate) fn wine() -> Option<PathBuf> {
    on_path("wine64")
        .or_else(|| Some(PathBuf::from("/usr/lib/wine/wine64")).filter(|path| path.is_file()))
        .filter(|path| answers(&path.to_string_lossy(), &["--version"]))
}

/// Wine's server, beside the loader [`wine`] finds.
pub(crate) fn wineserver() -> Option<PathBuf> {
    on_path("wineserver")
        .or_else(|| Some(PathBuf::from("/usr/lib/wine/wineserver64")).filter(|path| path.is_file()))
}

/// The first `name` on `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether libclang (which mpi-sys's bindgen loads) can be found: its
/// `LIBCLANG_PATH`, or a `libclang*` in the usual library folders.
fn libclang_present() -> bool {
    if std::env::var_os("LIBCLANG_PATH").is_some() {
        return true;
    }
    let mut dirs: Vec<PathBuf> = [
        "/usr/lib",
        "/usr/lib64",
        "/usr/local/lib",
        "/opt/homebrew/opt/llvm/lib",
        "/usr/local/opt/llvm/lib",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    // Debian keeps it under /usr/lib/llvm-N/lib and /usr/lib/<triple>.
    for entry in std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
    {
        let path = entry.path();
        dirs.push(path.join("lib"));
        dirs.push(path);
    }
    dirs.iter().any(|dir| has_libclang(dir))
}

fn has_libclang(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with("libclang")
                && (name.contains(".so") || name.ends_with(".dylib"))
                && !name.starts_with("libclang-cpp")
        })
    })
}

/// Whether `program ARGS` starts and succeeds.
fn answers(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// `command`'s standard output, if it starts and succeeds.
fn run_quietly(command: &mut Command) -> Option<String> {
    let output = command.stderr(Stdio::null()).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Runs `command`, failing with `what` if it fails.
pub(crate) fn run(command: &mut Command, what: &str) -> anyhow::Result<()> {
    println!("$ {what}");
    let status = command
        .status()
        .with_context(|| format!("could not run {what}"))?;
    if !status.success() {
        bail!("`{what}` failed ({status})");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systems_are_told_apart_by_os_release() {
        let debian = "PRETTY_NAME=\"Debian GNU/Linux 12\"\nID=debian\n";
        let mint = "ID=linuxmint\nID_LIKE=\"ubuntu debian\"\n";
        let rocky = "ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\n";
        assert_eq!(System::from_os_release(debian), System::Debian);
        assert_eq!(System::from_os_release(mint), System::Debian);
        assert_eq!(System::from_os_release(rocky), System::Fedora);
        assert_eq!(System::from_os_release("ID=arch\n"), System::Arch);
        assert_eq!(System::from_os_release("ID=alpine\n"), System::Other);
        assert_eq!(System::from_os_release(""), System::Other);
    }

    #[test]
    fn advice_names_this_systems_installer() {
        assert!(
            Need::Mpi
                .advice(System::Debian)
                .starts_with("sudo apt-get install openmpi-bin")
        );
        assert!(
            Need::Chromium
                .advice(System::MacOs)
                .starts_with("brew install --cask chromium")
        );
        assert!(Need::Node.advice(System::Fedora).contains("dnf"));
        assert!(Need::Mpi.advice(System::Other).contains("MPICH"));
    }
}
