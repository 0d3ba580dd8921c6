//! The endgame database as play, analyze and uci use it: where it lives,
//! opening it, and the lines that say what it knows of a position; the
//! default database in words, and its build, in [`install`]. (The `--egdb
//! DIR` / `--no-egdb` options that open it are `oware egdb`'s `EgdbArgs`.)
//!
//! The database used is the one right for the game's rules
//! ([`oware_egdb::Ruleset::fitting`]): abapa's under abapa and auale, awari's
//! under awari-split; none under other rules. Both live in one directory.
//! The default directory is used when it
//! holds a database and silently skipped when it does not; when it holds a
//! damaged or unreadable one, that is said once and the command goes on
//! without it. A directory named on the command line must hold a sound
//! one. A slice that a probe later finds damaged is said once too, and the
//! search goes on without it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use oware_core::{Game, Position, Seat, Winner};
use oware_egdb::{Database, EgdbError, Ruleset};
use oware_search::{Endgame, EndgameResult, EndgameValue, probe_game};

use oware_player::Verdict;

pub(crate) mod estimate;
pub(crate) mod install;

/// Where the databases live when no directory is given: $OWARE_EGDB if it
/// is set, else $XDG_DATA_HOME/oware/egdb, else ~/.local/share/oware/egdb.
pub(crate) fn default_dir() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|value| !value.is_empty());
    if let Some(dir) = var("OWARE_EGDB") {
        return Some(dir.into());
    }
    if let Some(data) = var("XDG_DATA_HOME") {
        return Some(PathBuf::from(data).join("oware/egdb"));
    }
    var("HOME").map(|home| PathBuf::from(home).join(".local/share/oware/egdb"))
}

/// Why there is no default directory, in words.
pub(crate) const UNSET: &str = "OWARE_EGDB, XDG_DATA_HOME and HOME are all unset";

/// The database directory: `dir`, else the default; a `dir` that is a
/// file is refused (every `oware egdb` command would fail on it, file by
/// file).
pub(crate) fn directory(dir: Option<&Path>) -> Result<PathBuf> {
    match dir {
        Some(dir) if dir.exists() && !dir.is_dir() => anyhow::bail!(
            "--dir {0}: {0} is not a directory; name the directory that holds the database (a new one is made by `oware egdb build`)",
            dir.display()
        ),
        Some(dir) => Ok(dir.to_owned()),
        None => default_dir()
            .with_context(|| format!("no database directory: {UNSET}; give --dir, or set one")),
    }
}

/// Where a line about the database goes: stderr, or the GUI.
pub(crate) type Report = fn(&str);

/// Says a line about the database on stderr.
pub(crate) fn on_stderr(line: &str) {
    eprintln!("oware: {line}");
}

/// Opens the `ruleset` database in `dir`; a slice a probe finds damaged is
/// told to `report`, once.
///
/// # Errors
/// No database there, or a damaged file, named.
pub(crate) fn open_dir(dir: &Path, ruleset: Ruleset, report: Report) -> Result<Arc<Database>> {
    let mut db = Database::open(dir, ruleset).with_context(|| {
        // The database's own error says how to build one.
        format!(
            "cannot open the {ruleset} endgame database in {}",
            dir.display()
        )
    })?;
    db.on_damage(move |error| report(&damaged(error)));
    Ok(Arc::new(db))
}

/// Has `db` say on stderr, once, each slice a probe finds damaged.
pub(crate) fn report_damage_on_stderr(db: &mut Database) {
    db.on_damage(|error| on_stderr(&damaged(error)));
}

/// The line that says a probe found a slice damaged.
fn damaged(error: &EgdbError) -> String {
    match error {
        EgdbError::Damaged { file, damage } => format!(
            "the endgame database is damaged: {file}: {damage}; that file is not used from here on (check it with `oware egdb verify`)"
        ),
        other => format!("the endgame database is damaged: {other}; going on without it"),
    }
}

