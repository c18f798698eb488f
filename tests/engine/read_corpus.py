"""A fixed corpus and queries for comparing the read path's rankings across a change: each
shipped profile (with the hash embedder, so no model is loaded) ranks the same memories for
the same queries at the same clock time; :func:`rankings` gives, per profile and query, the
hits' contents and scores."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.models import Query

SUBJECTS = ["the billing service", "the deploy script", "the search index", "the backup job",
            "the invoice worker", "the release train", "the login page", "the cache layer",
            "the metrics exporter", "the payment gateway", "the nightly build", "the api"]
VERBS = ["retries", "times out", "runs", "fails", "is owned by", "moved to", "depends on",
         "was rewritten in", "alerts", "is rate limited by", "pages", "logs to"]
OBJECTS = ["PostgreSQL 16", "three attempts", "Tuesdays at 02:00 UTC", "the on-call engineer",
           "Carol", "Rust", "the canary", "redis", "the audit log", "rsync over ssh",
           "the staging cluster", "a circuit breaker", "Bob", "Kafka", "the feature flag"]
QUERIES = ["billing retries", "who owns the payment gateway", "deploy script rsync",
           "backup job schedule", "cache layer redis", "search index rewritten",
           "release train canary", "nightly build fails", "api rate limited",
           "metrics exporter audit log", "login page times out", "invoice worker Kafka"]
#: The shipped profiles compared (the rest need a model server or more setup).
PROFILES = ["default", "precise", "bm25", "rrf", "cognitive", "dense", "memory", "graph"]
#: Shipped profiles with options a profile may set: name -> (profile, overrides). The graph
#: retrievers seeded otherwise: spreading from fewer lexical seeds and further, PPR with the
#: lexical index's best memories seeded too (HippoRAG 2).
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "graph:seeded": ("graph", {"retrieve": [
        {"use": "bm25", "k": 100}, {"use": "spreading", "k": 100, "seeds": 8, "max_hops": 3},
        {"use": "ppr", "k": 100, "memory_seeds": 5, "memory_seed_weight": 0.2}]}),
}


def corpus(n: int = 160, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` memories, the same every time."""
    rng = random.Random(seed)
    return [{"content": f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}; "
                        f"note {i} about {rng.choice(SUBJECTS)}",
             "importance": round(rng.random(), 2)} for i in range(n)]


@contextmanager
def filled(profile: str, folder: Path) -> Iterator[Engine]:
    """An engine on ``profile`` (or a :data:`VARIANTS` name) holding the corpus, added a day's
    batch at a time (so recency varies), two days before the queries."""
    clock = ManualClock()
    shipped, extra = VARIANTS.get(profile, (profile, {}))
    overrides: dict[str, Any] = {"embedder": {"use": "hash"}, **extra}
    with Engine.from_profile(shipped, path=folder / profile.replace(":", "-"), clock=clock,
                             overrides=overrides) as engine:
        items = corpus()
        for start in range(0, len(items), 40):
            engine.add_many(items[start : start + 40])
            clock.advance(timedelta(days=1))
        clock.advance(timedelta(days=2))
        yield engine


def rankings(profile: str, folder: Path) -> dict[str, list[tuple[str, float]]]:
    """For each query, the hits (content, score to 6 places) of ``profile`` (or of a
    :data:`VARIANTS` name) on the corpus."""
    with filled(profile, folder) as engine:
        return {text: [(h.memory.content, round(h.score, 6)) for h in engine.search(
                    Query(text=text, k=10, record_access=False)).hits] for text in QUERIES}


def retrieved(profile: str, folder: Path,
              labels: list[str]) -> dict[str, dict[str, list[tuple[str, float]]]]:
    """For each query, the first 20 of each retriever's own list (content, score to 6
    places), for the retrievers ``labels`` of ``profile`` (before fusion)."""
    with filled(profile, folder) as engine:
        out: dict[str, dict[str, list[tuple[str, float]]]] = {}
        for text in QUERIES:
            found = engine.ranked(engine.pipeline(), Query(text=text, k=10, record_access=False))
            ids = [c.id for label in labels for c in found.lists[label][:20]]
            memories = engine.get_many(ids)
            out[text] = {label: [(memories[c.id].content, round(c.score, 6))
                                 for c in found.lists[label][:20]] for label in labels}
        return out
