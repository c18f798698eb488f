"""A read-optimised copy of the memory rows beside the database: a search's cache misses
read without a DuckDB statement (#45).

At a million memories a search misses ~20 of its candidates in the row cache (:mod:`.cache`),
and reading them costs DuckDB ~4 ms of CPU whatever their number: binding and planning the
statement, ~2 us a row and column (lab/cognimem-lab/EXPERIMENTS.md, "#45 wave 8: search").
Here every memory's packed row (:mod:`.packed`: the JSON text DuckDB makes of it) is kept in
an append-only file, ``rows/rows.bin`` in the store directory, and found through a table of
ids sorted as fixed-width bytes with each row's offset and length (numpy; 28 bytes a memory),
plus a dict of the rows appended since the table was last merged. A read is a binary search
and a ``pread`` per row.

It is derived, like the indexes, and never the truth:

* a row written or deleted is marked absent in the open transaction (a read goes to DuckDB
  until the commit), and the committed row is appended after it commits; a rolled-back
  transaction leaves its rows absent;
* a fold of the access counts (:mod:`.tally`) changes rows in DuckDB: the folded ones are
  marked absent before the fold;
* an absent row is read from DuckDB, as before; the unfolded access counts are added to rows
  read here exactly as to rows read from DuckDB (the file holds DuckDB's rows, not the
  cache's bumped ones).

Updated rows are appended and their old text stays until a close finds the file over
:data:`WASTE_FACTOR` times the rows it serves (the file is then removed and written anew at
the next open) or a compaction (a permanent delete) removes it.

A clean close saves the table and a seal: the fingerprint of the memories table
(:data:`FINGERPRINT_SQL`, taken after the close's fold) and the data file's size. The next
open takes the seal away (a crash then leaves none) and loads the table if the seal matches
the database; otherwise (a crash, a store written by a version without this file, too many
rows absent) a background thread rebuilds the file from one snapshot of the memories table
in batches (~2.4 s of CPU at a million); reads go to DuckDB until it is done, and every row
changed meanwhile is marked absent when it ends.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from datetime import timedelta
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa

from .. import sql_rows as rows
from . import packed
from .reading import Readers, stop_reader

log = logging.getLogger("cognimem.duckdb")

#: The copy's directory inside the store directory, and its files.
ROW_DIR = "rows"
DATA_FILE = "rows.bin"
TABLE_FILES = ("ids.npy", "pos.npy", "len.npy")
SEAL_FILE = "seal.json"
SEAL_FORMAT = 1

#: The fingerprint of the memories table a seal is checked against (~30 ms of CPU at a
#: million rows): any write, delete or fold changes a row's version, times or counts.
FINGERPRINT_SQL = ("SELECT count(*), sum(hash(id, version, access_count, last_accessed_at, "
                   "updated_at, archived)::HUGEINT)::VARCHAR FROM memories")

#: Rows appended before they are merged into the sorted table.
OVERLAY_MAX = 32_768
#: Rows per batch of a rebuild.
BUILD_BATCH = 65_536
#: A saved table with more than this share of the store absent is rebuilt at open.
REBUILD_SHARE = 0.05
#: Seconds after open at which a rebuild starts (a short-lived process, such as a one-shot
#: command, closes before and leaves the seal it found, or none, for the next open).
BUILD_DELAY = 5.0
#: A close that finds the file this many times the size of the rows it still serves (updated
#: rows are appended, their old text stays) removes it: the next open writes it anew, so the
#: copy's disk stays within a bounded multiple of the rows it holds.
WASTE_FACTOR = 2.0
WASTE_SLACK = 1 << 20  # bytes: a small store's file is kept whatever its share

_ABSENT = -1
_US = timedelta(microseconds=1)
_EPOCH = packed._EPOCH
_TIMES = frozenset(rows.MEMORY_COLUMNS.index(c) for c in packed._TIMES)


def pack(row: rows.MemoryRow) -> str:
    """The packed text of a memory row (:data:`~.packed.PACKED_SELECT`'s second value):
    :func:`~.packed.unpack` gives the row back."""
    values = [((v - _EPOCH) // _US if v is not None else None) if at in _TIMES else v
              for at, v in enumerate(row) if at]
    return json.dumps(values, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class RowFile:
    """The packed rows of a store's memories, on disk beside its database.

    :param readers: the store's reading mode (a rebuild reads through a cursor of its own).
    :param enabled: False: never used (option ``row_file``).
    """

    def __init__(self, readers: Readers, *, enabled: bool) -> None:
        self.readers = readers
        self.enabled = enabled
        self._lock = threading.Lock()
        self._dir: Path | None = None
        self._fd: int | None = None
        self._size = 0
        self._ids = np.zeros(0, dtype="S1")  # sorted
        self._pos = np.zeros(0, dtype=np.int64)  # _ABSENT: read from DuckDB
        self._len = np.zeros(0, dtype=np.int32)
        self._overlay: dict[str, tuple[int, int]] = {}
        self._pending: dict[str, rows.MemoryRow | None] = {}
        self._changed: set[str] | None = None  # while not ready: ids written since open
        self.ready = False
        self._seal: dict[str, Any] | None = None
        self._dirty = False
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._go = threading.Event()
        self._cursor: Any = None
        #: rows read here (for tests and benchmarks)
        self.served = 0

    # lifecycle ---------------------------------------------------------------------------------

    def open(self, directory: Path | None, fingerprint: Callable[[], list[Any]]) -> None:
        """The store opened ``directory``: load the saved table if its seal matches the
        database (``fingerprint()``), else rebuild the file in the background."""
        if not self.enabled or directory is None:
            return
        self._dir = directory / ROW_DIR
        self._changed, self.ready, self._dirty = set(), False, False
        self._seal = self._take_seal()
        try:
            if self._seal is not None and self._load(self._seal, fingerprint()):
                return
        except (OSError, ValueError, KeyError, duckdb.Error) as exc:
            log.warning("the memory rows' copy could not be loaded (rebuilt): %s", exc)
        self._seal = None
        self._start_rebuild()

    def _start_rebuild(self) -> None:
        self._stop.clear()
        self._go.clear()
        self._thread = threading.Thread(target=self._rebuild, name="cognimem-row-file",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop a rebuild and wait for it (before the connection closes)."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        stop_reader(thread, (self._stop, self._go), self._cursor, 60)

    def close(self, fingerprint: Callable[[], list[Any]]) -> None:
        """Save the table and seal it with ``fingerprint()`` (the access counts folded, the
        database still open), or put back the seal taken at open if nothing changed."""
        self.stop()
        if self._dir is None:
            return
        try:
            if self.ready and (self._dirty or self._seal is None):
                self._save(fingerprint())
            elif self._seal is not None and not self._dirty:  # as found: the same seal
                self._write_seal(self._seal)
        except (OSError, duckdb.Error) as exc:
            log.warning("the memory rows' copy was not saved (rebuilt at the next open): %s",
                        exc)
        finally:
            self._close_file()
            self._dir = None

    def discard(self) -> None:
        """Drop the copy and remove its files, before a compaction: it may hold the rows of
        memories deleted since (and the old text of updated ones), and a compaction must
        leave no trace of them. :meth:`rebuild` makes it anew from the compacted database."""
        self.stop()
        if self._dir is None:
            return
        with self._lock:
            self._close_file()
            self._ids = np.zeros(0, dtype="S1")
            self._pos = np.zeros(0, dtype=np.int64)
            self._len = np.zeros(0, dtype=np.int32)
            self._overlay, self._size = {}, 0
            self._changed, self._seal, self._dirty = set(), None, False
        for name in (DATA_FILE, DATA_FILE + ".tmp", *TABLE_FILES, SEAL_FILE):
            (self._dir / name).unlink(missing_ok=True)

    def rebuild(self) -> None:
        """Write the copy anew in the background (after :meth:`discard`)."""
        if self.enabled and self._dir is not None and self._thread is None:
            self._start_rebuild()

    # writes ------------------------------------------------------------------------------------

    def stage(self, written: Mapping[str, rows.MemoryRow | None]) -> None:
        """The open transaction writes these rows (None: deletes): absent until it commits."""
        self._forget(written)
        self._pending.update(written)

    def forget(self, ids: Iterable[str]) -> None:
        """These rows change in DuckDB (an access fold): absent from now on."""
        self._forget(list(ids))

    def committed(self) -> None:
        """The open transaction committed: append its rows."""
        pending, self._pending = self._pending, {}
        if not pending or not self.ready or self._fd is None:
            return
        chunks, at, placed = [], self._size, {}
        for memory_id, row in pending.items():
            if row is None:
                continue
            try:
                data = pack(row).encode()
            except (TypeError, ValueError, UnicodeError):  # left absent: read from DuckDB
                continue
            chunks.append(data)
            placed[memory_id] = (at, len(data))
            at += len(data)
        if not chunks:
            return
        data = b"".join(chunks)
        try:
            written = os.write(self._fd, data)
        except OSError as exc:
            written, error = -1, str(exc)
        else:
            error = f"{written} of {len(data)} bytes written"
        if written != len(data):  # a full disk: the copy is not used again until rebuilt
            log.warning("appending to the memory rows' copy failed (rows read from DuckDB "
                        "until the next open rebuilds it): %s", error)
            with self._lock:
                self._close_file()
            return
        with self._lock:
            self._size = at
            self._overlay.update(placed)
            if len(self._overlay) > OVERLAY_MAX:
                self._merge()

    def rolled_back(self) -> None:
        """The open transaction rolled back: its rows stay absent."""
        self._pending = {}

    # reads -------------------------------------------------------------------------------------

    def read(self, ids: Sequence[str]) -> tuple[list[tuple[str, str]], list[str]]:
        """The packed rows (id, text) of the ids held here, and the ids to read from DuckDB."""
        if not self.ready or not ids:
            return [], list(ids)
        places: dict[str, tuple[int, int]] = {}
        with self._lock:
            fd, overlay, rest = self._fd, self._overlay, []
            for memory_id in ids:
                place = overlay.get(memory_id)
                if place is None:
                    rest.append(memory_id)
                elif place[0] != _ABSENT:
                    places[memory_id] = place
            if rest and len(self._ids):
                places.update(self._lookup(rest))
            found, missing = [], []
            for memory_id in ids:
                place = places.get(memory_id)
                if place is None or fd is None:
                    missing.append(memory_id)
                    continue
                try:  # under the lock: the file is not closed meanwhile
                    data = os.pread(fd, place[1], place[0])
                except OSError:
                    missing.append(memory_id)
                    continue
                found.append((memory_id, data.decode()))
        self.served += len(found)
        return found, missing

    def _lookup(self, ids: list[str]) -> dict[str, tuple[int, int]]:
        """The places in the sorted table of these ids (lock held)."""
        table = self._ids
        width = table.dtype.itemsize
        keys, names = [], []
        for memory_id in ids:
            key = memory_id.encode()
            if len(key) <= width and not key.endswith(b"\0"):
                keys.append(key)
                names.append(memory_id)
        if not keys:
            return {}
        wanted = np.array(keys, dtype=table.dtype)
        at = np.minimum(np.searchsorted(table, wanted), len(table) - 1)
        hit = (table[at] == wanted) & (self._pos[at] != _ABSENT)
        return {names[i]: (int(self._pos[at[i]]), int(self._len[at[i]]))
                for i in np.flatnonzero(hit)}

    # the table ---------------------------------------------------------------------------------

    def _forget(self, ids: Iterable[str]) -> None:
        with self._lock:
            self._dirty = True
            if self._changed is not None:
                self._changed.update(ids)
            if self.ready:
                for memory_id in ids:
                    self._overlay[memory_id] = (_ABSENT, 0)
                if len(self._overlay) > OVERLAY_MAX:
                    self._merge()

    def _merge(self) -> None:
        """Fold the appended rows into the sorted table (lock held)."""
        overlay, self._overlay = self._overlay, {}
        names = [k for k in overlay if k.encode() and not k.encode().endswith(b"\0")]
        if not names:
            return
        keys = np.array([k.encode() for k in names])
        width = max(keys.dtype.itemsize, self._ids.dtype.itemsize)
        keys = keys.astype(f"S{width}", copy=False)
        table = self._ids.astype(f"S{width}", copy=False)
        pos = np.array([overlay[k][0] for k in names], dtype=np.int64)
        lens = np.array([overlay[k][1] for k in names], dtype=np.int32)
        order = np.argsort(keys, kind="stable")
        keys, pos, lens = keys[order], pos[order], lens[order]
        at = np.searchsorted(table, keys)
        inside = at < len(table)
        known = np.zeros(len(keys), dtype=bool)
        known[inside] = table[at[inside]] == keys[inside]
        self._pos[at[known]] = pos[known]
        self._len[at[known]] = lens[known]
        new = ~known
        self._ids = np.insert(table, at[new], keys[new])
        self._pos = np.insert(self._pos, at[new], pos[new])
        self._len = np.insert(self._len, at[new], lens[new])

    def _adopt(self, ids: np.ndarray, pos: np.ndarray, lens: np.ndarray, fd: int,
               size: int) -> None:
        """Use this table and file from now on (lock held): rows changed since open absent."""
        self._close_file()
        self._ids, self._pos, self._len, self._fd, self._size = ids, pos, lens, fd, size
        self._overlay = {}
        self.ready = True
        changed, self._changed = self._changed or set(), None
        for memory_id in changed:
            self._overlay[memory_id] = (_ABSENT, 0)
        if len(self._overlay) > OVERLAY_MAX:
            self._merge()

    def _close_file(self) -> None:
        fd, self._fd = self._fd, None
        self.ready = False
        if fd is not None:
            with suppress(OSError):
                os.close(fd)

    # saving and loading ------------------------------------------------------------------------

    def _take_seal(self) -> dict[str, Any] | None:
        assert self._dir is not None
        path = self._dir / SEAL_FILE
        try:
            seal = json.loads(path.read_text())
            path.unlink()
        except (OSError, ValueError):
            return None
        return seal if isinstance(seal, dict) and seal.get("format") == SEAL_FORMAT else None

    def _write_seal(self, seal: dict[str, Any]) -> None:
        assert self._dir is not None
        temporary = self._dir / (SEAL_FILE + ".tmp")
        temporary.write_text(json.dumps(seal))
        os.replace(temporary, self._dir / SEAL_FILE)

    def _load(self, seal: dict[str, Any], fingerprint: list[Any]) -> bool:
        """Adopt the saved table if the seal matches; False otherwise."""
        assert self._dir is not None
        if (seal.get("fingerprint") != [str(v) for v in fingerprint]
                or seal.get("layout") != packed.PACKED_SELECT):  # another version's columns
            return False
        data = self._dir / DATA_FILE
        if data.stat().st_size != seal.get("size"):
            return False
        # mapped copy-on-write: nothing read at open, only the pages searches touch
        ids, pos, lens = (np.load(self._dir / name, mmap_mode="c") for name in TABLE_FILES)
        stored, held = int(fingerprint[0]), int(seal["held"])
        if stored and (stored - held) > REBUILD_SHARE * stored:
            return False
        fd = os.open(data, os.O_RDWR | os.O_APPEND)
        with self._lock:
            self._adopt(ids, pos, lens, fd, int(seal["size"]))
        return True

    def _save(self, fingerprint: list[Any]) -> None:
        assert self._dir is not None and self._fd is not None
        with self._lock:
            self._merge()
            ids, pos, lens, size = self._ids, self._pos, self._len, self._size
        live = int(lens[pos != _ABSENT].sum(dtype=np.int64))
        if size > WASTE_FACTOR * live + WASTE_SLACK:  # mostly superseded rows: written anew
            for name in (DATA_FILE, *TABLE_FILES):
                (self._dir / name).unlink(missing_ok=True)
            return
        os.fsync(self._fd)
        arrays: tuple[np.ndarray, ...] = (ids, pos, lens)
        for name, array in zip(TABLE_FILES, arrays, strict=True):
            temporary = self._dir / (name + ".tmp.npy")
            np.save(temporary, array)
            os.replace(temporary, self._dir / name)
        self._write_seal({"format": SEAL_FORMAT, "layout": packed.PACKED_SELECT, "size": size,
                          "held": int(np.count_nonzero(pos != _ABSENT)),
                          "fingerprint": [str(v) for v in fingerprint]})

    def _rebuild(self) -> None:
        """Write the file anew from one snapshot of the memories table (a thread)."""
        self._go.wait(BUILD_DELAY)
        if self._stop.is_set() or self._dir is None:
            return
        directory = self._dir
        temporary = directory / (DATA_FILE + ".tmp")
        try:
            directory.mkdir(exist_ok=True)
            ids, pos, lens, size = self._write_all(temporary)
            if ids is None:
                temporary.unlink()
                return
            os.replace(temporary, directory / DATA_FILE)
            fd = os.open(directory / DATA_FILE, os.O_RDWR | os.O_APPEND)
            order = np.argsort(ids, kind="stable")
            with self._lock:
                if self._stop.is_set():
                    os.close(fd)
                    return
                self._adopt(ids[order], pos[order], lens[order], fd, size)
        except Exception as exc:  # the store closed under it, a full disk: reads use DuckDB
            with suppress(OSError):
                temporary.unlink()
            if not self._stop.is_set():
                log.warning("building the memory rows' copy stopped: %s", exc)
        finally:
            with self._lock:
                if not self.ready:  # no table to mark the written rows in: stop noting them
                    self._changed = None

    def _write_all(self, path: Path) -> tuple[Any, Any, Any, int]:
        ids: list[np.ndarray] = []
        pos: list[np.ndarray] = []
        lens: list[np.ndarray] = []
        size = 0
        with self.readers.reading(), open(path, "wb") as out:
            cursor = self._cursor = self.readers.cursor()
            try:
                batches = cursor.sql(f"SELECT {packed.PACKED_SELECT} FROM memories"
                                     ).to_arrow_reader(BUILD_BATCH)
                for batch in batches:
                    if self._stop.is_set():
                        return None, None, None, 0
                    keys = [k.encode() for k in batch.column(0).to_pylist()]
                    texts = batch.column(1).cast(pa.large_string())
                    offsets = np.frombuffer(texts.buffers()[1], dtype=np.int64)
                    offsets = offsets[texts.offset:texts.offset + len(texts) + 1]
                    data = texts.buffers()[2]
                    out.write(memoryview(data)[offsets[0]:offsets[-1]])
                    ids.append(np.array(keys) if keys else np.zeros(0, dtype="S1"))
                    at = size + offsets[:-1] - offsets[0]
                    odd = [i for i, k in enumerate(keys) if not k or k.endswith(b"\0")]
                    at[odd] = _ABSENT  # not kept as fixed-width bytes: read from DuckDB
                    pos.append(at)
                    lens.append(np.diff(offsets).astype(np.int32))
                    size += int(offsets[-1] - offsets[0])
            finally:
                self._cursor = None
        width = max([a.dtype.itemsize for a in ids] + [1])
        merged = (np.concatenate([a.astype(f"S{width}") for a in ids]) if ids
                  else np.zeros(0, dtype="S1"))
        return (merged, np.concatenate(pos) if pos else np.zeros(0, dtype=np.int64),
                np.concatenate(lens) if lens else np.zeros(0, dtype=np.int32), size)


def fingerprint_of(con: Any) -> list[Any]:
    """The memories table's fingerprint (:data:`FINGERPRINT_SQL`) through ``con``."""
    return list(con.execute(FINGERPRINT_SQL).fetchone())


__all__ = ["RowFile", "fingerprint_of", "pack"]
