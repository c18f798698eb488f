"""Hook implementations of the duckdb_store plugin: registers the ``duckdb`` record store."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .store import DuckDBStore


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register the DuckDB record store (``[records] use = "duckdb"``)."""
    register(DuckDBStore)
