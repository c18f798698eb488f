"""The terminal experience: commands that end cleanly and output that fits an 80-column
terminal."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cognimem.cli import main

TOKEN = "terminal-test-token-0123456789"


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for key in list(os.environ):
        if key.startswith("COGNIMEM_") and key != "COGNIMEM_RUNTIME_DIR":
            monkeypatch.delenv(key)
    yield


@pytest.mark.parametrize("client", ["claude-code", "cursor", "vscode"])
def test_config_for_http_prints_the_entry_and_ends_cleanly(
        client: str, clean_env: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COGNIMEM_HTTP_TOKEN", TOKEN)
    assert main(["config", client, "--http", "http://127.0.0.1:8765/mcp"]) == 0
    out, err = capsys.readouterr()
    servers = json.loads(out)
    (entry,) = next(iter(servers.values())).values()
    assert entry["url"] == "http://127.0.0.1:8765/mcp"
    assert entry["headers"] == {"Authorization": f"Bearer {TOKEN}"}
    assert "Traceback" not in err and "KeyError" not in err
    assert TOKEN not in err  # the hint does not repeat the secret
    if client == "claude-code":
        assert "claude mcp add --transport http" in err


@pytest.fixture
def store(tmp_path: Path, clean_env: None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")
    profile = tmp_path / "disk.toml"
    profile.write_text(f'path = "{tmp_path / "store"}"\n[records]\nuse = "duckdb"\n'
                       '[lexical]\nuse = "bm25"\n[vectors]\nuse = "exact"\n'
                       '[embedder]\nuse = "hash"\n', encoding="utf-8")
    return ["--profile", str(profile)]


def test_explain_fits_80_columns_and_keeps_every_stage(
        store: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("the nightly database backup runs at 02:00 from the primary",
                 "backups are kept for thirty days in the cold bucket",
                 "alice prefers tabs over spaces"):
        assert main(["add", text, *store]) == 0
    capsys.readouterr()
    assert main(["search", "backup", "--explain", *store, "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)["hits"]
    stages = [f"{s['stage']}:{s['name']}" for h in hits
              for s in [*h["trail"], *([h["calibration"]] if "calibration" in h else [])]]
    assert len(stages) >= 3 * len(hits) > 0
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["search", "backup", "--explain", *store]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "…" not in out  # nothing cut short
    for stage in stages:
        assert stage in out, stage
    assert out.count("└── why") == len(hits)
