"""Reading a SQL record store's edges (the statements both stores share)."""

from __future__ import annotations

from typing import Literal

from cognimem.models import Edge

from .. import sql_rows as rows
from .session import SqlPart


class EdgeReads(SqlPart):
    """``edges_of`` and ``count_edges``; a store says how it selects an edge's columns."""

    #: The SELECT list :func:`~cognimem_plugins.sql_rows.edge_from_row` reads.
    select = ", ".join(rows.EDGE_COLUMNS)

    def edges_of(self, node: str, direction: Literal["out", "in", "both"] = "both") -> list[Edge]:
        """Edges leaving, entering or touching ``node``, in key order."""
        where = {"out": "source = ?", "in": "target = ?",
                 "both": "(source = ? OR target = ?)"}[direction]
        params = [node, node] if direction == "both" else [node]
        found = self.db.rows(self.q(f"SELECT {self.select} FROM edges WHERE {where} "
                                    "ORDER BY source, target, type"), params)
        return [rows.edge_from_row(r) for r in found]

    def count_edges(self) -> int:
        """How many edges are stored."""
        return int(self.db.rows("SELECT count(*) FROM edges")[0][0])
