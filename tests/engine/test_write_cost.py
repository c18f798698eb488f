"""The write's own cost (#39/#45 wave 13): what the write no longer does twice still holds.

A draft the prepare hooks leave alone is not validated a second time; one they change,
even in place, is; and what a session adds to a draft's scope is validated where it is
added.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from cognimem import hookimpl
from cognimem.clock import ManualClock
from cognimem.engine import Engine, PreparedWrite
from cognimem.errors import InvalidInput
from cognimem.limits import NAME_CHARS
from cognimem.session import Session, exactly


def _plugin(name: str, hook: object) -> ModuleType:
    module = ModuleType(name)
    module.cognimem_memory_prepare = hook  # type: ignore[attr-defined]
    return module


@hookimpl
def _in_place(write: PreparedWrite, engine: Engine) -> None:
    """Changes the engine's own draft in place, as a careless plugin might."""
    if "tag me" in write.draft.content:
        write.draft.tags.append("  Shouted  ")
    if "nest me" in write.draft.content:
        deep: dict[str, object] = {}
        for _ in range(40):
            deep = {"d": deep}
        write.draft.meta["deep"] = deep


@pytest.fixture
def engine(clock: ManualClock) -> Iterator[Engine]:
    eng = Engine.from_profile("test", clock=clock,
                              plugins=[_plugin("test-in-place", _in_place)])
    yield eng
    eng.close()


def test_a_draft_changed_in_place_by_a_hook_is_validated_again(engine: Engine) -> None:
    written = engine.add_many(["tag me, please", "leave me alone"])
    assert written[0].memory.tags == ["shouted"]  # normalised by the second validation
    assert engine.get(written[0].id).tags == ["shouted"]
    assert engine.get(written[1].id).tags == []
    with pytest.raises(InvalidInput, match="after prepare hooks"):
        engine.add_many(["fine", "nest me too deep"])
    assert engine.stats()["memories"] == 2  # the failed call wrote nothing


def test_a_sessions_name_the_scope_refuses_is_refused(engine: Engine) -> None:
    with exactly(Session(agent="a", project="p" * (NAME_CHARS + 1))), \
            pytest.raises(InvalidInput, match=r"scope\.project"):
        engine.add("the session's project is too long")
    assert engine.stats()["memories"] == 0
    with exactly(Session(agent="claude", project="shop")):
        memory = engine.add("the shop deploys on Fridays").memory
    assert (memory.scope.project, memory.scope.agent) == ("shop", "claude")
