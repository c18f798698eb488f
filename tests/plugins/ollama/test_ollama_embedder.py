"""The ``ollama`` embedder against a local HTTP server that speaks Ollama's ``/api/embed``."""

from __future__ import annotations

import hashlib
import re
import socket
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
import pytest

from cognimem.engine import Engine
from cognimem.errors import CognimemError, EmbedderUnavailable
from cognimem.testing import EmbedderContract, FakeOllama, build_engine
from cognimem.testing.ollama import Embed
from cognimem_plugins.ollama.embedder import DEFAULT_HOST, OllamaEmbedder

MODEL = "nomic-embed-text"


def word_vector(word: str, dim: int) -> np.ndarray:
    """A fixed pseudo-random vector per word (texts sharing words get similar vectors)."""
    seed = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
    return np.random.default_rng(seed).standard_normal(dim)


def fake_embedding(text: str, dim: int) -> list[float]:
    """Deterministic, unnormalised: the sum of the text's word vectors, times 3."""
    words = re.findall(r"\w+", text.lower()) or [f"<empty:{text}>"]
    total = np.sum([word_vector(w, dim) for w in words], axis=0)
    return [float(x) for x in 3.0 * total]


def embedding_of(dim: int) -> Embed:
    """The fake server's model: :func:`fake_embedding` in ``dim`` dimensions."""
    return lambda text: fake_embedding(text, dim)


# Started at import so the contract class below can name its port in `options`.
SERVER = FakeOllama(embed=embedding_of(24), pulled={MODEL}).start()
URL = SERVER.url


@pytest.fixture(scope="module", autouse=True)
def _stop_server() -> Iterator[None]:
    yield
    SERVER.close()


def _reset() -> None:
    SERVER.seen.clear()
    SERVER.embed, SERVER.pulled = embedding_of(24), {MODEL}


@pytest.fixture
def fake() -> Iterator[FakeOllama]:
    """The fake server, its state reset before and after the test."""
    _reset()
    yield SERVER
    _reset()


def ollama_engine(**options: Any) -> Engine:
    return build_engine(overrides={"embedder": {"use": "ollama", "host": URL, **options}})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TestOllamaContract(EmbedderContract):
    component = "ollama"
    options: ClassVar[dict[str, Any]] = {"host": URL, "batch_size": 3}


def test_search_end_to_end(fake: FakeOllama) -> None:
    engine = ollama_engine()
    try:
        assert engine.embedder is not None
        assert engine.embedder.signature.model == f"ollama:{MODEL}"
        assert engine.embedder.dimension == 24  # learnt from the probe at open
        engine.add("the backup job copies postgres dumps to the nas")
        engine.add("alice prefers tabs over spaces")
        engine.add("never deploy on friday afternoon")
        hits = engine.search("postgres backup", k=3).hits
        assert hits[0].memory.content.startswith("the backup job")
        embedded = engine.store.get_embeddings([hits[0].id])[hits[0].id]
        assert abs(float(np.linalg.norm(embedded)) - 1.0) < 1e-5
    finally:
        engine.close()
    assert fake.seen and all(s["path"] == "/api/embed" and s["model"] == MODEL for s in fake.seen)


def test_batches_normalises_and_passes_options(fake: FakeOllama) -> None:
    embedder = OllamaEmbedder(OllamaEmbedder.Options(host=URL, batch_size=2, truncate=False,
                                                     keep_alive="5m"))
    try:
        texts = ["one", "two words", "three", "four", "five and more"]
        vectors = embedder.embed_batch(texts)
        assert vectors.shape == (5, 24) and vectors.dtype == np.float32
        assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
        expected = np.asarray(fake_embedding("two words", 24))
        assert np.allclose(vectors[1], expected / np.linalg.norm(expected), atol=1e-5)
        batches = [s["input"] for s in fake.seen if s["input"] != ["cognimem dimension probe"]]
        assert batches == [texts[0:2], texts[2:4], texts[4:5]]
        assert all(s["truncate"] is False and s["keep_alive"] == "5m" for s in fake.seen)
    finally:
        embedder.close()
        embedder.close()  # twice is fine


def test_host_defaults_to_ollama_host_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", "http://gpu-box:11434")
    assert OllamaEmbedder().host == "http://gpu-box:11434"
    monkeypatch.delenv("OLLAMA_HOST")
    assert OllamaEmbedder().host == DEFAULT_HOST == "http://127.0.0.1:11434"
    assert OllamaEmbedder().model_id == "ollama:nomic-embed-text"


