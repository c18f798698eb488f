"""Group commit: concurrent adds through the daemon are written together, each caller gets
its own result, and one caller's bad input fails only that caller."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from cognimem.daemon.access import open_store
from cognimem.daemon.group import GroupCommit
from cognimem.daemon.remote import RemoteEngine
from cognimem.engine import Engine, Written
from cognimem.errors import InvalidInput
from cognimem.profile import load_profile


def test_queued_adds_share_one_engine_call() -> None:
    """While a read holds the engine lock, adds queue; the writer then writes them all with
    one add_many, and each caller gets its own result."""
    lock = threading.Lock()
    calls: list[list[Any]] = []

    def add_many(items: list[Any]) -> list[str]:
        calls.append(items)
        return [f"written:{item['content']}" for item in items]

    group = GroupCommit(lock, add_many)
    results: dict[int, Any] = {}
    lock.acquire()  # a long engine call is running
    threads = [threading.Thread(target=lambda i=i: results.__setitem__(
        i, group.add(f"memory {i}", {"tags": [str(i)]}))) for i in range(8)]
    for t in threads:
        t.start()
    while True:  # wait until all eight are queued
        with group._mutex:
            if len(group._queue) == 8:
                break
    lock.release()
    for t in threads:
        t.join()
    assert results == {i: f"written:memory {i}" for i in range(8)}
    assert len(calls) == 1 and len(calls[0]) == 8  # one engine call for the eight
    assert {item["tags"][0] for item in calls[0]} == {str(i) for i in range(8)}


def test_a_bad_memory_fails_only_its_caller() -> None:
    lock = threading.Lock()

    def add_many(items: list[Any]) -> list[str]:
        if any(not item["content"].strip() for item in items):
            raise InvalidInput("content is empty")  # the whole group writes nothing
        return [item["content"] for item in items]

    group = GroupCommit(lock, add_many)
    outcomes: dict[str, Any] = {}

    def add(text: str) -> None:
        try:
            outcomes[text] = group.add(text, {})
        except InvalidInput as exc:
            outcomes[text] = exc

    lock.acquire()
    threads = [threading.Thread(target=add, args=(t,)) for t in ("good one", "   ", "good two")]
    for t in threads:
        t.start()
    while True:
        with group._mutex:
            if len(group._queue) == 3:
                break
    lock.release()
    for t in threads:
        t.join()
    assert outcomes["good one"] == "good one" and outcomes["good two"] == "good two"
    assert isinstance(outcomes["   "], InvalidInput)


def test_concurrent_agents_through_the_daemon(store: Path) -> None:
    profile = load_profile("test", overrides={"path": str(store)})
    written: list[Written] = []
    errors: list[BaseException] = []

    def agent(n: int) -> None:
        try:
            with RemoteEngine(profile) as engine:
                for i in range(10):
                    written.append(engine.add(f"agent {n} fact {i}", tags=[f"a{n}"]))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=agent, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(isinstance(w, Written) and w.created for w in written)
    with open_store(profile) as engine:
        assert isinstance(engine, RemoteEngine)
        assert engine.stats()["memories"] == 60
        for w in written:
            assert engine.get(w.id).content == w.memory.content
        status = engine.status()
        assert status["write_groups"] >= 1


def test_grouped_adds_keep_dedup() -> None:
    engine = Engine.from_profile("test")
    try:
        lock = threading.Lock()
        group = GroupCommit(lock, engine.add_many)
        first = group.add("the same fact", {})
        second = group.add("the same fact", {})
        assert first.created and not second.created and second.id == first.id
    finally:
        engine.close()


def test_a_group_carries_each_callers_session() -> None:
    """Callers of different sessions (folders where their files are looked up) still share a
    group (many agents' adds are one transaction), each item carrying its caller's session,
    which add_many binds while it prepares that item."""
    from cognimem.session import ITEM_SESSION, bound

    lock = threading.Lock()
    seen: list[list[tuple[str, str | None]]] = []

    def add_many(items: list[Any]) -> list[str]:
        seen.append([(item["content"], item[ITEM_SESSION].folder) for item in items])
        return ["ok"] * len(items)

    group = GroupCommit(lock, add_many)
    lock.acquire()

    def add(i: int, folder: str) -> None:
        with bound({"folder": folder}):
            group.add(f"memory {i}", {})

    threads = [threading.Thread(target=add, args=(i, f"/repo/{'ab'[i % 2]}"))
               for i in range(6)]
    for t in threads:
        t.start()
    while True:
        with group._mutex:
            if len(group._queue) == 6:
                break
    lock.release()
    for t in threads:
        t.join()
    assert len(seen) == 1  # one group for every session
    assert sorted(seen[0]) == [(f"memory {i}", f"/repo/{'ab'[i % 2]}") for i in range(6)]


def test_add_many_prepares_each_item_in_its_session(engine: Any) -> None:
    from cognimem import hookimpl
    from cognimem.session import ITEM_SESSION, Session
    from cognimem.session import current as current_session

    prepared: dict[str, str | None] = {}

    class Spy:
        @hookimpl
        def cognimem_memory_prepare(self, write: Any, engine: Any) -> None:
            prepared[write.draft.content] = current_session().folder

    engine.host.pm.register(Spy())
    engine.add_many([{"content": "in a", ITEM_SESSION: Session(folder="/repo/a")},
                     {"content": "in b", ITEM_SESSION: Session(folder="/repo/b")}])
    assert prepared == {"in a": "/repo/a", "in b": "/repo/b"}
