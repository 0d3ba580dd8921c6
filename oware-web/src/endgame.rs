//! The endgame database in the page: a small database, built in its own
//! worker once the page is up and kept in the browser, answers who can
//! force the result of a position with few seeds on the board (the bars),
//! and the search's worker reads what is kept for the bot's search
//! ([`lend`]). It is the one whose values
//! are true for the game's rules ([`oware_egdb::Ruleset::fitting`]): abapa's
//! under abapa and Aualé's ending, awari's under awari-split, and none
//! under rules that no database was solved for (a move limit, awari's
//! own-row ending).
//!
//! The database (oware-egdb) holds, for each position, bounds on the net
//! seeds the mover collects from the seeds on the board; the mover ends with
//! its store plus half of (seeds + value). A result is *decided* when both
//! bounds lead to it: both give the mover 25 or more (a win), both 23 or
//! fewer (a loss), or both exactly 24 (a draw). The bounds hold under abapa
//! and under Aualé's ending where no earlier position since the last capture
//! can come back (`oware_search::database_applies`); not under a move
//! limit, which can end a game the database sees going on, nor under awari,
//! whose repetition gives each player their own row. The awari database's
//! exact values show under awari-split, whose even split of endless play
//! they assume.

use std::sync::Arc;

use oware_core::Winner;
use oware_egdb::{Bounds, Database, Ruleset};
use oware_search::Engine;

use crate::json::Json;
use crate::request::{Request, RequestError};
use crate::state::error_json;

/// The keys a probe request takes: `rules`, `start` and `moves`, as a state
/// request names the game.
pub const PROBE_KEYS: [&str; 3] = ["rules", "start", "moves"];

/// The seeds on the board up to which the page's database is built at a
/// first visit, before anything is kept: 10 seeds, 646,646 positions,
/// 1.3 MB; its build time in headless Chromium is in docs/performance.md.
pub const PAGE_SEEDS: u8 = 10;

/// The most seeds the page's database grows to, one seed count at a time
/// while the player is idle, kept in the browser's storage: 16 seeds,
/// 30.4 M positions, 61 MB under abapa. The endgame worker holds all of it
/// in memory (and the search's worker a copy read from what is kept);
/// solving slice 17 would hold the 61 MB below it and about 6 bytes for
/// each of its 21.5 M positions (some 190 MB at the peak, then 104 MB
/// held), and take about a minute of the worker's time in a browser, for
/// positions a game passes through for a few moves. Sizes and times are in
/// docs/endgames.md.
pub const PAGE_MAX_SEEDS: u8 = 16;

/// Builds a database: every position of `ruleset` with up to `max_seeds`
/// seeds on the board.
#[must_use]
pub fn build(ruleset: Ruleset, max_seeds: u8) -> Database {
    Database::build(ruleset, max_seeds)
}

/// Makes `held` the database a game under the rules named `rules` needs
/// ([`oware_egdb::Ruleset::fitting`]), keeping what it holds when that is the
/// one; a new one holds only the empty board (slice 0, one position), to
/// grow from or to read the kept slices into. Answers what it holds
/// ([`built_json`]).
#[must_use]
pub fn use_rules(held: &mut Option<Database>, rules: &str) -> String {
    let rules = match rules.parse::<oware_core::Rules>() {
        Ok(rules) => rules,
        Err(error) => return error_json(&error.to_string()),
    };
    let ruleset = oware_egdb::Ruleset::fitting(&rules);
    if held.as_ref().map(Database::ruleset) != ruleset {
        *held = ruleset.map(|ruleset| Database::build(ruleset, 0));
    }
    built_json(held.as_ref())
}

/// Reads a kept slice file into `held` as its next slice, checked in full
/// (oware-egdb's [`Database::read_next`]: a file of another format version,
/// cut short or damaged is refused, the database unchanged). Answers what
/// it holds, or why the file was refused.
#[must_use]
pub fn read_slice(held: &mut Option<Database>, file: &[u8]) -> String {
    let Some(database) = held.as_mut() else {
        return error_json("no endgame database is in use: ask for one with the game's rules");
    };
    if database.max_seeds() >= PAGE_MAX_SEEDS {
        return error_json(&format!(
            "the page's endgame database holds at most {PAGE_MAX_SEEDS} seeds"
        ));
    }
    match database.read_next(file) {
        Ok(()) => built_json(Some(database)),
        Err(error) => error_json(&error.to_string()),
    }
}

