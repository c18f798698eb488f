"""The numpy encoder's dense product: the same numbers whichever operand order it picks."""

from __future__ import annotations

import numpy as np
import pytest

from cognimem_plugins import numpy_encoder
from cognimem_plugins.numpy_encoder import dense


@pytest.mark.parametrize("rows", [1, 7, numpy_encoder._WEIGHTS_LEFT_ROWS,
                                  numpy_encoder._WEIGHTS_LEFT_ROWS + 1, 400])
def test_dense_is_x_times_w_transposed(rows: int) -> None:
    """Below the threshold ``(w @ x.T).T``, above it ``x @ w.T``: both the product of a
    weight stored (out, in), in rows, C-contiguous (the attention reshapes it)."""
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, 48)).astype(np.float32)
    w = rng.standard_normal((80, 48)).astype(np.float32)
    expected = x.astype(np.float64) @ w.T.astype(np.float64)
    got = dense(x, w)
    assert got.shape == (rows, 80)
    assert got.dtype == np.float32
    assert got.flags.c_contiguous
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)
    out = np.full((rows, 80), np.nan, dtype=np.float32)
    assert dense(x, w, out=out) is out
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-4)


def test_dense_of_a_row_block_writes_only_that_block() -> None:
    """The feed-forward writes each block of rows into a slice of its output."""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((6, 16)).astype(np.float32)
    w = rng.standard_normal((8, 16)).astype(np.float32)
    out = np.zeros((10, 8), dtype=np.float32)
    dense(x[:4], w, out=out[2:6])
    np.testing.assert_allclose(out[2:6], x[:4] @ w.T, rtol=1e-5, atol=1e-5)
    assert not out[:2].any() and not out[6:].any()
