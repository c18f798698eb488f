"""CPU per fuse of ``window_rrf`` against plain RRF, the fuser alone, on one large group.

    python lab/cognimem-lab/scripts/window_fuse.py [--memories 100000] [--window 2]

Every memory is put in one source group (the costliest case: every window is full), then
``--fuses`` pairs of 50-candidate lists (BM25-like and cosine-like scores, random members)
are fused: the CPU milliseconds per fuse of plain RRF, of ``window_rrf`` with no window kept
yet (the first pass) and with the windows kept (the second pass over the same lists).
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import UTC, datetime, timedelta

from cognimem.clock import ManualClock
from cognimem.models import Candidate
from cognimem.profile import load_profile
from cognimem.testing.fixtures import memory
from cognimem_plugins.rankfusion import ranked_candidates, rrf_scores
from cognimem_plugins.representations.fuse import WindowRRF

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--memories", type=int, default=100_000)
    parser.add_argument("--window", type=int, default=2)
    parser.add_argument("--fuses", type=int, default=200)
    args = parser.parse_args()
    from cognimem.engine import Engine

    profile = load_profile("test", overrides={"fuse": {"use": "window_rrf",
                                                       "window": args.window}}, environ=False)
    with Engine.from_profile(profile, clock=ManualClock(T0)) as engine:
        fuser = engine.fuser
        assert isinstance(fuser, WindowRRF) and fuser._groups is not None
        index = fuser._groups
        index.neighbours([])  # read the (empty) store's groups once
        with index._lock:
            for i in range(args.memories):
                index._place(memory(f"m{i:07d}", "x", meta={"session": "s"},
                                    created_at=T0 + timedelta(seconds=i)))
        rng = random.Random(0)
        lists = [{"bm25": [Candidate(f"m{rng.randrange(args.memories):07d}", 10 - j * 0.1, j + 1)
                           for j in range(50)],
                  "vector": [Candidate(f"m{rng.randrange(args.memories):07d}", 0.9 - j * 0.005,
                                       j + 1) for j in range(50)]}
                 for _ in range(args.fuses)]
        query = engine.search("x", record_access=False).query

        def per_fuse(fuse: object) -> float:
            started = time.process_time()
            for found in lists:
                fuse(found)  # type: ignore[operator]
            return (time.process_time() - started) / len(lists) * 1000

        plain = per_fuse(lambda found: ranked_candidates(rrf_scores(found, {}, 60)))
        cold = per_fuse(lambda found: fuser.fuse(found, query))
        warm = per_fuse(lambda found: fuser.fuse(found, query))
    print(f"{args.memories} memories in one group, window {args.window}: plain RRF "
          f"{plain:.3f} ms, window_rrf {cold:.3f} ms (no window kept), {warm:.3f} ms (kept)")


if __name__ == "__main__":
    main()
