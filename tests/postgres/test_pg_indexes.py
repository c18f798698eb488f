"""The postgres lexical index and the pgvector index pass the index contracts of
``cognimem.testing`` (alone, beside the in-memory records), with each ranking and each
vector index kind; ivfflat is built at its threshold and keeps recall."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
import pytest

from cognimem.models import Query, Scope
from cognimem.testing import LexicalIndexContract, VectorIndexContract
from cognimem.testing.fixtures import memory, opened, unit_vectors
from cognimem_plugins.postgres.vectors import PgVectors


class _OnTheServer:
    """Every contract test runs with the session's server in ``$COGNIMEM_POSTGRES_DSN``."""

    @pytest.fixture(autouse=True)
    def _server(self, postgres_dsn: str) -> Iterator[None]:
        yield


class TestPostgresBM25(_OnTheServer, LexicalIndexContract):
    component = "postgres"
    options: ClassVar[dict[str, Any]] = {"schema": "lex_{path}"}


class TestPgVectorIvfflat(_OnTheServer, VectorIndexContract):
    component = "pgvector"
    options: ClassVar[dict[str, Any]] = {"schema": "vec_{path}"}


def test_ivfflat_is_built_at_its_threshold_and_keeps_recall(postgres_dsn: str) -> None:
    """Past ``ivf_threshold`` vectors the ivfflat index exists, and searches (scoped ones
    included) find nearly every true neighbour."""
    n, dim = 1500, 16
    vectors = unit_vectors(n, dim, seed=3)
    corpus = [memory(f"r{i:04d}", "-", scope=Scope(project=f"p{i % 3}")) for i in range(n)]
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
    try:
        index.upsert([memory(f"c{i:03d}", f"common words {i}") for i in range(150)]
                     + [memory("rare1", "zanzibar common"), memory("rare2", "zanzibar")])
        found = [c.id for c in index.search(Query(text="zanzibar common"), 10)]
        assert sorted(found) == ["rare1", "rare2"]
        assert len(index.search(Query(text="common"), 200)) == 151  # one term: all scored
    finally:
        index.close()


def test_ts_rank_cd_ranks_the_matches(postgres_dsn: str) -> None:
    """``ranking = "ts_rank_cd"``: the matches, denser covers first, filters applied."""
    from cognimem_plugins.postgres.lexical import PostgresLexical

    index = opened(PostgresLexical, None, dsn=postgres_dsn, ranking="ts_rank_cd")
    try:
        index.upsert([memory("a", "backup the database nightly; database backup checked"),
                      memory("b", "the database is large"),
                      memory("c", "backup tapes", archived=True), memory("d", "unrelated")])
        found = index.search(Query(text="database backup"), 10)
        assert [c.id for c in found] == ["a", "b"]
        assert found[0].score > found[1].score > 0
        assert [c.id for c in index.search(Query(text="tapes", include_archived=True), 5)] == ["c"]
    finally:
        index.close()


def test_hnsw_finds_the_nearest_within_scope(postgres_dsn: str) -> None:
    """``index = "hnsw"``: the graph is built with the first vectors and searched with the
    scope and archived filters, nearest first."""
    n, dim = 300, 16
    vectors = unit_vectors(n, dim, seed=5)
    corpus = [memory(f"h{i:03d}", "-", scope=Scope(project=f"p{i % 2}"), archived=i == 7)
              for i in range(n)]
    index = opened(PgVectors, None, dsn=postgres_dsn, index="hnsw")
    try:
        index.upsert(corpus, vectors)
        assert index._s.rows("SELECT to_regclass('vectors_hnsw_16')")[0][0]
        assert index.search(vectors[3], Query(text="x"), 1)[0].id == "h003"
        assert "h007" not in {c.id for c in index.search(vectors[7], Query(text="x"), 5)}
        scoped = index.search(vectors[3], Query(text="x", scope=Scope(project="p0")), 10)
        assert len(scoped) == 10 and all(int(c.id[1:]) % 2 == 0 for c in scoped)
        assert [c.rank for c in scoped] == list(range(1, 11))
    finally:
        index.close()
