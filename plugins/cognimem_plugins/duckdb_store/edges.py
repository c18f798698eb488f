"""The edges of a DuckDB store."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pyarrow as pa

from cognimem.models import Edge

from .. import sql_rows as rows
from ..sql_parts.edges import EdgeReads
from .connection import Database

_COLUMNS = ", ".join(rows.EDGE_COLUMNS)
_PAGE = 4096


class Edges(EdgeReads):
    """``put_edges``, ``delete_edges``, ``edges_of``, ``iter_edges`` and ``count_edges``."""

    db: Database
    select = rows.EDGE_SELECT  # timestamps as naive UTC: several times faster to fetch

    def put_edges(self, edges: Sequence[Edge]) -> None:
        """Insert or replace edges by (source, target, type)."""
        if not edges:
            return
        table = rows.edge_table(list({e.key: e for e in edges}.values()))
        with self.db.transaction(), self.db.arrow(table) as view:
            self.db.execute(f"DELETE FROM edges USING {view} k WHERE edges.source = k.source "
                            "AND edges.target = k.target AND edges.type = k.type")
            self.db.execute(f"INSERT INTO edges ({_COLUMNS}) SELECT {_COLUMNS} FROM {view}")

    def delete_edges(self, keys: Sequence[tuple[str, str, str]]) -> None:
        """Remove the edges with these keys (unknown keys are ignored)."""
        if not keys:
            return
        table = pa.table({"source": [k[0] for k in keys], "target": [k[1] for k in keys],
                          "type": [k[2] for k in keys]})
        with self.db.transaction(), self.db.arrow(table) as view:
            self.db.execute(f"DELETE FROM edges USING {view} k WHERE edges.source = k.source "
                            "AND edges.target = k.target AND edges.type = k.type")

    def iter_edges(self) -> Iterator[Edge]:
        """Every edge in key order, read in pages."""
        last: tuple[str, str, str] | None = None
        while True:
            if last is None:
                page = self.db.rows(f"SELECT {self.select} FROM edges "
                                    f"ORDER BY source, target, type LIMIT {_PAGE}")
            else:
                page = self.db.rows(
                    f"SELECT {self.select} FROM edges WHERE source > ? OR (source = ? AND "
                    "(target > ? OR (target = ? AND type > ?))) "
                    f"ORDER BY source, target, type LIMIT {_PAGE}",
                    [last[0], last[0], last[1], last[1], last[2]],
                )
            for r in page:
                yield rows.edge_from_row(r)
            if len(page) < _PAGE:
                return
            last = (page[-1][0], page[-1][1], page[-1][2])
