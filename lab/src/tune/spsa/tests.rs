//! SPSA's gains, its update on a synthetic objective, resuming, and one
//! iteration of real games.

use super::*;

fn parameter(name: &str, start: f64, min: f64, max: f64) -> Parameter {
    Parameter {
        name: name.to_owned(),
        start,
        min,
        max,
        c_end: 1.0,
        r_end: 0.02,
    }
}

fn run(iterations: u32, pairs: usize) -> Run {
    Run {
        iterations,
        pairs,
        depth: 1,
        ms: 0,
        seed: 11,
        rules: Rules::ABAPA,
        engine: None,
    }
}

/// A log path in a fresh temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-spsa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("run.log")
}

/// Games between two points of a noisy quadratic: the first wins each of
/// `2 × pairs` games with probability σ(f(minus) − f(plus)), where f is
/// the squared distance to `optimum` in units of 4; drawn from a seed of
/// `k`, so the same iteration plays the same games.
fn quadratic(
    optimum: Vec<f64>,
    pairs: usize,
) -> impl FnMut(u32, &[f64], &[f64]) -> anyhow::Result<i32> {
    move |k, plus, minus| {
        let f = |theta: &[f64]| -> f64 {
            theta
                .iter()
                .zip(&optimum)
                .map(|(t, o)| ((t - o) / 4.0).powi(2))
                .sum()
        };
        let p = crate::selfplay::sigmoid(f(minus) - f(plus));
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(k) ^ 0xfeed);
        Ok((0..2 * pairs)
            .map(|_| if rng.random::<f64>() < p { 1 } else { -1 })
            .sum())
    }
}

#[test]
fn the_gains_fall_to_c_end_and_r_end_at_the_last_iteration() {
    let p = Parameter {
        c_end: 0.5,
        r_end: 0.002,
        ..parameter("x", 0.0, -1.0, 1.0)
    };
    let gains = Gains::new(&p, 1000);
    let last = 999;
    assert!((gains.perturbation(last) - 0.5).abs() < 1e-12);
    let ratio = gains.step(last) / gains.perturbation(last).powi(2);
    assert!((ratio - 0.002).abs() < 1e-12, "{ratio}");
    // Both fall, c_k by (k + 1)^-0.101 and a_k by (A + k + 1)^-0.602 with A = 100.
    assert!((gains.perturbation(0) / gains.perturbation(last) - 1000f64.powf(0.101)).abs() < 1e-9);
    assert!((gains.step(0) / gains.step(last) - (1100.0f64 / 101.0).powf(0.602)).abs() < 1e-9);
    for k in 0..last {
        assert!(gains.perturbation(k + 1) < gains.perturbation(k));
        assert!(gains.step(k + 1) < gains.step(k));
    }
}

#[test]
fn an_iteration_moves_theta_by_the_step_times_the_score_along_the_signs() {
    let parameters = [
        parameter("x", 5.0, 0.0, 10.0),
        parameter("y", 5.0, 0.0, 10.0),
    ];
    let r = run(100, 2);
    let mut state = State {
        done: 7,
        theta: vec![5.0, 5.0],
    };
    let mut asked = Vec::new();
    let mut play = |k: u32, plus: &[f64], minus: &[f64]| {
        asked.push((k, plus.to_vec(), minus.to_vec()));
        Ok(3)
    };
    assert_eq!(iterate(&parameters, &r, &mut state, &mut play).unwrap(), 3);
    let g = Gains::new(&parameters[0], 100);
    let (c, a) = (g.perturbation(7), g.step(7));
    let s = signs(r.seed, 7, 2);
    let (k, plus, minus) = &asked[0];
    assert_eq!(*k, 7);
    for i in 0..2 {
        assert!((plus[i] - (5.0 + c * s[i])).abs() < 1e-12);
        assert!((minus[i] - (5.0 - c * s[i])).abs() < 1e-12);
        assert!((state.theta[i] - (5.0 + a / c * 3.0 * s[i])).abs() < 1e-12);
    }
    assert_eq!(state.done, 8);
    // A score far too large for the bounds leaves θ on them.
    let mut huge = |_: u32, _: &[f64], _: &[f64]| Ok(1_000_000);
    iterate(&parameters, &r, &mut state, &mut huge).unwrap();
    let s = signs(r.seed, 8, 2);
    for (theta, s) in state.theta.iter().zip(&s) {
        assert_eq!(*theta, if *s > 0.0 { 10.0 } else { 0.0 });
    }
}

