"""Dates named in a query, as time intervals.

Absolute dates: a day (``"7 May 2023"``, ``"May 7, 2023"``, ``"May 7th"``, ``"2023-05-07"``),
a month (``"May 2023"``, ``"in May"``), a year (``"in 2022"``). Relative ones, against the
time the question is asked (the engine's clock): ``"today"``, ``"yesterday"``, ``"last
night"``, ``"N days / weeks / months / years ago"`` (N a digit, a number word, ``a`` or
``an``), ``"last week / weekend / month / year"``, ``"this week / weekend / month / year"``,
``"last <weekday>"``. A date without a year is its most recent occurrence at or before the
question's time. When a query names an absolute date, its relative words are read as
relative to that date and add no interval of their own. Everything else ("recently", "how
many days ago") names no interval.

Each interval is half-open ``[start, end)`` in UTC; relative ones "ago" are centred on the
named moment with half a unit either side (``"10 days ago"``: a day either side of it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

MONTHS: dict[str, int] = {
    name: number for number, names in enumerate((
        ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
        ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
        ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
        ("december", "dec")), start=1) for name in names
}
WEEKDAYS: dict[str, int] = {
    day: n for n, day in enumerate(
        ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))
}
NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2,
    "couple of": 2, "a few": 3, "few": 3,
}

# Month names only as whole words; "may" the verb is told apart by what stands next to it.
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in (
        ("iso", r"\b(?P<year>(?:19|20)\d\d)-(?P<mnum>[01]?\d)-(?P<day>[0-3]?\d)\b"),
        ("day", rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?\b"),
        ("day", rf"\b{_MONTH}\s+{_DAY}\b(?:,?\s+{_YEAR}\b)?"),
        ("month", rf"\b{_MONTH},?\s+{_YEAR}\b"),
        ("month", rf"\b(?:in|during|of|since|before|after|until|by|early|late|mid)\s+"
                  rf"(?:the\s+month\s+of\s+)?{_MONTH}\b"),
        ("year", rf"\b(?:in|during|of|since|before|after|until|by)\s+{_YEAR}\b"),
    )
)
_NUMBER = r"(?P<n>\d+|" + "|".join(
    re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_AGO = re.compile(rf"\b{_NUMBER}\s+(?P<unit>day|week|month|year)s?\s+ago\b", re.IGNORECASE)
_LAST = re.compile(
    r"\b(?P<which>last|this|past|previous)\s+(?P<unit>week|weekend|month|year|night|"
    + "|".join(WEEKDAYS) + r")\b", re.IGNORECASE)
_TODAY = re.compile(r"\b(?P<word>today|yesterday|tonight)\b", re.IGNORECASE)

_UNIT_DAYS: dict[str, float] = {"day": 1.0, "week": 7.0, "month": 30.44, "year": 365.25}


@dataclass(frozen=True, slots=True)
class Interval:
    """A half-open time interval ``[start, end)`` a query names, and the words that named it."""

    start: datetime
    end: datetime
    text: str

    def contains(self, when: datetime) -> bool:
        """Whether ``when`` falls inside."""
        return self.start <= when < self.end

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """Whether ``[start, end)`` (end may equal start: a moment) meets the interval."""
        return start < self.end and (end > self.start or (start >= self.start and end == start))


def _day_start(when: datetime) -> datetime:
    return when.replace(hour=0, minute=0, second=0, microsecond=0)


def _month_interval(year: int, month: int) -> tuple[datetime, datetime]:
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def _most_recent_year(month: int, day: int, now: datetime) -> int:
    """The year of the latest (month, day) at or before ``now``."""
    year = now.year
    if (month, day) > (now.month, now.day):
        year -= 1
    return year


def _absolute(query: str, now: datetime) -> list[Interval]:
    found: list[Interval] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(query):
            if any(match.start() < e and match.end() > s for s, e in taken):
                continue
            parts = match.groupdict()
            month_word = (parts.get("month") or "").lower().rstrip(".")
            if month_word == "may" and kind != "iso" and not _may_is_month(query, match):
                continue
            interval = _absolute_interval(kind, parts, month_word, now)
            if interval is None:
                continue
            taken.append((match.start(), match.end()))
            found.append(Interval(interval[0], interval[1], match.group(0)))
    return found


def _may_is_month(query: str, match: re.Match[str]) -> bool:
    """"May" is the month when a day or year stands beside it or a capital M spells it
    after a preposition ("in May"), not the verb ("may I ask")."""
    text = match.group(0)
    if match.groupdict().get("day") or match.groupdict().get("year"):
        return True
    return "May" in text


def _absolute_interval(kind: str, parts: dict[str, str | None], month_word: str,
                       now: datetime) -> tuple[datetime, datetime] | None:
    try:
        if kind == "iso":
            day = datetime(int(parts["year"] or 0), int(parts["mnum"] or 0),
                           int(parts["day"] or 0), tzinfo=UTC)
            return day, day + timedelta(days=1)
        if kind == "year":
            year = int(parts["year"] or 0)
            return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
        month = MONTHS[month_word]
        named_year = parts.get("year")
        if kind == "day":
            day_n = int(parts["day"] or 0)
            year = int(named_year) if named_year else _most_recent_year(month, day_n, now)
            day = datetime(year, month, day_n, tzinfo=UTC)
            return day, day + timedelta(days=1)
        year = int(named_year) if named_year else _most_recent_year(month, 1, now)
        return _month_interval(year, month)
    except (ValueError, KeyError):
        return None


def _relative(query: str, now: datetime) -> list[Interval]:
    found: list[Interval] = []
    today = _day_start(now)
    for match in _AGO.finditer(query):
        raw = match.group("n").lower()
        n = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
        days = _UNIT_DAYS[match.group("unit").lower()]
        centre = today - timedelta(days=n * days)
        half = timedelta(days=max(1.0, days / 2))
        found.append(Interval(centre - half, centre + half + timedelta(days=1), match.group(0)))
    for match in _LAST.finditer(query):
        which, unit = match.group("which").lower(), match.group("unit").lower()
        start, end = _named_span(which, unit, today)
        found.append(Interval(start, end, match.group(0)))
    for match in _TODAY.finditer(query):
        word = match.group("word").lower()
        start = today - timedelta(days=1) if word == "yesterday" else today
        found.append(Interval(start, start + timedelta(days=1), match.group(0)))
    return found


def _named_span(which: str, unit: str, today: datetime) -> tuple[datetime, datetime]:
    """``last week``, ``this month``, ``last Saturday``... as calendar spans."""
    this = which == "this"
    if unit == "night":
        start = today - timedelta(days=1)
        return start, today + timedelta(days=1)
    if unit in WEEKDAYS:
        back = (today.weekday() - WEEKDAYS[unit]) % 7 or 7
        day = today - timedelta(days=back)
        return day, day + timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    if unit == "weekend":
        saturday = monday + timedelta(days=5) if this else monday - timedelta(days=2)
        return saturday, saturday + timedelta(days=2)
    # "last month" may mean the calendar month before this one or the 30 days before the
    # question: the span covers both, up to the question's day.
    if unit == "week":
        start = monday if this else monday - timedelta(days=7)
    elif unit == "month":
        start = datetime(today.year, today.month, 1, tzinfo=UTC)
        if not this:
            start = (start - timedelta(days=1)).replace(day=1)
    else:  # year
        start = datetime(today.year - (not this), 1, 1, tzinfo=UTC)
    return start, today + timedelta(days=1)
    return None


def query_intervals(query: str, now: datetime) -> list[Interval]:
    """Every interval the query names. Relative expressions count only when the query names
    no absolute date ("last weekend before April 10, 2023" names April 10: the words "last
    weekend" are relative to that date, not to the question's)."""
    now = now if now.tzinfo else now.replace(tzinfo=UTC)
    return _absolute(query, now) or _relative(query, now)
