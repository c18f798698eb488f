"""The ``hnsw`` index's open and first search alone, on a saved graph: CPU, wall, memory.

    python lab/cognimem-lab/scripts/hnsw_open.py runs/hnsw-1000000   # in each checkout

Opens the ``hnsw/`` snapshot of a store `cognimem bench` kept (made with its stand-in
embedder) outside any engine, then searches it once for a random vector; prints the open's
and the search's CPU and wall time and the RSS the open added.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from cognimem.models import Query
from cognimem_lab.measure import memory_status
from cognimem_plugins.hnsw_index.index import HnswVectors


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("store", type=Path, help="a store kept by `cognimem bench --dir`")
    parser.add_argument("--dim", type=int, default=384)
    args = parser.parse_args()
    signature = {"model": f"bench-standin-{args.dim}", "dim": args.dim}
    ctx = SimpleNamespace(path=args.store, embedder=SimpleNamespace(
        signature=SimpleNamespace(model_dump=lambda: signature)))
    before = memory_status()["rss_mb"]
    wall, cpu = time.perf_counter(), time.process_time()
    index = HnswVectors(HnswVectors.Options())
    index.open(ctx)  # type: ignore[arg-type]
    open_wall, open_cpu = time.perf_counter() - wall, time.process_time() - cpu
    probe = np.random.default_rng(1).standard_normal(args.dim).astype(np.float32)
    wall, cpu = time.perf_counter(), time.process_time()
    found = index.search(probe, Query(text="x"), 10)
    print(json.dumps({
        "rows": index.stats()["rows"], "open_s": round(open_wall, 3),
        "open_cpu_s": round(open_cpu, 3),
        "first_search_ms": round((time.perf_counter() - wall) * 1000, 1),
        "first_search_cpu_ms": round((time.process_time() - cpu) * 1000, 1),
        "rss_added_mb": round(memory_status()["rss_mb"] - before), "hits": len(found)}))
    index.close()


if __name__ == "__main__":
    main()
