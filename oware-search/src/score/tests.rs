//! The scores' unit tests: the value bands, the ply shifts, the text.

use super::*;

#[test]
fn short_scores_fit_a_column_and_say_a_likely_result() {
    assert_eq!(Short(Score::loss_in(3)).to_string(), "loss 3");
    assert_eq!(Short(Score::PROVEN_DRAW).to_string(), "draw");
    assert_eq!(Short(Score::from_seeds(-0.25)).to_string(), "-0.25");
    assert_eq!(Short(Score::loss_in(9).doubted()).to_string(), "loss 9?");
    assert_eq!(format!("{:<7}|", Short(Score::win_in(5))), "win 5  |");
}

#[test]
fn table_values_round_trip_across_plies() {
    for ply in [0, 3, 40] {
        for value in [win_in(ply + 5), loss_in(ply + 2), 17, -300] {
            assert_eq!(from_table(to_table(value, ply), ply), value);
        }
    }
    // A win 5 plies below a node at ply 3 is a win 5 plies below it at ply 9.
    assert_eq!(from_table(to_table(win_in(8), 3), 9), win_in(14));
}

#[test]
fn order_and_centi() {
    assert!(Score::win_in(3) > Score::win_in(5));
    assert!(Score::loss_in(5) > Score::loss_in(3));
    assert!(Score::PROVEN_DRAW > Score::from_value(0));
    assert!(Score::PROVEN_DRAW < Score::from_value(1));
    assert_eq!(Score::win_in(3).to_centi(), 99_997);
    assert_eq!(Score::loss_in(3).to_centi(), -99_997);
    assert_eq!(Score::from_seeds(-1.5).to_centi(), -150);
    assert_eq!(Score::win_in(4).flip(), Score::loss_in(4));
    assert_eq!(Score::from_seeds(-1.5).to_string(), "-1.50");
}

#[test]
fn the_decisive_band_starts_at_proven_bound() {
    for value in [
        PROVEN_BOUND,
        -PROVEN_BOUND,
        ENDGAME_WIN,
        win_in(0),
        loss_in(0),
    ] {
        assert!(is_decisive(value), "{value}");
        assert!(Score::from_value(value).is_decisive(), "{value}");
    }
    for value in [PROVEN_BOUND - 1, -PROVEN_BOUND + 1, DRAW, 5, -5] {
        assert!(!is_decisive(value), "{value}");
        assert!(!Score::from_value(value).is_decisive(), "{value}");
    }
    assert!(!Score::PROVEN_DRAW.is_decisive());
    assert_eq!(
        Score::from_value(MATE_BOUND).proven(),
        Some(Proven::Win { plies: 1_000 })
    );
    assert_eq!(
        Score::from_value(-MATE_BOUND).proven(),
        Some(Proven::Loss { plies: 1_000 })
    );
    assert_eq!(Score::from_value(PROVEN_BOUND - 1).proven(), None);
    assert_eq!(Score::from_value(-PROVEN_BOUND + 1).proven(), None);
}

#[test]
fn table_form_shifts_only_the_decisive_band() {
    // At the band's edges: a mate value moves by the ply, a heuristic
    // value one short of the band stays put.
    assert_eq!(to_table(PROVEN_BOUND, 4), PROVEN_BOUND + 4);
    assert_eq!(to_table(-PROVEN_BOUND, 4), -PROVEN_BOUND - 4);
    assert_eq!(to_table(PROVEN_BOUND - 1, 4), PROVEN_BOUND - 1);
    assert_eq!(to_table(-PROVEN_BOUND + 1, 4), -PROVEN_BOUND + 1);
    assert_eq!(from_table(PROVEN_BOUND + 4, 4), PROVEN_BOUND);
    assert_eq!(from_table(-PROVEN_BOUND - 4, 4), -PROVEN_BOUND);
    assert_eq!(from_table(PROVEN_BOUND - 1, 4), PROVEN_BOUND - 1);
    assert_eq!(from_table(-PROVEN_BOUND + 1, 4), -PROVEN_BOUND + 1);
    // A win in 2 from a node at ply 6 is stored as a win in 2 from it.
    assert_eq!(to_table(win_in(8), 6), win_in(2));
    assert_eq!(to_table(loss_in(8), 6), loss_in(2));
    assert_eq!(from_table(win_in(2), 6), win_in(8));
    assert_eq!(from_table(loss_in(2), 6), loss_in(8));
}

