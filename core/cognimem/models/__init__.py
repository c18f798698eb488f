"""The data model: what a Memory, Edge, Access, Event, Query and Hit carry.

These pydantic models are the published data contract between the engine and plugins.
Validation errors name the offending field.
"""

from __future__ import annotations

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
    "Layer",
    "Memory",
    "MemoryDraft",
    "Query",
    "Resolution",
    "Scope",
    "SearchResult",
    "Source",
    "StageScore",
    "Tier",
    "as_utc",
    "content_hash",
    "embedding_text",
]
