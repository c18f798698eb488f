"""The MiniLM vectors of the injection judge's texts, as the engine would embed them.

A write is embedded after the guard's redaction, so each text is redacted first (the
guard's own :func:`~cognimem_plugins.guard.secrets.redact`), then embedded by the default
embedder (``minilm``). The vectors are cached under ``/tmp`` (``COGNIMEM_JUDGE_CACHE``),
never in the repository: one ``.npz`` of text digests and vectors, extended as new texts
come. Run from the repository root to fill the cache for every text the training script
reads::

    python bench/guard_eval/judge_vectors.py [--bench ../shared/bench]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
CACHE = Path(os.environ.get("COGNIMEM_JUDGE_CACHE", "/tmp/cognimem-judge/vectors.npz"))
#: texts embedded per pass, and saved to the cache every this many
BATCH = 64
SAVE_EVERY = 2048


def key(text: str) -> str:
    """The cache key of a text (its SHA-256)."""
    return hashlib.sha256(text.encode()).hexdigest()


def embedded_text(text: str) -> str:
    """``text`` as the engine embeds it: after the guard's redaction."""
    from cognimem_plugins.guard.secrets import redact

    return redact(text)[0]


class Cache:
    """Vectors by text digest, read from and saved to :data:`CACHE`."""

    def __init__(self, path: Path | None = CACHE) -> None:
        self.path = path  # None: kept in memory only
        self.table: dict[str, np.ndarray] = {}
        if path is not None and path.is_file():
            with np.load(path) as saved:
                self.table = dict(zip(saved["keys"].tolist(), saved["vectors"], strict=True))

    def save(self) -> None:
        """Write the cache (atomically)."""
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = sorted(self.table)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=np.array(keys), vectors=np.stack([self.table[k] for k in keys])
                 if keys else np.zeros((0, 384), np.float32))
        tmp.replace(self.path)

    def vectors(self, texts: Sequence[str], *, redacted: bool = False) -> np.ndarray:
        """The vector of each text (embedding the ones not cached)."""
        from cognimem_plugins.minilm.embedder import MiniLMEmbedder

        shown = list(texts) if redacted else [embedded_text(t) for t in texts]
        keys = [key(t) for t in shown]
        missing = list({k: t for k, t in zip(keys, shown, strict=True)
                        if k not in self.table}.items())  # in the order given
        if missing:
            embedder = MiniLMEmbedder()
            for start in range(0, len(missing), BATCH):
                part = missing[start:start + BATCH]
                out = np.asarray(embedder.embed_batch([t for _, t in part]), np.float32)
                self.table.update(zip([k for k, _ in part], out, strict=True))
                if (start // BATCH) % (SAVE_EVERY // BATCH) == SAVE_EVERY // BATCH - 1:
                    self.save()
                    print(f"embedded {start + len(part)} of {len(missing)}", file=sys.stderr)
            self.save()
        return np.stack([self.table[k] for k in keys]) if keys else np.zeros((0, 384))


def main(argv: list[str] | None = None) -> int:
    """Embed every text the judge's training reads (splits, notes, corpora, turns)."""
    sys.path.insert(0, str(HERE))
    from train_judge import all_texts

    parser = argparse.ArgumentParser(prog="python bench/guard_eval/judge_vectors.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    args = parser.parse_args(argv)
    from train_judge import FALLBACK_BENCH

    bench = args.bench if (args.bench / "locomo").is_dir() else FALLBACK_BENCH
    if not (bench / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {args.bench} nor {FALLBACK_BENCH}")
    texts = all_texts(bench)
    Cache().vectors(texts)
    print(f"{len(texts)} texts embedded or cached in {CACHE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