#[test]
fn seeds_clamp_below_the_decisive_band() {
    assert_eq!(Score::from_seeds(1.0).value(), SEED);
    assert_eq!(Score::from_seeds(-0.5).value(), -SEED / 2);
    // However large, a heuristic score is never a proven result.
    assert_eq!(Score::from_seeds(1e6), Score::from_value(PROVEN_BOUND - 1));
    assert_eq!(
        Score::from_seeds(-1e6),
        Score::from_value(-PROVEN_BOUND + 1)
    );
    assert_eq!(Score::from_seeds(1e6).proven(), None);
    assert_eq!(Score::from_seeds(-1e6).proven(), None);
    assert_eq!(Score::from_seeds(2.5).seeds(), 2.5);
    assert!((Score::win_in(3).seeds() - 999.97).abs() < 1e-3);
    assert_eq!(Score::PROVEN_DRAW.to_centi(), 0);
    assert_eq!(Score::PROVEN_DRAW.seeds(), 0.0);
}

#[test]
fn text_seeds_and_centiseeds_round_alike() {
    // -5/32 of a seed is -0.15625: the nearest hundredth is -0.16 in
    // every form (the text once rounded while `seeds` truncated).
    let score = Score::from_value(-5);
    assert_eq!(score.to_centi(), -16);
    assert_eq!(score.seeds(), -0.16);
    assert_eq!(score.to_string(), "-0.16");
    // Halves round away from zero: 4/32 is 0.125.
    assert_eq!(Score::from_value(4).to_string(), "+0.13");
    assert_eq!(Score::from_value(-4).to_centi(), -13);
    for value in -200..=200 {
        let score = Score::from_value(value);
        let text: f32 = score.to_string().parse().unwrap();
        assert_eq!(text, score.seeds(), "{value}");
        let exact = value as f64 * 100.0 / f64::from(SEED);
        assert!(
            (f64::from(score.to_centi()) - exact).abs() <= 0.5,
            "{value}"
        );
    }
    assert_eq!(Score::from_value(0).to_string(), "+0.00");
}

#[test]
fn a_likely_result_is_no_proof() {
    let likely = Score::win_in(7).doubted();
    assert!(likely.is_likely() && likely.is_decisive());
    assert_eq!(likely.proven(), None);
    assert_eq!(likely.result(), Some(Proven::Win { plies: 7 }));
    assert_eq!(likely.to_string(), "likely win in 7");
    assert_eq!(likely.flip().to_string(), "likely loss in 7");
    assert_eq!(likely.to_centi(), Score::win_in(7).to_centi());
    // Only wins and losses are doubted; the order is the value's.
    assert_eq!(Score::from_seeds(2.0).doubted(), Score::from_seeds(2.0));
    assert_eq!(Score::PROVEN_DRAW.doubted(), Score::PROVEN_DRAW);
    assert!(likely > Score::win_in(8) && likely < Score::win_in(6));
    let db = Score::endgame_win_in(3).doubted();
    assert_eq!(db.to_string(), "likely database win");
    assert_eq!(db.proven(), None);
}

