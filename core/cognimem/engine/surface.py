"""The engine as a plugin sees it: the members a hook or a tool may rely on.

Lifecycle hooks and tools receive the :class:`~cognimem.engine.Engine`; what of it is stable
for plugins is :class:`PluginEngine` (documented in docs/plugins.md, "The engine a plugin
receives"). A test keeps the engine conforming and the docs listing every member, so a
member added in one place only fails there. The record store and the components' context
are the engine's own (private): a plugin reads the store through ``store`` (read only),
shares in-process state through ``services``, and writes through the operations, so every
write passes the write pipeline. A test scans plugins/ and contrib/ for any reach past this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..clock import Clock
    from ..components import Component
    from ..models import Edge, Event, Memory, Query, SearchResult
    from ..profile import Profile
    from .services import Services, StoreView
    from .types import Written


class PluginEngine(Protocol):
    """What a plugin's hooks and tools may use of the engine they are handed."""

    # settings
    @property
    def profile(self) -> Profile:
        """The profile the engine was built from."""

    @property
    def clock(self) -> Clock:
        """The engine's clock (a ManualClock in tests)."""

    def now(self) -> datetime:
        """The engine clock's time."""

    def options_of(self, plugin: object) -> Any:
        """The plugin's validated ``[hooks.NAME]`` options."""

    def components(self) -> list[Component]:
        """The pipeline's components, in the slots' order."""

    # named services
    @property
    def store(self) -> StoreView:
        """The record store, read only: metadata, edges by node, the event log's head."""

    @property
    def services(self) -> Services:
        """In-process state shared between plugins (derived, by key)."""

    # the memory API (reads)
    def get(self, memory_id: str) -> Memory:
        """A memory by id."""

    def get_many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist."""

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """Search with the profile's pipeline."""

    def list_memories(self, *, limit: int = 50, offset: int = 0,
                      include_archived: bool = False,
                      query: Query | None = None) -> list[Memory]:
        """Memories, newest first."""

    def edges(self, memory_id: str) -> list[Edge]:
        """A memory's edges."""

    def events(self, after_seq: int = 0) -> list[Event]:
        """The event log after a sequence number."""

    # the write pipeline (every rule applies; inside a write they join its transaction)
    def add(self, content: Any, /, **fields: Any) -> Written:
        """Remember one memory."""

    def update(self, memory_id: str, /, **changes: Any) -> Written:
        """Change fields of a memory."""

    def archive(self, memory_id: str, reason: str = "archived by request",
                score: float | None = None, *, agent: str | None = None) -> Memory:
        """Move a memory to the graveyard."""

    def write_edges(self, put: Sequence[Edge] = (),
                    delete: Sequence[tuple[str, str, str]] = (), *,
                    agent: str | None = None) -> None:
        """Put and delete edges (an event each)."""

    # derived state
    def put_meta(self, namespace: str, entries: Mapping[str, Any], *,
                 event: bool = True) -> None:
        """Store plugin state in the record store's metadata."""

    def touch_edges(self, edges: Sequence[Edge]) -> None:
        """Write bookkeeping of existing edges (no event)."""

    def transaction(self) -> AbstractContextManager[list[Event]]:
        """Group writes into one unit of work (one commit)."""

    def on_rollback(self, action: Callable[[], None]) -> None:
        """Drop in-process derived state if the open operation rolls back."""

    def clean_text(self, text: str, where: str) -> str:
        """Text through the guard (for anything written out)."""


#: The members of :class:`PluginEngine` (what docs/plugins.md lists).
MEMBERS: frozenset[str] = frozenset(
    name for name in vars(PluginEngine) if not name.startswith("_"))
