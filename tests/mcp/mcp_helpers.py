"""Helpers for the MCP tests (imported by the test modules and conftest)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from cognimem.plugins import PluginHost

#: The ``cognimem`` script installed next to this Python.
COGNIMEM = str(Path(sys.executable).with_name("cognimem"))

#: Daemons started by tests stop on their own soon after the last client leaves, even if a
#: test fails before its teardown.
TEST_ENV = {"COGNIMEM_DAEMON_IDLE_TIMEOUT": "30"}


def has_component(kind: str, name: str) -> bool:
    """Whether an installed plugin registers this component (e.g. records ``duckdb``)."""
    return PluginHost().get(kind, name) is not None


def server_env(**extra: str) -> dict[str, str]:
    """Environment for a server process started by an MCP client (which passes only a few
    safe variables on by default)."""
    env = {**TEST_ENV, **extra}
    for key in ("PYTHONPATH", "COGNIMEM_NO_DAEMON", "COGNIMEM_RUNTIME_DIR"):
        if key in os.environ:
            env[key] = os.environ[key]
    return env


def wait_until(condition: Callable[[], object], timeout: float = 20.0) -> bool:
    """Poll ``condition`` every 20 ms until it holds (True) or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False
