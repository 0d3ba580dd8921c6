//! What a build will take on this machine: its time, from the speed the
//! last build here measured (saved in the database directory), else a
//! short build in memory timed just now (the offer's), else the table of
//! rates measured on the project's machine; and whether the disk and the
//! memory hold it.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use oware_egdb::{Database, Extent, Ruleset, positions_up_to};

use super::install::{About, DiskSize};
use crate::numbers::Rate;

/// The file in the database directory that keeps each rule set's last
/// build speed: `abapa 412345` (positions a second), a line each.
pub(crate) const SPEED_FILE: &str = "build-speed";

/// Where an estimate's speed comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Speed {
    /// The last build in the directory, in positions a second.
    LastBuild(f64),
    /// A short build timed just now, in positions a second.
    Calibrated(f64),
    /// The rates measured where the project was built, for this many cores.
    Table(usize),
}

impl Speed {
    /// The speed saved in `dir` for `ruleset`, else the table's.
    pub(crate) fn known(dir: Option<&Path>, ruleset: Ruleset) -> Speed {
        dir.and_then(|dir| saved(dir, ruleset))
            .map_or(Speed::Table(cores()), Speed::LastBuild)
    }

    /// The speed saved in `dir` for `ruleset`, else measured now: the
    /// database up to [`CALIBRATION_SEEDS`] built in memory and timed (a
    /// second or so, on a machine as busy as it is now).
    pub(crate) fn measured(dir: Option<&Path>, ruleset: Ruleset) -> Speed {
        if let Some(speed) = dir.and_then(|dir| saved(dir, ruleset)) {
            return Speed::LastBuild(speed);
        }
        let started = Instant::now();
        let db = Database::build(ruleset, CALIBRATION_SEEDS);
        let elapsed = started.elapsed().as_secs_f64().max(1e-3);
        drop(db);
        Speed::Calibrated(positions_up_to(CALIBRATION_SEEDS) as f64 / elapsed)
    }

    /// The time to build `positions` positions of `ruleset` at this speed.
    pub(crate) fn time(self, ruleset: Ruleset, positions: u64) -> Duration {
        match self {
            Speed::LastBuild(rate) | Speed::Calibrated(rate) => {
                Duration::from_secs_f64(positions as f64 / rate)
            }
            Speed::Table(cores) => oware_egdb::build_estimate(ruleset, positions, cores),
        }
    }

    /// `about 4 minutes to build here (at the last build's speed here,
    /// 412k positions/s)`.
    pub(crate) fn describe(self, ruleset: Ruleset, positions: u64) -> String {
        let about = About(self.time(ruleset, positions));
        let rate = |rate: f64| Rate::per_second(rate as u64, Duration::from_secs(1));
        match self {
            Speed::LastBuild(speed) => format!(
                "{about} to build here (at the last build's speed here, {} positions/s)",
                rate(speed)
            ),
            Speed::Calibrated(speed) => format!(
                "{about} to build here (at {} positions/s, measured just now)",
                rate(speed)
            ),
            Speed::Table(1) => format!("{about} to build here (estimated for 1 core)"),
            Speed::Table(cores) => format!("{about} to build here (estimated for {cores} cores)"),
        }
    }
}

/// The seeds of the calibration's build: 646,646 positions, a fraction of
/// a second on an idle machine of two cores.
pub(crate) const CALIBRATION_SEEDS: u8 = 10;

/// The cores a build here uses: all of them.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The speed of `ruleset`'s last build saved in `dir`, if any.
fn saved(dir: &Path, ruleset: Ruleset) -> Option<f64> {
    let text = fs::read_to_string(dir.join(SPEED_FILE)).ok()?;
    read_speed(&text, ruleset)
}

/// `ruleset`'s speed in the text of a [`SPEED_FILE`].
fn read_speed(text: &str, ruleset: Ruleset) -> Option<f64> {
    text.lines().find_map(|line| {
        let (name, speed) = line.split_once(' ')?;
        let speed: f64 = speed.trim().parse().ok()?;
        (name == ruleset.to_string() && speed.is_finite() && speed > 0.0).then_some(speed)
    })
}

