"""A small store's vector search: milliseconds per ``hnsw`` search at ``--memories`` memories.

    python bench/hnsw_small_scan.py --memories 2000 --k 50

A store of at most ``exact_below`` memories is searched by usearch's exact scan; this times
one unfiltered search of ``k`` (the default retriever asks for 50) over random unit vectors
of 384 dimensions (MiniLM's), 600 searches after 20 warm ones, in one process. Prints one
JSON line.
"""

from __future__ import annotations

import argparse
import json
import time

from cognimem.models import Query
from cognimem.testing.fixtures import memory, opened, unit_vectors
from cognimem_plugins.hnsw_index.index import HnswVectors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--k", type=int, default=50)
    args = parser.parse_args()
    index = opened(HnswVectors, None)
    index.upsert([memory(f"m{i:06d}", "-") for i in range(args.memories)],
                 unit_vectors(args.memories, 384, seed=1))
    query, probes = Query(text="x"), unit_vectors(200, 384, seed=2)
    for probe in probes[:20]:
        index.search(probe, query, args.k)
    start = time.perf_counter()
    for _ in range(3):
        for probe in probes:
            index.search(probe, query, args.k)
    ms = (time.perf_counter() - start) / (3 * len(probes)) * 1000
    print(json.dumps({"memories": args.memories, "k": args.k, "ms_per_search": round(ms, 3)}))


if __name__ == "__main__":
    main()
