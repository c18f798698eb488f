"""Every first-party lexical and vector index passes its contract, in RAM and on disk."""

from __future__ import annotations

from cognimem.testing import LexicalIndexContract, VectorIndexContract


class TestBM25(LexicalIndexContract):
    component = "bm25"


class TestTantivy(LexicalIndexContract):
    component = "tantivy"


class TestExact(VectorIndexContract):
    component = "exact"


class TestLanceDB(VectorIndexContract):
    component = "lancedb"


class TestHnsw(VectorIndexContract):
    component = "hnsw"
    score_tolerance = 1e-3  # half-precision vectors by default
