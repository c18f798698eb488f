"""Stores larger than the daemon's message limit still move: export and import stream in
chunks; a message over the limit is refused as such, and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cognimem.cli import main
from cognimem.daemon.access import open_store
from cognimem.daemon.connection import Refused
from cognimem.daemon.spawn import stop_daemon
from cognimem.profile import load_profile

LIMIT = 8192
MEMORIES = 120


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> int:
    """Daemons and clients of this test accept messages of at most 8 KB."""
    monkeypatch.setenv("COGNIMEM_DAEMON_MAX_MESSAGE", str(LIMIT))
    return LIMIT


def fill(store: Path) -> None:
    with open_store(load_profile("test", overrides={"path": str(store)})) as engine:
        for start in range(0, MEMORIES, 4):
            engine.add_many([f"memory number {i}: the billing module retries three times "
                             f"before it gives up on the payment provider" for i in
                             range(start, start + 4)])


def test_export_and_import_of_a_store_over_the_limit(
        small_limit: int, store: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    fill(store)
    out = tmp_path / "export.json"
    assert main(["export", str(out), "--profile", "test", "--store", str(store)]) == 0
    assert out.stat().st_size > 4 * small_limit
    assert len(json.loads(out.read_text(encoding="utf-8"))["memories"]) == MEMORIES

    other = tmp_path / "other"
    try:
        assert main(["import", str(out), "--profile", "test", "--store", str(other)]) == 0
        with open_store(load_profile("test", overrides={"path": str(other)})) as engine:
            assert engine.stats()["memories"] == MEMORIES
    finally:
        stop_daemon(other)

    capsys.readouterr()
    assert main(["export", "-", "--profile", "test", "--store", str(store)]) == 0
    assert len(json.loads(capsys.readouterr().out)["memories"]) == MEMORIES


def test_a_message_over_the_limit_is_refused_not_lost(
        small_limit: int, store: Path, tmp_path: Path) -> None:
    fill(store)
    profile = load_profile("test", overrides={"path": str(store)})
    with open_store(profile) as engine:
        data = {"memories": [{"content": "x" * 100}] * 200}
        with pytest.raises(Refused, match=r"refused before sending.*nothing was written"):
            engine.import_(data)
        with pytest.raises(Refused, match=r"refused: the answer is .* over the memory daemon's "
                                          "message limit"):
            engine.export()  # the whole store in one answer: too large, refused as such
        assert engine.stats()["memories"] == MEMORIES  # alive, and nothing was written


def test_a_streamed_import_with_a_record_out_of_range_writes_nothing(
        small_limit: int, store: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #40, point 2, through the daemon: a streamed import in many chunks whose last
    memory says ``"version": -3`` is refused whole (one line naming the record) and the
    store the daemon holds is unchanged and clean."""
    fill(store)
    out = tmp_path / "export.json"
    assert main(["export", str(out), "--profile", "test", "--store", str(store)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    data["memories"][-1]["version"] = -3
    out.write_text(json.dumps(data), encoding="utf-8")
    other = tmp_path / "other"
    try:
        with open_store(load_profile("test", overrides={"path": str(other)})) as engine:
            engine.add("an existing memory about ospreys")
        capsys.readouterr()
        assert main(["import", str(out), "--profile", "test", "--store", str(other)]) == 2
        assert f"memories[{MEMORIES - 1}]" in capsys.readouterr().err
        with open_store(load_profile("test", overrides={"path": str(other)})) as engine:
            assert engine.stats()["memories"] == 1 and engine.check().ok
    finally:
        stop_daemon(other)
