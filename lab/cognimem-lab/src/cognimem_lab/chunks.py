"""One chunk of a scripted ingest: its CPU without the stand-in embedding, its wall time,
and optionally its cProfile (printed by cumulative and by own time)."""

from __future__ import annotations

import cProfile
import io
import pstats
import time
from typing import Any

from .standin import StandInEmbedder


def timed_chunk(engine: Any, drafts: list[dict[str, Any]], *, profile: bool = False,
                top: int = 40) -> tuple[float, float]:
    """``engine.add_many(drafts)``: (CPU s without the stand-in embedding, wall s); with
    ``profile``, run under cProfile timed by the process's CPU (not wall time, which a
    loaded machine inflates) and print its ``top`` functions (the CPU is then inflated)."""
    embedder = engine.embedder
    assert isinstance(embedder, StandInEmbedder)
    profiler = cProfile.Profile(time.process_time) if profile else None
    embed_cpu = embedder.cpu_seconds
    wall, cpu = time.perf_counter(), time.process_time()
    if profiler is not None:
        profiler.enable()
    engine.add_many(drafts)
    if profiler is not None:
        profiler.disable()
    cpu = time.process_time() - cpu - (embedder.cpu_seconds - embed_cpu)
    wall = time.perf_counter() - wall
    if profiler is not None:
        for order in ("cumulative", "tottime"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(top)
            print(out.getvalue(), flush=True)
    return cpu, wall
