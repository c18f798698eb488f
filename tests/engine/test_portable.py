"""Export and import as portable JSON: a round trip through a real on-disk store, id remapping
when merging into a store that has memories, and malformed files that change nothing."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.engine.portable import FORMAT
from cognimem.errors import InvalidInput
from cognimem.events import verify_chain
from cognimem.models import Edge
from cognimem.profile import Profile, load_profile

T0 = datetime(2025, 6, 1, 8, 0, tzinfo=UTC)


def disk_profile(path: Path) -> Profile:
    """DuckDB records on disk, in-memory BM25 and exact vectors, the hash embedder."""
    return load_profile(overrides={"path": str(path), "records": {"use": "duckdb"}}, base="test")


@pytest.fixture
def source(tmp_path: Path) -> Iterator[Engine]:
    """An on-disk store with memories, edges, a supersession, an archive and accesses."""
    engine = _fill(tmp_path / "a")
    yield engine
    engine.close()


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The export of a store like ``source`` (made once; copy before changing it)."""
    with _fill(tmp_path_factory.mktemp("exported") / "a") as engine:
        return engine.export()


def _fill(path: Path) -> Engine:
    clock = ManualClock(T0)
    engine = Engine.from_profile(disk_profile(path), clock=clock)
    a = engine.add("we deploy with blue green switches", tags=["deploy"], title="deploys",
                   scope={"project": "atlas"}, source={"file": "ops.md", "line": 3}).id
    b = engine.add("postgres is the primary database", kind="fact", meta={"confidence": "high"},
                   provenance=[a]).id
    clock.advance(minutes=5)
    engine.relate(a, b, "mentions", weight=0.5)
    engine.write_edges([Edge(source=b, target="entity:postgres", type="about")])
    engine.supersede(a, "we deploy with canary releases now", scope={"project": "atlas"})
    engine.search("database")
    clock.advance(days=1)
    engine.archive(b, reason="stale")
    return engine


def test_round_trip_through_an_on_disk_store(source: Engine, tmp_path: Path) -> None:
    data = source.export()
    text = json.dumps(data)  # plain JSON
    with Engine.from_profile(disk_profile(tmp_path / "b"), clock=ManualClock(T0)) as target:
        report = target.import_(json.loads(text))
        assert report.mode == "restore" and report.id_map == {}
        assert report.memories == 3 and report.edges == 2 and report.graves == 1
        assert report.embedded == 3
        again = target.export()
    with Engine.from_profile(disk_profile(tmp_path / "b"), clock=ManualClock(T0)) as reopened:
        assert reopened.check().ok
        for key in ("memories", "edges", "events", "graveyard", "accesses"):
            assert again[key] == data[key], key
        assert reopened.export()["memories"] == data["memories"]
        assert verify_chain(reopened.store.iter_events()) == []
        hits = reopened.search("canary releases").hits
        assert hits and hits[0].memory.content == "we deploy with canary releases now"
        # new writes continue the restored chain and get fresh ids
        added = reopened.add("a memory written after the restore")
        assert added.id not in {m["id"] for m in data["memories"]}
        assert reopened.check().ok


def test_merge_into_a_store_with_memories_remaps_ids(source: Engine, tmp_path: Path) -> None:
    data = source.export()
    old = {m["content"]: m for m in data["memories"]}
    with Engine.from_profile(disk_profile(tmp_path / "b"), clock=ManualClock(T0)) as target:
        mine = target.add("a memory that was here first").id
        report = target.import_(data)
        assert report.mode == "merge" and report.memories == 3 and report.duplicates == 0
        assert set(report.id_map) == {m["id"] for m in data["memories"]}
        assert mine not in report.id_map.values()
        new = {m.content: m for m in target.store.iter_memories()}
        assert len(new) == 4
        canary = new["we deploy with canary releases now"]
        blue = new["we deploy with blue green switches"]
        pg = new["postgres is the primary database"]
        assert canary.supersedes == blue.id and blue.superseded_by == canary.id
        assert pg.provenance == [blue.id] and pg.archived
        assert blue.scope.project == "atlas" and blue.source.file == "ops.md"
        assert blue.created_at == datetime.fromisoformat(old[blue.content]["created_at"])
        assert [(e.source, e.target, e.type) for e in target.edges(blue.id)] == [
            (blue.id, pg.id, "mentions")]
        assert [(e.source, e.target) for e in target.edges(pg.id) if e.type == "about"] == [
            (pg.id, "entity:postgres")]
        assert [g.memory.id for g in target.graveyard()] == [pg.id]
        assert target.store.access_times([pg.id])[pg.id]
        ops = [e.op for e in target.events()]
        assert ops == ["add", "import", "import", "import", "relate", "relate"]
        assert target.check().ok
        # importing the same file again finds every live memory already there
        again = target.import_(data)
        assert again.memories == 1 and again.duplicates == 2  # the archived one is re-imported
        assert target.check().ok


