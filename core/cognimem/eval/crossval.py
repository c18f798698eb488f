"""Choosing a system by K-fold cross-validation over units, and what that choice is worth.

``cognimem eval --cv K`` (``compare(..., cv=K)``) puts a dataset's units (LoCoMo
conversations, LongMemEval questions) into K folds. For each fold the system with the best
mean of a metric on the other K-1 folds' headline queries is *chosen*, and the chosen
system's scores on the held-out fold are kept. The mean of those held-out scores (over all
headline queries, each counted once) is the cross-validated estimate: what picking the best
system this way is worth on units it was not picked on. Next to it stands the in-sample
figure (the best system's mean on every unit, the figure a table of means invites one to
report); their difference is how much the choice overfits.

Folds are whole units (queries of one conversation never fall on both sides), assigned in a
seeded shuffle, round-robin, so every fold differs in size by at most one unit. A tie on the
training folds goes to the system listed first (give the baseline first to prefer it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InvalidInput


def assign_folds(units: Sequence[str], k: int, seed: int = 0) -> dict[str, int]:
    """Each unit's fold (0..k-1): a seeded shuffle dealt round-robin.

    :raises InvalidInput: ``k`` below 2 or above the number of units.
    """
    distinct = sorted(set(units))
    if not 2 <= k <= len(distinct):
        raise InvalidInput(f"--cv K needs 2 <= K <= the number of units ({len(distinct)}), "
                           f"got {k}")
    order = list(distinct)
    random.Random(seed).shuffle(order)
    return {unit: i % k for i, unit in enumerate(order)}


def cross_validate(perquery: Sequence[Mapping[str, Any]], systems: Sequence[str],
                   metrics: Sequence[str], k: int, seed: int = 0) -> list[dict[str, Any]]:
    """One row per metric: the in-sample best and the cross-validated choice.

    :param perquery: per-query rows (``name``, ``qid``, ``unit``, ``headline`` and each
        metric), as :attr:`CompareResult.perquery` holds them.
    :param systems: the systems to choose among, in order of preference on ties.
    :param metrics: the metrics to choose by (each chosen on its own).
    :param k: the number of folds (the number of units: leave one unit out).
    :param seed: the seed of the fold assignment.
    :returns: per metric ``metric``, ``folds``, ``n`` (headline queries), ``best`` (the
        system with the best mean on all units), ``in_sample`` (its mean), ``cv`` (the
        held-out mean of the per-fold choices), ``optimism`` (``in_sample - cv``),
        ``chosen`` (``{system: folds}``) and ``per_fold`` (one dict per fold: ``fold``,
        ``units``, ``queries``, ``chosen``, ``train``, ``held_out``).
    :raises InvalidInput: no systems, an unknown system, or a bad ``k``.
    """
    if not systems:
        raise InvalidInput("cross-validation needs at least one system to choose among")
    scores: dict[str, dict[str, Mapping[str, Any]]] = {s: {} for s in systems}
    unit_of: dict[str, str] = {}
    for row in perquery:
        if row["name"] in scores and row["headline"]:
            scores[row["name"]][row["qid"]] = row
            unit_of[row["qid"]] = row["unit"]
    for system in systems:
        if not scores[system]:
            raise InvalidInput(f"no per-query scores for system {system!r}")
    fold_of = assign_folds(list(unit_of.values()), k, seed)
    qids = sorted(unit_of)
    out: list[dict[str, Any]] = []
    for metric in metrics:
        def value(system: str, qid: str, metric: str = metric) -> float:
            return float(scores[system][qid][metric])

        totals = {s: sum(value(s, q) for q in qids) for s in systems}
        best = _argmax(systems, totals)
        held: list[float] = []
        per_fold: list[dict[str, Any]] = []
        for fold in range(k):
            train = [q for q in qids if fold_of[unit_of[q]] != fold]
            test = [q for q in qids if fold_of[unit_of[q]] == fold]
            sums = {s: sum(value(s, q) for q in train) for s in systems}
            choice = _argmax(systems, sums)
            scored = [value(choice, q) for q in test]
            held += scored
            per_fold.append({
                "fold": fold, "units": len({unit_of[q] for q in test}), "queries": len(test),
                "chosen": choice, "train": sums[choice] / len(train) if train else 0.0,
                "held_out": sum(scored) / len(scored) if scored else 0.0,
            })
        in_sample = totals[best] / len(qids)
        cv = sum(held) / len(held)
        out.append({
            "metric": metric, "folds": k, "n": len(qids), "best": best,
            "in_sample": in_sample, "cv": cv, "optimism": in_sample - cv,
            "chosen": dict(Counter(f["chosen"] for f in per_fold).most_common()),
            "per_fold": per_fold,
        })
    return out


def _argmax(systems: Sequence[str], sums: Mapping[str, float]) -> str:
    """The system with the largest sum; the first listed among equals (within float noise)."""
    top = max(sums.values())
    return next(s for s in systems if sums[s] >= top - 1e-9 * max(1.0, abs(top)))


def flat_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rows as a CSV-friendly table: one row per metric and fold."""
    out: list[dict[str, Any]] = []
    for row in rows:
        for fold in row["per_fold"]:
            out.append({
                "metric": row["metric"], "best": row["best"], "in_sample": row["in_sample"],
                "cv": row["cv"], "optimism": row["optimism"], **fold,
            })
    return out