/// The database in the default directory, if it holds one; when it holds
/// a damaged or unreadable one, `None` and the line to say so, once.
pub(crate) fn open_default(
    ruleset: Ruleset,
    report: Report,
) -> (Option<Arc<Database>>, Option<String>) {
    let Some(dir) = default_dir() else {
        return (None, None);
    };
    match open_dir(&dir, ruleset, report) {
        Ok(db) => (Some(db), None),
        Err(error) => match error.downcast_ref::<EgdbError>() {
            Some(EgdbError::NotFound { .. }) => (None, None),
            Some(cause) => (
                None,
                Some(format!(
                    "the endgame database in {} is not used: {cause}; going on without it (check it with `oware egdb verify --dir {}`)",
                    dir.display(),
                    dir.display()
                )),
            ),
            None => (None, Some(format!("{error:#}"))),
        },
    }
}

/// The database as the search takes it.
pub(crate) fn for_search(db: Option<&Arc<Database>>) -> Option<Arc<dyn Endgame>> {
    db.map(|db| Arc::clone(db) as Arc<dyn Endgame>)
}

/// The result in words, with the seat names: `South can force a win`.
pub(crate) fn verdict(value: EndgameValue, position: &Position) -> String {
    let mover = position.to_move();
    let result = value.result(position);
    if let EndgameResult::Open { lo, hi } = result {
        return format!("{mover} ends with {lo} to {hi} seeds, as endless play is scored");
    }
    match Verdict::of_endgame(result, mover).map(|verdict| verdict.winner) {
        Some(Winner::Seat(seat)) => format!("{seat} can force a win"),
        _ => "a draw with best play".to_owned(),
    }
}

/// A value in net seeds: `+6`, or `-2 to +4` when the bounds differ.
pub(crate) fn net(value: EndgameValue) -> String {
    if value.lo == value.hi {
        format!("{:+}", value.lo)
    } else {
        format!("{:+} to {:+}", value.lo, value.hi)
    }
}

/// Under a board inside the database: the [`describe`] line, and who can
/// force a win (or that best play draws) when the database says so for the
/// game being played.
pub(crate) fn under_board(db: &Database, game: &Game) -> Option<(String, Option<Verdict>)> {
    let line = describe(db, game)?;
    let verdict = probe_game(db, game).and_then(|value| {
        let position = game.position();
        Verdict::of_endgame(value.result(&position), position.to_move())
    });
    Some((line, verdict))
}

/// The line under a board inside the database:
/// `endgame database: South can force a win (value +6 of 14)`, or, where an
/// earlier position of the game can come back and the database's value is
/// no fact about it, a line that says so.
pub(crate) fn describe(db: &Database, game: &Game) -> Option<String> {
    let position = game.position();
    if game.outcome().is_some() || !Endgame::fits(db, &game.rules()) {
        return None;
    }
    let board = position.board();
    let n = board.seeds_on_side(Seat::South) + board.seeds_on_side(Seat::North);
    let Some(value) = probe_game(db, game) else {
        Endgame::probe(db, &position)?;
        return Some(
            "endgame database: no claim here: a position since the last capture can come back and end the game by repetition, so the search decides"
                .to_owned(),
        );
    };
    Some(format!(
        "endgame database: {} (value {} of {n} for {})",
        verdict(value, &position),
        net(value),
        position.to_move()
    ))
}

/// The database's value of each legal move where it is a fact (see
/// [`oware_search::probe_game_moves`]): `F +3, A -1 to +1`; `None` when no
/// move has one.
pub(crate) fn each_move(db: &Database, game: &Game) -> Option<String> {
    let values: Vec<String> = oware_search::probe_game_moves(db, game)
        .into_iter()
        .filter_map(|(house, value)| value.map(|value| format!("{house} {}", net(value))))
        .collect();
    (!values.is_empty()).then(|| values.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{Board, Rules};

    #[test]
    fn describes_a_won_position() {
        let db = Database::build(Ruleset::Abapa, 3);
        // South's F (1 seed) takes North's lone two-seed house... here
        // South holds 24 and captures 2: a win.
        let board = Board::from_cells([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 24, 21]).unwrap();
        let game = Game::from_position(Position::new(board, Seat::South), Rules::ABAPA);
        assert_eq!(
            describe(&db, &game).unwrap(),
            "endgame database: South can force a win (value +3 of 3 for South)"
        );
        let flipped = Game::from_position(Position::new(board, Seat::North), Rules::ABAPA);
        let line = describe(&db, &flipped).unwrap();
        assert!(line.starts_with("endgame database: "), "{line}");
    }
}
