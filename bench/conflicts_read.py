"""A recall's second step, the hits' open conflicts, on a store with a large conflict log.

    python bench/conflicts_read.py --groups 60

Writes ``--groups`` groups of 16 look-alike memories (each logs conflicts with the others
that differ in a number, as the daemon benchmark's agents do) to a temporary DuckDB store on
the default profile, then times, p50 over 50 calls each: ``in_open_conflict`` for three
hits, the store's filtered read of the log (``meta_items_where``), the search, and the MCP
``recall`` tool as a whole. A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem.engine.conflicts import NAMESPACE
from cognimem.profile import load_profile
from cognimem_plugins.mcp_tools import core


def _p50_ms(call: Callable[[], object], times: int = 50) -> float:
    walls = []
    for _ in range(times):
        began = time.perf_counter()
        call()
        walls.append(time.perf_counter() - began)
    return round(statistics.median(walls) * 1000, 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/conflicts_read.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--groups", type=int, default=60)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cognimem-conflicts-") as tmp:
        profile = load_profile("default", overrides={"path": str(Path(tmp) / "store"),
                                                     "embedder": {"workers": 0}})
        with Engine.from_profile(profile, clock=SystemClock()) as engine:
            for g in range(args.groups):
                engine.add_many([f"agent {a} learned fact {g}: zq9p{a}w{g}k about the billing "
                                 "retries" for a in range(16)])
            ids = [h.id for h in engine.search("zq9p3w7k", k=3).hits]
            print(json.dumps({
                "conflicts": len(engine.conflicts(status="all")),
                "in_open_conflict_ms": _p50_ms(lambda: engine.in_open_conflict(ids)),
                "meta_items_where_ms": _p50_ms(
                    lambda: engine._records.meta_items_where(NAMESPACE, ("a", "b"), ids)),
                "search_ms": _p50_ms(
                    lambda: engine.search("zq9p3w7k", k=3, record_access=False)),
                "recall_tool_ms": _p50_ms(lambda: core.recall(engine, "zq9p3w7k", k=3)),
            }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
