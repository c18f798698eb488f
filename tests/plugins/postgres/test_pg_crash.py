"""The crash test on PostgreSQL: the crash contract of ``cognimem.testing`` (a writer killed
with SIGKILL at random moments loses nothing acknowledged; records, both indexes and the
event chain stay whole) on the postgres stack, against a real server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cognimem.testing.crash import CrashContract


class TestPostgresCrash(CrashContract):
    pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]
    kills = 8
    seed = 20261201
    any_moment_every = 4  # connecting and creating the schema included
    pause = (0.1, 0.8)
    writes_per_kill = 0.5

    @pytest.fixture
    def crash_overrides(self, tmp_path: Path, postgres_dsn: str) -> dict[str, Any]:
        return {
            "path": str(tmp_path / "home"),
            "records": {"use": "postgres", "dsn": postgres_dsn, "schema": "crash"},
            "lexical": {"use": "postgres"}, "vectors": {"use": "pgvector"},
            "embedder": {"use": "hash", "dim": 32},
        }
