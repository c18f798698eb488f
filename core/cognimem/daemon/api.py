"""The memory API: the operations a client may call on a store, local or through its daemon.

The operations are declared once, on the engine (``add = operation(Writer.add,
client=True)``, cognimem/engine/facade.py); :mod:`.operations` is generated from those
declarations (``python -m cognimem.daemon.apigen``) so a client reads it without loading
the engine. :class:`MemoryAPI` is implemented structurally by
:class:`~cognimem.engine.Engine` (in this process) and by
:class:`~cognimem.daemon.remote.RemoteEngine` (through the store's owner daemon, whose
methods are the generated ones), so the CLI and the MCP server are type-checked against one
set of signatures. The daemon serves exactly the declared operations: no other attribute of
its engine is reachable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Self

from .operations import OPERATIONS_TABLE, MemoriesAPI, ReadingAPI, TeamAPI, UpkeepAPI

if TYPE_CHECKING:
    from ..profile import Profile


#: The engine methods a client may call through the daemon (the members of MemoryAPI
#: besides ``profile``, ``close`` and the context manager).
OPERATIONS: frozenset[str] = frozenset(OPERATIONS_TABLE)

#: Operations that only read, or whose repetition changes nothing: retried when the
#: connection breaks mid-call.
RETRY_SAFE: frozenset[str] = frozenset(
    name for name, (safe, _returns) in OPERATIONS_TABLE.items() if safe)


class MemoryAPI(MemoriesAPI, ReadingAPI, TeamAPI, UpkeepAPI, Protocol):
    """What a client may do with a memory store: the operations of each job (generated,
    :mod:`.operations`; see :class:`~cognimem.engine.Engine` for each one's full
    description), the profile, and closing."""

    @property
    def profile(self) -> Profile:
        """The profile the store is served with."""

    def close(self) -> None:
        """Release the store (a remote client closes its connection only)."""

    def __enter__(self) -> Self:
        """Use as a context manager; closed on exit."""

    def __exit__(self, *exc: object) -> None:
        """Close."""


if TYPE_CHECKING:  # mypy proves both implementations satisfy the API
    from ..engine import Engine
    from .remote import RemoteEngine

    def _conforms(local: Engine, remote: RemoteEngine) -> tuple[MemoryAPI, MemoryAPI]:
        return local, remote
