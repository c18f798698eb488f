"""The memory rows of a PostgreSQL store."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime

from psycopg.types.json import Jsonb

from cognimem.errors import InvalidInput
from cognimem.models import Memory

from .. import sql_rows as rows
from ..sql_parts.memories import MemoryCounts
from .schema import MEMORY_COLUMNS
from .session import Session

_COLUMNS = ", ".join(MEMORY_COLUMNS)
# One statement per batch (the index triggers run once per statement): the rows travel as
# one JSON array, turned into memories rows by the server.
_UPSERT = (f"INSERT INTO memories ({_COLUMNS}) SELECT {_COLUMNS} FROM "
           "jsonb_populate_recordset(NULL::memories, %s) ON CONFLICT (id) DO UPDATE SET "
           + ", ".join(f"{c} = excluded.{c}" for c in MEMORY_COLUMNS[1:]))
_PAGE = 2048
_HASH = MEMORY_COLUMNS.index("content_hash")


class PgMemories(MemoryCounts):
    """``put_memories``, ``get_memories``, ``iter_memories`` and the rest of the memories'
    contract for a PostgreSQL store (nothing cached: every read sees every commit)."""

    db: Session

    def put_memories(self, memories: Sequence[Memory]) -> None:
        """Insert or replace memories by id (the last one wins when an id repeats)."""
        if not memories:
            return
        latest = sorted({m.id: m for m in memories}.values(), key=lambda m: m.id)
        for m in latest:
            if "\x00" in m.content or "\x00" in (m.title or ""):
                raise InvalidInput(f"memory {m.id}: its text holds a NUL character, which "
                                   "PostgreSQL cannot store; remove it")
        batch = [{column: value.isoformat() if isinstance(value, datetime) else value
                  for column, value in zip(MEMORY_COLUMNS, rows.memory_row(m), strict=True)}
                 for m in latest]
        with self.db.writing():
            self.db.execute(_UPSERT, [Jsonb(batch)])

    def get_memories(self, ids: Iterable[str]) -> dict[str, Memory]:
        """The memories with these ids that exist, keyed by id."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        found = {r[0]: r for r in self.db.rows(
            f"SELECT {_COLUMNS} FROM memories WHERE id = ANY(%s)", [wanted])}
        return {i: rows.memory_from_row(found[i]) for i in wanted if i in found}

    def delete_memories(self, ids: Sequence[str]) -> None:
        """Remove memories with their edges, accesses and embeddings."""
        doomed = sorted(set(ids))
        if not doomed:
            return
        with self.db.writing():
            self.db.execute("DELETE FROM memories WHERE id = ANY(%s)", [doomed])
            self.db.execute("DELETE FROM edges WHERE source = ANY(%s) OR target = ANY(%s)",
                            [doomed, doomed])
            self.db.execute("DELETE FROM accesses WHERE memory_id = ANY(%s)", [doomed])
            self.db.execute("DELETE FROM embeddings WHERE memory_id = ANY(%s)", [doomed])

    def iter_memories(self) -> Iterator[Memory]:
        """Every memory in id order, read in pages (writes between pages are seen)."""
        last = ""
        while True:
            page = self.db.rows(f"SELECT {_COLUMNS} FROM memories WHERE id > %s ORDER BY id "
                                f"LIMIT {_PAGE}", [last])
            memories = [rows.memory_from_row(r) for r in page]
            yield from memories
            if len(page) < _PAGE:
                return
            last = page[-1][0]

    def find_by_hash(self, content_hash: str) -> list[Memory]:
        """Memories whose content hash is ``content_hash``, in id order."""
        found = self.db.rows(f"SELECT {_COLUMNS} FROM memories WHERE content_hash = %s "
                             "ORDER BY id", [content_hash])
        return [rows.memory_from_row(r) for r in found]

    def find_by_hashes(self, hashes: Iterable[str]) -> dict[str, list[Memory]]:
        """Memories by content hash for a whole write batch, in one query."""
        wanted = list(dict.fromkeys(hashes))
        out: dict[str, list[Memory]] = {h: [] for h in wanted}
        if wanted:
            for r in self.db.rows(f"SELECT {_COLUMNS} FROM memories WHERE content_hash = "
                                  "ANY(%s) ORDER BY id", [wanted]):
                out[r[_HASH]].append(rows.memory_from_row(r))
        return out
