//! The positions `cargo lab train` learns from: the games they come
//! from (self-play, and the files of `--matches`), their labels (the
//! game's result, a deeper search's score, and the endgame database's
//! exact result where the history allows), and the data file they are
//! kept in.

use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};
use oware_core::{Board, Game, Position, Seat, Winner};
use oware_match::{GameRecord, SavedError, SavedErrorKind, read_games};
use oware_search::eval::Evaluation;
use oware_search::experiment::Knobs;
use oware_search::{Endgame, Limits, Proven, probe_game};

use crate::selfplay::{self, result_for};

/// A labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sample {
    pub(crate) position: Position,
    /// The game's result for the side to move: 1, ½ or 0 (the
    /// database's exact result where it labels the position).
    pub(crate) result: f32,
    /// The deeper search's score for the side to move, in seeds (proven
    /// wins and losses, and the database's, as ±[`DECIDED`], its draws 0).
    pub(crate) score: f32,
    /// The game's number, which decides whether it is held out.
    pub(crate) game: u32,
}

/// The score in seeds a proven win stands for in a label.
const DECIDED: f32 = 100.0;

/// A game to label: every position after its opening.
#[derive(Clone, Debug)]
pub(crate) struct ToLabel {
    /// The game, from its start.
    pub(crate) game: Game,
    /// The plies of its opening, not labelled.
    pub(crate) opening_plies: usize,
    /// Its winner; `None` for a draw.
    pub(crate) winner: Option<Seat>,
    /// Its number: one game in five is held out.
    pub(crate) number: u32,
}

impl From<&GameRecord> for ToLabel {
    fn from(record: &GameRecord) -> ToLabel {
        ToLabel {
            game: record.game.clone(),
            opening_plies: record.opening_plies,
            winner: record.result.winner,
            number: record.index as u32,
        }
    }
}

/// The games of a file `oware match --save` wrote, numbered from 0.
/// A last record cut short (the match is still running, or was stopped)
/// is left out, and said so.
pub(crate) fn read_matches(path: &Path) -> anyhow::Result<Vec<ToLabel>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let games = match read_games(&text) {
        Err(SavedError {
            line,
            kind: SavedErrorKind::Unreadable { last: true, .. } | SavedErrorKind::CutShort { last: true },
            ..
        }) => {
            println!(
                "train: {}: its last record, from line {line}, stops short (as a running match leaves it): left out",
                path.display()
            );
            let whole: Vec<&str> = text.lines().take(line - 1).collect();
            read_games(&whole.join("\n"))
        }
        read => read,
    }
    .with_context(|| path.display().to_string())?;
    Ok(games
        .into_iter()
        .enumerate()
        .map(|(i, saved)| ToLabel {
            game: saved.game,
            opening_plies: saved.opening_plies,
            winner: saved.winner,
            number: i as u32,
        })
        .collect())
}

/// The endgame databases in `dir` (abapa's, which serves abapa's and
/// Aualé's games, and awari's, which serves awari with a repetition
/// splitting the seeds: `oware_egdb::Ruleset::fitting`), each to as many
/// seeds as its files hold; an error if neither is there.
pub(crate) fn open_endgames(dir: &Path) -> anyhow::Result<Vec<Arc<dyn Endgame>>> {
    let mut found: Vec<Arc<dyn Endgame>> = Vec::new();
    for ruleset in oware_egdb::Ruleset::ALL {
        match oware_egdb::Database::open(dir, ruleset) {
            Ok(db) => {
                println!(
                    "train: the {ruleset} endgame database in {}, to {} seeds",
                    dir.display(),
                    db.max_seeds()
                );
                found.push(Arc::new(db));
            }
            Err(oware_egdb::EgdbError::NotFound { .. }) => {}
            Err(error) => {
                return Err(error).with_context(|| {
                    format!(
                        "cannot open the {ruleset} endgame database in {}",
                        dir.display()
                    )
                });
            }
        }
    }
    if found.is_empty() {
        bail!(
            "{}: no endgame database (abapa-00.egdb or awari-00.egdb; `oware egdb build` writes them)",
            dir.display()
        );
    }
    Ok(found)
}

/// The labelled positions of some games, and how many of them the
/// endgame database labelled.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Labelled {
    /// In game order.
    pub(crate) samples: Vec<Sample>,
    /// Those labelled by the database's exact result rather than by the
    /// game's result and a search.
    pub(crate) exact: usize,
}

