"""What a shared part needs of a SQL record store's connection (:class:`SqlSession`), and the
base of the parts (:class:`SqlPart`), which write their SQL once with ``?`` placeholders."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol


class SqlSession(Protocol):
    """A store's connection as its parts use it."""

    #: How a statement marks a parameter: ``?`` (DuckDB) or ``%s`` (psycopg).
    placeholder: str

    def rows(self, sql: str, params: Sequence[Any] | None = None) -> list[Any]:
        """The rows of one query (errors as :class:`~cognimem.errors.StoreError`)."""
        ...

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> Any:
        """Run one statement (errors as :class:`~cognimem.errors.StoreError`)."""
        ...

    def writing(self) -> AbstractContextManager[None]:
        """A write transaction (or the open one), holding whatever lock writers take."""
        ...


class SqlPart:
    """A part of a SQL record store: one job, its statements written with ``?``."""

    def __init__(self, db: SqlSession) -> None:
        self.db = db
        self._said: dict[str, str] = {}

    def q(self, sql: str) -> str:
        """``sql`` with the session's placeholder for each ``?`` (the statements of these
        parts hold no ``?`` or ``%`` of their own)."""
        said = self._said.get(sql)
        if said is None:
            said = self._said[sql] = sql.replace("?", self.db.placeholder)
        return said
