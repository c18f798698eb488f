"""One benchmark run: ingest a synthetic corpus into a stack, then time searches.

:func:`measure_stack` runs in a process of its own when the benchmark isolates runs (so the
resident memory it reports belongs to that stack alone); ``python -m cognimem_lab.measure``
reads a JSON spec on stdin and prints the result as one JSON line.
"""

from __future__ import annotations

import itertools
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cognimem.clock import SystemClock
from cognimem.models import Query, Scope

from .corpus import (
    SyntheticMemory,
    generate_memories,
    generate_queries,
    iter_memories,
    scope_projects,
)
from .stacks import Stack, stack_profile
from .standin import PLUGIN, StandInEmbedder

#: Every ``SCOPED_EVERY``-th query filters on the project of the memory it was drawn from.
SCOPED_EVERY = 4
WARMUP_QUERIES = 5
#: Drafts per ``add_many`` call of the ingest (the engine batches each call by
#: ``write.batch_size``).
INGEST_CHUNK = 16_384


@dataclass
class RunSpec:
    """What one run measures (plain data, so it crosses a process boundary as JSON)."""

    stack: dict[str, Any]
    size: int
    store: str | None
    queries: int = 200
    k: int = 10
    seed: int = 7
    dim: int = 384
    lexical: dict[str, Any] = field(default_factory=dict)
    vectors: dict[str, Any] = field(default_factory=dict)
    pipeline: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        """The spec as JSON."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> RunSpec:
        """A spec from :meth:`to_json`'s output."""
        return cls(**json.loads(text))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def summary(values: Sequence[float]) -> dict[str, float]:
    """p50, p95, mean and max of latencies (milliseconds)."""
    return {
        "p50_ms": round(percentile(values, 50), 3),
        "p95_ms": round(percentile(values, 95), 3),
        "mean_ms": round(statistics.fmean(values), 3) if values else 0.0,
        "max_ms": round(max(values), 3) if values else 0.0,
        "n": len(values),
    }


def memory_status() -> dict[str, float]:
    """Resident set size now and at its peak (MiB), from /proc (ru_maxrss elsewhere)."""
    out: dict[str, float] = {}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out["rss_mb" if key == "VmRSS" else "peak_rss_mb"] = round(
                    int(value.split()[0]) / 1024, 1)
    except OSError:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        out["peak_rss_mb"] = round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)
    return out


def disk_usage(path: Path) -> dict[str, Any]:
    """Bytes on disk under ``path`` in MiB: total and per top-level entry."""
    parts: dict[str, float] = {}
    total = 0
    if path.exists():
        for entry in path.iterdir():
            size = _size(entry)
            total += size
            parts[entry.name] = round(size / 2**20, 2)
    return {"total_mb": round(total / 2**20, 2), "parts_mb": parts}


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def query_plan(corpus: Sequence[SyntheticMemory], n: int, seed: int) -> list[tuple[str, Scope]]:
    """``n`` (text, scope) pairs: every ``SCOPED_EVERY``-th query filters on a project."""
    texts = generate_queries(corpus, n, seed=seed + 1)
    plan = []
    for i, text in enumerate(texts):
        scope = Scope()
        if i % SCOPED_EVERY == SCOPED_EVERY - 1:
            project = corpus[(i * 7919) % len(corpus)].project
            projects = scope_projects()
            scope = Scope(project=project or projects[i % len(projects)])
        plan.append((text, scope))
    return plan


