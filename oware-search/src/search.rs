//! The interior node: fail-soft negamax with principal variation search,
//! table probes and cutoffs, move ordering, late move reductions, the
//! single-reply extension and mate-distance pruning, on top of the game
//! ends (history-aware) and endgame probes. The nodes at and below the
//! horizon live in `horizon.rs`, the root and iterative deepening in
//! `root.rs` and `deepen.rs`, a thread's state in `worker.rs`.

use oware_core::{House, Position};

use crate::endgame::NodeValue;
use crate::line::{captured, end_value, moves};
use crate::ordering::MovePicker;
use crate::score::{
    DRAW, INFINITY, MAX_PLY, Value, from_table, is_decisive, loss_in, to_table, win_in,
};
use crate::tt::{Bound, Entry, Key};
use crate::worker::Worker;

/// The least remaining depth at which the table is probed and written:
/// below it nodes are so many and so cheap that the memory traffic costs
/// more than it saves.
const TT_MIN_DEPTH: i32 = 3;

impl Worker<'_> {
    /// The negamax value of `position` at `ply` (not the root) searched to
    /// `depth >= 1`, fail-soft: exact when strictly inside (alpha, beta),
    /// else a bound on the side it fell. `PV` nodes keep the line of best play.
    pub(crate) fn negamax<const PV: bool>(
        &mut self,
        position: Position,
        depth: i32,
        ply: usize,
        mut alpha: Value,
        mut beta: Value,
        quiet: u16,
    ) -> Value {
        self.count_node();
        if PV {
            self.pv.clear(ply);
        }
        if self.stopped {
            return 0;
        }
        let legal = moves(position, self.line.rules());
        if legal.is_empty() {
            return end_value(position, ply);
        }
        if self.history_rules
            && let Some(end) = self.line.enter(ply, position, quiet)
        {
            self.rests_on(end.since);
            return end.value;
        }
        // Whether nothing but this position has been since the last capture:
        // only then is a database value the game's own. Elsewhere an earlier
        // position can come back and end the game by a repetition the
        // database never weighed, and the node is searched (RULES.md,
        // section 9).
        let fresh = quiet == 0 || !self.history_rules;
        if fresh
            && let Some(endgame) = self.endgame
            && let Some(found) = endgame.probe(&position)
        {
            match crate::endgame::node_value(found, &position, ply) {
                NodeValue::Result(value) => return value,
                // Bounds that do not decide the game still cut.
                NodeValue::Between {
                    at_least_draw,
                    at_most_draw,
                } => {
                    if (at_least_draw && DRAW >= beta) || (at_most_draw && DRAW <= alpha) {
                        self.estimated = true;
                        return DRAW;
                    }
                }
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.estimate(position);
        }
        // A forced move costs the side no choice: look one ply further.
        let depth = if !self.config.sound
            && self.config.knobs.single
            && legal.len() == 1
            && ply < MAX_PLY / 2
        {
            depth + 1
        } else {
            depth
        };

        if !self.config.sound {
            // Mate-distance pruning: nothing from here beats a win at the
            // next ply or loses faster than now.
            alpha = alpha.max(loss_in(ply));
            beta = beta.min(win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        let original_alpha = alpha;

        let use_tt = self.config.tt && depth >= TT_MIN_DEPTH;
        let key = Key::of(position);
        let mut tt_move = None;
        if use_tt && let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best.filter(|&h| legal.contains(h));
            let deep_enough = if self.config.sound {
                i32::from(entry.depth) == depth
            } else {
                i32::from(entry.depth) >= depth
            };
            if deep_enough && (!PV || self.config.sound) {
                let value = from_table(entry.value, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                    Bound::None => false,
                };
                // A proven result in the table is the position's own, with
                // nothing before it (see the store below), unless marked:
                // here, where earlier positions can come back, it still
                // guides the search, but no claim rests on it (and while a
                // likely result is confirmed, it is not taken).
                let doubtful = is_decisive(value) && (entry.doubtful || !fresh);
                if cut && !(doubtful && self.strict) {
                    self.estimated |= !is_decisive(value);
                    self.doubts += u64::from(doubtful);
                    return value;
                }
            }
        }

        if depth == 1 {
            return self.frontier::<PV>(position, legal, ply, alpha, beta, quiet);
        }

        // The subtree's own floor (see `Worker::floor`), merged into the
        // caller's when the node is done.
        let outer_floor = core::mem::replace(&mut self.floor, usize::MAX);
        let doubts = self.doubts;
        let mut picker = MovePicker::new(position, legal, tt_move, self.config.ordering);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut tried = [House::A; 6];
        let mut i = 0;
        let prefetch = (self.config.tt && depth > TT_MIN_DEPTH).then_some(self.tt);
        while let Some((house, child)) = picker.next(&self.heuristics, ply, prefetch) {
            let mut searched_pv = PV && i == 0;
            let value = if i == 0 {
                self.child_value::<PV>(position, child, depth, ply, quiet, alpha, beta)
            } else {
                let knobs = &self.config.knobs;
                // Late move reduction: a quiet move tried late is probably
                // worse than the ones before; a shallower null-window search
                // says so cheaply, and a full-depth one confirms any surprise.
                let reduce = !self.config.sound
                    && knobs.lmr
                    && depth >= knobs.lmr_depth
                    && i >= knobs.lmr_index
                    && !captured(position, child);
                let mut v = -INFINITY;
                if reduce {
                    let r = 1 + i32::from(depth >= 6 && i >= knobs.lmr_index + 2);
                    v = self.child_value::<false>(
                        position,
                        child,
                        depth - r,
                        ply,
                        quiet,
                        alpha,
                        alpha + 1,
                    );
                }
                if !reduce || v > alpha {
                    v = self.child_value::<false>(
                        position,
                        child,
                        depth,
                        ply,
                        quiet,
                        alpha,
                        alpha + 1,
                    );
                }
                if PV && v > alpha && v < beta {
                    searched_pv = true;
                    self.child_value::<true>(position, child, depth, ply, quiet, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                self.floor = outer_floor;
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(house);
                    if PV {
                        if !searched_pv {
                            self.pv.clear(ply + 1);
                        }
                        self.pv.update(ply, house);
                    }
                    if value >= beta {
                        if self.config.ordering && !captured(position, child) {
                            self.heuristics
                                .record_cutoff(ply, depth, house, &tried[..i]);
                        }
                        break;
                    }
                }
            }
            tried[i] = house;
            i += 1;
        }

        let floor = self.floor;
        self.floor = outer_floor.min(floor);
        if use_tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if alpha > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // A proven result that rests on a position above this node (a
            // repetition of it, or the move limit counting moves made before
            // it) is this line's, not the position's; one that rests on a
            // doubtful table result is no proof either: both are kept, to
            // guide later searches, marked so that no claim rests on them.
            let own = floor >= self.line.index(ply) && self.doubts == doubts;
            self.tt.store(
                key,
                Entry {
                    value: to_table(best, ply),
                    depth: depth.clamp(0, 255) as u8,
                    bound,
                    doubtful: is_decisive(best) && !own,
                    best: best_move,
                },
            );
        }
        best
    }
}

#[cfg(test)]
mod tests {
    //! The table's doubt marks, which stand between a line's result and a
    //! claim about a position: what is stored unmarked must be the
    //! position's own, and what is marked, or found where earlier positions
    //! can come back, must never be claimed without a search that proves it.

    use std::ops::RangeInclusive;
    use std::sync::atomic::AtomicBool;

    use oware_core::{Board, Game, Rules, Seat};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::score::MATE;
    use crate::{Engine, EngineOptions, Limits, SearchConfig};

    /// An engine that searches as the minimax check does, every root move scored.
    fn engine() -> Engine {
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
        engine.set_config(SearchConfig::SOUND);
        engine.set_analysis(true);
        engine
    }

    /// Whether `seat` can force a win within `plies` plies of `game`,
    /// its history included: the naive truth.
    fn forces_win(game: &Game, plies: usize, seat: Seat) -> bool {
        if let Some(outcome) = game.outcome() {
            return outcome.winner == Some(seat);
        }
        if plies == 0 {
            return false;
        }
        let mut children = game.legal_moves().iter().map(|house| {
            let mut child = game.clone();
            child.play(house).unwrap();
            forces_win(&child, plies - 1, seat)
        });
        if game.position().to_move() == seat {
            children.any(|won| won)
        } else {
            children.all(|won| won)
        }
    }

    /// `seeds` seeds left, the stores near even, then fewer than `moves`
    /// moves without a capture (none for 0): a game where repetitions
    /// decide results.
    fn endgame_with_history(
        rng: &mut ChaCha8Rng,
        rules: Rules,
        seeds: RangeInclusive<u8>,
        moves: usize,
    ) -> Option<Game> {
        let mut cells = [0u8; 14];
        for _ in 0..rng.random_range(seeds) {
            cells[rng.random_range(0..12usize)] += 1;
        }
        let left = 48 - cells.iter().sum::<u8>();
        cells[12] = rng.random_range(left / 2 - 2..=left / 2 + 2);
        cells[13] = left - cells[12];
        let position = Position::new(Board::from_cells(cells).ok()?, Seat::South);
        let mut game = Game::from_position(position, rules);
        for _ in 0..rng.random_range(0..moves.max(1)) {
            let quiet: Vec<House> = game
                .legal_moves()
                .iter()
                .filter(|&house| {
                    let mut after = game.clone();
                    after.play(house).is_ok() && after.moves_without_capture() > 0
                })
                .collect();
            let &house = quiet.get(rng.random_range(0..quiet.len().max(1)))?;
            game.play(house).ok()?;
        }
        (!game.is_over()).then_some(game)
    }

    /// Checks every unmarked proven result in the table for the positions
    /// of `game`'s tree to `plies` plies against the game that starts there,
    /// with nothing before it; returns how many were checked and how many
    /// marked ones were seen.
    fn check_table(engine: &Engine, game: &Game, plies: usize) -> (u32, u32) {
        let (mut checked, mut marked) = (0, 0);
        let position = game.position();
        if let Some(entry) = engine.table().probe(Key::of(position)) {
            let value = from_table(entry.value, 0);
            // A win as a lower bound or exact, a loss as an upper bound or
            // exact: what a cut would take as proven.
            let claim = match entry.bound {
                Bound::Exact | Bound::Lower if value >= MATE - MAX_PLY as Value => Some(true),
                Bound::Exact | Bound::Upper if value <= -MATE + MAX_PLY as Value => Some(false),
                _ => None,
            };
            match claim {
                _ if !is_decisive(value) => {}
                _ if entry.doubtful => marked += 1,
                Some(won) => {
                    let within = (MATE - value.abs()) as usize;
                    let fresh = Game::from_position(position, game.rules());
                    let mover = position.to_move();
                    let winner = if won { mover } else { mover.opponent() };
                    assert!(
                        forces_win(&fresh, within, winner),
                        "{position:?}: the table says {winner:?} wins within {within} plies, \
                         unmarked, after the history {:?}",
                        game.history()
                    );
                    checked += 1;
                }
                None => {}
            }
        }
        if plies > 0 && !game.is_over() {
            for house in game.legal_moves().iter() {
                let mut child = game.clone();
                child.play(house).unwrap();
                let (c, m) = check_table(engine, &child, plies - 1);
                checked += c;
                marked += m;
            }
        }
        (checked, marked)
    }

    #[test]
    fn a_proven_result_stored_unmarked_holds_for_the_position_with_nothing_before_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let stop = AtomicBool::new(false);
        // The rules, the seeds left, the moves before the root, the depth
        // searched, the plies of the tree whose table entries are checked,
        // and how many set-ups are tried.
        // A position comes back only once its seeds have gone round the
        // board, so a repetition resting on the root itself needs a search
        // deeper than that: the last two runs.
        let runs = [
            (Rules::ABAPA, 2..=5, 30, 6, 3, 3000),
            (Rules::AUALE, 2..=5, 30, 6, 3, 3000),
            (Rules::ABAPA, 2..=3, 0, 16, 8, 600),
            (Rules::AUALE, 2..=3, 0, 16, 8, 600),
        ];
        for (rules, seeds, moves, depth, plies, tries) in runs {
            let mut engine = engine();
            let (mut checked, mut marked) = (0, 0);
            for _ in 0..tries {
                let Some(game) = endgame_with_history(&mut rng, rules, seeds.clone(), moves) else {
                    continue;
                };
                engine.new_game();
                engine.search(&game, &Limits::depth(depth), &stop, &mut |_| {});
                let (c, m) = check_table(&engine, &game, plies);
                checked += c;
                marked += m;
            }
            // Both kinds are met: the marks are at work, and the check is not empty.
            assert!(
                checked >= 100 && marked >= 20,
                "{checked} checked, {marked} marked"
            );
        }
    }

    /// A midgame position with nothing before it, and a move of it that
    /// captures (`capture`) or not, to a position with a choice of moves.
    fn root_and_move(rng: &mut ChaCha8Rng, capture: bool) -> (Game, House) {
        loop {
            let mut position = Position::OPENING;
            for _ in 0..rng.random_range(10..40) {
                let legal: Vec<House> = position.legal_moves_abapa().iter().collect();
                let Some(&house) = legal.get(rng.random_range(0..legal.len().max(1))) else {
                    break;
                };
                position = position.play_unchecked(house);
            }
            let game = Game::from_position(position, Rules::ABAPA);
            let found = game.legal_moves().iter().find(|&house| {
                let child = position.play_unchecked(house);
                captured(position, child) == capture && child.legal_moves_abapa().len() >= 2
            });
            if let (false, Some(house)) = (game.is_over(), found) {
                return (game, house);
            }
        }
    }

    /// Puts in `engine`'s table, for the position after `house`, a result
    /// the search will meet there at depth 3 to go: `value`, exact, and
    /// `doubtful` or not.
    fn plant(engine: &Engine, game: &Game, house: House, value: Value, doubtful: bool) {
        let child = game.position().play_unchecked(house);
        engine.table().store(
            Key::of(child),
            Entry {
                value,
                depth: 3,
                bound: Bound::Exact,
                doubtful,
                best: None,
            },
        );
    }

    #[test]
    fn a_table_result_that_is_no_proof_is_never_claimed() {
        // A false win for the side to move after `house`, put in the table
        // where the depth-4 search meets it (depth 3 to go): marked doubtful
        // after a capture, where only a mark doubts it; unmarked after a
        // move without capture, where an earlier position could come back.
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let stop = AtomicBool::new(false);
        for (capture, doubtful) in [(true, true), (false, false)] {
            for _ in 0..20 {
                let (game, house) = root_and_move(&mut rng, capture);
                let mut engine = engine();
                plant(&engine, &game, house, win_in(1), doubtful);
                let result = engine.search(&game, &Limits::depth(4), &stop, &mut |_| {});
                let &(_, score) = result
                    .root_scores
                    .iter()
                    .find(|&&(h, _)| h == house)
                    .unwrap();
                // The false result was taken, as a guide only: the move is
                // a likely loss, and no proof is claimed for it.
                assert!(
                    score.is_likely() && score.proven().is_none(),
                    "{house} from {:?} scored {score}",
                    game.position()
                );
            }
        }
    }

    #[test]
    fn in_play_mode_too_a_table_result_that_is_no_proof_is_never_claimed() {
        // The same false results, now a loss for the side to move after
        // `house`: play mode, which scores only its best move, takes
        // `house` as a win, and must not claim it.
        let mut rng = ChaCha8Rng::seed_from_u64(44);
        let stop = AtomicBool::new(false);
        let mut taken = 0;
        for (capture, doubtful) in [(true, true), (false, false)] {
            for _ in 0..20 {
                let (game, house) = root_and_move(&mut rng, capture);
                let mut engine = engine();
                engine.set_analysis(false);
                plant(&engine, &game, house, -win_in(2), doubtful);
                let result = engine.search(&game, &Limits::depth(4), &stop, &mut |_| {});
                assert!(
                    result.score.proven().is_none(),
                    "{:?} scored {} with {:?}",
                    game.position(),
                    result.score,
                    result.best
                );
                taken += usize::from(result.best == Some(house) && result.score.is_likely());
            }
        }
        // The false result did reach the root, so the claim was put to the
        // test: the move was taken as a likely win (in all 40, today).
        assert!(taken >= 30, "{taken} of 40 took the planted result");
    }
}
