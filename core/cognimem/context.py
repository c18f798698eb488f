"""What the engine hands to components: its stores, embedder, clock, seed and services."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .models import Query

if TYPE_CHECKING:
    import pluggy

    from .clock import Clock
    from .components import Embedder, LexicalIndex, RecordStore, VectorIndex
    from .profile import Profile


@dataclass
class Context:
    """The engine's shared state, as components see it.

    ``services`` is where plugins share derived state with each other (for example the
    in-memory graph that the graph plugins keep); keys are plugin-chosen names.
    """

    path: Path | None
    clock: Clock
    seed: int
    records: RecordStore
    lexical: LexicalIndex | None
    vectors: VectorIndex | None
    embedder: Embedder | None
    hook: pluggy.HookRelay
    #: The engine's profile (components read settings such as ``search.record_access``).
    profile: Profile
    #: The labels of the profile's retrievers, in order (``bm25``, ``vector``, ``bm25@2``...).
    retriever_labels: list[str] = field(default_factory=list)
    services: dict[str, Any] = field(default_factory=dict)
    #: What a component calls on every text before it leaves the process (a remote model's
    #: prompt, a text to embed elsewhere): the engine sets it to its guard (credentials
    #: redacted, ``cognimem_text_prepare`` with ``where="outbound"``).
    outbound: Callable[[str], str] = field(default=lambda text: text)

    def rng(self, salt: str = "") -> random.Random:
        """A random generator seeded from the engine's seed and ``salt``: repeatable runs."""
        return random.Random(f"{self.seed}:{salt}")


@dataclass
class SearchContext:
    """One search's view of the engine: the context plus the query vector, computed once."""

    ctx: Context
    query: Query
    timings: dict[str, float] = field(default_factory=dict)
    _vector: np.ndarray | None = None

    @property
    def records(self) -> RecordStore:
        """The record store."""
        return self.ctx.records

    def query_vector(self) -> np.ndarray | None:
        """The query's embedding (None without an embedder); embedded at most once per search."""
        if self._vector is None and self.ctx.embedder is not None:
            import time

            started = time.perf_counter()
            self._vector = self.ctx.embedder.embed_query(self.query.text)
            self.timings["embed"] = (time.perf_counter() - started) * 1000
        return self._vector
