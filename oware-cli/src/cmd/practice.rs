//! `oware practice`: endgame practice against perfect defence. Here are
//! the options, which position is practised (the next ending of a grade,
//! one by id, or any position given) and the database that decides it
//! (the installed one, or one built in memory for a few seeds); the
//! session at the prompt is [`session`], the endings won [`progress`].

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use oware_core::{Position, Rules};
use oware_egdb::{Database, Extent, Ruleset};
use oware_puzzle::{GRADES, Grade, NoPractice, Practice, PuzzleSet, id_of, seeds_on_board};

use crate::endgame::estimate::Speed;
use crate::endgame::{self, install, on_stderr};
use crate::start::{StartArgs, game_from};
use crate::style::Style;

mod progress;
mod session;

use progress::Progress;

/// Endgame practice: win a position the endgame database decides, against
/// its perfect defence.
///
/// You play the side to move, for the database's result: a win, or where
/// the best is a draw, the draw. The database defends, keeping the most
/// seeds it can (the longest resistance). The moment a move of yours is
/// proved to let the result slip, it is said, and `retry` takes you back
/// to the last position where the result was proved in hand. Type a house
/// letter, or hint, retry, quit; moves may be piped on stdin, one a line.
///
/// Without options: the next ending you have not won, of the lowest grade
/// you have not finished; the endings are the shipped puzzles' starts,
/// graded by the seeds on the board, easiest first. The endings won are
/// kept in $XDG_DATA_HOME/oware/practice.txt (else
/// ~/.local/share/oware/practice.txt).
///
/// The installed endgame database is used (`oware egdb build` installs one
/// to 20 seeds); without it, positions of up to 12 seeds on the board are
/// practised with a database built in memory, in a few seconds at most.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Show the grades: how many endings each has and how many you have won.
    #[arg(long, conflicts_with_all = ["grade", "id", "rules", "moves", "board", "fen", "to_move"])]
    list: bool,
    /// The grade, by seeds on the board: 1 (2 to 6 seeds), 2 (7 to 9), 3
    /// (10 to 12), 4 (13 to 16), 5 (17 to 20) [default: the lowest you have
    /// not finished].
    #[arg(long, value_name = "1..5", value_parser = clap::value_parser!(u8).range(1..=5))]
    #[arg(conflicts_with_all = ["id", "rules", "moves", "board", "fen", "to_move"])]
    grade: Option<u8>,
    /// The ending with this id: a puzzle of the shipped set, as `oware
    /// puzzle list` shows it, played from its start to the end.
    #[arg(long, value_name = "ID", conflicts_with_all = ["rules", "moves", "board", "fen", "to_move"])]
    id: Option<String>,
    /// The rules of a position given (RULES.md section 7) [default: abapa].
    #[arg(long, value_name = "R", value_parser = crate::rule_names::rules())]
    rules: Option<Rules>,
    /// Practise the position after these moves from the start (the
    /// opening, --board or --fen), as a fresh game from there.
    #[arg(long, value_name = "TRANSCRIPT")]
    moves: Option<String>,
    /// Practise a position of your own: a board or a fen, and the seat to
    /// move.
    #[command(flatten)]
    start: StartArgs,
}

/// The most seeds on the board for which a database missing from the
/// installed one is built in memory: 12 take 2 to 6 s on a shared
/// 2-core machine (docs/guide.md), and each seed more 1.5 to 2 times as long.
const IN_MEMORY_SEEDS: u8 = 12;

/// A position to practise and what it is called.
struct Ending {
    start: Position,
    rules: Rules,
    /// `ending 4s2fmt, grade 1 (2 to 6 seeds)`, or `your position`.
    name: String,
    /// The grade, for an ending of the set.
    grade: Option<(usize, Grade)>,
}

