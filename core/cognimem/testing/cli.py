"""Running the command line inside a test process: a store of one's own, no daemon, and
the output parsed."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from ..cli import main


def in_process_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, profile_text: str,
                     name: str = "layer") -> list[str]:
    """The global options of an on-disk store under ``tmp_path`` opened in process: every
    ``COGNIMEM_`` variable cleared, the daemon off, ``profile_text`` layered on the
    ``test`` profile."""
    for key in list(os.environ):
        if key.startswith("COGNIMEM_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("COGNIMEM_NO_DAEMON", "1")
    profile = tmp_path / f"{name}.toml"
    profile.write_text(profile_text, encoding="utf-8")
    return ["--profile", "test", "--profile", str(profile), "--store", str(tmp_path / "s")]


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    """``cognimem ARGS``: the exit status, stdout (parsed when it is JSON) and stderr."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, (json.loads(out) if out.strip().startswith(("{", "[")) else out), err
