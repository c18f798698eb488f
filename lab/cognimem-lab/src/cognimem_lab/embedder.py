"""The real embedder's own speed, measured apart from storage: load, one query, bulk."""

from __future__ import annotations

import time
from typing import Any

from cognimem.errors import CognimemError
from cognimem.plugins import PluginHost

from .corpus import generate_memories, generate_queries
from .measure import percentile


def measure_embedder(name: str = "minilm", *, texts: int = 512, queries: int = 30,
                     seed: int = 7, host: PluginHost | None = None) -> dict[str, Any]:
    """Time the installed embedder ``name`` on corpus texts (``{"skipped": why}`` if absent).

    Reports the time to the first vector (weights loaded lazily on first use), the median
    and p95 latency of one short query, and bulk throughput in texts per second.
    """
    host = host or PluginHost()
    registration = host.get("embedder", name)
    if registration is None:
        return {"embedder": name, "skipped": f"embedder {name!r} is not installed"}
    corpus = [m.content for m in generate_memories(texts, seed=seed + 100)]
    query_texts = generate_queries(generate_memories(200, seed=seed + 200), queries, seed=seed)
    try:
        embedder = registration.obj(registration.obj.Options())
        started = time.perf_counter()
        embedder.embed_batch(["warm up: load the weights"])
        first_s = time.perf_counter() - started
        single = []
        for text in query_texts:
            started = time.perf_counter()
            embedder.embed_batch([text])
            single.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        embedder.embed_batch(corpus)
        bulk_s = time.perf_counter() - started
        embedder.close()
    except (CognimemError, OSError, ImportError) as exc:
        return {"embedder": name, "skipped": f"{type(exc).__name__}: {exc}"}
    return {
        "embedder": name,
        "model": getattr(embedder, "model_id", ""),
        "dimension": getattr(embedder, "dimension", 0),
        "first_vector_s": round(first_s, 3),
        "query_p50_ms": round(percentile(single, 50), 2),
        "query_p95_ms": round(percentile(single, 95), 2),
        "bulk_texts": len(corpus),
        "bulk_s": round(bulk_s, 3),
        "bulk_per_s": round(len(corpus) / bulk_s, 1) if bulk_s > 0 else 0.0,
    }
