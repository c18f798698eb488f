"""How far two passes of one numpy encoder over the same text may drift apart, per precision.

Two passes over one text in different batches (other rows, other padding, another split of
the rows among a kernel's tiles) are the same arithmetic in another order. How far apart
that leaves the two vectors is a property of the number format, not of one CPU's kernels:

* **float32** (24 significant bits, unit roundoff ``2**-24``): only the order of the sums
  changes; a reordered dot product of ``n`` terms moves by about ``sqrt(n) * 2**-24`` of its
  size (``n`` <= 1536 in MiniLM: ~2e-6), so 24 products leave the vectors ~1e-5 apart
  (``1 - cos`` ~ 1e-10). ``1 - cos <= 1e-5`` holds that with five orders to spare.
* **bfloat16** (8 significant bits, unit roundoff ``u = 2**-8`` per rounding to nearest):
  the weights are packed once (both passes read the same bits) and the sums are float32,
  but before each of a layer's four dense products (query/key/value, attention output,
  the two feed-forward ones) the activations are rounded to bfloat16: ``k = 4 * 6 = 24``
  roundings in MiniLM's six layers. A reordered float32 sum can move a value across a
  bfloat16 rounding boundary, after which the two passes round differently. Pessimistically
  every one of those ``k`` roundings is independent between the passes: each one's relative
  error is spread over ``[-u, u]`` (rms ``u / sqrt(3)``), the difference of two of them has
  rms ``u * sqrt(2/3)``, and layer norm and the residual stream carry a relative error on
  without gain, so ``k`` of them add in quadrature to a relative distance
  ``r = sqrt(k) * u * sqrt(2/3) = 4u`` for ``k = 24``. Then ``1 - cos = r**2 / 2 = 8 * u**2
  = 2**-13`` (~1.22e-4).

The bound is loose for a CPU whose kernels round nearly every value the same way in both
passes (on an AVX512-BF16 CPU without AMX a batch of 7 measured ``1 - cos = 2.3e-5``, a
fifth of it) and still far tighter than any wrong answer: texts of the reference set that
tokenize differently are at most 0.53 alike (cosine), and ``test_batch_invariance`` checks
that its rows shifted by one fall below the floor.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

BF16_UNIT_ROUNDOFF: Final = 2.0 ** -8  # 8 significant bits, rounding to nearest
ROUNDINGS_PER_PASS: Final = 4 * 6  # four rounded dense inputs in each of six layers
#: the largest ``1 - cos`` between two passes over one text, by precision
COSINE_GAP: Final[dict[str, float]] = {
    "f32": 1e-5,
    "bf16": ROUNDINGS_PER_PASS * (2 / 3) * BF16_UNIT_ROUNDOFF ** 2 / 2,  # 8 u^2 = 2^-13
}


def cosines(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    """Row-by-row cosine of two arrays of vectors, in float64."""
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    dots = (a64 * b64).sum(axis=1)
    result: npt.NDArray[np.float64] = dots / (
        np.linalg.norm(a64, axis=1) * np.linalg.norm(b64, axis=1)
    )
    return result


def cosine_floor(precision: str) -> float:
    """The smallest cosine two passes of ``precision`` over one text may have."""
    return 1.0 - COSINE_GAP[precision]


def assert_same_vectors(a: npt.NDArray[Any], b: npt.NDArray[Any], precision: str) -> None:
    """``a`` and ``b`` hold the same texts' vectors, row by row, to ``precision``'s bound."""
    assert a.shape == b.shape, (a.shape, b.shape)
    if not len(a):
        return
    got = cosines(a, b)
    worst = int(np.argmin(got))
    assert got[worst] >= cosine_floor(precision), (
        f"row {worst}: cosine {got[worst]:.7f} < {cosine_floor(precision):.7f} ({precision})")
