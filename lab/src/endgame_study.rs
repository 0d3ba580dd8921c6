//! `cargo lab endgame-study`: how a match's long games ended against
//! what the endgame database says of them.
//!
//! For each game of the files (`oware match --save`) longer than
//! `--min-plies`, the first position whose database value is a fact of the
//! game (`oware_search::probe_game`: within the database's seeds, the
//! rules fitting, nothing sown since the last capture) is where the game
//! entered the database. Its value (a win for one side, a draw, or open
//! where the bounds do not decide) is set against how the game ended, for
//! the judged engine (`--engine`, by default the match's first: the first
//! game's South): a win the database gave it that it did not take is a
//! missed win, a draw it then lost a misjudged draw.

use std::path::{Path, PathBuf};

use anyhow::Context;
use oware_core::{Game, Seat, Winner};
use oware_match::{SavedGame, read_games};
use oware_search::{Endgame, probe_game};

/// The flags of `cargo lab endgame-study`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Files of games saved by `oware match --save`.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The abapa endgame database directory (`oware egdb build --rules abapa`), to as many seeds as it holds.
    #[arg(long, value_name = "DIR")]
    egdb: PathBuf,
    /// Only games longer than this many plies are studied.
    #[arg(long, default_value_t = 150)]
    min_plies: usize,
    /// The engine whose play is judged, by its name in the files (default: the first game's South).
    #[arg(long, value_name = "NAME")]
    engine: Option<String>,
}

/// What the database said where a game entered it, for the judged engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It could force a win.
    Win,
    /// Both could force a draw.
    Draw,
    /// Its opponent could force a win.
    Loss,
    /// The bounds do not decide (it hangs on how endless play would end).
    Open,
}

/// How a game ended for the judged engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    Won,
    Drew,
    Lost,
}

/// One studied game: where it entered the database, if it did.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Entry {
    /// The game's round in its match.
    pub(crate) round: usize,
    /// Its plies in all.
    pub(crate) plies: usize,
    /// The ply of its first position the database speaks for, that
    /// position's seeds in play, and the database's verdict there.
    pub(crate) entered: Option<(usize, u8, Verdict)>,
    /// The same for its first position the database decides (its
    /// verdict not open).
    pub(crate) decided: Option<(usize, u8, Verdict)>,
    /// How it ended for the judged engine.
    pub(crate) ending: Ending,
}

/// The game's ending for `engine` (a seat's name), or `None` if it did not play.
fn ending(saved: &SavedGame, engine: &str) -> Option<(Seat, Ending)> {
    let seat = Seat::ALL
        .into_iter()
        .find(|&seat| saved.names[seat] == engine)?;
    let ending = match saved.winner {
        Some(winner) if winner == seat => Ending::Won,
        Some(_) => Ending::Lost,
        None => Ending::Drew,
    };
    Some((seat, ending))
}

/// Studies one game for the engine at `seat`: replays it until the
/// database decides a position.
pub(crate) fn study(endgame: &dyn Endgame, saved: &SavedGame, seat: Seat, ending: Ending) -> Entry {
    let mut game = Game::from_position(saved.game.start(), saved.game.rules());
    let moves = saved.game.moves();
    let (mut entered, mut decided) = (None, None);
    for ply in 0..=moves.len() {
        if let Some(value) = probe_game(endgame, &game) {
            let position = game.position();
            let board = position.board();
            let in_play = board.seeds_on_side(Seat::South) + board.seeds_on_side(Seat::North);
            let verdict = match value.result(&position).winner(position.to_move()) {
                Some(Winner::Seat(winner)) if winner == seat => Verdict::Win,
                Some(Winner::Seat(_)) => Verdict::Loss,
                Some(Winner::Draw) => Verdict::Draw,
                None => Verdict::Open,
            };
            entered = entered.or(Some((ply, in_play, verdict)));
            if verdict != Verdict::Open {
                decided = Some((ply, in_play, verdict));
                break;
            }
        }
        if let Some(&house) = moves.get(ply) {
            game.play(house).expect("a saved game's moves are legal");
        }
    }
    Entry {
        round: saved.round,
        plies: moves.len(),
        entered,
        decided,
        ending,
    }
}

/// What a verdict and an ending together say, for the summary.
fn judgement(verdict: Verdict, ending: Ending) -> &'static str {
    match (verdict, ending) {
        (Verdict::Win, Ending::Won) => "won, as the database says",
        (Verdict::Win, Ending::Drew) => "missed win: drawn",
        (Verdict::Win, Ending::Lost) => "missed win: lost",
        (Verdict::Draw, Ending::Won) => "a draw won (the opponent erred)",
        (Verdict::Draw, Ending::Drew) => "drawn, as the database says",
        (Verdict::Draw, Ending::Lost) => "misjudged draw: lost",
        (Verdict::Loss, Ending::Won) => "a loss won (the opponent missed its win)",
        (Verdict::Loss, Ending::Drew) => "a loss drawn (the opponent missed its win)",
        (Verdict::Loss, Ending::Lost) => "lost, as the database says",
        (Verdict::Open, _) => "open",
    }
}

