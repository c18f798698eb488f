"""The record store's cost of writing search accesses, batch after batch (issue #45).

    python lab/cognimem-lab/scripts/id_forms.py --sizes 1000000 --dir /tmp/id-forms --counts 10
    python lab/cognimem-lab/scripts/access_batches.py /tmp/id-forms/memories-1000000.duckdb \
        /tmp/store-a --batches 40

Copies a memories table that ``id_forms.py`` built into a fresh store directory (stamped as
schema version 2, so any checkout opens it: a newer one migrates it), opens the duckdb record
store on it without an engine, and writes ``--batches`` batches of ``--accesses`` accesses
(as a search's hits: ``--hits`` random memories per search at one time each), then closes
the store (which folds what is waiting, where the store folds). Prints one JSON line: the
median and the largest milliseconds per batch (wall; CPU of the whole process) and the
close's. Run it in two checkouts in
turn (or under a process timer) to compare them.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb

from cognimem.clock import ManualClock
from cognimem.context import Context
from cognimem.models import Access
from cognimem_plugins.duckdb_store.store import STORE_FILE, DuckDBStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("table", type=Path, help="a DuckDB file id_forms.py built")
    parser.add_argument("store", type=Path, help="a store directory to create (replaced)")
    parser.add_argument("--batches", type=int, default=40)
    parser.add_argument("--accesses", type=int, default=256)
    parser.add_argument("--hits", type=int, default=10)
    parser.add_argument("--seed", type=int, default=45)
    args = parser.parse_args()
    shutil.rmtree(args.store, ignore_errors=True)
    args.store.mkdir(parents=True)
    shutil.copyfile(args.table, args.store / STORE_FILE)
    con = duckdb.connect(str(args.store / STORE_FILE))
    if not con.execute("SELECT count(*) FROM schema_version").fetchone()[0]:
        con.execute("INSERT INTO schema_version VALUES (2, 'id_forms.py', now())")
    ids = [r[0] for r in con.execute("SELECT id FROM memories").fetchall()]
    con.close()
    rng = random.Random(args.seed)
    t0 = datetime(2026, 12, 1, tzinfo=UTC)
    store = DuckDBStore(DuckDBStore.Options(warm_cache=False))
    started = time.perf_counter()
    store.open(Context(path=args.store, clock=ManualClock(t0), seed=0, records=store,
                       lexical=None, vectors=None, embedder=None, hook=None,
                       profile=None))  # type: ignore[arg-type]
    open_ms = (time.perf_counter() - started) * 1000
    batch_ms, batch_cpu = [], []
    for b in range(args.batches):
        batch = []
        for s in range(args.accesses // args.hits):
            at = t0 + timedelta(seconds=b * 60 + s)
            batch += [Access(memory_id=i, at=at) for i in rng.sample(ids, args.hits)]
        started, cpu = time.perf_counter(), time.process_time()
        store.record_accesses(batch)
        batch_ms.append((time.perf_counter() - started) * 1000)
        batch_cpu.append((time.process_time() - cpu) * 1000)
    started, cpu = time.perf_counter(), time.process_time()
    store.close()
    close_ms = (time.perf_counter() - started) * 1000
    close_cpu = (time.process_time() - cpu) * 1000
    print(json.dumps({"memories": len(ids), "batches": args.batches,
                      "accesses": args.accesses, "open_ms": round(open_ms, 1),
                      "batch_p50_ms": round(statistics.median(batch_ms), 2),
                      "batch_max_ms": round(max(batch_ms), 2),
                      "batch_cpu_p50_ms": round(statistics.median(batch_cpu), 2),
                      "batch_total_ms": round(sum(batch_ms), 1),
                      "close_ms": round(close_ms, 1), "close_cpu_ms": round(close_cpu, 1)}))


if __name__ == "__main__":
    main()
