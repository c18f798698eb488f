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
had been updated in place. Once ``fold_at`` tally rows wait, the next write that commits
memories (or a later batch, see :data:`SEARCH_FOLD_CAP`), and the close, fold the tally into
the memories table in one transaction and empty ``access_tally``.

A memory written whole (``put_memories``) or deleted carries its counts with it (the engine
read them through this store), so its tally is dropped in the same transaction.

Readers beside a write (:mod:`.reading`) read a snapshot without the store's guard: one that
started before a fold committed must be decoded with the tally from before it, one after
with none. ``_folds`` is odd while a fold commits; a reader notes it and the tally before its
statement and reads again if a fold ran meanwhile (:meth:`AccessTally._tally_for_read`).

The fold's UPDATE joins the memories table, so it grows with the store, but it runs once per
``fold_at`` rows, after a write (or at close), not on a search's path.

A crash loses nothing committed: a batch's tally rows commit with its access rows, and a
fold's UPDATE and DELETE commit together.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from cognimem.errors import StoreError

from ..sql_rows import MEMORY_COLUMNS

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


#: A batch of accesses folds the counts itself only once this many times ``fold_at`` rows
#: wait (otherwise the next write does).
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
    """Mixed into :class:`~.store.DuckDBStore`: the unfolded access counts."""

    _cache_lock: threading.RLock
    _guard: threading.RLock
    _depth: int
    _generation: int
    options: Any
    _sql: Callable[..., Any]
    _rows: Callable[..., list[Any]]
    _reading_cursor: Callable[[], Any]
    _warming_changed: Callable[[Iterable[str]], None]

    def _init_tally(self) -> None:
        self._unfolded: Bumps = {}  # committed, not folded; replaced, never changed in place
        self._tally_open: Bumps = {}  # appended by the open transaction
        self._tally_dropped: set[str] = set()  # written whole or deleted by it
        self._tally_rows = 0  # rows in access_tally (committed)
        self._tally_open_rows = 0
        self._folds = 0  # odd while a fold commits
        self._tally_write_unit = False  # the open transaction writes memories

    def _load_tally(self) -> None:
        """Read the unfolded counts back (at open)."""
        found = self._rows("SELECT memory_id, sum(n)::INTEGER, max(latest), count(*) "
                           "FROM access_tally GROUP BY memory_id")
        self._unfolded = {i: (int(n), _utc(at)) for i, n, at, _ in found}
        self._tally_rows = sum(int(r[3]) for r in found)

    def _append_tally(self, bumps: Bumps) -> None:
        """Append a batch's counts (inside the open transaction)."""
        ids = list(bumps)
        self._sql("INSERT INTO access_tally SELECT unnest(?::VARCHAR[]), unnest(?::INTEGER[]), "
                  "unnest(?::TIMESTAMPTZ[])",
                  [ids, [bumps[i][0] for i in ids], [bumps[i][1] for i in ids]])
        self._tally_open = merged(self._tally_open, bumps)
        self._tally_open_rows += len(ids)

    def _drop_tally(self, ids: Iterable[str]) -> None:
        """These memories are written whole or deleted by the open transaction: their
        unfolded counts go (a written row already holds them)."""
        concerned = [i for i in ids if i in self._unfolded or i in self._tally_open]
        if not concerned:
            return
        self._sql("DELETE FROM access_tally WHERE list_contains(?::VARCHAR[], memory_id)",
                  [concerned])
        self._tally_dropped.update(concerned)
        for memory_id in concerned:
            self._tally_open.pop(memory_id, None)

    def _tally_committed(self) -> None:
        """The open transaction committed (cache lock held)."""
        if not self._tally_open and not self._tally_dropped:
            self._tally_ended()
            return
        kept = ({i: v for i, v in self._unfolded.items() if i not in self._tally_dropped}
                if self._tally_dropped else self._unfolded)
        self._unfolded = merged(kept, self._tally_open)
        self._warming_changed([*self._tally_open, *self._tally_dropped])
        self._tally_rows += self._tally_open_rows
        self._tally_ended()

    def _tally_ended(self) -> None:
        """Forget what the open transaction appended or dropped (committed or rolled back)."""
        self._tally_open, self._tally_dropped, self._tally_open_rows = {}, set(), 0
        self._tally_write_unit = False

    def _tally_view(self) -> Mapping[str, tuple[int, datetime]]:
        """The counts to add to rows read now: the committed ones, and for the writer inside
        its transaction also its own."""
        if self._tally_open and self._depth and self._reading_cursor() is None:
            return merged(self._unfolded, self._tally_open)
        return self._unfolded

    def _tally_for_read(self, read: Callable[[], Any]) -> tuple[Any, Mapping[str, Any]]:
        """``read()`` and the counts its rows need, read again if a fold committed while it
        ran (only readers beside a write can meet one: a fold holds the guard)."""
        while True:
            folds, view = self._folds, self._tally_view()
            if folds % 2:  # a fold is committing: wait for it
                time.sleep(0.001)
                continue
            out = read()
            if self._folds == folds:
                return out, view

    def _with_tally(self, rows: list[Any], view: Mapping[str, tuple[int, datetime]]
                    ) -> list[Any]:
        """``rows`` with their unfolded counts added."""
        if not view:
            return rows
        out = []
        for row in rows:
            bump = view.get(row[0])
            out.append(row if bump is None else bumped(row, *bump))
        return out

    def fold_accesses(self) -> int:
        """Fold the unfolded access counts into the memories table; how many memories.

        Runs by itself after a write that commits memories once ``fold_at`` tally rows wait
        (the next write unit pays it, not a search), after a batch of accesses only once
        :data:`SEARCH_FOLD_CAP` times as many wait (a store only searched stays bounded),
        and at close; any caller may run it between transactions."""
        with self._guard:
            if self._depth or not self._unfolded:
                return 0
            folded = list(self._unfolded)
            with self._cache_lock:
                self._folds += 1
            done = False
            try:
                with self.transaction():  # type: ignore[attr-defined]
                    self._sql(_FOLD_SQL)
                    self._sql("DELETE FROM access_tally")
                done = True
            finally:
                with self._cache_lock:
                    if done:
                        self._unfolded, self._tally_rows = {}, 0
                        self._generation += 1
                        self._warming_changed(folded)
                    self._folds += 1
            return len(folded)

    def _maybe_fold(self, *, cap: int = 1) -> None:
        """Fold once ``cap * fold_at`` tally rows wait (outside a transaction); a failure is
        logged and leaves them for the next fold (the caller's commit stands)."""
        limit = cap * int(getattr(self.options, "fold_at", 1))
        if self._depth or self._tally_rows < limit:
            return
        try:
            self.fold_accesses()
        except StoreError as exc:
            log.warning("folding the access counts failed (they stay in access_tally): %s",
                        exc)
