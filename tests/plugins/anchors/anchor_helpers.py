"""Helpers for the anchors' tests: a small Python file and a ``git`` that needs no config."""

from __future__ import annotations

import subprocess
from pathlib import Path

RETRY = "def backoff(n):\n    return 2 ** n\n\n\ndef jitter():\n    return 0\n"

_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t", "PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
        "GIT_CONFIG_NOSYSTEM": "1"}


def git(folder: Path, *args: str) -> str:
    """Run git in ``folder``; its output, stripped."""
    done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True,
                          check=True, env=_ENV)
    return done.stdout.strip()


def repository(tmp_path: Path, *, commit: bool = False) -> Path:
    """``shop``, a git repository in ``tmp_path`` holding src/net/retry.py (and, with
    ``commit``, a README.md, both committed)."""
    folder = tmp_path / "shop"
    (folder / "src" / "net").mkdir(parents=True)
    (folder / "src" / "net" / "retry.py").write_text(RETRY, encoding="utf-8")
    git(folder, "init", "-q")
    if commit:
        (folder / "README.md").write_text("# shop\n", encoding="utf-8")
        git(folder, "add", "-A")
        git(folder, "commit", "-q", "-m", "first")
    return folder