def test_unreachable_host_fails_at_start_with_the_fix(fake: FakeOllama) -> None:
    host = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(EmbedderUnavailable) as info:
        build_engine(overrides={"embedder": {"use": "ollama", "host": host}})
    message = str(info.value)
    assert host in message
    assert "ollama serve" in message and f"ollama pull {MODEL}" in message
    assert "OLLAMA_HOST" in message and "host =" in message


def test_timeout_is_unavailable() -> None:
    with socket.socket() as listener:  # accepts connections, never answers
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        host = f"http://127.0.0.1:{listener.getsockname()[1]}"
        embedder = OllamaEmbedder(OllamaEmbedder.Options(host=host, timeout=0.2))
        with pytest.raises(EmbedderUnavailable, match=re.escape(host)):
            embedder.embed_batch(["hello"])
        embedder.close()


def test_model_not_pulled_says_ollama_pull(fake: FakeOllama) -> None:
    with pytest.raises(EmbedderUnavailable) as info:
        ollama_engine(model="mxbai-embed-large")
    message = str(info.value)
    assert "`ollama pull mxbai-embed-large`" in message and URL in message
    assert "not found" in message


def test_given_dimension_is_checked_at_start(fake: FakeOllama) -> None:
    with pytest.raises(CognimemError) as info:
        ollama_engine(dimension=768)
    message = str(info.value)
    assert MODEL in message and "24" in message and "768" in message
    engine = ollama_engine(dimension=24)  # the right one opens
    engine.close()


def test_wrong_dimension_writes_nothing(fake: FakeOllama) -> None:
    engine = ollama_engine()
    try:
        engine.add("first memory about databases")
        before_events, before_count = len(engine.events()), engine._records.count_memories()
        fake.embed = embedding_of(32)  # the model behind the name changed on the server
        with pytest.raises(CognimemError) as info:
            engine.add_many(["second memory", "third memory"])
        message = str(info.value)
        assert MODEL in message and "32" in message and "24" in message
        assert "cognimem reindex" in message
        assert engine._records.count_memories() == before_count
        assert len(engine.events()) == before_events
        fake.embed = embedding_of(24)
        assert [h.memory.content for h in engine.search("databases", k=5).hits] == [
            "first memory about databases"]
    finally:
        engine.close()



def switch_models(tmp_path: Any, fake: FakeOllama, new_dim: int) -> None:
    """Write with nomic-embed-text on the persistent default stack (DuckDB, Tantivy, LanceDB),
    reopen with another model of dimension ``new_dim``, reindex, and search."""
    fake.pulled = {MODEL, "mxbai-embed-large"}
    base = {"path": str(tmp_path / "store")}
    engine = build_engine(profile="default",
                          overrides={**base, "embedder": {"use": "ollama", "host": URL}})
    try:
        engine.add("the backup job copies postgres dumps to the nas")
        engine.add("alice prefers tabs over spaces")
    finally:
        engine.close()
    fake.embed = embedding_of(new_dim)
    engine = build_engine(profile="default", overrides={
        **base, "embedder": {"use": "ollama", "host": URL, "model": "mxbai-embed-large"}})
    try:
        assert engine.embedder is not None and engine.embedder.dimension == new_dim
        report = engine.reindex()
        assert report.finished and report.done == 2
        assert report.signature.model == "ollama:mxbai-embed-large"
        assert report.signature.dim == new_dim
        hits = engine.search("postgres backup", k=2).hits
        assert hits[0].memory.content.startswith("the backup job")
    finally:
        engine.close()


def test_on_disk_model_switch_same_dimension(fake: FakeOllama, tmp_path: Any) -> None:
    """A model switch is detected on reopen and ``reindex`` re-embeds with the new model."""
    switch_models(tmp_path, fake, new_dim=24)


def test_on_disk_model_switch_new_dimension(fake: FakeOllama, tmp_path: Any) -> None:
    """Switching to a model of another dimension, then ``reindex``."""
    switch_models(tmp_path, fake, new_dim=40)


def test_no_secret_is_sent_to_the_server(fake: type[FakeOllama]) -> None:
    """Any text a component hands the embedder (a plugin embedding a transcript, a query)
    reaches the server with its credentials redacted: the engine's guard runs on every text
    before it leaves (issue #40, point 1)."""
    key = "AKIAFAKE7Q2MZ4XK9W3N"
    engine = ollama_engine()
    try:
        assert engine.embedder is not None
        engine.embedder.embed_batch([f"the deploy key is {key}"])
        engine.search(f"where is the deploy key {key}", k=3)
    finally:
        engine.close()
    sent = [text for call in fake.seen for text in call.get("input", [])]
    assert any("deploy key" in text for text in sent)
    assert not [text for text in sent if key in text]
