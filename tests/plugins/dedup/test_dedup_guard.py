"""The ``near_duplicates`` guard on the write path: merge, value conflicts, keep separate,
supersede; scopes, batches, provenance; one embedding per write; refusals write nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from cognimem import hookimpl
from cognimem.components import Guard
from cognimem.context import Context
from cognimem.engine import Engine, PreparedWrite
from cognimem.errors import Rejected
from cognimem.registry import Register

BUDGET = "The latency budget is 500 ms."
SAME = "latency budget is 500ms"
OTHER = "The latency budget is 900ms"


def test_a_reworded_repeat_merges_and_a_changed_value_is_a_conflict(guarded: Engine) -> None:
    first = guarded.add(BUDGET)
    again = guarded.add(SAME)
    changed = guarded.add(OTHER)
    assert first.outcome == "created"
    assert again.outcome == "merged" and again.id == first.id and not again.created
    assert any(first.id in note for note in again.notes)
    assert changed.outcome == "created" and changed.conflicts == [first.id]
    assert len(guarded.list_memories(limit=10)) == 2
    [conflict] = guarded.conflicts()
    assert {conflict.a, conflict.b} == {first.id, changed.id}
    assert conflict.differs == ["number: 500ms -> 900ms"]
    assert conflict.found_by == "near_duplicates"
    assert guarded.in_open_conflict([changed.id]) == {changed.id: [conflict.id]}
    ops = [e.op for e in guarded.events()]
    assert ops.count("merge") == 1 and ops.count("conflict") == 1


def test_without_the_guard_all_three_are_separate_and_silent(
        build: Callable[..., Engine]) -> None:
    engine = build(guard=[])
    ids = {engine.add(text).id for text in (BUDGET, SAME, OTHER)}
    assert len(ids) == 3 and engine.conflicts() == []


def test_without_the_value_gate_the_changed_value_would_merge(
        build: Callable[..., Engine]) -> None:
    gated = build().add_many([BUDGET, OTHER])
    ungated = build(guard=[{"use": "near_duplicates", "value_gate": False,
                            "merge_threshold": 0.85}]).add_many([BUDGET, OTHER])
    assert gated[1].outcome == "created"
    assert ungated[1].outcome == "merged"


def test_a_merge_keeps_both_provenances_and_combines_importance(guarded: Engine) -> None:
    first = guarded.add(BUDGET, provenance=["doc-1"], importance=0.3,
                        source={"session": "s1"})
    merged = guarded.add(SAME, provenance=["doc-2"], importance=0.8, source={"session": "s2"},
                         tags=["perf"])
    memory = guarded.get(first.id)
    assert merged.memory.id == first.id
    assert memory.provenance == ["doc-1", "doc-2"]
    assert memory.importance == 0.8 and "perf" in memory.tags
    assert memory.meta["merged"][0]["source"] == {"session": "s2"}
    assert memory.meta["merged"][0]["content"] == SAME
    assert memory.version == first.memory.version + 1
    assert guarded.search("latency budget").hits[0].id == first.id


def test_near_duplicates_merge_within_a_scope_only(guarded: Engine) -> None:
    shop = guarded.add(BUDGET, scope={"project": "shop"})
    blog = guarded.add(SAME, scope={"project": "blog"})
    assert blog.outcome == "created" and blog.id != shop.id


def test_the_earlier_items_of_a_batch_count(guarded: Engine) -> None:
    written = guarded.add_many([BUDGET, SAME, OTHER, "The CI cache lives in S3"])
    assert [w.outcome for w in written] == ["created", "merged", "created", "created"]
    assert written[1].id == written[0].id
    assert written[2].conflicts == [written[0].id]
    assert guarded.get(written[0].id).meta["merged"][0]["content"] == SAME


def test_keep_records_the_pair_as_distinct_for_good(guarded: Engine) -> None:
    first = guarded.add(BUDGET)
    kept = guarded.add(SAME, on_duplicate="keep")
    assert kept.outcome == "created" and kept.kept_separate == [first.id]
    [pair] = guarded.conflicts(status="resolved")
    assert pair.resolution == "keep_both" and pair.kind == "near_duplicate"
    assert guarded.record_conflict(first.id, kept.id) is None  # never asked again
    report = guarded.dream(force=True)
    assert report.merges == []  # consolidation respects the verdict


def test_supersede_makes_the_write_the_new_version(guarded: Engine) -> None:
    first = guarded.add(BUDGET)
    newer = guarded.add(OTHER, on_duplicate="supersede")
    assert newer.supersedes == first.id and newer.memory.supersedes == first.id
    assert guarded.get(first.id).superseded_by == newer.id
    assert guarded.conflicts() == []


def test_on_conflict_supersede_option(build: Callable[..., Engine]) -> None:
    engine = build(guard=[{"use": "near_duplicates", "on_conflict": "supersede"}])
    first = engine.add(BUDGET)
    newer = engine.add(OTHER)
    assert newer.supersedes == first.id and engine.get(first.id).superseded_by == newer.id


def test_a_superseded_memory_is_never_a_merge_target(guarded: Engine) -> None:
    old = guarded.add("Deploys go out on Fridays after review")
    new = guarded.supersede(old.id, "Deploys go out on Mondays after review")
    again = guarded.add("Deploys go out on Fridays after review")  # the old text, exactly
    assert again.outcome == "created" and again.id not in (old.id, new.id)
    assert again.conflicts == [new.id]  # the weekday differs from the current version
    assert guarded.get(old.id).superseded_by == new.id


def test_bad_on_duplicate_is_refused(guarded: Engine) -> None:
    from cognimem.errors import InvalidInput

    with pytest.raises(InvalidInput, match="on_duplicate must be one of"):
        guarded.add(BUDGET, on_duplicate="merge")  # type: ignore[arg-type]
    assert guarded.list_memories() == []


class Counting:
    """Counts the texts the engine embeds."""

    def __init__(self, engine: Engine) -> None:
        self.texts: list[str] = []
        assert engine.embedder is not None
        embed = engine.embedder.embed_batch

        def counted(texts: Sequence[str]) -> np.ndarray:
            self.texts.extend(texts)
            return embed(texts)

        engine.embedder.embed_batch = counted  # type: ignore[method-assign]


def test_hook_cognimem_register_guards(build: Callable[..., Engine]) -> None:
    seen: list[tuple[str, Any, int]] = []

    class Spy(Guard):
        """Records what it is given; refuses memories that mention a password."""

        name = "spy"

        def screen(self, write: PreparedWrite, ctx: Context) -> None:
            seen.append((write.draft.content, write.vector, len(write.peers)))
            if "password" in write.draft.content:
                write.reject("mentions a password")

    class Plugin:
        @hookimpl
        def cognimem_register_guards(self, register: Register) -> None:
            register(Spy)

    engine = build(Plugin(), guard=[{"use": "spy"}, {"use": "near_duplicates"}])
    counter = Counting(engine)
    written = engine.add_many(["alpha beta", "gamma delta"])
    assert [s[0] for s in seen] == ["alpha beta", "gamma delta"]
    assert [s[2] for s in seen] == [0, 1]  # the earlier write of the batch is a peer
    assert engine.embedder is not None
    np.testing.assert_allclose(seen[0][1], engine.embedder.embed("alpha beta"), atol=1e-5)
    assert counter.texts[:2] == ["alpha beta", "gamma delta"]  # embedded once, not per guard
    before = engine.store.last_event()
    with pytest.raises(Rejected, match="password"):
        engine.add_many(["epsilon", "the password is hunter2"])
    assert engine.store.last_event() == before  # nothing partial written
    assert {m.id for m in engine.list_memories()} == {w.id for w in written}


def test_prepare_sees_the_whole_batch_once_before_any_screen(
        build: Callable[..., Engine]) -> None:
    calls: list[tuple[str, Any]] = []

    class Spy(Guard):
        name = "spy"

        def prepare(self, writes: Sequence[PreparedWrite], ctx: Context) -> None:
            calls.append(("prepare", [(w.draft.content, w.vector is not None) for w in writes]))

        def screen(self, write: PreparedWrite, ctx: Context) -> None:
            calls.append(("screen", write.draft.content))

    class Plugin:
        @hookimpl
        def cognimem_register_guards(self, register: Register) -> None:
            register(Spy)

    engine = build(Plugin(), guard=[{"use": "spy"}])
    engine.add_many(["alpha beta", "gamma delta"])
    assert calls == [("prepare", [("alpha beta", True), ("gamma delta", True)]),
                     ("screen", "alpha beta"), ("screen", "gamma delta")]


def test_batch_lookups_give_the_verdicts_of_one_by_one_lookups(
        build: Callable[..., Engine], monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard's batch lookups (one search per scope, one matrix of the batch's own
    look-alikes) change no verdict: the same writes with lookups off come out the same."""
    from cognimem_plugins.dedup.guard import NearDuplicateGuard

    stored = [BUDGET, "The CI cache lives in S3", "Deploys run from the release branch"]
    batch: list[Any] = [
        SAME, OTHER, "the ci cache lives in s3", BUDGET,
        {"content": SAME, "scope": {"project": "shop"}},
        {"content": BUDGET, "scope": {"project": "shop"}},
        {"content": OTHER, "scope": {"project": "shop"}},
        "Deploys run from the release branch every Friday", "Unrelated note on fonts",
    ]

    def outcomes(engine: Engine) -> list[tuple[str, int | None, list[int]]]:
        first = engine.add_many(stored)
        order = {w.id: i for i, w in enumerate(first)}
        written = engine.add_many(batch)
        for i, w in enumerate(written):
            order.setdefault(w.id, len(stored) + i)
        return [(w.outcome, order.get(w.id), sorted(order[c] for c in w.conflicts))
                for w in written]

    with_lookups = outcomes(build())
    monkeypatch.setattr(NearDuplicateGuard, "prepare", lambda self, writes, ctx: None)
    without = outcomes(build())
    assert with_lookups == without
    assert {o for o, _, _ in with_lookups} >= {"created", "merged"}
    assert any(conflicts for _, _, conflicts in with_lookups)
