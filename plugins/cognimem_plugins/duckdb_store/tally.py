"""Access counts appended per batch and folded into the memories' counters later (#45).

The engine writes a batch of search accesses at a time (its held accesses). Bumping each
memory's ``access_count`` and ``last_accessed_at`` in place is an UPDATE that DuckDB answers
by joining the memories table: at a million memories it took 4 ms of CPU for 10 ids but
34-41 ms for the 100-300 ids of a batch (9-11 ms at 100,000), a cost that grows with the store
(lab/cognimem-lab/EXPERIMENTS.md, "Access counts at a million memories"). So a batch
only appends, in one transaction: its access rows to ``accesses`` and, per memory, how
many and the latest to ``access_tally``, a cost that follows the batch.

The store keeps the committed tally in memory (read back from ``access_tally`` at open) and
adds it to every memory row it reads from DuckDB; cached rows are bumped when the batch
commits, as before. So readers see the counters ACT-R and FadeMem read exactly as if they
had been updated in place. Once :data:`SEARCH_FOLD_CAP` times ``fold_at`` tally rows wait,
the batch that finds them folds the tally into the memories table in one transaction and
empties ``access_tally``; so does the close. (A write of memories does not fold: the flag
that was to ask for it was never set, so this describes what runs.)

A memory written whole (``put_memories``) or deleted carries its counts with it (the engine
read them through this store), so its tally is dropped in the same transaction.

Readers beside a write (:mod:`.reading`) read a snapshot without the store's guard: one that
started before a fold committed must be decoded with the tally from before it, one after
with none. ``_folds`` is odd while a fold commits; a reader notes it and the tally before its
statement and reads again if a fold ran meanwhile (:meth:`AccessTally.for_read`).

The fold's UPDATE joins the memories table, so it grows with the store, but it runs once per
``fold_at`` rows, after a write (or at close), not on a search's path.

A crash loses nothing committed: a batch's tally rows commit with its access rows, and a
fold's UPDATE and DELETE commit together.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from cognimem.accesses import tally
from cognimem.errors import StoreError
from cognimem.models import Access

from .. import sql_rows as rows
from ..sql_rows import MEMORY_COLUMNS
from .cache import RowCache
from .connection import Database

log = logging.getLogger("cognimem.duckdb")

LAST_ACCESSED_AT = MEMORY_COLUMNS.index("last_accessed_at")
ACCESS_COUNT_AT = MEMORY_COLUMNS.index("access_count")

#: Per memory: accesses not folded into its row yet, and the latest of them.
Bumps = dict[str, tuple[int, datetime]]

_FOLD_SQL = (
    "UPDATE memories SET access_count = access_count + bump.n, last_accessed_at = "
    "greatest(coalesce(last_accessed_at, bump.at), bump.at) FROM (SELECT memory_id AS id, "
    "sum(n)::INTEGER AS n, max(latest) AS at FROM access_tally GROUP BY memory_id) AS bump "
    "WHERE memories.id = bump.id")


#: A batch of accesses folds the counts once this many times ``fold_at`` rows wait.
SEARCH_FOLD_CAP = 8


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def merged(into: Mapping[str, tuple[int, datetime]],
           more: Mapping[str, tuple[int, datetime]]) -> Bumps:
    """A new mapping: ``into`` with ``more`` added (counts summed, the later time kept)."""
    out = dict(into)
    for memory_id, (count, at) in more.items():
        had = out.get(memory_id)
        out[memory_id] = (count, at) if had is None else (had[0] + count, max(had[1], at))
    return out


def bumped(row: tuple[Any, ...], count: int, at: datetime) -> tuple[Any, ...]:
    """A memory row with ``count`` more accesses, the latest at ``at``."""
    out = list(row)
    last = row[LAST_ACCESSED_AT]
    out[LAST_ACCESSED_AT] = at if last is None or at > last else last
    out[ACCESS_COUNT_AT] = row[ACCESS_COUNT_AT] + count
    return tuple(out)


class AccessTally:
    """The access history and the unfolded access counts of a DuckDB store.

    :param db: the store's database; :param cache: its row cache (whose lock guards the
        tally's state too).
    """

    def __init__(self, db: Database, cache: RowCache, fold_at: int) -> None:
        self.db = db
        self.cache = cache
        self.fold_at = fold_at
        #: told which memories a fold is about to change in DuckDB (the rows' copy)
        self.folding: Callable[[Iterable[str]], None] = lambda ids: None
        self.reset()

    def reset(self) -> None:
        """Forget every count (a store opened again)."""
        self.unfolded: Bumps = {}  # committed, not folded; replaced, never changed in place
        self._open: Bumps = {}  # appended by the open transaction
        self._dropped: set[str] = set()  # written whole or deleted by it
        self.rows = 0  # rows in access_tally (committed)
        self._open_rows = 0
        self.folds = 0  # odd while a fold commits

    def load(self) -> None:
        """Read the unfolded counts back (at open)."""
        self.reset()
        found = self.db.rows("SELECT memory_id, sum(n)::INTEGER, max(latest), count(*) "
                             "FROM access_tally GROUP BY memory_id")
        self.unfolded = {i: (int(n), _utc(at)) for i, n, at, _ in found}
        self.rows = sum(int(r[3]) for r in found)

    # the access history ------------------------------------------------------------------------

    def add_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals to the access history."""
        if not accesses:
            return
        table = rows.access_table([(a.memory_id, a.at, a.agent, a.query) for a in accesses])
        with self.db.transaction(), self.db.arrow(table) as view:
            self.db.execute("INSERT INTO accesses SELECT memory_id, accessed_at, agent, query "
                            f"FROM {view}")

    def record_accesses(self, accesses: Sequence[Access]) -> None:
        """Append retrievals and their counts (:mod:`.tally`): ``access_count`` and
        ``last_accessed_at`` read as bumped from the commit on, at a cost that follows the
        batch (the memories table is not updated until the counts are folded). Cached rows
        get the change when the transaction commits."""
        if not accesses:
            return
        bumps = {i: (n, _utc(at)) for i, (n, at) in tally(accesses).items()}
        with self.db.transaction():
            self.add_accesses(accesses)
            self._append(bumps)
            pending = self.cache.pending
            for memory_id, (count, at) in bumps.items():
                row = self.cache.latest(memory_id)
                if row is None:
                    continue  # deleted in this transaction, or not cached: read from DuckDB
                pending[memory_id] = bumped(row, count, at)
        self.maybe_fold(cap=SEARCH_FOLD_CAP)

    def access_times(self, ids: Iterable[str]) -> dict[str, list[datetime]]:
        """Retrieval times per memory, oldest first (absent ids map to [])."""
        wanted = list(dict.fromkeys(ids))
        out: dict[str, list[datetime]] = {i: [] for i in wanted}
        if not wanted:
            return out
        found = self.db.rows(
            "SELECT memory_id, accessed_at FROM accesses WHERE "
            f"{rows.ids_where('memory_id', len(wanted))} ORDER BY memory_id, accessed_at",
            [wanted],
        )
        for memory_id, at in found:
            out[memory_id].append(at)
        return out

    # the counts --------------------------------------------------------------------------------

    def _append(self, bumps: Bumps) -> None:
        """Append a batch's counts (inside the open transaction)."""
        ids = list(bumps)
        self.db.execute("INSERT INTO access_tally SELECT unnest(?::VARCHAR[]), "
                        "unnest(?::INTEGER[]), unnest(?::TIMESTAMPTZ[])",
                        [ids, [bumps[i][0] for i in ids], [bumps[i][1] for i in ids]])
        self._open = merged(self._open, bumps)
        self._open_rows += len(ids)

    def drop(self, ids: Iterable[str]) -> None:
        """These memories are written whole or deleted by the open transaction: their
        unfolded counts go (a written row already holds them)."""
        concerned = [i for i in ids if i in self.unfolded or i in self._open]
        if not concerned:
            return
        self.db.execute("DELETE FROM access_tally WHERE list_contains(?::VARCHAR[], memory_id)",
                        [concerned])
        self._dropped.update(concerned)
        for memory_id in concerned:
            self._open.pop(memory_id, None)

    def committed(self) -> None:
        """The open transaction committed."""
        if not self._open and not self._dropped:
            self.ended()
            return
        with self.cache.lock:
            kept = ({i: v for i, v in self.unfolded.items() if i not in self._dropped}
                    if self._dropped else self.unfolded)
            self.unfolded = merged(kept, self._open)
            self.cache.changed([*self._open, *self._dropped])
            self.rows += self._open_rows
            self.ended()

    def ended(self) -> None:
        """Forget what the open transaction appended or dropped (committed or rolled back)."""
        self._open, self._dropped, self._open_rows = {}, set(), 0

    def view(self) -> Mapping[str, tuple[int, datetime]]:
        """The counts to add to rows read now: the committed ones, and for the writer inside
        its transaction also its own."""
        if self._open and self.db.depth and self.db.readers.cursor() is None:
            return merged(self.unfolded, self._open)
        return self.unfolded

    def for_read(self, read: Callable[[], Any]) -> tuple[Any, Mapping[str, Any]]:
        """``read()`` and the counts its rows need, read again if a fold committed while it
        ran (only readers beside a write can meet one: a fold holds the guard)."""
        while True:
            folds, view = self.folds, self.view()
            if folds % 2:  # a fold is committing: wait for it
                time.sleep(0.001)
                continue
            out = read()
            if self.folds == folds:
                return out, view

    @staticmethod
    def added(found: list[Any], view: Mapping[str, tuple[int, datetime]]) -> list[Any]:
        """Rows with their unfolded counts in ``view`` added."""
        if not view:
            return found
        out = []
        for row in found:
            bump = view.get(row[0])
            out.append(row if bump is None else bumped(row, *bump))
        return out

    def fold_accesses(self) -> int:
        """Fold the unfolded access counts into the memories table; how many memories.

        Runs by itself after a batch of accesses once :data:`SEARCH_FOLD_CAP` times
        ``fold_at`` rows wait (a store only searched stays bounded), and at close; any
        caller may run it between transactions."""
        with self.db.guard:
            if self.db.depth or not self.unfolded:
                return 0
            folded = list(self.unfolded)
            self.folding(folded)
            with self.cache.lock:
                self.folds += 1
            done = False
            try:
                with self.db.transaction():
                    self.db.execute(_FOLD_SQL)
                    self.db.execute("DELETE FROM access_tally")
                done = True
            finally:
                with self.cache.lock:
                    if done:
                        self.unfolded, self.rows = {}, 0
                        self.cache.generation += 1
                        self.cache.changed(folded)
                    self.folds += 1
            return len(folded)

    def maybe_fold(self, *, cap: int = 1) -> None:
        """Fold once ``cap * fold_at`` tally rows wait (outside a transaction); a failure is
        logged and leaves them for the next fold (the caller's commit stands)."""
        if self.db.depth or self.rows < cap * self.fold_at:
            return
        try:
            self.fold_accesses()
        except StoreError as exc:
            log.warning("folding the access counts failed (they stay in access_tally): %s",
                        exc)

    def fold_before_close(self) -> None:
        """Fold what waits before the store closes (the guard held); a failure leaves the
        counts in access_tally, read back at the next open."""
        if self.db.con is not None and self.unfolded:
            try:
                self.fold_accesses()
            except StoreError as exc:
                log.warning("folding the access counts at close failed: %s", exc)
