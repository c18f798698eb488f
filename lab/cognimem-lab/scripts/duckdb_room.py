"""Where a transaction needs DuckDB's memory, and how much (#45 wave 8).

    python lab/cognimem-lab/scripts/duckdb_room.py ROOM_MIB [--chars 100000] [--batches 2]
        [--small 0]

Writes ``--batches`` default batches (1,024) of memories of ``--chars`` random characters
into a new store whose budget's room is ``ROOM_MIB`` (``ROOM_PER_BYTE`` 0: a fixed room, as
before wave 8; no margin on the indexes) and prints the statement that failed, if one did
("INSERT" or "COMMIT": the checkpoint). ``--small N``: N batches of 1,000 small memories
instead, printing the limit and the peak RSS every 50 batches.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
from pathlib import Path
from typing import Any

from cognimem.clock import ManualClock
from cognimem.context import Context
from cognimem.profile import WriteSection
from cognimem.testing.store_cases import T0
from cognimem.testing.store_cases import full_memory as memory
from cognimem_plugins.duckdb_store import budget
from cognimem_plugins.duckdb_store.store import DuckDBStore


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("room", type=int)
    parser.add_argument("--chars", type=int, default=WriteSection().max_content_chars)
    parser.add_argument("--batches", type=int, default=2)
    parser.add_argument("--small", type=int, default=0)
    args = parser.parse_args()
    setattr(budget, "BLOCK_BUDGET", args.room * 2**20)  # noqa: B010 (Final constants)
    setattr(budget, "INDEX_ENTRY", 1)  # noqa: B010
    setattr(budget, "ROOM_PER_BYTE", 0)  # noqa: B010
    store = DuckDBStore(DuckDBStore.Options())
    path = Path(tempfile.mkdtemp()) / "store"
    store.open(Context(path=path, clock=ManualClock(T0), seed=0, records=store, lexical=None,
                       vectors=None, embedder=None, hook=None, profile=None))  # type: ignore[arg-type]
    run = store.db.run

    def traced(sql: str, params: Any = None) -> Any:
        try:
            return run(sql, params)
        except Exception as exc:
            print("failed:", sql.split()[0], "|", str(exc).splitlines()[0][:160])
            raise

    store.db.run = traced  # type: ignore[method-assign]
    try:
        for b in range(args.small):
            store.put_memories([memory(b * 1000 + i, f"{'x' * 200} {b * 1000 + i}")
                                for i in range(1000)])
            if b % 50 == 0:
                peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10
                print(f"{b * 1000} limit {store.budget.limit >> 20} MiB, peak RSS {peak} MiB")
        batch = WriteSection().batch_size
        for b in range(args.batches if not args.small else 0):
            rows = [memory(b * batch + i, os.urandom(args.chars // 2).hex())
                    for i in range(batch)]
            try:
                store.put_memories(rows)
                print(f"batch {b} committed, limit {store.budget.limit >> 20} MiB")
            except Exception as exc:
                print(f"batch {b} failed: {type(exc).__name__}")
    finally:
        store.close()


if __name__ == "__main__":
    main()
