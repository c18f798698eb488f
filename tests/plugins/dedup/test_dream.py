"""Consolidation (``dream``): clusters merge into one memory keeping every provenance, trivial
old unused memories go to the graveyard, the run guards, dry runs, events, the value gate,
verdicts, the maintenance hook and the Ollama summariser (against a local stand-in)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.testing import FakeOllama

REPEATS = ["Orders API uses cursor pagination", "Orders API uses cursor pagination.",
           "orders api uses cursor pagination!"]


def fill(engine: Engine) -> list[str]:
    """Three repeats written apart (guard off) and one unrelated memory."""
    ids = [engine.add(t, on_duplicate="keep").id for t in REPEATS[:1]]
    ids += [engine.add(t).id for t in REPEATS[1:]]
    return [*ids, engine.add("The staging database runs on db-2", importance=0.9).id]


@pytest.fixture
def unguarded(build: Callable[..., Engine]) -> Engine:
    """Consolidator on, write guard off (so near-duplicates reach the store)."""
    return build(guard=[])


def test_a_cluster_becomes_one_memory_keeping_every_provenance(unguarded: Engine) -> None:
    ids = fill(unguarded)
    engine = unguarded
    for _ in range(2):
        engine.search("cursor pagination")
    engine.flush_accesses()
    counts = {i: engine.get(i).access_count for i in ids[:3]}
    report = engine.dream()
    [merge] = report.merges
    kept = engine.get(merge["kept"])
    assert set(merge["merged"]) | {merge["kept"]} == set(ids[:3])
    assert set(kept.provenance) == set(merge["merged"])
    assert kept.access_count == sum(counts.values())
    assert all(engine.get(i).archived for i in merge["merged"])
    assert not engine.get(ids[3]).archived
    ops = [e.op for e in engine.events()]
    assert ops.count("consolidate") == 1 and ops.count("archive") == 2 and ops[-1] == "dream"
    restored = engine.restore(merge["merged"][0])  # the graveyard keeps them restorable
    assert not restored.archived


def test_a_dry_run_changes_nothing(unguarded: Engine) -> None:
    fill(unguarded)
    before = unguarded.store.last_event()
    report = unguarded.dream(dry_run=True)
    assert len(report.merges) == 1 and report.dry_run
    assert unguarded.store.last_event() == before


def test_without_the_consolidator_nothing_merges(build: Callable[..., Engine]) -> None:
    from cognimem.errors import InvalidInput

    engine = build(guard=[], consolidate={"use": "none"})
    fill(engine)
    with pytest.raises(InvalidInput, match=r"\[consolidate\]"):
        engine.dream()


def test_the_value_gate_and_recorded_verdicts_keep_memories_apart(
        build: Callable[..., Engine]) -> None:
    engine = build(guard=[], consolidate={"use": "dream", "min_memories": 0,
                                          "merge_threshold": 0.85})
    a = engine.add("The latency budget is 500 ms.").id
    b = engine.add("The latency budget is 900 ms.").id
    c = engine.add("The orders service latency budget is fixed").id
    d = engine.add("The orders service latency budget is fixed!").id
    conflict = engine.record_conflict(c, d)
    assert conflict is not None
    engine.resolve_conflict(conflict.id, "keep_both")
    report = engine.dream(force=True)
    merged = {i for m in report.merges for i in (m["kept"], *m["merged"])}
    assert not {a, b} <= merged and not {c, d} <= merged


def test_run_guards_skip_until_forced(build: Callable[..., Engine], clock: ManualClock) -> None:
    few = build(guard=[], consolidate={"use": "dream", "min_memories": 5})
    fill(few)
    assert "min_memories" in (few.dream().skipped or "")
    assert few.dream(force=True).merges
    engine = build(guard=[], consolidate={"use": "dream", "min_memories": 0,
                                          "min_hours": 24, "min_operations": 3})
    fill(engine)
    assert engine.dream().skipped is None  # the first run
    clock.advance(hours=1)
    assert "min_hours" in (engine.dream().skipped or "")
    clock.advance(hours=30)
    assert "min_operations" in (engine.dream().skipped or "")
    for text in ("the build cache is warm", "lint runs first", "tests run in parallel"):
        engine.add(text)
    assert engine.dream().skipped is None


def test_trivial_unused_old_memories_go_to_the_graveyard(
        unguarded: Engine, clock: ManualClock) -> None:
    old = unguarded.add("ok, noted", importance=0.1).id
    kept = unguarded.add("decided: ship on Tuesdays", importance=0.1, tags=["decision"]).id
    guarded = unguarded.add("keep this one", importance=0.1, protected=True).id
    clock.advance(days=40)
    fresh = unguarded.add("a new unimportant note", importance=0.1).id
    report = unguarded.dream()
    assert [a["id"] for a in report.archived] == [old]
    assert [e.memory.id for e in unguarded.graveyard()] == [old]
    assert not any(unguarded.get(i).archived for i in (kept, guarded, fresh))


def test_maintain_runs_dream_through_its_hook(build: Callable[..., Engine]) -> None:
    engine = build(guard=[])
    fill(engine)
    report = engine.maintain()
    assert any(n.startswith("dream merged 2 memories in 1 clusters") for n in report.notes)
    off = build(guard=[], consolidate={"use": "dream", "min_memories": 0,
                                       "on_maintain": False})
    fill(off)
    assert not any("dream" in n for n in off.maintain().notes)


@pytest.fixture
def ollama_url(fake_ollama: FakeOllama) -> str:
    """The fake server, answering with a fixed summary."""
    fake_ollama.answer = "Orders API: cursor pagination."
    return fake_ollama.url


def test_the_ollama_summariser_writes_one_text_for_a_cluster(
        build: Callable[..., Engine], ollama_url: str, fake_ollama: FakeOllama) -> None:
    engine = build(guard=[], consolidate={
        "use": "dream", "min_memories": 0, "summariser": "ollama", "ollama_host": ollama_url,
        "ollama_model": "stand-in"})
    fill(engine)
    [merge] = engine.dream().merges
    kept = engine.get(merge["kept"])
    assert merge["summarised"] and kept.content == "Orders API: cursor pagination."
    assert fake_ollama.seen[-1]["path"] == "/api/generate"
    prompt = fake_ollama.prompts()[-1]
    assert all(t.strip(".!").lower() in prompt.lower() for t in REPEATS)
    assert engine.search("cursor pagination").hits[0].id == kept.id  # re-embedded


def test_an_unreachable_summariser_falls_back_to_the_rules(build: Callable[..., Engine]) -> None:
    engine = build(guard=[], consolidate={
        "use": "dream", "min_memories": 0, "summariser": "ollama",
        "ollama_host": "http://127.0.0.1:9", "ollama_timeout": 2})
    ids = fill(engine)
    [merge] = engine.dream().merges
    assert not merge["summarised"]
    assert engine.get(merge["kept"]).content in REPEATS and merge["kept"] in ids
