"""Measure the graph retrievers: query time of ``ppr`` and ``spreading`` at N memories.

Ingests ``n`` memories of cognimem's synthetic developer corpus (``cognimem_lab.corpus``,
fixed seed) into an in-memory engine with the graph extractors (wikilinks, autolink,
entities) and the hash embedder (the timings below do not embed), then times each
retriever's ``retrieve`` alone on ``q`` corpus queries, after a warm-up query, and reports
p50/p95/mean wall-clock milliseconds (and p50/p95 CPU milliseconds of this process, which
other load on the machine disturbs less) with the graph's size and the load average. PPR is
measured on the whole graph and restricted to the seeds' neighbourhood (``max_hops``).

Run: ``python lab/cognimem-lab/scripts/graph.py [N] [Q]`` (defaults 10000 and 200).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from typing import Any

from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Query
from cognimem_lab.corpus import generate_memories, generate_queries
from cognimem_plugins.graph.kg import engine_graph
from cognimem_plugins.graph.ppr import PPRRetriever
from cognimem_plugins.graph.spreading import SpreadingRetriever


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(n: int = 10_000, queries: int = 200, seed: int = 7) -> dict[str, Any]:
    """Ingest ``n`` memories, time the graph retrievers on ``queries`` queries."""
    engine = Engine.from_profile("graph", overrides={"embedder": {"use": "hash"}})
    try:
        memories = generate_memories(n, seed=seed)
        started = time.perf_counter()
        engine.add_many([{"content": m.content, "title": m.title, "tags": list(m.tags),
                          "kind": m.kind, "scope": {"project": m.project}} for m in memories])
        ingest = time.perf_counter() - started
        graph = engine_graph(engine)
        texts = generate_queries(memories, queries, seed=seed + 4)
        systems: dict[str, Any] = {
            "spreading": SpreadingRetriever(),
            "ppr (whole graph)": PPRRetriever(),
            "ppr (max_hops=2)": PPRRetriever(PPRRetriever.Options(max_hops=2)),
            "ppr (max_hops=3)": PPRRetriever(PPRRetriever.Options(max_hops=3)),
        }
        results: dict[str, Any] = {}
        for label, retriever in systems.items():
            times: list[float] = []
            cpu: list[float] = []
            found: list[int] = []
            for i, text in enumerate([texts[0], *texts]):
                query = Query(text=text, k=100, record_access=False)
                sctx = SearchContext(engine._ctx, query)
                t0, c0 = time.perf_counter(), time.process_time()
                cands = retriever.retrieve(query, sctx)
                elapsed = (time.perf_counter() - t0) * 1000
                if i:  # the first query warms caches (token index) and is not counted
                    times.append(elapsed)
                    cpu.append((time.process_time() - c0) * 1000)
                    found.append(len(cands))
            results[label] = {
                "p50_ms": round(_percentile(times, 0.5), 2),
                "p95_ms": round(_percentile(times, 0.95), 2),
                "mean_ms": round(statistics.fmean(times), 2),
                "cpu_p50_ms": round(_percentile(cpu, 0.5), 2),
                "cpu_p95_ms": round(_percentile(cpu, 0.95), 2),
                "mean_candidates": round(statistics.fmean(found), 1),
            }
        return {"memories": n, "queries": queries, "ingest_s": round(ingest, 1),
                "graph": graph.stats(), "retrievers": results,
                "load_average": [round(x, 1) for x in os.getloadavg()]}
    finally:
        engine.close()


def main(argv: list[str] | None = None) -> int:
    """Print the measurement as JSON."""
    args = sys.argv[1:] if argv is None else argv
    n = int(args[0]) if args else 10_000
    q = int(args[1]) if len(args) > 1 else 200
    json.dump(measure(n, q), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
