"""Reads beside a write: searches of the store's daemon run while a write group commits.

A thread inside :meth:`ConcurrentReads.reading` reads through a cursor of its own (a second
connection to the same database, so a snapshot of what was committed when each statement
started) without taking the store's guard, which a write holds for its whole transaction.
It never sees the open transaction's rows; it reads the decoded-row cache, which holds only
committed rows, and adds what it fetched to the cache only if no commit changed memories
since it began (a row read before a commit must not replace the committed one).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from typing import Any

import duckdb

from cognimem.models import Memory

from .. import sql_rows as rows


class ConcurrentReads:
    """Mixed into :class:`~.store.DuckDBStore`: the reading mode and its cursors."""

    _con: Any
    _guard: threading.RLock
    _generation: int

    def _init_reading(self) -> None:
        self._reader = threading.local()
        self._cache_lock = threading.RLock()  # the cache is shared with readers
        self._spare: list[Any] = []  # reader cursors not in use
        self._spare_lock = threading.Lock()

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Read only, beside a writer: reads in this block (this thread) see committed data
        only and never wait for a write's transaction. Nothing may be written inside."""
        if getattr(self._reader, "cursor", None) is not None:
            yield
            return
        cursor = self._take_cursor()
        self._reader.cursor = cursor
        try:
            yield
        finally:
            self._reader.cursor = None
            with self._spare_lock:
                self._spare.append(cursor)

    def _reading_cursor(self) -> Any:
        return getattr(self._reader, "cursor", None)

    def _hold(self) -> AbstractContextManager[Any]:
        """The store's guard, or nothing for a reader (it has its own cursor)."""
        return nullcontext() if self._reading_cursor() is not None else self._guard

    def _take_cursor(self) -> Any:
        with self._spare_lock:
            if self._spare:
                return self._spare.pop()
        con = self._con
        if con is None:
            from cognimem.errors import StoreError

            raise StoreError("the duckdb record store is not open (or was closed)")
        cursor = con.cursor()
        cursor.execute("SET TimeZone = 'UTC'")
        return cursor

    def _close_readers(self) -> None:
        with self._spare_lock:
            spare, self._spare = self._spare, []
        for cursor in spare:
            with suppress(duckdb.Error):
                cursor.close()

    def _committed_memories(self, wanted: list[str],
                            build: Callable[[rows.MemoryRow], Memory]) -> dict[str, Memory]:
        """``get_memories`` for a reader: cached committed rows, the rest from its cursor."""
        generation = self._generation
        with self._cache_lock:
            cache = self._cache  # type: ignore[attr-defined]
            found = {i: cache[i] for i in wanted if i in cache}
        missing = [i for i in wanted if i not in found]
        if missing:
            fetched = self._fetch_memories(  # type: ignore[attr-defined]
                f"SELECT {rows.MEMORY_SELECT} FROM memories "
                f"WHERE {rows.ids_where('id', len(missing))}", [missing])
            with self._cache_lock:
                fresh = generation == self._generation
                for row in fetched:
                    found[row[0]] = row
                    if fresh:
                        self._remember(row[0], row)  # type: ignore[attr-defined]
        self._warming_may_start()  # type: ignore[attr-defined]
        return {i: build(found[i]) for i in wanted if i in found}
