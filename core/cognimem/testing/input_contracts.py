"""Contracts of the components that bring data in: intake sources (``engine.ingest``) and
evaluation datasets (``cognimem eval``). Neither is a profile slot, so each contract asks
its subclass for sample data instead::

    from cognimem.testing import SourceContract

    class TestMySource(SourceContract):
        component = "my-source"

        def make_target(self, folder):      # write a small target, return what ingest reads
            ...

        def change_target(self, target):    # change one of its groups
            ...
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ..engine import Engine
from ..errors import CognimemError, InvalidInput
from ..eval import load_dataset
from ..eval.units import EvalUnit
from ..plugins import PluginHost
from ..sources import IntakeSource, Known
from .fixtures import build_engine


def _written(engine: Engine) -> tuple[int, int]:
    return len(engine.events()), len(engine.list_memories(limit=100_000, include_archived=True))


class SourceContract:
    """An intake source reads its target into groups of well-formed items; a second run over
    an unchanged target changes nothing, a dry run writes nothing, a changed group is
    updated, and a bad option or a missing target is one clear error that writes nothing.

    :cvar component: the name the plugin registers the source under.
    :cvar options: its options, as ``engine.ingest(..., options=...)`` takes them.
    :cvar plugins: plugin objects to register besides the installed entry points.
    """

    component: ClassVar[str] = ""
    options: ClassVar[dict[str, Any]] = {}
    plugins: ClassVar[tuple[object, ...]] = ()

    def make_target(self, folder: Path) -> str:
        """Write a small target of at least two groups under ``folder``; return the target
        ``ingest`` reads (an absolute path)."""
        raise NotImplementedError(f"{type(self).__name__} must define make_target(folder)")

    def change_target(self, target: str) -> None:
        """Change the content of one of the target's groups."""
        raise NotImplementedError(f"{type(self).__name__} must define change_target(target)")

    @pytest.fixture
    def source_engine(self) -> Iterator[Engine]:
        """An in-memory engine (the ``test`` profile)."""
        if not self.component:
            pytest.fail(f"{type(self).__name__} must set `component` to the source's name")
        engine = build_engine(plugins=self.plugins)
        yield engine
        engine.close()

    def _ingest(self, engine: Engine, target: str, **more: Any) -> Any:
        return engine.ingest(self.component, target, options=dict(self.options), **more)

    def test_a_second_run_changes_nothing(self, source_engine: Engine, tmp_path: Path) -> None:
        """The first run adds memories; the second, over the same target, adds, updates and
        archives none, and writes no event."""
        target = self.make_target(tmp_path)
        first = self._ingest(source_engine, target)
        assert first.added > 0 and first.groups >= 1, first
        before = _written(source_engine)
        second = self._ingest(source_engine, target)
        assert (second.added, second.updated, second.archived) == (0, 0, 0), second
        assert _written(source_engine) == before
        assert source_engine.check().ok

    def test_a_dry_run_writes_nothing(self, source_engine: Engine, tmp_path: Path) -> None:
        """A dry run reports what it would add and writes nothing."""
        target = self.make_target(tmp_path)
        before = _written(source_engine)
        report = self._ingest(source_engine, target, dry_run=True)
        assert report.dry_run and report.added > 0, report
        assert _written(source_engine) == before

    def test_a_changed_group_is_updated(self, source_engine: Engine, tmp_path: Path) -> None:
        """After a group changes, the next run writes its change and no more."""
        target = self.make_target(tmp_path)
        first = self._ingest(source_engine, target)
        self.change_target(target)
        again = self._ingest(source_engine, target)
        assert again.added + again.updated >= 1, again
        assert again.groups == first.groups and again.unchanged >= first.groups - 1, again
        assert source_engine.check().ok

    def test_groups_and_items_are_well_formed(self, source_engine: Engine,
                                              tmp_path: Path) -> None:
        """Group keys are unique, item keys unique within a group, digests non-empty; given
        what the store knows of a group, an unchanged one comes back without items."""
        target = self.make_target(tmp_path)
        reader = self._reader(source_engine)
        try:
            groups = list(reader.scan(target, {}))
            keys = [g.key for g in groups]
            assert keys and len(keys) == len(set(keys)), keys
            for group in groups:
                assert group.items is not None, f"group {group.key!r} was not read"
                items = [i.key for i in group.items]
                assert len(items) == len(set(items)), (group.key, items)
                assert all(i.digest and i.draft.content.strip() for i in group.items)
            known = {g.key: Known(stamp=g.stamp, fingerprint=g.fingerprint) for g in groups}
            again = {g.key: g for g in reader.scan(target, known)}
            assert set(again) == set(keys)
            assert all(g.items is None for g in again.values()), "unchanged groups were read"
        finally:
            reader.close()

    def test_an_unknown_option_is_refused(self, source_engine: Engine,
                                          tmp_path: Path) -> None:
        """A misspelt option fails before anything is read, naming the source."""
        target = self.make_target(tmp_path)
        before = _written(source_engine)
        with pytest.raises(CognimemError, match=self.component):
            source_engine.ingest(self.component, target,
                                 options={**self.options, "no_such_option_xyz": 1})
        assert _written(source_engine) == before

    def test_a_missing_target_is_one_clear_error(self, source_engine: Engine,
                                                 tmp_path: Path) -> None:
        """A target that does not exist is an InvalidInput (one line) and writes nothing."""
        before = _written(source_engine)
        with pytest.raises(InvalidInput) as info:
            self._ingest(source_engine, str(tmp_path / "no-such-target"))
        assert "\n" not in str(info.value)
        assert _written(source_engine) == before

    def _reader(self, engine: Engine) -> IntakeSource:
        registration = PluginHost(plugins=self.plugins).get("source", self.component)
        assert registration is not None, f"no source is registered as {self.component!r}"
        cls = registration.obj
        reader: IntakeSource = cls(cls.Options(**self.options))
        reader.open(engine._ctx)
        return reader


