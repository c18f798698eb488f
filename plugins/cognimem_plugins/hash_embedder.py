"""``hash``: a deterministic embedder for tests only — hashed word and character n-grams.

Its vectors share dimensions only when texts share words, so "similar" means "overlapping
vocabulary". Never use it for real memory.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Embedder
from cognimem.components import Options as BaseOptions
from cognimem.registry import Register

from .text import tokens


class HashEmbedder(Embedder):
    """Feature hashing of stemmed words and character trigrams into ``dim`` buckets."""

    reads_beside_writes = True  # holds no state a search changes

    name = "hash"

    class Options(BaseOptions):
        """Dimension of the hashed vectors."""

        dim: int = Field(default=64, ge=8, le=4096)

    options: HashEmbedder.Options

    def __init__(self, options: object = None) -> None:
        super().__init__(options)  # type: ignore[arg-type]
        self.dimension = self.options.dim
        self.model_id = f"hash-{self.options.dim}"

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            words = tokens(text)
            features = words + [w[i : i + 3] for w in words for i in range(max(1, len(w) - 2))]
            for feature in features:
                digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dimension
                sign = 1.0 if digest[4] & 1 else -1.0
                out[row, bucket] += sign
            norm = float(np.linalg.norm(out[row]))
            if norm > 0:
                out[row] /= norm
            else:
                out[row, 0] = 1.0
        return out


@hookimpl
def cognimem_register_embedders(register: Register) -> None:
    """Register the hash embedder (tests only)."""
    register(HashEmbedder)