/// Solves the next slice of `held` (one more seed), up to [`PAGE_MAX_SEEDS`],
/// and answers what it holds.
#[must_use]
pub fn grow(held: &mut Option<Database>) -> String {
    let Some(database) = held.as_mut() else {
        return error_json("no endgame database is in use: ask for one with the game's rules");
    };
    if database.max_seeds() >= PAGE_MAX_SEEDS {
        return error_json(&format!(
            "the page's endgame database holds at most {PAGE_MAX_SEEDS} seeds"
        ));
    }
    let _ = database.solve_next(&|_| {});
    built_json(Some(database))
}

/// The file of slice `seeds` of `held` (header and data, as oware-egdb
/// writes it to disk), for the page to keep; `None` past its end.
#[must_use]
pub fn slice_file(held: Option<&Database>, seeds: u8) -> Option<Vec<u8>> {
    held?.slice_file(seeds)
}

/// Runs `search` on `engine` with the database `held` lent to it, and takes
/// it back after: the page's bot searches with the database its search
/// worker read from the kept slices ([`read_slice`], as the endgame worker
/// reads them). The engine probes it as `oware play` has it probe one
/// (`Engine::set_endgame`): only under rules it fits and where its values
/// are facts about the game's history (oware-search decides both). Lent,
/// not copied: the database moves into the engine's handle and back, its
/// values staying where they are.
pub fn lend<T>(
    engine: &mut Engine,
    held: &mut Option<Database>,
    search: impl FnOnce(&mut Engine) -> T,
) -> T {
    let lent = held.take().map(Arc::new);
    engine.set_endgame(
        lent.clone()
            .map(|database| database as Arc<dyn oware_search::Endgame>),
    );
    let answer = search(engine);
    engine.set_endgame(None);
    // The engine's handle is gone with the search (one thread in the page),
    // so this one is the last and the database comes back whole; were
    // another left, the search worker would read the kept slices again.
    *held = lent.and_then(Arc::into_inner);
    answer
}

/// `{"ok":true,"ruleset":..,"seeds":..,"positions":..,"bytes":..,"nextBytes":..}`:
/// what `database` holds, its values' bytes, and the next slice's (what
/// growing it by one seed adds to what is kept, but for a 32-byte header;
/// null at [`PAGE_MAX_SEEDS`]); `{"ok":true,"ruleset":null}` without one (no
/// database is true for the game's rules).
#[must_use]
pub fn built_json(database: Option<&Database>) -> String {
    let Some(database) = database else {
        return r#"{"ok":true,"ruleset":null}"#.to_owned();
    };
    let positions = oware_egdb::positions_up_to(database.max_seeds());
    // Abapa keeps two bytes a position, LO and HI; awari one, its value.
    let per_position = match database.ruleset() {
        Ruleset::Abapa => 2.0,
        Ruleset::Awari => 1.0,
    };
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    json.key("ruleset").string(database.ruleset().name());
    json.key("seeds").number(f64::from(database.max_seeds()));
    json.key("positions").number(positions as f64);
    json.key("bytes").number(per_position * positions as f64);
    json.key("nextBytes");
    let next = database.max_seeds() + 1;
    if next <= PAGE_MAX_SEEDS {
        json.number(per_position * oware_egdb::slice_len(next) as f64);
    } else {
        json.null();
    }
    json.end_object();
    json.finish()
}

/// What the database says about a game's position now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The rule set is not one the database holds for, the game is over,
    /// there are more seeds on the board than the database holds, or an
    /// earlier position since the last capture can come back, so that the
    /// database's value is no fact about this game.
    Outside,
    /// In the database, with these bounds, but the result is not decided.
    Open(Bounds),
    /// Decided: who can force a win, or a forced draw.
    Decided(Bounds, Winner),
}

