"""The store directory: the files a DuckDB store keeps in it, what else it may hold, and how
its failures read (:func:`open_error`, :func:`write_error`)."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import duckdb

from cognimem.errors import StoreError, StoreLocked

from .lock import LOCK_NAME

log = logging.getLogger("cognimem.duckdb")

#: The database file inside the store directory.
STORE_FILE = "records.duckdb"
#: The temporary name a new database is built under before it is renamed into place.
INIT_FILE = STORE_FILE + ".init"
#: A compacted copy on its way to replace the store file.
COMPACT_FILE = STORE_FILE + ".compact"
#: Directory entries that do not make a directory "foreign".
_IGNORABLE = {LOCK_NAME, "exports", INIT_FILE, INIT_FILE + ".wal", COMPACT_FILE,
              COMPACT_FILE + ".wal", ".DS_Store"}
_MAGIC = b"DUCK"


def inspect_directory(directory: Path) -> None:
    """Refuse a store path that is not (and cannot become) a cognimem store; changes nothing.

    :raises StoreError: the path is a file; the directory holds other things but no
        ``records.duckdb``; or ``records.duckdb`` is not a DuckDB database.
    """
    if not directory.exists():
        return
    if not directory.is_dir():
        raise StoreError(
            f"the store path {str(directory)!r} is a file, not a directory: the profile's "
            "`path` (or --store) names the directory that holds a store; choose another path"
        )
    file = directory / STORE_FILE
    if file.exists() or file.is_symlink():
        if not file.is_file():
            raise StoreError(f"{str(file)!r} is not a regular file: this is not a cognimem "
                             "store; move it away or choose another store path")
        try:
            with open(file, "rb") as handle:
                head = handle.read(12)
        except OSError as exc:
            raise StoreError(f"cannot read {str(file)!r}: {exc.strerror or exc}; check its "
                             "permissions") from exc
        if head[8:12] != _MAGIC:
            what = "is empty" if not head else "is not a DuckDB database"
            raise StoreError(
                f"{str(file)!r} {what}, so this is not a cognimem store; it was left untouched: "
                "move it away or choose another store path"
            )
        return
    try:
        entries = sorted(os.listdir(directory))
    except OSError as exc:
        raise StoreError(f"cannot list the store directory {str(directory)!r}: "
                         f"{exc.strerror or exc}") from exc
    if STORE_FILE + ".wal" in entries:
        raise StoreError(
            f"{str(directory)!r} holds {STORE_FILE}.wal but no {STORE_FILE}: the database file "
            "was removed; restore it, or move the .wal away to start a new store"
        )
    foreign = [e for e in entries if e not in _IGNORABLE]
    if foreign:
        shown = ", ".join(foreign[:5]) + (", ..." if len(foreign) > 5 else "")
        raise StoreError(
            f"{str(directory)!r} is not a cognimem store: it holds {len(foreign)} other "
            f"entr{'y' if len(foreign) == 1 else 'ies'} ({shown}) and no {STORE_FILE}; choose an "
            "empty or new directory for the store"
        )


def close_connection(con: Any) -> None:
    """Close a DuckDB connection, logging (not raising) a failure."""
    try:
        con.close()
    except duckdb.Error:
        log.exception("closing the DuckDB connection failed")


def fsync_directory(directory: Path) -> None:
    """Make a rename inside ``directory`` durable (best effort)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def open_error(file: Path, exc: duckdb.Error) -> StoreError:
    """What opening ``file`` failing means, and what to do."""
    text = str(exc)
    lowered = text.lower()
    if "lock" in lowered and ("conflicting" in lowered or "could not set" in lowered):
        return StoreLocked(
            f"{str(file)!r} is held by another process that is not a cognimem owner ({text}): "
            "stop that process and retry"
        )
    if "version" in lowered and ("storage" in lowered or "newer" in lowered):
        return StoreError(
            f"{str(file)!r} was written by a newer DuckDB than this cognimem uses ({text}); "
            "it was left untouched: upgrade cognimem (`pip install -U cognimem`)"
        )
    if "not a valid duckdb database" in lowered:
        return StoreError(f"{str(file)!r} is not a DuckDB database, so this is not a cognimem "
                          "store; it was left untouched: move it away or choose another path")
    return StoreError(f"cannot open the record store {str(file)!r}: {text}")


def write_error(file: Path | None, exc: duckdb.Error) -> StoreError:
    """What a statement failing means, and what to do."""
    text = str(exc)
    where = repr(str(file)) if file else "(in memory)"
    lowered = text.lower()
    if "no space left" in lowered or "disk is full" in lowered or "file too large" in lowered:
        return StoreError(
            f"the disk holding the store {where} is full ({text}); the transaction was rolled "
            "back and nothing was written: free some space and retry"
        )
    if "invalidated" in lowered:
        return StoreError(
            f"the record store {where} stopped after an earlier fatal error ({text}); close "
            "it and open it again (committed data is safe)"
        )
    return StoreError(f"the record store {where} failed: {text}")
