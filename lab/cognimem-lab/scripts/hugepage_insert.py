"""The graph's insert with and without huge pages: two graphs in one process, alternated.

    python lab/cognimem-lab/scripts/hugepage_insert.py [--graph 200000] [--insert 3000]
        [--rounds 6]

Graph A is built the way the ``hnsw`` index grows with ``huge_pages`` on (its mappings
marked ``MADV_HUGEPAGE`` every 4,096 keys, :class:`~cognimem_plugins.hnsw_index.hugepages.
HugePages`), graph B without (built after A, so B's mappings are never marked); both hold
``--graph`` random vectors (bf16, 384 dimensions, the ``hnsw`` defaults). Then each round
inserts ``--insert`` more vectors into each, on one thread, in alternating order, and
prints the CPU an insert costs (thread time), and the process's AnonHugePages.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from usearch.index import Index

from cognimem_plugins.hnsw_index.hugepages import HugePages


def _graph() -> Index:
    return Index(ndim=384, metric="cos", dtype="bf16", connectivity=16, expansion_add=128)


def _huge_kib() -> int:
    with open("/proc/meminfo", encoding="ascii") as lines:
        return next(int(line.split()[1]) for line in lines if line.startswith("AnonHugePages"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graph", type=int, default=200_000)
    parser.add_argument("--insert", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    pages = HugePages()
    graphs = {"A (huge pages)": _graph(), "B (4 KiB pages)": _graph()}
    step = 4096
    for name, graph in graphs.items():
        started = time.time()
        for start in range(0, args.graph, step):
            count = min(step, args.graph - start)
            graph.add(np.arange(start, start + count),
                      rng.standard_normal((count, 384)).astype(np.float32), threads=2)
            if name.startswith("A"):
                pages.follow(start + count)
        print(f"built {name}: {args.graph} vectors in {time.time() - started:.0f} s; "
              f"AnonHugePages {_huge_kib() >> 10} MiB", flush=True)
    print(f"marked {pages.marked_bytes >> 20} MiB", flush=True)
    cost: dict[str, list[float]] = {name: [] for name in graphs}
    key = args.graph
    for round_ in range(args.rounds):
        order = list(graphs.items())
        for name, graph in order if round_ % 2 == 0 else reversed(order):
            vectors = rng.standard_normal((args.insert, 384)).astype(np.float32)
            began = time.thread_time()
            graph.add(np.arange(key, key + args.insert), vectors, threads=1)
            cost[name].append((time.thread_time() - began) * 1000 / args.insert)
            key += args.insert
    for name, values in cost.items():
        print(f"{name}: ms of CPU an insert {[round(v, 3) for v in values]}, "
              f"median {statistics.median(values):.3f}")


if __name__ == "__main__":
    main()