/// Answers a probe request (see [`PROBE_KEYS`]): `{"ok":true,"within":false}`
/// when the database does not answer for the position, else
/// `{"ok":true,"within":true,"seeds":..,"lo":..,"hi":..,"result":..}` with
/// `result` `"win"` (and `"winner"`), `"draw"`, or `null` when not decided.
#[must_use]
pub fn answer(database: &Database, request: &str) -> String {
    match probe(database, request) {
        Ok(verdict) => verdict_json(verdict),
        Err(error) => error_json(&error.to_string()),
    }
}

fn probe(database: &Database, text: &str) -> Result<Probe, RequestError> {
    let game = Request::parse(text, &PROBE_KEYS)?.game()?;
    Ok(judge(database, &game))
}

/// What `database` says about `game`'s position now, where that is a fact.
pub(crate) fn judge(database: &Database, game: &oware_core::Game) -> Probe {
    // Which rules the database fits, where in a game its value is a fact
    // (not where an earlier position can come back), and what the value
    // means with the stores, are the search's answers
    // (oware_search::probe_game): one home.
    let Some(value) = oware_search::probe_game(database, game) else {
        return Probe::Outside;
    };
    let bounds = Bounds {
        lo: value.lo,
        hi: value.hi,
    };
    let position = game.position();
    match oware_player::Verdict::of_endgame(value.result(&position), position.to_move()) {
        Some(verdict) => Probe::Decided(bounds, verdict.winner),
        None => Probe::Open(bounds),
    }
}

fn verdict_json(verdict: Probe) -> String {
    let mut json = Json::new();
    json.begin_object();
    json.key("ok").bool(true);
    let (bounds, decided) = match verdict {
        Probe::Outside => {
            json.key("within").bool(false);
            json.end_object();
            return json.finish();
        }
        Probe::Open(bounds) => (bounds, None),
        Probe::Decided(bounds, forced) => (bounds, Some(forced)),
    };
    json.key("within").bool(true);
    json.key("lo").number(f64::from(bounds.lo));
    json.key("hi").number(f64::from(bounds.hi));
    json.key("result");
    match decided {
        None => json.null(),
        Some(Winner::Draw) => json.string("draw"),
        Some(Winner::Seat(seat)) => json.string("win").key("winner").string(seat.name()),
    };
    json.end_object();
    json.finish()
}

#[cfg(test)]
mod tests {
    use oware_egdb::Ruleset;

    use super::{
        PAGE_MAX_SEEDS, answer, build, built_json, grow, lend, read_slice, slice_file, use_rules,
    };