/// Runs `oware practice`.
pub(crate) fn run(args: &Args) -> Result<()> {
    if args.start.board.as_deref() == Some(std::path::Path::new("-")) {
        bail!(
            "--board - names stdin, where practice reads the moves, and stdin can be read only once: give a file"
        );
    }
    let path = progress::default_path()
        .context("no place for your practice progress: set HOME or XDG_DATA_HOME")?;
    let mut progress = Progress::read(&path)?;
    let set = PuzzleSet::shipped();
    if args.list {
        list(&set, &progress);
        return Ok(());
    }
    let own = args.rules.is_some() || args.moves.is_some() || !args.start.is_opening();
    let candidates = if own {
        let rules = args.rules.unwrap_or_default();
        let game = game_from(args.start.position()?, rules, args.moves.as_deref())?;
        // Said once the position is accepted: only then does it matter.
        let name = match oware_search::database_applies(&game) {
            true => "your position",
            false => "your position, as a fresh game (the moves before it are not kept)",
        };
        vec![Ending {
            start: game.position(),
            rules,
            name: name.to_owned(),
            grade: None,
        }]
    } else if let Some(id) = &args.id {
        let puzzle = set.by_id(id).with_context(|| {
            format!("no ending has the id `{id}` (oware puzzle list shows them)")
        })?;
        vec![ending(puzzle.start(), puzzle.rules())]
    } else {
        let grades: Vec<usize> = match args.grade {
            Some(n) => vec![usize::from(n) - 1],
            None => (0..GRADES.len()).collect(),
        };
        let mut candidates = Vec::new();
        for n in grades {
            candidates.extend(
                set.endings(GRADES[n])
                    .into_iter()
                    .filter(|p| !progress.won.contains(&p.id()))
                    .map(|p| ending(p.start(), p.rules())),
            );
        }
        if candidates.is_empty() {
            match args.grade {
                Some(n) => println!(
                    "Every ending of grade {n} ({}) is won: try another with --grade, or any position with --fen.",
                    GRADES[usize::from(n) - 1]
                ),
                None => println!("Every ending is won: practise any position with --fen."),
            }
            return Ok(());
        }
        candidates
    };
    let single = own || args.id.is_some();
    let mut databases = Databases::default();
    let mut skipped = 0;
    for ending in candidates {
        let seeds = seeds_on_board(&ending.start);
        // A grade's database is built once for all its endings.
        let needed = ending
            .grade
            .map_or(seeds, |(_, grade)| grade.most.max(seeds));
        let db = databases.fitting(&ending.rules, seeds, needed)?;
        let practice = match Practice::new(db.as_ref(), ending.start, ending.rules) {
            Ok(practice) => practice,
            Err(refusal) if single => bail!("{refusal}"),
            // An ending whose result the database's bounds leave open is
            // skipped: the next one is played.
            Err(NoPractice::Open(_) | NoPractice::Lost(_) | NoPractice::Over) => {
                skipped += 1;
                continue;
            }
            Err(refusal) => bail!("{}: {refusal}", ending.name),
        };
        let stdin = io::stdin();
        let echo = !stdin.is_terminal();
        let style = if echo {
            Style::PLAIN
        } else {
            Style::for_stdout()
        };
        let id = id_of(ending.rules, ending.start);
        let mut won = || -> Result<String> {
            progress.won.insert(id.clone());
            progress
                .write(&path)
                .context("the ending is won, but not recorded")?;
            Ok(grade_line(&set, &progress, ending.grade))
        };
        return session::run(
            session::Setup {
                practice,
                db: db.as_ref(),
                name: &ending.name,
                style,
                echo,
                won: &mut won,
            },
            &mut stdin.lock(),
            &mut io::stdout().lock(),
        );
    }
    // Only endings the database cannot settle are left.
    let grade = match args.grade {
        Some(n) => format!("of grade {n} ({}) ", GRADES[usize::from(n) - 1]),
        None => String::new(),
    };
    println!(
        "Every ending {grade}the database settles is won ({skipped} it cannot settle are left out): practise any position with --fen."
    );
    Ok(())
}

/// An ending of the set, named with its grade.
fn ending(start: Position, rules: Rules) -> Ending {
    let seeds = seeds_on_board(&start);
    let grade = GRADES
        .iter()
        .position(|g| g.holds(seeds))
        .map(|n| (n, GRADES[n]));
    let id = id_of(rules, start);
    let name = match grade {
        Some((n, grade)) => format!("ending {id}, grade {} ({grade})", n + 1),
        None => format!("ending {id}"),
    };
    Ending {
        start,
        rules,
        name,
        grade,
    }
}