def measure_stack(spec: RunSpec) -> dict[str, Any]:
    """Ingest ``spec.size`` memories into a fresh store, then time searches.

    Ingest throughput excludes embedding (the stand-in embedder's time is subtracted and
    reported apart); search latency excludes the query embedding (``timings["embed"]``).
    """
    from cognimem.engine import Engine

    stack = Stack(**spec.stack)
    store = Path(spec.store) if spec.store else None
    corpus = generate_memories(spec.size, seed=spec.seed)
    plan = query_plan(corpus, spec.queries, spec.seed)
    unrecorded = query_plan(corpus, spec.queries, spec.seed + 1)
    del corpus  # the ingest streams it again (#45: a million memories held cost ~0.5 GB)
    profile = stack_profile(stack, store, dim=spec.dim, lexical=spec.lexical,
                            vectors=spec.vectors, pipeline=spec.pipeline or None)
    started = time.perf_counter()
    engine = Engine.from_profile(profile, plugins=[PLUGIN], clock=SystemClock())
    open_s = time.perf_counter() - started
    result: dict[str, Any] = {"stack": stack.name, "size": spec.size,
                              "components": stack.describe(), "open_empty_s": round(open_s, 3)}
    try:
        embedder = engine.embedder
        assert isinstance(embedder, StandInEmbedder)
        started, cpu = time.perf_counter(), time.process_time()
        written = 0  # in chunks, keeping no results: a million Written would double the RSS
        rss: list[list[float]] = []  # (memories written, RSS MiB) after each chunk
        log = _progress_log(store)
        made = Making(iter_memories(spec.size, seed=spec.seed))
        while drafts := made.chunk(INGEST_CHUNK):  # drafts made per chunk (#45: a million
            # of them held at once cost the measuring process ~1 GB of its peak)
            written += len(engine.add_many(drafts))
            status = memory_status()
            rss.append([written, status.get("rss_mb", 0.0)])
            _log_progress(log, written, started + made.wall_s, cpu + made.cpu_s, embedder,
                          status)
        if engine.vectors is not None:  # an insert still under way counts (hnsw's overlap)
            engine.vectors.settle()
        wall = time.perf_counter() - started - made.wall_s  # the corpus's making left out
        cpu = time.process_time() - cpu - made.cpu_s
        embed_s, embed_cpu = embedder.seconds, embedder.cpu_seconds
        store_s = max(wall - embed_s, 1e-9)
        store_cpu = max(cpu - embed_cpu, 1e-9)
        result["ingest"] = {
            "memories": written, "wall_s": round(wall, 3), "embed_s": round(embed_s, 3),
            "store_s": round(store_s, 3), "per_s": round(written / store_s, 1),
            "per_s_with_embedding": round(written / wall, 1),
            "cpu_s": round(cpu, 3), "store_cpu_s": round(store_cpu, 3),
            "per_cpu_s": round(written / store_cpu, 1),
            "rss_mb_after_chunks": rss,
        }
        vector_stats = getattr(engine.vectors, "stats", None)
        if callable(vector_stats):
            result["vector_index"] = vector_stats()
        if engine.vectors is not None:  # what maintenance does after a bulk load
            started = time.perf_counter()
            engine.vectors.optimize()
            result["optimize_s"] = round(time.perf_counter() - started, 3)
        result["search"] = _time_searches(engine, plan, spec.k, unrecorded)
        result["bm25_floor"] = _time_lexical(engine, plan, spec.k)
        result["memory"] = memory_status()
    finally:
        engine.close()
    if store is not None and stack.persistent:
        result["disk"] = disk_usage(store)
    return result


class Making:
    """The benchmark's drafts a chunk at a time from a stream of memories, with the time
    spent making them (left out of the ingest's figures)."""

    def __init__(self, memories: Iterator[SyntheticMemory]) -> None:
        self.memories = memories
        self.wall_s = 0.0
        self.cpu_s = 0.0

    def chunk(self, size: int) -> list[dict[str, Any]]:
        """The next ``size`` drafts (fewer at the end; none when the stream is done)."""
        wall, cpu = time.perf_counter(), time.process_time()
        drafts = [m.draft() for m in itertools.islice(self.memories, size)]
        self.wall_s += time.perf_counter() - wall
        self.cpu_s += time.process_time() - cpu
        return drafts


def _progress_log(store: Path | None) -> Path | None:
    """``<store>.ingest.jsonl`` beside the store (emptied), or None for a store in RAM:
    the ingest's progress, a line per chunk, so a run stopped before its end (a long one on
    a loaded machine) still leaves how far it got and at what cost."""
    if store is None:
        return None
    log = store.with_name(store.name + ".ingest.jsonl")
    log.write_text("", encoding="utf-8")
    return log


