"""What the secrets scan decides about each candidate, and a team's allowlist.

A :class:`Decision` is one candidate value: its span, its kind, whether it is redacted and
why (kept values say why too, so ``cognimem guard --explain`` can show them). An
:class:`Allowlist` holds the profile's own identifiers, never redacted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

PLACEHOLDER = "[REDACTED:{kind}]"
PLACEHOLDER_RE = re.compile(r"\[REDACTED:[a-z0-9_]+\]")
@dataclass(frozen=True)
class Decision:
    """One candidate: where it is, its kind, whether it is redacted, and why."""

    kind: str
    start: int
    end: int
    redacted: bool
    reason: str


@dataclass(frozen=True)
class Allowlist:
    """A team's own identifiers, never redacted: literal values and regular expressions
    (a value is allowed when a pattern matches all of it)."""

    values: frozenset[str] = frozenset()
    patterns: tuple[re.Pattern[str], ...] = ()

    @classmethod
    def of(cls, values: Iterable[str] = (), patterns: Iterable[str] = ()) -> Allowlist:
        """An allowlist from the profile's strings (patterns compiled here)."""
        return cls(frozenset(values), tuple(re.compile(p) for p in patterns))

    def why(self, value: str) -> str | None:
        """Why ``value`` is allowed, or None."""
        if value in self.values:
            return "allowed by the profile (a listed value)"
        for pattern in self.patterns:
            if pattern.fullmatch(value):
                return f"allowed by the profile (pattern {pattern.pattern!r})"
        return None


def decide(kind: str, start: int, end: int, why_not: str | None, why: str) -> Decision:
    return Decision(kind, start, end, why_not is None, why if why_not is None else why_not)