/// Saves `speed` as `ruleset`'s in `dir`'s [`SPEED_FILE`], the other rule
/// sets' lines kept. A file that cannot be written costs only the next
/// estimate its precision: the error is for the caller to ignore or say.
pub(crate) fn save_speed(dir: &Path, ruleset: Ruleset, speed: f64) -> std::io::Result<()> {
    let path = dir.join(SPEED_FILE);
    let old = fs::read_to_string(&path).unwrap_or_default();
    let name = ruleset.to_string();
    let mut text: String = old
        .lines()
        .filter(|line| line.split(' ').next() != Some(name.as_str()))
        .map(|line| format!("{line}\n"))
        .collect();
    text.push_str(&format!("{name} {speed:.0}\n"));
    fs::write(path, text)
}

/// What a build of `extent` needs: the disk for the files not yet there,
/// and the memory at its peak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Needs {
    /// Bytes to write.
    pub(crate) disk: u64,
    /// Bytes held at the peak.
    pub(crate) memory: u64,
}

impl Needs {
    /// The needs of `extent`, with `present` bytes of its files already on
    /// disk. The peak holds every slice and the work of the largest: as
    /// measured (docs/endgames.md), 2.4 times the files for abapa, 6.3
    /// times for awari.
    pub(crate) fn of(extent: Extent, present: u64) -> Needs {
        let files = extent.disk_len();
        let ratio = match extent.ruleset {
            Ruleset::Abapa => 2.4,
            Ruleset::Awari => 6.3,
        };
        Needs {
            disk: files.saturating_sub(present),
            memory: (files as f64 * ratio) as u64,
        }
    }

    /// Why the build does not fit a machine with `free_disk` bytes free
    /// in `dir` and `memory` bytes of memory (each where known), or
    /// `None` when it fits.
    pub(crate) fn refusal(
        self,
        dir: &Path,
        free_disk: Option<u64>,
        memory: Option<u64>,
    ) -> Option<String> {
        let mut short = Vec::new();
        if let Some(free) = free_disk.filter(|&free| free < self.disk) {
            short.push(format!(
                "{} on disk, and {} is free in {}",
                DiskSize(self.disk),
                DiskSize(free),
                dir.display()
            ));
        }
        if let Some(memory) = memory.filter(|&memory| memory < self.memory) {
            short.push(format!(
                "about {} of memory at its peak, and this machine has {}",
                DiskSize(self.memory),
                DiskSize(memory)
            ));
        }
        (!short.is_empty()).then(|| short.join("; "))
    }
}

/// The bytes free for a new file in `dir`, or in the nearest folder above
/// it that exists (the build makes the rest); `None` where it cannot be
/// told.
pub(crate) fn free_disk(dir: &Path) -> Option<u64> {
    let existing = dir.ancestors().find(|folder| folder.is_dir())?;
    free_in(existing)
}

#[cfg(unix)]
fn free_in(folder: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(folder.as_os_str().as_bytes()).ok()?;
    // SAFETY: `name` is a NUL-terminated path that lives through the call;
    // `stats` is plain data statvfs fills in, zeroed first.
    let stats = unsafe {
        let mut stats: libc::statvfs = std::mem::zeroed();
        (libc::statvfs(name.as_ptr(), &mut stats) == 0).then_some(stats)
    }?;
    // A file system of no blocks (/proc) is no disk: its room is unknown,
    // and a write there says why it fails.
    if stats.f_blocks == 0 {
        return None;
    }
    // The fields' types differ from one Unix to another.
    #[allow(clippy::unnecessary_cast)]
    Some(stats.f_bavail as u64 * stats.f_frsize as u64)
}

#[cfg(windows)]
fn free_in(folder: &Path) -> Option<u64> {
    use std::os::windows::ffi::OsStrExt;
    let name: Vec<u16> = folder.as_os_str().encode_wide().chain([0]).collect();
    let (mut free, mut total) = (0_u64, 0_u64);
    // SAFETY: `name` is a NUL-terminated wide path that lives through the
    // call; the two counts asked for are written to `free` and `total`,
    // the third is not asked for (null, as the function allows).
    let done = unsafe {
        windows::GetDiskFreeSpaceExW(name.as_ptr(), &mut free, &mut total, std::ptr::null_mut())
    };
    // As on Unix, a volume of no size (Wine's view of /proc) is no disk.
    (done != 0 && total > 0).then_some(free)
}

