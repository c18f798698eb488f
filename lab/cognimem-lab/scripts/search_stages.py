"""CPU and stage times of the default pipeline's searches on a store `cognimem bench` kept.

    cognimem bench --sizes 100000 --stacks hnsw --dir runs      # once: keeps runs/hnsw-100000
    python lab/cognimem-lab/scripts/search_stages.py runs/hnsw-100000

Opens the store (the stand-in embedder, as `cognimem bench` searches it), runs 60 searches of
the benchmark's query plan, waits for the row cache to warm, then times ``--queries``
searches ``--repeat`` times (no access recorded unless ``--access``): the p50 and mean CPU
milliseconds per search of the whole process (the vector retriever runs in a second
thread unless ``--parallel off``), the query's embedding left out, and the p50 of every
stage's wall time. Run it in two checkouts in turn to compare them, or with ``--pipeline``
in turn to compare two profiles' retrievers, fuser and rankers on the same store.

Its warm-up is the first 60 queries of the plan and the plan is timed ``--repeat`` times, so
most timed searches load rows an earlier one cached: on a store larger than the row cache
its load stage is not what `cognimem bench` measures (#45: 0.5 against 7.9 ms at a million;
``search_fresh.py`` runs the bench's own loop on a kept store).
"""

from __future__ import annotations

import json
import statistics
import time

from reopened import kept_store_arguments, kept_store_profile, kept_store_size

from cognimem.clock import SystemClock
from cognimem.engine import Engine
from cognimem_lab.corpus import generate_memories
from cognimem_lab.measure import query_plan
from cognimem_lab.standin import PLUGIN, StandInEmbedder


def main() -> None:
    parser = kept_store_arguments(__doc__ or "")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--access", action="store_true",
                        help="record accesses, as searches do by default")
    parser.add_argument("--pipeline", default=None, metavar="PROFILE",
                        help="search with this profile's retrievers, fuser and rankers "
                        "(layered on the default) instead of the default's")
    parser.add_argument("--parallel", choices=["profile", "on", "off"], default="profile",
                        help="run the retrievers side by side (search.parallel_retrievers)")
    args = parser.parse_args()
    size = kept_store_size(args)
    profile = kept_store_profile(args.store, pipeline=args.pipeline)
    if args.parallel != "profile":
        profile.search.parallel_retrievers = args.parallel == "on"
    plan = query_plan(generate_memories(size, seed=0), args.queries, 0)
    cpu: list[float] = []
    stages: dict[str, list[float]] = {}
    with Engine.from_profile(profile, plugins=[PLUGIN], clock=SystemClock()) as engine:
        for text, scope in plan[:60]:
            engine.search(text, k=10, scope=scope, record_access=False)
        time.sleep(4)  # the row cache warms in the background
        embedder = engine.embedder
        assert isinstance(embedder, StandInEmbedder)
        for _ in range(args.repeat):
            for text, scope in plan:
                started, embedding = time.process_time(), embedder.cpu_seconds
                result = engine.search(text, k=10, scope=scope, record_access=args.access)
                # the query's embedding left out (the stand-in counts its own CPU time)
                spent = time.process_time() - started - (embedder.cpu_seconds - embedding)
                cpu.append(spent * 1000)
                for stage, ms in result.timings.items():
                    stages.setdefault(stage, []).append(ms)
    print(json.dumps({"cpu_p50_ms": round(statistics.median(cpu), 2),
                      "cpu_mean_ms": round(statistics.mean(cpu), 2),
                      "cpu_p95_ms": round(statistics.quantiles(cpu, n=20)[-1], 2),
                      "stages_p50_ms": {s: round(statistics.median(v), 2)
                                        for s, v in stages.items() if s != "embed"}}))


if __name__ == "__main__":
    main()
