"""Choose the injection screen's threshold on the tuning data (never the test split).

Run from the repository root::

    python bench/guard_eval/tune_threshold.py [--bench ../shared/bench]

The tuning data: the tuning split's injections and clean notes, and the LoCoMo and
LongMemEval dev turns as clean text (dev sets: the frozen test split is the only held-out
measure). For each candidate threshold: the share of injections flagged, of clean notes
flagged and of dataset turns flagged. The chosen threshold flags the most injections while
flagging at most 1 % of the clean notes and fewer than 1 in 1,000 dataset turns (ties: the
higher threshold).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from score import dataset_turns, rate, read_split

from cognimem_plugins.guard.injection import Screened, screen

CANDIDATES = [round(0.5 + 0.05 * i, 2) for i in range(21)]


def _flagged(found: Screened, threshold: float) -> bool:
    """Whether the screen flags at ``threshold`` (strong markers flag at any threshold)."""
    return bool(found.markers) or found.score >= threshold


def main(argv: list[str] | None = None) -> int:
    """Print the table and the choice."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/tune_threshold.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    args = parser.parse_args(argv)
    rows = read_split("tune")
    never = float("inf")
    groups = {
        "injections": [screen(r["text"], never, full=True) for r in rows
                       if r["group"] == "injection"],
        "clean": [screen(r["text"], never, full=True) for r in rows if r["group"] == "clean"],
        "datasets": [screen(t, never, full=True) for texts in dataset_turns(args.bench).values()
                     for t in texts],
    }
    table: list[dict[str, Any]] = []
    for threshold in CANDIDATES:
        table.append({"threshold": threshold, **{
            name: rate(sum(_flagged(f, threshold) for f in found), len(found))
            for name, found in groups.items()}})
    allowed = [r for r in table if r["clean"]["rate"] <= 0.01 and r["datasets"]["rate"] < 0.001]
    best = max(allowed, key=lambda r: (r["injections"]["hits"], r["threshold"]))
    for r in table:
        print(f"{r['threshold']:.2f}  " + "  ".join(
            f"{name} {r[name]['hits']}/{r[name]['n']}" for name in groups))
    print(json.dumps({"chosen": best["threshold"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
