"""GELU: the exact float32 form, and the bfloat16 path's table of every bfloat16 input."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cognimem_plugins import dense_kernels
from cognimem_plugins.activations import gelu_
from cognimem_plugins.dense_kernels import bf16_codes, gelu_bf16_codes


def _gelu64(x: np.ndarray) -> np.ndarray:
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def _values(codes: np.ndarray) -> np.ndarray:
    return (codes.astype(np.uint32) << np.uint32(16)).view(np.float32)


def test_exact_gelu_matches_erf() -> None:
    x = np.linspace(-12, 12, 3 * 1537, dtype=np.float32).reshape(3, -1)
    expected = _gelu64(x.astype(np.float64))
    gelu_(x)
    assert np.abs(x - expected).max() < 4e-7 * 12


def test_bf16_codes_round_to_nearest_even() -> None:
    ulp = 2.0 ** -7  # bfloat16 keeps 7 mantissa bits: its step at 1.0
    x = np.array([1.0, 1.0 + ulp / 2, 1.0 + 1.5 * ulp, 1.0 + 0.51 * ulp, -2.5, 3.0e38,
                  np.inf, -np.inf, np.nan], dtype=np.float32)
    got = _values(bf16_codes(x))
    # a tie goes to the even mantissa: 1 + ulp/2 down to 1, 1 + 1.5 ulp up to 1 + 2 ulp
    assert got[:5].tolist() == [1.0, 1.0, 1.0 + 2 * ulp, 1.0 + ulp, -2.5]
    assert math.isinf(got[5]) or abs(got[5] - 3.0e38) / 3.0e38 < ulp  # near the top: rounded
    assert got[6] == np.inf and got[7] == -np.inf and np.isnan(got[8])


def test_the_table_is_gelu_of_every_bfloat16_value() -> None:
    table = gelu_bf16_codes()
    assert table.shape == (65536,) and table.dtype == np.uint16
    assert not table.flags.writeable
    inputs = _values(np.arange(65536, dtype=np.uint16))
    finite = np.isfinite(inputs)
    expected = _gelu64(inputs[finite].astype(np.float64))
    got = _values(table)[finite].astype(np.float64)
    # the table holds gelu rounded to bfloat16: within half a step of the exact value (a
    # step: 2**-7 of the magnitude) plus float32 gelu's own error (under 4e-7)
    bound = np.abs(expected) * 2.0 ** -8 + 4e-7
    assert np.all(np.abs(got - expected) <= bound)
    assert np.array_equal(got[inputs[finite] > 8], inputs[finite][inputs[finite] > 8])
    assert np.all(np.abs(got[inputs[finite] < -8]) < 1e-13)  # -8 * Phi(-8) ~ -5e-15
    specials = {np.float32(np.inf): np.inf, np.float32(-np.inf): 0.0}
    for value, want in specials.items():
        assert _values(table[bf16_codes(np.array([value]))])[0] == want
    assert np.isnan(_values(table[bf16_codes(np.array([np.nan], dtype=np.float32))])[0])


@pytest.mark.parametrize("rows", [1, 10, 300])
def test_of_gelu_is_the_product_of_gelu(rows: int) -> None:
    """Both precisions give ``gelu(x) @ w.T``; bfloat16 rounds gelu's input and output to 8
    bits of mantissa (as its product would round the output anyway), far closer than a
    product of the wrong activation."""
    rng = np.random.default_rng(rows)
    x = (rng.standard_normal((rows, 96)) * 2).astype(np.float32)
    w = rng.standard_normal((40, 96)).astype(np.float32)
    expected = _gelu64(x.astype(np.float64)) @ w.T.astype(np.float64)
    without_gelu = x.astype(np.float64) @ w.T.astype(np.float64)
    scale = np.abs(expected).max()
    for weight in (dense_kernels.F32Weight(w), dense_kernels.BF16Weight(w)):
        before = x.copy()
        out = np.zeros((rows + 2, 40), dtype=np.float32)
        got = weight.of_gelu(before, out=out[1:-1])
        assert got.shape == (rows, 40) and got.dtype == np.float32
        assert not out[0].any() and not out[-1].any()
        error = np.abs(out[1:-1] - expected).max()
        assert error <= (1e-5 if weight.precision == "f32" else 2e-2) * scale
        assert np.abs(without_gelu - expected).max() > 10 * error
        if weight.precision == "bf16":
            np.testing.assert_array_equal(before, x)  # its input left as it was
