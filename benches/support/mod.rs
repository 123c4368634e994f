//! What the bench binaries share: the process's CPU time and peak memory,
//! read from /proc (Linux). The machines are shared, so the benches report
//! CPU time beside wall time: wall time counts the waits for a core.
// Each bench binary compiles this module and uses a part of it.
#![allow(dead_code)]

/// The process's peak resident memory (VmHWM), on Linux.
pub fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.to_string())
        })
        .map_or("peak memory: unknown".into(), |l| {
            l.split_whitespace().skip(1).collect::<Vec<_>>().join(" ")
        })
}

/// CPU seconds used by this process so far, every thread including those
/// that have ended (Linux: utime + stime of /proc/self/stat, in clock
/// ticks of 10 ms). Reported beside wall time because the machine is
/// shared: wall time counts the waits for a core, CPU time does not.
pub fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    (ticks(11) + ticks(12)) / 100.0
}

/// CPU seconds of this process's live threads, to the nanosecond: the sum
/// over /proc/self/task/*/schedstat. For work on threads that outlive the
/// measure (a worker pool), where 10 ms ticks are too coarse for a 20 ms
/// call; threads that end take their time with them.
pub fn live_threads_cpu_seconds() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    let nanos: u64 = tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    nanos as f64 / 1e9
}
