#!/usr/bin/env python3
"""Load test of `tysiac serve` on the loopback address (not part of CI).

Starts the release binary on 127.0.0.1 (a free port), runs CLIENTS concurrent
clients for SECONDS seconds, each looping over a mix of requests: solve of a
random full deal with its musik (every exchange), solve of a dealt hand, and
a small bid (50 samples). A 503 (all solving slots busy) is the server's
deliberate answer: the client waits the Retry-After and goes on; any other
failure is counted as failed. Prints throughput, latency percentiles per kind
and the server's peak memory (VmHWM), then checks the page is still served.

    cargo build --release
    python3 scripts/loadtest.py [--clients 50] [--seconds 30] [--jobs N] [--threads T]
"""
import argparse
import json
import random
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request

HANDS = ["AKQ.T9..AJ", "AKQ.AKQ.A.", "AT.K9.AQ.J", "KQ.AT.9.KQ"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--binary", default="target/release/tysiac")
    args = ap.parse_args()

    server = subprocess.Popen(
        [args.binary, "serve", "--addr", "127.0.0.1:0", "--jobs", str(args.jobs),
         "--threads", str(args.threads)],
        stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip().removeprefix("tysiac serving on ").rstrip("/")
    assert url.startswith("http://127.0.0.1:"), url

    def post(path, body):
        req = urllib.request.Request(url + "/api/" + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.read()

    # A few random deals from the server itself.
    deals = [json.loads(post("deal", {"seed": s})[1])["deal"] for s in range(1, 41)]

    lock = threading.Lock()
    latencies = {"solve": [], "bid": []}
    counts = {"ok": 0, "503": 0, "failed": 0}
    failures = []
    peak = [0]
    stop_at = time.monotonic() + args.seconds

    def client(k):
        rng = random.Random(k)
        while time.monotonic() < stop_at:
            if rng.random() < 0.7:
                kind = "solve"
                d = rng.choice(deals)
                # Half with every exchange listed, half only "does D reach 120?".
                body = {"deal": d, "all": True} if rng.random() < 0.5 else \
                    {"deal": d, "target": 120}
            else:
                kind = "bid"
                body = {"hand": rng.choice(HANDS), "samples": 50, "seed": rng.randrange(1000)}
            t0 = time.monotonic()
            try:
                post(kind, body)
                dt = time.monotonic() - t0
                with lock:
                    counts["ok"] += 1
                    latencies[kind].append(dt)
            except urllib.error.HTTPError as e:
                if e.code == 503:
                    with lock:
                        counts["503"] += 1
                    time.sleep(float(e.headers.get("Retry-After", "1")))
                else:
                    with lock:
                        counts["failed"] += 1
                        failures.append(f"{kind} {e.code} {e.read()[:200]!r}")
            except Exception as e:  # noqa: BLE001 - any other failure counts
                with lock:
                    counts["failed"] += 1
                    failures.append(f"{kind} {e!r}")

    def memory():
        while time.monotonic() < stop_at + 5:
            try:
                with open(f"/proc/{server.pid}/status") as f:
                    m = re.search(r"VmHWM:\s+(\d+) kB", f.read())
                    if m:
                        peak[0] = max(peak[0], int(m.group(1)))
            except OSError:
                pass
            time.sleep(0.2)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
    mem = threading.Thread(target=memory)
    started = time.monotonic()
    mem.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    mem.join()

    def pct(xs, p):
        xs = sorted(xs)
        return 1000 * xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float("nan")

    print(f"{args.clients} clients for {elapsed:.1f} s; server --jobs {args.jobs} --threads {args.threads}")
    print(f"answered 200: {counts['ok']} ({counts['ok'] / elapsed:.1f}/s); "
          f"503 (busy, deliberate): {counts['503']}; failed: {counts['failed']}")
    for kind, xs in latencies.items():
        print(f"  {kind:5} n={len(xs):5}  p50 {pct(xs, 50):7.1f} ms  p90 {pct(xs, 90):7.1f} ms  "
              f"p99 {pct(xs, 99):7.1f} ms  max {pct(xs, 100):7.1f} ms")
    print(f"server peak memory (VmHWM): {peak[0] / 1024:.1f} MiB")
    page = urllib.request.urlopen(url + "/", timeout=10).read().decode()
    page_ok = "<title>tysiac" in page
    print(f"page served afterwards: {'yes' if page_ok else 'NO'}")
    for f in failures[:10]:
        print("  failure:", f)
    server.terminate()
    server.wait()
    raise SystemExit(0 if counts["failed"] == 0 and page_ok else 1)


if __name__ == "__main__":
    main()
