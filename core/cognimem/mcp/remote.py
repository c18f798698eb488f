"""Moved to :mod:`cognimem.daemon.remote`; this name stays for code written against it."""

from __future__ import annotations

from ..daemon.remote import RemoteEngine, open_store, run_tool, uses_daemon

__all__ = ["RemoteEngine", "open_store", "run_tool", "uses_daemon"]
