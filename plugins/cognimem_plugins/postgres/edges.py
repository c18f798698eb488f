"""The edges of a PostgreSQL store."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cognimem.models import Edge

from .. import sql_rows as rows
from ..sql_parts.edges import EdgeReads
from .session import Session

_COLUMNS = ", ".join(rows.EDGE_COLUMNS)
_UPSERT = (f"INSERT INTO edges ({_COLUMNS}) VALUES "
           f"({', '.join(['%s'] * len(rows.EDGE_COLUMNS))}) "
           "ON CONFLICT (source, target, type) DO UPDATE SET "
           + ", ".join(f"{c} = excluded.{c}" for c in rows.EDGE_COLUMNS[3:]))
_PAGE = 2048


class PgEdges(EdgeReads):
    """``put_edges``, ``delete_edges``, ``edges_of``, ``iter_edges`` and ``count_edges``."""

    db: Session

    def put_edges(self, edges: Sequence[Edge]) -> None:
        """Insert or replace edges by (source, target, type)."""
        if not edges:
            return
        latest = sorted({e.key: e for e in edges}.values(), key=lambda e: e.key)
        params = [[e.source, e.target, e.type, e.weight, e.confidence, e.created_at,
                   e.last_used_at, e.use_count, list(e.provenance), e.valid_from, e.valid_until,
                   rows.dump_json(e.meta, f"edge {e.key} field `meta`") if e.meta else "{}"]
                  for e in latest]
        with self.db.writing():
            self.db.executemany(_UPSERT, params)

    def delete_edges(self, keys: Sequence[tuple[str, str, str]]) -> None:
        """Remove the edges with these keys (unknown keys are ignored)."""
        if not keys:
            return
        with self.db.writing():
            self.db.execute(
                "DELETE FROM edges e USING unnest(%s::text[], %s::text[], %s::text[]) "
                "AS k(source, target, type) WHERE e.source = k.source AND e.target = k.target "
                "AND e.type = k.type",
                [[k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys]])

    def iter_edges(self) -> Iterator[Edge]:
        """Every edge in key order, read in pages."""
        last = ("", "", "")
        while True:
            page = self.db.rows(
                f"SELECT {_COLUMNS} FROM edges WHERE (source, target, type) > "
                f"(%s, %s, %s) ORDER BY source, target, type LIMIT {_PAGE}", list(last))
            yield from [rows.edge_from_row(r) for r in page]
            if len(page) < _PAGE:
                return
            last = (page[-1][0], page[-1][1], page[-1][2])
