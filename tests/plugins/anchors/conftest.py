"""The anchors' shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem.cli import main


@pytest.fixture
def persistent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> Iterator[Path]:
    """A profile with an on-disk store (its daemon stopped afterwards)."""
    monkeypatch.setenv("COGNIMEM_DAEMON_IDLE_TIMEOUT", "10")
    profile = tmp_path / "persistent.toml"
    profile.write_text(
        f'path = "{tmp_path / "store"}"\n[records]\nuse = "duckdb"\n[lexical]\nuse = "bm25"\n'
        '[vectors]\nuse = "exact"\n[embedder]\nuse = "hash"\n[[rank]]\nuse = "anchors"\n',
        encoding="utf-8")
    yield profile
    main(["daemon", "stop", "--profile", str(profile)])
    capsys.readouterr()
