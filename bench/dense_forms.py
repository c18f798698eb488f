"""Which form of the dense product a MiniLM pass should use, by the number of tokens.

    python bench/dense_forms.py [--rounds 15]

The numpy encoder keeps each weight as the checkpoint stores it, ``(out, in)``, and computes
``x @ w.T`` in one of two forms (``cognimem_plugins.numpy_encoder.dense``): ``(w @ x.T).T``
up to ``_WEIGHTS_LEFT_ROWS`` packed tokens, ``x @ w.T`` above. Which is cheaper depends on
the CPU's OpenBLAS kernels, so this times whole passes of one process (one BLAS thread) with
each form, and with the form used before (``x @ w_t``, the weight transposed once at load),
in turn, for batches of queries (10 tokens each) and of short memories (21 tokens each).
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

from cognimem_plugins import numpy_encoder
from cognimem_plugins.minilm.model import MiniLMModel
from cognimem_plugins.numpy_encoder import Float32Array

Dense = Callable[..., Float32Array]


def _forms() -> dict[str, Dense]:
    transposed: dict[int, Float32Array] = {}

    def former(x: Float32Array, w: Float32Array, out: Float32Array | None = None) -> Float32Array:
        w_t = transposed.get(id(w))
        if w_t is None:
            w_t = transposed[id(w)] = np.ascontiguousarray(w.T)
        return np.matmul(x, w_t) if out is None else np.matmul(x, w_t, out=out)

    def right(x: Float32Array, w: Float32Array, out: Float32Array | None = None) -> Float32Array:
        return np.matmul(x, w.T) if out is None else np.matmul(x, w.T, out=out)

    def left(x: Float32Array, w: Float32Array, out: Float32Array | None = None) -> Float32Array:
        product = np.matmul(w, x.T).T
        if out is None:
            return np.ascontiguousarray(product)
        out[...] = product
        return out

    return {"x @ w_t (former)": former, "x @ w.T": right, "(w @ x.T).T": left}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/dense_forms.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    model = MiniLMModel.load()  # sets one BLAS thread itself (blas_threads)
    queries = [f"zq0p{i}w{j}k" for i in range(64) for j in range(4)]
    memories = [f"agent {i} learned fact {j}: zq0p{i}w{j}k about the billing retries"
                for i in range(32) for j in range(4)]
    batches = [(f"{n} queries", queries[:n]) for n in (1, 2, 4, 8, 12, 15, 20)]
    batches += [(f"{n} memories", memories[:n]) for n in (5, 8, 15, 30)]
    forms = _forms()
    saved = numpy_encoder.dense
    try:
        for form in forms.values():  # warm each form (and build the former's copies)
            numpy_encoder.dense = form
            model.encode(queries[:3])
        print(json.dumps({"threshold_rows": numpy_encoder._WEIGHTS_LEFT_ROWS}))
        for label, texts in batches:
            tokens = sum(model.token_count(t) for t in texts)
            cpu: dict[str, list[float]] = {name: [] for name in forms}
            for _ in range(args.rounds):
                for name, form in forms.items():
                    numpy_encoder.dense = form
                    start = time.process_time()
                    model.encode(texts)
                    cpu[name].append(time.process_time() - start)
            former = cpu["x @ w_t (former)"]
            ratios = {name: round(statistics.median(
                a / b for a, b in zip(cpu[name], former, strict=True)), 2)
                for name in list(forms)[1:]}
            print(json.dumps({"batch": label, "tokens": tokens,
                              "former_ms": round(1000 * statistics.median(former), 1),
                              **ratios}), flush=True)
    finally:
        numpy_encoder.dense = saved
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