#[test]
fn flip_and_same_value() {
    assert_eq!(Score::PROVEN_DRAW.flip(), Score::PROVEN_DRAW);
    assert_eq!(Score::from_seeds(1.5).flip(), Score::from_seeds(-1.5));
    assert_eq!(Score::loss_in(6).flip(), Score::win_in(6));
    assert!(Score::PROVEN_DRAW.same_value(Score::from_value(0)));
    assert!(Score::win_in(2).same_value(Score::win_in(2)));
    assert!(!Score::from_value(1).same_value(Score::from_value(0)));
    assert!(!Score::win_in(2).same_value(Score::win_in(3)));
}

#[test]
fn proven_results_read_as_words() {
    assert_eq!(Score::win_in(7).to_string(), "win in 7");
    assert_eq!(Score::loss_in(4).to_string(), "loss in 4");
    assert_eq!(Score::PROVEN_DRAW.to_string(), "draw");
    assert_eq!(Score::from_value(0).to_string(), "+0.00");
    assert_eq!(format!("{:?}", Score::win_in(7)), "Score(win in 7)");
    assert_eq!(Proven::Win { plies: 7 }.to_string(), "win in 7");
    assert_eq!(Proven::Loss { plies: 4 }.to_string(), "loss in 4");
    assert_eq!(Proven::Draw.to_string(), "draw");
}

#[test]
fn endgame_wins_sit_between_heuristics_and_mates() {
    let win = Score::endgame_win_in(4);
    assert!(win.is_endgame() && win.is_decisive());
    assert!(Score::win_in(900) > win && win > Score::from_seeds(48.0));
    assert!(Score::endgame_win_in(2) > win);
    // The nearest there can be, and the band's top itself, are below
    // every mate: a database win never reads as a win at a distance.
    assert!(Score::endgame_win_in(1).is_endgame());
    assert!(Score::from_value(ENDGAME_WIN).is_endgame());
    assert!(Score::from_value(ENDGAME_WIN) < Score::win_in(MAX_PLY as u32));
    assert_eq!(win.proven(), Some(Proven::Win { plies: 4 }));
    assert_eq!(win.flip().proven(), Some(Proven::Loss { plies: 4 }));
    assert!(win.flip().is_endgame() && !Score::win_in(4).is_endgame());
    assert_eq!(win.to_centi(), 49_996);
    assert_eq!(win.to_string(), "database win");
    // A database win 4 plies below a node at ply 1 is one 4 plies below it at ply 6.
    let value = ENDGAME_WIN - 5;
    assert_eq!(from_table(to_table(value, 1), 6), ENDGAME_WIN - 10);
}

#[test]
fn a_databases_results_read_as_such_in_every_form() {
    let win = Score::from_value(ENDGAME_WIN - 3);
    let loss = Score::from_value(-(ENDGAME_WIN - 3));
    assert!(win.is_endgame() && loss.is_endgame());
    // The band: from PROVEN_BOUND up to, not including, MATE_BOUND.
    assert!(Score::from_value(PROVEN_BOUND).is_endgame());
    assert!(!Score::from_value(PROVEN_BOUND - 1).is_endgame());
    assert!(!Score::from_value(MATE_BOUND).is_endgame());
    assert!(!Score::win_in(3).is_endgame() && !Score::loss_in(3).is_endgame());
    for seeds in [1.0, 40.0, -40.0] {
        let heuristic = Score::from_seeds(seeds);
        assert!(
            !heuristic.is_endgame() && heuristic.result().is_none(),
            "{seeds}"
        );
    }
    assert_eq!(win.to_centi(), 50_000 - 3);
    assert_eq!(loss.to_centi(), -(50_000 - 3));
    assert_eq!(win.to_string(), "database win");
    assert_eq!(loss.to_string(), "database loss");
    assert_eq!(Short(win).to_string(), "win db");
    assert_eq!(Short(loss).to_string(), "loss db");
    assert_eq!(Short(loss.doubted()).to_string(), "loss db?");
    assert_eq!(win.doubted().to_string(), "likely database win");
    // Doubting twice leaves a likely result likely.
    assert!(win.doubted().doubted().is_likely());
    assert!(Score::win_in(5).doubted().doubted().is_likely());
}
