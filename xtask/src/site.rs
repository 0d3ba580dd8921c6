//! `cargo xtask site`: the web page built into a plain static folder, served
//! on 127.0.0.1 with `--serve`, and tested in headless Chromium with `--e2e`.
//!
//! The build: `oware-web` compiled for `wasm32-unknown-unknown`, then the
//! files of `oware-web/site/` (but its types, which the page never loads)
//! and the `.wasm` copied to `<target>/site/`, and the service worker
//! stamped with the list of files and a hash of their contents (so a new
//! build replaces the offline copy). Nothing is fetched but crates.
//!
//! `--types` checks the page's JavaScript against its JSDoc types (the
//! messages between page, workers and module are typed in
//! `oware-web/site/messages.js`), and a sample of every message the module
//! sends (`oware-web/e2e/samples/`, kept up to date by `cargo test -p
//! oware-web`) against those types, with the TypeScript compiler pinned in
//! `oware-web/e2e/package-lock.json`; `--e2e` checks them before the
//! browser tests.
//!
//! The server is a few dozen lines of std: GET and HEAD of files under the
//! folder, the right MIME types (`application/wasm` included), `/name` for
//! `name.html`, and the friendly `404.html` with status 404 for anything else.

use std::hash::{DefaultHasher, Hasher};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, bail};

use crate::needs::{self, Need, System};
use crate::test::workspace_root;

/// The flags of `cargo xtask site`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Serve the built site on 127.0.0.1 until interrupted.
    #[arg(long)]
    serve: bool,
    /// The port to serve on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Run the end-to-end tests in headless Chromium instead (what CI runs;
    /// the type check first).
    #[arg(long, conflicts_with = "serve")]
    e2e: bool,
    /// Only check the page's JavaScript types (tsc, as --e2e does first).
    #[arg(long, conflicts_with_all = ["serve", "e2e"])]
    types: bool,
    /// With --e2e: arguments for `node --test`, such as `--test-name-pattern=undo`.
    #[arg(last = true)]
    node_args: Vec<String>,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    if args.e2e {
        return e2e_with(&args.node_args);
    }
    if args.types {
        let e2e = install_e2e()?;
        return check_types(&e2e);
    }
    let site = build()?;
    if args.serve {
        let listener = TcpListener::bind(("127.0.0.1", args.port))
            .with_context(|| format!("could not listen on 127.0.0.1:{}", args.port))?;
        println!(
            "serving {} on http://{}/ (Ctrl-C to stop)",
            site.display(),
            listener.local_addr()?
        );
        serve(&site, &listener);
    }
    Ok(())
}

/// The folder cargo builds into: `CARGO_TARGET_DIR`, else `<root>/target`.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|dir| {
            if dir.is_absolute() {
                dir
            } else {
                workspace_root().join(dir)
            }
        })
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// The engine's two builds: `oware_web.wasm` with WebAssembly SIMD
/// (`simd128`: every current browser has it, and the network's inference
/// and the move loop are vectorised by the compiler), and
/// `oware_web_nosimd.wasm` without, for a browser that has none. The page
/// picks one at load (wasm.js). Each builds in a target folder of its own,
/// so neither rebuilds the other: (file, folder under the target, the
/// target features).
const ENGINES: [(&str, &str, &str); 2] = [
    ("oware_web.wasm", "wasm-simd", "+simd128"),
    ("oware_web_nosimd.wasm", "", ""),
];

