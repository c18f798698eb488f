"""Reads beside a write: searches of the store's daemon run while a write group commits.

A thread inside :meth:`Readers.reading` reads through a cursor of its own (a second
connection to the same database, so a snapshot of what was committed when each statement
started) without taking the store's guard, which a write holds for its whole transaction.
It never sees the open transaction's rows; it reads the decoded-row cache, which holds only
committed rows, and adds what it fetched to the cache only if no commit changed memories
since it began (a row read before a commit must not replace the committed one; see
:meth:`~.memories.MemoryRows.committed_memories`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from typing import Any

import duckdb

from cognimem.errors import StoreError


class Readers:
    """The reading mode: a cursor per reading thread, kept for the next one.

    :param connection: the store's open connection (None when closed).
    :param guard: the store's guard, which a reader does not take.
    """

    def __init__(self, connection: Callable[[], Any], guard: threading.RLock) -> None:
        self._connection = connection
        self._guard = guard
        self._reader = threading.local()
        self._spare: list[Any] = []  # reader cursors not in use
        self._spare_lock = threading.Lock()

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Read only, beside a writer: reads in this block (this thread) see committed data
        only and never wait for a write's transaction. Nothing may be written inside."""
        if getattr(self._reader, "cursor", None) is not None:
            yield
            return
        cursor = self._take()
        self._reader.cursor = cursor
        try:
            yield
        finally:
            self._reader.cursor = None
            with self._spare_lock:
                self._spare.append(cursor)

    def cursor(self) -> Any:
        """This thread's reading cursor, or None outside :meth:`reading`."""
        return getattr(self._reader, "cursor", None)

    def hold(self) -> AbstractContextManager[Any]:
        """The store's guard, or nothing for a reader (it has its own cursor)."""
        return nullcontext() if self.cursor() is not None else self._guard

    def _take(self) -> Any:
        with self._spare_lock:
            if self._spare:
                return self._spare.pop()
        con = self._connection()
        if con is None:
            raise StoreError("the duckdb record store is not open (or was closed)")
        cursor = con.cursor()
        cursor.execute("SET TimeZone = 'UTC'")
        return cursor

    def close(self) -> None:
        """Close the spare cursors (before their connection closes)."""
        with self._spare_lock:
            spare, self._spare = self._spare, []
        for cursor in spare:
            with suppress(duckdb.Error):
                cursor.close()


def stop_reader(thread: threading.Thread, events: tuple[threading.Event, ...], cursor: Any,
                timeout: float) -> None:
    """Stop a background thread that reads through ``cursor``: set its ``events`` (stop, go),
    interrupt the statement it may be running, and wait for it."""
    for event in events:
        event.set()
    if cursor is not None:
        with suppress(duckdb.Error, RuntimeError):
            cursor.interrupt()  # a query still scanning or sorting the table ends now
    thread.join(timeout)
