//! `oware match`: a match between two engines, the front end of the
//! `oware-match` crate (which also runs `cargo lab ladder` and `tune`).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use oware_core::{Record, Rules};
use oware_match::stats::Sprt;
use oware_match::{
    Budget, Ending, EngineKind, EngineSpec, GameRecord, Match, SavedErrorKind, Scored, Settings,
    Summary, TimeControl, random_openings, read_ogn_openings, read_openings, read_saved,
    resume_while, write_game,
};

use crate::input_file;
use crate::output_file;
use crate::ranges;
use crate::stdout::outln;
use crate::style::Style;

/// Play a match between two engines and report the score, Elo and SPRT.
///
/// Engines are programs speaking the engine protocol (`oware uci` speaks
/// it) or levels of the built-in engine, each given by --engine:
///
///   --engine "cmd=oware uci,name=A,option.Hash=64,movetime=100"
///   --engine "oware uci,name=B"
///   --engine "cmd=./my-engine --flag,tc=10+0.1"
///   --engine "cmd=oware uci,level=14"   (the level's depth and time)
///   --engine level:17                   (in this process, the level's own limits)
///
/// Keys: cmd=PROGRAM ARGS… (split on blanks; `cmd=` may be left out
/// when the command comes first), name=, option.NAME=VALUE
/// (sent as `setoption name NAME value VALUE`), level=N, and the engine's
/// own limits depth=, nodes=, movetime=MS, tc=SECONDS+INCREMENT, which take
/// the place of --movetime/--tc for it. Programs are told the rule set as
/// `setoption name Rules value R`. An option a program refuses (it answers
/// `info string error …`) stops the match before the first game.
///
/// Each opening is played twice, colours swapped. An engine that crashes,
/// hangs, answers garbage or an illegal move, or runs past its time plus
/// --margin forfeits the game (logged with the reason), is restarted, and
/// the match goes on.
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub(crate) struct Args {
    /// An engine (give exactly two): cmd=…,name=…,option.X=…, or level:N.
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    engines: Vec<EngineSpec>,
    /// The most games to play (each opening twice).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = ranges::GAMES.parser::<usize>())]
    games: usize,
    /// The rules (RULES.md section 7).
    #[arg(long, value_name = "R", default_value = "abapa", value_parser = crate::rule_names::rules())]
    rules: Rules,
    /// Openings of K random moves (from --seed); ignored with --openings.
    #[arg(long, value_name = "K", default_value_t = 4, value_parser = ranges::RANDOM_PLIES.parser::<usize>())]
    random_plies: usize,
    /// A file of openings: one transcript a line (`EcAb`; # starts a
    /// comment), or OGN records (each one's moves, from its FEN if set up).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The seed of the random openings and of the levels' noise.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Milliseconds per move, for every engine without its own limits.
    #[arg(long, value_name = "MS", conflicts_with = "tc")]
    movetime: Option<u64>,
    /// A clock, SECONDS+INCREMENT (e.g. 10+0.1), sent as go wtime/btime/winc/binc.
    #[arg(long, value_name = "TC")]
    tc: Option<TimeControl>,
    /// Milliseconds a move may run over its time before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    margin: u64,
    /// Milliseconds to wait for a move, or for `uciok`/`readyok`, when no time is set.
    #[arg(long, value_name = "MS", default_value_t = 30_000)]
    timeout: u64,
    /// Plies after which a game is adjudicated by the seeds each side holds.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = ranges::MAX_PLIES.parser::<usize>())]
    max_plies: usize,
    /// Games played at once, each with its own engine processes.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = ranges::CONCURRENCY.parser::<usize>())]
    concurrency: usize,
    /// Write every game to FILE as it ends, as an OGN record: the engines
    /// as South and North, the time control, the result, how it ended.
    /// A FILE that holds games already is not overwritten: give --resume.
    /// Each record is written whole or not at all: a write that fails (a
    /// full disk) stops the match at once, the games before it kept.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Go on with the match saved in --save FILE, stopped before its end:
    /// its games (which must be this match's: the same engine names, rules,
    /// time control and openings, rounds within --games) count as if just
    /// played, and only the games not in it are played, added to it. Only
    /// those are checked: give the same engine programs and options,
    /// --seed and --max-plies too, or the tally mixes two matches. A last
    /// record cut short (a match killed while saving it) is dropped, said,
    /// and its game played again.
    #[arg(long, requires = "save")]
    resume: bool,
    /// Stop when the test is decided: "elo0=0 elo1=10 alpha=0.05 beta=0.05"
    /// (pentanomial log-likelihood ratio, as fastchess and fishtest).
    #[arg(long, value_name = "TEST")]
    sprt: Option<Sprt>,
    /// When output is not a terminal, a progress line every N games.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = ranges::PROGRESS_EVERY.parser::<usize>())]
    progress_every: usize,
}

