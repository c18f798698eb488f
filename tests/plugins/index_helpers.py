"""Helpers shared by the index tests: memories, vectors and opening an index on its own."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import numpy as np

from cognimem.components import Component
from cognimem.context import Context
from cognimem.models import Memory

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def mem(memory_id: str, content: str, **fields: Any) -> Memory:
    """A stored memory with defaults; ``fields`` override them (scope as a dict is fine)."""
    data: dict[str, Any] = {"id": memory_id, "content": content, "created_at": T0,
                            "updated_at": T0}
    data.update(fields)
    return Memory(**data)


def context(path: Path | None, dimension: int | None = None) -> Context:
    """The slice of an engine Context that indexes read: the store path and the embedder."""
    embedder = SimpleNamespace(dimension=dimension) if dimension else None
    return cast(Context, SimpleNamespace(path=path, embedder=embedder))


def opened(component_cls: type[Component], path: Path | None, **options: Any) -> Any:
    """An instance of ``component_cls`` with ``options``, opened on ``path`` (None: in RAM)."""
    component = component_cls(component_cls.Options(**options))
    component.open(context(path))
    return component


def unit_vectors(n: int, dim: int, seed: int = 0) -> np.ndarray:
    """``n`` random L2-normalised float32 vectors."""
    rng = np.random.default_rng(seed)
    vectors = rng.standard_normal((n, dim)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
