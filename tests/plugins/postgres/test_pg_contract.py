"""The postgres record store passes the record store contract of ``cognimem.testing``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from cognimem.testing import RecordStoreContract


class TestPostgresStore(RecordStoreContract):
    component = "postgres"
    # the server comes from $COGNIMEM_POSTGRES_DSN; a schema per store folder
    options: ClassVar[dict[str, Any]] = {"schema": "contract_{path}"}

    @pytest.fixture(autouse=True)
    def _server(self, postgres_dsn: str) -> Iterator[None]:
        yield
