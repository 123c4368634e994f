"""Run tysiac batch jobs as shards on a Dask cluster, merge and check:
`tysiac bid-table` (bid tables), and `tysiac play` (computer players'
games: the real-play model's training games and the bid check's
playouts, docs/bid.md).

Each shard I/N is one Dask task: it runs `tysiac bid-table ... --shard I/N
--out WORK_DIR/shard-I-of-N.jsonl` on a worker and returns the shard's
lines. The tysiac binary is shipped to the workers (or found there with
--worker-binary); so is the hands file. A task that fails is retried
(`retries`); a task whose worker dies is rescheduled by Dask on another
worker (up to `distributed.scheduler.allowed-failures` times). A rerun
shard resumes its output file: the lines already complete are kept, a torn
last line is redone, no hand is written twice (tysiac's `--out`; a lock
file keeps two processes off one file). The driver writes the shards'
lines in shard order and checks that every item is there exactly once, in
order.
"""

import argparse
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

from .hands import ALL_HANDS


def _die_with_parent():
    """In the tysiac child: be killed when the worker process dies (Linux),
    so a lost worker leaves no orphan writing its shard."""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:  # not Linux: the output lock still guards the file
        pass


def _materialize(name, sha, data, directory):
    """Writes `data` to directory/<sha>/name once (atomically); its path."""
    d = os.path.join(directory, sha[:16])
    path = os.path.join(d, name)
    if os.path.exists(path):
        return path
    os.makedirs(d, exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o755)
    os.replace(tmp, path)
    return path


def _executable(binary):
    """The tysiac to run on this worker: `binary` is ("path", p) or
    ("bytes", sha, data), written once to the worker's cache."""
    cache = os.path.join(tempfile.gettempdir(), "tysiac-cluster")
    if binary[0] == "path":
        return binary[1]
    return _materialize("tysiac", binary[1], binary[2], cache)


def _run(cmd, out, what):
    """Runs one tysiac task; its output file's text."""
    r = subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        preexec_fn=_die_with_parent,
    )
    if r.returncode != 0:
        raise RuntimeError(f"{what}: {' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
    with open(out) as f:
        return f.read()


def run_shard(binary, hands, args, shard, count, work_dir):
    """One task: shard `shard` of `count`. `binary` is ("path", p) or
    ("bytes", sha, data); `hands` is None (--all) or (sha, text). Returns
    (shard, lines text)."""
    os.makedirs(work_dir, exist_ok=True)
    cache = os.path.join(tempfile.gettempdir(), "tysiac-cluster")
    exe = _executable(binary)
    cmd = [exe, "bid-table", *args]
    if hands is None:
        cmd.append("--all")
    else:
        cmd += ["--hands", _materialize("hands.txt", hands[0], hands[1].encode(), cache)]
    out = os.path.join(work_dir, f"shard-{shard:06d}-of-{count:06d}.jsonl")
    cmd += ["--shard", f"{shard}/{count}", "--out", out, "--quiet"]
    return shard, _run(cmd, out, f"shard {shard}/{count}")


def run_play_shard(binary, args, shard, count, out):
    """One task of a `tysiac play` job: shard `shard` of `count` of its
    deals into `out` (resumed when it exists). Returns (shard, lines)."""
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [_executable(binary), "play", *args, "--json", "--quiet", "--threads", "1",
           "--shard", f"{shard}/{count}", "--out", out]
    return shard, _run(cmd, out, f"play shard {shard}/{count}")


def _ship(client, binary, worker_binary):
    """The binary every task runs: a path on the workers, or the local one
    broadcast once."""
    if worker_binary:
        return ("path", worker_binary)
    with open(binary, "rb") as f:
        data = f.read()
    sha = hashlib.sha256(data).hexdigest()
    [fut] = client.scatter([("bytes", sha, data)], broadcast=True)
    return fut


def run_play(client, out, binary, deals, seed, rules="standard", player="pimc:20", shards=8,
             hand=None, seat=None, work_dir=None, worker_binary=None, retries=3):
    """Plays `deals` games with `player` in every seat (`tysiac play`), in
    `shards` tasks; writes their lines to `out` in order (checked: every
    deal once, in order); returns the number of games. A rerun resumes
    each shard's file (the same work_dir)."""
    bref = _ship(client, binary, worker_binary)
    work_dir = work_dir or tempfile.mkdtemp(prefix="tysiac-play-")
    args = ["--declarer", player, "--defenders", player, "--deals", str(deals),
            "--seed", str(seed), "--rules", rules]
    if hand:
        args += ["--hand", hand]
        if seat:
            args += ["--seat", seat]
    futures = [
        client.submit(run_play_shard, bref, args, i, shards,
                      os.path.join(work_dir, f"play-{i:06d}-of-{shards:06d}.jsonl"),
                      key=f"tysiac-play-{i}-of-{shards}-{time.time_ns()}",
                      retries=retries, pure=False)
        for i in range(1, shards + 1)
    ]
    text = merge(client.gather(futures))
    check_table(text, range(deals))
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out)
    return text.count("\n")


