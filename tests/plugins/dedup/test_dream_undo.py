"""Undo of the last dream run: one unit of work through the write pipeline (members and
archived memories back from the graveyard, the kept memory's fields and text back, its later
accesses kept), refused naming the memory when a later write touched one, a dry run and a
second undo changing nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_dream import REPEATS, fill

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import InvalidInput
from cognimem.testing import FakeOllama


@pytest.fixture
def unguarded(build: Callable[..., Engine]) -> Engine:
    """Consolidator on, write guard off (so near-duplicates reach the store)."""
    return build(guard=[])


def merged_and_archived(engine: Engine, clock: ManualClock) -> tuple[list[str], str]:
    """A cluster of three repeats and one trivial old memory, before any run."""
    ids = fill(engine)
    engine.update(ids[0], tags=["api"])
    old = engine.add("ok, noted", importance=0.1).id
    clock.advance(days=40)
    return ids, old


def test_undo_brings_back_what_the_last_run_merged_and_archived(
        unguarded: Engine, clock: ManualClock) -> None:
    engine = unguarded
    ids, old = merged_and_archived(engine, clock)
    before = engine.get_many([*ids, old])
    report = engine.dream()
    [merge] = report.merges
    kept_id = merge["kept"]
    assert report.run is not None and [a["id"] for a in report.archived] == [old]
    assert engine.get(kept_id).provenance and engine.get(old).archived
    engine.search("cursor pagination")  # the kept memory is recalled after the run
    engine.flush_accesses()
    recalled = engine.get(kept_id).access_count - sum(before[i].access_count for i in ids[:3])
    assert recalled == 1
    seq = engine.store.last_event().seq  # type: ignore[union-attr]
    undone = engine.undo_dream()
    assert undone.undone and undone.run == report.run
    assert undone.merges[0]["merged"] == merge["merged"] and undone.archived[0]["id"] == old
    after = engine.get_many([*ids, old])
    assert not any(m.archived for m in after.values())
    kept = after[kept_id]
    assert (kept.provenance, kept.tags, kept.importance) == (
        before[kept_id].provenance, before[kept_id].tags, before[kept_id].importance)
    assert kept.access_count == before[kept_id].access_count + recalled
    assert engine.graveyard() == []
    new = [e for e in engine.events() if e.seq > seq]
    assert [e.op for e in new].count("restore") == 3
    assert new[-1].op == "dream_undo" and new[-1].payload["run"] == report.run
    assert {h.id for h in engine.search("cursor pagination", k=10).hits} >= set(ids[:3])
    with pytest.raises(InvalidInput, match="no dream run to undo"):
        engine.undo_dream()  # one run, one undo


def test_a_dry_run_of_the_undo_changes_nothing(unguarded: Engine, clock: ManualClock) -> None:
    merged_and_archived(unguarded, clock)
    report = unguarded.dream()
    last = unguarded.store.last_event()
    preview = unguarded.undo_dream(dry_run=True)
    assert preview.dry_run and not preview.undone and preview.run == report.run
    assert len(preview.merges) == 1 and len(preview.archived) == 1
    assert unguarded.store.last_event() == last
    assert unguarded.undo_dream().undone  # still undoable


@pytest.mark.parametrize("later", ["restore", "update", "archive", "delete"])
def test_undo_is_refused_when_a_later_write_touched_a_memory(
        unguarded: Engine, clock: ManualClock, later: str) -> None:
    engine = unguarded
    merged_and_archived(engine, clock)
    [merge] = engine.dream().merges
    member, kept = merge["merged"][0], merge["kept"]
    if later == "restore":
        touched = engine.restore(member).id
    elif later == "update":
        touched = engine.update(kept, importance=0.95).memory.id
    elif later == "archive":
        touched = engine.archive(kept).id
    else:
        touched = engine.delete(member).id
    last = engine.store.last_event()
    with pytest.raises(InvalidInput, match=f"memory {touched} was") as refused:
        engine.undo_dream()
    assert "nothing was changed" in str(refused.value) and "\n" not in str(refused.value)
    assert engine.store.last_event() == last


def test_a_run_that_changes_nothing_keeps_the_last_runs_undo(unguarded: Engine,
                                                              clock: ManualClock) -> None:
    merged_and_archived(unguarded, clock)
    first = unguarded.dream()
    assert not unguarded.dream(force=True).merges  # nothing left to merge
    assert unguarded.undo_dream(dry_run=True).run == first.run


def test_the_next_run_replaces_the_undo(unguarded: Engine, clock: ManualClock) -> None:
    merged_and_archived(unguarded, clock)
    unguarded.dream()
    unguarded.undo_dream()
    clock.advance(days=2)
    again = unguarded.dream()  # the same cluster merges again: a new run, a new record
    assert again.run is not None and unguarded.undo_dream(dry_run=True).run == again.run


def test_undo_gives_a_summarised_memory_its_text_back(
        build: Callable[..., Engine], fake_ollama: FakeOllama) -> None:
    fake_ollama.answer = "Orders API: cursor pagination."
    engine = build(guard=[], consolidate={
        "use": "dream", "min_memories": 0, "summariser": "ollama",
        "ollama_host": fake_ollama.url, "ollama_model": "stand-in"})
    ids = fill(engine)
    texts = {i: engine.get(i).content for i in ids}
    [merge] = engine.dream().merges
    assert merge["summarised"]
    engine.undo_dream()
    kept = engine.get(merge["kept"])
    assert kept.content == texts[kept.id] and kept.content in REPEATS
    assert engine.search(texts[kept.id], k=1).hits[0].id in ids  # re-embedded, indexed

