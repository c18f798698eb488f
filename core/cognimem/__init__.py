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

from typing import TYPE_CHECKING, Any

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
from .lazy import lazy_names

if TYPE_CHECKING:
    import pluggy

    from .clock import ManualClock, SystemClock
    from .connecting import connect
    from .engine import Engine
    from .models import Edge, Hit, Memory, MemoryDraft, Query, Scope, SearchResult

    #: Marks a function as an implementation of a cognimem hook.
    hookimpl: pluggy.HookimplMarker
    __version__: str

__all__ = [
    "CognimemError", "Edge", "EmbedderUnavailable", "Engine", "Hit", "InvalidInput",
    "ManualClock", "Memory", "MemoryDraft", "NotFound", "PluginError", "ProfileError", "Query",
    "Rejected", "Scope", "SearchResult", "StoreError", "StoreLocked", "SystemClock",
    "__version__", "compare", "connect", "hookimpl",
]


_LAZY = {
    **{name: ".models" for name in ("Edge", "Hit", "Memory", "MemoryDraft", "Query", "Scope",
                                    "SearchResult")},
    "ManualClock": ".clock", "SystemClock": ".clock", "Engine": ".engine", "compare": ".eval",
    "connect": ".connecting",
}

_lazy = lazy_names(__name__, _LAZY)


def __getattr__(name: str) -> Any:
    # Everything beyond the errors loads on first use, not at import: a command line call
    # to a warm daemon must not pay for the engine, the plugin manager or importlib.metadata.
    if name == "hookimpl":
        import pluggy

        value: Any = pluggy.HookimplMarker("cognimem")
    elif name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            value = version("cognimem")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            value = "0.0.0"
    else:
        return _lazy(name)  # raises AttributeError for a name it does not know
    globals()[name] = value  # later lookups skip this function
    return value
