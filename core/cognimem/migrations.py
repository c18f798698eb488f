"""The versions of a store's schema and the runner of the migrations between them.

A backend that keeps its records in a database with a schema declares a
:class:`SchemaVersions`: the version its code reads and writes, the statements that build
that version from nothing, one step per older version (``steps[n]`` turns a version-n
schema into version n+1), and how it records a version. The runner is the same for every
backend: :meth:`SchemaVersions.create` builds a new store, :meth:`SchemaVersions.upgrade`
refuses a store from a newer version (untouched) and runs every step from the store's
version up, recording each; the caller wraps either in one transaction, so a failed step
leaves the store at the version it had.

To change a backend's schema: write the new shape as its statements, add a step for the
version that was current and raise ``current`` (a released step never changes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from . import __version__
from .errors import StoreError

#: A database connection, as the backend's driver gives it.
C = TypeVar("C")


def written_by() -> str:
    """What a store records as the writer of a version: this cognimem and its version."""
    return f"cognimem {__version__}"


def _execute(con: Any, statement: str) -> None:
    con.execute(statement)


@dataclass(frozen=True)
class SchemaVersions(Generic[C]):
    """A backend's schema: the version its code writes, how to build it, how to reach it."""

    #: The version this code reads and writes.
    current: int
    #: The statements that build the current version in an empty database.
    statements: Sequence[str]
    #: ``steps[n]`` turns a version-n schema into version n+1 (the mapping is read at each
    #: upgrade, so a backend may keep it as a module-level dict).
    steps: Mapping[int, Callable[[C], None]]
    #: Records that the schema is now at a version: ``stamp(con, version, written_by)``.
    stamp: Callable[[C, int, str], None]
    #: Runs one statement: ``execute(con, sql)`` (default: ``con.execute(sql)``).
    execute: Callable[[C, str], None] = _execute

    def create(self, con: C) -> None:
        """Build the current version in an empty database (inside the caller's
        transaction) and record it."""
        for statement in self.statements:
            self.execute(con, statement)
        self.stamp(con, self.current, written_by())

    def refuse_newer(self, version: int, where: str) -> None:
        """Refuse a store written by a newer cognimem.

        :raises StoreError: ``version`` is above :attr:`current`; names ``where``.
        """
        if version > self.current:
            raise StoreError(
                f"{where} was written by a newer cognimem (schema version {version}; this "
                f"cognimem {__version__} reads up to version {self.current}); it was left "
                "untouched: upgrade cognimem (`pip install -U cognimem`) to open it")

    def upgrade(self, con: C, version: int, where: str) -> list[int]:
        """Bring a store from ``version`` to :attr:`current` (inside the caller's
        transaction); returns the versions passed through (none when it was current).

        :raises StoreError: the store is from a newer version (nothing is run).
        """
        self.refuse_newer(version, where)
        passed = []
        for at in range(version, self.current):
            self.steps[at](con)
            self.stamp(con, at + 1, written_by())
            passed.append(at + 1)
        return passed
