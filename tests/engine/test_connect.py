"""``cognimem.connect()``: Python reaches a store its daemon owns, with the same typed API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import cognimem
from cognimem.daemon.remote import RemoteEngine
from cognimem.engine import Engine
from cognimem.errors import StoreLocked
from cognimem.profile import load_profile


def _stop(where: list[str]) -> None:
    subprocess.run([sys.executable, "-m", "cognimem", "daemon", "stop", *where],
                   capture_output=True, timeout=60)


def test_python_reaches_the_store_the_cli_daemon_owns(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COGNIMEM_NO_DAEMON", raising=False)
    store = tmp_path / "store"
    duck = tmp_path / "duck.toml"
    duck.write_text('[records]\nuse = "duckdb"\n', encoding="utf-8")
    where = ["--profile", "test", "--profile", str(duck), "--store", str(store)]
    subprocess.run([sys.executable, "-m", "cognimem", "add", "we deploy on Fridays", *where],
                   check=True, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    profile = load_profile("test", duck, overrides={"path": str(store)})
    try:
        with pytest.raises(StoreLocked, match=r"cognimem\.connect\(\)"):
            Engine.from_profile(profile)
        with cognimem.connect(profile) as memory:
            assert isinstance(memory, RemoteEngine)
            hits = memory.search("when do we deploy?").hits
            assert [h.memory.content for h in hits] == ["we deploy on Fridays"]
            memory.add("the release notes go in CHANGELOG.md")
        listed = subprocess.run([sys.executable, "-m", "cognimem", "search", "release notes",
                                 *where], check=True, capture_output=True, text=True,
                                cwd=tmp_path, timeout=120).stdout
        assert "CHANGELOG.md" in listed
    finally:
        _stop(where)


def test_without_a_daemon_connect_opens_the_engine_here(tmp_path: Path) -> None:
    with cognimem.connect("test", path=tmp_path / "s", overrides={
            "records": {"use": "duckdb"}}) as memory:
        assert isinstance(memory, Engine)
        memory.add("local")
    with cognimem.connect("test") as memory:  # an in-memory store: always here
        assert isinstance(memory, Engine)
