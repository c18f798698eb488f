"""The postgres lexical index and the pgvector index: the behaviour suite every index passes
(run from the shared index tests against a real server), alone and beside the records."""

from __future__ import annotations

import importlib.util
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.models import Query, Scope
from cognimem_plugins.postgres.lexical import PostgresLexical
from cognimem_plugins.postgres.vectors import PgVectors

_HERE = Path(__file__).parents[1] / "plugins"
sys.path.insert(0, str(_HERE))  # the shared suite imports its helpers module by name
_spec = importlib.util.spec_from_file_location("_index_cases", _HERE / "test_index_behaviour.py")
assert _spec is not None and _spec.loader is not None
_cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cases)
from index_helpers import mem, opened, unit_vectors  # noqa: E402

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


@pytest.fixture(params=["ivfflat", "hnsw", "exact"])
def vectors(request: pytest.FixtureRequest, postgres_dsn: str) -> Iterator[Any]:
    """The pgvector index, alone in a schema of its own."""
    index = opened(PgVectors, None, dsn=postgres_dsn, index=request.param)
    yield index
    index.close()


def test_ivfflat_is_built_at_its_threshold_and_keeps_recall(postgres_dsn: str) -> None:
    """Past ``ivf_threshold`` vectors the ivfflat index exists and searches (scoped ones
    included) agree with the exact scan on nearly every neighbour."""
    n, dim = 1500, 16
    vectors = unit_vectors(n, dim, seed=3)
    corpus = [mem(f"r{i:04d}", "-", scope=Scope(project=f"p{i % 3}")) for i in range(n)]
    index = opened(PgVectors, None, dsn=postgres_dsn, ivf_threshold=1000, probes=20)
    try:
        index.upsert(corpus[:900], vectors[:900])
        assert not index._s.rows("SELECT to_regclass('vectors_ivfflat_16')")[0][0]
        index.upsert(corpus[900:], vectors[900:])
        assert index._s.rows("SELECT to_regclass('vectors_ivfflat_16')")[0][0]
        hits = total = 0
        for q in unit_vectors(20, dim, seed=4):
            for scope, admitted in ((Scope(), np.arange(n)),
                                    (Scope(project="p1"), np.arange(1, n, 3))):
                exact = admitted[np.argsort(-(vectors[admitted] @ q))[:10]]
                found = index.search(q, Query(text="x", scope=scope), 10)
                assert len(found) == 10
                hits += len({c.id for c in found} & {f"r{i:04d}" for i in exact})
                total += 10
        assert hits / total >= 0.9
    finally:
        index.close()
