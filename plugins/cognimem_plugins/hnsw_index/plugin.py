"""Hook implementations of the hnsw_index plugin: registers the ``hnsw`` vector index."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .index import HnswVectors


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register the usearch HNSW vector index."""
    register(HnswVectors)
