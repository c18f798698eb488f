"""Hook implementations of the lancedb_index plugin: registers the ``lancedb`` vector index."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .index import LanceVectors


@hookimpl
def cognimem_register_stores(register: Register) -> None:
    """Register the LanceDB vector index."""
    register(LanceVectors)
