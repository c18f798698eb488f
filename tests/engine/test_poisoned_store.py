"""A poisoned store (issue #40, point 2): an import record outside the ranges the stores and
indexes rely on (``"version": -3``) is refused before anything is written, and a store that
holds such a record (written raw, as an older cognimem's import could) is reported by
``check`` and recovered by ``check --repair``, after which search finds it again."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest

from cognimem.cli.app import main
from cognimem.engine import Engine
from cognimem.errors import InvalidInput
from cognimem.profile import Profile, load_profile


def disk_profile(path: Path) -> Profile:
    """DuckDB records and the tantivy index (which keeps versions unsigned), hash vectors."""
    return load_profile(overrides={"path": str(path), "records": {"use": "duckdb"},
                                   "lexical": {"use": "tantivy"}}, base="test")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """An export of two memories and an edge."""
    with Engine.from_profile(disk_profile(tmp_path_factory.mktemp("src") / "a")) as engine:
        a = engine.add("the kestrel service deploys on fridays").id
        b = engine.add("the heron service owns billing").id
        engine.relate(a, b, "mentions")
        return engine.export()


POISONS = {
    "negative version": ("memories", 0, {"version": -3}),
    "zero version": ("memories", 1, {"version": 0}),
    "huge version": ("memories", 0, {"version": 2**40}),
    "negative access count": ("memories", 1, {"access_count": -1}),
    "negative source line": ("memories", 0, {"source": {"line": -7}}),
    "edge weight not finite": ("edges", 0, {"weight": float("inf")}),
    "edge confidence above 1": ("edges", 0, {"confidence": 5.0}),
    "negative edge use count": ("edges", 0, {"use_count": -2}),
    "edge time out of range": ("edges", 0, {"created_at": "0001-01-01T00:00:00+00:00"}),
}


@pytest.mark.parametrize("poison", list(POISONS.values()), ids=list(POISONS))
def test_an_out_of_range_record_is_refused_and_nothing_is_written(
        exported: dict[str, Any], tmp_path: Path, poison: tuple[str, int, dict[str, Any]]
) -> None:
    key, index, change = poison
    data = copy.deepcopy(exported)
    data[key][index].update(change)
    with Engine.from_profile(disk_profile(tmp_path / "b")) as target:
        with pytest.raises(InvalidInput, match=rf"^{key}\[{index}\]"):
            target.import_(data)
        assert target.stats()["memories"] == 0 and target.check().ok
        # the store is not poisoned: a good import works and is searchable
        assert target.import_(copy.deepcopy(exported)).memories == 2
        assert [h.memory.content for h in target.search("kestrel", k=1).hits] == [
            "the kestrel service deploys on fridays"]
        assert target.check().ok


def test_a_merge_with_a_negative_version_writes_nothing(exported: dict[str, Any],
                                                        tmp_path: Path) -> None:
    """The reproduction of the finding: a store with memories, an import of many records of
    which one says ``"version": -3``: refused whole, and the next import still works."""
    data = copy.deepcopy(exported)
    data["memories"][1]["version"] = -3
    with Engine.from_profile(disk_profile(tmp_path / "c")) as target:
        target.add("an existing memory about ospreys")
        with pytest.raises(InvalidInput, match=r"memories\[1\].*version -3"):
            target.import_(data)
        assert target.stats()["memories"] == 1
        assert target.import_(copy.deepcopy(exported)).memories == 2
        assert target.search("heron", k=1).hits and target.check().ok


def _poison_raw(store: Path, memory_id: str) -> None:
    """Write ``version = -3`` straight into the DuckDB file (an older import could) and drop
    the lexical index, so the next open must index the poisoned memory."""
    with duckdb.connect(str(store / "records.duckdb")) as db:
        db.execute("UPDATE memories SET version = -3, access_count = -4 WHERE id = ?",
                   [memory_id])
    shutil.rmtree(store / "lexical")


def test_check_repair_recovers_a_poisoned_store(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "d"
    with Engine.from_profile(disk_profile(store)) as engine:
        bad = engine.add("the kestrel service deploys on fridays").id
        engine.add("the heron service owns billing")
    _poison_raw(store, bad)
    with Engine.from_profile(disk_profile(store)) as engine:  # opening does not fail
        assert engine.search("heron", k=1).hits[0].memory.content == (
            "the heron service owns billing")
        found = engine.check()
        assert not found.ok
        assert [p for p in found.record_problems if bad in p and "version -3" in p]
        repaired = engine.check(repair=True)
        assert repaired.repaired
        after = engine.check()
        assert after.ok, after
        assert engine.get(bad).version == 1 and engine.get(bad).access_count == 0
        assert [h.memory.id for h in engine.search("kestrel", k=1).hits] == [bad]
        events = [e for e in engine.events() if e.op == "repair"]
        assert [e.target for e in events] == [bad]
        assert "-3" not in json.dumps(events[0].payload)  # fields named, values not kept
    _poison_raw(store, bad)  # the same through the CLI: check says so, --repair fixes it
    profile = ["--profile", str(tmp_path / "p.toml")]
    (tmp_path / "p.toml").write_text(
        f'path = "{store}"\n[records]\nuse = "duckdb"\n[lexical]\nuse = "tantivy"\n'
        '[vectors]\nuse = "exact"\n[embedder]\nuse = "hash"\n'
        '[[retrieve]]\nuse = "bm25"\n', encoding="utf-8")
    assert main(["check", *profile]) == 1
    assert "version -3" in capsys.readouterr().out
    assert main(["check", "--repair", *profile]) == 0
    capsys.readouterr()
    assert main(["check", *profile]) == 0
