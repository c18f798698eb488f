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