    #[test]
    fn decided_positions_say_who_wins() {
        let database = build(Ruleset::Abapa, 6);
        assert_eq!(
            built_json(Some(&database)),
            r#"{"ok":true,"ruleset":"abapa","seeds":6,"positions":18564,"bytes":37128,"nextBytes":63648}"#
        );
        // South's F sows into a, making 2: South captures them, reaching 26.
        let fen = "0-0-0-0-0-1-1-0-0-0-1-1-24-20-S";
        let text = answer(&database, &format!("start={fen}"));
        assert!(
            text.starts_with(r#"{"ok":true,"within":true,"lo":"#),
            "{text}"
        );
        assert!(
            text.ends_with(r#""result":"win","winner":"south"}"#),
            "{text}"
        );
        // The same board under Aualé's ending: the same verdict.
        assert_eq!(answer(&database, &format!("rules=auale start={fen}")), text);
        // After the capture the game is over: nothing to probe.
        let over = answer(&database, &format!("start={fen} moves=F"));
        assert_eq!(over, r#"{"ok":true,"within":false}"#);
    }

    #[test]
    fn outside_the_database_nothing_is_said() {
        let database = build(Ruleset::Abapa, 4);
        let outside = r#"{"ok":true,"within":false}"#;
        // The opening has 48 seeds; a move limit or awari's grand slams are
        // not what the database was solved under.
        assert_eq!(answer(&database, ""), outside);
        let fen = "0-0-0-0-0-1-1-0-0-0-1-1-24-20-S";
        assert_eq!(
            answer(&database, &format!("rules=sowing start={fen}")),
            outside
        );
        assert_eq!(
            answer(&database, &format!("rules=awari start={fen}")),
            outside
        );
        assert!(
            answer(&database, "start=1-2-3")
                .starts_with(r#"{"ok":false,"error":"the start position is not a fen: "#)
        );
    }

    #[test]
    fn a_history_that_can_come_back_silences_the_database() {
        let database = build(Ruleset::Abapa, 4);
        // RULES.md section 9: North to move, North's f 2 and a 1 (store 23),
        // South's row empty (store 22). After these quiet moves the database
        // would say South wins, but South's only move repeats the set-up
        // position, which ends an Aualé game with North ahead 26-22.
        let fen = "0-0-0-0-0-0-1-0-0-0-0-2-22-23-N";
        let moves = "fBaAbCcDdEeFaBbCcDdEe";
        let outside = r#"{"ok":true,"within":false}"#;
        assert_eq!(
            answer(&database, &format!("rules=auale start={fen} moves={moves}")),
            outside
        );
        // The set-up itself has nothing before it: the database speaks there.
        let start = answer(&database, &format!("rules=auale start={fen}"));
        assert!(start.contains(r#""within":true"#), "{start}");
    }

    #[test]
    fn each_rule_set_gets_the_database_true_for_it() {
        use oware_core::Rules;
        // What the page builds (oware_egdb::Ruleset::fitting), and where the
        // database it built answers: under awari-split, the awari
        // database's exact value (lo = hi) decides the result.
        let fen = "0-0-0-0-0-1-1-0-0-0-1-1-24-20-S";
        let win = r#"{"ok":true,"within":true,"lo":4,"hi":4,"result":"win","winner":"south"}"#;
        for (name, rules) in Rules::PRESETS {
            let Some(ruleset) = oware_egdb::Ruleset::fitting(&rules) else {
                assert!(matches!(name, "awari" | "sowing"), "{name}");
                assert_eq!(built_json(None), r#"{"ok":true,"ruleset":null}"#);
                continue;
            };
            let database = build(ruleset, 6);
            let text = answer(&database, &format!("rules={name} start={fen}"));
            match ruleset {
                Ruleset::Awari => assert_eq!(text, win, "{name}"),
                Ruleset::Abapa => assert!(
                    text.ends_with(r#""result":"win","winner":"south"}"#),
                    "{name}: {text}"
                ),
            }
        }
    }

    #[test]
    fn the_awari_database_keeps_one_byte_a_position() {
        let database = build(Ruleset::Awari, 6);
        assert_eq!(
            built_json(Some(&database)),
            r#"{"ok":true,"ruleset":"awari","seeds":6,"positions":18564,"bytes":18564,"nextBytes":31824}"#
        );
    }

    #[test]
    fn kept_slices_are_read_back_checked_and_the_database_grows_from_them() {
        // What the page keeps: the files of a database grown to 5 seeds.
        let mut first = None;
        let empty = use_rules(&mut first, "auale");
        assert!(empty.contains(r#""ruleset":"abapa","seeds":0,"#), "{empty}");
        for _ in 0..5 {
            let _ = grow(&mut first);
        }
        let kept: Vec<Vec<u8>> = (1..=5)
            .map(|seeds| slice_file(first.as_ref(), seeds).expect("held"))
            .collect();
        assert_eq!(slice_file(first.as_ref(), 6), None);

        // A later visit reads them back, and grows one more seed from them.
        let mut later = None;
        let _ = use_rules(&mut later, "abapa");
        for file in &kept[..4] {
            assert!(read_slice(&mut later, file).contains(r#""ok":true"#));
        }
        // Slice 5, cut short as by a tab closed while it was written, or
        // damaged, is refused, and the database holds 4 seeds still.
        let short = read_slice(&mut later, &kept[4][..kept[4].len() / 2]);
        assert!(short.starts_with(r#"{"ok":false,"error":"#), "{short}");
        let mut flipped = kept[4].clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 4;
        let damaged = read_slice(&mut later, &flipped);
        assert!(damaged.contains("checksum"), "{damaged}");
        // A file written by another format version (the header's bytes
        // 8..12) is refused, never misread.
        let mut other = kept[4].clone();
        other[8] += 1;
        let version = read_slice(&mut later, &other);
        assert!(version.contains("version"), "{version}");
        assert!(built_json(later.as_ref()).contains(r#""seeds":4,"#));
        // Solved again, slice 5 is the same as the one kept.
        let grown = grow(&mut later);
        assert!(grown.contains(r#""seeds":5,"#), "{grown}");
        assert_eq!(slice_file(later.as_ref(), 5).as_ref(), Some(&kept[4]));
        // Rules of the same database keep it; others change it.
        let kept_json = use_rules(&mut later, "auale");
        assert!(kept_json.contains(r#""seeds":5,"#), "{kept_json}");
        assert!(use_rules(&mut later, "awari-split").contains(r#""ruleset":"awari","seeds":0,"#));
        assert_eq!(
            use_rules(&mut later, "sowing"),
            r#"{"ok":true,"ruleset":null}"#
        );
        assert!(grow(&mut later).starts_with(r#"{"ok":false,"#));
        assert!(read_slice(&mut later, &kept[0]).starts_with(r#"{"ok":false,"#));
        assert!(use_rules(&mut later, "chess").starts_with(r#"{"ok":false,"#));
    }

    /// The house the bot plays for `request`, with the database `held`
    /// lent to a fresh engine (none: the search alone).
    fn bot_move(held: &mut Option<oware_egdb::Database>, request: &str) -> String {
        let mut engine = crate::think::engine(None);
        let answer = lend(&mut engine, held, |engine| {
            crate::think::answer(engine, request, &mut |_| {})
        });
        assert!(engine.endgame().is_none(), "the engine keeps no handle");
        let best = answer.split(r#""best":""#).nth(1).expect(&answer);
        best[..1].to_owned()
    }

    #[test]
    fn the_bot_plays_the_databases_win_with_the_kept_files_read_back() {
        // North to move, six seeds on the board, 23 seeds to 19 in South's
        // favour: the database proves f wins for North, where level 10's
        // search (6 plies) alone prefers b, and does not find f's win
        // within 20 plies.
        let request = "start=0-1-1-0-0-0-1-1-0-0-0-2-23-19-N level=10 seed=1";
        assert_eq!(bot_move(&mut None, request), "b");

        // The search's worker reads the files the endgame worker kept.
        let kept = build(Ruleset::Abapa, 6);
        let mut held = None;
        let _ = use_rules(&mut held, "abapa");
        for seeds in 1..=5 {
            let file = slice_file(Some(&kept), seeds).expect("kept");
            assert!(read_slice(&mut held, &file).contains(r#""ok":true"#));
        }
        // The sixth, caught half written, is refused: the database holds
        // five seeds still, and the bot plays with those.
        let sixth = slice_file(Some(&kept), 6).expect("kept");
        let refused = read_slice(&mut held, &sixth[..sixth.len() - 1]);
        assert!(refused.starts_with(r#"{"ok":false,"error":"#), "{refused}");
        assert!(built_json(held.as_ref()).contains(r#""seeds":5,"#));
        // Read whole at the next search, it is taken, and the bot wins.
        assert!(read_slice(&mut held, &sixth).contains(r#""seeds":6,"#));
        assert_eq!(bot_move(&mut held, request), "f");
        // Lent, not given away: the database is held after the search.
        assert_eq!(built_json(held.as_ref()), built_json(Some(&kept)));

        // Under rules it is no truth for (awari's own-row ending), the
        // engine leaves it alone: the bot plays as it does without one.
        let awari = request.replace("start=", "rules=awari start=");
        assert_eq!(bot_move(&mut held, &awari), bot_move(&mut None, &awari));
    }

    #[test]
    fn the_database_grows_no_further_than_the_page_holds() {
        // Built one seed short of the most: one more is allowed, then no more.
        let mut held = Some(build(oware_egdb::Ruleset::Awari, PAGE_MAX_SEEDS - 1));
        let json = built_json(held.as_ref());
        assert!(!json.contains(r#""nextBytes":null"#), "{json}");
        let _ = grow(&mut held);
        assert!(built_json(held.as_ref()).ends_with(r#""nextBytes":null}"#));
        let refused = grow(&mut held);
        assert_eq!(
            refused,
            r#"{"ok":false,"error":"the page's endgame database holds at most 16 seeds"}"#
        );
    }
}
