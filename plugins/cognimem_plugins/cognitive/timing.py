"""Time arithmetic shared by the cognitive components: aware datetimes and ages in hours."""

from __future__ import annotations

from datetime import UTC, datetime

SECONDS_PER_HOUR = 3600.0
HOURS_PER_DAY = 24.0


def aware(when: datetime) -> datetime:
    """``when`` with a time zone (naive datetimes are taken as UTC, as the clocks do)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def hours_between(later: datetime, earlier: datetime) -> float:
    """``later - earlier`` in hours (negative when ``earlier`` is in fact later)."""
    return (aware(later) - aware(earlier)).total_seconds() / SECONDS_PER_HOUR
