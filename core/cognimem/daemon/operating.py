"""The engine as a non-atomic tool sees it in the store's daemon.

A tool registered with ``atomic=False`` (the MCP ``remember`` and ``recall``) is not run
under the engine lock as a whole: each memory-API operation it calls runs as a client's call
of that operation does (:meth:`~cognimem.daemon.server.StoreDaemon.operate`): an ``add`` in a
write group with the other agents' adds, a ``search`` beside writes, anything else alone. So
32 agents' MCP calls get the daemon's group commit and concurrent reads, as their memory-API
calls do; before, every tool call ran alone, one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .api import OPERATIONS

if TYPE_CHECKING:
    from ..engine import Engine

Operate = Callable[[str, list[Any], dict[str, Any]], Any]


class OperatingEngine:
    """``engine``, with its :data:`~cognimem.daemon.api.OPERATIONS` run by ``operate``;
    any other attribute (``profile``, ``host``, ``clock``) is the engine's own."""

    def __init__(self, engine: Engine, operate: Operate) -> None:
        self._engine = engine
        self._operate = operate

    def __getattr__(self, name: str) -> Any:
        if name in OPERATIONS:
            operate = self._operate

            def call(*args: Any, **kwargs: Any) -> Any:
                return operate(name, list(args), kwargs)

            call.__name__ = name
            return call
        return getattr(self._engine, name)
