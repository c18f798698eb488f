"""The dense layers' products of the numpy encoders: float32 by numpy, or bfloat16 by NumKong.

Four of a transformer layer's products (query/key/value, the attention's output, the
feed-forward's two) hold ~90% of a pass's arithmetic and all of its weights. Each weight
is wrapped once, at load, in an object that computes ``x @ w.T`` for the weight stored
``(out, in)`` as the checkpoint lays it out:

* :class:`F32Weight`, float32 through numpy's BLAS (:func:`dense`), the reference;
* :class:`BF16Weight`, the weight packed once in bfloat16 by NumKong (``dots_pack``), each
  call rounding the activations to bfloat16 and accumulating in float32 (``dots_packed``).
  On a CPU with AMX tiles (Intel Sapphire Rapids and later) a MiniLM pass takes 0.4-0.7 of
  the float32 pass's CPU and moves half the bytes of weights; a sentence's vector keeps a
  cosine of 0.9999+ with the float32 one (docs/benchmarks.md, "Dense layers in bfloat16").
  Without AMX, NumKong's bfloat16 kernels emulated on AVX-512 are slower than OpenBLAS on
  batches; with AVX512-BF16's dot products (AMD Zen 4 and later, NumKong's ``genoa``) a
  query's pass took 7 ms of CPU against 12-13 ms in float32, and a batch of 64 texts 0.75-0.85
  of the float32 CPU (issue #45; lab/cognimem-lab/EXPERIMENTS.md, "MiniLM in bfloat16 on
  AVX512-BF16").

``precision = "auto"`` (:func:`resolve_precision`) takes bfloat16 where NumKong reports AMX
or AVX512-BF16 (:data:`BF16_CAPABILITIES`) and float32 elsewhere. NumKong is usearch's own
kernel library, installed with it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final, Literal, Protocol

import numpy as np
import numpy.typing as npt

from .activations import gelu_, gelu_of_every_bf16

Float32Array = npt.NDArray[np.float32]
UInt16Array = npt.NDArray[np.uint16]
Precision = Literal["auto", "f32", "bf16"]
Resolved = Literal["f32", "bf16"]

_WEIGHTS_LEFT_ROWS: Final = 128  # up to this many tokens a float32 product runs as w @ x.T
#: NumKong capabilities whose bfloat16 dot products beat OpenBLAS's float32 on every batch
AMX_CAPABILITIES: Final = ("sapphireamx", "graniteamx")
#: ... and those whose AVX512-BF16 dot products beat it too (measured on Zen 4, #45)
BF16_CAPABILITIES: Final = (*AMX_CAPABILITIES, "genoa")


class PrecisionUnavailable(RuntimeError):
    """bfloat16 was asked for and NumKong cannot be imported."""


class DenseWeight(Protocol):
    """A weight stored ``(out, in)``; calling it with ``x`` of ``(rows, in)`` gives ``x @ w.T``,
    a C-contiguous float32 ``(rows, out)`` (written into ``out`` when given)."""

    precision: Resolved

    def __call__(self, x: Float32Array, out: Float32Array | None = None) -> Float32Array: ...

    def of_gelu(self, x: Float32Array, out: Float32Array | None = None) -> Float32Array:
        """``gelu(x) @ w.T`` (the feed-forward's second product); ``x`` may be overwritten."""
        ...


def dense(x: Float32Array, w: Float32Array, out: Float32Array | None = None) -> Float32Array:
    """``x @ w.T`` for a float32 weight stored ``(out, in)``: a C-contiguous ``(rows, out)``.

    Up to ``_WEIGHTS_LEFT_ROWS`` rows it is computed as ``(w @ x.T).T`` and copied back to rows:
    with the few activations as BLAS's right operand, OpenBLAS packs far less per call. A whole
    MiniLM pass against the former ``x @ w_t`` (weights transposed at load), paired runs: one
    10-token query 0.56-0.65 of the time, 40 tokens 0.73-0.77; the two forms meet between 120
    and 170 tokens, and from 300 ``x @ w.T`` is the cheaper (0.94-1.01 of the former, ``w @
    x.T`` 1.04-1.12). ``python bench/dense_forms.py`` measures it on another CPU;
    docs/benchmarks.md, "A query's dense layers". Either form is the same product, to float32
    rounding.
    """
    if x.shape[0] > _WEIGHTS_LEFT_ROWS:
        return np.matmul(x, w.T, out=out)
    product = np.matmul(w, x.T).T
    if out is None:
        return np.ascontiguousarray(product)
    np.copyto(out, product)
    return out


class F32Weight:
    """A float32 weight multiplied by numpy's BLAS (:func:`dense`)."""

    precision: Resolved = "f32"
    __slots__ = ("w",)

    def __init__(self, w: Float32Array) -> None:
        self.w = np.ascontiguousarray(w, dtype=np.float32)

    def __call__(self, x: Float32Array, out: Float32Array | None = None) -> Float32Array:
        return dense(x, self.w, out)

    def of_gelu(self, x: Float32Array, out: Float32Array | None = None) -> Float32Array:
        """The exact GELU in place (:func:`.activations.gelu_`), then the product."""
        gelu_(x)
        return dense(x, self.w, out)


class BF16Weight:
    """A weight packed in bfloat16 by NumKong; activations are rounded to bfloat16 per call and
    the products accumulate in float32. The packed matrix is read-only: threads may share it,
    and NumKong releases the interpreter lock while it multiplies."""

    precision: Resolved = "bf16"
    __slots__ = ("_nk", "_packed")

    def __init__(self, w: Float32Array) -> None:
        self._nk = nk = _numkong()
        self._packed = nk.dots_pack(nk.astype(np.ascontiguousarray(w, dtype=np.float32), "bf16"),
                                    dtype="bf16")

    def __call__(self, x: Float32Array, out: Float32Array | None = None) -> Float32Array:
        return self._product(self._nk.astype(x, "bf16"), out)

    def of_gelu(self, x: Float32Array, out: Float32Array | None = None) -> Float32Array:
        """GELU read from the table of every bfloat16 input (:func:`gelu_bf16_codes`)
        for ``x`` rounded to bfloat16, and fed to the product as it is: the product would
        round the exact GELU's output to bfloat16 in any case. ``x`` is left as it was."""
        gelu = np.take(gelu_bf16_codes(), bf16_codes(x))
        return self._product(
            self._nk.from_pointer(gelu.ctypes.data, gelu.shape, "bf16", owner=gelu), out)

    def _product(self, x_bf16: Any, out: Float32Array | None) -> Float32Array:
        product: Float32Array = np.asarray(self._nk.dots_packed(x_bf16, self._packed))
        if out is None:
            return product
        np.copyto(out, product)
        return out


def bf16_codes(x: Float32Array) -> UInt16Array:
    """The bfloat16 bit patterns of float32 values, rounded by NumKong as its products round
    their activations (to nearest even; NaN and infinities kept)."""
    return np.asarray(_numkong().astype(x, "bf16")).view(np.uint16)


@functools.cache
def gelu_bf16_codes() -> UInt16Array:
    """GELU of every bfloat16 value as bfloat16 codes (:func:`.activations.gelu_of_every_bf16`
    rounded by :func:`bf16_codes`): entry ``c`` for the input whose code is ``c``. Read-only."""
    table = bf16_codes(gelu_of_every_bf16())
    table.flags.writeable = False
    return table


def _numkong() -> Any:
    try:
        import numkong
    except ImportError as exc:  # usearch installs it; a trimmed environment may not have it
        raise PrecisionUnavailable(
            "precision = 'bf16' needs NumKong, which usearch installs: "
            f"pip install numkong ({exc})") from exc
    return numkong


def _capabilities() -> dict[str, bool]:
    try:
        found: dict[str, bool] = _numkong().get_capabilities()
    except (PrecisionUnavailable, AttributeError):
        return {}
    return found


def has_amx() -> bool:
    """Whether NumKong can import and reports AMX tiles on this CPU."""
    capabilities = _capabilities()
    return any(capabilities.get(name) for name in AMX_CAPABILITIES)


def has_bf16_dots() -> bool:
    """Whether NumKong can import and reports native bfloat16 dot products on this CPU
    (AMX tiles or AVX512-BF16): where ``auto`` takes bfloat16."""
    capabilities = _capabilities()
    return any(capabilities.get(name) for name in BF16_CAPABILITIES)


def resolve_precision(precision: Precision) -> Resolved:
    """``auto``: bfloat16 where NumKong has native bfloat16 dot products (AMX or
    AVX512-BF16), else float32; the others as named (``bf16`` raises
    :class:`PrecisionUnavailable` without NumKong)."""
    if precision == "auto":
        return "bf16" if has_bf16_dots() else "f32"
    if precision == "bf16":
        _numkong()
        return "bf16"
    if precision == "f32":
        return "f32"
    raise ValueError(f"precision must be 'auto', 'f32' or 'bf16', got {precision!r}")


def weight_factory(precision: Precision) -> Callable[[Float32Array], DenseWeight]:
    """The wrapper that the named precision (resolved) gives each weight."""
    return BF16Weight if resolve_precision(precision) == "bf16" else F32Weight
