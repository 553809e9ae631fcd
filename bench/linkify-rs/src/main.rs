//! linkify-bench FILE...: times robinst/linkify's LinkFinder (URLs with a
//! scheme and e-mail addresses, its defaults) over each file held in
//! memory, for iriscan's bench command to run side by side with its own
//! scanner. For each file it prints one line, tab-separated:
//!   file  bytes  links  best_ns  median_ns  rounds
//! where the times are one whole pass over the file, measured with a
//! monotonic clock, the best and the median of the rounds (each round at
//! least --min-ms of passes, default 200).
use linkify::LinkFinder;
use std::time::Instant;

fn main() {
    let mut min_ms: u128 = 200;
    let mut rounds: usize = 5;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--min-ms" => min_ms = args.next().and_then(|v| v.parse().ok()).expect("--min-ms N"),
            "--rounds" => rounds = args.next().and_then(|v| v.parse().ok()).expect("--rounds N"),
            _ => files.push(a),
        }
    }
    let finder = LinkFinder::new();
    for name in files {
        let data = std::fs::read(&name).expect("read input");
        let text = String::from_utf8_lossy(&data).into_owned();
        let mut links = 0usize;
        let mut per_round = Vec::new();
        for _ in 0..rounds {
            let start = Instant::now();
            let mut passes = 0u128;
            loop {
                links = finder.links(&text).count();
                passes += 1;
                if start.elapsed().as_millis() >= min_ms {
                    break;
                }
            }
            per_round.push(start.elapsed().as_nanos() / passes);
        }
        per_round.sort();
        println!("{}\t{}\t{}\t{}\t{}\t{}", name, text.len(), links, per_round[0], per_round[per_round.len() / 2], rounds);
    }
}