#[cfg(not(any(unix, windows)))]
fn free_in(_: &Path) -> Option<u64> {
    None
}

/// This machine's memory in bytes, where it can be told (Linux's
/// `/proc/meminfo`, Windows' `GlobalMemoryStatusEx`).
#[cfg(not(windows))]
pub(crate) fn memory() -> Option<u64> {
    let text = fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(windows)]
pub(crate) fn memory() -> Option<u64> {
    let mut status = windows::MemoryStatusEx {
        length: std::mem::size_of::<windows::MemoryStatusEx>() as u32,
        ..windows::MemoryStatusEx::default()
    };
    // SAFETY: `status` is the structure the function fills in, its length
    // set first as the function requires.
    let done = unsafe { windows::GlobalMemoryStatusEx(&mut status) };
    (done != 0).then_some(status.total_phys)
}

/// The two calls of Windows' kernel32 that tell a build's room, declared
/// here rather than through a crate of bindings for two functions.
#[cfg(windows)]
mod windows {
    /// `MEMORYSTATUSEX`, as `GlobalMemoryStatusEx` fills it in.
    #[repr(C)]
    #[derive(Default)]
    pub(super) struct MemoryStatusEx {
        pub(super) length: u32,
        pub(super) memory_load: u32,
        pub(super) total_phys: u64,
        pub(super) avail_phys: u64,
        pub(super) total_page_file: u64,
        pub(super) avail_page_file: u64,
        pub(super) total_virtual: u64,
        pub(super) avail_virtual: u64,
        pub(super) avail_extended_virtual: u64,
    }

    #[link(name = "kernel32")]
    unsafe extern "system" {
        pub(super) fn GetDiskFreeSpaceExW(
            directory: *const u16,
            free_to_caller: *mut u64,
            total: *mut u64,
            total_free: *mut u64,
        ) -> i32;
        pub(super) fn GlobalMemoryStatusEx(status: *mut MemoryStatusEx) -> i32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_speed_file_keeps_a_line_a_rule_set() {
        let dir = std::env::temp_dir().join(format!("oware-speed-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        assert_eq!(
            Speed::known(Some(&dir), Ruleset::Abapa),
            Speed::Table(cores())
        );
        save_speed(&dir, Ruleset::Abapa, 400_000.4).unwrap();
        save_speed(&dir, Ruleset::Awari, 900_000.0).unwrap();
        save_speed(&dir, Ruleset::Abapa, 500_000.0).unwrap();
        assert_eq!(
            fs::read_to_string(dir.join(SPEED_FILE)).unwrap(),
            "awari 900000\nabapa 500000\n"
        );
        let speed = Speed::known(Some(&dir), Ruleset::Abapa);
        assert_eq!(speed, Speed::LastBuild(500_000.0));
        assert_eq!(
            speed.describe(Ruleset::Abapa, 225_792_840),
            "about 8 minutes to build here (at the last build's speed here, 500k positions/s)"
        );
        assert_eq!(
            read_speed("abapa x\nabapa -3\nawari 7", Ruleset::Abapa),
            None
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_calibration_measures_a_speed() {
        let Speed::Calibrated(speed) = Speed::measured(None, Ruleset::Abapa) else {
            panic!("no speed saved: it is measured");
        };
        assert!(speed > 1000.0, "{speed}");
    }

    #[test]
    fn a_build_past_the_disk_or_the_memory_is_refused_naming_both() {
        let extent = Extent {
            ruleset: Ruleset::Abapa,
            max_seeds: 20,
        };
        let needs = Needs::of(extent, 1_586_352);
        assert_eq!(needs.disk, 450_000_000);
        assert_eq!(needs.memory, 1_083_807_244);
        let dir = Path::new("/data");
        assert_eq!(needs.refusal(dir, Some(450_000_000), Some(2 << 30)), None);
        assert_eq!(needs.refusal(dir, None, None), None);
        assert_eq!(
            needs
                .refusal(dir, Some(100_000_000), Some(512 << 20))
                .unwrap(),
            "450 MB on disk, and 100 MB is free in /data; about 1.1 GB of memory at its peak, and this machine has 537 MB"
        );
    }
}
