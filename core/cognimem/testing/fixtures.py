"""Helpers shared by the contracts and the pytest plugin."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import numpy as np

from ..clock import ManualClock
from ..components import Component
from ..context import Context
from ..engine import Engine
from ..models import Memory, content_hash
from ..profile import load_profile

#: The time every contract's clock starts at, and the default stamp of :func:`memory`.
T0 = datetime(2025, 1, 1, tzinfo=UTC)

#: A small, varied corpus: enough for ranking to have something to reorder.
SAMPLE_MEMORIES: tuple[dict[str, Any], ...] = (
    {"content": "The deploy script lives in scripts/deploy.sh and uses rsync over ssh",
     "kind": "fact", "tags": ["ops"]},
    {"content": "We decided to use PostgreSQL 15 for the main database", "kind": "decision",
     "tags": ["decision", "database"], "importance": 0.9},
    {"content": "Alice prefers tabs over spaces in Python files", "kind": "preference",
     "layer": "partner"},
    {"content": "Deploys happen on Fridays after the database backup", "kind": "fact"},
    {"content": "The flaky test test_sync_retry fails when the database is slow",
     "kind": "note", "tags": ["tests"]},
    {"content": "Use `make lint` before pushing; CI runs ruff and mypy", "kind": "procedure",
     "layer": "procedural"},
    {"content": "Bob owns the billing service and its database migrations", "kind": "fact",
     "tags": ["person"]},
    {"content": "Correction: the backup runs at 02:00 UTC, not midnight", "kind": "correction",
     "tags": ["correction"], "protected": True},
    {"content": "The database backup ran on the old server db-01 until it was retired",
     "kind": "fact", "valid_until": "2024-06-01T00:00:00+00:00"},
)


def build_engine(
    *,
    overrides: Mapping[str, Any] | None = None,
    plugins: Iterable[object] = (),
    profile: str = "test",
    clock: ManualClock | None = None,
) -> Engine:
    """An in-memory engine on a built-in profile (``test``: hash embedder) with overrides."""
    prof = load_profile(profile, overrides=dict(overrides or {}), environ=False)
    return Engine.from_profile(
        prof, plugins=plugins, clock=clock or ManualClock(T0)
    )


def memory(memory_id: str, content: str, **fields: Any) -> Memory:
    """A stored memory (created and updated at :data:`T0`, its content hash set); ``fields``
    override the defaults (``scope`` as a dict is fine)."""
    data: dict[str, Any] = {"id": memory_id, "content": content, "created_at": T0,
                            "updated_at": T0, "content_hash": content_hash(content)}
    data.update(fields)
    return Memory(**data)


def unit_vectors(n: int, dim: int, seed: int = 0) -> np.ndarray:
    """``n`` random L2-normalised float32 vectors of ``dim`` dimensions."""
    rng = np.random.default_rng(seed)
    vectors = rng.standard_normal((n, dim)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def index_context(path: Path | None, dimension: int | None = None) -> Context:
    """The slice of an engine's context that an index reads on its own: the store folder and
    the embedder's dimension (no records: :func:`opened` indexes have none to stamp)."""
    embedder = SimpleNamespace(dimension=dimension) if dimension else None
    return cast(Context, SimpleNamespace(path=path, embedder=embedder))


def opened(component_cls: type[Component], path: Path | None, **options: Any) -> Any:
    """An instance of ``component_cls`` with ``options``, opened on ``path`` (None: in RAM)
    outside any engine, for tests of one index's internals."""
    component = component_cls(component_cls.Options(**options))
    component.open(index_context(path))
    return component
