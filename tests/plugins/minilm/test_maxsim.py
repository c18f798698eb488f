"""``maxsim``: late interaction over MiniLM's token vectors as a ranking stage."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cognimem.context import SearchContext
from cognimem.models import Query
from cognimem.testing import build_engine
from cognimem.testing.contracts import RankerContract
from cognimem_plugins.minilm.late import maxsim
from cognimem_plugins.minilm.model import (
    INSTALL_COMMAND,
    EmbedderUnavailable,
    MiniLMModel,
    default_model_dir,
)


def _weights_installed() -> bool:
    try:
        return (default_model_dir() / "model.safetensors").is_file()
    except EmbedderUnavailable:
        return False


needs_weights = pytest.mark.skipif(
    not _weights_installed(), reason=f"MiniLM weights not installed ({INSTALL_COMMAND})")


@needs_weights
class TestContract(RankerContract):
    component = "maxsim"


def test_maxsim_is_the_mean_best_match_per_query_token() -> None:
    query = np.array([[1.0, 0.0], [0.0, 1.0]], dtype=np.float32)
    document = np.array([[1.0, 0.0], [0.6, 0.8], [-1.0, 0.0]], dtype=np.float16)
    assert maxsim(query, document) == pytest.approx((1.0 + 0.8) / 2, abs=1e-3)
    assert maxsim(query, np.empty((0, 2), np.float32)) == 0.0


@pytest.fixture(scope="module")
def model() -> MiniLMModel:
    if not _weights_installed():
        pytest.skip(f"MiniLM weights not installed ({INSTALL_COMMAND})")
    return MiniLMModel.load(precision="f32")


def test_token_vectors_are_the_unpooled_rows_of_the_sentence_vector(model: MiniLMModel) -> None:
    text = "the release moved to Thursday"
    [tokens] = model.token_vectors([text])
    assert tokens.shape == (model.token_count(text) - 2, 384)  # [CLS] and [SEP] left out
    assert np.allclose(np.linalg.norm(tokens, axis=1), 1.0, atol=1e-4)
    [again, other] = model.token_vectors([text, "a much longer sentence about other things"])
    assert np.allclose(again, tokens, atol=1e-4)  # padding in a batch changes nothing
    assert other.shape[0] == model.token_count("a much longer sentence about other things") - 2


def minilm_engine(**rank: Any) -> Any:
    return build_engine(overrides={
        "embedder": {"use": "minilm"},
        "retrieve": [{"use": "vector", "k": 10}],
        "rank": [{"use": "maxsim", **rank}],
    })


@needs_weights
def test_the_ranker_adds_the_maxsim_order_as_one_more_list() -> None:
    engine = minilm_engine()
    texts = ["the deploy failed because the disk was full",
             "we talked about holidays in Spain",
             "the build cache lives in /var/cache/build"]
    for text in texts:
        engine.add(text)
    result = engine.search("why did the deploy fail", explain=True, record_access=False)
    steps = {h.memory.content: h.trail[-1] for h in result.hits}
    first = steps[texts[0]]
    assert first.name == "maxsim" and first.detail["maxsim_rank"] == 1
    assert first.detail["gain"] == pytest.approx(1 / 61, abs=1e-5)
    assert first.detail["maxsim"] > steps[texts[1]].detail["maxsim"]
    assert "token match" in " ".join(first.terms.values())
    engine.close()


@needs_weights
def test_token_vectors_are_cached_per_memory_and_content() -> None:
    engine = minilm_engine(cache=10)
    for text in ["alpha release notes", "beta release notes", "gamma notes"]:
        engine.add(text)
    ranker = engine.rankers[0]
    model = ranker._encoder(SearchContext(engine._ctx, Query(text="x")))  # type: ignore[attr-defined]
    calls: list[int] = []
    inner = model.token_vectors

    def counting(texts: list[str], batch_size: int = 64) -> Any:
        calls.append(len(texts))
        return inner(texts, batch_size)

    model.token_vectors = counting  # type: ignore[method-assign]
    engine.search("release notes", record_access=False)
    engine.search("release notes again", record_access=False)
    assert calls == [1, 3, 1]  # query, the three memories, then the second query alone
    engine.close()


def test_weight_zero_leaves_the_hits_alone() -> None:
    engine = build_engine(overrides={"rank": [{"use": "maxsim", "weight": 0}]})
    engine.add("alpha")
    engine.add("alpha beta")
    hits = engine.search("alpha", explain=True, record_access=False).hits
    assert len(hits) == 2
    assert not any(step.name == "maxsim" for h in hits for step in h.trail)
    engine.close()


@pytest.mark.parametrize("name", ["maxsim", "precise-late"])
def test_the_example_profiles_put_maxsim_before_the_defaults_rankers(name: str) -> None:
    from pathlib import Path

    from cognimem.profile import load_profile

    root = Path(__file__).resolve().parents[3] / "examples" / "research"
    ranks = [r.use for r in load_profile(root / f"{name}.toml", environ=False).rank]
    default = [r.use for r in load_profile(environ=False).rank]
    assert ranks == ["maxsim", *default]