/// Builds the site and returns its folder.
pub(crate) fn build() -> anyhow::Result<PathBuf> {
    let target = target_dir();
    let out = target.join("site");
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    let sources = workspace_root().join("oware-web/site");
    let mut files = Vec::new();
    copy_tree(&sources, &out, Path::new(""), &mut files)?;
    let mut sizes = Vec::new();
    for (file, folder, features) in ENGINES {
        let wasm = build_engine(&target.join(folder), features)?;
        std::fs::write(out.join(file), &wasm)?;
        files.push(file.to_owned());
        sizes.push(format!("{file} {} bytes", wasm.len()));
    }
    files.sort();

    // The service worker lists what to keep for offline use, and carries a
    // hash of every file so that a new build is a new cache. std's hasher
    // (SipHash with fixed keys) is stable within a toolchain, which is all
    // a cache name needs: a new toolchain at worst renews the cache once.
    let mut hash = DefaultHasher::new();
    for file in &files {
        hash.write(file.as_bytes());
        hash.write(&std::fs::read(out.join(file))?);
    }
    let worker = out.join("sw.js");
    let text = std::fs::read_to_string(&worker).context("the site has no sw.js")?;
    let list = files
        .iter()
        .filter(|f| *f != "sw.js")
        .map(|f| format!("\"./{f}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let text = text
        .replace("\"__VERSION__\"", &format!("\"{:016x}\"", hash.finish()))
        .replace("[\"__FILES__\"]", &format!("[\"./\", {list}]"));
    std::fs::write(&worker, text)?;
    println!(
        "site built in {} ({} files; {})",
        out.display(),
        files.len(),
        sizes.join(", ")
    );
    Ok(out)
}

/// Builds `oware-web` for `wasm32-unknown-unknown` into `target` with the
/// target `features` (none when empty) and returns the module.
fn build_engine(target: &Path, features: &str) -> anyhow::Result<Vec<u8>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let rustflags =
        format!("target.wasm32-unknown-unknown.rustflags=[\"-C\", \"target-feature={features}\"]");
    let mut args = vec![
        "build",
        "--package",
        "oware-web",
        "--lib",
        "--target",
        "wasm32-unknown-unknown",
        "--profile",
        "release-lto",
        // The page needs no debug info, and none of the custom sections
        // (names, producers, target features: 19 kB of the 184 kB module):
        // rustc's `strip` has the linker leave them out. It gives the
        // module the hand-written section stripper that stood here gave
        // (164,978 bytes, 56 kB gzipped), with no code and no wasm crate.
        "--config",
        "profile.release-lto.debug=false",
        "--config",
        "profile.release-lto.strip=true",
    ];
    if !features.is_empty() {
        args.extend(["--config", &rustflags]);
    }
    println!(
        "$ CARGO_TARGET_DIR={} cargo {}",
        target.display(),
        args.join(" ")
    );
    let status = Command::new(&cargo)
        .args(args)
        .current_dir(workspace_root())
        .env("CARGO_TARGET_DIR", target)
        .status()
        .with_context(|| format!("could not run {cargo}"))?;
    if !status.success() {
        bail!("building oware-web for wasm32-unknown-unknown ({features}) failed ({status})");
    }
    let wasm = target.join("wasm32-unknown-unknown/release-lto/oware_web.wasm");
    std::fs::read(&wasm).with_context(|| format!("reading {}", wasm.display()))
}

/// Files of `oware-web/site/` the page never loads, left out of the built
/// site (and so of the service worker's cache): `messages.js` holds only
/// the JSDoc types of the messages between page, workers and module, read
/// by `--types`.
const NOT_SERVED: [&str; 1] = ["messages.js"];

/// Copies every file under `from/rel` to `to/rel` but [`NOT_SERVED`],
/// recording relative paths.
fn copy_tree(from: &Path, to: &Path, rel: &Path, files: &mut Vec<String>) -> anyhow::Result<()> {
    std::fs::create_dir_all(to.join(rel))?;
    let mut entries = std::fs::read_dir(from.join(rel))
        .with_context(|| format!("reading {}", from.join(rel).display()))?
        .collect::<Result<Vec<_>, _>>()?;
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let rel = rel.join(entry.file_name());
        if NOT_SERVED.iter().any(|name| rel == Path::new(name)) {
            continue;
        }
        if entry.file_type()?.is_dir() {
            copy_tree(from, to, &rel, files)?;
        } else {
            std::fs::copy(from.join(&rel), to.join(&rel))
                .with_context(|| format!("copying {}", rel.display()))?;
            files.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}

/// Serves `root` on `listener` forever, one thread per connection.
fn serve(root: &Path, listener: &TcpListener) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let root = root.to_owned();
        std::thread::spawn(move || {
            if let Err(error) = respond(&root, stream) {
                eprintln!("site server: {error:#}");
            }
        });
    }
}

