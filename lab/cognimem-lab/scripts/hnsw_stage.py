"""The vector stage alone: CPU per search of the ``hnsw`` index against ``exact`` on the same
vectors, and the hnsw index's recall against exact search.

Usage::

    python lab/cognimem-lab/scripts/hnsw_stage.py STORE/hnsw \
        [--options '{"expansion_search": 128}'] [--k 10,100]

``STORE/hnsw`` is the snapshot folder of a store written with the ``hnsw`` index (for
example by ``cognimem bench --stacks hnsw --dir DIR``: ``DIR/hnsw-100000/hnsw``). Its vectors
(as the graph stores them) and memories are loaded into both indexes; 200 queries mix two
stored vectors (``a + 0.5 b``, normalised: they fall between neighbourhoods, harder than a
stored vector), every 4th filtered on the project of a random memory. Prints one JSON line:
CPU milliseconds per search (median, one thread) unfiltered and filtered, and recall@k: by
id, and counting ties (a hit scoring at least the k-th true score).
"""

from __future__ import annotations

import argparse
import json
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from cognimem.models import Memory, Query, Scope
from cognimem_plugins.exact_vectors import ExactVectors
from cognimem_plugins.hnsw_index.index import HnswVectors, _usearch_index_cls
from cognimem_plugins.hnsw_index.rows import SCOPE_FIELDS
from cognimem_plugins.hnsw_index.snapshot import Folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="a store's hnsw snapshot folder")
    parser.add_argument("--options", default="{}", help="hnsw options as JSON")
    parser.add_argument("--k", default="10,100", help="result counts to measure")
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    loaded = Folder(Path(args.folder)).load(_usearch_index_cls())
    if loaded is None:
        raise SystemExit(f"{args.folder} holds no hnsw snapshot")
    _stamp, graph, rows = loaded
    live = sorted(rows.key.items(), key=lambda item: item[1])
    keys = np.array([key for _, key in live], dtype=np.uint64)
    vectors = np.stack(graph.get(keys, dtype=np.float32))
    values = {f: {code: v for v, code in rows.interned[f].items()} for f in SCOPE_FIELDS}
    at = datetime(2025, 1, 1, tzinfo=UTC)
    memories = [
        Memory(id=memory_id, content="-", created_at=at, updated_at=at,
               version=int(rows.version[key]), archived=bool(rows.archived[key]),
               scope=Scope(**{f: values[f].get(int(rows.codes[f][key])) for f in SCOPE_FIELDS}))
        for memory_id, key in live]
    exact = ExactVectors(ExactVectors.Options(snapshot=False))
    exact.upsert(memories, vectors)
    hnsw = HnswVectors(HnswVectors.Options(**json.loads(args.options)))
    hnsw.upsert(memories[:1], vectors[:1])  # fixes the dimension; then take the loaded graph
    hnsw._graph, hnsw._rows = graph, rows
    rng = np.random.default_rng(5)
    plan = []
    for i in range(args.queries):
        a, b = rng.integers(0, len(memories), 2)
        q = vectors[a] + 0.5 * vectors[b]
        project = memories[int(rng.integers(0, len(memories)))].scope.project
        plan.append((q / np.linalg.norm(q),
                     Query(text="-", scope=Scope(project=project) if i % 4 == 3 else Scope())))
    out: dict[str, object] = {"memories": len(memories), "options": json.loads(args.options)}
    for k in (int(x) for x in args.k.split(",")):
        for name, index in (("hnsw", hnsw), ("exact", exact)):
            for q, query in plan[:5]:
                index.search(q, query, k)
            cpu: dict[bool, list[float]] = {False: [], True: []}
            for q, query in plan:
                started = time.process_time()
                index.search(q, query, k)
                cpu[query.scope != Scope()].append((time.process_time() - started) * 1000)
            out[f"{name}_k{k}_cpu_p50_ms"] = round(float(np.median(cpu[False])), 3)
            out[f"{name}_k{k}_scoped_cpu_p50_ms"] = round(float(np.median(cpu[True])), 3)
        recall: dict[bool, list[float]] = {False: [], True: []}
        tied: dict[bool, list[float]] = {False: [], True: []}
        for q, query in plan:
            expected = exact.search(q, query, k)
            found = hnsw.search(q, query, k)
            want = {c.id for c in expected}
            scoped = query.scope != Scope()
            recall[scoped].append(len(want & {c.id for c in found}) / max(1, len(want)))
            # a hit scoring at least the k-th true score is as good as the one it displaced
            # (synthetic texts share words: many vectors tie); 1e-3 covers half precision
            floor = expected[-1].score - 1e-3 if expected else 0.0
            tied[scoped].append(sum(c.score >= floor for c in found) / max(1, len(want)))
        out[f"recall@{k}"] = round(float(np.mean(recall[False])), 4)
        out[f"scoped_recall@{k}"] = round(float(np.mean(recall[True])), 4)
        out[f"recall@{k}_ties"] = round(float(np.mean(tied[False])), 4)
        out[f"scoped_recall@{k}_ties"] = round(float(np.mean(tied[True])), 4)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