/// The order the summary lists judgements in.
const JUDGEMENTS: [&str; 9] = [
    "won, as the database says",
    "drawn, as the database says",
    "lost, as the database says",
    "missed win: drawn",
    "missed win: lost",
    "misjudged draw: lost",
    "a draw won (the opponent erred)",
    "a loss won (the opponent missed its win)",
    "a loss drawn (the opponent missed its win)",
];

/// The summary's lines for one file's entries: each judgement where the
/// database first decided, with its count (and rounds, for the judged
/// engine's mistakes), then the games it never decided.
pub(crate) fn summary(entries: &[Entry]) -> Vec<String> {
    let mut lines = Vec::new();
    for name in JUDGEMENTS {
        let rounds: Vec<String> = entries
            .iter()
            .filter(|e| {
                e.decided
                    .is_some_and(|(_, _, v)| judgement(v, e.ending) == name)
            })
            .map(|e| e.round.to_string())
            .collect();
        if !rounds.is_empty() {
            // The rounds of the judged engine's mistakes; for the rest,
            // how many were open where they entered the database.
            let shown = if name.starts_with("missed") || name.starts_with("misjudged") {
                format!(" (rounds {})", rounds.join(", "))
            } else {
                let open = entries
                    .iter()
                    .filter(|e| {
                        e.decided
                            .is_some_and(|(_, _, v)| judgement(v, e.ending) == name)
                            && e.entered.is_some_and(|(_, _, v)| v == Verdict::Open)
                    })
                    .count();
                format!(" ({open} open where they entered)")
            };
            lines.push(format!("{:>5}  {name}{shown}", rounds.len()));
        }
    }
    let open: Vec<Ending> = entries
        .iter()
        .filter(|e| e.entered.is_some() && e.decided.is_none())
        .map(|e| e.ending)
        .collect();
    if !open.is_empty() {
        let count = |ending| open.iter().filter(|&&e| e == ending).count();
        lines.push(format!(
            "{:>5}  open to the end: the bounds never decide (won {}, drawn {}, lost {})",
            open.len(),
            count(Ending::Won),
            count(Ending::Drew),
            count(Ending::Lost)
        ));
    }
    let never = entries.iter().filter(|e| e.entered.is_none()).count();
    if never > 0 {
        lines.push(format!("{never:>5}  never within the database"));
    }
    lines
}

fn read(path: &Path) -> anyhow::Result<Vec<SavedGame>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    read_games(&text).with_context(|| path.display().to_string())
}

