//! Finding the MPI launcher, its flags, and the one way these tests skip.

use std::io::Write;
use std::process::Command;

/// The variable that turns a skip into a failure (set by CI).
const NO_SKIP: &str = "OWARE_NO_SKIP";

/// Says on the terminal that a test is skipped and why, or fails it where
/// [`NO_SKIP`] is set. Written to the process's stderr, not through
/// `eprintln!`, which the test harness captures and hides for a passing test.
pub(crate) fn skip(why: &str) {
    if std::env::var_os(NO_SKIP).is_some() {
        panic!("{why}; {NO_SKIP} is set, so this test may not be skipped");
    }
    // One write, so the line is not split by the harness's own output.
    let _ = std::io::stderr().write_all(format!("skipped: {why}\n").as_bytes());
}

/// The MPI implementation behind `mpirun`, which decides its flags.
#[cfg_attr(not(feature = "mpi"), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Launcher {
    /// Open MPI: `--oversubscribe` to run more processes than cores, and
    /// its consent to run as root (CI containers run as root).
    OpenMpi,
    /// MPICH's Hydra (and MPICH-derived launchers): oversubscribes by
    /// default and has no root check.
    Mpich,
}

#[cfg_attr(not(feature = "mpi"), allow(dead_code))]
impl Launcher {
    /// The launcher on `PATH`, or `None` once [`skip`] has said why.
    pub(crate) fn find() -> Option<Launcher> {
        let version = match Command::new("mpirun").arg("--version").output() {
            Ok(output) => {
                let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
                text.push_str(&String::from_utf8_lossy(&output.stderr));
                text
            }
            Err(error) => {
                skip(&format!(
                    "no MPI launcher: `mpirun` could not be started ({error}); \
                     install Open MPI or MPICH (on Debian: apt-get install openmpi-bin libopenmpi-dev libclang-dev)"
                ));
                return None;
            }
        };
        Some(Launcher::from_version(&version))
    }

    /// The implementation named in `mpirun --version`'s answer; anything
    /// not Open MPI is taken for MPICH's command line, the other common one.
    pub(crate) fn from_version(version: &str) -> Launcher {
        if version.contains("Open MPI") || version.contains("OpenRTE") {
            Launcher::OpenMpi
        } else {
            Launcher::Mpich
        }
    }

    /// `mpirun` with this implementation's flags for a loopback test.
    pub(crate) fn command(self) -> Command {
        let mut command = Command::new("mpirun");
        if let Launcher::OpenMpi = self {
            command
                .arg("--oversubscribe")
                .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
                .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        }
        command
    }
}

#[test]
fn the_launcher_is_told_apart_by_its_version_line() {
    assert!(matches!(
        Launcher::from_version("mpirun (Open MPI) 4.1.4\n\nReport bugs to ..."),
        Launcher::OpenMpi
    ));
    assert!(matches!(
        Launcher::from_version("HYDRA build details:\n    Version: 4.0.2"),
        Launcher::Mpich
    ));
}
