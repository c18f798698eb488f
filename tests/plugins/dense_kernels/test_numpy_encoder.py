"""The numpy encoder's dense products: the same numbers whichever operand order or precision."""

from __future__ import annotations

import numpy as np
import pytest

from cognimem_plugins import dense_kernels
from cognimem_plugins.dense_kernels import dense


@pytest.mark.parametrize("rows", [1, 7, dense_kernels._WEIGHTS_LEFT_ROWS,
                                  dense_kernels._WEIGHTS_LEFT_ROWS + 1, 400])
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


@pytest.mark.parametrize("weight", [dense_kernels.F32Weight, dense_kernels.BF16Weight])
@pytest.mark.parametrize("rows", [1, 10, 200])
def test_each_precision_multiplies_by_the_weight_transposed(weight: type, rows: int) -> None:
    """Both wrappers give ``x @ w.T`` in float32 rows; bfloat16 to its 8-bit mantissa (the
    products of two rounded factors, summed in float32), far closer than a wrong product."""
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, 96)).astype(np.float32)
    w = rng.standard_normal((40, 96)).astype(np.float32)
    expected = x.astype(np.float64) @ w.T.astype(np.float64)
    wrapped = weight(w)
    got = wrapped(x)
    assert got.shape == (rows, 40) and got.dtype == np.float32 and got.flags.c_contiguous
    scale = np.abs(expected).max()
    tolerance = 1e-5 if wrapped.precision == "f32" else 1e-2
    assert np.abs(got - expected).max() <= tolerance * scale
    out = np.zeros((rows + 2, 40), dtype=np.float32)
    assert wrapped(x, out=out[1:-1]) is not None
    np.testing.assert_array_equal(out[1:-1], got)
    assert not out[0].any() and not out[-1].any()


def test_bf16_is_not_float32() -> None:
    """The bfloat16 path really rounds: a weight with bits below bfloat16's mantissa loses
    them (so the test above checks a different kernel, not float32 twice)."""
    w = np.array([[1.0 + 2.0 ** -12]], dtype=np.float32)
    x = np.array([[1.0]], dtype=np.float32)
    assert dense_kernels.F32Weight(w)(x)[0, 0] == np.float32(1.0 + 2.0 ** -12)
    assert dense_kernels.BF16Weight(w)(x)[0, 0] == np.float32(1.0)


def test_precision_resolves(monkeypatch: pytest.MonkeyPatch) -> None:
    """``auto`` takes bfloat16 exactly where NumKong reports native bfloat16 dot products;
    the others as named."""
    assert dense_kernels.resolve_precision("f32") == "f32"
    assert dense_kernels.resolve_precision("bf16") == "bf16"
    monkeypatch.setattr(dense_kernels, "has_bf16_dots", lambda: True)
    assert dense_kernels.resolve_precision("auto") == "bf16"
    assert dense_kernels.weight_factory("auto") is dense_kernels.BF16Weight
    monkeypatch.setattr(dense_kernels, "has_bf16_dots", lambda: False)
    assert dense_kernels.resolve_precision("auto") == "f32"
    assert dense_kernels.weight_factory("auto") is dense_kernels.F32Weight
    with pytest.raises(ValueError, match="precision must be"):
        dense_kernels.resolve_precision("fp8")  # type: ignore[arg-type]


@pytest.mark.parametrize(("reported", "resolved"), [
    ({"haswell": True, "skylake": True, "icelake": True}, "f32"),  # AVX-512, no BF16 dots
    ({"haswell": True, "skylake": True, "icelake": True, "genoa": True}, "bf16"),  # Zen 4
    ({"skylake": True, "sapphire": True, "sapphireamx": True}, "bf16"),  # AMX tiles
], ids=["avx512", "avx512-bf16", "amx"])
def test_auto_takes_bfloat16_where_the_cpu_has_bfloat16_dot_products(
        monkeypatch: pytest.MonkeyPatch, reported: dict[str, bool], resolved: str) -> None:
    """#45: AVX512-BF16 (NumKong's ``genoa``) resolves ``auto`` to bfloat16 as AMX does."""
    class NumKong:
        @staticmethod
        def get_capabilities() -> dict[str, bool]:
            return {"serial": True, **reported}

    monkeypatch.setattr(dense_kernels, "_numkong", lambda: NumKong)
    assert dense_kernels.resolve_precision("auto") == resolved


def test_bf16_without_numkong_names_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_numkong(name: str, *args: object, **kwargs: object) -> object:
        if name == "numkong":
            raise ImportError("No module named 'numkong'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_numkong)
    with pytest.raises(dense_kernels.PrecisionUnavailable, match="pip install numkong"):
        dense_kernels.resolve_precision("bf16")
    assert dense_kernels.resolve_precision("auto") == "f32"
