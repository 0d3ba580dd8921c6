//! The one way the command writes a file a person names (`play --save`,
//! `analyze --out` and `--in-place`, `book build --out`), and the checks
//! `match --save`, which adds to its file game by game, shares with it.
//!
//! Everything that can be known before the work is checked before it
//! ([`Output::check`]): a search of minutes is never lost to a folder that
//! does not exist. Then each write is whole or not at all ([`Output::write`]):
//! the bytes go to a temporary file in the target's own folder (so the
//! rename cannot cross file systems), flushed to the disk, given the
//! target's permissions, and renamed over the target, so a reader, a crash
//! or a kill never sees half a file, and a private record stays private.
//!
//! A symbolic link is written through: the file it points to is replaced
//! and the link kept, as an editor saving it would. (On Windows, making a
//! symbolic link needs a privilege most accounts lack; where one exists it
//! is followed the same way.) A hard link is not kept: the rename gives the
//! name a new file, and the other names keep the old one.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::input_file::what_it_holds;

/// What may become of a file already at the path.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Existing<'a> {
    /// It is someone's work: refused unless `force` (the user's `--force`).
    /// `way_out` says how else to keep it, after "give --force to replace
    /// it" (empty for nothing more).
    Refuse { force: bool, way_out: &'a str },
    /// It is the file the command continues (`play --load X --save X`,
    /// `analyze --in-place`): replacing it is the point.
    Continue,
}

/// A file the command will write, checked: see the module's docs.
#[derive(Debug)]
pub(crate) struct Output {
    /// The path as given, for messages.
    shown: PathBuf,
    /// The file the bytes go to: the path, every symbolic link followed.
    target: PathBuf,
}

impl Output {
    /// Checks, before any long work, that `path` (given with `option`) can
    /// be written: the file there, if any, is a regular file that may be
    /// replaced (`existing`) and is not read-only, and its folder exists
    /// and takes a new file with a byte in it, tried by writing the
    /// temporary file there (permission bits alone do not say: root writes
    /// anywhere, a read-only mount refuses everyone, a full disk takes a
    /// file but no byte).
    pub(crate) fn check(path: &Path, option: &str, existing: Existing<'_>) -> Result<Output> {
        let shown = path.display();
        let target = check_place(path, option)?;
        if fs::metadata(&target).is_ok() {
            if let Existing::Refuse {
                force: false,
                way_out,
            } = existing
            {
                let holds = match what_it_holds(&target) {
                    Some(kind) => format!(" (it holds {kind})"),
                    None => String::new(),
                };
                bail!(
                    "{option} {shown}: the file exists{holds} and would be replaced; give --force to replace it{way_out}"
                );
            }
            refuse_read_only(&target, path)?;
        }
        let output = Output {
            shown: path.to_owned(),
            target,
        };
        let temporary = output.temporary()?;
        // A byte written and flushed to the disk: a full disk takes a new
        // file but no bytes.
        let tried = create(&temporary).and_then(|mut file| {
            file.write_all(b"\n")?;
            file.sync_all()
        });
        let removed = fs::remove_file(&temporary);
        tried.and(removed).with_context(|| {
            format!(
                "cannot save to {shown}: no file can be made in its folder, {}",
                folder(&output.target).display()
            )
        })?;
        Ok(output)
    }

    /// The path as given.
    pub(crate) fn path(&self) -> &Path {
        &self.shown
    }

    /// Writes `bytes` to the file whole or not at all, keeping the
    /// permissions of the file it replaces; on any failure the temporary
    /// file is removed and the file is as it was.
    pub(crate) fn write(&self, bytes: &[u8]) -> Result<()> {
        let temporary = self.temporary()?;
        let kept = fs::metadata(&self.target).ok().map(|m| m.permissions());
        let written = create(&temporary).and_then(|mut file| {
            file.write_all(bytes)?;
            if let Some(permissions) = kept {
                file.set_permissions(permissions)?;
            }
            // On the disk before the rename: a crash after it never finds
            // the new name holding a file whose bytes were not written.
            file.sync_all()?;
            fs::rename(&temporary, &self.target)
        });
        if let Err(error) = written {
            let _ = fs::remove_file(&temporary);
            return Err(error).with_context(|| format!("cannot save to {}", self.shown.display()));
        }
        Ok(())
    }

    /// The temporary file beside the target: hidden, and one per process,
    /// so two commands saving beside each other never share one.
    fn temporary(&self) -> Result<PathBuf> {
        let name = self.target.file_name().with_context(|| {
            format!("cannot save to {}: it names no file", self.shown.display())
        })?;
        let mut temporary = OsString::from(".");
        temporary.push(name);
        temporary.push(format!(".{}.tmp", std::process::id()));
        Ok(self.target.with_file_name(temporary))
    }
}

