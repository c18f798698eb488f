"""One path for running a plugin's tool, whether the store is local or behind its daemon.

The MCP server and the plugins' CLI commands both call :func:`call_tool`: with a
:class:`~cognimem.daemon.remote.RemoteEngine` the tool runs in the store's daemon (which
looks it up in its own plugins), with a local :class:`~cognimem.engine.Engine` it runs here.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput

if TYPE_CHECKING:
    from ..components import ToolSpec
    from ..daemon.api import MemoryAPI


def call_tool(engine: MemoryAPI, name: str, arguments: dict[str, Any], *,
              spec: ToolSpec | None = None, retry_safe: bool | None = None,
              lock: AbstractContextManager[Any] | None = None) -> Any:
    """Run the tool ``name`` with ``arguments`` against ``engine``; returns its result.

    :param spec: the tool, when the caller holds it; else the engine's plugins provide it.
    :param retry_safe: whether a remote call may be repeated if the daemon stops during it;
        by default, when the spec says the tool is read-only or idempotent.
    :param lock: held around a local call (the MCP server serialises its worker threads).
    :raises InvalidInput: a local engine whose plugins register no tool ``name``.
    """
    from ..daemon.remote import RemoteEngine

    if isinstance(engine, RemoteEngine):
        safe = retry_safe if retry_safe is not None else bool(
            spec and (spec.read_only or spec.idempotent))
        return engine.run_tool(name, arguments, retry_safe=safe)
    from ..engine import Engine  # imported already when there is one: a remote call is lighter

    assert isinstance(engine, Engine)
    if spec is None:
        registration = engine.host.get("tool", name)
        if registration is None:
            raise InvalidInput(f"no tool {name!r}: the profile does not load the plugin "
                               "that provides it")
        spec = registration.obj
    with lock or nullcontext():
        return spec.func(engine, **arguments)
