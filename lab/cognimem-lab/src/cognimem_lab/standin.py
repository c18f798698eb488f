"""A fast stand-in embedder for benchmarks: a random projection of the bag of words.

Each distinct lower-cased word gets a fixed pseudo-random Gaussian vector (seeded by the
word's hash, so every process agrees); a text's vector is the L2-normalised sum of its
words' vectors. Texts that share words get similar vectors, so vector indexes see clustered
data as with a real model, at a tiny fraction of the cost. The time spent embedding is
counted (``seconds``) so benchmarks can report it apart from storage.

The words' vectors are kept for the :data:`WORDS_KEPT` most recently used words only (any
other is made again from its hash, the same vector): a million memories of the benchmark's
corpus hold 391,983 distinct words, whose vectors, all kept, were ~0.6 GB of the measuring
process's peak, counted as the store's (#45); with 16,384 kept, 1.6 % of the words looked
up are made again (1.1 % are a word's first use anyway).

It is registered only when a benchmark passes :data:`PLUGIN` to ``Engine.from_profile``;
it never appears among the installed plugins.
"""

from __future__ import annotations

import functools
import hashlib
import re
import time
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Embedder
from cognimem.components import Options as BaseOptions
from cognimem.registry import Register

NAME: Final = "bench-standin"
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
#: Word vectors kept in this process (the most recently used; deterministic per word).
WORDS_KEPT: Final = 16_384


@functools.lru_cache(maxsize=WORDS_KEPT)
def word_vector(word: str, dimension: int) -> np.ndarray:
    """The fixed pseudo-random Gaussian vector of ``word`` (seeded by its hash)."""
    seed = int.from_bytes(hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest(), "little")
    vector = np.random.default_rng(seed).standard_normal(dimension).astype(np.float32)
    vector.flags.writeable = False
    return vector


class StandInEmbedder(Embedder):
    """Bag-of-words random projection; ``seconds`` (wall) and ``cpu_seconds`` accumulate the
    time spent embedding."""

    name = NAME

    class Options(BaseOptions):
        """The vectors' dimension."""

        dim: int = Field(default=384, ge=8, le=4096)

    options: Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.dimension = self.options.dim
        self.model_id = f"{NAME}-{self.dimension}"
        self.seconds = 0.0
        self.cpu_seconds = 0.0
        self.texts = 0

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """One normalised vector per text (a text without words gets a fixed unit vector)."""
        started, cpu = time.perf_counter(), time.process_time()
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                out[row] += word_vector(word, self.dimension)
            norm = float(np.linalg.norm(out[row]))
            if norm > 0:
                out[row] /= norm
            else:
                out[row, 0] = 1.0
        self.seconds += time.perf_counter() - started
        self.cpu_seconds += time.process_time() - cpu
        self.texts += len(texts)
        return out


class _Plugin:
    """The plugin object that registers the stand-in embedder."""

    @hookimpl
    def cognimem_register_embedders(self, register: Register) -> None:
        """Register :class:`StandInEmbedder`."""
        register(StandInEmbedder)


#: Pass to ``Engine.from_profile(plugins=[PLUGIN])`` to make ``bench-standin`` selectable.
PLUGIN: Final = _Plugin()
