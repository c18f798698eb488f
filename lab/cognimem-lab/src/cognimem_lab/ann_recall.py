"""Recall@k and latency of a vector index's configurations against exact search.

Usage::

    python -m cognimem_lab.ann_recall VECTORS.npy --n 100000 --queries 200 \\
        --config '{"ann_threshold": 0}' --config '{"index_type": "IVF_SQ", "ann_threshold": 1}'

``VECTORS.npy`` holds L2-normalised embeddings, one per row (for example MiniLM vectors of
real text); the first ``n`` rows are indexed and the last ``queries`` rows are the queries.
Every memory gets one of eight projects and every 50th is archived, so the default archived
prefilter runs on every search and one scoped query set measures the scope prefilter.
Each ``--config`` is a JSON table of the vector index's options; results print as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from cognimem.models import Memory, Query, Scope
from cognimem.plugins import PluginHost

PROJECTS = 8
ARCHIVE_EVERY = 50


def _memories(n: int) -> list[Memory]:
    at = datetime(2025, 1, 1, tzinfo=UTC)
    return [Memory(id=f"m{i:07d}", content="-", created_at=at, updated_at=at,
                   scope=Scope(project=f"p{i % PROJECTS}"), archived=(i % ARCHIVE_EVERY == 49))
            for i in range(n)]


def exact_top(corpus: np.ndarray, query: np.ndarray, mask: np.ndarray, k: int) -> set[int]:
    """The rows of the ``k`` best cosine matches among the admitted rows."""
    scores = np.where(mask, corpus @ query, -np.inf)
    return set(np.argpartition(-scores, k)[:k].tolist())


def measure(vectors: np.ndarray, n: int, queries: int, configs: Sequence[dict[str, Any]],
            *, index: str = "lancedb", k: int = 10, batch: int = 4096,
            search_k: int | None = None) -> Iterator[dict[str, Any]]:
    """Index ``vectors[:n]`` once per config and compare its top ``k`` with exact search
    (the top ``k`` of a search for ``search_k``, as a retriever asking for more sees it);
    yields one result per config as it is measured."""
    depth = max(k, search_k or k)
    if n + queries > len(vectors):
        raise ValueError(f"need {n + queries} vectors, the file has {len(vectors)}")
    corpus = np.ascontiguousarray(vectors[:n], dtype=np.float32)
    probes = np.ascontiguousarray(vectors[-queries:], dtype=np.float32)
    memories = _memories(n)
    live = np.array([not m.archived for m in memories])
    scoped_mask = live & (np.arange(n) % PROJECTS == 3)
    truth = [exact_top(corpus, q, live, k) for q in probes]
    scoped_truth = [exact_top(corpus, q, scoped_mask, k) for q in probes]
    registration = PluginHost().get("vectors", index)
    if registration is None:
        raise ValueError(f"vector index {index!r} is not installed")
    for config in configs:
        folder = Path(tempfile.mkdtemp(prefix="cognimem-ann-"))
        component = registration.obj(registration.obj.Options(**config))
        component.open(SimpleNamespace(path=folder, embedder=None))
        try:
            started, cpu_started = time.perf_counter(), time.process_time()
            for start in range(0, n, batch):
                component.upsert(memories[start : start + batch], corpus[start : start + batch])
            component.optimize()
            build_s = time.perf_counter() - started
            row: dict[str, Any] = {"config": config, "build_s": round(build_s, 1),
                                   "build_cpu_s": round(time.process_time() - cpu_started, 1)}
            if hasattr(component, "has_ann_index"):
                row["ann_index"] = component.has_ann_index()
            for label, scope, expected in (("all", Scope(), truth),
                                           ("scoped", Scope(project="p3"), scoped_truth)):
                query = Query(text="-", k=k, scope=scope)
                for q in probes[:5]:
                    component.search(q, query, depth)
                recalls, latencies, cpu = [], [], []
                for q, want in zip(probes, expected, strict=True):
                    t0, c0 = time.perf_counter(), time.process_time()
                    found = component.search(q, query, depth)[:k]
                    latencies.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.process_time() - c0) * 1000)
                    recalls.append(len({int(c.id[1:]) for c in found} & want) / k)
                row[label] = {f"recall@{k}": round(float(np.mean(recalls)), 4),
                              "p50_ms": round(statistics.median(latencies), 2),
                              "p95_ms": round(float(np.percentile(latencies, 95)), 2),
                              "cpu_p50_ms": round(statistics.median(cpu), 2)}
            yield row
        finally:
            component.close()
            shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(prog="python -m cognimem_lab.ann_recall",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("vectors", help="a .npy file of L2-normalised vectors")
    parser.add_argument("--n", type=int, default=100_000, help="rows to index")
    parser.add_argument("--queries", type=int, default=200, help="query rows (taken from the end)")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--search-k", type=int, default=None,
                        help="ask the index for this many and score its top k (the vector "
                             "retriever asks for 100)")
    parser.add_argument("--index", default="lancedb", help="the vector index to measure")
    parser.add_argument("--config", action="append", default=[], metavar="JSON",
                        help="the index's options as JSON (repeat to compare)")
    args = parser.parse_args(argv)
    configs = [json.loads(c) for c in args.config] or [{}]
    vectors = np.load(args.vectors, mmap_mode="r")
    for row in measure(vectors, args.n, args.queries, configs, index=args.index, k=args.k,
                       search_k=args.search_k):
        sys.stdout.write(json.dumps(row) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
