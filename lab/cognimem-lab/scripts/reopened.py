"""Searches of a reopened store: the DuckDB row cache warmed in the background or not.

    cognimem bench --sizes 100000 --stacks hnsw --dir runs      # once: keeps runs/hnsw-100000
    python lab/cognimem-lab/scripts/reopened.py runs/hnsw-100000 --rounds 4

A store reopened after a clean close starts with an empty row cache. For ``warm_cache`` off
and on, alternately, ``--rounds`` times: the cold start to first search in a fresh process
(as ``cognimem bench`` measures it), then in this process the store is opened and
``--queries`` searches of the benchmark's query plan run at once (the default profile's
pipeline on the stand-in embedder, as ``cognimem bench`` runs them). Printed per setting:
the medians of the cold start, and of each search's wall time (query embedding left out) and
its load stage over the first ``--settle`` searches and over the rest.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem.profile import Profile, load_profile
from cognimem_lab.coldstart import measure_cold_start
from cognimem_lab.corpus import generate_memories
from cognimem_lab.measure import query_plan
from cognimem_lab.stacks import STACKS, pipeline_of, stack_profile
from cognimem_lab.standin import PLUGIN


def kept_store_profile(store: Path, warm: bool = True, pipeline: str | None = None) -> Profile:
    """The profile `cognimem bench` searched a kept ``hnsw`` store with (the stand-in
    embedder, the default profile's pipeline, or ``pipeline``'s layered on the default), with
    ``warm_cache`` set."""
    searched = load_profile(*([pipeline] if pipeline else []), environ=False)
    profile = stack_profile(STACKS["hnsw"], store, pipeline=pipeline_of(searched))
    data = profile.model_dump(mode="json")
    data["records"]["warm_cache"] = warm
    return load_profile(base=None, overrides=data, environ=False)


def kept_store_arguments(doc: str) -> argparse.ArgumentParser:
    """A parser taking a kept store's folder, its size and the number of queries."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("store", type=Path, help="a store kept by `cognimem bench --dir`")
    parser.add_argument("--size", type=int, default=None,
                        help="memories in it (default: the number in its folder name)")
    parser.add_argument("--queries", type=int, default=300)
    return parser


def kept_store_size(args: argparse.Namespace) -> int:
    return int(args.size or int(args.store.name.rsplit("-", 1)[-1]))


def _searches(store: Path, warm: bool, plan: list[Any]) -> list[tuple[float, float]]:
    """(wall ms without the query embedding, load ms) of each search after a reopen."""
    out = []
    with Engine.from_profile(kept_store_profile(store, warm), plugins=[PLUGIN],
                             clock=SystemClock()) as engine:
        for text, scope in plan:
            timings = engine.search(text, k=10, scope=scope, record_access=False).timings
            out.append((timings["total"] - timings.get("embed", 0.0), timings["load"]))
    return out


def main() -> None:
    parser = kept_store_arguments(__doc__ or "")
    parser.add_argument("--settle", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    size = kept_store_size(args)
    plan = query_plan(generate_memories(size, seed=0), args.queries, 0)
    found: dict[bool, dict[str, list[float]]] = {w: {} for w in (False, True)}
    for _ in range(args.rounds):
        for warm in (False, True):
            data = kept_store_profile(args.store, warm).model_dump(mode="json")
            cold = measure_cold_start(data, plan[0][0], k=10)
            runs = _searches(args.store, warm, plan)
            time.sleep(0.5)
            into = found[warm]
            into.setdefault("cold_start_s", []).append(cold["cold_start_s"])
            first, rest = runs[: args.settle], runs[args.settle :]
            for label, part in (("first", first), ("rest", rest)):
                into.setdefault(f"{label}_search_ms", []).append(
                    statistics.median(w for w, _ in part))
                into.setdefault(f"{label}_load_ms", []).append(
                    statistics.median(ld for _, ld in part))
    for warm, figures in found.items():
        print(json.dumps({"warm_cache": warm, "rounds": args.rounds,
                          **{k: round(statistics.median(v), 3) for k, v in figures.items()}}))


if __name__ == "__main__":
    main()
