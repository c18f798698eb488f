"""Page timings of the dashboard over a store of N memories on the default stack (DuckDB,
Tantivy, HNSW) with the hash embedder, reached through its owner daemon as ``cognimem ui``
reaches it (not a test; run by hand, see docs/dashboard.md):

    python tests/plugins/dashboard/bench_pages.py 100000 /tmp/dash-bench

Fills the store once (reused when it already holds N memories), requests every page once
untimed (the daemon's caches warm), then each page ``REPEATS`` times through the full app
(guards included) and prints the median and the slowest time per page, in milliseconds.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from starlette.testclient import TestClient

from cognimem.daemon.access import open_store
from cognimem.daemon.spawn import stop_daemon
from cognimem.profile import load_profile
from cognimem_plugins.dashboard.app import build_app

TOKEN = "bench-token-0123456789abcdef"
REPEATS = 5
WORDS = ("orders api cursor pagination refunds nightly staging database deploy release branch "
         "checkout payment retries web workspace pnpm parser grammar cache invalidation "
         "latency budget queue worker timeout schema migration index vector").split()
PROJECTS = ("shop", "web", "ops", "data", "infra")


def text(i: int) -> str:
    """A deterministic note of eight words."""
    return " ".join(WORDS[(i * 7 + k * 13 + i // (k + 1)) % len(WORDS)] for k in range(8)) + \
        f" (note {i})"


def fill(api: object, n: int) -> None:
    """Write ``n`` notes in batches of 1,000."""
    have = int(api.stats()["memories"])  # type: ignore[attr-defined]
    for start in range(have, n, 1000):
        batch = [{"content": text(i), "scope": {"project": PROJECTS[i % 5],
                                                 "agent": f"agent-{i % 3}"},
                  "tags": [PROJECTS[i % 5]]} for i in range(start, min(n, start + 1000))]
        api.add_many(batch)  # type: ignore[attr-defined]
        if start % 10_000 == 0:
            print(f"filled {start + len(batch):,}", file=sys.stderr, flush=True)


def main(n: int, folder: Path) -> None:
    """Fill, then time every page."""
    os.environ.setdefault("COGNIMEM_RUNTIME_DIR", str(folder / "run"))
    store = folder / "store"
    profile = load_profile("default", overrides={"path": str(store), "embedder": {"use": "hash"},
                                                 "guard": []})
    started = time.perf_counter()
    with open_store(profile) as api:
        fill(api, n)
        print(f"store ready: {api.stats()['memories']:,} memories "
              f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
        some = api.search("orders pagination", k=1).hits[0].memory.id
        api.archive(some)
        api.restore(some)
        app = build_app(api, token=TOKEN, hosts=["127.0.0.1:8766"])
        client = TestClient(app, base_url="http://127.0.0.1:8766",
                            headers={"Authorization": f"Bearer {TOKEN}"})
        pages = ["/search?q=orders+pagination", "/search?q=orders+pagination&page=5",
                 "/search?q=staging+deploy&project=ops&tag=ops", "/search",
                 "/search?project=web&page=3", f"/memory/{some}", "/conflicts",
                 "/consolidation", "/agents", "/health", "/graph", "/graph/frame", "/eval"]
        for page in pages:
            client.get(page)
        print("| page | status | median ms | slowest ms |\n|---|---|---|---|")
        for page in pages:
            times, status = [], 0
            for _ in range(REPEATS):
                t0 = time.perf_counter()
                status = client.get(page).status_code
                times.append((time.perf_counter() - t0) * 1000)
            print(f"| `{page}` | {status} | {statistics.median(times):.0f} | "
                  f"{max(times):.0f} |", flush=True)
    stop_daemon(store)


if __name__ == "__main__":
    main(int(sys.argv[1]), Path(sys.argv[2]))
