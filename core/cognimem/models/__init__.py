"""The data model: what a Memory, Edge, Access, Event, Query and Hit carry.

These pydantic models are the published data contract between the engine and plugins.
Validation errors name the offending field. :mod:`.summary` holds a search's result as
plain data (no pydantic); the package imports each name on first use, so a client that
needs only the summary (a warm ``cognimem search``) never loads pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .memory import (
        LAYERS,
        MAX_CONTENT_CHARS,
        UPDATABLE_FIELDS,
        Access,
        Conflict,
        ConflictStatus,
        Edge,
        EmbeddingSignature,
        Event,
        Layer,
        Memory,
        MemoryDraft,
        Resolution,
        Scope,
        Source,
        Tier,
        as_utc,
        content_hash,
        embedding_text,
    )
    from .search import Candidate, Hit, Query, SearchResult, StageScore
    from .summary import HitSummary, SearchSummary

__all__ = [
    "LAYERS",
    "MAX_CONTENT_CHARS",
    "UPDATABLE_FIELDS",
    "Access",
    "Candidate",
    "Conflict",
    "ConflictStatus",
    "Edge",
    "EmbeddingSignature",
    "Event",
    "Hit",
    "HitSummary",
    "Layer",
    "Memory",
    "MemoryDraft",
    "Query",
    "Resolution",
    "Scope",
    "SearchResult",
    "SearchSummary",
    "Source",
    "StageScore",
    "Tier",
    "as_utc",
    "content_hash",
    "embedding_text",
]

_HOMES = {
    **{name: ".search" for name in ("Candidate", "Hit", "Query", "SearchResult", "StageScore")},
    **{name: ".summary" for name in ("HitSummary", "SearchSummary")},
}

__getattr__ = lazy_names(__name__, {name: _HOMES.get(name, ".memory") for name in __all__})
