"""A short report from a finished bid table (`tysiac bid-table` lines).

    python cluster/report.py TABLE.jsonl [--plot OUT.png] [--top 8] > report.md

How the bid levels grow with the marriages and aces held, the share of
hands that can bid 120 at P >= 0.5 and at P >= 0.8, and the most surprising
hands: those whose double-dummy mean is far below (or above) what their
"looks" promise, looks being what a player counts at a glance: the card
points in hand plus the marriages held. The plot needs matplotlib.
"""

import argparse
import json
import sys
from collections import defaultdict

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
PASS = 90  # a hand that cannot bid even 100 counts as 90 in means


def card_points(hand):
    return sum(POINTS[c] for c in hand if c in POINTS)


def level_p(row, level):
    for l in row["levels"]:
        if l["level"] == level:
            return l["p"]
    return 0.0


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else None


def show(level):
    return "pass" if level is None or level < 100 else str(level)


def load(path):
    rows = []
    with open(path) as f:
        for k, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except ValueError as e:
                sys.exit(f"{path}:{k}: not a table row: {e}")
    if not rows:
        sys.exit(f"{path}: empty table")
    for r in rows:
        r["aces"] = r["hand"].count("A")
        r["n_marriages"] = len(r["marriages"])
        r["marriage_points"] = r["cap"] - 120
        r["looks"] = card_points(r["hand"]) + r["marriage_points"]
        r["p120"] = level_p(r, 120)
        r["rec"] = r["recommended_bid"] if r["recommended_bid"] is not None else PASS
        r["safe"] = r["safe_bid"] if r["safe_bid"] is not None else PASS
    return rows