/// Labels every position after the opening of each game with its result
/// and a `depth`-ply search of it by `evaluation` (with the game's
/// history, probing the one of `endgames` that fits its rules), on `jobs` threads; the samples
/// come out in game order. A position the database decides, where the
/// game's history cannot change it, is labelled by the database alone:
/// its exact result stands for both the game's result and the search's
/// score ([`exact_result`]).
pub(crate) fn label(
    games: &[ToLabel],
    evaluation: Evaluation,
    endgames: &[Arc<dyn Endgame>],
    depth: u32,
    jobs: usize,
) -> Labelled {
    let jobs = jobs.max(1);
    let progress = selfplay::Progress::new("train: games labelled", games.len());
    let progress = &progress;
    let mut parts: Vec<(usize, (Vec<Sample>, usize))> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..jobs)
            .map(|job| {
                scope.spawn(move || {
                    let mut engine = selfplay::engine(evaluation, Knobs::DEFAULT);
                    engine.set_analysis(false);
                    games
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| i % jobs == job)
                        .map(|(i, game)| {
                            // The database whose values are right for the game's rules, if any.
                            let rules = game.game.rules();
                            engine.set_endgame(endgames.iter().find(|e| e.fits(&rules)).cloned());
                            let labelled = label_game(&mut engine, game, depth);
                            progress.step();
                            (i, labelled)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|t| t.join().expect("a labelling thread panicked"))
            .collect()
    });
    parts.sort_by_key(|(i, _)| *i);
    let exact = parts.iter().map(|(_, (_, exact))| exact).sum();
    let samples = parts
        .into_iter()
        .flat_map(|(_, (samples, _))| samples)
        .collect();
    Labelled { samples, exact }
}

/// The samples of one game, and how many the database labelled.
fn label_game(
    engine: &mut oware_search::Engine,
    played: &ToLabel,
    depth: u32,
) -> (Vec<Sample>, usize) {
    let stop = std::sync::atomic::AtomicBool::new(false);
    engine.new_game();
    let mut game = Game::from_position(played.game.start(), played.game.rules());
    let (mut samples, mut exact) = (Vec::new(), 0);
    for (ply, &house) in played.game.moves().iter().enumerate() {
        if ply >= played.opening_plies && !game.is_over() {
            let mover = game.position().to_move();
            let (result, score) = match exact_result(engine, &game) {
                Some(result) => {
                    exact += 1;
                    // A win is +DECIDED, a draw 0, a loss −DECIDED, as a proof is below.
                    (result, DECIDED * (2.0 * result - 1.0))
                }
                None => {
                    let found = engine.search(&game, &Limits::depth(depth), &stop, &mut |_| {});
                    let score = match found.score.result() {
                        Some(Proven::Win { .. }) => DECIDED,
                        Some(Proven::Loss { .. }) => -DECIDED,
                        _ => found.score.seeds().clamp(-DECIDED, DECIDED),
                    };
                    (result_for(played.winner, mover) as f32, score)
                }
            };
            samples.push(Sample {
                position: game.position(),
                result,
                score,
                game: played.number,
            });
        }
        game.play(house).expect("a recorded move is legal");
    }
    (samples, exact)
}

/// The result for the side to move of `game`'s position by the engine's
/// endgame database (1, ½ or 0), where the database decides it and the
/// game's history cannot change it: `oware_search::probe_game`, the rule
/// the search and the front ends follow, says where its value is a fact
/// of the game (the rules it fits, and nothing sown since the last
/// capture, so no repetition can end the game otherwise). The game's own
/// result is not evidence there: a side that later erred does not make
/// the position lost.
fn exact_result(engine: &oware_search::Engine, game: &Game) -> Option<f32> {
    let value = probe_game(engine.endgame()?.as_ref(), game)?;
    let position = game.position();
    let mover = position.to_move();
    match value.result(&position).winner(mover)? {
        Winner::Seat(seat) if seat == mover => Some(1.0),
        Winner::Seat(_) => Some(0.0),
        Winner::Draw => Some(0.5),
    }
}

/// Bytes per sample in a data file: 14 cells, the side to move, the
/// result in half points, the score (f32) and the game (u32).
const SAMPLE_LEN: usize = 14 + 1 + 1 + 4 + 4;

pub(crate) fn write_samples(path: &Path, samples: &[Sample]) -> anyhow::Result<()> {
    let mut bytes = Vec::with_capacity(samples.len() * SAMPLE_LEN);
    for s in samples {
        bytes.extend_from_slice(&s.position.board().to_cells());
        bytes.push(s.position.to_move().index() as u8);
        bytes.push((s.result * 2.0) as u8);
        bytes.extend_from_slice(&s.score.to_le_bytes());
        bytes.extend_from_slice(&s.game.to_le_bytes());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

pub(crate) fn read_samples(path: &Path) -> anyhow::Result<Vec<Sample>> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() % SAMPLE_LEN != 0 {
        bail!(
            "{}: {} bytes is not a whole number of {SAMPLE_LEN}-byte samples",
            path.display(),
            bytes.len()
        );
    }
    bytes
        .chunks(SAMPLE_LEN)
        .enumerate()
        .map(|(i, chunk)| {
            let at = || format!("{}: sample {i}", path.display());
            let cells: [u8; 14] = chunk[..14].try_into().expect("14 bytes");
            let board = Board::from_cells(cells)
                .map_err(anyhow::Error::msg)
                .with_context(at)?;
            let seat = match chunk[14] {
                0 => Seat::South,
                1 => Seat::North,
                other => bail!("{}: seat {other} is neither 0 nor 1", at()),
            };
            if chunk[15] > 2 {
                bail!(
                    "{}: result {} is not 0, 1 or 2 half points",
                    at(),
                    chunk[15]
                );
            }
            Ok(Sample {
                position: Position::new(board, seat),
                result: f32::from(chunk[15]) / 2.0,
                score: f32::from_le_bytes(chunk[16..20].try_into().expect("4 bytes")),
                game: u32::from_le_bytes(chunk[20..24].try_into().expect("4 bytes")),
            })
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use oware_search::eval::Weights;

    use super::*;
    use crate::selfplay::Plan;

    /// Labelled positions of four tiny self-play games.
    pub(crate) fn tiny_samples() -> Vec<Sample> {
        let plan = Plan {
            games: 4,
            depth: 2,
            ms: 0,
            seed: 5,
            jobs: 2,
        };
        let linear = Evaluation::Linear(Weights::TUNED);
        let games: Vec<ToLabel> = selfplay::play(&plan, linear)
            .iter()
            .map(ToLabel::from)
            .collect();
        label(&games, linear, &[], 3, 2).samples
    }

    /// Every board of 2 to 5 seeds in South's e and f and North's a and b,
    /// South to move, South's store holding 22 or 24 and North's the rest.
    fn small_endgames() -> Vec<Position> {
        let mut positions = Vec::new();
        for south in [22, 24] {
            for cells in 0..6u32.pow(4) {
                let seeds =
                    [cells % 6, cells / 6 % 6, cells / 36 % 6, cells / 216 % 6].map(|n| n as u8);
                let on_board: u8 = seeds.iter().sum();
                if !(2..=5).contains(&on_board) {
                    continue;
                }
                let mut board = [0u8; 14];
                board[4..8].copy_from_slice(&seeds);
                board[12] = south;
                board[13] = 48 - on_board - south;
                let board = Board::from_cells(board).expect("48 seeds");
                positions.push(Position::new(board, Seat::South));
            }
        }
        positions
    }

    #[test]
    fn the_database_labels_what_it_decides_where_the_history_allows() {
        let db = Arc::new(oware_egdb::Database::build(oware_egdb::Ruleset::Abapa, 5));
        let endgame: Arc<dyn Endgame> = Arc::clone(&db) as Arc<dyn Endgame>;
        let awari: Arc<dyn Endgame> =
            Arc::new(oware_egdb::Database::build(oware_egdb::Ruleset::Awari, 5));
        let linear = Evaluation::Linear(Weights::TUNED);
        let (mut decided, mut quiet) = (0, 0);
        let mut engine = selfplay::engine(linear, Knobs::DEFAULT);
        engine.set_endgame(Some(Arc::clone(&endgame)));
        for (n, start) in small_endgames().into_iter().enumerate() {
            let mut game = Game::from_position(start, oware_core::Rules::ABAPA);
            if game.is_over() {
                continue;
            }
            // Two plies, so that a second position follows the first.
            for _ in 0..2 {
                if let Some(house) = game.legal_moves().iter().next() {
                    game.play(house).expect("a legal move");
                }
            }
            // North won, say: the positions the database does not decide
            // keep this result, the others get the database's.
            let played = ToLabel {
                game: game.clone(),
                opening_plies: 0,
                winner: Some(Seat::North),
                number: n as u32,
            };
            let with = label(
                std::slice::from_ref(&played),
                linear,
                std::slice::from_ref(&endgame),
                1,
                1,
            );
            let without = label(std::slice::from_ref(&played), linear, &[], 1, 1);
            // Awari's database is not true of abapa's games: it labels nothing.
            let other = label(
                std::slice::from_ref(&played),
                linear,
                std::slice::from_ref(&awari),
                1,
                1,
            );
            assert_eq!(other, without);
            let bounds = db.probe(&start).expect("five seeds at most");
            // The verdict, read here from the bounds (net seeds the mover
            // takes of those in play), in half seeds: South's store, plus half
            // of what is in play and of the net, against half of all 48.
            let in_play =
                start.board().seeds_on_side(Seat::South) + start.board().seeds_on_side(Seat::North);
            let own = i32::from(start.board().store(Seat::South));
            let twice = |net: i8| 2 * own + i32::from(in_play) + i32::from(net);
            let (lo, hi) = (twice(bounds.lo), twice(bounds.hi));
            let expected = if lo > 48 {
                Some(DECIDED)
            } else if hi < 48 {
                Some(-DECIDED)
            } else if lo == 48 && hi == 48 {
                Some(0.0)
            } else {
                None
            };
            assert_eq!(without.exact, 0);
            let exact = with.exact;
            let (with, without) = (with.samples, without.samples);
            match expected {
                Some(score) => {
                    assert_eq!(with[0].score, score, "{start:?}: {bounds:?}");
                    // South moves: a win is 1, a draw ½, whatever the game's end.
                    assert_eq!(with[0].result, score / DECIDED / 2.0 + 0.5);
                    decided += 1;
                }
                None => {
                    assert_eq!(with[0], without[0], "{start:?}: {bounds:?}");
                    assert_eq!(with[0].result, 0.0, "North's win, for South");
                }
            }
            assert!(exact >= usize::from(expected.is_some()) && exact <= with.len());
            // After a quiet first move the start can come back: the
            // database's value of the next position is not a fact of this game.
            let mut after = Game::from_position(start, oware_core::Rules::ABAPA);
            if let Some(&house) = game.moves().first() {
                after.play(house).expect("the game's first move");
                let decides = probe_game(
                    endgame.as_ref(),
                    &Game::from_position(after.position(), after.rules()),
                )
                .is_some_and(|value| {
                    value
                        .result(&after.position())
                        .winner(after.position().to_move())
                        .is_some()
                });
                if decides && after.moves_without_capture() > 0 {
                    assert_eq!(
                        exact_result(&engine, &after),
                        None,
                        "{:?}",
                        after.position()
                    );
                    quiet += 1;
                }
            }
        }
        assert!(decided > 20, "{decided} positions decided");
        assert!(quiet > 5, "{quiet} decided positions after a quiet move");
    }

    #[test]
    fn a_match_file_reads_back_its_games_and_leaves_out_a_last_one_cut_short() {
        let plan = Plan {
            games: 3,
            depth: 2,
            ms: 0,
            seed: 9,
            jobs: 1,
        };
        let records = selfplay::play(&plan, Evaluation::Linear(Weights::TUNED));
        let mut text = Vec::new();
        for record in &records {
            oware_match::write_game(&mut text, record).unwrap();
        }
        let dir = std::env::temp_dir().join(format!("oware-train-matches-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("match.ogn");
        std::fs::write(&path, &text).unwrap();
        let games = read_matches(&path).unwrap();
        assert_eq!(games.len(), records.len());
        for (n, (game, record)) in games.iter().zip(&records).enumerate() {
            assert_eq!(game.number as usize, n);
            assert_eq!(game.game, record.game);
            assert_eq!(game.opening_plies, record.opening_plies);
            assert_eq!(game.winner, record.result.winner);
        }
        // A match still running leaves its last record cut short: the
        // games before it are read.
        let last = String::from_utf8(text.clone())
            .unwrap()
            .rfind("\n\n[")
            .unwrap()
            + 2;
        std::fs::write(&path, &text[..last + 300]).unwrap();
        let cut = read_matches(&path).unwrap();
        assert_eq!(cut.len(), records.len() - 1);
        assert!(
            cut.iter()
                .zip(&records)
                .all(|(game, record)| game.game == record.game)
        );
        // Damage before the last record is an error naming the file and line.
        let damaged =
            String::from_utf8(text.clone())
                .unwrap()
                .replacen("[Points \"", "[Points \"9", 1);
        std::fs::write(&path, &damaged).unwrap();
        let error = format!("{:#}", read_matches(&path).unwrap_err());
        assert!(
            error.contains("match.ogn") && error.contains("line "),
            "{error}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_data_file_reads_back() {
        let samples = tiny_samples();
        let dir = std::env::temp_dir().join(format!("oware-train-{}", std::process::id()));
        let path = dir.join("samples.bin");
        write_samples(&path, &samples).unwrap();
        assert_eq!(read_samples(&path).unwrap(), samples);
        std::fs::write(&path, [0u8; 7]).unwrap();
        let error = read_samples(&path).unwrap_err().to_string();
        assert!(error.contains("not a whole number"), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
