//! What the faults tests need beside a run to its end: a command talked to
//! while it runs (its output read as it comes, a signal sent at a prompt),
//! a real terminal (`script`, where there is one), and a disk that fills
//! (a small tmpfs, where the tests may mount one).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A command running, its stdin open, its stdout and stderr gathered as
/// they come, each apart (a message written in pieces stays whole).
pub(crate) struct Live {
    child: Child,
    stdin: Option<ChildStdin>,
    streams: [Arc<Mutex<String>>; 2],
}

/// How long any one wait may take before the test fails with what came.
const PATIENCE: Duration = Duration::from_secs(60);

impl Live {
    /// Starts `command` with pipes on all three streams.
    pub(crate) fn start(mut command: Command) -> Live {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the command starts");
        let streams = [(); 2].map(|()| Arc::new(Mutex::new(String::new())));
        let pipes: [Box<dyn Read + Send>; 2] = [
            Box::new(child.stdout.take().expect("stdout is piped")),
            Box::new(child.stderr.take().expect("stderr is piped")),
        ];
        for (mut stream, output) in pipes.into_iter().zip(&streams) {
            let output = Arc::clone(output);
            std::thread::spawn(move || {
                let mut buffer = [0; 4096];
                while let Ok(n @ 1..) = stream.read(&mut buffer) {
                    let text = String::from_utf8_lossy(&buffer[..n]);
                    output.lock().unwrap().push_str(&text);
                }
            });
        }
        let stdin = child.stdin.take();
        Live {
            child,
            stdin,
            streams,
        }
    }

    /// Writes `bytes` to the command's stdin.
    pub(crate) fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the command reads stdin");
        stdin.flush().unwrap();
    }

    /// Waits until `text` has come `times` times in all; fails with the
    /// output so far if it does not within a minute.
    pub(crate) fn wait_for(&self, text: &str, times: usize) {
        let started = Instant::now();
        loop {
            let output = self.output();
            if output.matches(text).count() >= times {
                return;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited for {text:?} ×{times} in:\n{output}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// All the output so far: stdout, then stderr.
    pub(crate) fn output(&self) -> String {
        let [stdout, stderr] = &self.streams;
        let stdout = stdout.lock().unwrap().clone();
        stdout + &stderr.lock().unwrap()
    }

    /// Sends SIGINT, as Ctrl-C at a terminal does, to the command alone.
    pub(crate) fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Closes stdin, waits for the end, and gives the exit status and all
    /// the output.
    pub(crate) fn finish(mut self) -> (ExitStatus, String) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the command ends");
        // The readers end at the end of the streams, just after the exit.
        let started = Instant::now();
        let reading = |live: &Live| live.streams.iter().any(|s| Arc::strong_count(s) > 1);
        while reading(&self) && started.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(10));
        }
        (status, self.output())
    }
}

/// `command` run at a terminal: under `script`, which gives it a
/// pseudo-terminal and copies its own stdin there; `None` where there is
/// no util-linux `script` (the tests that need it say so and stop).
pub(crate) fn at_a_terminal(command: &str) -> Option<Command> {
    let probe = Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !probe.is_ok_and(|status| status.success()) {
        eprintln!("no util-linux `script` here: the terminal is not tested");
        return None;
    }
    let mut script = Command::new("script");
    script
        .args(["-qec", command, "/dev/null"])
        .env_remove("NO_COLOR")
        .env("OWARE_EGDB", crate::NO_EGDB);
    Some(script)
}

/// A tmpfs of 64 KiB mounted for one test, unmounted when dropped.
pub(crate) struct SmallDisk {
    /// Where it is mounted.
    pub(crate) path: PathBuf,
}

impl SmallDisk {
    /// Mounts one at a folder named for the test; `None` where the tests
    /// may not mount (not root, or a container that forbids it), said on
    /// stderr.
    pub(crate) fn mount(name: &str) -> Option<SmallDisk> {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("disk-{name}"));
        let _ = Command::new("umount")
            .arg(&path)
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&path)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !mounted {
            eprintln!("cannot mount a tmpfs here (not root?): the full disk is not tested");
            return None;
        }
        Some(SmallDisk { path })
    }

    /// Fills the disk: a file that takes every free byte.
    pub(crate) fn fill(&self) {
        let mut filler = std::fs::File::create(self.path.join("filler")).unwrap();
        let block = [0u8; 4096];
        while filler.write_all(&block).is_ok() {}
    }

    /// Frees what [`SmallDisk::fill`] took.
    pub(crate) fn free(&self) {
        std::fs::remove_file(self.path.join("filler")).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.path).status();
    }
}
