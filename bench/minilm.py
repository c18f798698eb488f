"""Measure the minilm (or mpnet) embedder: single-query latency and bulk throughput.

``measure(n)`` embeds a deterministic corpus of ``n`` agent-memory-like texts of mixed length
(short queries and notes, one- or two-sentence facts, and paragraphs that reach the 256-token
limit) and reports how fast it went: ``python bench/minilm.py [N] [minilm|mpnet]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cognimem_plugins.minilm.model import MiniLMModel
from cognimem_plugins.numpy_encoder import NumpyEncoder

_SUBJECTS = (
    "the user",
    "my sister Maria",
    "the build server",
    "our team lead",
    "the billing service",
    "the mobile app",
    "the nightly backup job",
    "the staging database",
    "the new intern",
    "the search index",
    "the customer in Lisbon",
    "the payment gateway",
    "the CI pipeline",
)
_VERBS = (
    "prefers",
    "asked about",
    "reported a problem with",
    "wants reminders about",
    "migrated",
    "keeps forgetting",
    "scheduled a review of",
    "complained about",
    "depends on",
    "finished refactoring",
    "is allergic to",
    "renamed",
    "rolled back",
)
_OBJECTS = (
    "vegetarian restaurants near the office",
    "the Postgres connection pool",
    "weekly status updates on Friday mornings",
    "the flaky integration tests",
    "Python type hints and strict mypy settings",
    "peanuts and shellfish",
    "the deployment checklist for release 2.4",
    "dark mode in the editor",
    "the quarterly budget spreadsheet",
    "hiking trips in the Azores",
    "a memory leak in the parser",
    "the API rate limits",
    "Portuguese lessons on Tuesdays",
    "the retry logic in the HTTP client",
)
_TAILS = (
    "",
    " last week",
    " because it was too slow",
    " before the deadline",
    " after the outage",
    " on Tuesday at 3pm",
    " according to the meeting notes",
    " and wants a summary",
    " (see ticket #4821)",
    " even though nobody asked",
    " for the third time this month",
)
_QUERIES = (
    "what did I say about {o}?",
    "who {v} {o}",
    "remind me about {o}",
    "{o}",
    "when was {o} discussed",
    "notes on {o}",
    "why did {s} fail",
)


def _sentence(rng: random.Random) -> str:
    text = f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}"
    return text[0].upper() + text[1:] + rng.choice(_TAILS) + "."


def corpus(n: int, seed: int = 7) -> list[str]:
    """``n`` realistic texts of mixed length: 35% queries, 45% facts, 20% paragraphs."""
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.35:
            texts.append(
                rng.choice(_QUERIES).format(
                    o=rng.choice(_OBJECTS), v=rng.choice(_VERBS), s=rng.choice(_SUBJECTS)
                )
            )
        elif kind < 0.80:
            texts.append(" ".join(_sentence(rng) for _ in range(rng.randint(1, 3))))
        else:
            texts.append(" ".join(_sentence(rng) for _ in range(rng.randint(4, 18))))
    return texts


def measure(
    n: int = 1000, model: NumpyEncoder | None = None, batch_size: int = 64, queries: int = 50
) -> dict[str, float]:
    """Embed ``n`` corpus texts in bulk and ``queries`` texts one at a time.

    Returns ``load_s`` (0 when a model is passed), ``single_ms_median``, ``single_ms_p95``,
    ``bulk_texts_per_s``, ``bulk_s``, ``bulk_cpu_s`` (process CPU time, all threads: a steadier
    figure than wall time on a busy machine), ``n`` and ``mean_tokens`` (per bulk text).
    """
    load_s = 0.0
    if model is None:
        start = time.perf_counter()
        model = MiniLMModel.load()
        load_s = time.perf_counter() - start
    texts = corpus(n)
    model.encode(texts[:8])  # warm up BLAS threads and allocator
    single: list[float] = []
    for text in corpus(queries, seed=11):
        start = time.perf_counter()
        model.encode([text])
        single.append((time.perf_counter() - start) * 1e3)
    start, start_cpu = time.perf_counter(), time.process_time()
    model.encode(texts, batch_size=batch_size)
    bulk_s = time.perf_counter() - start
    bulk_cpu_s = time.process_time() - start_cpu
    single.sort()
    return {
        "n": float(n),
        "mean_tokens": statistics.fmean(model.token_count(t) for t in texts),
        "load_s": load_s,
        "single_ms_median": statistics.median(single),
        "single_ms_p95": single[min(len(single) - 1, round(0.95 * (len(single) - 1)))],
        "bulk_s": bulk_s,
        "bulk_cpu_s": bulk_cpu_s,
        "bulk_texts_per_s": n / bulk_s if bulk_s > 0 else float("inf"),
    }


def main(argv: list[str] | None = None) -> None:
    """Print :func:`measure`'s figures; optional arguments: corpus size, model name."""
    args = sys.argv[1:] if argv is None else argv
    n = int(args[0]) if args else 1000
    model: NumpyEncoder | None = None
    if len(args) > 1 and args[1] == "mpnet":
        from cognimem_plugins.mpnet.model import MPNetModel

        model = MPNetModel.load()
    elif len(args) > 1 and args[1] != "minilm":
        raise SystemExit(f"unknown model {args[1]!r}: use minilm or mpnet")
    for key, value in measure(n, model).items():
        print(f"{key:18s} {value:10.2f}")


if __name__ == "__main__":
    main()
