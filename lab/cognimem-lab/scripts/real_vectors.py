"""Real MiniLM vectors for ``python -m cognimem_lab.ann_recall``: stored text and real questions.

    python lab/cognimem-lab/scripts/real_vectors.py --n 100000 --out minilm100k.npy
    python -m cognimem_lab.ann_recall minilm100k.npy --n 100000 --queries 200 \\
        --index hnsw --search-k 100

Takes the distinct paragraphs (the parts of each turn between blank lines, longer than 20
characters) of LongMemEval_S's haystack sessions in ``../shared/bench``, shuffles them with a
fixed seed and keeps ``--n``; then the dataset's questions followed by LoCoMo's (shuffled,
seed 7) until ``--queries`` are taken. All are embedded with the installed offline MiniLM
(the default embedder) and saved as one L2-normalised float32 matrix: the ``n`` memories
first, the queries last, as ``ann_recall`` reads them. Embedding 100,000 paragraphs took 47
minutes on one core of this 2-CPU machine (the benchmark's stand-in vectors take seconds):
the reason this file exists is that those stand-in vectors are a bag of words, and short
queries over them behave unlike a model's (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench"


def paragraphs(data: Path, n: int, seed: int) -> list[str]:
    """``n`` distinct LongMemEval_S paragraphs, a seeded sample, shortest first (fewer
    padding tokens per embedding batch; the order does not matter to ann_recall)."""
    with gzip.open(data / "longmemeval" / "longmemeval_s_dev.json.gz") as f:
        questions = json.load(f)
    found = {part.strip() for q in questions for session in q["haystack_sessions"]
             for turn in session for part in turn["content"].split("\n\n")}
    kept = sorted(p for p in found if len(p) > 20)
    if n > len(kept):
        raise SystemExit(f"--n {n}: the dataset has {len(kept)} distinct paragraphs")
    random.Random(seed).shuffle(kept)
    return sorted(kept[:n], key=len)


def questions(data: Path, count: int, seed: int) -> list[str]:
    """LongMemEval_S's questions, then LoCoMo's (shuffled), ``count`` in all."""
    with gzip.open(data / "longmemeval" / "longmemeval_s_dev.json.gz") as f:
        lme = [q["question"] for q in json.load(f)]
    with open(data / "locomo" / "locomo_dev.json", encoding="utf-8") as f:
        locomo = [qa["question"] for conv in json.load(f) for qa in conv["qa"]]
    random.Random(seed).shuffle(locomo)
    return (lme + locomo)[:count]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100_000, help="paragraphs (the memories)")
    parser.add_argument("--queries", type=int, default=200, help="questions (the queries)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--data", type=Path, default=DATA, help="the shared bench folder")
    parser.add_argument("--out", type=Path, required=True, help="the .npy file to write")
    args = parser.parse_args(argv)
    from cognimem_plugins.minilm.embedder import MiniLMEmbedder

    texts = paragraphs(args.data, args.n, args.seed)
    texts += questions(args.data, args.queries, args.seed)
    embedder = MiniLMEmbedder()
    started = time.perf_counter()
    parts = []
    for start in range(0, len(texts), 256):
        parts.append(embedder.embed_batch(texts[start : start + 256]))
        done = start + len(parts[-1])
        print(f"\r{done:,} of {len(texts):,} embedded, {time.perf_counter() - started:.0f} s",
              end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    np.save(args.out, np.concatenate(parts).astype(np.float32))


if __name__ == "__main__":
    main()
