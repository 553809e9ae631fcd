//! linkify-bench FILE...: times robinst/linkify's LinkFinder (URLs with a
//! scheme and e-mail addresses, its defaults) over each file held in
//! memory, for iriscan's bench command to run side by side with its own
//! scanner. For each file it prints one line, tab-separated:
//!   file  bytes  links  best_ns  median_ns  rounds
//! where the times are the CPU time of the process (CLOCK_PROCESS_CPUTIME_ID)
//! for one whole pass over the file: the best and the median of the rounds,
//! each round the best pass of at least --min-ms of passes (default 200).
//! CPU time, not wall time, so that a pass that waited for a core on a
//! loaded machine does not count that wait.
use linkify::LinkFinder;

fn cpu_now() -> u128 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.tv_sec as u128 * 1_000_000_000 + ts.tv_nsec as u128
}

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
            let start = cpu_now();
            let mut best = u128::MAX;
            loop {
                let t = cpu_now();
                links = finder.links(&text).count();
                best = best.min(cpu_now() - t);
                if cpu_now() - start >= min_ms * 1_000_000 {
                    break;
                }
            }
            per_round.push(best);
        }
        per_round.sort();
        println!("{}\t{}\t{}\t{}\t{}\t{}", name, text.len(), links, per_round[0], per_round[per_round.len() / 2], rounds);
    }
}
