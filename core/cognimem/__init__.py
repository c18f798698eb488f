"""cognimem: persistent, cognitively grounded memory for AI coding agents.

The core defines hook specifications and the engine that drives them; every component,
the defaults included, is a plugin. Write a plugin::

    from cognimem import hookimpl
    from cognimem.components import Ranker

    class Shorter(Ranker):
        name = "shorter"
        def rank(self, query, hits, ctx):
            return [self.contribute(h, h.score / len(h.memory.content)) for h in hits]

    @hookimpl
    def cognimem_register_rankers(register):
        register(Shorter)

and declare it in your ``pyproject.toml``::

    [project.entry-points.cognimem]
    shorter = "my_package.plugin"
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

import pluggy

from .clock import ManualClock, SystemClock
from .errors import (
    CognimemError,
    EmbedderUnavailable,
    InvalidInput,
    NotFound,
    PluginError,
    ProfileError,
    Rejected,
    StoreError,
    StoreLocked,
)
from .models import Edge, Hit, Memory, MemoryDraft, Query, Scope, SearchResult

if TYPE_CHECKING:
    from .engine import Engine

#: Marks a function as an implementation of a cognimem hook.
hookimpl = pluggy.HookimplMarker("cognimem")

try:
    __version__ = version("cognimem")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "CognimemError", "Edge", "EmbedderUnavailable", "Engine", "Hit", "InvalidInput",
    "ManualClock", "Memory", "MemoryDraft", "NotFound", "PluginError", "ProfileError", "Query",
    "Rejected", "Scope", "SearchResult", "StoreError", "StoreLocked", "SystemClock",
    "__version__", "compare", "hookimpl",
]


def __getattr__(name: str) -> Any:
    # Engine and compare import heavier modules; load them on first use, not at import.
    if name == "Engine":
        from .engine import Engine

        return Engine
    if name == "compare":
        from .eval import compare

        return compare
    raise AttributeError(f"module 'cognimem' has no attribute {name!r}")
