"""CPU per search of several profiles on the same dataset units, embedding left out.

Each of the first ``--units`` units of a dataset (a LongMemEval question's haystack, a LoCoMo
conversation) is ingested into a fresh in-process store per profile; each of its questions is
asked once to warm up (side indexes are built, the query's embedding cached), then
``--repeat`` times more, timed with the process CPU clock. Prints, per profile, the median
and 95th percentile CPU milliseconds per search and the ratio of medians to the first
profile:

    python bench/search_cpu.py --dataset longmemeval --units 5 default \
        examples/research/turns-top.toml
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.eval.dataset import load_dataset
from cognimem.models import MemoryDraft, Query
from cognimem.profile import load_profile


def measure(ref: str, units: list, repeat: int) -> list[float]:
    """CPU milliseconds of every timed search of ``ref`` over ``units``."""
    profile = load_profile(*ref.split("+"), environ=False)
    times: list[float] = []
    for unit in units:
        latest = unit.latest()
        folder = tempfile.mkdtemp(prefix="cognimem-cpu-")
        try:
            with Engine.from_profile(profile, path=folder,
                                     clock=ManualClock(latest) if latest else None) as engine:
                engine.add_many([MemoryDraft(content=d.content, created_at=d.created_at,
                                             kind=d.kind) for d in unit.documents])
                for query in unit.queries:
                    ask = Query(text=query.text, k=50, record_access=False, min_confidence=0.0)
                    engine.search(ask)
                    for _ in range(repeat):
                        started = time.process_time()
                        engine.search(ask)
                        times.append((time.process_time() - started) * 1000)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("profiles", nargs="+", help="profile names or files (A+B layers B)")
    parser.add_argument("--dataset", default="longmemeval")
    parser.add_argument("--units", type=int, default=5)
    parser.add_argument("--questions", type=int, default=20, help="at most this many per unit")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    units = []
    for unit in load_dataset(args.dataset).units():
        if unit.queries:
            unit.queries = unit.queries[: args.questions]
            units.append(unit)
        if len(units) == args.units:
            break
    base = None
    for ref in args.profiles:
        times = measure(ref, units, args.repeat)
        p50 = statistics.median(times)
        p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else p50
        base = base or p50
        print(f"{ref}: {len(times)} searches, CPU p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
              f"{p50 / base:.2f}x the first")


if __name__ == "__main__":
    main()
