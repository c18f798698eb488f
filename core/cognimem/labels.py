"""Labels a view puts beside a memory it shows without searching: the startup context asks
the plugins (``cognimem_memory_labels``) what to say about each memory it cites, and the
``anchors`` plugin answers for memories about code (``fresh``, ``stale``, ``orphaned``).
The core never knows which plugin labels what: it calls the hook and merges the answers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Engine
    from .models import Memory

#: Characters of a label's name and note kept (a plugin's text, bounded before it is shown).
NAME_CHARS = 40
NOTE_CHARS = 300


@dataclass(frozen=True)
class MemoryLabel:
    """What a view shows beside a memory: a short ``name`` (``stale``) and a ``note`` that
    says why (``changed since: src/net/retry.py``); ``warn`` when the reader should check
    before relying on the memory."""

    name: str
    note: str = ""
    warn: bool = False

    def bounded(self) -> MemoryLabel:
        """The label with its texts on one line and cut to their limits."""
        name = " ".join(str(self.name).split())[:NAME_CHARS]
        note = " ".join(str(self.note).split())[:NOTE_CHARS]
        return MemoryLabel(name=name, note=note, warn=bool(self.warn))

    def text(self) -> str:
        """``name: note`` (or the name alone)."""
        return f"{self.name}: {self.note}" if self.note else self.name


def labels_of(engine: Engine, memories: Sequence[Memory]) -> dict[str, list[MemoryLabel]]:
    """Each memory's labels from every ``cognimem_memory_labels`` implementation, by id
    (memories no plugin labels are left out). Answers that are not labels, or for ids not
    asked about, are dropped."""
    hook = engine.hook.cognimem_memory_labels
    if not memories or not hook.get_hookimpls():
        return {}
    asked = {m.id for m in memories}
    found: dict[str, list[MemoryLabel]] = {}
    for answer in hook(memories=list(memories), engine=engine):
        if not isinstance(answer, dict):
            continue
        for memory_id, label in answer.items():
            if memory_id in asked and isinstance(label, MemoryLabel) and label.name.strip():
                found.setdefault(memory_id, []).append(label.bounded())
    return found