class DatasetContract:
    """A dataset yields well-formed, independent units (unique ids, gold ids that name its
    documents), the same ones every time; a bad option or a missing data file is one clear
    error naming what to fix.

    :cvar component: the name the plugin registers the dataset under.
    :cvar plugins: plugin objects to register besides the installed entry points.
    """

    component: ClassVar[str] = ""
    plugins: ClassVar[tuple[object, ...]] = ()

    def dataset_options(self, folder: Path) -> dict[str, Any]:
        """Write a small copy of the dataset's data under ``folder``; return the options that
        load it (for example ``{"path": ...}``)."""
        raise NotImplementedError(f"{type(self).__name__} must define dataset_options(folder)")

    def _units(self, folder: Path) -> list[EvalUnit]:
        if not self.component:
            pytest.fail(f"{type(self).__name__} must set `component` to the dataset's name")
        dataset = load_dataset(self.component, self.dataset_options(folder), self.plugins)
        return list(dataset.units())

    def test_units_are_well_formed(self, tmp_path: Path) -> None:
        """Unit ids and query ids are unique; documents have ids and text; every gold id
        names a document of its unit; answerable queries have gold ids."""
        units = self._units(tmp_path)
        assert units, "the dataset yields no unit"
        assert len({u.id for u in units}) == len(units)
        qids = [q.id for u in units for q in u.queries]
        assert len(qids) == len(set(qids)), "a query id repeats"
        for unit in units:
            assert isinstance(unit, EvalUnit)
            docids = [d.id for d in unit.documents]
            assert docids and len(docids) == len(set(docids)), unit.id
            assert all(d.content.strip() for d in unit.documents), unit.id
            scored = {d.scored_as for d in unit.documents}
            for query in unit.queries:
                assert query.text.strip(), query.id
                assert query.relevant <= scored, (query.id, query.relevant - scored)
                assert query.relevant or not query.answerable, query.id

    def test_units_are_the_same_every_time(self, tmp_path: Path) -> None:
        """Two reads give equal units in the same order."""
        assert self._units(tmp_path) == self._units(tmp_path)

    def test_an_unknown_option_is_refused(self, tmp_path: Path) -> None:
        """A misspelt option is an InvalidInput naming it."""
        options = {**self.dataset_options(tmp_path), "no_such_option_xyz": 1}
        with pytest.raises(InvalidInput, match="no_such_option_xyz"):
            load_dataset(self.component, options, self.plugins)

    def test_a_missing_data_file_names_the_fix(self, tmp_path: Path) -> None:
        """A data path that does not exist is one clear error naming the ``path`` option."""
        options = {**self.dataset_options(tmp_path), "path": str(tmp_path / "missing.json")}
        with pytest.raises(CognimemError, match="path") as info:
            list(load_dataset(self.component, options, self.plugins).units())
        assert "\n" not in str(info.value)


__all__ = ["DatasetContract", "SourceContract"]
