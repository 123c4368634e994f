//! What the bench binaries share: the process's CPU time and peak memory,
//! read from /proc (Linux). The machines are shared, so the benches report
//! CPU time beside wall time: wall time counts the waits for a core.

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

/// CPU seconds used by this process's live threads so far: the sum over
/// /proc/self/task/*/schedstat of the time on a CPU, in nanoseconds (the
/// clock ticks of /proc/self/stat are 10 ms, too coarse for a 25 ms call).
/// Reported beside wall time because the machine is shared: wall time
/// counts the waits for a core, CPU time does not.
pub fn cpu_seconds() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    let nanos: u64 = tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    nanos as f64 / 1e9
}