def run_play_hands(client, out_dir, binary, hands_file, deals, defence=0, rules="standard",
                   player="pimc:20", worker_binary=None, retries=3):
    """The bid check's playouts (`tysiac bid-model hands` lines: hand,
    stratum, seed): for each hand `deals` games as declarer, seeded by its
    seed, and `defence` more at each defender's seat (its seed xor 1 and 2),
    one task a run, each into out_dir/hand-K[-l|-r].jsonl (resumed when a
    rerun finds it). Returns the number of games."""
    bref = _ship(client, binary, worker_binary)
    os.makedirs(out_dir, exist_ok=True)
    futures = []
    with open(hands_file) as f:
        hands = [line.split() for line in f if line.strip()]
    for k, (hand, _stratum, seed) in enumerate(hands):
        runs = [("", int(seed), deals, None)]
        if defence:
            runs += [("-l", int(seed) ^ 1, defence, "l"), ("-r", int(seed) ^ 2, defence, "r")]
        for suffix, s, n, seat in runs:
            args = ["--declarer", player, "--defenders", player, "--deals", str(n),
                    "--seed", str(s), "--rules", rules, "--hand", hand]
            if seat:
                args += ["--seat", seat]
            path = os.path.join(out_dir, f"hand-{k}{suffix}.jsonl")
            futures.append(client.submit(run_play_shard, bref, args, 1, 1, path,
                                         key=f"tysiac-hand-{k}{suffix}-{time.time_ns()}",
                                         retries=retries, pure=False))
    parts = client.gather(futures)
    return sum(text.count("\n") for _, text in parts)


def expected_indices(hands_text, shards):
    """The item numbers of the whole run: 0..n-1 (n hands, or all)."""
    if hands_text is None:
        return range(ALL_HANDS)
    n = sum(1 for line in hands_text.splitlines() if line.split("#")[0].strip())
    return range(n)


def merge(parts):
    """The shards' texts, in shard order, as one text."""
    return "".join(text for _, text in sorted(parts))


