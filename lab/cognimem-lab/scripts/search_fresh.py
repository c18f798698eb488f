"""Searches of a kept store as `cognimem bench` times them, fresh after writes or reopened.

    cp -a runs/hnsw-1000000 /tmp/copy    # the store is written to: use a copy
    python lab/cognimem-lab/scripts/search_fresh.py /tmp/copy --write 20000

Opens the store (the stand-in embedder and the default pipeline, as `cognimem bench` searches
it), optionally adds ``--write`` memories of a corpus of their own (the state of a store
searched right after a large ingest, without a reopen), optionally waits ``--settle``
seconds, then runs the benchmark's own search loop (``measure._time_searches``: the plan of
the store's corpus, each query once, each followed by an unrecorded one) and prints its
summary with, per search, the rows the store fetched from DuckDB (cache misses) and the CPU
of those fetches. The query plans of the store's corpus are computed once and kept in
``--plans`` (generating a million synthetic memories takes ~20 s of CPU).
"""

from __future__ import annotations

import gc
import json
import statistics
import time
from pathlib import Path
from typing import Any

from reopened import kept_store_arguments, kept_store_profile, kept_store_size

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem.models import Scope
from cognimem_lab.corpus import generate_memories
from cognimem_lab.measure import INGEST_CHUNK, _time_searches, query_plan
from cognimem_lab.standin import PLUGIN

Plan = list[tuple[str, Scope]]


def plans(size: int, queries: int, seed: int, cache: Path) -> tuple[Plan, Plan]:
    """The bench's two query plans (timed, unrecorded) for a store of ``size`` built with
    ``seed``."""
    key = f"{size}-{queries}-{seed}"
    kept = json.loads(cache.read_text()) if cache.exists() else {}
    if key not in kept:
        corpus = generate_memories(size, seed=seed)
        kept[key] = [[(text, scope.model_dump(mode="json"))
                      for text, scope in query_plan(corpus, queries, plan_seed)]
                     for plan_seed in (seed, seed + 1)]
        cache.write_text(json.dumps(kept))
    timed, other = ([(text, Scope.model_validate(scope)) for text, scope in plan]
                    for plan in kept[key])
    return timed, other


def main() -> None:
    parser = kept_store_arguments(__doc__ or "")
    parser.add_argument("--seed", type=int, default=7, help="the seed the store was built with")
    parser.add_argument("--write", type=int, default=0, help="memories added before searching")
    parser.add_argument("--settle", type=float, default=0.0)
    parser.add_argument("--cold", action="store_true",
                        help="no warming thread (as in the store `cognimem bench` searches, "
                        "opened empty: its cache holds what the writes put there)")
    parser.add_argument("--dump", type=Path, default=None, help="every search's timings")
    parser.add_argument("--plans", type=Path, default=Path("/tmp/search_fresh_plans.json"))
    args = parser.parse_args()
    size = kept_store_size(args)
    plan, unrecorded = plans(size, args.queries, args.seed, args.plans)
    profile = kept_store_profile(args.store, warm=not args.cold)
    out: dict[str, Any] = {}
    with Engine.from_profile(profile, plugins=[PLUGIN], clock=SystemClock()) as engine:
        if args.write:
            # a corpus of its own each run (the same one again would be duplicates)
            extra = generate_memories(args.write, seed=time.time_ns() % 1_000_000_007)
            cpu = time.process_time()
            for start in range(0, len(extra), INGEST_CHUNK):
                engine.add_many([m.draft() for m in extra[start : start + INGEST_CHUNK]])
            out["write_cpu_s"] = round(time.process_time() - cpu, 2)
        time.sleep(args.settle)
        rows = engine._records.memories  # type: ignore[attr-defined]
        fetched: list[tuple[int, float]] = []
        # the reads by id (``fetch_ids`` since #45's packed rows, ``fetch`` before)
        name = "fetch_ids" if hasattr(rows, "fetch_ids") else "fetch"
        fetch = getattr(rows, name)

        def counted(*args: Any) -> Any:
            cpu = time.process_time()
            found = fetch(*args)
            fetched.append((len(found), (time.process_time() - cpu) * 1000))
            return found

        setattr(rows, name, counted)
        searches: list[dict[str, Any]] = []
        search = engine.search

        def timed(*a: Any, **kw: Any) -> Any:
            before, cpu = len(fetched), time.process_time()
            result = search(*a, **kw)
            searches.append({**result.timings, "fetched": [n for n, _ in fetched[before:]],
                             "cpu": (time.process_time() - cpu) * 1000,
                             "scoped": kw.get("scope") not in (None, Scope()),
                             "recorded": kw.get("record_access", True)})
            return result

        engine.search = timed  # type: ignore[method-assign]
        out["cached_rows"] = len(rows.cache.rows)
        full: list[float] = []  # CPU ms of each full (generation 2) garbage collection

        def collected(phase: str, info: dict[str, Any]) -> None:
            if info["generation"] == 2:
                full.append(time.process_time() * (1 if phase == "start" else -1))

        gc.callbacks.append(collected)
        out["search"] = _time_searches(engine, plan, 10, unrecorded)
        gc.callbacks.remove(collected)
        out["full_gc_cpu_ms"] = [round((full[i] + full[i + 1]) * -1000, 1)
                                 for i in range(0, len(full) - 1, 2)]
        if args.dump:
            args.dump.write_text(json.dumps(searches))
        out["fetches"] = len(fetched)
        if fetched:
            out["rows_per_fetch_p50"] = statistics.median(n for n, _ in fetched)
            out["fetch_cpu_ms_p50"] = round(statistics.median(ms for _, ms in fetched), 2)
            out["fetch_cpu_ms_total"] = round(sum(ms for _, ms in fetched), 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
