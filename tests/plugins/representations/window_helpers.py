"""Helpers of the window tests: turns of a session, and the ids a search finds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from cognimem.engine import Engine

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def add_turn(engine: Engine, text: str, session: str, minute: int) -> str:
    """A memory of ``session`` written ``minute`` minutes after :data:`T0`."""
    return engine.add(text, meta={"session": session},
                      created_at=T0 + timedelta(minutes=minute)).id


def ids(engine: Engine, text: str) -> list[str]:
    """The ids of a search's hits, best first (no access recorded)."""
    return [h.id for h in engine.search(text, record_access=False).hits]
