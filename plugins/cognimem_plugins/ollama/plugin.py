"""Hook implementations of the ollama plugin."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .embedder import OllamaEmbedder


@hookimpl
def cognimem_register_embedders(register: Register) -> None:
    """Register the ``ollama`` embedder (needs a running Ollama server)."""
    register(OllamaEmbedder)
