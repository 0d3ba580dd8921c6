//! `oware match`: a match between two engines, the front end of the
//! `oware-match` crate (which also runs `cargo lab ladder` and `tune`).

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use oware_core::{Record, Rules};
use oware_match::stats::Sprt;
use oware_match::{
    Budget, Ending, EngineKind, EngineSpec, GameRecord, Match, Scored, Settings, Summary,
    TimeControl, random_openings, read_ogn_openings, read_openings, read_saved, resume, write_game,
};

use crate::input_file;
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
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Go on with the match saved in --save FILE, stopped before its end:
    /// its games (which must be this match's: the same engine names, rules,
    /// time control and openings, rounds within --games) count as if just
    /// played, and only the games not in it are played, added to it. Only
    /// those are checked: give the same engine programs and options,
    /// --seed and --max-plies too, or the tally mixes two matches.
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
    let summary = resume(&m, &saved, &mut |record: &GameRecord, summary: &Summary| {
        if let Some(file) = &mut save
            && save_error.is_none()
            && let Err(e) = write_game(file, record).and_then(|()| file.flush())
        {
            save_error = Some(e);
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
    if let Some(e) = save_error {
        let path = args.save.as_ref().expect("a save file");
        return Err(e).with_context(|| format!("writing {}", path.display()));
    }
    Ok(())
}

/// The save file, to write the match's games to as they end, and the games
/// it holds when the match is resumed. A file that holds anything is never
/// overwritten: without `resume` it is refused, with it the games are read
/// back, checked against `m`, and the new ones added after them.
fn open_save(path: &Path, resume: bool, m: &Match) -> Result<(BufWriter<File>, Vec<Scored>)> {
    // Games are added as they end, so this file is not replaced whole as
    // others are; what is checked before the match is the same.
    crate::output_file::check_place(path, "--save")?;
    let text = match input_file::read_file(path) {
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
    let saved =
        read_saved(&text, m).with_context(|| format!("resuming from {}", path.display()))?;
    let mut file = if holds {
        OpenOptions::new().append(true).open(path)
    } else {
        File::create(path)
    }
    .with_context(|| format!("opening {}", path.display()))?;
    // The last record read whole but cut before the blank line after it:
    // the next one starts on a line of its own.
    if holds && !text.ends_with("\n\n") {
        let part = if text.ends_with('\n') { "\n" } else { "\n\n" };
        file.write_all(part.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok((BufWriter::new(file), saved))
}
