"""Warming the decoded-row cache after open, in the background.

Search loads every fused candidate's row, and DuckDB fetches scattered rows slowly (100
random rows of a 100,000-memory store: ~7.5 ms of CPU, against ~0.1 ms from the cache). A
store reopened after a clean close skips the full read at open, so its cache starts empty
and every search paid that fetch until the rows it needed had been read once. Here a
background thread reads the most recently used memories (up to ``cache_size``) into the
cache: through a reader's cursor (:mod:`.reading`), so it never holds the store's guard, in
pages, and it stops when the store closes. It starts once the first search has loaded its
rows (or :data:`WARM_DELAY` seconds after open if none comes), so that it does not slow the
open and the first search (a cold start to first search at 100,000 memories took 1.5 s
with the thread started at open, 1.1 s without). A store that fits in the cache is read in
table order; a larger one, its most recently used rows first.

A row read by the warming thread comes from the snapshot its query started with. A commit
after that changes rows the thread may still read, so every commit tells it which memories
it changed (:meth:`CacheWarming._warming_changed`), and the thread never caches those, nor
a row the cache already holds: the cache keeps only committed rows that are current.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Iterable
from contextlib import AbstractContextManager, suppress
from typing import TYPE_CHECKING, Any

import duckdb

from .. import sql_rows as rows

log = logging.getLogger("cognimem.duckdb")

#: Rows decoded per page (one page is a few milliseconds of work).
WARM_PAGE = 512

#: Seconds after open at which the thread starts if no search has come.
WARM_DELAY = 2.0

#: A store larger than the cache: the most recently used first (the rows searches are
#: likeliest to load).
WARM_RECENT_SQL = (f"SELECT {rows.MEMORY_SELECT} FROM memories "
                   "ORDER BY greatest(updated_at, coalesce(last_accessed_at, updated_at)) "
                   "DESC LIMIT ?")
#: A store that fits: every row, in table order (no sort).
WARM_ALL_SQL = f"SELECT {rows.MEMORY_SELECT} FROM memories"


class CacheWarming:
    """Mixed into :class:`~.store.DuckDBStore`: the warming thread."""

    _cache: OrderedDict[str, rows.MemoryRow]
    _cache_lock: threading.RLock
    options: Any

    def _init_warming(self) -> None:
        self._warm_thread: threading.Thread | None = None
        self._warm_stop = threading.Event()
        self._warm_go = threading.Event()  # the first search has loaded its rows
        self._warm_changed: set[str] | None = None  # ids committed while warming
        self._warm_cursor: Any = None
        #: rows the warming thread put in the cache (for tests and benchmarks)
        self.warmed = 0

    if TYPE_CHECKING:  # provided by the store and its reading mode
        def reading(self) -> AbstractContextManager[None]: ...

        def _reading_cursor(self) -> Any: ...

        def _decode(self, raw: Any, view: Any = None) -> list[rows.MemoryRow]: ...

        def _tally_view(self) -> Any: ...

    def _start_warming(self) -> None:
        """Start the thread (the store has just opened a file)."""
        limit = int(getattr(self.options, "cache_size", 0) or 0)
        if not limit or not getattr(self.options, "warm_cache", False):
            return
        self._warm_stop.clear()
        self._warm_go.clear()
        with self._cache_lock:
            self._warm_changed = set()
        self._warm_thread = threading.Thread(target=self._warm, args=(limit,),
                                             name="cognimem-warm-cache", daemon=True)
        self._warm_thread.start()

    def _stop_warming(self) -> None:
        """Stop the thread and wait for it (before the connection closes)."""
        thread = self._warm_thread
        if thread is None:
            return
        self._warm_stop.set()
        self._warm_go.set()
        cursor = self._warm_cursor
        if cursor is not None:
            with suppress(duckdb.Error, RuntimeError):
                cursor.interrupt()  # a query still sorting the table ends now
        thread.join(30)
        self._warm_thread = None

    def _warming_may_start(self) -> None:
        """A search has loaded its rows: the thread may start now."""
        if not self._warm_go.is_set():
            self._warm_go.set()

    def _warming_changed(self, ids: Iterable[str]) -> None:
        """A commit changed these memories (cache lock held by the caller)."""
        if self._warm_changed is not None:
            self._warm_changed.update(ids)

    def _warm(self, limit: int) -> None:
        self._warm_go.wait(WARM_DELAY)
        if self._warm_stop.is_set():
            return
        try:
            with self.reading():
                cursor = self._warm_cursor = self._reading_cursor()
                stored = cursor.execute("SELECT count(*) FROM memories").fetchone()[0]
                # the counts of before the snapshot: a fold or a batch after it tells the
                # thread which rows it changed (_warming_changed), and those are not kept
                view = self._tally_view()
                if stored <= limit:
                    cursor.execute(WARM_ALL_SQL)
                else:
                    cursor.execute(WARM_RECENT_SQL, [limit])
                while not self._warm_stop.is_set():
                    raw = cursor.fetchmany(WARM_PAGE)
                    if not raw:
                        return
                    page = self._decode(raw, view)
                    with self._cache_lock:
                        if not self._keep(page, limit):
                            return
        except Exception as exc:  # interrupted by close (a StoreError too), or the store went
            if not self._warm_stop.is_set():  # away: the cache only stays colder
                log.warning("warming the memory cache stopped: %s", exc)
        finally:
            self._warm_cursor = None
            with self._cache_lock:
                self._warm_changed = None

    def _keep(self, page: list[rows.MemoryRow], limit: int) -> bool:
        """Cache the page's rows behind everything cached (the least recently used end);
        False once the cache is full."""
        cache, changed = self._cache, self._warm_changed or set()
        for row in page:
            if len(cache) >= limit:
                return False
            memory_id = row[0]
            if memory_id in changed or memory_id in cache:
                continue
            cache[memory_id] = row
            cache.move_to_end(memory_id, last=False)
            self.warmed += 1
        return True
