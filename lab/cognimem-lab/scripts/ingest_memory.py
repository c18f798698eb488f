"""Where the ingest's memory goes: each chunk's RSS split by owner.

    python lab/cognimem-lab/scripts/ingest_memory.py 200000 DIR [--seed 7] [--trace 50000,150000]
        [--profile-at 1000000] [--records-option memory_limit=1GB]

Ingests ``size`` memories of the benchmark's corpus (``--seed``: another seed for a store
that already holds the first one's) into the ``hnsw`` store at ``DIR`` (new or existing) in
chunks of 16,384, as `cognimem bench` does, and prints after each chunk: the process's RSS
(anonymous and file-backed) and peak, what usearch says its graph takes, what DuckDB
accounts for (``duckdb_memory()``), the row cache's rows, and with ``--trace`` the Python
heap tracemalloc sees (slower; snapshots at the memory counts given are compared at the
end, by line). ``--profile-at``: the chunks holding those memory counts (counted from the
store's size at open) run under cProfile.
"""

from __future__ import annotations

import argparse
import dataclasses
import tracemalloc
from pathlib import Path
from typing import Any

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem_lab.chunks import timed_chunk
from cognimem_lab.corpus import generate_memories
from cognimem_lab.measure import INGEST_CHUNK
from cognimem_lab.stacks import STACKS, stack_profile
from cognimem_lab.standin import PLUGIN


def status() -> dict[str, int]:
    """VmRSS, RssAnon, RssFile and VmHWM in MiB."""
    out = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile", "VmHWM"):
            out[key] = int(value.split()[0]) // 1024
    return out


def parts(engine: Any) -> str:
    """What the graph, DuckDB and the row cache say they hold."""
    graph = getattr(engine.vectors, "_graph", None)
    usearch = graph.memory_usage // 2**20 if graph is not None else 0
    db = engine._records.db
    with db.guard:
        used = db.con.execute("SELECT tag, memory_usage_bytes FROM duckdb_memory() "
                              "WHERE memory_usage_bytes > 0").fetchall()
    duck = sum(b for _, b in used) // 2**20
    top = ",".join(f"{t}={b // 2**20}" for t, b in sorted(used, key=lambda r: -r[1])[:4])
    return (f"usearch {usearch} duckdb {duck} ({top}) cache {len(engine._records.cache.rows)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("size", type=int)
    parser.add_argument("store", type=Path)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--trace", default="", help="memory counts to snapshot the heap at")
    parser.add_argument("--profile-at", default="", help="memory counts, comma-separated")
    parser.add_argument("--records-option", action="append", default=[],
                        help="KEY=VALUE for the records' table (e.g. memory_limit=1GB)")
    parser.add_argument("--vectors-option", action="append", default=[],
                        help="KEY=VALUE for the vectors' table (e.g. threads=2)")
    args = parser.parse_args()
    marks = {int(x) for x in args.trace.split(",") if x.strip()}
    profile_at = {int(x) for x in args.profile_at.split(",") if x.strip()}
    if marks:
        tracemalloc.start(4)
    corpus = generate_memories(args.size, seed=args.seed)
    stack = STACKS["hnsw"]
    records = dict(stack.records_options)
    for item in args.records_option:
        key, _, value = item.partition("=")
        records[key] = int(value) if value.isdigit() else value
    vectors = {}
    for item in args.vectors_option:
        key, _, value = item.partition("=")
        vectors[key] = int(value) if value.isdigit() else value
    stack = dataclasses.replace(stack, records_options=records)
    print("before open", status(), flush=True)
    engine = Engine.from_profile(stack_profile(stack, args.store, vectors=vectors),
                                 plugins=[PLUGIN], clock=SystemClock())
    snaps: list[tuple[int, tracemalloc.Snapshot]] = []
    total_cpu = 0.0
    try:
        print("opened", status(), parts(engine), flush=True)
        for start in range(0, args.size, INGEST_CHUNK):
            drafts = [m.draft() for m in corpus[start : start + INGEST_CHUNK]]
            profile = any(start <= m < start + len(drafts) for m in profile_at)
            cpu, wall = timed_chunk(engine, drafts, profile=profile, top=45)
            total_cpu += cpu
            done = start + len(drafts)
            traced = ""
            if marks:
                traced = f" traced {tracemalloc.get_traced_memory()[0] // 2**20}"
                if any(start < m <= done for m in marks):
                    snaps.append((done, tracemalloc.take_snapshot()))
            print(f"{done} cpu {cpu:.2f}s ({len(drafts) / cpu:.0f}/cpu-s) wall {wall:.2f} "
                  f"{status()} {parts(engine)}{traced}", flush=True)
        print(f"total store cpu {total_cpu:.1f}s ({args.size / total_cpu:.0f}/cpu-s)")
    finally:
        engine.close()
        print("closed", status(), flush=True)
    if len(snaps) >= 2:
        (a, first), (b, last) = snaps[0], snaps[-1]
        print(f"heap growth by line, {a} -> {b} memories:")
        for stat in last.compare_to(first, "lineno")[:25]:
            print(" ", stat)
        print(f"heap by traceback at {b}:")
        for stat in last.statistics("traceback")[:8]:
            print(f"  {stat.size // 2**20} MiB in {stat.count} blocks")
            for line in stat.traceback.format()[-8:]:
                print("    ", line)


if __name__ == "__main__":
    main()
