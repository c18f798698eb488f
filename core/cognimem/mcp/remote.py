"""Moved to :mod:`cognimem.daemon.remote`; this name stays for code written against it."""

from __future__ import annotations

from ..daemon.access import open_store, uses_daemon
from ..daemon.remote import RemoteEngine

__all__ = ["RemoteEngine", "open_store", "uses_daemon"]