/// Answers one request on `stream`.
fn respond(root: &Path, mut stream: TcpStream) -> anyhow::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new((&stream).take(16 * 1024));
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Read (and ignore) the headers, up to the blank line.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    if method != "GET" && method != "HEAD" {
        return write_response(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"",
            false,
        );
    }
    let (status, path) = match resolve(root, target) {
        Some(path) => ("200 OK", path),
        None => ("404 Not Found", root.join("404.html")),
    };
    let body = std::fs::read(&path).unwrap_or_default();
    write_response(
        &mut stream,
        status,
        mime_type(&path),
        &body,
        method == "HEAD",
    )
}

/// Writes a response; for HEAD, the headers of `body` without it.
fn write_response(
    stream: &mut TcpStream,
    status: &str,
    mime: &str,
    body: &[u8],
    head_only: bool,
) -> anyhow::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {mime}\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if !head_only {
        stream.write_all(body)?;
    }
    stream.flush()?;
    Ok(())
}

/// The file a request target names under `root`, if there is one: `/` and
/// folders give their `index.html`, `/name` may stand for `name.html`, and
/// no path may leave `root`.
fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let path = percent_decode(path)?;
    let mut file = root.to_owned();
    for component in Path::new(path.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => file.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    if file.is_file() {
        return Some(file);
    }
    let html = file.with_extension("html");
    (file.extension().is_none() && html.is_file()).then_some(html)
}

/// `%xx` escapes decoded; `None` for bad escapes or text that is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The MIME type of a file by its extension.
fn mime_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The end-to-end tests, as CI runs them (see [`e2e_with`]).
pub(crate) fn e2e() -> anyhow::Result<()> {
    e2e_with(&[])
}

/// The TypeScript projects that cover `oware-web/site/`: the page's modules
/// (the DOM's types), the workers and the service worker (a worker's), and
/// a sample of every message the module sends, written by `cargo test -p
/// oware-web` (`e2e/samples/`), against the types of `site/messages.js`.
const TYPE_PROJECTS: [&str; 3] = [
    "tsconfig.json",
    "tsconfig.workers.json",
    "tsconfig.samples.json",
];

/// Installs the e2e folder's pinned packages (`npm ci`: playwright-core,
/// axe-core, typescript) and returns the folder.
fn install_e2e() -> anyhow::Result<PathBuf> {
    let e2e = workspace_root().join("oware-web/e2e");
    needs::run(
        Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&e2e),
        "npm ci (oware-web/e2e)",
    )?;
    Ok(e2e)
}

/// Checks the page's JavaScript with the pinned `tsc` (`--noEmit`, each of
/// [`TYPE_PROJECTS`]); fails with tsc's errors, which it prints.
fn check_types(e2e: &Path) -> anyhow::Result<()> {
    let tsc = e2e.join("node_modules/.bin/tsc");
    let web = workspace_root().join("oware-web");
    let mut failed = Vec::new();
    for project in TYPE_PROJECTS {
        println!("$ tsc --noEmit -p oware-web/{project}");
        let status = Command::new(&tsc)
            .args(["--noEmit", "--pretty", "false", "-p", project])
            .current_dir(&web)
            .status()
            .with_context(|| format!("could not run {}", tsc.display()))?;
        if !status.success() {
            failed.push(project);
        }
    }
    if !failed.is_empty() {
        bail!(
            "the page's JavaScript does not type-check (oware-web/{}): see tsc's errors above",
            failed.join(", oware-web/")
        );
    }
    println!("the page's types check");
    Ok(())
}

