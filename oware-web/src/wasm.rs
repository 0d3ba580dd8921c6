//! The functions the page calls, exported from the `.wasm` file as plain C
//! functions: text goes in through memory the page asks for with
//! [`oware_alloc`], JSON comes back in a buffer read with [`oware_output`].
//!
//! Imported from the page (module `env`): `oware_event(ptr, len)`, called
//! with each search event as JSON, and `oware_now_ms()`, the clock.
//!
//! Why not wasm-bindgen: measured with `#[wasm_bindgen]` exports (`&str` in,
//! `String` out, events through a `js_sys::Function`) in place of this file
//! and the generated bindings in place of site/wasm.js, the module is about
//! the same size and the page starts as fast (the figures are in
//! docs/performance.md, "The web page"). It would remove this file's
//! `unsafe` and about 45 hand-written lines (Rust and JS), and add typed
//! bindings (a `.d.ts`); but the page would ship about 300 lines of
//! generated JS, several times wasm.js, and every build of the site would
//! need the `wasm-bindgen` CLI at exactly the crate's version, built from
//! source on each fresh CI machine (`cargo install wasm-bindgen-cli` is
//! slow, and fails with `--locked`). The
//! unsafe code here is one buffer handed over each way, its contract written down;
//! it is kept until the page needs more than text in and JSON out.

use std::cell::RefCell;

use oware_egdb::Database;
use oware_search::Engine;

#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// Hands the page one event (UTF-8 JSON at `ptr`, `len` bytes).
    fn oware_event(ptr: *const u8, len: usize);
    /// Milliseconds from a fixed origin: `performance.now()`.
    fn oware_now_ms() -> f64;
}

/// The page's clock, for the engine's time limits (`Instant` panics here).
fn now_ms() -> f64 {
    // SAFETY: the import takes no arguments and returns a number.
    unsafe { oware_now_ms() }
}

thread_local! {
    /// The last answer, kept until the next call so the page can read it.
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
    /// The engine, kept between searches so its table carries over.
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
    /// The endgame database: built and kept in the endgame worker, read
    /// from what is kept in the search's, which lends it to each search.
    static ENDGAMES: RefCell<Option<Database>> = const { RefCell::new(None) };
    /// The last bytes handed out (a slice file), kept until the next.
    static BYTES: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The prover of the mistakes' worker, kept so that its endgame
    /// database is built once.
    static PROVER: RefCell<Option<oware_puzzle::Prover>> = const { RefCell::new(None) };
}

/// Sends `json` to the page as an event.
fn emit(json: &str) {
    // SAFETY: the page's `oware_event` only reads `len` bytes at `ptr`,
    // which `json` keeps alive for the duration of the call.
    unsafe { oware_event(json.as_ptr(), json.len()) }
}

/// Reports panics to the page as `{"type":"panic","message":...}` events
/// before the module traps, so a bug shows its message, not just "unreachable".
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            emit(&crate::think::panic_json(&info.to_string()));
        }));
    });
}

/// Reads the request the page wrote at `ptr` (`len` bytes, from
/// [`oware_alloc`]), frees it, and returns it as text.
///
/// # Safety
/// `ptr` and `len` come from one call of [`oware_alloc`], and the page has
/// written `len` bytes there.
unsafe fn take_request(ptr: *mut u8, len: usize) -> String {
    // SAFETY: forwarded from this function's contract.
    let bytes = unsafe { take_bytes(ptr, len) };
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Takes the bytes the page wrote at `ptr` (`len` bytes, from [`oware_alloc`]).
///
/// # Safety
/// As [`take_request`].
unsafe fn take_bytes(ptr: *mut u8, len: usize) -> Vec<u8> {
    // SAFETY: by the caller's contract the buffer is an allocation of
    // exactly `len` bytes made by `oware_alloc`, all written.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// Keeps `answer` for [`oware_output`] and returns its length in bytes.
fn give(answer: String) -> usize {
    OUTPUT.with(|output| {
        let len = answer.len();
        *output.borrow_mut() = answer;
        len
    })
}

/// Allocates `len` bytes for a request and returns where they start.
#[unsafe(no_mangle)]
pub extern "C" fn oware_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len);
    // The page writes `len` bytes before passing them back; the capacity is
    // exactly `len` (u8 has no over-allocation), as `take_request` needs.
    let ptr = buffer.as_mut_ptr();
    core::mem::forget(buffer);
    ptr
}

/// Where the last answer starts (its length was returned by the call).
#[unsafe(no_mangle)]
pub extern "C" fn oware_output() -> *const u8 {
    OUTPUT.with(|output| output.borrow().as_ptr())
}

/// Answers a state request (see [`crate::state::answer`]) and returns the
/// length of the JSON answer.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the request is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_state(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let request = unsafe { take_request(ptr, len) };
    give(crate::state::answer(&request))
}

/// Runs a search request (see [`crate::think::answer`]) with the endgame
/// database held ([`crate::endgame::lend`]), calling `oware_event` with
/// each event, and returns the length of the JSON answer.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the request is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_search(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let request = unsafe { take_request(ptr, len) };
    let answer = ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        let engine = engine.get_or_insert_with(|| crate::think::engine(Some(now_ms)));
        // The database the search's worker read from what is kept (none
        // until it has read one), lent for this search.
        ENDGAMES.with(|held| {
            crate::endgame::lend(engine, &mut held.borrow_mut(), |engine| {
                crate::think::answer(engine, &request, &mut |json| emit(json))
            })
        })
    });
    give(answer)
}

