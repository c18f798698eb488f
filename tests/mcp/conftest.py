"""Fixtures for the MCP tests: tmp stores whose daemon is stopped after the test, and a
short idle timeout for every daemon a test starts (defined once in ``daemon_helpers``)."""

from __future__ import annotations

from daemon_helpers import runtime_dir, store

__all__ = ["runtime_dir", "store"]
