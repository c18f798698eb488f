"""The first-party indexes agree with each other on the contract's data: every lexical index
matches the same memories, and exact and lancedb return the same neighbours in the same
order (each index's own behaviour is its contract's, in the modules beside this one)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cognimem.models import Scope
from cognimem.testing import opened, unit_vectors
from cognimem.testing.index_contracts import CORPUS, DIM, VECS, VECTOR_CORPUS, ids, q
from cognimem_plugins.bm25_index import MemoryBM25
from cognimem_plugins.exact_vectors import ExactVectors
from cognimem_plugins.lancedb_index.index import LanceVectors
from cognimem_plugins.tantivy_index.index import TantivyIndex

LEXICAL = {
    "bm25": (MemoryBM25, False),
    "tantivy-ram": (TantivyIndex, False),
    "tantivy-disk": (TantivyIndex, True),
}
VECTORS = {
    "exact": (ExactVectors, False),
    "lancedb-temp": (LanceVectors, False),
    "lancedb-disk": (LanceVectors, True),
}


def test_lexical_implementations_agree_on_matches(tmp_path: Path) -> None:
    """On the same data, every lexical index matches the same memories for each query."""
    queries = ["parser", "config", "ana", "staging night", "redis cache", "pull requests"]
    results: dict[str, list[set[str]]] = {}
    for name, (cls, on_disk) in LEXICAL.items():
        index = opened(cls, tmp_path / name if on_disk else None)
        index.upsert(CORPUS)
        results[name] = [set(ids(index.search(q(text), 50))) for text in queries]
        index.close()
    first = next(iter(results.values()))
    assert all(found == first for found in results.values()), results


def test_vector_implementations_agree(tmp_path: Path) -> None:
    """exact and lancedb return the same ids, in the same order, for the same queries."""
    queries = unit_vectors(5, DIM, seed=5)
    scopes = [Scope(), Scope(project="other"), Scope(agent="claude")]
    results = {}
    for name, (cls, on_disk) in VECTORS.items():
        index = opened(cls, tmp_path / name if on_disk else None)
        index.upsert(VECTOR_CORPUS, VECS)
        results[name] = [ids(index.search(v, q("x", scope=s), 8)) for v in queries for s in scopes]
        index.close()
    first = next(iter(results.values()))
    assert all(found == first for found in results.values())
    assert np.all([len(r) == 8 for r in first])