def check_table(text, indices):
    """Every item exactly once, in order, each line complete JSON with
    its index. Raises ValueError naming the line at fault."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        raise ValueError("the merged table does not end with a complete line")
    want = list(indices)
    if len(lines) != len(want):
        raise ValueError(f"the merged table has {len(lines)} lines; the run has {len(want)} items")
    for k, (line, w) in enumerate(zip(lines, want)):
        try:
            index = json.loads(line)["index"]
        except (ValueError, KeyError) as e:
            raise ValueError(f"merged line {k + 1}: not a table row: {e}")
        if index != w:
            raise ValueError(f"merged line {k + 1}: index {index}, expected {w} (lost, duplicated or out of order)")


def run_bid_table(client, out, binary, hands_file=None, shards=8, samples=1000, seed=1000,
                  rules="standard", threads=1, work_dir=None, worker_binary=None, retries=3,
                  on_submit=None):
    """Runs the whole table on `client`'s cluster; writes `out`; returns
    the number of rows. `binary`: the local tysiac to ship; `worker_binary`:
    a path valid on every worker instead."""
    bref = _ship(client, binary, worker_binary)
    hands = None
    if hands_file:
        with open(hands_file) as f:
            text = f.read()
        hands = (hashlib.sha256(text.encode()).hexdigest(), text)
    work_dir = work_dir or tempfile.mkdtemp(prefix="tysiac-shards-")
    args = ["--samples", str(samples), "--seed", str(seed), "--rules", rules,
            "--threads", str(threads)]
    futures = [
        client.submit(run_shard, bref, hands, args, i, shards, work_dir,
                      key=f"tysiac-shard-{i}-of-{shards}-{time.time_ns()}",
                      retries=retries, pure=False)
        for i in range(1, shards + 1)
    ]
    if on_submit:
        on_submit(futures, work_dir)
    parts = client.gather(futures)
    text = merge(parts)
    check_table(text, expected_indices(hands[1] if hands else None, shards))
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out)
    return text.count("\n")


def _client(a):
    from dask.distributed import Client, LocalCluster

    if a.scheduler:
        return Client(a.scheduler), None
    cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, host="127.0.0.1",
                           dashboard_address=None)
    return Client(cluster), cluster


def _cluster_args(p):
    p.add_argument("--binary", default="target/release/tysiac", help="the tysiac binary to ship to the workers")
    p.add_argument("--worker-binary", help="a tysiac path valid on every worker (no shipping)")
    p.add_argument("--retries", type=int, default=3)
    p.add_argument("--scheduler", help="address of a running scheduler (else a LocalCluster)")
    p.add_argument("--workers", type=int, default=2, help="LocalCluster: worker processes")


def play_main(argv):
    p = argparse.ArgumentParser(
        prog="python -m tysiac_cluster play",
        description="Computer players' games (tysiac play) on a Dask cluster: the real-play "
                    "model's training games, or with --hands-file the bid check's playouts.")
    _cluster_args(p)
    p.add_argument("--player", default="pimc:20", help="the player in every seat")
    p.add_argument("--rules", default="standard")
    p.add_argument("--deals", type=int, required=True, help="games (per hand with --hands-file)")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--shards", type=int, default=64)
    p.add_argument("--out", help="the merged games (without --hands-file)")
    p.add_argument("--work-dir", help="shard files (a rerun resumes them)")
    p.add_argument("--hands-file", help="`tysiac bid-model hands` lines: play each hand out")
    p.add_argument("--defence", type=int, default=0, help="with --hands-file: games at each defender's seat")
    p.add_argument("--out-dir", help="with --hands-file: one file per hand and seat")
    a = p.parse_args(argv)
    client, cluster = _client(a)
    t = time.time()
    if a.hands_file:
        if not a.out_dir:
            p.error("--hands-file needs --out-dir")
        n = run_play_hands(client, a.out_dir, a.binary, a.hands_file, a.deals, a.defence,
                           a.rules, a.player, a.worker_binary, a.retries)
        where = a.out_dir
    else:
        if not a.out:
            p.error("--out is required (or --hands-file and --out-dir)")
        n = run_play(client, a.out, a.binary, a.deals, a.seed, a.rules, a.player, a.shards,
                     work_dir=a.work_dir, worker_binary=a.worker_binary, retries=a.retries)
        where = a.out
    print(f"{n} games in {where} ({time.time() - t:.1f} s)", file=sys.stderr)
    client.close()
    if cluster:
        cluster.close()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["play"]:
        return play_main(argv[1:])
    p = argparse.ArgumentParser(
        prog="python -m tysiac_cluster",
        description="Build a bid table with tysiac on a Dask cluster.")
    _cluster_args(p)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--hands", help="file of hands, one per line")
    src.add_argument("--all", action="store_true", help="all 346,104 hands")
    p.add_argument("--samples", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--rules", default="standard")
    p.add_argument("--shards", type=int, default=64)
    p.add_argument("--threads", type=int, default=1, help="tysiac threads per task (match the worker's cores)")
    p.add_argument("--out", required=True, help="the merged table")
    p.add_argument("--work-dir", help="shard files (on a shared disk, a rerun resumes on any worker)")
    a = p.parse_args(argv)
    client, cluster = _client(a)
    t = time.time()
    n = run_bid_table(client, a.out, a.binary, None if a.all else a.hands, a.shards, a.samples,
                      a.seed, a.rules, a.threads, a.work_dir, a.worker_binary, a.retries)
    print(f"{n} rows in {a.out}, checked: every item once, in order ({time.time() - t:.1f} s)",
          file=sys.stderr)
    client.close()
    if cluster:
        cluster.close()


if __name__ == "__main__":
    main()
