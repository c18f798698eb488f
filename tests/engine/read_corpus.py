"""A fixed corpus and queries for comparing the read path's rankings across a change: each
shipped profile (with the hash embedder, so no model is loaded) ranks the same memories for
the same queries at the same clock time; :func:`rankings` gives, per profile and query, the
hits' contents and scores."""

from __future__ import annotations

import random
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
PROFILES = ["default", "precise", "bm25", "rrf", "cognitive", "dense", "memory"]


def corpus(n: int = 160, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` memories, the same every time."""
    rng = random.Random(seed)
    return [{"content": f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}; "
                        f"note {i} about {rng.choice(SUBJECTS)}",
             "importance": round(rng.random(), 2)} for i in range(n)]


def rankings(profile: str, folder: Path) -> dict[str, list[tuple[str, float]]]:
    """For each query, the hits (content, score to 6 places) of ``profile`` on the corpus."""
    clock = ManualClock()
    overrides: dict[str, Any] = {"embedder": {"use": "hash"}}
    with Engine.from_profile(profile, path=folder / profile, clock=clock,
                             overrides=overrides) as engine:
        items = corpus()
        for start in range(0, len(items), 40):  # a day's batch each, so recency varies
            engine.add_many(items[start : start + 40])
            clock.advance(timedelta(days=1))
        clock.advance(timedelta(days=2))
        return {text: [(h.memory.content, round(h.score, 6)) for h in engine.search(
                    Query(text=text, k=10, record_access=False)).hits] for text in QUERIES}
