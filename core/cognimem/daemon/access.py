"""How a process reaches a store: an engine here, or :class:`~.remote.RemoteEngine` through
the store's owner daemon; and one way to run a tool against either."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .remote import RemoteEngine

if TYPE_CHECKING:
    from ..plugins import PluginHost
    from ..profile import Profile
    from .api import MemoryAPI

#: Set to 1 to open on-disk stores in this process instead of through the daemon.
NO_DAEMON_ENV = "COGNIMEM_NO_DAEMON"


def daemon_wanted() -> bool:
    """False when ``COGNIMEM_NO_DAEMON=1`` asks to open on-disk stores in this process."""
    return os.environ.get(NO_DAEMON_ENV, "") not in ("1", "true", "yes")


def uses_daemon(profile: Profile) -> bool:
    """Whether the profile's store is reached through its owner daemon: an on-disk store,
    unless ``COGNIMEM_NO_DAEMON=1``."""
    return profile.store_path() is not None and daemon_wanted()


def open_store(profile: Profile, *, host: PluginHost | None = None, connect: bool = True,
               idle_timeout: float | None = None) -> MemoryAPI:
    """The memory API for a profile: an engine in this process for an in-memory store (or
    with ``COGNIMEM_NO_DAEMON=1``), else the store's owner daemon (started if needed).

    :param host: a plugin host already built from the profile (local engines reuse it).
    :param connect: reach the daemon now rather than on first use.
    """
    if not uses_daemon(profile):
        from ..clock import SystemClock
        from ..engine import Engine

        if host is None:
            return Engine.from_profile(profile)
        return Engine(profile, host, SystemClock())
    remote = RemoteEngine(profile, idle_timeout=idle_timeout)
    return remote.connect() if connect else remote
