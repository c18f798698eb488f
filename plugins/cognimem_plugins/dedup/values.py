"""The value gate: the numbers, versions, dates, paths and identifiers a text states.

Two texts that read alike but state different values are not duplicates: merging them
would lose one value, so they are a possible conflict instead ("latency budget is 500 ms."
and "...500 ms" are duplicates; "...900ms" disagrees). Values are normalised before they
are compared: ``500 ms``, ``500ms`` and ``500 milliseconds`` are one value; ``1,000`` is
``1000``; ``v2.3.0`` is ``2.3.0``; dates and paths compare case-insensitively.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|" \
         r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"

_UNITS = {
    "ms": "ms", "msec": "ms", "millisecond": "ms", "milliseconds": "ms",
    "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "min": "min", "mins": "min", "minute": "min", "minutes": "min",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "d": "d", "day": "d", "days": "d", "week": "wk", "weeks": "wk",
    "month": "mo", "months": "mo", "year": "y", "years": "y", "yr": "y", "yrs": "y",
    "%": "%", "percent": "%", "kb": "kb", "mb": "mb", "gb": "gb", "tb": "tb",
    "k": "k", "m": "m", "x": "x", "px": "px", "rps": "rps", "qps": "qps",
}
_UNIT = "|".join(sorted((re.escape(u) for u in _UNITS), key=len, reverse=True))

#: (kind, pattern), tried in this order; a span taken by one kind is not read again.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("url", re.compile(r"\bhttps?://[^\s)>\]\"']+", re.I)),
    ("path", re.compile(r"(?<![\w/])(?:~|\.{1,2})?/[\w.\-]+(?:/[\w.\-]+)*/?"
                        r"|\b[\w\-]+(?:/[\w.\-]+)+\b")),
    ("file", re.compile(r"\b[\w\-]+\.(?:py|js|ts|tsx|jsx|toml|json|ya?ml|md|txt|rs|go|java|"
                        r"c|h|cpp|hpp|sh|sql|cfg|ini|lock|html|css)\b", re.I)),
    ("date", re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b")),
    ("date", re.compile(rf"\b{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b"
                        rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:,?\s+\d{{4}})?\b",
                        re.I)),
    ("date", re.compile(r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)days?\b",
                        re.I)),
    ("version", re.compile(r"\bv?\d+(?:\.\d+){2,3}(?:[-+][\w.]+)?\b|\bv\d+(?:\.\d+)?\b",
                           re.I)),
    ("ident", re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b"        # snake_case
                         r"|\b[a-z]+[A-Z][A-Za-z0-9]*\b"                   # camelCase
                         r"|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")),  # hashes
    ("number", re.compile(rf"[$€£]?\d[\d,]*(?:\.\d+)?\s?(?:{_UNIT})?(?![\w.]\d)\b|[$€£]?\d+",
                          re.I)),
)


@dataclass(frozen=True)
class Values:
    """The values a text states, by kind (each a set of normalised strings)."""

    by_kind: dict[str, frozenset[str]]

    def __bool__(self) -> bool:
        return any(self.by_kind.values())


def _number(text: str) -> str:
    match = re.match(r"([$€£]?)(\d[\d,]*(?:\.\d+)?)\s?(.*)$", text.strip())
    if not match:
        return text.lower()
    currency, digits, unit = match.groups()
    digits = digits.replace(",", "")
    if "." in digits:
        digits = digits.rstrip("0").rstrip(".") or "0"
    digits = digits.lstrip("0") or "0"
    return f"{currency}{digits}{_UNITS.get(unit.lower(), unit.lower())}"


def _date(text: str) -> str:
    if text.lower().rstrip("s").endswith("day") and not any(c.isdigit() for c in text):
        return text.lower()[:3]
    text = re.sub(r"(?<=\d)(st|nd|rd|th)\b", "", text.lower())
    text = re.sub(r"[,.]|\bof\b", " ", text)
    words = text.split()
    month = next((m for m in _MONTHS for w in words if w.startswith(m)), None)
    if month is None:
        return " ".join(words)
    numbers = [w for w in words if w.isdigit()]
    day = next((str(int(n)) for n in numbers if len(n) <= 2), "")
    year = next((n for n in numbers if len(n) == 4), "")
    return " ".join(p for p in (month, day, year) if p)


def _normalise(kind: str, raw: str) -> str:
    if kind == "number":
        return _number(raw)
    if kind == "date":
        return _date(raw)
    if kind == "version":
        return raw.lower().removeprefix("v")
    if kind in ("path", "url", "file"):
        return raw.rstrip("/.").lower()
    return raw


def values_of(text: str) -> Values:
    """The values ``text`` states, normalised.

    Kept for the last 4,096 texts of up to 4,096 characters (at most 16 MB): a write group
    compares each memory with its peers and with the same stored look-alikes, so one text is
    read many times. Callers never change the result.
    """
    return _values_kept(text) if len(text) <= 4096 else _values_of(text)


@lru_cache(maxsize=4096)
def _values_kept(text: str) -> Values:
    return _values_of(text)


def _values_of(text: str) -> Values:
    taken = [False] * len(text)
    found: dict[str, set[str]] = {}
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            if start == end or any(taken[start:end]):
                continue
            taken[start:end] = [True] * (end - start)
            value = _normalise(kind, match.group(0))
            if value:
                found.setdefault("number" if kind == "version" and "." not in value
                                 else kind, set()).add(value)
    return Values({k: frozenset(v) for k, v in found.items()})


def differences(a: Values, b: Values) -> list[str]:
    """What changed from ``a`` to ``b``, one ``old -> new`` line per kind where each side
    states a value the other does not (a replaced value). Empty when no value was replaced
    (equal values, or one side only adds values)."""
    out = []
    for kind in sorted(set(a.by_kind) & set(b.by_kind)):
        old, new = a.by_kind[kind] - b.by_kind[kind], b.by_kind[kind] - a.by_kind[kind]
        if old and new:
            out.append(f"{kind}: {', '.join(sorted(old))} -> {', '.join(sorted(new))}")
    return out


def adds_values(a: Values, b: Values) -> bool:
    """True when one side states a value the other lacks (so they are not duplicates)."""
    kinds = set(a.by_kind) | set(b.by_kind)
    return any(a.by_kind.get(k, frozenset()) != b.by_kind.get(k, frozenset()) for k in kinds)
