"""Time phrases for since/until, read against the moment of asking."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from cognimem import timephrases
from cognimem.errors import InvalidInput

#: A Wednesday.
NOW = datetime(2026, 1, 14, 15, 30, tzinfo=UTC)


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


@pytest.mark.parametrize(("phrase", "start", "end"), [
    ("yesterday", at(2026, 1, 13), at(2026, 1, 14)),
    ("today", at(2026, 1, 14), at(2026, 1, 15)),
    ("last week", at(2026, 1, 5), at(2026, 1, 12)),
    ("this week", at(2026, 1, 12), at(2026, 1, 19)),
    ("since Monday", at(2026, 1, 12), at(2026, 1, 13)),
    ("Friday", at(2026, 1, 9), at(2026, 1, 10)),
    ("in March", at(2025, 3, 1), at(2025, 4, 1)),  # asked in January: last March
    ("in January", at(2026, 1, 1), at(2026, 2, 1)),
    ("Mar 2024", at(2024, 3, 1), at(2024, 4, 1)),
    ("last month", at(2025, 12, 1), at(2026, 1, 1)),
    ("last year", at(2025, 1, 1), at(2026, 1, 1)),
    ("2 days ago", at(2026, 1, 12, 15, 30), at(2026, 1, 12, 15, 30)),
    ("a week ago", at(2026, 1, 7, 15, 30), at(2026, 1, 7, 15, 30)),
    ("3 months ago", at(2025, 10, 14, 15, 30), at(2025, 10, 14, 15, 30)),
    ("last 7 days", at(2026, 1, 7, 15, 30), NOW),
    ("past 2 hours", at(2026, 1, 14, 13, 30), NOW),
    ("2026-01-02", at(2026, 1, 2), at(2026, 1, 3)),
    ("2026-01-02T08:00Z", at(2026, 1, 2, 8), at(2026, 1, 2, 8)),
], ids=lambda v: v if isinstance(v, str) else None)
def test_phrases_name_periods(phrase: str, start: datetime, end: datetime) -> None:
    assert timephrases.period(phrase, NOW) == (start, end)
    assert timephrases.since(phrase, NOW) == start and timephrases.until(phrase, NOW) == end


@pytest.mark.parametrize("phrase", ["the other day", "", "99999999 days ago", "x" * 500,
                                    "Marchember", "2026-13-01"])
def test_unknown_phrases_are_refused_naming_the_forms(phrase: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        timephrases.since(phrase, NOW)
    message = str(refused.value)
    assert "\n" not in message and "last week" in message and "ISO date" in message


def test_window_reads_the_clock_once_and_only_when_asked() -> None:
    asked: list[int] = []

    def now() -> datetime:
        asked.append(1)
        return NOW

    assert timephrases.window(None, None, now) == {} and not asked
    assert timephrases.window("last week", "yesterday", now) == {
        "since": at(2026, 1, 5), "until": at(2026, 1, 14)}
    assert asked == [1]
    with pytest.raises(InvalidInput, match="before since"):
        timephrases.window("today", "last week", now)