/// The page's choices (see [`crate::info::answer`]): the levels, the rule
/// sets and the endgame database's size.
#[unsafe(no_mangle)]
pub extern "C" fn oware_info() -> usize {
    give(crate::info::answer())
}

/// Forgets what the engine learnt: call when a new game starts.
#[unsafe(no_mangle)]
pub extern "C" fn oware_new_game() {
    ENGINE.with(|engine| {
        if let Some(engine) = engine.borrow_mut().as_mut() {
            engine.new_game();
        }
    });
}

/// Answers a save request (see [`crate::record::save`]): the game as OGN.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the request is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_save(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let request = unsafe { take_request(ptr, len) };
    give(crate::record::save(&request))
}

/// Reads an OGN record (see [`crate::record::open`]) into the game it holds.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the record is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_open(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let text = unsafe { take_request(ptr, len) };
    give(crate::record::open(&text))
}

/// Makes the endgame database held the one a game under the rules named at
/// `ptr` needs ([`crate::endgame::use_rules`]: kept when it is that one,
/// else only its empty board, to read kept slices into or grow) and answers
/// what it holds.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the rules' name is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_use_endgames(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let name = unsafe { take_request(ptr, len) };
    give(ENDGAMES.with(|held| crate::endgame::use_rules(&mut held.borrow_mut(), &name)))
}

/// Reads a kept slice file (`len` bytes at `ptr`) as the next slice of the
/// database held, checked in full ([`crate::endgame::read_slice`]), and
/// answers what it holds or why the file was refused.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the file is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_read_endgame_slice(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let file = unsafe { take_bytes(ptr, len) };
    give(ENDGAMES.with(|held| crate::endgame::read_slice(&mut held.borrow_mut(), &file)))
}

/// Solves the next slice of the database held (one seed more, up to
/// [`crate::endgame::PAGE_MAX_SEEDS`]) and answers what it holds.
#[unsafe(no_mangle)]
pub extern "C" fn oware_grow_endgames() -> usize {
    install_panic_hook();
    give(ENDGAMES.with(|held| crate::endgame::grow(&mut held.borrow_mut())))
}

/// Puts the file of slice `seeds` of the database held in the byte buffer
/// (read at [`oware_bytes`]) and returns its length: 0 past its end (a
/// slice file is never empty: its header alone is 32 bytes).
#[unsafe(no_mangle)]
pub extern "C" fn oware_endgame_file(seeds: u32) -> usize {
    let file = u8::try_from(seeds).ok().and_then(|seeds| {
        ENDGAMES.with(|held| crate::endgame::slice_file(held.borrow().as_ref(), seeds))
    });
    BYTES.with(|bytes| {
        let mut bytes = bytes.borrow_mut();
        *bytes = file.unwrap_or_default();
        bytes.len()
    })
}

/// Where the last bytes handed out by [`oware_endgame_file`] start.
#[unsafe(no_mangle)]
pub extern "C" fn oware_bytes() -> *const u8 {
    BYTES.with(|bytes| bytes.borrow().as_ptr())
}

/// Answers a probe request (see [`crate::endgame::answer`]) from the database
/// held ([`oware_use_endgames`]).
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the request is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_probe(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let request = unsafe { take_request(ptr, len) };
    let answer = ENDGAMES.with(|endgames| match endgames.borrow().as_ref() {
        Some(database) => crate::endgame::answer(database, &request),
        None => crate::state::error_json("the endgame database is not built"),
    });
    give(answer)
}

/// Answers a puzzle request (see [`crate::puzzle::answer`]): a puzzle of
/// the shipped set, a move tried in it, and the player's rating after it.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the request is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_puzzle(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let request = unsafe { take_request(ptr, len) };
    give(crate::puzzle::answer(&request))
}

/// Answers a prove request (see [`crate::mistakes::answer`]): the puzzle
/// at a position of the player's game, proved as the shipped set was.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the request is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_prove(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let request = unsafe { take_request(ptr, len) };
    give(PROVER.with(|prover| {
        let mut prover = prover.borrow_mut();
        crate::mistakes::answer(prover.get_or_insert_with(crate::mistakes::prover), &request)
    }))
}

/// The graded sets of endgame practice (see [`crate::practice::grades`]).
#[unsafe(no_mangle)]
pub extern "C" fn oware_practice_grades() -> usize {
    install_panic_hook();
    give(crate::practice::grades())
}

/// Answers a practice request (see [`crate::practice::answer`]) from the
/// database held ([`oware_use_endgames`]): whether the player's move keeps
/// the result, and the defender's reply by the database.
///
/// # Safety
/// `ptr` and `len` come from [`oware_alloc`] and the request is written there.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_practice(ptr: *mut u8, len: usize) -> usize {
    install_panic_hook();
    // SAFETY: forwarded from this function's contract.
    let request = unsafe { take_request(ptr, len) };
    let answer = ENDGAMES.with(|endgames| match endgames.borrow().as_ref() {
        Some(database) => crate::practice::answer(database, &request),
        None => crate::state::error_json("the endgame database is not built"),
    });
    give(answer)
}
