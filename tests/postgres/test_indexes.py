"""The postgres lexical index and the pgvector index: the behaviour suite every index passes
(run from the shared index tests against a real server), alone and beside the records."""

from __future__ import annotations

import importlib.util
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cognimem_plugins.postgres.lexical import PostgresLexical
from cognimem_plugins.postgres.vectors import PgVectors

_HERE = Path(__file__).parents[1] / "plugins"
sys.path.insert(0, str(_HERE))  # the shared suite imports its helpers module by name
_spec = importlib.util.spec_from_file_location("_index_cases", _HERE / "test_index_behaviour.py")
assert _spec is not None and _spec.loader is not None
_cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cases)
from index_helpers import opened  # noqa: E402

globals().update({
    name: case for name, case in vars(_cases).items()
    if name.startswith("test_") and callable(case)
    and set(inspect.signature(case).parameters) & {"lexical", "vectors"}})


@pytest.fixture(params=["bm25", "ts_rank_cd"])
def lexical(request: pytest.FixtureRequest, postgres_dsn: str) -> Iterator[Any]:
    """The postgres lexical index, alone in a schema of its own, with each ranking."""
    index = opened(PostgresLexical, None, dsn=postgres_dsn, ranking=request.param)
    yield index
    index.close()


@pytest.fixture(params=["hnsw", "exact"])
def vectors(request: pytest.FixtureRequest, postgres_dsn: str) -> Iterator[Any]:
    """The pgvector index, alone in a schema of its own."""
    index = opened(PgVectors, None, dsn=postgres_dsn, index=request.param)
    yield index
    index.close()
