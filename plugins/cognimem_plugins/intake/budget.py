"""The startup context's token budget: its default and bounds, the estimate, and the check a
command makes before it opens the store (a light module: the command line checks a budget
without loading the context's models)."""

from __future__ import annotations

import math

from cognimem.errors import InvalidInput

#: The default budget and the bounds of any budget, in tokens.
BUDGET = 1500
MIN_BUDGET, MAX_BUDGET = 50, 20_000


def tokens(text: str) -> int:
    """An estimate of the tokens a model reads for ``text``."""
    return math.ceil(len(text.split()) * 1.3)


def check_budget(budget: int) -> int:
    """``budget`` unchanged, or InvalidInput naming the bounds (asked before anything is
    opened: a refused budget does nothing else)."""
    if not MIN_BUDGET <= budget <= MAX_BUDGET:
        raise InvalidInput(f"budget {budget}: give a token budget from {MIN_BUDGET} to "
                           f"{MAX_BUDGET:,}")
    return budget
