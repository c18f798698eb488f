"""What the ``hnsw`` rows' ids and id -> key map take at a size (#45 wave 8).

    python lab/cognimem-lab/scripts/rows_memory.py [--n 1000000]

Rows as a snapshot gives them back (``n`` ids of the engine's form), then the map a write
needs made: the Python heap it adds (tracemalloc) and the CPU it takes (a second pass
without tracemalloc). Runs on any version of the plugin (the same arrays are given).
"""

from __future__ import annotations

import argparse
import hashlib
import time
import tracemalloc

import numpy as np

from cognimem_plugins.hnsw_index.rows import SCOPE_FIELDS, Rows


def saved(n: int) -> dict[str, np.ndarray]:
    """The arrays of ``n`` live rows, as a snapshot saves them."""
    ids = ["m" + hashlib.sha256(str(i).encode()).hexdigest()[:15] for i in range(n)]
    data = {"ids": np.array(ids, dtype=str), "version": np.ones(n, np.int64),
            "archived": np.zeros(n, bool), "live": np.ones(n, bool)}
    for field in SCOPE_FIELDS:
        data[f"codes_{field}"] = np.zeros(n, np.int32)
        data[f"values_{field}"] = np.array([], dtype=str)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    n = parser.parse_args().n
    rows = Rows.from_arrays(saved(n))
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    rows.retire(["not-there"])  # a write: the map (and the ids it needs) made
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    rows = Rows.from_arrays(saved(n))
    cpu = time.process_time()
    rows.retire(["not-there"])
    cpu = time.process_time() - cpu
    start = time.process_time()
    for i in range(100_000):
        rows.retire([f"x{i}"])
    misses = time.process_time() - start
    print(f"{n:,} rows: ids and map {grown / 2**20:.0f} MiB, made in {cpu:.2f} s of CPU; "
          f"100,000 lookups of absent ids {misses:.2f} s")


if __name__ == "__main__":
    main()
