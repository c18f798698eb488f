"""The ``hnsw`` graph's stored precision on real MiniLM vectors: recall@10 against exact
float32 search and insert CPU, for each ``dtype`` (#45, wave 7).

    python lab/cognimem-lab/scripts/real_vectors.py --n 31000 --queries 1000 \\
        --data ../shared/bench --out /tmp/w7vec/minilm31k.npy
    python lab/cognimem-lab/scripts/bf16_recall.py /tmp/w7vec/minilm31k.npy --n 30000 \\
        --questions 1000 --held-out 1000 --dtypes f32,f16,bf16

``real_vectors.py`` writes the paragraphs first, the questions last. Two query sets: the
real questions, and ``--held-out`` paragraphs drawn at random (seed 7) out of the corpus
(never indexed). Per set: the precision loss alone (exact search over the vectors rounded to
each 16-bit format, as the graph stores them, against float32), then each dtype's graph
through ``cognimem_lab.ann_recall`` at k = 10 and as the retriever sees it (top 10 of 100).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

from cognimem_lab.ann_recall import measure


def rounded(vectors: np.ndarray, dtype: str) -> np.ndarray:
    """``vectors`` as a graph of ``dtype`` stores them, back in float32 (bf16: round to
    nearest even, as usearch converts)."""
    if dtype == "f16":
        return vectors.astype(np.float16).astype(np.float32)
    if dtype == "bf16":
        bits = vectors.astype(np.float32).view(np.uint32).astype(np.uint64)
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16
        return bits.astype(np.uint32).view(np.float32)
    return vectors.astype(np.float32)


def exact_recall(corpus: np.ndarray, probes: np.ndarray, dtype: str, k: int = 10) -> float:
    """Mean share of the float32 top ``k`` that an exact search over ``dtype``'s stored
    vectors keeps (cosine; the stored vectors are renormalised as a cosine metric does)."""
    stored = rounded(corpus, dtype)
    stored /= np.linalg.norm(stored, axis=1, keepdims=True)
    kept = []
    for start in range(0, len(probes), 256):
        q = probes[start : start + 256]
        truth = np.argpartition(-(q @ corpus.T), k, axis=1)[:, :k]
        found = np.argpartition(-(q @ stored.T), k, axis=1)[:, :k]
        kept += [len(set(a) & set(b)) / k for a, b in zip(truth, found, strict=True)]
    return float(np.mean(kept))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("vectors", type=Path)
    parser.add_argument("--n", type=int, default=30_000, help="paragraphs indexed")
    parser.add_argument("--questions", type=int, default=1000, help="question rows at the end")
    parser.add_argument("--held-out", type=int, default=1000, help="paragraphs held out")
    parser.add_argument("--dtypes", default="f32,f16,bf16")
    parser.add_argument("--config", default="{}", help="other hnsw options (JSON)")
    parser.add_argument("--search-k", default="10,100",
                        help="depths asked of the index (its top 10 is scored), comma-separated")
    args = parser.parse_args(argv)
    data = np.load(args.vectors).astype(np.float32)
    paragraphs, questions = data[: -args.questions], data[-args.questions :]
    order = np.random.default_rng(7).permutation(len(paragraphs))
    held, kept = order[: args.held_out], np.sort(order[args.held_out :])[: args.n]
    corpus = paragraphs[kept]
    dtypes = args.dtypes.split(",")
    for label, probes in (("questions", questions), ("held_out", paragraphs[held])):
        loss = {d: round(exact_recall(corpus, probes, d), 4) for d in dtypes}
        print(json.dumps({"queries": label, "n": len(corpus), "exact_over_stored": loss}),
              flush=True)
        with tempfile.TemporaryDirectory() as folder:
            file = Path(folder) / "v.npy"
            np.save(file, np.concatenate([corpus, probes]))
            joined = np.load(file, mmap_mode="r")
            configs = [{**json.loads(args.config), "dtype": d} for d in dtypes]
            for search_k in (int(d) for d in args.search_k.split(",")):
                for row in measure(joined, len(corpus), len(probes), configs, index="hnsw",
                                   search_k=search_k):
                    sys.stdout.write(json.dumps({"queries": label, "search_k": search_k,
                                                 **row}) + "\n")
                    sys.stdout.flush()


if __name__ == "__main__":
    main()
