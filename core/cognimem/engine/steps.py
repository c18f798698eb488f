"""Long operations as steps: an import, an ingest or a re-embedding, one unit at a time.

A long operation is written as a generator that yields a :class:`Step` after each unit of
work it has *committed* (one transaction of the write pipeline), and returns its report.
Between two steps no transaction is open, so whoever drives it may let other callers have
the store (the daemon's jobs, :mod:`cognimem.daemon.jobs`), report progress, or stop: a
generator closed at a step has committed its earlier units and none of the next.

:func:`drive` runs one to the end in the foreground, with an optional progress callback:
that is what the engine's plain operations (``import_``, ``ingest``, ``reindex``) do.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

R = TypeVar("R")

#: What the work up to the next step needs of the store: ``alone`` (no other call beside it:
#: updates, archives, index deletions), ``writes`` (no other write; searches may run beside
#: it, as beside the daemon's write groups: it only adds records and indexes them), or
#: ``none`` (it only computes: parsing, embedding, reading the files of a folder).
Hold = Literal["alone", "writes", "none"]


@dataclass(frozen=True)
class Step:
    """Where a long operation stands after one unit.

    :param done: units of work done so far (never goes down).
    :param total: units in all, or None while the operation does not know yet (an ingest
        still scanning its folder).
    :param report: the operation's report so far (what is committed), the same object the
        operation returns at the end.
    :param hold: what the work up to the next step needs of the store (:data:`Hold`).
    """

    done: int
    total: int | None
    report: Any = None
    hold: Hold = "alone"


#: A long operation: yields a step after each committed unit, returns its report.
Steps = Generator[Step, None, R]

#: Hears of each step: ``progress(done, total)``.
Progress = Callable[[int, int | None], None]


def drive(steps: Steps[R], progress: Progress | None = None) -> R:
    """Run ``steps`` to the end; ``progress(done, total)`` after each unit. Returns the
    operation's report."""
    while True:
        try:
            step = next(steps)
        except StopIteration as end:
            return end.value
        if progress is not None:
            progress(step.done, step.total)


#: How long one unit of a long operation should last, in seconds: a caller waits for one
#: unit at most (issue #40 asks a search during a large import to answer within 250 ms).
UNIT_SECONDS = 0.1


class Sizer:
    """How many items the next unit takes, from how long the units before took, so that a
    unit lasts about ``seconds`` (a slow embedder or a busy host makes units smaller).

    :param first: the first unit's size.
    :param least: never fewer: a unit has fixed costs (a commit of the record store and of
        each index) that must stay a small part of it, or a long job on a busy host would
        take many times longer and still not answer faster (its units cannot get shorter
        than those commits).
    :param most: never more.
    """

    def __init__(self, first: int = 32, *, least: int = 32, most: int = 256,
                 seconds: float = UNIT_SECONDS) -> None:
        self.least, self.most, self.seconds = least, max(least, most), seconds
        self.size = min(max(first, least), self.most)

    def took(self, items: int, seconds: float) -> None:
        """A unit of ``items`` took ``seconds``: size the next one (halfway, in ratio,
        towards the size that would have taken :attr:`seconds`)."""
        if items <= 0 or seconds <= 0:
            return
        fits = self.seconds * items / seconds
        self.size = min(max(int((self.size * fits) ** 0.5), self.least), self.most)
