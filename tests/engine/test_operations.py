"""The memory API is declared once, on the engine: the daemon serves the declared client
operations, and the client's side (OPERATIONS, RETRY_SAFE, MemoryAPI's signatures,
RemoteEngine's methods) is generated from the declarations; an operation declared, changed
or removed without regenerating fails here."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from cognimem.daemon import operations
from cognimem.daemon.api import OPERATIONS, RETRY_SAFE, MemoryAPI
from cognimem.daemon.apigen import LOCAL, render
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.results import expect_shape
from cognimem.engine import Engine
from cognimem.engine.delegate import client_operations, operation, served_operations
from cognimem.engine.read import Reader
from cognimem.errors import StoreError

GENERATED = Path(operations.__file__)


def test_the_client_side_is_generated_from_the_declarations() -> None:
    assert GENERATED.read_text(encoding="utf-8") == render(), (
        "run: python -m cognimem.daemon.apigen > core/cognimem/daemon/operations.py")


def test_the_daemon_serves_exactly_the_declared_client_operations() -> None:
    declared = client_operations(Engine)
    assert served_operations(Engine) == OPERATIONS == set(declared)
    assert {n for n, op in declared.items() if op.retry_safe} == RETRY_SAFE


def test_an_operation_declared_once_reaches_the_daemon_and_the_client_code() -> None:
    class Wider(Engine):
        recent_events = operation(Reader.events, client=True, retry_safe=True)

    assert "recent_events" in served_operations(Wider)
    assert "recent_events" not in served_operations(Engine)
    source = render(Wider)
    assert '"recent_events": (True, "list[Event]")' in source
    assert 'return _send(self, "recent_events", after_seq)' in source


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_remote_engine_and_the_api_take_what_the_engine_takes(name: str) -> None:
    local = inspect.signature(getattr(Engine, name)).parameters
    for other in (RemoteEngine, MemoryAPI):
        remote = inspect.signature(getattr(other, name)).parameters
        expected = [p for n, p in local.items() if n not in LOCAL and "Callable" not in str(
            p.annotation)]
        assert [(p.name, p.kind, p.default) for p in remote.values()] == [
            (p.name, p.kind, p.default) for p in expected], f"{other.__name__}.{name}"


class _Answers(RemoteEngine):
    """A RemoteEngine whose daemon answers ``answer`` to every call (no connection)."""

    def __init__(self, answer: object) -> None:
        super().__init__(store=Path("/nowhere"), loader=lambda: pytest.fail("no profile"))
        self.answer = answer
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def _request(self, what: str, method: str, *, retry_safe: bool,
                 on_frame: Any = None, **params: Any) -> object:
        self.sent.append((method, {**params, "retry_safe": retry_safe}))
        return self.answer


def test_a_generated_method_sends_the_call_and_checks_the_answer(engine: Engine) -> None:
    memory = engine.add("the release train leaves on thursdays").memory
    remote = _Answers({memory.id: memory})
    assert remote.get_many(m for m in [memory.id]) == {memory.id: memory}
    method, params = remote.sent[0]
    assert (method, params["op"], params["args"], params["retry_safe"]) == (
        "call", "get_many", [[memory.id]], True)
    assert _Answers(memory).archive(memory.id) == memory
    with pytest.raises(StoreError, match="answered get with a dict, not a Memory"):
        _Answers({"id": "m1"}).get("m1")
    with pytest.raises(StoreError, match="not a list\\[Memory\\]"):
        _Answers([memory, "stray"]).list_memories()
    remote = _Answers(None)
    remote.unrelate("a", "b")
    assert remote.sent[0][1]["retry_safe"] is True
    with pytest.raises(StoreError, match="not a Memory"):
        _Answers(None).delete("m1")


def test_a_callback_stays_with_the_caller() -> None:
    """A parameter of :data:`LOCAL` (a callback) is not in the client's signature, and one
    passed through ``**kwargs`` is never sent: the daemon's job keeps its own progress."""
    remote = _Answers({"id": "j1"})
    with pytest.raises(StoreError):  # the answer is not a JobInfo: the call was still sent
        remote.start_job("reindex", progress=lambda done, total: None)
    _method, params = remote.sent[0]
    assert params["op"] == "start_job" and params["args"] == ["reindex"]
    assert "progress" not in params["kwargs"]


@pytest.mark.parametrize(("value", "returns", "ok"), [
    (None, "Conflict | None", True),
    ({"a": [1, 2]}, "dict[str, list[int]]", True),
    ({"a": ["1"]}, "dict[str, list[int]]", False),
    (True, "int", False),
    (3, "float", True),
    ({"k": object()}, "dict[str, Any]", True),
], ids=["optional", "nested", "nested-wrong", "bool-is-not-int", "int-as-float", "any"])
def test_the_answer_check_follows_the_annotation(value: object, returns: str,
                                                 ok: bool) -> None:
    if ok:
        assert expect_shape(value, returns, "x") is value
    else:
        with pytest.raises(StoreError):
            expect_shape(value, returns, "x")
