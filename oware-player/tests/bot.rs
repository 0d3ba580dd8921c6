//! The bot on real positions: its choices are legal and reproducible, and a
//! bot shown on a board chooses as one that is not.

use std::sync::atomic::AtomicBool;

use oware_core::{Game, House, Rules};
use oware_player::{Bot, Level};
use oware_search::{Engine, EngineOptions, Limits, SearchResult};

/// An engine in play mode, as `oware match` and `oware uci` set theirs.
fn engine() -> Engine {
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1).with_threads(1));
    engine.set_analysis(false);
    engine
}

fn choose(bot: Bot<'_>, engine: &mut Engine, game: &Game, seed: u64) -> SearchResult {
    let stop = AtomicBool::new(false);
    bot.choose(engine, game, None, seed, &stop, &mut |_| {})
        .result
}

#[test]
fn a_level_chooses_a_legal_move_reproducibly() {
    let game = Game::new(Rules::ABAPA);
    let bot = Bot::new(Level::new(2).unwrap(), None);
    let mut pick = |seed| choose(bot, &mut engine(), &game, seed).best.unwrap();
    let first = pick(7);
    assert!(game.legal_moves().contains(first));
    assert_eq!(pick(7), first);
    let choices: std::collections::BTreeSet<House> = (0..40).map(&mut pick).collect();
    assert!(choices.len() > 1, "a low level's noise varies its choice");
}

#[test]
fn a_bot_shown_on_a_board_scores_every_house_and_chooses_the_same() {
    // After E, North has six legal moves.
    let mut game = Game::new(Rules::ABAPA);
    game.play(House::E).unwrap();
    let legal = game.legal_moves().len();
    let noiseless = Level::all().find(|l| l.noise() == 0.0).unwrap();
    for level in [Level::MIN, noiseless] {
        let mut shown = engine();
        let bot = Bot::new(level, None);
        let chosen = choose(bot.scoring_every_move(), &mut shown, &game, 7);
        assert_eq!(chosen.root_scores.len(), legal, "level {level}");
        assert!(!shown.analysis(), "the engine's own mode is left as it was");
        let plain = choose(bot, &mut engine(), &game, 7);
        if level.noise() > 0.0 {
            // The same search and the same noise: the same choice.
            assert_eq!(
                chosen,
                SearchResult {
                    elapsed: chosen.elapsed,
                    ..plain
                }
            );
        } else {
            // Play mode scores only the best move.
            assert_eq!(plain.root_scores.len(), 1, "level {level}");
        }
    }
}

#[test]
fn a_bot_plays_under_the_limits_it_is_given() {
    let game = Game::new(Rules::ABAPA);
    let stop = AtomicBool::new(false);
    let bot = Bot::new(Level::MAX, None);
    let limits = oware_search::Limits::depth(3);
    let chosen = bot.choose(&mut engine(), &game, Some(&limits), 0, &stop, &mut |_| {});
    assert_eq!((chosen.result.depth, chosen.from_book), (3, false));
}

#[test]
fn levels_parse_and_strengthen_monotonically() {
    assert_eq!(Level::all().count(), 19);
    assert!(Level::new(0).is_err() && Level::new(20).is_err());
    assert_eq!("19".parse::<Level>().unwrap(), Level::MAX);
    assert!("x".parse::<Level>().is_err());
    let levels: Vec<Level> = Level::all().collect();
    for pair in levels.windows(2) {
        let (a, b) = (pair[0].limits(), pair[1].limits());
        let depth = |l: Limits| l.depth.unwrap_or(u32::MAX);
        assert!(depth(a) <= depth(b), "depth grows with the level");
        if a.depth.is_none() {
            assert!(
                a.time < b.time,
                "time grows with the levels limited by time"
            );
        }
        // A deeper level may be noisier than the one below (level 7 is:
        // the ladder measures that it is still stronger); at the same depth
        // and time only less noise can make a level stronger.
        if (a.depth, a.time) == (b.depth, b.time) {
            assert!(
                pair[0].noise() > pair[1].noise(),
                "at the same limits, noise shrinks with the level"
            );
        } else {
            assert!(
                depth(a) < depth(b) || a.time < b.time,
                "a level with other limits searches deeper or longer"
            );
        }
    }
    assert_eq!(Level::MAX.noise(), 0.0);
    assert!(Level::MIN.noise() > 0.0);
}
