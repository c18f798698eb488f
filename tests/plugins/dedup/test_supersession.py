"""Supersession that cannot break: reverting writes a new current version, a pointer that
would close a cycle is refused, and `check` reports (and repairs) broken chains."""

from __future__ import annotations

import pytest

from cognimem.engine import Engine
from cognimem.errors import InvalidInput


def test_reverting_to_an_earlier_value_writes_a_new_current_version(engine: Engine) -> None:
    a = engine.add("the API timeout is 30 s")
    b = engine.supersede(a.id, "the API timeout is 60 s")
    back = engine.supersede(b.id, "the API timeout is 30 s")
    assert back.created and back.id not in (a.id, b.id)
    assert engine.get(a.id).superseded_by == b.id
    assert engine.get(b.id).superseded_by == back.id
    assert engine.get(back.id).superseded_by is None
    assert engine.check().supersession_problems == []
    hits = engine.search("API timeout", include_superseded=False).hits
    assert [h.id for h in hits] == [back.id]


def test_a_pointer_that_would_close_a_cycle_is_refused(engine: Engine) -> None:
    a = engine.add("deploys on Fridays")
    b = engine.supersede(a.id, "deploys on Mondays")
    before = engine.store.last_event()
    with pytest.raises(InvalidInput, match="cycle"):
        engine.update_links(b.id, superseded_by=a.id)
    assert engine.store.last_event() == before
    assert engine.get(b.id).superseded_by is None


def test_resolving_a_conflict_cannot_close_a_cycle(engine: Engine) -> None:
    a = engine.add("port is 8080")
    b = engine.supersede(a.id, "port is 9090")
    conflict = engine.record_conflict(a.id, b.id)
    assert conflict is not None
    with pytest.raises(InvalidInput, match="cycle"):
        engine.resolve_conflict(conflict.id, "keep_a" if conflict.a == a.id else "keep_b")
    assert engine.get(b.id).superseded_by is None


def test_superseding_an_old_version_is_refused_naming_the_head(engine: Engine) -> None:
    a = engine.add("the cache TTL is 5 min")
    b = engine.supersede(a.id, "the cache TTL is 10 min")
    before = engine.store.last_event()
    with pytest.raises(InvalidInput, match=f"supersede its current version {b.id}"):
        engine.supersede(a.id, "the cache TTL is 15 min")
    assert engine.store.last_event() == before  # nothing written
    c = engine.supersede(a.id, "the cache TTL is 15 min", to_head=True)
    assert c.supersedes == b.id and engine.get(b.id).superseded_by == c.id
    assert any("already superseded" in n for n in c.notes)


def test_check_reports_and_repairs_a_cycle_and_a_dangling_chain(engine: Engine) -> None:
    a, b = engine.add("x is 1"), engine.add("x is 2")
    c = engine.add("y is 3")
    # a broken store, as an older version or an import could leave it
    engine._records.put_memories([
        engine.get(a.id).model_copy(update={"superseded_by": b.id}),
        engine.get(b.id).model_copy(update={"superseded_by": a.id}),
        engine.get(c.id).model_copy(update={"superseded_by": "m-gone"}),
    ])
    report = engine.check()
    assert not report.ok
    assert any("cycle" in p and a.id in p and b.id in p for p in report.supersession_problems)
    assert any(c.id in p and "m-gone" in p for p in report.supersession_problems)
    engine.check(repair=True)
    assert engine.check().supersession_problems == []
    assert engine.get(c.id).superseded_by is None
    assert [engine.get(i).superseded_by is None for i in (a.id, b.id)].count(True) == 1
