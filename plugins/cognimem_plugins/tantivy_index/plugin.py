"""Hook implementations of the tantivy_index plugin: registers the ``tantivy`` lexical index."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .index import TantivyIndex


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register the tantivy BM25 lexical index."""
    register(TantivyIndex)
