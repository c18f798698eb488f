"""Hook implementations of the mpnet plugin."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .embedder import MPNetEmbedder


@hookimpl
def cognimem_register_embedders(register: Register) -> None:
    """Register the offline MPNet embedder."""
    register(MPNetEmbedder)
