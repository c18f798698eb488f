"""anchors: code-anchored memories with freshness (docs/mcp.md, "Code anchors").

A memory whose text names a file of the project (``src/net/retry.py``, ``...py:40-60``,
``...py::backoff``) is anchored to it when written (``cognimem_memory_prepare``: remember,
capture, vault and every other door); the ``anchors`` ranker marks each anchored hit fresh,
stale or orphaned and ranks the last two lower; the startup context labels each anchored
memory it shows (``cognimem_memory_labels``); ``cognimem anchors`` and the
``anchors_review`` / ``anchors_update`` tools list them and re-anchor or archive them.
"""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.engine import Engine, PreparedWrite
from cognimem.labels import MemoryLabel
from cognimem.models import Memory
from cognimem.registry import Register
from cognimem.session import current as current_session

from .anchoring import anchored_draft
from .freshness import STATE, Checker, freshness_of
from .ranker import Anchors
from .tools import TOOLS


@hookimpl
def cognimem_memory_prepare(write: PreparedWrite, engine: Engine) -> None:
    """Anchor the memory to the project files it names (after the guard's redaction)."""
    draft = write.draft
    if STATE in draft.meta:  # a search's label, never stored
        draft = draft.model_copy(update={"meta": {k: v for k, v in draft.meta.items()
                                                  if k != STATE}})
    write.draft = anchored_draft(draft, current_session())


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    """Register the ``anchors`` ranker."""
    register(Anchors)


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register ``anchors_review`` and ``anchors_update``."""
    for spec in TOOLS:
        register(spec)


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem anchors`` (its module loads only when the command runs)."""
    register(CommandSpec(name="anchors", help="code-anchored memories whose code changed or "
                                              "is gone; re-anchor or archive them",
                         configure="cognimem_plugins.anchors.cli:configure"))


@hookimpl
def cognimem_memory_labels(memories: list[Memory], engine: Engine) -> dict[str, MemoryLabel]:
    """Label each anchored memory fresh, stale or orphaned in the session's folder (with the
    ``anchors`` ranker's cache when the profile ranks with it)."""
    checker = next((c.checker for c in engine.components() if isinstance(c, Anchors)),
                   None) or Checker()
    found = freshness_of(memories, current_session(), checker)
    labels = {}
    for memory_id, freshness in found.items():
        state, _, note = freshness.label().partition(": ")
        labels[memory_id] = MemoryLabel(name=state, note=note, warn=state != "fresh")
    return labels
