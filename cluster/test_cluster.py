"""The Dask driver on a local cluster of two worker processes: the merged
table equals one plain `tysiac bid-table` process byte for byte, also when
a worker is killed mid-run. Run by cluster/test.sh (which builds tysiac and
installs dask); nothing here is skipped: a missing piece fails."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from dask.distributed import Client, LocalCluster

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from tysiac_cluster import check_table, random_hands, run_bid_table, run_play, run_play_hands  # noqa: E402

BIN = os.environ.get("TYSIAC_BIN", os.path.join(ROOT, "target", "release", "tysiac"))


@pytest.fixture(scope="module")
def client():
    assert os.access(BIN, os.X_OK), f"no tysiac binary at {BIN}: build it (cargo build --release)"
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    c = Client(cluster)
    c.wait_for_workers(2)
    yield c
    c.close()
    cluster.close()


def write_hands(path, n, seed):
    with open(path, "w") as f:
        f.write("".join(h + "\n" for h in random_hands(n, seed)))
    return str(path)


def plain(hands, samples, seed):
    r = subprocess.run([BIN, "bid-table", "--hands", hands, "--samples", str(samples),
                        "--seed", str(seed), "--threads", "1", "--quiet"],
                       capture_output=True, check=True)
    return r.stdout


def test_merged_table_equals_one_plain_process(client, tmp_path):
    assert len(client.scheduler_info()["workers"]) >= 2
    hands = write_hands(tmp_path / "hands.txt", 300, seed=13)
    out = str(tmp_path / "table.jsonl")
    n = run_bid_table(client, out, BIN, hands, shards=7, samples=2, seed=77,
                      work_dir=str(tmp_path / "work"))
    assert n == 300
    with open(out, "rb") as f:
        merged = f.read()
    assert merged == plain(hands, 2, 77)
    # Every shard wrote its own file, and released its lock.
    assert len(os.listdir(tmp_path / "work")) == 7


def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(client, tmp_path):
    hands = write_hands(tmp_path / "hands.txt", 200, seed=14)
    out = str(tmp_path / "table.jsonl")
    shards = 6
    killed = {}

    def killer(futures, work_dir):
        def go():
            # Wait for the first complete line of a shard still running,
            # then kill the worker process running a shard.
            deadline = time.time() + 120
            while time.time() < deadline:
                files = os.listdir(work_dir) if os.path.isdir(work_dir) else []
                started = [f for f in files if f.endswith(".jsonl")
                           and os.path.getsize(os.path.join(work_dir, f)) > 0]
                busy = {w: ks for w, ks in client.processing().items() if ks}
                if started and busy:
                    pids = client.run(os.getpid)
                    worker = sorted(busy)[0]
                    killed["done_before"] = sum(f.done() for f in futures)
                    killed["pid"] = pids[worker]
                    os.kill(pids[worker], signal.SIGKILL)
                    return
                time.sleep(0.02)

        t = threading.Thread(target=go, daemon=True)
        t.start()
        killed["thread"] = t

    n = run_bid_table(client, out, BIN, hands, shards=shards, samples=6, seed=5,
                      work_dir=str(tmp_path / "work"), on_submit=killer)
    killed["thread"].join(5)
    assert "pid" in killed, "no worker was killed"
    # Killed before the job was complete (2 workers, 6 shards, one running).
    assert killed["done_before"] < shards
    assert n == 200
    with open(out, "rb") as f:
        merged = f.read()
    assert merged == plain(hands, 6, 5)
    # No shard left a stray lock behind.
    assert not [f for f in os.listdir(tmp_path / "work") if f.endswith(".lock")]


def test_the_check_catches_a_lost_or_doubled_item():
    rows = [f'{{"hand":"x","index":{i}}}\n' for i in range(4)]
    check_table("".join(rows), range(4))
    with pytest.raises(ValueError, match="index 1, expected 2"):
        check_table("".join(rows[:2] + rows[1:2] + rows[3:]), range(4))
    with pytest.raises(ValueError, match="3 lines"):
        check_table("".join(rows[:3]), range(4))
    with pytest.raises(ValueError, match="complete line"):
        check_table("".join(rows)[:-1], range(4))


def test_played_games_merge_into_one_plain_run(client, tmp_path):
    """The real-play model's training games: shards of `tysiac play` on the
    cluster are, merged, byte for byte one plain run's --out file."""
    out = str(tmp_path / "games.jsonl")
    n = run_play(client, out, BIN, deals=6, seed=3, player="pimc:2", shards=3,
                 work_dir=str(tmp_path / "work"))
    assert n == 6
    whole = str(tmp_path / "whole.jsonl")
    subprocess.run([BIN, "play", "--declarer", "pimc:2", "--defenders", "pimc:2",
                    "--deals", "6", "--seed", "3", "--rules", "standard", "--json", "--quiet",
                    "--threads", "1", "--out", whole], check=True)
    with open(out, "rb") as a, open(whole, "rb") as b:
        assert a.read() == b.read()


def test_the_check_hands_are_played_out_as_declarer_and_defender(client, tmp_path):
    hands = subprocess.run([BIN, "bid-model", "hands", "--count", "3", "--seed", "7"],
                           capture_output=True, text=True, check=True).stdout
    path = tmp_path / "hands.txt"
    path.write_text(hands)
    n = run_play_hands(client, str(tmp_path / "out"), BIN, str(path), deals=2, defence=1,
                       player="pimc:2")
    assert n == 3 * (2 + 1 + 1)
    names = sorted(os.listdir(tmp_path / "out"))
    assert [x for x in names if x.endswith(".jsonl")] == sorted(
        f"hand-{k}{s}.jsonl" for k in range(3) for s in ("", "-l", "-r"))
    import json
    for k, line in enumerate(hands.splitlines()):
        hand = line.split()[0]
        with open(tmp_path / "out" / f"hand-{k}-l.jsonl") as f:
            game = json.loads(f.readline())
        assert game["hand"] == hand and game["seat"] == "L"
        # The hand sits at L: the deal's second hand (D L R musik).
        assert game["deal"].split()[1] == hand