pub(crate) fn run(args: &Args) -> anyhow::Result<()> {
    let db = oware_egdb::Database::open(&args.egdb, oware_egdb::Ruleset::Abapa)
        .with_context(|| format!("cannot open the abapa database in {}", args.egdb.display()))?;
    println!(
        "endgame-study: the abapa database in {}, to {} seeds; games longer than {} plies",
        args.egdb.display(),
        db.max_seeds(),
        args.min_plies
    );
    for path in &args.files {
        let games = read(path)?;
        let Some(first) = games.first() else {
            println!("{}: no games", path.display());
            continue;
        };
        let engine = args
            .engine
            .clone()
            .unwrap_or_else(|| first.names.south.clone());
        let mut entries = Vec::new();
        for saved in games
            .iter()
            .filter(|g| g.game.moves().len() > args.min_plies)
        {
            if let Some((seat, end)) = ending(saved, &engine) {
                entries.push(study(&db, saved, seat, end));
            }
        }
        // Plies from a point to the game's end, and seeds in play there, on average.
        let mean = |point: fn(&Entry) -> Option<(usize, u8, Verdict)>| {
            let at: Vec<(usize, u8)> = entries
                .iter()
                .filter_map(|e| point(e).map(|(ply, seeds, _)| (e.plies - ply, seeds)))
                .collect();
            let n = at.len().max(1) as f64;
            let plies = at.iter().map(|(p, _)| *p as f64).sum::<f64>() / n;
            let seeds = at.iter().map(|(_, s)| f64::from(*s)).sum::<f64>() / n;
            (at.len(), plies, seeds)
        };
        let (entered, entered_plies, entered_seeds) = mean(|e| e.entered);
        let (decided, decided_plies, decided_seeds) = mean(|e| e.decided);
        println!(
            "{}: {} games, {} longer than {} plies with {engine} playing; {entered} entered the database \
             ({entered_plies:.0} plies before their end, {entered_seeds:.1} seeds in play, on average), \
             {decided} were decided by it ({decided_plies:.0} plies before their end, {decided_seeds:.1} seeds):",
            path.display(),
            games.len(),
            entries.len(),
            args.min_plies,
        );
        for line in summary(&entries) {
            println!("{line}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use oware_search::eval::{Evaluation, Weights};

    use super::*;
    use crate::selfplay::{self, Plan};

    /// Self-play games at depth 2 saved and read back as a match's.
    fn saved_games() -> Vec<SavedGame> {
        let plan = Plan {
            games: 16,
            depth: 2,
            ms: 0,
            seed: 3,
            jobs: 2,
        };
        let mut text = Vec::new();
        for record in selfplay::play(&plan, Evaluation::Linear(Weights::TUNED)) {
            oware_match::write_game(&mut text, &record).unwrap();
        }
        read_games(&String::from_utf8(text).unwrap()).unwrap()
    }

    #[test]
    fn a_game_is_judged_where_the_database_first_decides_it() {
        let db = oware_egdb::Database::build(oware_egdb::Ruleset::Abapa, 10);
        let games = saved_games();
        let mut decided = 0;
        for saved in &games {
            let entry = study(&db, saved, Seat::South, Ending::Won);
            let Some((ply, in_play, verdict)) = entry.decided else {
                continue;
            };
            let (entered, _, _) = entry.entered.expect("decided, so entered");
            assert!(
                in_play <= 10 && entered <= ply && ply <= entry.plies,
                "{entry:?}"
            );
            assert_ne!(verdict, Verdict::Open);
            // The positions it names are the first the database speaks
            // for and the first it decides.
            let mut game = Game::from_position(saved.game.start(), saved.game.rules());
            for (n, &house) in saved.game.moves()[..ply].iter().enumerate() {
                let value = probe_game(&db, &game);
                // None before the entry; after it, none where a quiet move
                // lets the history matter, else open.
                if n <= entered {
                    assert_eq!(
                        value.is_some(),
                        n == entered,
                        "round {}: ply {n}",
                        saved.round
                    );
                }
                if let Some(value) = value {
                    let open = value.result(&game.position()).winner(Seat::South);
                    assert_eq!(open, None, "round {}: ply {n}", saved.round);
                }
                game.play(house).unwrap();
            }
            assert!(probe_game(&db, &game).is_some());
            // North's verdict is South's turned round.
            let north = study(&db, saved, Seat::North, Ending::Lost).decided;
            let turned = match verdict {
                Verdict::Win => Verdict::Loss,
                Verdict::Loss => Verdict::Win,
                other => other,
            };
            assert_eq!(north, Some((ply, in_play, turned)));
            decided += 1;
            // The same verdict judged against each ending.
            let judged = |ending| {
                summary(&[Entry {
                    ending,
                    ..entry.clone()
                }])
            };
            let rounds = format!(" (rounds {})", saved.round);
            let was_open = entry.entered.is_some_and(|(_, _, v)| v == Verdict::Open);
            let opened = format!(" ({} open where they entered)", usize::from(was_open));
            match verdict {
                Verdict::Win => {
                    assert_eq!(
                        judged(Ending::Won),
                        [format!("    1  won, as the database says{opened}")]
                    );
                    assert_eq!(
                        judged(Ending::Drew),
                        [format!("    1  missed win: drawn{rounds}")]
                    );
                    assert_eq!(
                        judged(Ending::Lost),
                        [format!("    1  missed win: lost{rounds}")]
                    );
                }
                Verdict::Draw => {
                    assert_eq!(
                        judged(Ending::Drew),
                        [format!("    1  drawn, as the database says{opened}")]
                    );
                    assert_eq!(
                        judged(Ending::Lost),
                        [format!("    1  misjudged draw: lost{rounds}")]
                    );
                }
                Verdict::Loss => {
                    assert_eq!(
                        judged(Ending::Lost),
                        [format!("    1  lost, as the database says{opened}")]
                    );
                }
                Verdict::Open => unreachable!("checked above"),
            }
        }
        assert!(decided >= 3, "{decided} games decided by the database");
        // Games that never reach it, or that it never decides, are counted so.
        let never = Entry {
            round: 1,
            plies: 10,
            entered: None,
            decided: None,
            ending: Ending::Drew,
        };
        let open = Entry {
            entered: Some((4, 9, Verdict::Open)),
            ..never.clone()
        };
        assert_eq!(
            summary(&[never, open]),
            [
                "    1  open to the end: the bounds never decide (won 0, drawn 1, lost 0)",
                "    1  never within the database"
            ]
        );
    }

    #[test]
    fn the_judged_engine_is_found_by_name() {
        let games = saved_games();
        let saved = &games[0];
        let (seat, end) = ending(saved, "self").unwrap();
        assert_eq!(seat, Seat::South);
        let expected = match saved.winner {
            Some(Seat::South) => Ending::Won,
            Some(Seat::North) => Ending::Lost,
            None => Ending::Drew,
        };
        assert_eq!(end, expected);
        assert_eq!(ending(saved, "nobody"), None);
    }
}
