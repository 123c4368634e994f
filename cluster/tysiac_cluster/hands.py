"""The 7-card hands in tysiac's canonical order (ascending 24-bit card mask,
bit = suit*6 + rank, hearts first, nine low), as `tysiac bid-table --all`
numbers them."""

import random
from math import comb

ALL_HANDS = comb(24, 7)  # 346,104
SUITS = "HDCS"
RANKS = "9JQKTA"  # low to high, as the mask's bits
SHOW = "ATKQJ9"  # the notation lists ranks high to low


def hand_at(rank):
    """The compact mask of the hand at place `rank` (colex unranking)."""
    if not 0 <= rank < ALL_HANDS:
        raise ValueError(f"hand rank {rank} is not in 0..{ALL_HANDS - 1}")
    mask, rest, top = 0, rank, 24
    for k in range(7, 0, -1):
        b = top - 1
        while comb(b, k) > rest:
            b -= 1
        mask |= 1 << b
        rest -= comb(b, k)
        top = b
    return mask


def hand_text(mask):
    """The hand in tysiac's notation, e.g. `AKQ.T9..AJ`."""
    suits = []
    for s in range(4):
        ranks = [r for r in range(6) if mask >> (s * 6 + r) & 1]
        suits.append("".join(c for c in SHOW if RANKS.index(c) in ranks))
    return ".".join(suits)


def random_hands(n, seed=1):
    """`n` distinct hands drawn uniformly, in canonical order."""
    ranks = sorted(random.Random(seed).sample(range(ALL_HANDS), n))
    return [hand_text(hand_at(r)) for r in ranks]


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(description="Print n random hands, one per line.")
    p.add_argument("n", type=int)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    for h in random_hands(a.n, a.seed):
        print(h)


if __name__ == "__main__":
    main()