/// `Grade 1 (2 to 6 seeds): 4 of 400 endings won.`, after a win; empty
/// for a position outside the grades.
fn grade_line(set: &PuzzleSet, progress: &Progress, grade: Option<(usize, Grade)>) -> String {
    let Some((n, grade)) = grade else {
        return String::new();
    };
    let endings = set.endings(grade);
    let won = endings
        .iter()
        .filter(|p| progress.won.contains(&p.id()))
        .count();
    format!(
        "Grade {} ({grade}): {won} of {} endings won.",
        n + 1,
        endings.len()
    )
}

/// `oware practice --list`.
fn list(set: &PuzzleSet, progress: &Progress) {
    println!("grade  seeds on the board  endings  won");
    for (n, grade) in GRADES.iter().enumerate() {
        let endings = set.endings(*grade);
        let won = endings
            .iter()
            .filter(|p| progress.won.contains(&p.id()))
            .count();
        println!(
            "{:>5}  {:<18}  {:>7}  {won:>3}",
            n + 1,
            grade.to_string(),
            endings.len()
        );
    }
}

/// The databases of a session: the installed one, opened once, and one
/// built in memory where it does not hold the seeds.
#[derive(Default)]
struct Databases {
    installed: Option<(Ruleset, Option<Arc<Database>>)>,
    built: Option<Arc<Database>>,
}

impl Databases {
    /// A database right for `rules` that holds `seeds` on the board: the
    /// installed one, else one built in memory to `needed` seeds (with a
    /// line that says so and how long it took), when that is no more than
    /// [`IN_MEMORY_SEEDS`].
    fn fitting(&mut self, rules: &Rules, seeds: u8, needed: u8) -> Result<Arc<Database>> {
        let ruleset = Ruleset::fitting(rules).with_context(|| {
            format!(
                "no endgame database is right for {rules}: {}; nothing to practise",
                Ruleset::where_each_fits()
            )
        })?;
        if self.installed.as_ref().is_none_or(|(r, _)| *r != ruleset) {
            let (db, note) = endgame::open_default(ruleset, on_stderr);
            if let Some(note) = note {
                on_stderr(&note);
            }
            self.installed = Some((ruleset, db));
        }
        let installed = self.installed.as_ref().and_then(|(_, db)| db.as_ref());
        if let Some(db) = installed.filter(|db| db.max_seeds() >= seeds) {
            return Ok(Arc::clone(db));
        }
        if let Some(db) = self
            .built
            .as_ref()
            .filter(|db| db.ruleset() == ruleset && db.max_seeds() >= seeds)
        {
            return Ok(Arc::clone(db));
        }
        let default = Extent::DEFAULT.max_seeds;
        if seeds > default && installed.is_none_or(|db| db.max_seeds() < seeds) {
            bail!(
                "{seeds} seeds on the board: practice is for the positions an endgame database decides, and the one `oware egdb build` installs holds up to {default} seeds (`{}` builds a larger one; `oware egdb status` says what it would take)",
                install::build_command(ruleset, Some(seeds), None)
            );
        }
        if seeds > IN_MEMORY_SEEDS {
            let have = match installed {
                Some(db) => format!(
                    "the endgame database installed holds up to {} seeds",
                    db.max_seeds()
                ),
                None => match endgame::default_dir() {
                    Some(dir) => format!("no endgame database is installed in {}", dir.display()),
                    None => format!("no endgame database is installed ({})", endgame::UNSET),
                },
            };
            let dir = endgame::default_dir();
            bail!(
                "{seeds} seeds on the board: {have}, and one of more than {IN_MEMORY_SEEDS} seeds takes too long to build for a game; {}",
                install::how_to_install(ruleset, None, Speed::measured(dir.as_deref(), ruleset))
            );
        }
        let needed = needed.clamp(seeds, IN_MEMORY_SEEDS);
        let started = Instant::now();
        let db = Arc::new(Database::build(ruleset, needed));
        println!(
            "(the {ruleset} endgame database to {needed} seeds, built in memory in {:.1} s: none installed holds this position)",
            started.elapsed().as_secs_f64()
        );
        self.built = Some(Arc::clone(&db));
        Ok(db)
    }
}
