"""Time phrases for ``since`` and ``until``: ISO dates and the words people use ("last week",
"yesterday", "since Monday", "in March", "2 days ago", "last 7 days"), resolved against the
moment of asking (the engine's clock, UTC).

A phrase names a period; ``since`` takes its start and ``until`` its end: ``since
yesterday`` is yesterday 00:00, ``until yesterday`` is today 00:00. A bare ISO date is that
day (``until 2026-03-01`` includes the whole of March 1st); an ISO time is that moment.
Weeks start on Monday.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from .errors import InvalidInput

#: What the error names, when a phrase is not one of these.
ACCEPTED = ("an ISO date or time (2026-03-01, 2026-03-01T14:00Z), today, yesterday, "
            "this/last week, this/last month, this/last year, since Monday, in March, "
            "March 2026, 3 days ago, last 7 days (hours, days, weeks, months)")
#: Longest phrase read (a phrase is a few words).
MAX_CHARS = 64

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_ABBREVS = tuple(m[:3] for m in _MONTHS)
_AGO = re.compile(r"(an?|\d{1,4}) (hour|day|week|month|year)s? ago")
_LAST = re.compile(r"(?:last|past) (\d{1,4}) (hour|day|week|month|year)s?")
_MONTH_YEAR = re.compile(r"([a-z]+)(?: (\d{4}))?")


def since(phrase: str, now: datetime) -> datetime:
    """The start of the period ``phrase`` names, as seen at ``now``.

    :raises InvalidInput: a phrase not understood (the message lists the accepted forms).
    """
    return period(phrase, now)[0]


def until(phrase: str, now: datetime) -> datetime:
    """The end of the period ``phrase`` names, as seen at ``now``.

    :raises InvalidInput: a phrase not understood.
    """
    return period(phrase, now)[1]


def period(phrase: str, now: datetime) -> tuple[datetime, datetime]:
    """The period ``phrase`` names, as (start, end), at ``now`` (UTC).

    :raises InvalidInput: a phrase not understood.
    """
    now = now.astimezone(UTC) if now.tzinfo else now.replace(tzinfo=UTC)
    text = " ".join(phrase.strip().lower().split())
    for prefix in ("since ", "from ", "in ", "until ", "before "):
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    found = _read(text, now) if 0 < len(phrase) <= MAX_CHARS else None
    if found is None:
        shown = phrase if len(phrase) <= MAX_CHARS else phrase[:MAX_CHARS] + "..."
        raise InvalidInput(f"cannot read {shown!r} as a time: use {ACCEPTED}")
    return found


def _read(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    day = timedelta(days=1)
    fixed = {
        "now": (now, now), "today": (today, today + day), "yesterday": (today - day, today),
    }
    if text in fixed:
        return fixed[text]
    which, _, unit = text.partition(" ")
    if which in ("this", "last") and unit in ("week", "month", "year"):
        return _calendar(unit, today, back=which == "last")
    if text in _WEEKDAYS:  # the latest such day, today included
        start = today - timedelta(days=(today.weekday() - _WEEKDAYS.index(text)) % 7)
        return start, start + day
    ago = _AGO.fullmatch(text)
    if ago:
        count = 1 if ago[1] in ("a", "an") else int(ago[1])
        moment = _back(now, ago[2], count)
        return (moment, moment) if moment else None
    last = _LAST.fullmatch(text)
    if last:  # "last 7 days": from then until now
        moment = _back(now, last[2], int(last[1]))
        return (moment, now) if moment else None
    month = _MONTH_YEAR.fullmatch(text)
    if month and (month[1] in _MONTHS or month[1] in _ABBREVS):
        return _month(month[1][:3], month[2], today)
    return _iso(text)


def _calendar(unit: str, today: datetime, *, back: bool) -> tuple[datetime, datetime]:
    if unit == "week":
        start = today - timedelta(days=today.weekday())
        if back:
            start -= timedelta(days=7)
        return start, start + timedelta(days=7)
    if unit == "month":
        start = today.replace(day=1)
        if back:
            start = _shift_month(start, -1)
        return start, _shift_month(start, 1)
    start = today.replace(month=1, day=1)
    if back:
        start = start.replace(year=start.year - 1)
    return start, start.replace(year=start.year + 1)


def _month(abbrev: str, year: str | None, today: datetime) -> tuple[datetime, datetime]:
    number = _ABBREVS.index(abbrev) + 1
    start = today.replace(day=1, month=number)
    if year is not None:
        start = start.replace(year=int(year))
    elif start > today:  # "in March" asked in January: last March
        start = start.replace(year=start.year - 1)
    return start, _shift_month(start, 1)


def _back(now: datetime, unit: str, count: int) -> datetime | None:
    if unit in ("hour", "day", "week"):
        try:
            return now - timedelta(**{f"{unit}s": count})
        except OverflowError:
            return None
    months = count * (12 if unit == "year" else 1)
    if months > 12 * 1000:
        return None
    return _shift_month(now, -months)


def _shift_month(moment: datetime, months: int) -> datetime:
    index = moment.year * 12 + moment.month - 1 + months
    year, month = divmod(index, 12)
    day = min(moment.day, _days_in(year, month + 1))
    return moment.replace(year=year, month=month + 1, day=day)


def _days_in(year: int, month: int) -> int:
    first = datetime(year + month // 12, month % 12 + 1, 1)
    return (first - timedelta(days=1)).day


def _iso(text: str) -> tuple[datetime, datetime] | None:
    try:
        moment = datetime.fromisoformat(text.upper().replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    moment = moment.astimezone(UTC)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):  # a day: the whole of it
        return moment, moment + timedelta(days=1)
    return moment, moment


def window(since_phrase: str | None, until_phrase: str | None,
           now: Callable[[], datetime]) -> dict[str, datetime]:
    """A query's ``since`` and ``until`` (only those given) from phrases, read at ``now()``
    (asked once, and only when a phrase is given: the engine's clock may be a call away).

    :raises InvalidInput: a phrase not understood, or a window that ends before it starts.
    """
    if since_phrase is None and until_phrase is None:
        return {}
    moment = now()
    found: dict[str, datetime] = {}
    if since_phrase is not None:
        found["since"] = since(since_phrase, moment)
    if until_phrase is not None:
        found["until"] = until(until_phrase, moment)
    if "since" in found and "until" in found and found["until"] < found["since"]:
        raise InvalidInput(f"until ({found['until']:%Y-%m-%d %H:%M}) is before since "
                           f"({found['since']:%Y-%m-%d %H:%M}): give a window that ends "
                           f"after it starts")
    return found
