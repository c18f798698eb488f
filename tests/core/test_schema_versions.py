"""The backend-neutral migration runner (``cognimem.migrations``), on an SQLite database: a
store is created at the current version, upgraded step by step with every version recorded,
and one from a newer version is refused before anything runs."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from cognimem.errors import StoreError
from cognimem.migrations import SchemaVersions, written_by


def _stamp(con: sqlite3.Connection, version: int, by: str) -> None:
    con.execute("INSERT INTO schema_version VALUES (?, ?)", [version, by])


def _add_notes(con: sqlite3.Connection) -> None:
    con.execute("CREATE TABLE notes (text TEXT)")


def _add_tags(con: sqlite3.Connection) -> None:
    con.execute("ALTER TABLE notes ADD COLUMN tags TEXT")


STEPS = {1: _add_notes, 2: _add_tags}
VERSIONS: SchemaVersions[sqlite3.Connection] = SchemaVersions(
    current=3, statements=["CREATE TABLE schema_version (version INTEGER, written_by TEXT)",
                           "CREATE TABLE notes (text TEXT, tags TEXT)"],
    steps=STEPS, stamp=_stamp)


@pytest.fixture
def con() -> Iterator[sqlite3.Connection]:
    connection = sqlite3.connect(":memory:", isolation_level=None)
    yield connection
    connection.close()


def _versions(con: sqlite3.Connection) -> list[tuple[int, str]]:
    return con.execute("SELECT version, written_by FROM schema_version").fetchall()


def test_create_builds_the_current_version(con: sqlite3.Connection) -> None:
    VERSIONS.create(con)
    assert _versions(con) == [(3, written_by())]
    con.execute("INSERT INTO notes VALUES ('a', 'b')")
    assert VERSIONS.upgrade(con, 3, "the test store") == []


def test_upgrade_runs_each_step_and_records_it(con: sqlite3.Connection) -> None:
    con.execute("CREATE TABLE schema_version (version INTEGER, written_by TEXT)")
    _stamp(con, 1, "cognimem 0.1")
    assert VERSIONS.upgrade(con, 1, "the test store") == [2, 3]
    assert [v for v, _ in _versions(con)] == [1, 2, 3]
    con.execute("INSERT INTO notes (text, tags) VALUES ('a', 'b')")  # both steps ran


def test_a_failed_step_leaves_the_callers_transaction_to_roll_back(
        con: sqlite3.Connection) -> None:
    con.execute("CREATE TABLE schema_version (version INTEGER, written_by TEXT)")
    _stamp(con, 1, "cognimem 0.1")

    def broken(c: sqlite3.Connection) -> None:
        c.execute("ALTER TABLE no_such_table ADD COLUMN x TEXT")

    failing = SchemaVersions(current=3, statements=[], steps={1: _add_notes, 2: broken},
                             stamp=_stamp)
    con.execute("BEGIN")
    with pytest.raises(sqlite3.OperationalError):
        failing.upgrade(con, 1, "the test store")
    con.execute("ROLLBACK")
    assert [v for v, _ in _versions(con)] == [1]
    assert con.execute("SELECT name FROM sqlite_master WHERE name = 'notes'").fetchall() == []


def test_a_newer_store_is_refused_before_anything_runs(con: sqlite3.Connection) -> None:
    ran: list[int] = []
    versions = SchemaVersions(current=2, statements=[], steps={1: lambda c: ran.append(1)},
                              stamp=_stamp)
    with pytest.raises(StoreError) as raised:
        versions.upgrade(con, 5, "the store at 'x'")
    message = str(raised.value)
    assert "the store at 'x'" in message and "schema version 5" in message
    assert "up to version 2" in message and "untouched" in message
    assert ran == []
