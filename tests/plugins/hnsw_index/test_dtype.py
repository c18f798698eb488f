"""The ``hnsw`` graph's stored precision: ``auto`` picks bf16 only where usearch runs it in
hardware, and a saved graph keeps the dtype it was saved with unless the profile names
another."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cognimem.models import Query
from cognimem.testing.fixtures import memory as mem
from cognimem.testing.fixtures import opened, unit_vectors
from cognimem_plugins.hnsw_index import index as hnsw_module
from cognimem_plugins.hnsw_index.index import HnswVectors, resolve_dtype
from cognimem_plugins.hnsw_index.snapshot import CURRENT, FOLDER

DIM = 24


@pytest.fixture(autouse=True)
def _fresh_resolution() -> Iterator[None]:
    resolve_dtype.cache_clear()
    yield
    resolve_dtype.cache_clear()


def _filled(path: Path | None, n: int = 60, **options: Any) -> HnswVectors:
    index: HnswVectors = opened(HnswVectors, path, **options)
    index.upsert([mem(f"m{i:03d}", "-") for i in range(n)], unit_vectors(n, DIM, seed=5))
    return index


def _saved_dtype(path: Path) -> str:
    return str(json.loads((path / FOLDER / CURRENT).read_text())["dtype"])


def _kernel_reporting(kernel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """usearch as it answers on a CPU whose bf16 cosine runs on ``kernel``."""
    real = hnsw_module._usearch_index_cls()

    class Reporting(real):  # type: ignore[misc, valid-type]
        @property
        def hardware_acceleration(self) -> str:
            return kernel

    monkeypatch.setattr(hnsw_module, "_usearch_index_cls", lambda: Reporting)


@pytest.mark.parametrize(("kernel", "chosen"), [("genoa", "bf16"), ("sapphireamx", "bf16"),
                                                ("neonbfdot", "bf16"), ("skylake", "f16"),
                                                ("haswell", "f16"), ("serial", "f16")])
def test_auto_is_bf16_only_on_hardware_bf16_kernels(kernel: str, chosen: str,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    _kernel_reporting(kernel, monkeypatch)
    index = _filled(tmp_path)
    assert index.stats()["dtype"] == chosen
    index.close()
    assert _saved_dtype(tmp_path) == chosen


def test_an_explicit_dtype_is_kept_whatever_the_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    _kernel_reporting("genoa", monkeypatch)
    assert _filled(None, dtype="f16").stats()["dtype"] == "f16"
    _kernel_reporting("skylake", monkeypatch)
    resolve_dtype.cache_clear()
    assert _filled(None, dtype="bf16").stats()["dtype"] == "bf16"


def test_auto_keeps_the_dtype_a_saved_graph_has(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                caplog: pytest.LogCaptureFixture) -> None:
    # a store saved under the old default (f16) opens under auto (bf16 on this CPU) as it is
    _kernel_reporting("genoa", monkeypatch)
    assert _filled(None).stats()["dtype"] == "bf16"
    _filled(tmp_path, dtype="f16").close()
    caplog.set_level("INFO", logger="cognimem.hnsw")
    reopened = opened(HnswVectors, tmp_path)
    assert len(reopened.versions()) == 60
    assert "rebuilding" not in caplog.text
    assert reopened.stats()["dtype"] == "f16"
    assert reopened.stats()["mapped"]
    # its later writes and saves stay f16
    reopened.upsert([mem("m999", "-")], unit_vectors(1, DIM, seed=9))
    found = reopened.search(unit_vectors(1, DIM, seed=9)[0], Query(text="x"), 1)
    assert [c.id for c in found] == ["m999"]
    reopened.close()
    assert _saved_dtype(tmp_path) == "f16"
    assert len(opened(HnswVectors, tmp_path).versions()) == 61


def test_a_dtype_the_profile_names_rebuilds_another(tmp_path: Path) -> None:
    _filled(tmp_path, dtype="bf16").close()
    assert opened(HnswVectors, tmp_path, dtype="f16").versions() == {}
    assert len(opened(HnswVectors, tmp_path, dtype="bf16").versions()) == 60


def test_bf16_search_finds_what_f32_finds() -> None:
    vectors = unit_vectors(400, DIM, seed=21)
    found = {}
    for dtype in ("f32", "bf16"):
        index: HnswVectors = opened(HnswVectors, None, dtype=dtype, flat_below=0)
        index.upsert([mem(f"m{i:03d}", "-") for i in range(400)], vectors)
        found[dtype] = [c.id for c in index.search(vectors[7], Query(text="x"), 1)]
    assert found["bf16"] == found["f32"] == ["m007"]
    assert np.isfinite(vectors).all()