#[test]
fn spsa_climbs_a_noisy_quadratic_to_its_optimum() {
    let parameters = [
        parameter("x", 2.0, 0.0, 20.0),
        parameter("y", 2.0, 0.0, 20.0),
        parameter("z", 15.0, 0.0, 20.0),
    ];
    let optimum = vec![12.0, 5.0, 9.0];
    let r = run(2000, 4);
    let mut state = State {
        done: 0,
        theta: parameters.iter().map(|p| p.start).collect(),
    };
    let mut play = quadratic(optimum.clone(), r.pairs);
    while state.done < r.iterations {
        iterate(&parameters, &r, &mut state, &mut play).unwrap();
    }
    for (theta, best) in state.theta.iter().zip(&optimum) {
        assert!(
            (theta - best).abs() < 1.0,
            "θ {:?}, optimum {optimum:?}",
            state.theta
        );
    }
}

#[test]
fn a_run_resumed_from_its_log_equals_a_straight_one() {
    let parameters = [
        parameter("x", 2.0, 0.0, 20.0),
        parameter("y", 9.0, 0.0, 20.0),
    ];
    let r = run(6, 2);
    let straight = scratch("straight");
    let resumed = scratch("resumed");
    let optimum = vec![10.0, 4.0];
    let whole = drive(
        &parameters,
        &r,
        &straight,
        None,
        &mut quadratic(optimum.clone(), 2),
    )
    .unwrap();
    let first = drive(
        &parameters,
        &r,
        &resumed,
        Some(3),
        &mut quadratic(optimum.clone(), 2),
    )
    .unwrap();
    assert_eq!(first.done, 3);
    let text = std::fs::read_to_string(&resumed).unwrap();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 3);
    let then = drive(
        &parameters,
        &r,
        &resumed,
        None,
        &mut quadratic(optimum.clone(), 2),
    )
    .unwrap();
    assert_eq!(then, whole);
    assert_eq!(whole.done, 6);
    assert_eq!(
        std::fs::read_to_string(&resumed).unwrap(),
        std::fs::read_to_string(&straight).unwrap()
    );
    // A finished run plays nothing more.
    let mut none =
        |_: u32, _: &[f64], _: &[f64]| -> anyhow::Result<i32> { bail!("no game is played") };
    assert_eq!(
        drive(&parameters, &r, &resumed, None, &mut none).unwrap(),
        whole
    );
    for dir in [&straight, &resumed] {
        std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    }
}

#[test]
fn a_log_of_another_run_or_damaged_is_refused_by_line() {
    let parameters = [parameter("x", 2.0, 0.0, 20.0)];
    let path = scratch("refused");
    drive(
        &parameters,
        &run(6, 2),
        &path,
        Some(2),
        &mut quadratic(vec![5.0], 2),
    )
    .unwrap();
    let error = format!(
        "{:#}",
        Log::open(&path, &parameters, &run(6, 3)).err().unwrap()
    );
    assert!(error.contains("header is not this run's"), "{error}");
    let other = [parameter("x", 3.0, 0.0, 20.0)];
    assert!(Log::open(&path, &other, &run(6, 2)).is_err());
    let text = std::fs::read_to_string(&path).unwrap();
    let header = text.lines().filter(|l| l.starts_with('#')).count();
    for (damage, reason) in [
        (
            text.replace("\n1 ", "\n2 "),
            "iteration `2` where 1 is expected",
        ),
        (
            text.clone() + "2 4.5\n",
            "2 fields where k, 1 values and the score are expected",
        ),
        (text.clone() + "2 four 1\n", "`four` is not a value"),
    ] {
        std::fs::write(&path, damage).unwrap();
        let error = format!(
            "{:#}",
            Log::open(&path, &parameters, &run(6, 2)).err().unwrap()
        );
        let line = if reason.starts_with("iteration") {
            header + 2
        } else {
            header + 3
        };
        assert!(error.contains(&format!("line {line}: {reason}")), "{error}");
    }
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn the_committed_parameters_are_knobs_of_the_search() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("spsa/search.params");
    let parameters = read_parameters(&path, false).unwrap();
    let start: Vec<f64> = parameters.iter().map(|p| p.start).collect();
    // The file starts from the values games are played with.
    assert_eq!(knobs(&parameters, &start).unwrap(), Knobs::DEFAULT);
    let wrong = scratch("wrong").with_file_name("wrong.params");
    std::fs::write(&wrong, "lmr_depth 3 1 8 0.5 0.002\nspeed 1 0 2 0.5 0.002\n").unwrap();
    let error = format!("{:#}", read_parameters(&wrong, false).unwrap_err());
    assert!(
        error.contains("wrong.params: line 2: `speed`: no knob `speed`"),
        "{error}"
    );
    std::fs::remove_dir_all(wrong.parent().unwrap()).unwrap();
}

