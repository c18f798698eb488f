"""Relations between entities: weight counts the memories asserting them, provenance lists them.

A relation edge (``entity:a`` -type-> ``entity:b``) is asserted by memories. The first one
creates it with weight 1; each further memory adds 1 to the weight and its id to the
provenance (a memory repeating itself adds nothing). ``valid_from`` is the earliest asserting
memory's validity start (or creation), ``valid_until`` the latest end (open if any is open);
``confidence`` the highest given. When a memory is deleted or stops asserting a relation, it
is retracted: its id leaves the provenance, the weight drops by one, and a relation nobody
asserts any more is deleted.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cognimem.models import Edge, Memory

from .kg import MENTIONS, graph_service, is_entity

if TYPE_CHECKING:
    from cognimem.components import Extraction, RecordStore
    from cognimem.context import Context
    from cognimem.engine import RecordReader


class RelationBook:
    """Builds relation edges for extractors, counting repeats within one write batch too."""

    def __init__(self) -> None:
        self._batch: tuple[int, str] | None = None
        self._pending: dict[tuple[str, str, str], Edge] = {}

    def assert_relation(self, ctx: Context, memory: Memory, source: str, type: str,
                        target: str, confidence: float) -> Edge:
        """The relation edge after ``memory`` asserts ``source -type-> target``."""
        last = ctx.records.last_event()
        batch = (last.seq, last.hash) if last else None
        if batch != self._batch:
            self._batch, self._pending = batch, {}
        key = (source, target, type)
        current = self._pending.get(key)
        if current is None and key in graph_service(ctx).links:
            current = next((e for e in ctx.records.edges_of(source, "out") if e.key == key), None)
        start = memory.valid_from or memory.created_at
        if current is None:
            edge = Edge(source=source, target=target, type=type, weight=1.0,
                        confidence=confidence, provenance=[memory.id], valid_from=start,
                        valid_until=memory.valid_until)
        elif memory.id in current.provenance:
            edge = current
        else:
            provenance = [*current.provenance, memory.id]
            valid_from = min(current.valid_from, start) if current.valid_from else start
            valid_until = (None if current.valid_until is None or memory.valid_until is None
                           else max(current.valid_until, memory.valid_until))
            edge = current.model_copy(update={
                "weight": float(len(provenance)), "provenance": provenance,
                "confidence": max(current.confidence, confidence),
                "valid_from": valid_from, "valid_until": valid_until})
        self._pending[key] = edge
        return edge


Key = tuple[str, str, str]


def retract(records: RecordReader, memory_id: str, entities: Iterable[str],
            keep: Iterable[Key] = ()) -> tuple[list[Edge], list[Key]]:
    """Withdraw ``memory_id`` from the relations touching ``entities`` (except ``keep``).

    :returns: (relations to rewrite with fewer provenance entries, relation keys to delete);
        the caller writes them (``engine.write_edges``, or an extraction's edges and
        ``delete``).
    """
    kept = set(keep)
    put: dict[tuple[str, str, str], Edge] = {}
    delete: dict[tuple[str, str, str], None] = {}
    for entity in sorted(set(entities)):
        for edge in records.edges_of(entity, "both"):
            if edge.type == MENTIONS or edge.key in kept or memory_id not in edge.provenance:
                continue
            if not (is_entity(edge.source) and is_entity(edge.target)):
                continue
            provenance = [p for p in edge.provenance if p != memory_id]
            if provenance:
                put[edge.key] = edge.model_copy(update={"provenance": provenance,
                                                        "weight": float(len(provenance))})
            else:
                delete[edge.key] = None
    return list(put.values()), list(delete)


def withdraw_stale_relations(found: Extraction, records: RecordStore, memory_id: str) -> None:
    """On a re-extraction, add to ``found`` the retraction of the relations ``memory_id``
    asserted among the entities it mentioned and no longer asserts."""
    mentioned = [e.target for e in records.edges_of(memory_id, "out") if e.type == MENTIONS]
    put, delete = retract(records, memory_id, mentioned,
                          keep=[e.key for e in found.edges if is_entity(e.source)])
    found.edges.extend(put)
    found.delete.extend(delete)
