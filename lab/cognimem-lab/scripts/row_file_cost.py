"""What the rows' copy (``duckdb_store/rowfile.py``) costs an ingest: its thread CPU.

    python lab/cognimem-lab/scripts/row_file_cost.py 50000 DIR

Ingests ``size`` memories of the benchmark's corpus into a fresh ``hnsw`` store at ``DIR``
(the stand-in embedder, chunks of ``INGEST_CHUNK``, as `cognimem bench` does) and prints the
ingest's CPU without the stand-in embedding, the CPU of the copy's work on the writing
thread (marking written rows absent, packing and appending them after each commit, merging
them into the sorted table), its share, and the copy's files' size.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem_lab.corpus import generate_memories
from cognimem_lab.measure import INGEST_CHUNK
from cognimem_lab.stacks import STACKS, stack_profile
from cognimem_lab.standin import PLUGIN
from cognimem_plugins.duckdb_store import rowfile


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("size", type=int)
    parser.add_argument("dir", type=Path)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    spent = {"cpu": 0.0}

    def timed(method: Any) -> Any:
        def run(*a: Any, **kw: Any) -> Any:
            started = time.thread_time()
            try:
                return method(*a, **kw)
            finally:
                spent["cpu"] += time.thread_time() - started
        return run

    for name in ("stage", "forget", "committed"):  # _merge runs inside these
        setattr(rowfile.RowFile, name, timed(getattr(rowfile.RowFile, name)))
    corpus = generate_memories(args.size, seed=args.seed)
    profile = stack_profile(STACKS["hnsw"], args.dir)
    with Engine.from_profile(profile, plugins=[PLUGIN], clock=SystemClock()) as engine:
        embedder: Any = engine.embedder
        cpu = time.process_time()
        for start in range(0, len(corpus), INGEST_CHUNK):
            engine.add_many([m.draft() for m in corpus[start : start + INGEST_CHUNK]])
        ingest = time.process_time() - cpu - embedder.cpu_seconds
        ready = engine._records.copy.ready  # type: ignore[attr-defined]
    files = args.dir / rowfile.ROW_DIR
    print(json.dumps({"memories": args.size, "ingest_cpu_s": round(ingest, 2),
                      "copy_cpu_s": round(spent["cpu"], 3),
                      "copy_share": round(spent["cpu"] / ingest, 4), "ready": ready,
                      "copy_mb": round(sum(f.stat().st_size for f in files.iterdir()) / 1e6,
                                       1)}))


if __name__ == "__main__":
    main()