/// Refuses a file at `target` (the file `path` names) that is read-only:
/// it says "keep me", to root too, who could write it.
pub(crate) fn refuse_read_only(target: &Path, path: &Path) -> Result<()> {
    if fs::metadata(target).is_ok_and(|metadata| metadata.permissions().readonly()) {
        bail!(
            "cannot save to {}: the file is read-only; make it writable, or name another file",
            path.display()
        );
    }
    Ok(())
}

/// Creates (or empties) `path` for writing.
fn create(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
}

/// The file `path` (given with `option`) names, every symbolic link
/// followed, checked as a place to write: not a folder or another special
/// file, in a folder that exists. `match --save` checks its file with this
/// before it opens it to add games.
pub(crate) fn check_place(path: &Path, option: &str) -> Result<PathBuf> {
    let shown = path.display();
    let target = follow_links(path).with_context(|| format!("cannot save to {shown}"))?;
    if let Ok(metadata) = fs::metadata(&target) {
        if metadata.is_dir() {
            bail!("{option} {shown}: {shown} is a folder; name a file");
        }
        if !metadata.is_file() {
            bail!(
                "{option} {shown}: {shown} is not a regular file (a device or a pipe); name a file"
            );
        }
    }
    let folder = folder(&target);
    match fs::metadata(folder) {
        Ok(metadata) if metadata.is_dir() => Ok(target),
        Ok(_) => bail!(
            "cannot save to {shown}: {} is not a folder",
            folder.display()
        ),
        Err(error) if error.kind() == io::ErrorKind::NotFound => bail!(
            "cannot save to {shown}: the folder {} does not exist",
            folder.display()
        ),
        Err(error) => Err(error).with_context(|| format!("cannot save to {shown}")),
    }
}

/// `path` with each symbolic link at its end replaced by what it points
/// to, until a name that is not a link (which may not exist yet: a link to
/// a file not yet made makes it). A link in a folder of the path needs no
/// following: the rename goes through it.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    // As many links as Linux follows before it says ELOOP.
    const MOST_LINKS: usize = 40;
    let mut path = path.to_owned();
    for _ in 0..MOST_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = fs::read_link(&path)?;
                // A relative link is relative to the link's own folder.
                path = folder(&path).join(link);
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other(
        "too many symbolic links, one to another (a loop?)",
    ))
}

