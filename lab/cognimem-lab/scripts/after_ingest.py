"""Searches of a kept store right after an ingest, in a steady state, and between writes.

    cp -a runs/hnsw-1000000 /tmp/copy    # the store is written to: use a copy
    python lab/cognimem-lab/scripts/after_ingest.py /tmp/copy --write 16384 --queries 1000 \
        --mixed 300

Opens the store as `cognimem bench` searched it (no warming thread: the state of a store
searched right after its ingest), adds ``--write`` memories of a corpus of their own in the
benchmark's chunks, then runs ``--queries`` searches of the store's corpus (each recording
its accesses, as the benchmark's) twice: the first pass right after the ingest, the second a
steady state; then ``--mixed`` rounds of an agent's work: a write of ``--batch`` memories,
then a search. Prints, per phase, the searches' CPU p50 / p95 (the query embedding left
out), per tenth of the phase its CPU p50, and DuckDB's limit and cached table blocks at the
phase's end (what ``duckdb_store/budget.py`` made of the writes).
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from reopened import kept_store_arguments, kept_store_profile, kept_store_size
from search_fresh import plans

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem_lab.corpus import generate_memories
from cognimem_lab.measure import INGEST_CHUNK
from cognimem_lab.standin import PLUGIN


def duckdb_state(engine: Any) -> dict[str, Any]:
    """DuckDB's limit (MiB) and the table blocks it caches (MiB)."""
    db = engine._records.db
    with db.guard:
        limit = db.con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
        used = db.con.execute("SELECT tag, memory_usage_bytes FROM duckdb_memory()").fetchall()
    blocks = sum(int(b) for t, b in used if t == "BASE_TABLE") // 2**20
    return {"limit": limit, "blocks_mib": blocks}


def summary(cpu: list[float]) -> dict[str, Any]:
    """p50 / p95 of CPU ms and the p50 of each tenth."""
    tenth = max(len(cpu) // 10, 1)
    return {"n": len(cpu), "cpu_p50": round(statistics.median(cpu), 2),
            "cpu_p95": round(statistics.quantiles(cpu, n=20)[-1], 2),
            "p50_by_tenth": [round(statistics.median(cpu[i : i + tenth]), 2)
                             for i in range(0, len(cpu), tenth)]}


def timed_search(engine: Any, text: str, scope: Any) -> float:
    """One search's CPU ms, the query embedding left out."""
    embedder = engine.embedder
    before, cpu = embedder.cpu_seconds, time.process_time()
    engine.search(text, k=10, scope=scope)
    return (time.process_time() - cpu - (embedder.cpu_seconds - before)) * 1000


def main() -> None:
    parser = kept_store_arguments(__doc__ or "")
    parser.add_argument("--seed", type=int, default=7, help="the seed the store was built with")
    parser.add_argument("--write", type=int, default=16384)
    parser.add_argument("--mixed", type=int, default=300)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--plans", default="/tmp/search_fresh_plans.json")
    args = parser.parse_args()
    from pathlib import Path

    plan, _ = plans(kept_store_size(args), args.queries, args.seed, Path(args.plans))
    extra = generate_memories(args.write + args.mixed * args.batch,
                              seed=time.time_ns() % 1_000_000_007)
    out: dict[str, Any] = {}
    profile = kept_store_profile(args.store, warm=False)
    with Engine.from_profile(profile, plugins=[PLUGIN], clock=SystemClock()) as engine:
        cpu = time.process_time()
        for start in range(0, args.write, INGEST_CHUNK):
            stop = min(start + INGEST_CHUNK, args.write)
            engine.add_many([m.draft() for m in extra[start:stop]])
        out["write_cpu_s"] = round(time.process_time() - cpu, 2)
        out["after_write"] = duckdb_state(engine)
        for phase in ("first", "steady"):
            cpu_ms = [timed_search(engine, text, scope) for text, scope in plan]
            out[phase] = {**summary(cpu_ms), **duckdb_state(engine)}
        cpu_ms = []
        rest = extra[args.write :]
        for i in range(args.mixed):
            engine.add_many([m.draft() for m in rest[i * args.batch : (i + 1) * args.batch]])
            text, scope = plan[i % len(plan)]
            cpu_ms.append(timed_search(engine, text, scope))
        if cpu_ms:
            out["mixed"] = {**summary(cpu_ms), **duckdb_state(engine)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
