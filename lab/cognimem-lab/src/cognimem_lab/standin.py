"""A fast stand-in embedder for benchmarks: a random projection of the bag of words.

Each distinct lower-cased word gets a fixed pseudo-random Gaussian vector (seeded by the
word's hash, so every process agrees); a text's vector is the L2-normalised sum of its
words' vectors. Texts that share words get similar vectors, so vector indexes see clustered
data as with a real model, at a tiny fraction of the cost. The time spent embedding is
counted (``seconds``) so benchmarks can report it apart from storage.

It is registered only when a benchmark passes :data:`PLUGIN` to ``Engine.from_profile``;
it never appears among the installed plugins.
"""

from __future__ import annotations

import hashlib
import re
import sys
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Final

import numpy as np
from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Embedder
from cognimem.components import Options as BaseOptions
from cognimem.registry import Register

NAME: Final = "bench-standin"
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


class StandInEmbedder(Embedder):
    """Bag-of-words random projection; ``seconds`` (wall) and ``cpu_seconds`` accumulate the
    time spent embedding."""

    name = NAME
    #: Word vectors shared by every instance in this process (deterministic per word).
    _words: ClassVar[dict[tuple[str, int], np.ndarray]] = {}

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

    def _word(self, word: str) -> np.ndarray:
        key = (word, self.dimension)
        vector = self._words.get(key)
        if vector is None:
            seed = int.from_bytes(hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest(),
                                  "little")
            vector = np.random.default_rng(seed).standard_normal(self.dimension).astype(np.float32)
            self._words[key] = vector
        return vector

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """One normalised vector per text (a text without words gets a fixed unit vector)."""
        started, cpu = time.perf_counter(), time.process_time()
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                out[row] += self._word(sys.intern(word))
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
