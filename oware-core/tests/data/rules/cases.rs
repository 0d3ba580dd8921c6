//! The hand-worked rules cases of `tests/data/rules/*.rules`, read into
//! plain values that name no crate's types, so that oware-core's driver
//! (`oware-core/tests/rules/rules_data.rs`) and oware-reference's
//! (`oware-reference/tests/rules/rules_data.rs`) hold their implementation
//! to the same lines. The format is documented at the top of every data file:
//!
//! ```text
//! play  CELLS SEAT RULES HOUSE RESULT
//! legal CELLS SEAT RULES HOUSES
//! game  CELLS SEAT RULES MOVES CELLS SEAT OUTCOME
//! ```
//!
//! A malformed line is an error naming its file and line.

#![allow(dead_code, reason = "each driver uses the parts it needs")]

use std::path::Path;

/// A seat, as the data names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// `south`.
    South,
    /// `north`.
    North,
}

impl Side {
    /// The other seat.
    pub(crate) fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }
}

/// A position: the 14 cells in canonical order and the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Setup {
    /// South's A–F, North's a–f, South's store, North's store.
    pub(crate) cells: [u8; 14],
    /// The seat to move.
    pub(crate) to_move: Side,
}

/// Why a move is refused (RULES.md section 5), as the data names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// `game-over`.
    GameOver,
    /// `not-your-house`.
    NotYourHouse,
    /// `empty-house`.
    EmptyHouse,
    /// `must-feed`.
    MustFeed,
    /// `grand-slam`: forbidden by the rule set.
    GrandSlam,
}

/// What playing a house gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Played {
    /// The cells after the move; the other seat is then to move.
    After([u8; 14]),
    /// The move is refused.
    Refused(Refusal),
}

/// Why a game ended, as the data names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// `reached-25`.
    Reached25,
    /// `draw-24`.
    Draw24,
    /// `no-legal-move`.
    NoLegalMove,
    /// `repetition`.
    Repetition,
    /// `move-limit`.
    MoveLimit,
    /// `first-repetition` (Aualé's rule).
    FirstRepetition,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// The winner, `None` for a draw.
    pub(crate) winner: Option<Side>,
    /// Final seeds, South's then North's.
    pub(crate) seeds: [u8; 2],
    /// Why it ended.
    pub(crate) reason: Reason,
}

/// What a case asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// `play`: one house played from the set-up.
    Play {
        /// The house, as an index 0–11.
        house: usize,
        /// What it gives.
        played: Played,
    },
    /// `legal`: the legal moves of the set-up, as ascending indices.
    Legal(Vec<usize>),
    /// `game`: moves played one by one in a game from the set-up (each
    /// legal), then the position reached and the game's outcome.
    Game {
        /// The moves, as indices.
        moves: Vec<usize>,
        /// The position after them.
        end: Setup,
        /// The game's outcome then (`None`: not over).
        outcome: Option<Outcome>,
    },
}

/// One line of a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Case {
    /// `file:line`, for failure messages.
    pub(crate) place: String,
    /// The position the case starts from.
    pub(crate) setup: Setup,
    /// The rule sets it holds under: preset names, or `all` for every preset.
    pub(crate) rules: Vec<String>,
    /// What it asks.
    pub(crate) check: Check,
}

/// Every case of every `*.rules` file in `dir`, in file-name order.
///
/// # Panics
/// On a file that cannot be read, or a malformed line (naming file and line).
#[track_caller]
pub(crate) fn read_dir(dir: &Path) -> Vec<Case> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rules"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.rules file in {}", dir.display());
    let mut cases = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let name = path.file_name().expect("a file name").to_string_lossy();
        cases.extend(parse(&name, &text).unwrap_or_else(|message| panic!("{message}")));
    }
    cases
}

/// The cases of one file's `text`, or the first malformed line as
/// `file:line: what is wrong`.
pub(crate) fn parse(file: &str, text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let place = format!("{file}:{}", index + 1);
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let case = parse_line(line, &place).map_err(|what| format!("{place}: {what}: `{line}`"))?;
        cases.push(case);
    }
    if cases.is_empty() {
        return Err(format!("{file}: no case"));
    }
    Ok(cases)
}

/// One case: the kind, the set-up, the rules, then the kind's own fields.
fn parse_line(line: &str, place: &str) -> Result<Case, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (kind, wanted) = match fields.first() {
        Some(&"play") => ("play", 6),
        Some(&"legal") => ("legal", 5),
        Some(&"game") => ("game", 8),
        Some(other) => return Err(format!("unknown case kind `{other}` (play, legal, game)")),
        None => return Err("an empty case".to_owned()),
    };
    if fields.len() != wanted {
        return Err(format!(
            "a `{kind}` case has {wanted} fields, this line {}",
            fields.len()
        ));
    }
    let setup = Setup {
        cells: cells(fields[1])?,
        to_move: side(fields[2])?,
    };
    let rules = rules(fields[3])?;
    let check = match kind {
        "play" => Check::Play {
            house: house(fields[4])?,
            played: played(fields[5])?,
        },
        "legal" => Check::Legal(houses(fields[4])?),
        _ => Check::Game {
            moves: houses(fields[4])?,
            end: Setup {
                cells: cells(fields[5])?,
                to_move: side(fields[6])?,
            },
            outcome: outcome(fields[7])?,
        },
    };
    Ok(Case {
        place: place.to_owned(),
        setup,
        rules,
        check,
    })
}

