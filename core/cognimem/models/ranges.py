"""The numeric ranges the stores and indexes rely on, beyond what a model refuses when read.

A stored memory's ``version`` is at least 1 and its counters are not negative: the lexical
index keeps the version as an unsigned integer, the record stores keep versions and counters
as 32-bit integers. The models read such values leniently (a store written by an older
cognimem may hold one), so two doors check them: ``import`` refuses a record outside these
ranges before writing any, and ``check`` reports a stored one (``check --repair`` puts it
back in range: :func:`repaired_memory`, :func:`repaired_edge`)."""

from __future__ import annotations

import math
from datetime import datetime

from .. import limits
from .memory import Edge, Memory

#: The largest version or counter a record keeps (a 32-bit signed integer).
COUNTER_MAX = 2**31 - 1


def _counter(value: int, low: int, what: str) -> list[str]:
    if low <= value <= COUNTER_MAX:
        return []
    shown = str(value)
    shown = shown if len(shown) <= limits.QUOTE_CHARS else shown[:limits.QUOTE_CHARS] + "..."
    return [f"{what} {shown} is outside {low}..{COUNTER_MAX:,}"]


def _year(value: datetime | None, what: str) -> list[str]:
    try:
        limits.check_year(value, what)
    except ValueError as exc:
        return [str(exc)]
    return []


def memory_problems(memory: Memory) -> list[str]:
    """What of ``memory`` is outside the ranges the stores and indexes rely on (one short
    phrase each, naming the field); empty when nothing is."""
    out = _counter(memory.version, 1, "version") + _counter(memory.access_count, 0,
                                                            "access_count")
    if memory.source.line is not None:
        out += _counter(memory.source.line, 0, "source.line")
    out += _year(memory.created_at, "created_at")
    return out


def edge_problems(edge: Edge) -> list[str]:
    """What of ``edge`` is outside its ranges: a finite weight, a confidence in 0..1, a use
    count in range, times within the sane years."""
    out: list[str] = []
    if not math.isfinite(edge.weight):
        out.append(f"weight {edge.weight!r} is not a finite number")
    if not 0.0 <= edge.confidence <= 1.0:  # NaN fails too
        out.append(f"confidence {edge.confidence!r} is outside 0..1")
    out += _counter(edge.use_count, 0, "use_count")
    for name in ("created_at", "last_used_at", "valid_from", "valid_until"):
        out += _year(getattr(edge, name), name)
    return out


def _clamp(value: int, low: int) -> int:
    return min(max(value, low), COUNTER_MAX)


def repaired_memory(memory: Memory) -> Memory:
    """``memory`` with every value of :func:`memory_problems` put back in range: a version
    below 1 becomes 1, a negative count 0, an out-of-range line none."""
    line = memory.source.line
    source = memory.source
    if line is not None and not 0 <= line <= COUNTER_MAX:
        source = source.model_copy(update={"line": None})
    return memory.model_copy(update={
        "version": _clamp(memory.version, 1), "access_count": _clamp(memory.access_count, 0),
        "source": source})


def repaired_edge(edge: Edge) -> Edge:
    """``edge`` with every value of :func:`edge_problems` put back in range (a weight that is
    not finite becomes 1, a confidence is clamped to 0..1, a time out of range is dropped)."""
    confidence = edge.confidence if not math.isnan(edge.confidence) else 1.0
    update: dict[str, object] = {
        "weight": edge.weight if math.isfinite(edge.weight) else 1.0,
        "confidence": min(max(confidence, 0.0), 1.0), "use_count": _clamp(edge.use_count, 0)}
    for name in ("created_at", "last_used_at", "valid_from", "valid_until"):
        if _year(getattr(edge, name), name):
            update[name] = None
    return edge.model_copy(update=update)
