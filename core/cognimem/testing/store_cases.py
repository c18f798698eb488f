"""The record store cases every store passes with a store of its own: each field of a
memory, edge, access, event, grave and embedding round-trips exactly; ids, hashes and
edges are found in order; access history and counters stay true through transactions;
and a failed or nested transaction leaves exactly what it should.

They are part of :class:`~cognimem.testing.RecordStoreContract` (which supplies the
``records`` fixture: the component opened by an engine on an empty store).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import numpy as np
import pytest

from ..components import GraveEntry, RecordStore
from ..events import next_event, verify_chain
from ..models import Access, Edge, EmbeddingSignature, Memory, Scope, Source, content_hash

#: The time :func:`full_memory` stamps (microseconds set, to catch truncation).
T0 = datetime(2025, 3, 1, 12, 30, 15, 123456, tzinfo=UTC)
#: The embedding signature of :func:`full_memory` and of the cases' embeddings.
SIG = EmbeddingSignature(model="hash-8", dim=8)


def full_memory(i: int, content: str | None = None, **fields: Any) -> Memory:
    """Memory ``m{i:03d}`` with every kind of field filled (``fields`` override)."""
    text = content or f"memory number {i} about the deploy pipeline"
    data: dict[str, Any] = {
        "id": f"m{i:03d}", "content": text, "kind": "fact", "layer": "semantic",
        "tier": "ltm", "title": f"title {i}", "tags": ["deploy", f"t{i}"],
        "scope": Scope(project="atlas", agent="claude"), "source": Source(file="a.md", line=i),
        "provenance": ["m000"], "valid_from": T0, "valid_until": T0 + timedelta(days=30),
        "importance": 0.75, "confidence": 0.5, "protected": i % 2 == 0,
        "meta": {"nested": {"list": [1, 2.5, None, "x"]}, "ünï": "çödé"},
        "created_at": T0 + timedelta(seconds=i), "updated_at": T0 + timedelta(seconds=i + 1),
        "last_accessed_at": None, "access_count": 0, "content_hash": content_hash(text),
        "embedding": SIG, "version": 1,
    }
    data.update(fields)
    return Memory(**data)


memory = full_memory


class RecordStoreCases:
    """Exact round trips, orders and transaction behaviour, on an empty store."""

    def test_memories_round_trip_every_field(self, records: RecordStore) -> None:
        offset = timezone(timedelta(hours=-5))
        original = memory(1, last_accessed_at=datetime(2025, 3, 2, 1, 2, 3, 7, tzinfo=offset))
        records.put_memories([original, memory(2)])
        got = records.get_memories(["m001", "missing", "m002"])
        assert list(got) == ["m001", "m002"]
        assert got["m001"] == original
        assert got["m001"].last_accessed_at == datetime(2025, 3, 2, 6, 2, 3, 7, tzinfo=UTC)
        assert got["m001"].created_at.utcoffset() == timedelta(0)
        assert got["m001"].meta == {"nested": {"list": [1, 2.5, None, "x"]}, "ünï": "çödé"}
        assert records.count_memories() == 2

    def test_the_store_keeps_no_alias_of_a_memory(self, records: RecordStore) -> None:
        """What a caller changes in a memory it put, or in one it got back, does not
        change the stored memory (a store that keeps objects keeps copies)."""
        mine = memory(1)
        records.put_memories([mine])
        mine.tags.append("later")
        mine.provenance.clear()
        mine.meta["nested"]["list"].append("later")
        mine.scope.agent = "someone"
        mine.source.file = "b.md"
        mine.title = "changed"
        got = records.get_memories(["m001"])["m001"]
        assert got == memory(1)
        got.tags.append("again")
        got.meta["nested"]["list"].clear()
        got.scope.project = "other"
        (found,) = records.find_by_hash(memory(1).content_hash)
        found.provenance.append("m009")
        for later in records.iter_memories():
            later.meta.clear()
        assert records.get_memories(["m001"])["m001"] == memory(1)

    def test_put_replaces_by_id_and_hash_lookup_follows(self, records: RecordStore) -> None:
        records.put_memories([memory(1)])
        old_hash = memory(1).content_hash
        records.put_memories([memory(1, "entirely new words", version=2)])
        assert records.get_memories(["m001"])["m001"].version == 2
        assert records.find_by_hash(old_hash) == []
        assert [m.id for m in records.find_by_hash(content_hash("entirely new words"))] == ["m001"]
        assert records.count_memories() == 1

    def test_find_by_hash_returns_all_twins_in_id_order(self, records: RecordStore) -> None:
        same = "the same words"
        records.put_memories([memory(3, same, scope=Scope(project="b")), memory(2, same)])
        assert [m.id for m in records.find_by_hash(content_hash(same))] == ["m002", "m003"]

    def test_iter_memories_in_id_order(self, records: RecordStore) -> None:
        records.put_memories([memory(i) for i in (5, 1, 3)])
        assert [m.id for m in records.iter_memories()] == ["m001", "m003", "m005"]

    def test_writing_while_iterating(self, records: RecordStore) -> None:
        records.put_memories([memory(i) for i in range(5)])
        seen = []
        for m in records.iter_memories():
            seen.append(m.id)
            records.put_memories([m.model_copy(update={"version": m.version + 1})])
            records.get_memories(["m000"])
        assert seen == [f"m{i:03d}" for i in range(5)]
        assert {m.version for m in records.iter_memories()} == {2}

    def test_delete_memories_takes_edges_accesses_and_embeddings(
            self, records: RecordStore) -> None:
        records.put_memories([memory(1), memory(2), memory(3)])
        records.put_edges([Edge(source="m001", target="m002"),
                           Edge(source="m003", target="m001"),
                           Edge(source="m002", target="m003")])
        records.add_accesses([Access(memory_id="m001", at=T0), Access(memory_id="m002", at=T0)])
        records.put_embeddings({"m001": np.ones(8), "m002": np.ones(8)}, SIG)
        records.delete_memories(["m001"])
        assert "m001" not in records.get_memories(["m001"])
        assert [e.key for e in records.iter_edges()] == [("m002", "m003", "relates_to")]
        assert records.access_times(["m001", "m002"]) == {"m001": [], "m002": [T0]}
        assert list(records.get_embeddings(["m001", "m002"])) == ["m002"]

    def test_edges_by_key_and_direction(self, records: RecordStore) -> None:
        made = T0 + timedelta(microseconds=1)
        records.put_edges([Edge(source="a", target="b", type="mentions", weight=0.5,
                                created_at=made, provenance=["x"], meta={"k": 1}),
                           Edge(source="c", target="a"), Edge(source="a", target="b")])
        records.put_edges([Edge(source="a", target="b", type="mentions", weight=0.9)])
        assert [(e.key, e.weight) for e in records.iter_edges()] == [
            (("a", "b", "mentions"), 0.9), (("a", "b", "relates_to"), 1.0),
            (("c", "a", "relates_to"), 1.0)]
        assert {e.key for e in records.edges_of("a", "out")} == {("a", "b", "mentions"),
                                                                 ("a", "b", "relates_to")}
        assert [e.key for e in records.edges_of("a", "in")] == [("c", "a", "relates_to")]
        assert len(records.edges_of("a")) == 3
        records.delete_edges([("a", "b", "mentions"), ("x", "y", "z")])
        assert len(records.edges_of("a")) == 2

    def test_edge_fields_round_trip(self, records: RecordStore) -> None:
        edge = Edge(source="a", target="b", weight=0.25, confidence=0.5, created_at=T0,
                    last_used_at=T0 + timedelta(hours=1), use_count=3, provenance=["m1", "m2"],
                    valid_from=T0, valid_until=T0 + timedelta(days=1), meta={"why": ["x"]})
        records.put_edges([edge])
        assert records.edges_of("a") == [edge]

    def test_access_times_oldest_first(self, records: RecordStore) -> None:
        later, earlier = T0 + timedelta(hours=2), T0 - timedelta(hours=2)
        records.add_accesses([Access(memory_id="m1", at=later, agent="a", query="q"),
                              Access(memory_id="m1", at=earlier)])
        assert records.access_times(["m1", "nobody"]) == {"m1": [earlier, later], "nobody": []}

    def test_record_accesses_appends_history_and_bumps_counters(self, records: RecordStore) -> None:
        records.put_memories([memory(1), memory(2, last_accessed_at=T0 + timedelta(days=1),
                                             access_count=5)])
        records.get_memories(["m001"])  # m001 cached, m002 read from the table afterwards
        later = T0 + timedelta(hours=3)
        records.record_accesses([Access(memory_id="m001", at=T0),
                                 Access(memory_id="m001", at=later),
                                 Access(memory_id="m002", at=later),
                                 Access(memory_id="gone", at=later)])
        got = records.get_memories(["m001", "m002"])
        assert (got["m001"].access_count, got["m001"].last_accessed_at) == (2, later)
        # an older access never moves last_accessed_at back
        assert (got["m002"].access_count, got["m002"].last_accessed_at) == (
            6, T0 + timedelta(days=1))
        assert records.access_times(["m001", "m002"]) == {"m001": [T0, later], "m002": [later]}
        assert got["m001"].content == memory(1).content and got["m001"].version == 1

    def test_record_accesses_rolls_back_with_its_transaction(self, records: RecordStore) -> None:
        records.put_memories([memory(1)])
        records.get_memories(["m001"])
        with pytest.raises(RuntimeError), records.transaction():
            records.record_accesses([Access(memory_id="m001", at=T0)])
            assert records.get_memories(["m001"])["m001"].access_count == 1  # visible inside
            raise RuntimeError("boom")
        assert records.get_memories(["m001"])["m001"].access_count == 0
        assert records.access_times(["m001"]) == {"m001": []}

    def test_access_times_stay_true_once_read(self, records: RecordStore) -> None:
        """Reading a history (which a store may cache) never hides a later write, a rollback
        or a delete."""
        records.put_memories([memory(1), memory(2)])
        records.add_accesses([Access(memory_id="m001", at=T0)])
        assert records.access_times(["m001", "m002"]) == {"m001": [T0], "m002": []}
        later = T0 + timedelta(hours=1)
        records.record_accesses([Access(memory_id="m001", at=later),
                                 Access(memory_id="m002", at=later)])
        assert records.access_times(["m001", "m002"]) == {"m001": [T0, later], "m002": [later]}
        with pytest.raises(RuntimeError), records.transaction():
            records.add_accesses([Access(memory_id="m001", at=later + timedelta(hours=1))])
            assert len(records.access_times(["m001"])["m001"]) == 3  # visible inside
            raise RuntimeError("boom")
        assert records.access_times(["m001"]) == {"m001": [T0, later]}
        records.delete_memories(["m001"])
        assert records.access_times(["m001", "m002"]) == {"m001": [], "m002": [later]}

    def test_event_log(self, records: RecordStore) -> None:
        assert records.last_event() is None
        first = next_event(None, T0, "add", "m1", "agent-a", {"hash": "x", "n": [1, 2]})
        second = next_event(first, T0 + timedelta(seconds=1), "delete", "m1")
        records.append_event(first)
        records.append_event(second)
        assert records.last_event() == second
        assert list(records.iter_events()) == [first, second]
        assert list(records.iter_events(after_seq=1)) == [second]
        assert verify_chain(records.iter_events()) == []

    def test_graveyard_newest_first(self, records: RecordStore) -> None:
        old = GraveEntry(memory=memory(1, archived=True), archived_at=T0, reason="faded", score=0.1)
        new = GraveEntry(memory=memory(2, archived=True), archived_at=T0 + timedelta(days=1),
                         reason="by request")
        records.add_grave(old)
        records.add_grave(new)
        assert records.graves() == [new, old]
        records.remove_grave("m002")
        records.remove_grave("unknown")
        assert records.graves() == [old]

    def test_embeddings_round_trip_exactly(self, records: RecordStore) -> None:
        vectors = {"m1": np.linspace(-1, 1, 8, dtype=np.float32), "m2": np.full(8, 1e-7)}
        records.put_embeddings(vectors, SIG)
        got = records.get_embeddings(["m1", "m2", "m3"])
        assert set(got) == {"m1", "m2"}
        assert got["m1"].dtype == np.float32
        np.testing.assert_array_equal(got["m1"], vectors["m1"])
        np.testing.assert_array_equal(got["m2"], np.float32(1e-7))

    def test_get_metas_reads_several_keys(self, records: RecordStore) -> None:
        records.set_meta("many", "a", {"x": 1})
        records.set_meta("many", "b", [2])
        records.set_meta("other", "c", 3)
        assert records.get_metas("many", ["a", "b", "c", "missing"]) == {"a": {"x": 1},
                                                                         "b": [2]}
        assert records.get_metas("many", []) == {}

    def test_meta_changes_tell_what_was_written_or_nothing(self, records: RecordStore) -> None:
        """A store that counts its commits to a namespace (``meta_version`` not None) and
        tells what they wrote gives each key's value as committed (None: deleted)."""
        start = records.meta_version("told")
        records.set_meta("told", "a", {"x": 1})
        records.set_meta("told", "b", 2)
        records.set_meta("told", "b", None)
        version, written = records.meta_changes("told", start or 0)
        if start is None or written is None:  # the store cannot tell: always correct
            return
        assert version == records.meta_version("told") and version > start
        assert written == {"a": {"x": 1}, "b": None}
        assert records.meta_changes("told", version) == (version, {})

    def test_meta_items_where_finds_values_by_field(self, records: RecordStore) -> None:
        records.set_meta("pairs", "p1", {"a": "m1", "b": "m2", "note": "m9"})
        records.set_meta("pairs", "p2", {"a": "m3", "b": "m1"})
        records.set_meta("pairs", "p3", {"a": "m4", "b": "m5", "note": "m1"})  # not a or b
        records.set_meta("pairs", "p4", "m1")  # not an object
        records.set_meta("other", "p5", {"a": "m1"})
        assert records.meta_items_where("pairs", ("a", "b"), ["m1"]) == {
            "p1": {"a": "m1", "b": "m2", "note": "m9"}, "p2": {"a": "m3", "b": "m1"}}
        assert set(records.meta_items_where("pairs", ("b",), ["m1", "m5"])) == {"p2", "p3"}
        assert records.meta_items_where("pairs", ("a", "b"), ["m"]) == {}  # whole values only
        assert records.meta_items_where("pairs", ("a",), []) == {}
        many = [f"x{i}" for i in range(100)] + ["m4"]  # more values than a query lists
        assert set(records.meta_items_where("pairs", ("a", "b"), many)) == {"p3"}
        with pytest.raises(ValueError, match="field name"):
            records.meta_items_where("pairs", ("a') OR 1=1 --",), ["m1"])

    def test_meta_values(self, records: RecordStore) -> None:
        records.set_meta("plugin", "a", {"x": [1, 2]})
        records.set_meta("plugin", "b", 3)
        records.set_meta("other", "a", "text")
        assert records.get_meta("plugin", "a") == {"x": [1, 2]}
        assert records.get_meta("plugin", "missing", "dflt") == "dflt"
        assert records.meta_items("plugin") == {"a": {"x": [1, 2]}, "b": 3}
        records.set_meta("plugin", "a", None)
        assert records.meta_items("plugin") == {"b": 3}

    def test_failed_transaction_leaves_nothing(self, records: RecordStore) -> None:
        records.put_memories([memory(1)])
        before = next_event(None, T0, "add", "m001")
        records.append_event(before)
        with pytest.raises(RuntimeError), records.transaction():
            records.put_memories([memory(1, "changed"), memory(2)])
            records.put_edges([Edge(source="m001", target="m002")])
            records.append_event(next_event(before, T0, "add", "m002"))
            records.put_embeddings({"m002": np.ones(8)}, SIG)
            records.set_meta("ns", "k", 1)
            records.delete_memories(["m001"])
            raise RuntimeError("boom")
        assert [m.content for m in records.iter_memories()] == [memory(1).content]
        assert records.get_memories(["m001", "m002"])["m001"] == memory(1)
        assert list(records.iter_edges()) == []
        assert records.last_event() == before
        assert records.get_embeddings(["m002"]) == {}
        assert records.get_meta("ns", "k") is None
        assert records.find_by_hash(content_hash("changed")) == []

    def test_nested_transactions_join_the_outer_one(self, records: RecordStore) -> None:
        with pytest.raises(RuntimeError), records.transaction():
            with records.transaction():
                records.put_memories([memory(1)])
            assert "m001" in records.get_memories(["m001"])  # visible inside
            raise RuntimeError("outer fails after the inner one finished")
        assert records.count_memories() == 0

    def test_reads_inside_a_transaction_see_its_writes(self, records: RecordStore) -> None:
        records.put_memories([memory(1)])
        with records.transaction():
            records.put_memories([memory(1, "new text", version=2)])
            records.delete_memories(["m002"])
            assert records.get_memories(["m001"])["m001"].version == 2
            assert [m.version for m in records.iter_memories()] == [2]
        assert records.get_memories(["m001"])["m001"].version == 2


def write_through_an_engine(engine: Any, clock: Any) -> tuple[str, str]:
    """Add, relate, update, search and archive through ``engine`` (a record store's
    reopen tests then check the result with :func:`check_reopened`); returns the two ids."""
    first = engine.add("the database is postgres 16", tags=["db"]).id
    second = engine.add("deploys go out on tuesdays").id
    engine.relate(first, second, "relates_to")
    clock.advance(seconds=1.000001)
    engine.update(first, content="the database is postgres 17")
    engine.search("database")
    engine.archive(second)
    return first, second


def check_reopened(engine: Any, first: str) -> None:
    """What :func:`write_through_an_engine` wrote, as a reopened engine must show it: a
    clean check (event chain included), the update, search and every event in order."""
    report = engine.check()
    assert report.ok, report
    assert engine.get(first).content == "the database is postgres 17"
    assert [h.id for h in engine.search("postgres").hits] == [first]
    assert [e.op for e in engine.events()] == ["add", "add", "relate", "update", "archive"]
