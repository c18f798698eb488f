"""The record store contract: every method of :class:`~cognimem.components.RecordStore`,
its transactions, its optional fast paths (which must agree with the defaults), and — for a
persistent store — that everything survives a reopen; with the exact round trips and
orders of :mod:`.store_cases`.

The store is opened by a real engine on a fresh folder (``path``), so what is tested is what
a profile selecting it runs; the tests then call the store directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ..components import RecordStore
from ..engine import Engine
from ..events import next_event
from ..models import Access, Edge, EmbeddingSignature, Memory
from .contracts import ComponentContract
from .fixtures import T0, build_engine, memory
from .store_cases import RecordStoreCases

SIG = EmbeddingSignature(model="contract-model", dim=4)


def _memories() -> list[Memory]:
    return [
        memory("ct-a", "alpha note about parsers", tags=["x"], version=1),
        memory("ct-b", "beta decision on caching", kind="decision", version=3),
        memory("ct-c", "gamma archived fact", archived=True, embedding=SIG),
        memory("ct-d", "alpha note about parsers", title="same text as ct-a"),
    ]


class RecordStoreContract(RecordStoreCases, ComponentContract):
    """A record store keeps memories, edges, accesses, events, graves, embeddings and
    metadata, commits a transaction whole or not at all, and (when ``persistent``) keeps them
    across a reopen.

    The engine opens the store on a fresh folder (the profile's ``path``); set ``options``
    for what else your store needs (a server address). The tests expect a store that starts
    empty: a server-backed store overrides :meth:`open_engine` to give each test its own
    database or schema (and drop it in a fixture of its own).
    """

    def profile_overrides(self) -> dict[str, Any]:
        return {"records": {"use": self.component, **self.options}}

    def open_engine(self, folder: Path) -> Engine:
        """An engine whose record store is the component, on ``folder``."""
        return build_engine(overrides={**self.profile_overrides(), "path": str(folder)},
                            plugins=self.plugins)

    @pytest.fixture
    def store_folder(self, tmp_path: Path) -> Path:
        """The folder the store lives in."""
        return tmp_path / "store"

    @pytest.fixture
    def records(self, store_folder: Path) -> Iterator[RecordStore]:
        """The component, opened by an engine on an empty folder."""
        if not self.component:
            pytest.fail(f"{type(self).__name__} must set `component` to the component's name")
        engine = self.open_engine(store_folder)
        yield engine._records
        engine.close()

    # memories --------------------------------------------------------------------------------

    def test_memories_round_trip(self, records: RecordStore) -> None:
        """put / get / iter / count / find_by_hash return what was put, in id order."""
        before = records.count_memories()
        mems = _memories()
        records.put_memories(mems)
        got = records.get_memories(["ct-b", "ct-a", "missing"])
        assert set(got) == {"ct-a", "ct-b"}
        assert got["ct-b"] == mems[1]
        assert records.count_memories() == before + 4
        ours = [m for m in records.iter_memories() if m.id.startswith("ct-")]
        assert [m.id for m in ours] == ["ct-a", "ct-b", "ct-c", "ct-d"]
        assert ours[2].archived and ours[2].embedding == SIG
        same = records.find_by_hash(mems[0].content_hash)
        assert [m.id for m in same] == ["ct-a", "ct-d"]
        assert records.find_by_hash("no-such-hash") == []

    def test_put_replaces_by_id(self, records: RecordStore) -> None:
        """A second put of an id replaces the memory, and its old hash no longer finds it."""
        old = memory("ct-r", "first words")
        records.put_memories([old])
        new = memory("ct-r", "second words", version=2)
        records.put_memories([new])
        assert records.get_memories(["ct-r"])["ct-r"] == new
        assert records.find_by_hash(old.content_hash) == []
        assert [m.id for m in records.find_by_hash(new.content_hash)] == ["ct-r"]

    def test_returned_memories_are_copies(self, records: RecordStore) -> None:
        """Changing a memory the store returned does not change the store."""
        records.put_memories([memory("ct-m", "kept as written", tags=["a"])])
        got = records.get_memories(["ct-m"])["ct-m"]
        got.tags.append("changed")
        got.content = "changed"
        again = records.get_memories(["ct-m"])["ct-m"]
        assert again.content == "kept as written" and again.tags == ["a"]

    def test_delete_removes_edges_accesses_and_embeddings(self, records: RecordStore) -> None:
        """Deleting a memory removes it and everything hanging off it; others stay."""
        records.put_memories(_memories())
        records.put_edges([Edge(source="ct-a", target="ct-b", created_at=T0),
                           Edge(source="ct-b", target="ct-d", created_at=T0)])
        records.add_accesses([Access(memory_id="ct-a", at=T0)])
        records.put_embeddings({"ct-a": np.ones(4, np.float32) / 2}, SIG)
        records.delete_memories(["ct-a", "missing"])
        assert records.get_memories(["ct-a"]) == {}
        assert records.edges_of("ct-a") == []
        assert [e.key for e in records.edges_of("ct-b")] == [("ct-b", "ct-d", "relates_to")]
        assert records.access_times(["ct-a"]) == {"ct-a": []}
        assert records.get_embeddings(["ct-a"]) == {}
        assert set(records.get_memories(["ct-b", "ct-c", "ct-d"])) == {"ct-b", "ct-c", "ct-d"}

    # edges -----------------------------------------------------------------------------------

    def test_edges(self, records: RecordStore) -> None:
        """Edges are keyed by (source, target, type); edges_of filters by direction."""
        records.put_memories(_memories())
        records.put_edges([
            Edge(source="ct-a", target="ct-b", weight=0.5, created_at=T0),
            Edge(source="ct-b", target="ct-a", type="supersedes", created_at=T0),
            Edge(source="ct-a", target="ct-c", type="mentions", created_at=T0),
        ])
        records.put_edges([Edge(source="ct-a", target="ct-b", weight=0.9, created_at=T0)])
        out = {e.key: e.weight for e in records.edges_of("ct-a", "out")}
        assert out == {("ct-a", "ct-b", "relates_to"): 0.9, ("ct-a", "ct-c", "mentions"): 1.0}
        assert [e.key for e in records.edges_of("ct-a", "in")] == [
            ("ct-b", "ct-a", "supersedes")]
        assert len(records.edges_of("ct-a")) == 3
        records.delete_edges([("ct-a", "ct-c", "mentions"), ("ct-x", "ct-y", "none")])
        ours = {e.key for e in records.iter_edges() if e.source.startswith("ct-")}
        assert ours == {("ct-a", "ct-b", "relates_to"), ("ct-b", "ct-a", "supersedes")}

    # accesses --------------------------------------------------------------------------------

    def test_accesses(self, records: RecordStore) -> None:
        """access_times lists each memory's retrievals oldest first; unknown ids get []."""
        records.put_memories(_memories())
        later, earlier = T0 + timedelta(hours=2), T0 + timedelta(hours=1)
        records.add_accesses([Access(memory_id="ct-a", at=later, query="q"),
                              Access(memory_id="ct-a", at=earlier)])
        assert records.access_times(["ct-a", "ct-b", "nope"]) == {
            "ct-a": [earlier, later], "ct-b": [], "nope": []}

    def test_record_accesses_bumps_the_memories(self, records: RecordStore) -> None:
        """record_accesses appends the history and bumps access_count and last_accessed_at."""
        records.put_memories(_memories())
        at = T0 + timedelta(days=1)
        records.record_accesses([Access(memory_id="ct-a", at=at),
                                 Access(memory_id="ct-a", at=at - timedelta(hours=1)),
                                 Access(memory_id="ct-b", at=at)])
        got = records.get_memories(["ct-a", "ct-b", "ct-c"])
        assert got["ct-a"].access_count == 2 and got["ct-a"].last_accessed_at == at
        assert got["ct-b"].access_count == 1
        assert got["ct-c"].access_count == 0 and got["ct-c"].last_accessed_at is None
        assert len(records.access_times(["ct-a"])["ct-a"]) == 2

    # events ----------------------------------------------------------------------------------

    def test_events(self, records: RecordStore) -> None:
        """Events come back in order; append_events equals append_event one by one."""
        last = records.last_event()
        start = last.seq if last else 0
        first = next_event(last, T0, "add", "ct-a", payload={"n": 1})
        records.append_event(first)
        batch = [next_event(first, T0, "update", "ct-a")]
        batch.append(next_event(batch[0], T0, "delete", "ct-a", agent="ct"))
        records.append_events(batch)
        records.append_events([])
        assert records.last_event() == batch[-1]
        assert list(records.iter_events(after_seq=start)) == [first, *batch]
        assert list(records.iter_events(after_seq=start + 2)) == [batch[-1]]

    # transactions ----------------------------------------------------------------------------

    def test_transaction_rolls_back_on_error(self, records: RecordStore) -> None:
        """An exception inside a transaction leaves nothing of it behind."""
        records.put_memories([memory("ct-t0", "before")])
        with pytest.raises(RuntimeError, match="abort"), records.transaction():
            records.put_memories([memory("ct-t1", "inside"), memory("ct-t0", "changed")])
            records.put_edges([Edge(source="ct-t0", target="ct-t1", created_at=T0)])
            records.set_meta("ct", "t", 1)
            raise RuntimeError("abort")
        assert records.get_memories(["ct-t0", "ct-t1"]) == {
            "ct-t0": memory("ct-t0", "before")}
        assert records.edges_of("ct-t0") == []
        assert records.get_meta("ct", "t") is None

    def test_transaction_commits(self, records: RecordStore) -> None:
        """What a transaction wrote is visible once it ends (nested ones included)."""
        with records.transaction():
            records.put_memories([memory("ct-t2", "committed")])
            with records.transaction():
                records.set_meta("ct", "nested", True)
        assert set(records.get_memories(["ct-t2"])) == {"ct-t2"}
        assert records.get_meta("ct", "nested") is True

    # fast paths ------------------------------------------------------------------------------

    def test_fast_paths_agree_with_the_defaults(self, records: RecordStore) -> None:
        """memory_versions, ids_not_embedded_with and embedding_signatures give what the
        base class's defaults compute from iter_memories."""
        records.put_memories(_memories())
        records.put_embeddings({"ct-c": np.ones(4, np.float32) / 2}, SIG)
        base = RecordStore
        assert records.memory_versions() == base.memory_versions(records)
        assert records.ids_not_embedded_with(SIG) == base.ids_not_embedded_with(records, SIG)
        assert "ct-c" not in records.ids_not_embedded_with(SIG)
        assert {"ct-a", "ct-b", "ct-d"} <= set(records.ids_not_embedded_with(SIG))
        assert records.memory_versions()["ct-b"] == 3
        assert records.embedding_signatures().get(("contract-model", 4)) == 1
        assert records.memory_counts() == base.memory_counts(records)
        assert records.memory_counts()["memories"] == len(_memories())
        assert records.count_edges() == base.count_edges(records)

    def test_set_metas_writes_replaces_and_deletes(self, records: RecordStore) -> None:
        """set_metas is set_meta for many keys: new keys written, old ones replaced, None
        deleting, other namespaces untouched."""
        records.set_meta("ct", "old", 1)
        records.set_meta("ct", "gone", 2)
        records.set_meta("other", "old", "kept")
        records.set_metas("ct", {"old": {"v": [1, 2]}, "new": "x", "gone": None})
        assert records.meta_items("ct") == {"old": {"v": [1, 2]}, "new": "x"}
        assert records.get_meta("other", "old") == "kept"
        records.set_metas("ct", {})
        assert records.meta_items("ct") == {"old": {"v": [1, 2]}, "new": "x"}

    # persistence -----------------------------------------------------------------------------

    def test_persistent_store_survives_a_reopen(self, store_folder: Path) -> None:
        """A persistent store shows everything after a close and a reopen (an in-memory one
        declares ``persistent = False`` and is not asked to)."""
        engine = self.open_engine(store_folder)
        records = engine._records
        if not type(records).persistent:
            engine.close()
            return
        mems = _memories()
        records.put_memories(mems)
        records.put_edges([Edge(source="ct-a", target="ct-b", created_at=T0)])
        records.set_meta("ct", "k", [1])
        event = next_event(records.last_event(), T0, "add", "ct-a")
        records.append_event(event)
        engine.close()
        again = self.open_engine(store_folder)
        try:
            got = again._records.get_memories(m.id for m in mems)
            assert got == {m.id: m for m in mems}
            assert [e.key for e in again._records.edges_of("ct-a", "out")] == [
                ("ct-a", "ct-b", "relates_to")]
            assert again._records.get_meta("ct", "k") == [1]
            assert again._records.last_event() == event
        finally:
            again.close()
