"""The postgres lexical index and the pgvector index: the contract every index passes (from
cognimem.testing, against a real server, each test in a schema of its own), and recall."""

from __future__ import annotations

import uuid
from typing import Any, ClassVar

import numpy as np
import pytest

from cognimem.models import Query, Scope
from cognimem.testing import LexicalIndexContract, VectorIndexContract
from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.postgres.vectors import PgVectors


def _schema() -> str:
    """A schema of its own for each test: the server is shared by the session."""
    return f"t_{uuid.uuid4().hex[:12]}"


class _OnTheServer:
    """Contract tests run against the session's server, each index in a fresh schema."""

    slot: ClassVar[str]
    component: ClassVar[str]
    extra: ClassVar[dict[str, Any]] = {}

    @pytest.fixture(autouse=True)
    def _server(self, postgres_dsn: str) -> None:
        """Start (once) the session's server; the indexes read its DSN from the env."""

    def profile_overrides(self) -> dict[str, Any]:
        return {self.slot: {"use": self.component, "schema": _schema(), **self.extra}}


class TestPostgresBM25(_OnTheServer, LexicalIndexContract):
    component = "postgres"
    extra: ClassVar[dict[str, Any]] = {"ranking": "bm25"}


class TestPostgresCoverDensity(_OnTheServer, LexicalIndexContract):
    component = "postgres"
    extra: ClassVar[dict[str, Any]] = {"ranking": "ts_rank_cd"}


class TestPgVectorExact(_OnTheServer, VectorIndexContract):
    component = "pgvector"
    extra: ClassVar[dict[str, Any]] = {"index": "exact"}


class TestPgVectorHnsw(_OnTheServer, VectorIndexContract):
    component = "pgvector"
    extra: ClassVar[dict[str, Any]] = {"index": "hnsw"}


class TestPgVectorIvfflat(_OnTheServer, VectorIndexContract):
    component = "pgvector"
    extra: ClassVar[dict[str, Any]] = {"index": "ivfflat"}


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


def test_bm25_prunes_to_the_rarest_terms_past_max_scored(postgres_dsn: str) -> None:
    """Past ``max_scored`` the rarest terms choose the candidates: a memory holding only a
    very common query term is no longer scored, while every memory holding the rare term
    still is, with the common term counted in its score."""
    from cognimem_plugins.postgres.lexical import PostgresLexical

    index = opened(PostgresLexical, None, dsn=postgres_dsn, max_scored=100)
    every = opened(PostgresLexical, None, dsn=postgres_dsn)  # scores every match
    try:
        memories = ([mem(f"c{i:03d}", f"common words {i}") for i in range(150)]
                    + [mem("rare1", "zanzibar common"), mem("rare2", "zanzibar")])
        index.upsert(memories)
        every.upsert(memories)
        query = Query(text="zanzibar common")
        found = {c.id: c.score for c in index.search(query, 10)}
        assert sorted(found) == ["rare1", "rare2"]
        exact = {c.id: c.score for c in every.search(query, 200)}
        assert len(exact) == 152
        assert found == pytest.approx({i: exact[i] for i in found})  # "common" counted
        assert len(index.search(Query(text="common"), 200)) == 151  # one term: all scored
    finally:
        index.close()
        every.close()
