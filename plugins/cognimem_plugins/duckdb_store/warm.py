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
it changed (:meth:`CacheWarming.changed`), and the thread never caches those, nor
a row the cache already holds: the cache keeps only committed rows that are current.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from .. import sql_rows as rows
from .cache import RowCache
from .reading import Readers, stop_reader

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
    """The warming thread of a DuckDB store.

    :param readers: the store's reading mode (the thread reads through a cursor of its own);
    :param cache: the cache it fills; :param decode: how rows read become cached rows, given
        the access counts to add (:meth:`~.memories.MemoryRows.decode`); :param counts: the
        unfolded access counts now (:meth:`~.tally.AccessTally.view`).
    """

    def __init__(self, readers: Readers, cache: RowCache, *, enabled: bool,
                 decode: Callable[[Any, Any], list[rows.MemoryRow]],
                 counts: Callable[[], Mapping[str, tuple[int, datetime]]]) -> None:
        self.readers = readers
        self.cache = cache
        self.enabled = enabled
        self.decode = decode
        self.counts = counts
        self.thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._go = threading.Event()  # the first search has loaded its rows
        self._changed: set[str] | None = None  # ids committed while warming
        self._cursor: Any = None
        #: rows the warming thread put in the cache (for tests and benchmarks)
        self.warmed = 0

    def start(self) -> None:
        """Start the thread (the store has just opened a file)."""
        limit = self.cache.limit
        if not limit or not self.enabled:
            return
        self._stop.clear()
        self._go.clear()
        with self.cache.lock:
            self._changed = set()
        self.thread = threading.Thread(target=self._warm, args=(limit,),
                                       name="cognimem-warm-cache", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Stop the thread and wait for it (before the connection closes)."""
        thread = self.thread
        if thread is None:
            return
        stop_reader(thread, (self._stop, self._go), self._cursor, 30)
        self.thread = None

    def may_start(self) -> None:
        """A search has loaded its rows: the thread may start now."""
        if not self._go.is_set():
            self._go.set()

    def changed(self, ids: Iterable[str]) -> None:
        """A commit changed these memories (cache lock held by the caller)."""
        if self._changed is not None:
            self._changed.update(ids)

    def _warm(self, limit: int) -> None:
        self._go.wait(WARM_DELAY)
        if self._stop.is_set():
            return
        try:
            with self.readers.reading():
                cursor = self._cursor = self.readers.cursor()
                stored = cursor.execute("SELECT count(*) FROM memories").fetchone()[0]
                # the counts of before the snapshot: a fold or a batch after it tells the
                # thread which rows it changed (changed()), and those are not kept
                view = self.counts()
                if stored <= limit:
                    cursor.execute(WARM_ALL_SQL)
                else:
                    cursor.execute(WARM_RECENT_SQL, [limit])
                while not self._stop.is_set():
                    raw = cursor.fetchmany(WARM_PAGE)
                    if not raw:
                        return
                    page = self.decode(raw, view)
                    with self.cache.lock:
                        if not self._keep(page, limit):
                            return
        except Exception as exc:  # interrupted by close (a StoreError too), or the store went
            if not self._stop.is_set():  # away: the cache only stays colder
                log.warning("warming the memory cache stopped: %s", exc)
        finally:
            self._cursor = None
            with self.cache.lock:
                self._changed = None

    def _keep(self, page: list[rows.MemoryRow], limit: int) -> bool:
        """Cache the page's rows behind everything cached (the least recently used end);
        False once the cache is full."""
        cache, changed = self.cache.rows, self._changed or set()
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
