//! Builds a database in memory and prints each slice's time and speed.

fn main() {
    let mut args = std::env::args().skip(1);
    let ruleset: oware_egdb::Ruleset = args.next().unwrap_or("awari".into()).parse().unwrap();
    let max: u8 = args.next().unwrap_or("12".into()).parse().unwrap();
    let _ = oware_egdb::Database::build_with_progress(ruleset, max, &|event| {
        if let oware_egdb::BuildEvent::Finished(r) = event {
            println!(
                "{} seeds: {} positions in {:.3} s ({:.2} M/s), exact {:.4}",
                r.seeds,
                r.positions,
                r.elapsed.as_secs_f64(),
                r.positions as f64 / r.elapsed.as_secs_f64() / 1e6,
                r.exact as f64 / r.positions as f64
            );
        }
    });
}
