"""Micro-benchmark of the duckdb record store on its own (no engine, no embedding).

Run: ``python bench/duckdb_store.py [--n 100000] [--dir /tmp/x]``

Times ``put_memories`` in transactions of 256, ``put_embeddings`` (384 dimensions),
``iter_memories`` (which also fills the row cache), ``get_memories`` of 200 random ids from
the cache and from DuckDB (``cache_size = 0``), ``find_by_hash`` (hits and misses),
``get_embeddings`` of 1,024 ids, and reopening the store; the memory the open store adds
(its row cache full) and the size of the store on disk. Wall times are shown with the CPU
time of the process, which says more on a busy machine.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from cognimem.clock import ManualClock
from cognimem.context import Context
from cognimem.models import EmbeddingSignature, Memory, Scope, Source, content_hash
from cognimem_plugins.duckdb_store.store import DuckDBStore

_WORDS = ["deploy", "service", "cache", "token", "parser", "schema", "index", "vector", "query",
          "merge", "branch", "release", "incident", "config", "worker", "queue", "retry",
          "timeout", "latency", "memory", "graph", "edge", "node", "user", "session", "budget",
          "design", "review", "decision", "database", "migration", "backend", "frontend"]


def synthetic(n: int, seed: int = 0) -> list[Memory]:
    """``n`` memories of 20-60 words with tags, scope, source and meta, reproducibly."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    out = []
    for i in range(n):
        text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(20, 60))) + f" #{i}"
        at = start + timedelta(seconds=i)
        out.append(Memory(
            id=f"m{i:015x}", content=text, tags=rng.sample(_WORDS, 2),
            scope=Scope(project=f"p{i % 7}"), source=Source(file=f"notes/{i % 50}.md", line=i),
            created_at=at, updated_at=at, content_hash=content_hash(text),
            embedding=EmbeddingSignature(model="bench", dim=384), meta={"n": i},
        ))
    return out


def _timed(fn: Callable[[], Any], repeat: int = 1) -> float:
    """Median wall time; the CPU time of the last run is left in ``_timed.cpu``."""
    times = []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        times.append(time.perf_counter() - t0)
        _timed.cpu = time.process_time() - c0  # type: ignore[attr-defined]
    return statistics.median(times)


def _rss_mb() -> float:
    """The current resident set size (Linux), else the peak."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _open(directory: Path, **options: Any) -> DuckDBStore:
    store = DuckDBStore(DuckDBStore.Options(**options))
    ctx = Context(path=directory, clock=ManualClock(), seed=0, records=store, lexical=None,
                  vectors=None, embedder=None, hook=None, profile=None)  # type: ignore[arg-type]
    store.open(ctx)
    return store


def _line(label: str, value: str) -> None:
    print(f"{label:<44} {value}")


def _fill(n: int, directory: Path) -> None:
    """Write ``n`` memories and their embeddings."""
    memories = synthetic(n)
    store = _open(directory)

    def put() -> None:
        for start in range(0, n, 256):
            with store.transaction():
                store.put_memories(memories[start : start + 256])

    wall = _timed(put)
    _line(f"put_memories {n:,} (transactions of 256)",
          f"{wall:8.2f} s  {n / wall:9,.0f}/s  (CPU {_timed.cpu:.2f} s)")  # type: ignore[attr-defined]
    rng = np.random.default_rng(0)
    signature = EmbeddingSignature(model="bench", dim=384)

    def embed() -> None:
        for start in range(0, n, 256):
            chunk = memories[start : start + 256]
            vectors = rng.standard_normal((len(chunk), 384)).astype(np.float32)
            store.put_embeddings({m.id: v for m, v in zip(chunk, vectors, strict=True)},
                                 signature)

    wall = _timed(embed)
    _line(f"put_embeddings {n:,} x 384",
          f"{wall:8.2f} s  {n / wall:9,.0f}/s  (CPU {_timed.cpu:.2f} s)")  # type: ignore[attr-defined]
    store.close()


def run(n: int, directory: Path) -> None:
    """Fill a store with ``n`` memories, then time the reads in a fresh process."""
    _fill(n, directory)
    subprocess.run([sys.executable, __file__, "--n", str(n), "--dir", str(directory), "--read"],
                   check=True)


def read(n: int, directory: Path) -> None:
    """Time the reads of a store filled by :func:`_fill` (run in a fresh process)."""
    pick = random.Random(1)
    ids = [f"m{i:015x}" for i in pick.sample(range(n), min(200, n))]
    hashes = [m.content_hash for m in synthetic(min(n, 100))]
    before = _rss_mb()

    store = _open(directory)
    iterate = _timed(lambda: sum(1 for _ in store.iter_memories()))
    _line(f"iter_memories all {n:,} (cold, fills cache)",
          f"{iterate:8.2f} s  (CPU {_timed.cpu:.2f} s)")  # type: ignore[attr-defined]
    _line("process RSS before opening / with cache full",
          f"{before:8.0f} MB / {_rss_mb():.0f} MB")
    warm = _timed(lambda: store.get_memories(ids), 20)
    _line("get_memories 200 random ids (cached)",
          f"{warm * 1000:8.2f} ms  (CPU {_timed.cpu * 1000:.2f} ms)")  # type: ignore[attr-defined]
    hit = _timed(lambda: [store.find_by_hash(h) for h in hashes], 3) / len(hashes)
    miss = _timed(lambda: [store.find_by_hash(f"{i:064x}") for i in range(100)], 3) / 100
    _line("find_by_hash hit / miss", f"{hit * 1000:8.3f} ms / {miss * 1e6:.1f} us")
    eids = [f"m{i:015x}" for i in pick.sample(range(n), min(1024, n))]
    fetch = _timed(lambda: store.get_embeddings(eids), 5)
    _line("get_embeddings 1,024 ids", f"{fetch * 1000:8.2f} ms")
    store.close()

    t0 = time.perf_counter()
    store = _open(directory, cache_size=0)
    _line("reopen (schema check, hash set)", f"{(time.perf_counter() - t0) * 1000:8.1f} ms")
    cold = _timed(lambda: store.get_memories(ids), 20)
    _line("get_memories 200 random ids (no cache)",
          f"{cold * 1000:8.2f} ms  (CPU {_timed.cpu * 1000:.2f} ms)")  # type: ignore[attr-defined]
    store.close()
    size = sum(p.stat().st_size for p in directory.iterdir() if p.is_file())
    _line("store size on disk", f"{size / 1e6:8.1f} MB")


def main() -> None:
    """Parse arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--dir", type=Path, default=None, help="default: a temporary directory")
    parser.add_argument("--read", action="store_true", help="only time the reads of --dir")
    args = parser.parse_args()
    if args.read:
        read(args.n, args.dir)
        return
    if args.dir is not None:
        run(args.n, args.dir)
        return
    with tempfile.TemporaryDirectory() as tmp:
        run(args.n, Path(tmp) / "store")


if __name__ == "__main__":
    main()
