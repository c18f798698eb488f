"""The memory API is declared once, on the engine: the daemon's OPERATIONS and RETRY_SAFE,
and RemoteEngine's methods, agree with it (an operation added in one place only fails)."""

from __future__ import annotations

import inspect

from cognimem.daemon.api import OPERATIONS, RETRY_SAFE
from cognimem.daemon.remote import RemoteEngine
from cognimem.engine import Engine
from cognimem.engine.delegate import declared


def test_the_daemon_serves_exactly_the_declared_client_operations() -> None:
    ops = declared(Engine)
    assert {n for n, op in ops.items() if op.client} | set(
        Engine.FACADE_OPERATIONS) == OPERATIONS
    assert {n for n, op in ops.items() if op.client and op.retry_safe} | {
        n for n, safe in Engine.FACADE_OPERATIONS.items() if safe} == RETRY_SAFE


#: Engine parameters that cannot cross the wire (a callback in this process).
LOCAL_ONLY = {"progress"}


def test_remote_engine_takes_what_the_engine_takes() -> None:
    for name in sorted(OPERATIONS):
        local = inspect.signature(getattr(Engine, name)).parameters
        remote = inspect.signature(getattr(RemoteEngine, name)).parameters
        spread = any(p.kind is p.VAR_KEYWORD for p in remote.values())
        for param in local.values():
            if param.kind is param.VAR_KEYWORD or param.name in LOCAL_ONLY:
                continue
            assert param.name in remote or spread, f"{name}: RemoteEngine lacks {param.name}"
        extra = set(remote) - set(local) - {"retry_safe"}
        assert not extra, f"{name}: RemoteEngine takes {extra}, the engine does not"
