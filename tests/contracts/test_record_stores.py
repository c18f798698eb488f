"""Every first-party record store passes the record store contract."""

from __future__ import annotations

from cognimem.testing import RecordStoreContract


class TestMemoryStore(RecordStoreContract):
    component = "memory"


class TestDuckDBStore(RecordStoreContract):
    component = "duckdb"