/// `A,B,C,D,E,F/a,b,c,d,e,f/south,north` or `opening`; 48 seeds in all.
fn cells(field: &str) -> Result<[u8; 14], String> {
    if field == "opening" {
        return Ok([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0]);
    }
    let groups: Vec<&str> = field.split('/').collect();
    let sizes = [6, 6, 2];
    if groups.len() != 3 {
        return Err(format!(
            "cells `{field}` are not South's row / North's row / stores"
        ));
    }
    let mut cells = Vec::with_capacity(14);
    for (group, size) in groups.iter().zip(sizes) {
        let counts: Vec<u8> = group
            .split(',')
            .map(|n| {
                n.parse::<u8>()
                    .map_err(|_| format!("`{n}` in `{field}` is not a count"))
            })
            .collect::<Result<_, _>>()?;
        if counts.len() != size {
            return Err(format!(
                "`{group}` in `{field}` has {} counts, not {size}",
                counts.len()
            ));
        }
        cells.extend(counts);
    }
    let total: u32 = cells.iter().map(|&c| u32::from(c)).sum();
    if total != 48 {
        return Err(format!("cells `{field}` hold {total} seeds, not 48"));
    }
    Ok(cells.try_into().expect("6 + 6 + 2 cells"))
}

/// `south` or `north`.
fn side(field: &str) -> Result<Side, String> {
    match field {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        _ => Err(format!("`{field}` is not a seat (south, north)")),
    }
}

/// `all`, or preset names (lowercase words, `-` between) joined by `,`.
fn rules(field: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = field.split(',').map(str::to_owned).collect();
    let word = |name: &str| !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase());
    if names.iter().any(|n| !n.split('-').all(word)) {
        return Err(format!(
            "`{field}` is not `all` or rule-set names joined by `,`"
        ));
    }
    Ok(names)
}

/// A house letter: A–F are 0–5, a–f are 6–11.
fn house(field: &str) -> Result<usize, String> {
    let mut chars = field.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'A'..='F'), None) => Ok(c as usize - 'A' as usize),
        (Some(c @ 'a'..='f'), None) => Ok(c as usize - 'a' as usize + 6),
        _ => Err(format!("`{field}` is not a house letter (A-F, a-f)")),
    }
}

/// House letters run together, or `-` for none.
fn houses(field: &str) -> Result<Vec<usize>, String> {
    if field == "-" {
        return Ok(Vec::new());
    }
    field.chars().map(|c| house(&c.to_string())).collect()
}

/// Cells after the move, or `refused:REASON`.
fn played(field: &str) -> Result<Played, String> {
    let Some(reason) = field.strip_prefix("refused:") else {
        return cells(field).map(Played::After);
    };
    let refusal = match reason {
        "game-over" => Refusal::GameOver,
        "not-your-house" => Refusal::NotYourHouse,
        "empty-house" => Refusal::EmptyHouse,
        "must-feed" => Refusal::MustFeed,
        "grand-slam" => Refusal::GrandSlam,
        _ => {
            return Err(format!(
                "`{reason}` is not a refusal (game-over, not-your-house, empty-house, must-feed, grand-slam)"
            ));
        }
    };
    Ok(Played::Refused(refusal))
}

/// `none`, or `WINNER:SOUTH-NORTH:REASON`.
fn outcome(field: &str) -> Result<Option<Outcome>, String> {
    if field == "none" {
        return Ok(None);
    }
    let malformed = || format!("`{field}` is not `none` or WINNER:SOUTH-NORTH:REASON");
    let [winner, seeds, reason] = field.split(':').collect::<Vec<_>>()[..] else {
        return Err(malformed());
    };
    let winner = match winner {
        "draw" => None,
        seat => Some(side(seat)?),
    };
    let (south, north) = seeds.split_once('-').ok_or_else(malformed)?;
    let seeds = [
        south.parse().map_err(|_| malformed())?,
        north.parse().map_err(|_| malformed())?,
    ];
    let reason = match reason {
        "reached-25" => Reason::Reached25,
        "draw-24" => Reason::Draw24,
        "no-legal-move" => Reason::NoLegalMove,
        "repetition" => Reason::Repetition,
        "move-limit" => Reason::MoveLimit,
        "first-repetition" => Reason::FirstRepetition,
        _ => {
            return Err(format!(
                "`{reason}` is not an end reason (reached-25, draw-24, no-legal-move, repetition, first-repetition, move-limit)"
            ));
        }
    };
    Ok(Some(Outcome {
        winner,
        seeds,
        reason,
    }))
}

