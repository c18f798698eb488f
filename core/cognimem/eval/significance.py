"""Paired significance tests over per-query scores, and multiple-testing corrections.

Both tests are two-sided, take the per-query scores of a system and of the baseline on the
same queries, and are seeded so a comparison repeats exactly:

* ``randomization``: the paired (sign-flip) randomization test — under the null hypothesis
  each query's difference is as likely to have the other sign (Smucker, Allan and
  Carterette, CIKM 2007, recommend it for IR evaluation).
* ``bootstrap``: the paired bootstrap (shift method) — resample the differences, centred
  at zero, and see how often the resampled mean is as far from zero as the observed one.

p-values are ``(1 + extreme) / (1 + trials)``, never 0. Corrections: ``holm``
(Holm-Bonferroni, the default), ``bonferroni`` and ``none``; they adjust a family of tests
(every system x metric of one comparison) together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np

from ..errors import InvalidInput

Test = Literal["randomization", "bootstrap"]
Correction = Literal["holm", "bonferroni", "none"]

TESTS: tuple[str, ...] = ("randomization", "bootstrap")
CORRECTIONS: tuple[str, ...] = ("holm", "bonferroni", "none")

_CHUNK = 1000  # trials drawn per block, to bound memory


def paired_test(system: Sequence[float], baseline: Sequence[float], *,
                test: str = "randomization", trials: int = 10_000, seed: int = 0) -> float:
    """The two-sided p-value that ``system`` and ``baseline`` differ on average.

    :param system: per-query scores of the system.
    :param baseline: per-query scores of the baseline, in the same query order.
    :param test: ``randomization`` or ``bootstrap``.
    :param trials: random permutations or resamples.
    :param seed: the random seed (a comparison repeats exactly).
    :raises InvalidInput: unequal lengths, an unknown test or too few trials.
    """
    if len(system) != len(baseline):
        raise InvalidInput(
            f"paired test needs the same queries: {len(system)} scores against {len(baseline)}"
        )
    if test not in TESTS:
        raise InvalidInput(f"unknown test {test!r}; choose one of: {', '.join(TESTS)}")
    if trials < 1:
        raise InvalidInput(f"trials must be at least 1, got {trials}")
    diffs = np.asarray(system, dtype=np.float64) - np.asarray(baseline, dtype=np.float64)
    n = len(diffs)
    if n == 0 or not np.any(diffs):
        return 1.0
    observed = abs(float(diffs.mean()))
    tolerance = 1e-12 * max(1.0, observed)
    rng = np.random.default_rng(seed)
    extreme = 0
    done = 0
    centred = diffs - diffs.mean()
    while done < trials:
        block = min(_CHUNK, trials - done)
        if test == "randomization":
            signs = rng.integers(0, 2, size=(block, n), dtype=np.int8) * 2 - 1
            means = np.abs(signs @ diffs) / n
        else:
            picks = rng.integers(0, n, size=(block, n))
            means = np.abs(centred[picks].mean(axis=1))
        extreme += int(np.count_nonzero(means >= observed - tolerance))
        done += block
    return (1 + extreme) / (1 + trials)


def correct(pvalues: Sequence[float], method: str = "holm") -> list[float]:
    """Adjusted p-values for a family of tests (same order as given).

    :param method: ``holm`` (step-down Holm-Bonferroni), ``bonferroni`` or ``none``.
    :raises InvalidInput: an unknown method.
    """
    if method not in CORRECTIONS:
        raise InvalidInput(
            f"unknown correction {method!r}; choose one of: {', '.join(CORRECTIONS)}"
        )
    m = len(pvalues)
    if method == "none" or m == 0:
        return [float(p) for p in pvalues]
    if method == "bonferroni":
        return [min(1.0, float(p) * m) for p in pvalues]
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for position, i in enumerate(order):
        running = max(running, min(1.0, (m - position) * float(pvalues[i])))
        adjusted[i] = running
    return adjusted
