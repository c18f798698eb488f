"""Nested transactions, as both SQL stores' connections keep them: an inner transaction joins
the outermost one, and a failure inside any of them (even one caught before the outermost
ends) dooms the whole, which then rolls back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class Nesting:
    """How deep the open transaction is nested (:attr:`depth`, 0: none is open) and whether
    it is doomed (:attr:`doomed`)."""

    def __init__(self) -> None:
        self.depth = 0
        self.doomed = False

    @contextmanager
    def joined(self) -> Iterator[None]:
        """The block of an inner transaction: it joins the open one; a failure dooms it."""
        self.depth += 1
        try:
            yield
        except BaseException:
            self.doomed = True
            raise
        finally:
            self.depth -= 1
