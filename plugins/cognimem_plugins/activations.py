"""GELU for the numpy encoders: BERT's exact (erf) form in float32, and its table over every
bfloat16 input for the bfloat16 path.

The float32 form (:func:`gelu_`) takes ~19 numpy passes over a (tokens, 4*hidden) block: in a
batched MiniLM pass in bfloat16 it was a quarter of the CPU. The bfloat16 path rounds GELU's
output to bfloat16 anyway (the next product's input), so there its input is rounded too and
the output read from a table of all 65,536 bfloat16 values, each computed once by
:func:`gelu_` (:func:`gelu_of_every_bf16`) and rounded like the inputs
(:func:`.dense_kernels.gelu_bf16_codes`): one rounding and one gather.
"""

from __future__ import annotations

import functools
import math
from typing import Final

import numpy as np
import numpy.typing as npt

Float32Array = npt.NDArray[np.float32]

_GELU_CHUNK_ROWS: Final = 32  # rows of the (tokens, 4*hidden) GELU input per pass: stays in cache

# Abramowitz & Stegun 7.1.26: erfc(z) ~= t * poly(t) * exp(-z^2) with t = 1 / (1 + p*z), z >= 0,
# absolute error < 1.5e-7. Here z = |x| / sqrt(2): p is pre-divided by sqrt(2) and the
# coefficients are pre-halved so the polynomial gives 0.5 * erfc(z) directly.
_ERF_INV_P: Final = np.float32(math.sqrt(2.0) / 0.3275911)
_ERFC_HALF_COEFFS: Final = tuple(
    np.float32(0.5 * c) for c in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)
)


def gelu_(x: Float32Array) -> None:
    """Apply BERT's exact (erf) GELU to a 2-D float32 array in place.

    Uses ``gelu(x) = max(x, 0) - |x| * q`` with ``q = 0.5 * erfc(|x| / sqrt(2))``, true for
    both signs of ``x``; absolute error below 4e-7 for finite ``x``. Rows are processed in
    small chunks so the temporaries stay in cache.
    """
    rows, cols = x.shape
    chunk = max(1, min(rows, _GELU_CHUNK_ROWS))
    abs_buf = np.empty((chunk, cols), dtype=np.float32)
    t_buf = np.empty((chunk, cols), dtype=np.float32)
    q_buf = np.empty((chunk, cols), dtype=np.float32)
    c5, c4, c3, c2, c1 = _ERFC_HALF_COEFFS
    for start in range(0, rows, chunk):
        xc = x[start : start + chunk]
        n = xc.shape[0]
        a, t, q = abs_buf[:n], t_buf[:n], q_buf[:n]
        np.abs(xc, out=a)
        np.add(a, _ERF_INV_P, out=t)  # t = 1 / (1 + p*z) = (1/p) / (1/p + z)
        np.divide(_ERF_INV_P, t, out=t)
        np.multiply(t, c5, out=q)
        q += c4
        q *= t
        q += c3
        q *= t
        q += c2
        q *= t
        q += c1
        q *= t
        np.multiply(a, np.float32(-0.5), out=t)  # exp(-z^2) = exp(-x^2 / 2)
        t *= a
        np.exp(t, out=t)
        q *= t
        q *= a
        np.maximum(xc, np.float32(0.0), out=xc)
        xc -= q


@functools.cache
def gelu_of_every_bf16() -> Float32Array:
    """GELU of every bfloat16 value, in float32: entry ``c`` is ``gelu`` of the value whose
    bfloat16 bit pattern is ``c``. ``+inf`` maps to ``+inf``, ``-inf`` to ``-0``, NaN to NaN.
    Read-only; built once (65,536 values). :mod:`.dense_kernels` rounds it to bfloat16."""
    values = (np.arange(1 << 16, dtype=np.uint32) << np.uint32(16)).view(np.float32)
    finite = np.isfinite(values)
    out = values.copy()
    live = np.ascontiguousarray(values[finite]).reshape(1, -1)
    with np.errstate(over="ignore"):  # x**2 of the largest values: exp(-inf) = 0, as it should
        gelu_(live)
    out[finite] = live[0]
    out[np.isneginf(values)] = np.float32(-0.0)
    out.flags.writeable = False
    return out