/// One rules implementation as the drivers see it: positions and games in
/// the data's plain values. Each driver implements it for its crate; the
/// checks ([`check_dir`]) are written once.
pub(crate) trait Implementation {
    /// The implementation's rule set.
    type Rules: Copy + std::fmt::Debug;
    /// The implementation's game, history and all.
    type Game: Clone + PartialEq + std::fmt::Debug;

    /// The rule set a preset name names, if the implementation knows it.
    fn rules(name: &str) -> Option<Self::Rules>;
    /// Every preset, for `all`.
    fn presets() -> Vec<Self::Rules>;
    /// The legal moves of `setup`, ascending indices.
    fn legal(setup: Setup, rules: Self::Rules) -> Vec<usize>;
    /// `house` played from `setup`: the position after, or the refusal.
    fn play(setup: Setup, house: usize, rules: Self::Rules) -> Result<Setup, Refusal>;
    /// Whether `setup` alone, without history, is over.
    fn is_over(setup: Setup) -> bool;
    /// The outcome of `setup` alone: a game that starts there.
    fn outcome(setup: Setup, rules: Self::Rules) -> Option<Outcome>;
    /// A game from `setup`.
    fn game(setup: Setup, rules: Self::Rules) -> Self::Game;
    /// `house` played in `game`.
    fn game_play(game: &mut Self::Game, house: usize) -> Result<(), Refusal>;
    /// The game's position now.
    fn game_position(game: &Self::Game) -> Setup;
    /// The game's outcome now.
    fn game_outcome(game: &Self::Game) -> Option<Outcome>;
}

/// Holds `I` to every case of every file in `dir`, under every rule set
/// each names.
///
/// # Panics
/// Listing every case that fails, by file, line and rule set.
#[track_caller]
pub(crate) fn check_dir<I: Implementation>(dir: &Path) {
    let cases = read_dir(dir);
    assert!(cases.len() > 50, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let rule_sets = if case.rules == ["all"] {
            I::presets()
        } else {
            case.rules
                .iter()
                .map(|name| {
                    I::rules(name).unwrap_or_else(|| panic!("{}: no rule set `{name}`", case.place))
                })
                .collect()
        };
        for rules in rule_sets {
            if let Err(what) = check::<I>(case, rules) {
                failures.push(format!("{} ({rules:?}): {what}", case.place));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// One case under one rule set; the first thing wrong, in words.
fn check<I: Implementation>(case: &Case, rules: I::Rules) -> Result<(), String> {
    let start = case.setup;
    match &case.check {
        Check::Play { house, played } => {
            let got = I::play(start, *house, rules);
            let expected = match *played {
                Played::After(cells) => Ok(Setup {
                    cells,
                    to_move: start.to_move.other(),
                }),
                Played::Refused(refusal) => Err(refusal),
            };
            if got != expected {
                return Err(format!("play {house}: {got:?}"));
            }
            // The same move in a game: the same answer, and a refused move
            // leaves the game as it was (RULES.md section 5).
            let mut game = I::game(start, rules);
            let before = game.clone();
            match I::game_play(&mut game, *house) {
                Ok(()) if Ok(I::game_position(&game)) == got => {}
                Err(refusal) if Err(refusal) == got && game == before => {}
                other => return Err(format!("play {house} in a game: {other:?}, {game:?}")),
            }
        }
        Check::Legal(expected) => {
            let got = I::legal(start, rules);
            if got != *expected {
                return Err(format!("legal moves {got:?}"));
            }
        }
        Check::Game {
            moves,
            end,
            outcome: expected,
        } => {
            let mut game = I::game(start, rules);
            for (n, &house) in moves.iter().enumerate() {
                I::game_play(&mut game, house)
                    .map_err(|e| format!("move {} (house {house}) refused: {e:?}", n + 1))?;
            }
            let position = I::game_position(&game);
            if position != *end {
                return Err(format!("after the moves: {position:?}"));
            }
            if I::game_outcome(&game) != *expected {
                return Err(format!("outcome {:?}", I::game_outcome(&game)));
            }
            if moves.is_empty() && I::outcome(start, rules) != *expected {
                return Err(format!(
                    "the position's outcome {:?}",
                    I::outcome(start, rules)
                ));
            }
            // The ends that need no history end the position alone too.
            let history_free = expected.is_some_and(|o| {
                !matches!(
                    o.reason,
                    Reason::Repetition | Reason::FirstRepetition | Reason::MoveLimit
                )
            });
            if history_free != I::is_over(position)
                || history_free != I::legal(position, rules).is_empty()
            {
                return Err("the position alone: is it over, its legal moves".to_owned());
            }
            if expected.is_some() {
                // A finished game refuses every house alike, and stays.
                let before = game.clone();
                for house in 0..12 {
                    if I::game_play(&mut game, house) != Err(Refusal::GameOver) || game != before {
                        return Err(format!("house {house} not refused as game over"));
                    }
                }
            }
        }
    }
    Ok(())
}