/// Adds the wasm target, finds Chromium (`cargo xtask test` installs it on
/// Debian), installs `playwright-core` and `typescript` from npm, checks the
/// page's types, builds the site, serves it on a free loopback port, and runs
/// `node --test` on `oware-web/e2e/tests`.
fn e2e_with(node_args: &[String]) -> anyhow::Result<()> {
    needs::rustup_targets(&["wasm32-unknown-unknown"])?;
    let Some(chromium) = needs::chromium() else {
        bail!(
            "the browser tests need Chromium: {} (or set CHROMIUM to a Chromium binary)",
            Need::Chromium.advice(System::detect())
        );
    };
    let e2e = install_e2e()?;
    check_types(&e2e)?;
    let site = build()?;

    let listener = TcpListener::bind(("127.0.0.1", 0)).context("no free loopback port")?;
    let url = format!("http://{}/", listener.local_addr()?);
    std::thread::spawn(move || serve(&site, &listener));

    let mut tests = std::fs::read_dir(e2e.join("tests"))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()?;
    tests.retain(|path| path.to_string_lossy().ends_with(".test.mjs"));
    tests.sort();
    println!("$ node --test ({} files) against {url}", tests.len());
    // One file at a time: two cores, and the bot's thinking time is part
    // of what the tests watch.
    let status = Command::new("node")
        .args(["--test", "--test-concurrency=1"])
        .args(node_args)
        .args(&tests)
        .current_dir(&e2e)
        .env("OWARE_URL", &url)
        .env("CHROMIUM", &chromium)
        .status()
        .context("could not run node")?;
    // The server thread ends with the process.
    if !status.success() {
        bail!("the end-to-end tests failed ({status})");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{copy_tree, percent_decode, resolve, serve};
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};

    /// Sends `request` to the server at `address` and returns the whole answer.
    fn ask(address: std::net::SocketAddr, request: &str) -> String {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    #[test]
    fn the_site_is_copied_without_its_types() {
        let root = std::env::temp_dir().join(format!("oware-copy-test-{}", std::process::id()));
        let (from, to) = (root.join("from"), root.join("to"));
        std::fs::create_dir_all(from.join("icons")).unwrap();
        for file in ["app.js", "messages.js", "icons/messages.js"] {
            std::fs::write(from.join(file), file).unwrap();
        }
        let mut files = Vec::new();
        copy_tree(&from, &to, std::path::Path::new(""), &mut files).unwrap();
        // Only the site's own messages.js is left out, not a file of that
        // name in a folder of it.
        assert_eq!(files, ["app.js", "icons/messages.js"]);
        assert!(!to.join("messages.js").exists());
        assert_eq!(
            std::fs::read_to_string(to.join("app.js")).unwrap(),
            "app.js"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn serves_files_types_and_the_friendly_404() {
        let root = std::env::temp_dir().join(format!("oware-serve-test-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("index.html"), "home").unwrap();
        std::fs::write(root.join("404.html"), "empty house").unwrap();
        std::fs::write(root.join("m.wasm"), "\0asm").unwrap();
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let address = listener.local_addr().unwrap();
        let served = root.clone();
        std::thread::spawn(move || serve(&served, &listener));

        let home = ask(address, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(home.starts_with("HTTP/1.1 200 OK\r\n"), "{home}");
        assert!(home.contains("Content-Type: text/html; charset=utf-8\r\n"));
        assert!(home.ends_with("\r\n\r\nhome"));
        let wasm = ask(address, "GET /m.wasm HTTP/1.1\r\n\r\n");
        assert!(wasm.contains("Content-Type: application/wasm\r\n"));
        let missing = ask(address, "GET /no/such/page HTTP/1.1\r\n\r\n");
        assert!(missing.starts_with("HTTP/1.1 404 Not Found\r\n"));
        assert!(missing.ends_with("empty house"));
        let head = ask(address, "HEAD /index.html HTTP/1.1\r\n\r\n");
        assert!(head.contains("Content-Length: 4\r\n") && head.ends_with("\r\n\r\n"));
        let post = ask(address, "POST / HTTP/1.1\r\n\r\n");
        assert!(post.starts_with("HTTP/1.1 405 "));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn resolves_files_and_refuses_escapes() {
        let root = std::env::temp_dir().join(format!("oware-site-test-{}", std::process::id()));
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("index.html"), "home").unwrap();
        std::fs::write(root.join("how-to-play.html"), "rules").unwrap();
        std::fs::write(root.join("sub/index.html"), "sub").unwrap();
        assert_eq!(resolve(&root, "/"), Some(root.join("index.html")));
        assert_eq!(resolve(&root, "/?x=1"), Some(root.join("index.html")));
        assert_eq!(
            resolve(&root, "/how-to-play"),
            Some(root.join("how-to-play.html"))
        );
        assert_eq!(
            resolve(&root, "/how%2Dto-play.html"),
            Some(root.join("how-to-play.html"))
        );
        assert_eq!(resolve(&root, "/sub/"), Some(root.join("sub/index.html")));
        assert_eq!(resolve(&root, "/nope"), None);
        assert_eq!(resolve(&root, "/../etc/passwd"), None);
        assert_eq!(resolve(&root, "/%2e%2e/x"), None);
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(percent_decode("%zz"), None);
    }
}
