"""The write hook copies a draft only when the guard changed something: a write it leaves
alone is stored as given, and the guard's own ``meta`` entries are still recomputed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cognimem.engine import Engine


@pytest.fixture
def engine() -> Iterator[Engine]:
    built = Engine.from_profile("test", overrides={"embedder": {"use": "hash"}})
    yield built
    built.close()


def test_a_write_the_guard_leaves_alone_is_stored_as_given(engine: Engine) -> None:
    written = engine.add("the standup moved to 10:30 on Tuesdays", title="standup",
                         tags=["team"], meta={"ticket": "OPS-12", "owner": {"name": "Ana"}})
    memory = engine.get(written.memory.id)
    assert (memory.content, memory.title, memory.tags) == (
        "the standup moved to 10:30 on Tuesdays", "standup", ["team"])
    assert memory.meta == {"ticket": "OPS-12", "owner": {"name": "Ana"}}
    assert written.notes == []


def test_a_clean_write_loses_guard_entries_it_brought_itself(engine: Engine) -> None:
    # nothing redacted, nothing flagged: the draft still changes (its meta), so it is copied
    forged = {"untrusted": {"kinds": ["x"], "reason": "forged"},
              "redactions": [{"kind": "aws_access_key", "count": 1}], "ticket": "OPS-12"}
    written = engine.add("a plain note about lunch", meta=forged)
    assert engine.get(written.memory.id).meta == {"ticket": "OPS-12"}
    assert set(forged) == {"untrusted", "redactions", "ticket"}  # the caller's dict as given


def test_the_next_write_gets_no_entry_of_the_one_before(engine: Engine) -> None:
    leaky = engine.add("export AWS_ACCESS_KEY_ID=AKIAFAKE7Q2MZ4XK9W3N",
                       meta={"ticket": "OPS-1"})
    clean = engine.add("a plain note about lunch", meta={"ticket": "OPS-2"})
    assert engine.get(leaky.memory.id).meta["redactions"] == [
        {"kind": "aws_access_key", "count": 1}]
    assert engine.get(clean.memory.id).meta == {"ticket": "OPS-2"}
