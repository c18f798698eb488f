"""Micro-benchmark of the duckdb record store on its own (no engine, no embedding).

Run: ``python -m cognimem_plugins.duckdb_store.bench [--n 100000] [--dir /tmp/x]``

Times ``put_memories`` in transactions of 256, ``put_embeddings`` (384 dimensions),
``iter_memories`` (which also fills the row cache), ``get_memories`` of 200 random ids from
the cache and from DuckDB (``cache_size = 0``), ``find_by_hash`` (hits and misses),
``get_embeddings`` of 1,024 ids, and reopening the store; then the process RSS and the size
of the store on disk.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
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

from .store import DuckDBStore

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
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _open(directory: Path, **options: Any) -> DuckDBStore:
    store = DuckDBStore(DuckDBStore.Options(**options))
    ctx = Context(path=directory, clock=ManualClock(), seed=0, records=store, lexical=None,
                  vectors=None, embedder=None, hook=None, engine=None)  # type: ignore[arg-type]
    store.open(ctx)
    return store


def _line(label: str, value: str) -> None:
    print(f"{label:<44} {value}")


def run(n: int, directory: Path) -> None:
    """Fill a store with ``n`` memories and print the timings."""
    memories = synthetic(n)
    store = _open(directory)
    t0 = time.perf_counter()
    for start in range(0, n, 256):
        with store.transaction():
            store.put_memories(memories[start : start + 256])
    put = time.perf_counter() - t0
    _line(f"put_memories {n:,} (transactions of 256)", f"{put:8.2f} s  {n / put:9,.0f}/s")
    rng = np.random.default_rng(0)
    signature = EmbeddingSignature(model="bench", dim=384)
    t0 = time.perf_counter()
    for start in range(0, n, 256):
        chunk = memories[start : start + 256]
        vectors = rng.standard_normal((len(chunk), 384)).astype(np.float32)
        store.put_embeddings({m.id: v for m, v in zip(chunk, vectors, strict=True)}, signature)
    emb = time.perf_counter() - t0
    _line(f"put_embeddings {n:,} x 384", f"{emb:8.2f} s  {n / emb:9,.0f}/s")
    store.close()

    store = _open(directory)
    iterate = _timed(lambda: sum(1 for _ in store.iter_memories()))
    _line(f"iter_memories all {n:,} (cold, fills cache)", f"{iterate:8.2f} s")
    pick = random.Random(1)
    ids = [m.id for m in pick.sample(memories, min(200, n))]
    warm = _timed(lambda: store.get_memories(ids), 20)
    _line("get_memories 200 random ids (cached)", f"{warm * 1000:8.2f} ms")
    hashes = [m.content_hash for m in pick.sample(memories, min(100, n))]
    hit = _timed(lambda: [store.find_by_hash(h) for h in hashes], 3) / len(hashes)
    miss = _timed(lambda: [store.find_by_hash(f"{i:064x}") for i in range(100)], 3) / 100
    _line("find_by_hash hit / miss", f"{hit * 1000:8.3f} ms / {miss * 1e6:.1f} us")
    eids = [m.id for m in pick.sample(memories, min(1024, n))]
    fetch = _timed(lambda: store.get_embeddings(eids), 5)
    _line("get_embeddings 1,024 ids", f"{fetch * 1000:8.2f} ms")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    store.close()

    t0 = time.perf_counter()
    store = _open(directory, cache_size=0)
    _line("reopen (schema check, hash set)", f"{(time.perf_counter() - t0) * 1000:8.1f} ms")
    cold = _timed(lambda: store.get_memories(ids), 20)
    _line("get_memories 200 random ids (no cache)", f"{cold * 1000:8.2f} ms")
    store.close()
    size = sum(p.stat().st_size for p in directory.iterdir() if p.is_file())
    _line("peak RSS of this process", f"{rss:8.0f} MB")
    _line("store size on disk", f"{size / 1e6:8.1f} MB")


def main() -> None:
    """Parse arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--dir", type=Path, default=None, help="default: a temporary directory")
    args = parser.parse_args()
    if args.dir is not None:
        run(args.n, args.dir)
        return
    with tempfile.TemporaryDirectory() as tmp:
        run(args.n, Path(tmp) / "store")


if __name__ == "__main__":
    main()