/// Runs `oware match`.
pub(crate) fn run(args: &Args) -> Result<()> {
    let [first, second] = args.engines.as_slice() else {
        bail!(
            "a match needs exactly two --engine options, found {}",
            args.engines.len()
        );
    };
    let default = Budget {
        movetime: args.movetime.map(Duration::from_millis),
        clock: args.tc,
        ..Budget::default()
    };
    let handshake = Duration::from_millis(args.timeout);
    let mut contestants =
        [first, second].map(|spec| spec.contestant(default, args.rules, args.seed, handshake));
    for (spec, contestant) in [first, second].iter().zip(&contestants) {
        if matches!(spec.kind, EngineKind::Process(_)) && contestant.budget.is_empty() {
            bail!(
                "engine {} has no limits: give --movetime or --tc, or depth=, nodes=, movetime=, tc= or level= in its --engine",
                contestant.name
            );
        }
    }
    if contestants[0].name == contestants[1].name {
        for (contestant, n) in contestants.iter_mut().zip(1..) {
            contestant.name = format!("{} {n}", contestant.name);
        }
    }
    for contestant in &contestants {
        contestant.check_start().map_err(anyhow::Error::msg)?;
    }
    let pairs = args.games.div_ceil(2).max(1);
    let openings = match &args.openings {
        Some(path) => {
            let text = input_file::read_file(path)
                .with_context(|| format!("reading {}", path.display()))?;
            // Records or transcripts, told apart by the text as everywhere.
            let openings = if input_file::holds_record(&text) {
                read_ogn_openings(&text, args.rules)
            } else {
                read_openings(&text, args.rules)
            };
            openings.with_context(|| format!("{}", path.display()))?
        }
        None => random_openings(
            args.rules,
            pairs,
            args.random_plies..=args.random_plies,
            args.seed,
        ),
    };
    let names = [contestants[0].name.clone(), contestants[1].name.clone()];
    let names = [names[0].as_str(), names[1].as_str()];
    let m = Match {
        contestants,
        openings,
        games: args.games,
        concurrency: args.concurrency,
        settings: Settings {
            margin: Some(Duration::from_millis(args.margin)),
            hang_timeout: Duration::from_millis(args.timeout),
            max_plies: Some(args.max_plies),
        },
        sprt: args.sprt,
    };
    let (mut save, saved) = match &args.save {
        Some(path) => {
            let (file, saved) = open_save(path, args.resume, &m)?;
            (Some(file), saved)
        }
        None => (None, Vec::new()),
    };
    let resumed = match &args.save {
        Some(path) if args.resume => format!(", {} resumed from {}", saved.len(), path.display()),
        _ => String::new(),
    };
    let rules = args.rules;
    outln!(
        "match: {} against {}, {} games at most, {rules} rules, concurrency {}{resumed}",
        names[0],
        names[1],
        args.games,
        args.concurrency
    );
    let in_place = Style::for_stdout().cursor;
    let started = Instant::now();
    let mut save_error = None;
    let mut out = io::stdout().lock();
    let summary = resume_while(&m, &saved, &mut |record: &GameRecord, summary: &Summary| {
        if let Some(save) = &mut save
            && let Err(error) = save.add(record)
        {
            save_error = Some(error);
            return ControlFlow::Break(());
        }
        let progress = summary.progress(names, args.games, args.sprt.as_ref());
        // A closed stdout is noticed at the end; the match itself goes on.
        if let Ending::Forfeit { seat, fault } = &record.result.ending {
            let _ = writeln!(
                out,
                "{}game {}: {} ({seat}) forfeits: {fault}",
                if in_place { "\r\x1b[K" } else { "" },
                record.index + 1,
                record.names[*seat],
            );
        }
        if in_place {
            let _ = write!(out, "\r\x1b[K{progress}");
            let _ = out.flush();
        } else if summary.games.is_multiple_of(args.progress_every) {
            let _ = writeln!(out, "{progress}");
        }
        ControlFlow::Continue(())
    });
    if in_place {
        writeln!(out)?;
    }
    let played = summary.games - saved.len();
    writeln!(
        out,
        "\n{}{played} games in {:.1} s",
        summary.table(names, args.sprt.as_ref()),
        started.elapsed().as_secs_f64()
    )?;
    if let Some(error) = save_error {
        return Err(error);
    }
    Ok(())
}

/// The file `--save` adds the match's games to.
struct SaveFile {
    /// The path as given, for messages.
    path: PathBuf,
    file: File,
    /// The length of the file up to the last record written whole.
    length: u64,
    /// The games it holds whole.
    games: usize,
}

impl SaveFile {
    /// Adds the record of a game whole, or not at all: a write that fails
    /// is cut back to the records before it, and the error names the file.
    fn add(&mut self, record: &GameRecord) -> Result<()> {
        let mut bytes = Vec::new();
        write_game(&mut bytes, record).expect("writing to memory never fails");
        let written = self.file.write_all(&bytes).and_then(|()| self.file.flush());
        if let Err(error) = written {
            // The file may hold the first part of the record: cut it, so the
            // file ends with the last game saved whole.
            let _ = self.file.set_len(self.length);
            let games = self.games;
            return Err(error).with_context(|| {
                format!(
                    "cannot save game {} to {}; the match stops here, the file keeps its {games} whole game{} (--resume goes on from them)",
                    record.index + 1,
                    self.path.display(),
                    if games == 1 { "" } else { "s" },
                )
            });
        }
        self.length += bytes.len() as u64;
        self.games += 1;
        Ok(())
    }
}

