"""The cost of the guard on a write: one ``add_many`` of 2,000 LoCoMo turns to an in-memory
store of the ``test`` profile (hash embedder), with the guard and without it
(``[plugins] deny = ["guard"]``), best of ``--repeat`` runs, wall and CPU time. Run from the
repository root::

    python bench/guard_eval/speed.py [--n 2000] [--repeat 3] [--bench ../shared/bench]
                                     [--embedder minilm]

``--embedder minilm``: the default profile's embedder, with which the guard's semantic
judge runs on each write (use a smaller ``--n``: MiniLM costs ~50 ms of CPU per turn).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from score import dataset_turns


def timed_add_many(texts: list[str], deny: list[str], repeat: int,
                   embedder: str = "hash") -> tuple[float, float]:
    """The best wall and CPU times (s) of one ``add_many`` of ``texts`` to a fresh store
    (CPU time: this process's, which other processes on a loaded host disturb less)."""
    from cognimem.engine import Engine

    wall = cpu = float("inf")
    for _ in range(repeat):
        engine = Engine.from_profile("test", overrides={"plugins": {"deny": deny},
                                                        "embedder": {"use": embedder}})
        try:
            started, cpu_started = time.perf_counter(), time.process_time()
            engine.add_many(texts, on_duplicate="keep")
            wall = min(wall, time.perf_counter() - started)
            cpu = min(cpu, time.process_time() - cpu_started)
        finally:
            engine.close()
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    """Print the timings as JSON."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/speed.py")
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--embedder", choices=("hash", "minilm"), default="hash")
    args = parser.parse_args(argv)
    texts = dataset_turns(args.bench)["locomo"][: args.n]
    without, without_cpu = timed_add_many(texts, ["guard"], args.repeat, args.embedder)
    with_guard, with_cpu = timed_add_many(texts, [], args.repeat, args.embedder)
    print(json.dumps({"memories": len(texts), "embedder": args.embedder,
                      "without_guard_s": round(without, 3),
                      "with_guard_s": round(with_guard, 3),
                      "without_guard_cpu_s": round(without_cpu, 3),
                      "with_guard_cpu_s": round(with_cpu, 3),
                      "guard_cpu_ms_per_memory": round((with_cpu - without_cpu) * 1000
                                                       / len(texts), 4),
                      "load": os.getloadavg()[0]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
