"""A dashboard over a fresh engine (hash embedder, the dream consolidator on) in memory or,
for a module that parametrizes ``backend`` (``indirect``), on the PostgreSQL stack (the
session's server: records, full-text search and pgvector in a private schema), filled with
a near-duplicate pair, a hostile memory and a conflict; an eval folder written by
``compare``; clients with and without credentials."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dash_fixtures import DREAMY, HOST, TOKEN, Filled, eval_units, fill, make_app
from starlette.testclient import TestClient

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.eval import compare
from cognimem.profile import load_profile


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The stores' profile overrides: none (in memory) unless a module parametrizes this
    fixture with ``postgres``."""
    if getattr(request, "param", "memory") == "memory":
        return {}
    dsn = request.getfixturevalue("postgres_dsn")
    return {"records": {"use": "postgres", "dsn": dsn}, "lexical": {"use": "postgres"},
            "vectors": {"use": "pgvector"}}


@pytest.fixture
def engine(clock: ManualClock, backend: dict[str, Any]) -> Iterator[Engine]:
    """A test-profile engine with the dream consolidator, on ``backend``'s stores."""
    eng = Engine.from_profile("test", clock=clock, overrides={**DREAMY, **backend})
    yield eng
    eng.close()


@pytest.fixture
def filled(engine: Engine) -> Filled:
    """The engine, filled."""
    return fill(engine)


@pytest.fixture(scope="session")
def eval_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder written by ``compare(..., save_dir=...)`` (as ``cognimem eval --out``)."""
    folder = tmp_path_factory.mktemp("eval-out")
    vectors = load_profile("test", overrides={"retrieve": [{"use": "vector", "k": 100}]})
    compare({"bm25": "bm25", "vectors": vectors}, eval_units(), baseline="bm25", cache=False,
            metrics=["R@1", "MRR@10"], trials=200, save_dir=folder)
    return folder


@pytest.fixture
def client(engine: Engine, filled: Filled, eval_dir: Path) -> TestClient:
    """A client with the bearer token, the right Host and no redirects followed."""
    return TestClient(make_app(engine, eval_dir), base_url=f"http://{HOST}",
                      headers={"Authorization": f"Bearer {TOKEN}"}, follow_redirects=False)


@pytest.fixture
def anonymous(engine: Engine, filled: Filled) -> TestClient:
    """A client without credentials."""
    return TestClient(make_app(engine), base_url=f"http://{HOST}", follow_redirects=False)
