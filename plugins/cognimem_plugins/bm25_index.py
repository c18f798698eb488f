"""``bm25``: the in-memory BM25 lexical index (:class:`~cognimem_plugins.bm25.MemoryBM25`)."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .bm25 import MemoryBM25

__all__ = ["MemoryBM25"]


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register the in-memory BM25 index."""
    register(MemoryBM25)
