"""A bfloat16 MiniLM pass with GELU from the table against the exact float32 GELU.

    python bench/gelu_table.py [--rounds 15]

The bfloat16 path reads GELU from a table of every bfloat16 input and hands its codes to
the feed-forward's second product (``BF16Weight.of_gelu``); the exact form runs the float32
GELU (``activations.gelu_``) and lets the product round its output. This times whole passes
of one process with each, in turn (each the best of 5), for batches of queries (10 tokens)
and of short memories (21 tokens), and reports the table's CPU as a ratio to the exact
form's (median of the rounds' paired ratios) and the lowest cosine between their vectors.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cognimem_plugins import dense_kernels
from cognimem_plugins.activations import gelu_
from cognimem_plugins.blas_threads import limit_blas_threads
from cognimem_plugins.minilm.model import MiniLMModel

_TABLE = dense_kernels.BF16Weight.of_gelu


def _exact(self: dense_kernels.BF16Weight, x: Any, out: Any = None) -> Any:
    gelu_(x)
    return self(x, out)


def _cpu(model: MiniLMModel, texts: list[str], gelu: Callable[..., Any]) -> float:
    dense_kernels.BF16Weight.of_gelu = gelu  # type: ignore[method-assign]
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        model.encode(texts)
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/gelu_table.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    model = MiniLMModel.load(precision="bf16")
    limit_blas_threads(1)
    queries = [f"zq0p{i}w{j}k" for i in range(16) for j in range(2)]
    memories = [f"agent {i} learned fact {j}: zq0p{i}w{j}k about the billing retries"
                for i in range(16) for j in range(2)]
    batches = [(f"{n} queries", queries[:n]) for n in (1, 4, 15)]
    batches += [(f"{n} memories", memories[:n]) for n in (5, 15, 30)]
    try:
        for label, texts in batches:
            ratios, exact_ms = [], []
            for _ in range(args.rounds):
                exact = _cpu(model, texts, _exact)
                ratios.append(_cpu(model, texts, _TABLE) / exact)
                exact_ms.append(exact * 1000)
            vectors = model.encode(texts)
            dense_kernels.BF16Weight.of_gelu = _exact  # type: ignore[method-assign]
            cosine = float(np.min(np.sum(vectors * model.encode(texts), axis=1)))
            dense_kernels.BF16Weight.of_gelu = _TABLE  # type: ignore[method-assign]
            print(json.dumps({"batch": label, "exact_ms": round(statistics.median(exact_ms), 2),
                              "table_over_exact": round(statistics.median(ratios), 2),
                              "lowest_cosine": round(cosine, 6)}), flush=True)
    finally:
        dense_kernels.BF16Weight.of_gelu = _TABLE  # type: ignore[method-assign]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
