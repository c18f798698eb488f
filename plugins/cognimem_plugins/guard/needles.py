"""Which of many fixed substrings a text holds, in one pass (an Aho-Corasick automaton).

The guard gates its patterns by substrings (a pattern runs only on a text that holds one
of its words). Asking ``needle in text`` for each of 50 needles scans the text 50 times;
the automaton reads it once and reports every needle present, the same set.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import Generic, TypeVar

import ahocorasick

T = TypeVar("T")


class Needles(Generic[T]):
    """A table of ``(needle, value)`` rows; :meth:`found` gives the values of the rows
    whose needle ``text`` holds, in the table's order (as ``[v for n, v in rows if n in
    text]`` would)."""

    def __init__(self, rows: Sequence[tuple[str, T]]) -> None:
        if any(not needle for needle, _ in rows):
            raise ValueError("a needle must not be empty")
        self._values = [value for _, value in rows]
        self._automaton = ahocorasick.Automaton(ahocorasick.STORE_ANY)
        for position, (needle, _) in enumerate(rows):
            # a needle listed twice: its first row's position, and the later rows apart
            previous = self._automaton.get(needle, ())
            self._automaton.add_word(needle, (*previous, position))
        if rows:
            self._automaton.make_automaton()

    def found(self, text: str) -> list[T]:
        """The values of the rows whose needle ``text`` holds, in the table's order."""
        if not self._values or not text:
            return []
        positions: set[int] = set()
        for _, rows in self._automaton.iter(text):
            positions.update(rows)
        return [self._values[i] for i in sorted(positions)]

    def holds(self, text: str) -> bool:
        """Whether ``text`` holds any of the needles."""
        return bool(self._values) and next(self._automaton.iter(text), None) is not None


def spellings(needle: str) -> Iterator[str]:
    """Every way to write the lowercase ASCII ``needle`` in upper and lower case (``aws``:
    ``aws``, ``awS``... ``AWS``): in ASCII text, ``needle in text.lower()`` exactly when one
    of them is in ``text``."""
    if not needle.isascii() or needle != needle.lower():
        raise ValueError(f"not a lowercase ASCII needle: {needle!r}")
    yield from map("".join, product(*({c, c.upper()} if c.isalpha() else {c}
                                      for c in needle)))
