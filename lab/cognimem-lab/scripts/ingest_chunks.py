"""The benchmark's ingest, a chunk at a time: what each chunk costs as the store grows.

    python lab/cognimem-lab/scripts/ingest_chunks.py 250000 DIR --profile-at 20000,200000

Ingests ``size`` memories of the benchmark's corpus into a fresh ``hnsw`` store at ``DIR``
(the stand-in embedder, as `cognimem bench` does) through ``Engine.add_many`` in chunks of
16,384, and prints each chunk's CPU without the stand-in embedding, its wall time and the
process's RSS; the chunks holding the memories numbered in ``--profile-at`` run under
cProfile, whose top functions are printed after them (those chunks' CPU is inflated).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem_lab.chunks import timed_chunk
from cognimem_lab.corpus import generate_memories
from cognimem_lab.measure import INGEST_CHUNK, memory_status
from cognimem_lab.stacks import STACKS, stack_profile
from cognimem_lab.standin import PLUGIN


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("size", type=int)
    parser.add_argument("store", type=Path, help="a folder for the new store")
    parser.add_argument("--profile-at", default="", help="memory counts, comma-separated")
    args = parser.parse_args()
    marks = {int(x) for x in args.profile_at.split(",") if x.strip()}
    corpus = generate_memories(args.size, seed=7)
    engine = Engine.from_profile(stack_profile(STACKS["hnsw"], args.store), plugins=[PLUGIN],
                                 clock=SystemClock())
    try:
        for start in range(0, args.size, INGEST_CHUNK):
            drafts = [m.draft() for m in corpus[start : start + INGEST_CHUNK]]
            profile = any(start <= m < start + len(drafts) for m in marks)
            cpu, wall = timed_chunk(engine, drafts, profile=profile)
            print(f"{start + len(drafts)} chunk cpu {cpu:.2f}s ({len(drafts) / cpu:.0f}/cpu-s) "
                  f"wall {wall:.2f} rss {memory_status()}", flush=True)
    finally:
        engine.close()


if __name__ == "__main__":
    main()
