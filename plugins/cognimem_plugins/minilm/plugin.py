"""Hook implementations of the minilm plugin."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .embedder import MiniLMEmbedder


@hookimpl
def cognimem_register_embedders(register: Register) -> None:
    """Register the offline MiniLM embedder."""
    register(MiniLMEmbedder)
