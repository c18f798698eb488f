"""Cold starts of a kept store, as `cognimem bench` measures them: run in each checkout.

    python lab/cognimem-lab/scripts/cold_starts.py runs/hnsw-1000000 --runs 2

Each run is a fresh process that imports cognimem, opens the store (the benchmark's ``hnsw``
stack and plain pipeline, the stand-in embedder) and searches once; printed per run: the
cold start to the first search, the child's CPU, its import, open and first-search times,
and its RSS then.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cognimem_lab.coldstart import measure_cold_start
from cognimem_lab.stacks import STACKS, stack_profile

KEYS = ("cold_start_s", "cpu_s", "import_s", "open_s", "first_search_ms", "rss_mb", "hits")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("store", type=Path, help="a store kept by `cognimem bench --dir`")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--query", default="deploy the service config rollback")
    args = parser.parse_args()
    profile = stack_profile(STACKS["hnsw"], args.store).model_dump(mode="json",
                                                                   exclude_none=True)
    for _ in range(args.runs):
        result = measure_cold_start(profile, args.query, k=10)
        print(json.dumps({key: result.get(key) for key in KEYS}), flush=True)


if __name__ == "__main__":
    main()
