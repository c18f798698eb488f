"""Edges between memories (and the graph state plugins keep as edges): relate, unrelate,
write_edges, edges."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..errors import InvalidInput, NotFound
from ..models import Edge
from .types import validation_message

if TYPE_CHECKING:
    from .kernel import Kernel


class Relations:
    """The engine's edge operations."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def relate(self, source: str, target: str, type: str = "relates_to", weight: float = 1.0,
               *, agent: str | None = None, **fields: Any) -> Edge:
        """Create or replace the edge (source, target, type) between two memories."""
        self.k.check_open()
        missing = [i for i in (source, target) if i not in self.k.records.get_memories([i])]
        if missing:
            raise NotFound(f"no memory has id {missing[0]!r}")
        type = self.k.clean_text(type, "edge type")
        try:
            edge = Edge(source=source, target=target, type=type, weight=weight,
                        created_at=self.k.clock.now(), **fields)
        except ValidationError as exc:
            raise InvalidInput(validation_message(exc, "edge")) from None
        with self.k.transaction() as pending:
            self.k.records.put_edges([edge])
            self.k.log(pending, "relate", source,
                       {"target": target, "type": type, "weight": weight}, agent)
        return edge

    def unrelate(self, source: str, target: str, type: str = "relates_to", *,
                 agent: str | None = None) -> None:
        """Remove the edge (source, target, type).

        :raises NotFound: there is no such edge.
        """
        self.k.check_open()
        if not any(e.key == (source, target, type) for e in self.k.records.edges_of(source, "out")):
            raise NotFound(f"no {type!r} edge from {source!r} to {target!r}")
        with self.k.transaction() as pending:
            self.k.records.delete_edges([(source, target, type)])
            self.k.log(pending, "unrelate", source, {"target": target, "type": type}, agent)

    def write_edges(self, put: Sequence[Edge] = (),
                    delete: Sequence[tuple[str, str, str]] = (), *,
                    agent: str | None = None) -> None:
        """Put and delete edges in one transaction, logging a ``relate`` or ``unrelate``
        event for each. Unlike :meth:`relate`, endpoints need not be memories: this is how
        plugins keep graph state (entity nodes, link caps, provenance) in the record store.
        """
        self.k.check_open()
        if not put and not delete:
            return
        with self.k.transaction() as pending:
            self.k.log_edges(pending, put, delete, agent)

    def edges(self, memory_id: str) -> list[Edge]:
        """Every edge touching a memory."""
        self.k.check_open()
        return self.k.records.edges_of(memory_id, "both")
