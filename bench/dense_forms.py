"""Which form of the dense product a MiniLM pass should use, by the number of tokens.

    python bench/dense_forms.py [--rounds 15]

The numpy encoder keeps each weight as the checkpoint stores it, ``(out, in)``, and computes
``x @ w.T`` in float32 in one of two forms (``cognimem_plugins.dense_kernels.dense``): ``(w
@ x.T).T`` up to ``_WEIGHTS_LEFT_ROWS`` packed tokens, ``x @ w.T`` above. Which is cheaper
depends on the CPU's OpenBLAS kernels, so this times whole passes of one process (one BLAS
thread) with each form, and with the form used before (``x @ w_t``, the weight transposed
once at load), in turn, for batches of queries (10 tokens each) and of short memories (21
tokens each); and, as a fourth, the same pass with the weights in bfloat16 (``precision =
"bf16"``, NumKong's packed products: fast where the CPU has AMX tiles).
Reported per batch: its tokens, the CPU milliseconds of a pass in the former form (median),
and each form's CPU time as a ratio to it (median of the rounds' paired ratios, so a
machine whose speed drifts during the run still compares like with like).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

import numpy as np

from cognimem_plugins import dense_kernels
from cognimem_plugins.blas_threads import limit_blas_threads
from cognimem_plugins.minilm.model import MiniLMModel
from cognimem_plugins.numpy_encoder import Float32Array

Dense = Callable[..., Float32Array]

_DENSE = dense_kernels.dense
_FORMER = "x @ w_t (former)"
_BF16 = "bf16 (NumKong)"


def _former() -> Dense:
    """The form used before: ``x @ w_t``, each weight transposed once (on first use)."""
    transposed: dict[int, Float32Array] = {}

    def former(x: Float32Array, w: Float32Array, out: Float32Array | None = None) -> Float32Array:
        w_t = transposed.get(id(w))
        if w_t is None:
            w_t = transposed[id(w)] = np.ascontiguousarray(w.T)
        return np.matmul(x, w_t, out=out)

    return former


#: The encoder's own dense() with its cut moved so that it always takes one form.
_CUTS = {"x @ w.T": 0, "(w @ x.T).T": 1 << 30}


def _use(form: str, former: Dense) -> None:
    """Make the encoder multiply in ``form`` (a key of _CUTS, or the former form)."""
    if form in _CUTS:
        dense_kernels.dense = _DENSE
        dense_kernels._WEIGHTS_LEFT_ROWS = _CUTS[form]  # type: ignore[misc]
    else:
        dense_kernels.dense = former


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/dense_forms.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    model = MiniLMModel.load(precision="f32")
    bf16 = MiniLMModel.load(precision="bf16")
    limit_blas_threads(1)  # as the embedders do (blas_threads): no spinning second thread
    queries = [f"zq0p{i}w{j}k" for i in range(64) for j in range(4)]
    memories = [f"agent {i} learned fact {j}: zq0p{i}w{j}k about the billing retries"
                for i in range(32) for j in range(4)]
    batches = [(f"{n} queries", queries[:n]) for n in (1, 2, 4, 8, 12, 15, 20)]
    batches += [(f"{n} memories", memories[:n]) for n in (5, 8, 15, 30)]
    former = _former()
    forms = [_FORMER, *_CUTS]
    cut = dense_kernels._WEIGHTS_LEFT_ROWS
    print(json.dumps({"threshold_rows": cut}))
    try:
        for form in forms:  # warm each form (and build the former's copies)
            _use(form, former)
            model.encode(queries[:3])
        bf16.encode(queries[:3])
        for label, texts in batches:
            tokens = sum(model.token_count(t) for t in texts)
            cpu: dict[str, list[float]] = {form: [] for form in [*forms, _BF16]}
            for _ in range(args.rounds):
                for form in forms:
                    _use(form, former)
                    start = time.process_time()
                    model.encode(texts)
                    cpu[form].append(time.process_time() - start)
                start = time.process_time()
                bf16.encode(texts)
                cpu[_BF16].append(time.process_time() - start)
            base = cpu[_FORMER]
            ratios = {form: round(statistics.median(
                a / b for a, b in zip(cpu[form], base, strict=True)), 2)
                for form in [*_CUTS, _BF16]}
            print(json.dumps({"batch": label, "tokens": tokens,
                              "former_ms": round(1000 * statistics.median(base), 1),
                              **ratios}), flush=True)
    finally:
        dense_kernels.dense = _DENSE
        dense_kernels._WEIGHTS_LEFT_ROWS = cut  # type: ignore[misc]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
