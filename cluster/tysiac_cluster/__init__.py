"""Run tysiac batch jobs (bid tables, computer players' games) as shards
on a Dask cluster."""

from .driver import check_table, merge, run_bid_table, run_play, run_play_hands  # noqa: F401
from .hands import hand_at, hand_text, random_hands  # noqa: F401