def _log_progress(log: Path | None, written: int, started: float, cpu: float,
                  embedder: StandInEmbedder, status: dict[str, float]) -> None:
    """Append one chunk's line: memories so far, wall and CPU seconds (all, and without
    the stand-in embedding), RSS and peak RSS."""
    if log is None:
        return
    cpu_s = time.process_time() - cpu
    line = {"memories": written, "wall_s": round(time.perf_counter() - started, 2),
            "cpu_s": round(cpu_s, 2), "store_cpu_s": round(cpu_s - embedder.cpu_seconds, 2),
            **status}
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def _time_searches(engine: Any, plan: Sequence[tuple[str, Scope]], k: int,
                   unrecorded: Sequence[tuple[str, Scope]] = ()) -> dict[str, Any]:
    """Wall and CPU milliseconds per search, the query embedding (timed by the stand-in
    embedder) taken out of both; each search followed by one of ``unrecorded`` (other
    queries of the same plan) that records no access, so both meet the row cache as warm
    (#45: run after all of them, the same queries again read every row from the cache)."""
    for text, scope in plan[:WARMUP_QUERIES]:
        engine.search(text, k=k, scope=scope)
    embedder = engine.embedder
    latencies: list[float] = []
    cpu_times: list[float] = []
    scoped: list[float] = []
    embed: list[float] = []
    stages: dict[str, list[float]] = {}
    without_access = []
    for i, (text, scope) in enumerate(plan):
        embed_cpu = embedder.cpu_seconds
        started, cpu = time.perf_counter(), time.process_time()
        result = engine.search(text, k=k, scope=scope)
        total = (time.perf_counter() - started) * 1000
        cpu_ms = (time.process_time() - cpu - (embedder.cpu_seconds - embed_cpu)) * 1000
        query_embed = result.timings.get("embed", 0.0)
        latencies.append(total - query_embed)
        cpu_times.append(cpu_ms)
        embed.append(query_embed)
        if scope != Scope():
            scoped.append(total - query_embed)
        for stage, ms in result.timings.items():
            if stage not in ("total", "embed"):
                stages.setdefault(stage, []).append(ms)
        if i < len(unrecorded):
            other, other_scope = unrecorded[i]
            result = engine.search(other, k=k, scope=other_scope, record_access=False)
            without_access.append(result.timings["total"] - result.timings.get("embed", 0.0))
    return {
        **summary(latencies),
        "cpu_p50_ms": round(percentile(cpu_times, 50), 3),
        "no_access_p50_ms": (round(percentile(without_access, 50), 3) if without_access
                             else None),
        "cpu_p95_ms": round(percentile(cpu_times, 95), 3),
        "scoped": summary(scoped),
        "query_embed_p50_ms": round(percentile(embed, 50), 3),
        "stages_p50_ms": {s: round(percentile(v, 50), 3) for s, v in sorted(stages.items())},
        # the tail too (#45: at a million the p95 came from scoped searches' vector stage,
        # which no p50 showed)
        "stages_p95_ms": {s: round(percentile(v, 95), 3) for s, v in sorted(stages.items())},
    }


def _time_lexical(engine: Any, plan: Sequence[tuple[str, Scope]], k: int) -> dict[str, Any]:
    """The lexical index alone answering each query: the floor under any hybrid search."""
    lexical = engine.lexical
    queries = [Query(text=text, k=k, scope=scope) for text, scope in plan]
    for query in queries[:WARMUP_QUERIES]:
        lexical.search(query, k)
    latencies, cpu_times = [], []
    for query in queries:
        started, cpu = time.perf_counter(), time.process_time()
        lexical.search(query, k)
        latencies.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.process_time() - cpu) * 1000)
    return {"index": lexical.name, **summary(latencies),
            "cpu_p50_ms": round(percentile(cpu_times, 50), 3)}


def main() -> None:
    """Read a :class:`RunSpec` as JSON on stdin, print the result as one JSON line."""
    spec = RunSpec.from_json(sys.stdin.read())
    result = measure_stack(spec)
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
