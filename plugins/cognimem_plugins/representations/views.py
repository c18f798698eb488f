"""Views: the extra texts a memory is indexed under (never its stored content).

``window``
    the memory with its neighbours from the same source: memories sharing a group key
    (``source.session``, ``meta.session``, ``source.file``... the first field set, within the
    same scope), ordered by ``created_at``; ``window`` neighbours on each side, optionally
    only those less than ``max_gap_minutes`` apart. A window longer than ``words`` words is
    cut like ``chunks`` (so a long memory without neighbours is read whole too). Its dense
    row can instead be pooled from the vectors the memory and its neighbours already have
    (``pool = "mean"``, see :func:`pooled_vector`): no second model pass.
``chunks``
    the content cut into pieces of ``words`` words overlapping by ``overlap``, so an
    embedder that reads only its first few hundred tokens sees all of a long memory. A
    memory no longer than one piece has one text, its content.
``turns``
    each part of the content between blank lines, cut like ``chunks`` when longer than
    ``words``: a session transcript saved as one memory (turns separated by a blank line)
    is found by its best turn, or by several (``collapse``). A memory without a blank line
    has one part, itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from cognimem.models import Memory

#: A group key: the scope's three fields, then the source field's name and value.
GroupKey = tuple[str | None, str | None, str | None, str, str]


@dataclass(frozen=True)
class ViewSpec:
    """How a memory's extra texts are made (the retriever options that decide them)."""

    view: Literal["window", "chunks", "turns"]
    window: int = 1
    group_by: tuple[str, ...] = ("source.session", "meta.session", "source.file")
    max_gap_minutes: float | None = None
    words: int = 150
    overlap: int = 30
    #: How a window's dense row is made: ``text`` embeds the window's text (pieces of
    #: ``words``); ``mean`` pools the stored vectors of the memory and its neighbours (one
    #: row, no model pass), each neighbour weighted ``neighbour_weight`` against the
    #: memory's 1.
    pool: Literal["text", "mean"] = "text"
    neighbour_weight: float = 1.0

    def key(self) -> str:
        """A short stable name for this spec (side-index folder and service key)."""
        pieces = f"{self.words}-{self.overlap}"
        if self.view in ("chunks", "turns"):
            return f"{self.view}-{pieces}"
        gap = "" if self.max_gap_minutes is None else f"-gap{self.max_gap_minutes:g}"
        pooled = "" if self.pool == "text" else f"-mean{self.neighbour_weight:g}"
        return f"window-{self.window}-{'+'.join(self.group_by)}{gap}-{pieces}{pooled}"


def field_value(memory: Memory, path: str) -> str | None:
    """The value of a dotted field (``source.session``, ``meta.session``) as text, or None;
    ``scope`` is set for every memory (its neighbours are then the memories written around it
    in its scope: a plain ``remember``'s window)."""
    if path == "scope":
        return "*"
    head, _, rest = path.partition(".")
    value: object
    if head == "meta":
        value = memory.meta.get(rest)
    elif head in ("source", "scope"):
        value = getattr(getattr(memory, head), rest, None)
    else:
        value = getattr(memory, path, None)
    if value is None or value == "":
        return None
    return str(value)


def group_key(memory: Memory, fields: Sequence[str]) -> GroupKey | None:
    """The memory's source group: its scope and the first of ``fields`` that is set."""
    for path in fields:
        value = field_value(memory, path)
        if value is not None:
            scope = memory.scope
            return (scope.project, scope.agent, scope.user, path, value)
    return None


def window_text(memory: Memory, neighbours: Sequence[Memory], spec: ViewSpec) -> str:
    """The memory and its neighbours (``neighbours`` in time order, the memory among them)."""
    if spec.max_gap_minutes is not None:
        limit = spec.max_gap_minutes * 60
        neighbours = [n for n in neighbours
                      if abs((n.created_at - memory.created_at).total_seconds()) <= limit]
    return "\n".join(n.content for n in neighbours)


def pooled_vector(vectors: Sequence[np.ndarray], weights: Sequence[float]) -> np.ndarray:
    """The weighted mean of ``vectors``, scaled to unit length (a zero mean stays zero)."""
    stacked = np.asarray(vectors, dtype=np.float32)
    mean = np.asarray(weights, dtype=np.float32) @ stacked
    norm = float(np.linalg.norm(mean))
    return mean / norm if norm > 0 else mean


def chunk_texts(content: str, words: int, overlap: int) -> list[str]:
    """``content`` in pieces of ``words`` words, each ``words - overlap`` after the last."""
    parts = content.split()
    if len(parts) <= words:
        return [content]
    step = max(1, words - overlap)
    out: list[str] = []
    for start in range(0, len(parts), step):
        out.append(" ".join(parts[start : start + words]))
        if start + words >= len(parts):
            break
    return out


#: What separates turns in a memory's content: a blank line (spaces allowed in it).
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")


def turn_texts(content: str, words: int, overlap: int) -> list[str]:
    """Each part of ``content`` between blank lines, long parts cut into chunks."""
    parts = [p.strip() for p in _BLANK_LINE.split(content)]
    out = [piece for p in parts if p for piece in chunk_texts(p, words, overlap)]
    return out or [content]


def texts_for(memory: Memory, spec: ViewSpec, neighbours: Mapping[str, Sequence[Memory]]
              ) -> list[str]:
    """Every text ``memory`` is indexed under for ``spec`` (``neighbours`` by memory id)."""
    if spec.view == "chunks":
        return chunk_texts(memory.content, spec.words, spec.overlap)
    if spec.view == "turns":
        return turn_texts(memory.content, spec.words, spec.overlap)
    text = window_text(memory, neighbours.get(memory.id, [memory]), spec)
    if spec.pool == "mean":
        return [text]  # one pooled vector per memory: nothing is read in pieces
    return chunk_texts(text, spec.words, spec.overlap)
