"""A search during a large import (issue #40, point 4): how long does another agent wait?

    python bench/import_stall.py --megabytes 20 --searches 0.1
    python bench/import_stall.py --megabytes 20 --vault     # the same text as notes: an ingest
    python bench/import_stall.py --megabytes 20 --vectors hnsw   # the default's vector index

Builds an export of about ``--megabytes`` MB (memories of ~1 KB), starts the store's owner
daemon (DuckDB records, tantivy, exact vectors, the hash embedder: the import's cost is the
store's, not a model's), then imports the file through one connection while a second
connection searches every ``--searches`` seconds (30 searches before it starts give the
latency on this host with nothing else running in the daemon: ``quiet_*``). With
``--vault`` the memories are written as a folder of markdown notes (one note each) and
indexed with ``ingest("vault", ...)`` instead (what ``cognimem vault index`` runs). Prints
one JSON object: the run's duration and the search latencies seen while it ran (count, p50,
p95, max, in ms).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from cognimem.daemon.access import open_store
from cognimem.daemon.spawn import stop_daemon
from cognimem.engine import Engine
from cognimem.profile import Profile, load_profile

WORDS = ("deploy billing ledger replica kestrel heron osprey latency cache queue shard "
         "rollout canary budget audit schema migration index vector token session").split()


#: The vector index (``--vectors``): ``exact`` is the first measurement's; ``hnsw`` is the
#: default profile's, whose searches run beside an import's writes.
VECTORS = {"use": "exact"}


def profile(store: Path) -> Profile:
    return load_profile("test", overrides={
        "path": str(store), "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
        "vectors": dict(VECTORS)})


def build_export(folder: Path, megabytes: float) -> tuple[Path, int]:
    """An export of about ``megabytes`` MB, made by a real store (so it imports as is)."""
    n = int(megabytes * 1_000_000 / 2_100)  # an exported memory takes ~2.1 KB
    with Engine.from_profile(profile(folder / "source")) as engine:
        for start in range(0, n, 1000):
            engine.add_many([
                f"note {i}: " + " ".join(WORDS[(i * 7 + j) % len(WORDS)] for j in range(140))
                for i in range(start, min(n, start + 1000))])
        data = engine.export()
    path = folder / "export.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, n


def write_vault(folder: Path, export: Path) -> Path:
    """The export's memories as a folder of markdown notes, one note each."""
    folder.mkdir()
    for i, memory in enumerate(json.loads(export.read_text(encoding="utf-8"))["memories"]):
        (folder / f"note{i:05d}.md").write_text(f"# Note {i}\n\n{memory['content']}\n",
                                                encoding="utf-8")
    return folder


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--megabytes", type=float, default=20.0)
    parser.add_argument("--searches", type=float, default=0.1,
                        help="seconds between searches")
    parser.add_argument("--vault", action="store_true",
                        help="ingest the memories as a folder of notes instead of importing")
    parser.add_argument("--vectors", choices=["exact", "hnsw"], default="exact",
                        help="the vector index (hnsw: the default profile's)")
    args = parser.parse_args()
    VECTORS["use"] = args.vectors
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path, n = build_export(folder, args.megabytes)
        vault = write_vault(folder / "vault", path) if args.vault else None
        store = folder / "target"
        with open_store(profile(store)) as warm:  # the daemon is up, the store has a memory
            warm.add("an existing memory about the kestrel deploy")
        latencies: list[float] = []
        done = threading.Event()
        result: dict[str, Any] = {}

        def importer() -> None:
            started = time.perf_counter()
            with open_store(profile(store)) as engine:
                if vault is not None:
                    result["ingested"] = engine.ingest("vault", str(vault)).added
                else:
                    report = engine.import_(json.loads(path.read_text(encoding="utf-8")))
                    result["imported"] = report.memories
            result["import_s"] = round(time.perf_counter() - started, 2)
            done.set()

        try:
            with open_store(profile(store)) as searcher:
                searcher.search("kestrel deploy", k=5)
                quiet: list[float] = []  # the same searches with nothing else running
                for _ in range(30):
                    started = time.perf_counter()
                    searcher.search("kestrel deploy", k=5)
                    quiet.append((time.perf_counter() - started) * 1000)
                    time.sleep(args.searches)
                result["quiet_p50_ms"] = round(statistics.median(quiet), 1)
                result["quiet_p95_ms"] = round(percentile(quiet, 0.95), 1)
                thread = threading.Thread(target=importer)
                thread.start()
                while not done.is_set():
                    started = time.perf_counter()
                    searcher.search("kestrel deploy", k=5)
                    latencies.append((time.perf_counter() - started) * 1000)
                    time.sleep(args.searches)
                thread.join()
        finally:
            stop_daemon(store)
        result.update({
            "megabytes": round(path.stat().st_size / 1e6, 1), "memories": n,
            "searches": len(latencies),
            "p50_ms": round(statistics.median(latencies), 1),
            "p95_ms": round(percentile(latencies, 0.95), 1),
            "max_ms": round(max(latencies), 1)})
    print(json.dumps(result))


if __name__ == "__main__":
    main()
