"""Hook implementations of the minilm plugin."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .embedder import MiniLMEmbedder
from .late import MaxSimRanker


@hookimpl
def cognimem_register_embedders(register: Register) -> None:
    """Register the offline MiniLM embedder."""
    register(MiniLMEmbedder)


@hookimpl
def cognimem_register_rankers(register: Register) -> None:
    """Register ``maxsim``, late interaction over MiniLM's token vectors."""
    register(MaxSimRanker)
