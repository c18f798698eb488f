"""The crash test on on-disk stores: the crash contract of ``cognimem.testing`` (a writer
killed with SIGKILL at random moments loses nothing acknowledged) on DuckDB records with each
installed pair of lexical and vector indexes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cognimem.plugins import PluginHost
from cognimem.testing.crash import CrashContract


def _stacks() -> list[tuple[str, str]]:
    stacks = [("bm25", "exact")]
    host = PluginHost()
    for vectors in ("lancedb", "hnsw"):
        if host.get("lexical", "tantivy") and host.get("vectors", vectors):
            stacks.append(("tantivy", vectors))
    return stacks


#: Vector index options of the crash test: hnsw saves its snapshot every few writes, so kills
#: also land while a snapshot is being written.
_VECTOR_OPTIONS: dict[str, dict[str, Any]] = {"hnsw": {"save_every": 5}}


class TestDuckDBCrash(CrashContract):
    pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

    @pytest.fixture(params=_stacks(), ids=lambda s: "-".join(s))
    def crash_overrides(self, request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, Any]:
        lexical, vectors = request.param
        return {
            "path": str(tmp_path / "store"), "records": {"use": "duckdb"},
            "lexical": {"use": lexical},
            "vectors": {"use": vectors, **_VECTOR_OPTIONS.get(vectors, {})},
            "embedder": {"use": "hash", "dim": 32},
            "plugins": {"allow": ["duckdb", lexical, vectors, "hash", "retrievers", "fusion"]},
        }
