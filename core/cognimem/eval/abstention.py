"""The abstention report: how a relevance floor trades unanswerable questions held back
against answerable ones held back.

A question is *held back* at a floor when every one of its top ``k`` hits has a confidence
below the floor (``recall`` would say nothing relevant was found). For each system with a
``[confidence]`` stage and each floor, the report gives:

================ ===========================================================================
column           meaning
================ ===========================================================================
unanswerable     questions the corpus cannot answer (LoCoMo adversarial, LongMemEval ``_abs``)
abstained        the share of those held back (higher is better)
answerable       questions with an answer
wrongly_held     the share of those held back (lower is better)
answers_lost     the share of answerable questions with a gold hit in the top ``k`` that were
                 held back: answers the floor hid
auroc            threshold-free: how often an unanswerable question's best confidence is below
                 an answerable one's (0.5 = no better than chance)
================ ===========================================================================
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .runner import SystemRun
from .units import EvalUnit

#: Floors reported when none are given.
DEFAULT_FLOORS: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4, 0.5)


def abstention_table(runs: Mapping[str, SystemRun], units: Sequence[EvalUnit],
                     floors: Sequence[float] = DEFAULT_FLOORS, k: int = 10
                     ) -> list[dict[str, Any]]:
    """One row per system and floor (a system without confidences gets one row saying so)."""
    queries = [q for unit in units for q in unit.queries]
    rows: list[dict[str, Any]] = []
    for name, run in runs.items():
        best: list[tuple[float, bool, bool]] = []  # (best confidence, answerable, gold in k)
        for query in queries:
            answer = run.queries.get(query.id)
            if answer is None or answer.confidences is None:
                best = []
                break
            top = answer.confidences[:k]
            gold = any(d in query.relevant for d in answer.ids[:k])
            best.append((max(top, default=0.0), query.answerable, gold))
        if not best:
            rows.append({"name": name, "floor": None,
                         "note": "no confidences: the profile has no [confidence] stage"})
            continue
        unans = [c for c, a, _ in best if not a]
        ans = [(c, g) for c, a, g in best if a]
        found = [c for c, g in ans if g]
        area = auroc(unans, [c for c, _ in ans])
        for floor in floors:
            rows.append({
                "name": name, "floor": floor, "unanswerable": len(unans),
                "abstained": _share(sum(c < floor for c in unans), len(unans)),
                "answerable": len(ans),
                "wrongly_held": _share(sum(c < floor for c, _ in ans), len(ans)),
                "answers_lost": _share(sum(c < floor for c in found), len(found)),
                "auroc": area,
            })
    return rows


def auroc(negative: Sequence[float], positive: Sequence[float]) -> float:
    """P(a random positive scores above a random negative), ties counting half; NaN when
    either side is empty."""
    if not negative or not positive:
        return float("nan")
    ordered = sorted(positive)
    wins = 0.0
    for value in negative:
        below = _count_below(ordered, value)
        equal = _count_below(ordered, value, inclusive=True) - below
        wins += len(ordered) - below - equal + 0.5 * equal
    return wins / (len(positive) * len(negative))


def _count_below(ordered: Sequence[float], value: float, inclusive: bool = False) -> int:
    from bisect import bisect_left, bisect_right

    return (bisect_right if inclusive else bisect_left)(ordered, value)


def _share(count: int, total: int) -> float:
    return count / total if total else float("nan")
