"""The daemon's process: it takes the store's daemon lock, opens the engine, answers
signals, settles the cycle collector, then serves (:class:`~.server.StoreDaemon`) until
stopped."""

from __future__ import annotations

import gc
import logging
import os
import signal
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import StoreError
from .runtime import EXIT_ALREADY_RUNNING, LOCK_FILE, flock, store_of
from .server import StoreDaemon

if TYPE_CHECKING:
    from ..profile import Profile

log = logging.getLogger("cognimem.daemon")


def run_daemon(profile: Profile, *, idle_timeout: float, fingerprint: str = "",
               lock_timeout: float = 30.0) -> int:
    """Own the profile's store in this process until stopped; returns an exit status.

    Waits up to ``lock_timeout`` seconds for a previous daemon to finish closing; returns
    :data:`EXIT_ALREADY_RUNNING` if another daemon still holds the store.

    :raises CognimemError: the store cannot be opened (the profile, the store path...).
    """
    from ..engine import Engine
    from .runtime import run_path

    store = store_of(profile)
    lock_fd = flock(run_path(store, LOCK_FILE), lock_timeout)
    if lock_fd is None:
        log.warning("another daemon owns %s; exiting", store)
        return EXIT_ALREADY_RUNNING
    try:
        engine = Engine.from_profile(profile)
        try:
            daemon = StoreDaemon(engine, profile, idle_timeout=idle_timeout,
                                 fingerprint=fingerprint)
        except BaseException:
            engine.close()
            raise
        _on_signals(daemon.stop)
        _settle_collector()
        daemon.serve()
        return 0
    except OSError as exc:
        raise StoreError(f"the memory daemon for {store} cannot listen: {exc}") from None
    finally:
        os.close(lock_fd)


def _settle_collector() -> None:
    """Leave what the daemon loaded to open the store (modules, the model, caches filled at
    open) out of the cycle collector's full passes from now on: with them, each full pass
    stopped every thread for 60-80 ms under load (docs/benchmarks.md, "Many agents")."""
    gc.collect()
    gc.freeze()


def _on_signals(stop: Callable[[], None]) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: stop())