def fit(xs, ys):
    """Least squares y = a + b x."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs) or 1.0
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    return my - b * mx, b


def report(rows, top):
    out = []
    p = out.append
    r0 = rows[0]
    n = len(rows)
    p(f"# Bid table report: {n} hands, {r0['samples']} samples a hand, seed {r0['seed']}, "
      f"rules {r0['rules']}\n")
    p("Levels are double-dummy (the best exchange for each sampled layout). "
      f"'pass' = not even 100 at that confidence; means count it as {PASS}.\n")

    p("## Bid levels by marriages and aces held\n")
    p("Median recommended bid (P >= 0.5) / median safe bid (P >= 0.8), mean of the "
      "recommended bid, and hands in the cell.\n")
    groups = defaultdict(list)
    for r in rows:
        groups[(r["n_marriages"], r["aces"])].append(r)
    aces = sorted({r["aces"] for r in rows})
    mars = sorted({r["n_marriages"] for r in rows})
    p("| marriages \\ aces | " + " | ".join(str(a) for a in aces) + " |")
    p("|---|" + "---|" * len(aces))
    for m in mars:
        cells = []
        for a in aces:
            g = groups.get((m, a), [])
            if not g:
                cells.append("")
                continue
            rec = median([r["recommended_bid"] or 0 for r in g])
            safe = median([r["safe_bid"] or 0 for r in g])
            mean_rec = sum(r["rec"] for r in g) / len(g)
            cells.append(f"{show(rec)} / {show(safe)} (mean {mean_rec:.0f}; n={len(g)})")
        p(f"| {m} | " + " | ".join(cells) + " |")
    p("")
    p("By the marriage points held (the bidding cap is 120 + these):\n")
    p("| marriage points | hands | mean points | median recommended | median safe | P(120) >= 0.5 |")
    p("|---|---|---|---|---|---|")
    by_mp = defaultdict(list)
    for r in rows:
        by_mp[r["marriage_points"]].append(r)
    for mp in sorted(by_mp):
        g = by_mp[mp]
        p(f"| {mp} | {len(g)} | {sum(r['mean'] for r in g) / len(g):.1f} | "
          f"{show(median([r['recommended_bid'] or 0 for r in g]))} | "
          f"{show(median([r['safe_bid'] or 0 for r in g]))} | "
          f"{100 * sum(r['p120'] >= 0.5 for r in g) / len(g):.1f}% |")
    p("")

    p("## Who can bid 120\n")
    for c in (0.5, 0.8):
        k = sum(r["p120"] >= c for r in rows)
        p(f"- P(make 120) >= {c}: {k} of {n} hands, {100 * k / n:.1f}%")
    k100 = sum(level_p(r, 100) >= 0.5 for r in rows)
    p(f"- (for scale: P(make 100) >= 0.5: {100 * k100 / n:.1f}%)")
    p(f"- with {r0['samples']} samples a hand, each P has a sampling error of up to "
      f"±{100 * 0.5 / r0['samples'] ** 0.5 * 1.96:.0f} points (95%), so hands near a "
      "threshold fall either side of it at random; the shares are close, single hands are not.\n")

    a, b = fit([r["looks"] for r in rows], [r["mean"] for r in rows])
    for r in rows:
        r["surprise"] = r["mean"] - (a + b * r["looks"])
    p("## Surprising hands\n")
    p(f"Looks = card points + marriage points; the fit over the table: mean points = "
      f"{a:.1f} + {b:.2f} x looks. Surprise = mean points minus that.\n")
    cols = ("| hand | looks | mean points | expected from looks | recommended | safe | P(120) |\n"
            "|---|---|---|---|---|---|---|")

    def line(r):
        return (f"| `{r['hand']}` | {r['looks']} | {r['mean']:.1f} | {a + b * r['looks']:.1f} | "
                f"{show(r['recommended_bid'])} | {show(r['safe_bid'])} | {r['p120']:.2f} |")

    p("Strong-looking but unsafe (most below their looks):\n")
    p(cols)
    for r in sorted(rows, key=lambda r: r["surprise"])[:top]:
        p(line(r))
    p("\nWeak-looking but strong (most above their looks):\n")
    p(cols)
    for r in sorted(rows, key=lambda r: -r["surprise"])[:top]:
        p(line(r))
    p("")
    return "\n".join(out), (a, b)


def plot(rows, path, fitted):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.8))
    groups = defaultdict(list)
    for r in rows:
        groups[(r["n_marriages"], r["aces"])].append(r)
    for m in sorted({r["n_marriages"] for r in rows}):
        xs, ys, ss = [], [], []
        for a in range(5):
            g = groups.get((m, a), [])
            if len(g) >= 3:
                xs.append(a)
                ys.append(sum(r["rec"] for r in g) / len(g))
                ss.append(sum(r["safe"] for r in g) / len(g))
        if xs:
            line, = ax1.plot(xs, ys, "o-", label=f"{m} marriage{'s' if m != 1 else ''}: P>=0.5")
            ax1.plot(xs, ss, "s--", color=line.get_color(), alpha=0.6, label=f"{m}: P>=0.8")
    ax1.set_xlabel("aces held")
    ax1.set_ylabel(f"mean bid level (pass counted as {PASS})")
    ax1.set_title("Bid levels by marriages and aces held")
    ax1.set_xticks(range(5))
    ax1.legend(fontsize=7, ncol=2)
    ax1.grid(alpha=0.3)
    a, b = fitted
    looks = [r["looks"] for r in rows]
    ax2.scatter(looks, [r["mean"] for r in rows], s=4, alpha=0.35, c=[r["n_marriages"] for r in rows],
                cmap="viridis")
    lo, hi = min(looks), max(looks)
    ax2.plot([lo, hi], [a + b * lo, a + b * hi], "r-", lw=1, label="fit")
    ranked = sorted(rows, key=lambda r: r["surprise"])
    for r in ranked[:5] + ranked[-5:]:
        ax2.annotate(r["hand"], (r["looks"], r["mean"]), fontsize=6)
    ax2.axhline(120, color="grey", lw=0.5, ls=":")
    ax2.set_xlabel("looks: card points + marriage points in hand")
    ax2.set_ylabel("mean double-dummy points")
    ax2.set_title("Looks against points (colour: marriages held)")
    ax2.legend(fontsize=7)
    fig.suptitle(f"Bid table: {len(rows)} hands, {rows[0]['samples']} samples a hand", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("table")
    p.add_argument("--plot", help="write the plot here (PNG)")
    p.add_argument("--top", type=int, default=8)
    a = p.parse_args(argv)
    rows = load(a.table)
    text, fitted = report(rows, a.top)
    print(text)
    if a.plot:
        plot(rows, a.plot, fitted)


if __name__ == "__main__":
    main()