#[test]
fn one_iteration_plays_two_real_games_at_depth_1() {
    let path = scratch("games");
    let spec = path.with_file_name("search.params");
    std::fs::write(&spec, "lmr_depth 3 1 8 1 0.002\nqs 2 0 6 1 0.002\n").unwrap();
    for (iterations, pairs) in [(0, 1), (1, 0)] {
        let error = super::run(&spec, &path, &run(iterations, pairs), 2, None).unwrap_err();
        assert!(
            error.to_string().contains("at least one of each"),
            "{error}"
        );
        assert!(!path.exists());
    }
    let r = run(1, 1);
    super::run(&spec, &path, &r, 2, None).unwrap();
    let parameters = read_parameters(&spec, false).unwrap();
    let (_, state) = Log::open(&path, &parameters, &r).unwrap();
    assert_eq!(state.done, 1);
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().last().unwrap();
    let score: i32 = line.split_whitespace().last().unwrap().parse().unwrap();
    assert!((-2..=2).contains(&score), "{line}");
    // θ moved by a_0 / c_0 × score along the signs, within the bounds.
    let s = signs(r.seed, 0, 2);
    for ((theta, p), s) in state.theta.iter().zip(&parameters).zip(&s) {
        let g = Gains::new(p, 1);
        let expected = p.clamp(p.start + g.step(0) / g.perturbation(0) * f64::from(score) * s);
        assert!((theta - expected).abs() < 1e-12, "{line}");
    }
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_program_gets_the_values_as_its_options() {
    let parameters = [
        parameter("Aspiration", 12.0, 4.0, 40.0),
        parameter("qs", 2.0, 0.0, 6.0),
    ];
    let spec = "cmd=oware uci,option.Hash=8,name=x";
    let engine = engine_spec(spec, "plus", &parameters, &[13.4, 0.6]).unwrap();
    assert_eq!(engine.name.as_deref(), Some("plus"));
    let options: Vec<(&str, &str)> = engine
        .options
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(options, [("Hash", "8"), ("Aspiration", "13"), ("qs", "1")]);
    let error = format!(
        "{:#}",
        engine_spec("level:3", "plus", &parameters, &[13.0, 2.0]).unwrap_err()
    );
    assert!(error.contains("a `cmd=` one"), "{error}");
    assert!(engine_spec("cmd=", "plus", &parameters, &[13.0, 2.0]).is_err());
    // The names of a program's options are the program's to check.
    let path = scratch("options").with_file_name("options.params");
    std::fs::write(&path, "Aspiration 12 4 40 2 0.002\n").unwrap();
    assert!(read_parameters(&path, false).is_err());
    assert_eq!(read_parameters(&path, true).unwrap()[0].name, "Aspiration");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_program_that_cannot_start_stops_the_run_before_any_game() {
    let path = scratch("cannot-start");
    let spec = path.with_file_name("search.params");
    std::fs::write(&spec, "lmr_depth 3 1 8 1 0.002\n").unwrap();
    let missing = path.with_file_name("no-such-engine");
    let r = Run {
        engine: Some(format!("cmd={} uci", missing.display())),
        ..run(3, 1)
    };
    // Forfeits would count as lost games and steer θ; the run stops instead.
    let error = format!("{:#}", super::run(&spec, &path, &r, 1, None).unwrap_err());
    assert!(error.contains("engine plus"), "{error}");
    let done = Log::open(&path, &read_parameters(&spec, true).unwrap(), &r)
        .map(|(_, state)| state.done)
        .unwrap_or(0);
    assert_eq!(done, 0, "no iteration is logged");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}