/// The save file, to write the match's games to as they end, and the games
/// it holds when the match is resumed. A file that holds anything is never
/// overwritten: without `resume` it is refused, with it the games are read
/// back, checked against `m`, and the new ones added after them. A last
/// record a match began and never finished is cut off, and said.
fn open_save(path: &Path, resume: bool, m: &Match) -> Result<(SaveFile, Vec<Scored>)> {
    // Games are added as they end, so this file is not replaced whole as
    // others are; what is checked before the match is the same.
    let target = output_file::check_place(path, "--save")?;
    output_file::refuse_read_only(&target, path)?;
    let mut text = match input_file::read_file(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let holds = !text.trim().is_empty();
    if holds && !resume {
        let games = Record::read_each(&text).take_while(Result::is_ok).count();
        if games == 0 {
            bail!(
                "{} is not empty, and holds no saved game: give another --save file",
                path.display()
            );
        }
        bail!(
            "{} already holds {games} game{} of a match: give --resume to continue it, or another --save file",
            path.display(),
            if games == 1 { "" } else { "s" }
        );
    }
    let mut cut = None;
    let saved = loop {
        match read_saved(&text, m) {
            Ok(saved) => break saved,
            Err(error) => {
                let line = error.line;
                if cut.is_none()
                    && let Some(at) = cut_short_at(&text, &error.kind, line)
                {
                    text.truncate(at);
                    cut = Some((line, error.round, at));
                    continue;
                }
                if cut.is_none() && !holds_match_record(&text) {
                    let first = text.lines().find(|line| !line.trim().is_empty());
                    let excerpt: String = first.unwrap_or("").trim().chars().take(40).collect();
                    bail!(
                        "{} holds no game of a match (it begins `{excerpt}`): give the file a match saved to, or another --save file",
                        path.display()
                    );
                }
                return Err(error).with_context(|| format!("resuming from {}", path.display()));
            }
        }
    };
    let mut file = if holds {
        OpenOptions::new().append(true).open(path)
    } else {
        File::create(path)
    }
    .with_context(|| format!("opening {}", path.display()))?;
    if let Some((line, round, at)) = cut {
        // The byte-order mark the text was read without is still in the file.
        let at = at as u64 + bom_length(path);
        file.set_len(at)
            .with_context(|| format!("cutting the last record off {}", path.display()))?;
        let round = round.map_or(String::new(), |round| format!(" (round {round})"));
        eprintln!(
            "oware: {}: the last record, from line {line}{round}, was cut short by a match stopped while saving it: dropped, and its game is played again",
            path.display()
        );
    }
    // The last record read whole but cut before the blank line after it:
    // the next one starts on a line of its own.
    if holds && !text.is_empty() && !text.ends_with("\n\n") {
        let part = if text.ends_with('\n') { "\n" } else { "\n\n" };
        file.write_all(part.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let length = file
        .metadata()
        .with_context(|| format!("reading {}", path.display()))?
        .len();
    let save = SaveFile {
        path: path.to_owned(),
        file,
        length,
        games: saved.len(),
    };
    Ok((save, saved))
}

/// The tag every record a match writes has among its first.
const MATCH_EVENT: &str = "[Event \"oware match\"]";

/// Whether `text` holds a record a match wrote.
fn holds_match_record(text: &str) -> bool {
    text.lines().any(|line| line.trim() == MATCH_EVENT)
}

/// Where to cut `text` when its last record, beginning on `line`, is one a
/// match began and never finished (`kind` says it is cut short or damaged,
/// and no record follows): the byte its line starts at. `None` for any
/// other fault, and for a record a match did not write.
fn cut_short_at(text: &str, kind: &SavedErrorKind, line: usize) -> Option<usize> {
    let last = match kind {
        SavedErrorKind::CutShort { last } | SavedErrorKind::Unreadable { last, .. } => *last,
        _ => false,
    };
    let at: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    // Its tags (all a cut may have left) name a match's game.
    let begun = text[at..]
        .lines()
        .take_while(|line| line.starts_with('['))
        .any(|line| line.trim() == MATCH_EVENT);
    (last && begun).then_some(at)
}

/// The length of the byte-order mark the file at `path` starts with: 3 or 0.
fn bom_length(path: &Path) -> u64 {
    let mut head = [0; 3];
    let read = File::open(path).and_then(|mut file| io::Read::read_exact(&mut file, &mut head));
    match read {
        Ok(()) if head == [0xef, 0xbb, 0xbf] => 3,
        _ => 0,
    }
}
