"""DuckDB's memory for a store on disk: the table blocks it caches bounded, what it must hold
on top.

DuckDB's own limit, 80% of RAM, lets its buffer pool keep every block a long ingest writes
(~2.2 KB a memory: over 2 GB of a million-memory ingest's peak, #45). A fixed lower limit is
no answer either: DuckDB holds its indexes (ART) whole to commit, and a commit fails once
they outgrow the limit (64 MB with two indexes failed at 500,000 rows: "could not allocate
block"), and it loads them on first use, so a store just opened holds little of them. So
unless the profile sets ``memory_limit``, the limit is :data:`BLOCK_BUDGET` for the cached
blocks on top of what DuckDB must hold: the larger of what it holds beyond those blocks
(indexes, the open transaction's rows, sorts) and what its indexes will take once loaded
(:data:`INDEX_ENTRY` bytes an entry; measured ~53 at a million memories: 213 MB for 4
million entries). It is set when the store opens and again every
:data:`CHECK_EVERY` commits (~1.2 ms: a look at ``duckdb_memory()`` and a ``SET``; a
compaction's new connection starts at :data:`OPENING_LIMIT` until then). Blocks past the
budget are evicted (read back from the file when needed).

The budget is also the room a transaction has for the rows it writes, and a large one needs
more, while it writes them (the ``INSERT`` pins them) and when it commits (the checkpoint
writes them; a checkpoint that cannot pin a block invalidates the database). So before each
bulk write of a transaction (:meth:`MemoryBudget.writing`, from the connection's
``before_write``) the room is sized from the transaction's own rows: the larger of the budget
and :data:`ROOM_PER_BYTE` times their Arrow bytes; the limit goes back down after that
transaction ends (#45 wave 8: a room fixed for every transaction must fit the largest one).

While the store ingests, the cached blocks are the ones the ingest wrote, of no use to it,
and a budget of 512 MiB of them was ~400 MiB of a million-memory ingest's peak; while it
serves searches they hold the rows a search reads (128 MiB cost a search ~2-3 ms of CPU at
a million, #45 wave 8). So the budget follows what the store does: :data:`INGEST_BUDGET`
from the second large transaction in a row (each writing :data:`LARGE_WRITE` bytes of rows
or more, with no smaller commit between them: an ingest's batches), :data:`BLOCK_BUDGET`
again from the first smaller commit (a search's access log, an agent's write) that comes
:data:`INGEST_PAUSE` seconds or more after the last large one. Lowering the limit evicts
cached blocks; a change DuckDB refuses leaves the limit as it was (the next look tries
again), and it runs after a commit, which stays acknowledged.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Final

import duckdb

log = logging.getLogger("cognimem.duckdb")

#: The table blocks DuckDB keeps cached in a store on disk, and the least room a transaction
#: has beyond what DuckDB held at the last look (cached blocks are evicted for it). An ingest
#: of batches of 1,000 memories passed its row groups' checkpoints with 64 MiB, and 128 MiB
#: took 492 MiB off the peak of a million-memory ingest but cost searches there ~2-3 ms of
#: CPU (fewer cached blocks for the candidate load; #45 wave 8): 512 kept.
BLOCK_BUDGET: Final = 512 * 2**20
#: The block budget while the store ingests (see the module): 128 MiB took ~390 MiB off a
#: million-memory ingest's peak (#45 wave 8); batches of 1,000 memories passed with 64.
INGEST_BUDGET: Final = 128 * 2**20
#: The rows (Arrow bytes) a transaction writes to count as an ingest's batch: a default batch
#: (1,024) of the benchmark's memories writes ~2.0 MiB, an agent's write of 100 ~0.2.
LARGE_WRITE: Final = 2**20
#: Seconds after the last large transaction from which a smaller commit ends the ingest (an
#: ingest's batches commit back to back, nothing smaller between them).
INGEST_PAUSE: Final = 2.0
#: The room a transaction is given per byte of the rows it writes (their Arrow size): 1,024
#: memories of 100,000 characters (~100 MiB) need ~260 MiB, 1,024 of 25,000 ~50-80 (#45).
ROOM_PER_BYTE: Final = 4
#: What an index entry is reckoned to take in memory (ART; ~1.2 times the 53 bytes measured
#: at a million memories; 96 until #45 wave 7). Only a store whose indexes are not loaded
#: yet is budgeted by it: once they are, what DuckDB holds counts them as they are.
INDEX_ENTRY: Final = 64
#: Commits between two looks at what DuckDB holds (an ingest batch is one commit).
CHECK_EVERY: Final = 8
#: DuckDB's limit while the store opens (before anything was measured).
OPENING_LIMIT: Final = "1GB"
#: What the cached table blocks are called in ``duckdb_memory()``.
_BLOCKS: Final = "BASE_TABLE"


class MemoryBudget:
    """Keeps DuckDB's ``memory_limit`` at what it holds plus :data:`BLOCK_BUDGET`.

    :param db: the store's database (its ``file``, its ``connection()``).
    :param wanted: the profile's ``memory_limit`` (when set, DuckDB keeps it).
    """

    def __init__(self, db: Any, wanted: str | None) -> None:
        self.db = db
        self.wanted = wanted
        self.enabled = False
        self.limit = 0  # bytes, as last set
        self.held = 0  # what DuckDB must hold (see the module), at the last look
        self.raised = False  # the limit was raised for the open transaction's rows
        self.ingesting = False  # the block budget is INGEST_BUDGET (see the module)
        self.clock: Callable[[], float] = time.monotonic
        self._commits = 0
        self._size = 0  # the open transaction's rows written so far (Arrow bytes)
        self._large: float | None = None  # when the last large transaction committed
        self._in_a_row = False  # the last commit was a large transaction's

    def start(self) -> None:
        """The store opened: a file with no ``memory_limit`` in the profile is budgeted."""
        self.enabled = self.db.file is not None and not self.wanted
        self._commits, self._size, self._large, self._in_a_row = 0, 0, None, False
        self.ingesting = False
        if self.enabled:
            self.adjust()

    def stop(self) -> None:
        """The store closed."""
        self.enabled = False

    def writing(self, size: int) -> None:
        """The open transaction is about to write rows, ``size`` bytes of them in all (its
        bulk writes so far and this one): raise the limit if its room is too small for them.
        A raise DuckDB refuses leaves the limit as it was (the write proceeds)."""
        if not self.enabled:
            return
        self._size = size
        limit = self.held + max(self.blocks(), ROOM_PER_BYTE * size)
        if limit <= self.limit:
            return
        try:
            self.db.connection().execute(f"SET memory_limit = '{-(-limit // 2**20)}MiB'")
        except duckdb.Error as exc:
            log.debug("duckdb: memory_limit not raised for a transaction: %s", exc)
            return
        self.limit, self.raised = limit, True

    def blocks(self) -> int:
        """The cached blocks' budget now: :data:`INGEST_BUDGET` while the store ingests."""
        return INGEST_BUDGET if self.ingesting else BLOCK_BUDGET

    def committed(self) -> None:
        """A transaction committed: one that starts or ends an ingest (see the module), every
        :data:`CHECK_EVERY`-th one, and one that raised the limit adjust it."""
        if not self.enabled:
            return
        self._commits += 1
        changed = self._follow(self._size >= LARGE_WRITE)
        self._size = 0
        if changed or self.raised or self._commits % CHECK_EVERY == 0:
            self.adjust()

    def _follow(self, large: bool) -> bool:
        """Note a commit, large or not; whether the store started or stopped ingesting."""
        now, was = self.clock(), self.ingesting
        if large:
            self.ingesting = self.ingesting or self._in_a_row
            self._large = now
        elif self.ingesting and self._large is not None and now - self._large >= INGEST_PAUSE:
            self.ingesting = False
        self._in_a_row = large
        return self.ingesting != was

    def ended(self) -> None:
        """A transaction rolled back: one that raised the limit brings it back down."""
        self._size = 0
        if self.enabled and self.raised:
            self.adjust()

    def adjust(self) -> None:
        """Set the limit to what DuckDB must hold (see the module) plus the budget. A limit
        DuckDB cannot evict down to, or any error of the look (it runs after a commit, which
        stays acknowledged), leaves the limit as it was (the next look tries again)."""
        con = self.db.connection()
        try:
            used = con.execute("SELECT tag, memory_usage_bytes FROM duckdb_memory()").fetchall()
            held = sum(int(size) for tag, size in used if tag != _BLOCKS)
            entries = con.execute("SELECT coalesce(sum(estimated_size * index_count), 0) FROM "
                                  "duckdb_tables() WHERE database_name = current_database()"
                                  ).fetchone()[0]
            base = max(held, int(entries) * INDEX_ENTRY)
            limit = base + self.blocks()
            con.execute(f"SET memory_limit = '{-(-limit // 2**20)}MiB'")
        except duckdb.Error as exc:
            log.debug("duckdb: memory_limit left as it was: %s", exc)
            return
        self.limit, self.held, self.raised = limit, base, False