def test_a_merge_never_reuses_an_existing_id(source: Engine, tmp_path: Path) -> None:
    data = source.export()
    with Engine.from_profile(disk_profile(tmp_path / "b"), clock=ManualClock(T0)) as target:
        target.add("occupies an id")
        first = target.import_(copy.deepcopy(data))
        for m in data["memories"]:
            m["content"] += " (edited)"
            m["content_hash"] = ""
        second = target.import_(data)
        ids = [m.id for m in target.store.iter_memories()]
        assert len(ids) == len(set(ids)) == 7
        assert not set(first.id_map.values()) & set(second.id_map.values())


BAD: list[tuple[str, Any, str]] = [
    ("not an object", [], "must be a JSON object"),
    ("wrong format", {"format": "other"}, "not a cognimem export"),
    ("newer version", {"version": 99}, "newer than this cognimem reads"),
    ("bad version", {"version": "1"}, "positive integer"),
    ("list expected", {"memories": {}}, "`memories` must be a list"),
    ("blank content", {"memories.0.content": "  "}, r"memories\[0\]\.content: content is empty"),
    ("unknown field", {"memories.1.colour": "red"}, r"memories\[1\]\.colour"),
    ("duplicate id", {"memories.1.id": "<id0>"}, "appears twice"),
    ("bad edge", {"edges.0.weight": "heavy"}, r"edges\[0\]\.weight"),
    ("tampered event", {"events.0.op": "delete"}, "event log is broken"),
    ("orphan grave", {"graveyard.0.memory.id": "nobody"}, "not among the export's memories"),
    ("orphan access", {"accesses.0.memory_id": "nobody"}, "not among the export's memories"),
]


def _spoil(data: dict[str, Any], change: Any) -> Any:
    if not isinstance(change, dict):
        return change
    spoiled = copy.deepcopy(data)
    for path, value in change.items():
        if value == "<id0>":
            value = spoiled["memories"][0]["id"]
        *parents, last = path.split(".")
        node: Any = spoiled
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value
    return spoiled


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
@pytest.mark.parametrize("into", ["empty", "non-empty"])
def test_a_malformed_file_changes_nothing(exported: dict[str, Any], tmp_path: Path,
                                          change: Any, message: str, into: str) -> None:
    data = exported
    assert data["format"] == FORMAT and data["accesses"] and data["graveyard"]
    with Engine.from_profile(disk_profile(tmp_path / "b"), clock=ManualClock(T0)) as target:
        if into == "non-empty":
            target.add("already here")
        before = target.export()
        with pytest.raises(InvalidInput, match=message):
            target.import_(_spoil(data, change))
        after = target.export()
        assert {k: v for k, v in after.items() if k != "exported_at"} == {
            k: v for k, v in before.items() if k != "exported_at"}


def test_content_over_the_profile_limit_is_refused(source: Engine, tmp_path: Path) -> None:
    data = source.export()
    profile = disk_profile(tmp_path / "b").model_copy(deep=True)
    profile.write.max_content_chars = 20
    with Engine.from_profile(profile) as target, \
            pytest.raises(InvalidInput, match=r"write\.max_content_chars"):
        target.import_(data)


def test_engine_methods_delegate(source: Engine, tmp_path: Path) -> None:
    data = source.export()
    assert data["memories"] == source.export()["memories"]
    with Engine.from_profile(disk_profile(tmp_path / "b"), clock=ManualClock(T0)) as target:
        assert target.import_(data).memories == 3


def test_an_empty_store_exports_and_imports(tmp_path: Path) -> None:
    with Engine.from_profile("test", clock=ManualClock(T0)) as empty:
        data = empty.export()
        assert data["memories"] == [] and data["events"] == []
        report = empty.import_(data)
        assert report.mode == "restore" and report.memories == 0
