"""Hook implementations of the postgres plugin: the record store and its two indexes."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .lexical import PostgresLexical
from .store import PostgresStore
from .vectors import PgVectors


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register ``[records] use = "postgres"``, ``[lexical] use = "postgres"`` and
    ``[vectors] use = "pgvector"``."""
    register(PostgresStore)
    register(PostgresLexical)
    register(PgVectors)