/// The folder a file is in: `.` for a bare name.
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh, empty folder for one test.
    fn folder_for(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("oware-write-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    const REFUSE: Existing<'static> = Existing::Refuse {
        force: false,
        way_out: "",
    };
    const FORCE: Existing<'static> = Existing::Refuse {
        force: true,
        way_out: "",
    };

    #[test]
    fn a_file_is_written_whole_and_an_existing_one_only_when_told() {
        let dir = folder_for("whole");
        let path = dir.join("game.ogn");
        let output = Output::check(&path, "--save", REFUSE).unwrap();
        output.write(b"1. E *\n").unwrap();
        output.write(b"1. E c *\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "1. E c *\n");
        let error = Output::check(&path, "--save", REFUSE).unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            format!(
                "--save {0}: the file exists (it holds a game record) and would be replaced; give --force to replace it",
                path.display()
            )
        );
        Output::check(&path, "--save", FORCE).unwrap();
        Output::check(&path, "--save", Existing::Continue).unwrap();
        // A folder where the file should be: refused, forced or not.
        fs::create_dir(dir.join("sub")).unwrap();
        let error = Output::check(&dir.join("sub"), "--out", FORCE).unwrap_err();
        assert!(format!("{error:#}").ends_with("is a folder; name a file"));
        assert_eq!(names(&dir), ["game.ogn", "sub"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_found_before_any_work() {
        let dir = folder_for("missing");
        let path = dir.join("no/such/x.ogn");
        let error = Output::check(&path, "--out", REFUSE).unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            format!(
                "cannot save to {}: the folder {} does not exist",
                path.display(),
                dir.join("no/such").display()
            )
        );
        // A file where the folder should be.
        fs::write(dir.join("plain"), "x").unwrap();
        let error = Output::check(&dir.join("plain/x.ogn"), "--out", REFUSE).unwrap_err();
        assert!(format!("{error:#}").ends_with("plain is not a folder"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    mod unix {
        use std::os::unix::fs::{PermissionsExt, symlink};

        use super::*;

        #[test]
        fn a_symbolic_link_is_written_through_to_another_folder() {
            let dir = folder_for("link");
            fs::create_dir(dir.join("other")).unwrap();
            fs::write(dir.join("other/real.ogn"), "1. E *\n").unwrap();
            symlink("other/real.ogn", dir.join("link.ogn")).unwrap();
            let output = Output::check(&dir.join("link.ogn"), "--save", Existing::Continue)
                .expect("the link's target can be written");
            output.write(b"1. E c *\n").unwrap();
            let link = fs::symlink_metadata(dir.join("link.ogn")).unwrap();
            assert!(link.file_type().is_symlink(), "the link is kept");
            assert_eq!(
                fs::read_to_string(dir.join("other/real.ogn")).unwrap(),
                "1. E c *\n"
            );
            assert_eq!(names(&dir), ["link.ogn", "other"]);
            assert_eq!(names(&dir.join("other")), ["real.ogn"]);
            // A link to a folder in the path; and a link to a file not yet
            // made, which makes it.
            symlink("other", dir.join("elsewhere")).unwrap();
            let output = Output::check(&dir.join("elsewhere/new.ogn"), "--out", REFUSE).unwrap();
            output.write(b"*\n").unwrap();
            symlink("other/later.ogn", dir.join("dangling.ogn")).unwrap();
            let output = Output::check(&dir.join("dangling.ogn"), "--out", REFUSE).unwrap();
            output.write(b"*\n").unwrap();
            assert_eq!(
                names(&dir.join("other")),
                ["later.ogn", "new.ogn", "real.ogn"]
            );
            assert!(
                fs::symlink_metadata(dir.join("dangling.ogn"))
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            // A link to an existing file is the file: refused without --force.
            let error = Output::check(&dir.join("link.ogn"), "--save", REFUSE).unwrap_err();
            assert!(
                format!("{error:#}").contains("the file exists"),
                "{error:#}"
            );
            // Two links in a loop.
            symlink("b", dir.join("a")).unwrap();
            symlink("a", dir.join("b")).unwrap();
            let error = Output::check(&dir.join("a"), "--out", REFUSE).unwrap_err();
            assert!(
                format!("{error:#}").contains("too many symbolic links"),
                "{error:#}"
            );
            fs::remove_dir_all(&dir).unwrap();
        }

        #[test]
        fn the_file_keeps_its_permissions() {
            let dir = folder_for("mode");
            let path = dir.join("private.ogn");
            fs::write(&path, "1. E *\n").unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
            let output = Output::check(&path, "--save", Existing::Continue).unwrap();
            output.write(b"1. E c *\n").unwrap();
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
            fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
            output.write(b"1. E c A *\n").unwrap();
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640, "the permissions at the time of the write");
            // A read-only file is refused, forced or not: it says "keep me".
            fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
            let error = Output::check(&path, "--save", FORCE).unwrap_err();
            assert!(
                format!("{error:#}").contains("the file is read-only"),
                "{error:#}"
            );
            fs::remove_dir_all(&dir).unwrap();
        }

        #[test]
        fn a_folder_that_takes_no_file_is_found_before_any_work() {
            let dir = folder_for("read-only");
            let locked = dir.join("locked");
            fs::create_dir(&locked).unwrap();
            fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
            // Root writes through permission bits: the check tries a file
            // rather than reading the bits, so there it rightly passes.
            let privileged = File::create(locked.join("probe")).is_ok();
            let checked = Output::check(&locked.join("x.ogn"), "--out", REFUSE);
            if privileged {
                eprintln!(
                    "running as root: a read-only folder takes files, so its refusal is not tested"
                );
                checked.expect("root can write there, and the check says so");
            } else {
                let error = checked.unwrap_err();
                assert!(
                    format!("{error:#}").contains("no file can be made in its folder"),
                    "{error:#}"
                );
                assert!(names(&locked).is_empty(), "no temporary file is left");
            }
            fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
            fs::remove_dir_all(&dir).unwrap();
            // A folder no one may add a file to, root included, whatever
            // its bits say: Linux's /proc.
            if cfg!(target_os = "linux") {
                let error = Output::check(Path::new("/proc/x.ogn"), "--out", REFUSE).unwrap_err();
                assert!(
                    format!("{error:#}").starts_with(
                        "cannot save to /proc/x.ogn: no file can be made in its folder, /proc: "
                    ),
                    "{error:#}"
                );
            }
        }

        #[test]
        fn a_device_or_a_pipe_is_not_replaced() {
            let error = Output::check(Path::new("/dev/null"), "--out", FORCE).unwrap_err();
            assert_eq!(
                format!("{error:#}"),
                "--out /dev/null: /dev/null is not a regular file (a device or a pipe); name a file"
            );
        }
    }
}
