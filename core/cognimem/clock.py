"""Clocks: the engine never reads the wall clock directly, so tests and simulations move time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Anything with ``now()`` returning an aware UTC datetime."""

    def now(self) -> datetime:
        """The current time."""
        ...


class SystemClock:
    """The wall clock, in UTC."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)


class ManualClock:
    """A clock that moves only when told: for tests, simulations and evaluation."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2025, 1, 1, tzinfo=UTC)
        if self._now.tzinfo is None:
            self._now = self._now.replace(tzinfo=UTC)

    def now(self) -> datetime:
        """The clock's current time."""
        return self._now

    def set(self, when: datetime) -> None:
        """Jump to ``when`` (naive datetimes are taken as UTC)."""
        self._now = when if when.tzinfo else when.replace(tzinfo=UTC)

    def advance(self, delta: timedelta | None = None, **kwargs: float) -> datetime:
        """Move forward by ``delta`` or by timedelta keyword arguments (``days=3``)."""
        self._now += delta if delta is not None else timedelta(**kwargs)
        return self._now
