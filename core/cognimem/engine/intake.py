"""Intake: a source's groups turned into memories and kept in step with the target (see
:mod:`cognimem.sources`). What the store knows of each group lives in the record store's
metadata (namespace ``cognimem.intake:<source>:<target>``), so a run after a restart, in
another process or through the daemon, picks up where the last one left off."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..errors import InvalidInput, NotFound, ProfileError
from ..models import Edge, Memory
from ..session import current as current_session
from ..sources import Group, IngestReport, IntakeSource, Item, Known
from .rules import readable
from .steps import Sizer, Step, Steps, drive

if TYPE_CHECKING:
    from .kernel import Kernel

#: The edge type between an item and the group it links to (a note's ``[[wikilink]]``).
LINK = "wikilink"
#: New groups' items are added at most this many at a time (one write batch, one index
#: commit); fewer when that would last over ``steps.UNIT_SECONDS`` (:class:`~.steps.Sizer`).
BATCH = 512

#: A group planned for writing: the group, its item state so far, the items to add.
_Pending = tuple[Group, dict[str, list[str]], list[Item]]


def namespace(source: str, target: str) -> str:
    """The metadata namespace of one source and target."""
    return f"cognimem.intake:{source}:{target}"


#: Changed groups (edited notes, grown sessions) written in one unit of work.
CHANGED_BATCH = 64


class Intake:
    """ingest."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def ingest(self, source: str, target: str, *, options: Mapping[str, Any] | None = None,
               dry_run: bool = False) -> IngestReport:
        """Run the source ``source`` over ``target`` (for files, an absolute path: the caller
        resolves it): add new items, update changed ones, archive what is gone, move what was
        renamed. A dry run reports what would change and writes nothing.

        :raises ProfileError: no installed source has this name, or bad options.
        :raises InvalidInput: the source cannot read the target.
        """
        return drive(self.ingest_steps(source, target, options=options, dry_run=dry_run))

    def ingest_steps(self, source: str, target: str, *,
                     options: Mapping[str, Any] | None = None,
                     dry_run: bool = False) -> Steps[IngestReport]:
        """:meth:`ingest` one unit at a time (:mod:`.steps`): a step every
        :data:`CHANGED_BATCH` groups scanned (the files are read holding nothing), around
        each write of :data:`CHANGED_BATCH` changed groups (the store alone), of a batch of
        new items (other writes only: searches run beside), of a moved or a gone group (the
        store alone). A step's ``done`` counts groups scanned plus groups written; its
        ``total`` is None until the scan ends.

        :raises ProfileError: no installed source has this name, or bad options (raised
            here, before any step).
        :raises InvalidInput: the source cannot read the target.
        """
        self.k.check_open()
        reader = self._source(source, options or {})
        readable(target, current_session())  # the session's roots; never a special file
        return self._steps(reader, source, target, dry_run)

    def _steps(self, reader: IntakeSource, source: str, target: str,
               dry_run: bool) -> Steps[IngestReport]:
        ns = namespace(source, target)
        known = {key: Known.model_validate(v)
                 for key, v in self.k.records.meta_items(ns).items()}
        report = IngestReport(source=source, target=target, dry_run=dry_run)
        seen: set[str] = set()
        fresh: list[Group] = []
        changed: list[tuple[Group, Known]] = []
        self._linking: list[tuple[str, str, tuple[str, ...]]] = []  # (group, item, names)
        self._created: set[str] = set()  # memories new in this run: no link edges to replace
        for group in reader.scan(target, known):  # reading files: nothing of the store
            report.groups += 1
            report.problems.extend(group.problems)
            seen.add(group.key)
            if group.items is None:
                report.unchanged += 1
            elif group.key in known:
                changed.append((group, known[group.key]))
            else:
                fresh.append(group)
            if len(changed) >= CHANGED_BATCH:
                yield Step(report.groups, None, report)  # alone: updates and archives
                self._sync_groups(ns, changed, report)
                changed = []
                yield Step(report.groups, None, report, hold="none")
            elif report.groups % CHANGED_BATCH == 0:
                yield Step(report.groups, None, report, hold="none")
        gone = {key: old for key, old in known.items() if key not in seen}
        total = report.groups + len(fresh) + len(gone)
        done = report.groups
        yield Step(done, total, report)
        self._sync_groups(ns, changed, report)
        by_print = {old.fingerprint: key for key, old in gone.items()}
        batch: list[_Pending] = []
        sizer = Sizer(most=BATCH)  # new items per unit: about steps.UNIT_SECONDS each
        for group in fresh:
            moved_from = by_print.pop(group.fingerprint, None)
            if moved_from is not None:
                yield Step(done, total, report)
                self._move_group(ns, group, gone.pop(moved_from), moved_from, report)
                done += 2  # the group, and the gone one it was
                continue
            batch.append(self._plan_group(group, Known(stamp="", fingerprint=""), report))
            items = sum(len(p[2]) for p in batch)
            if items >= sizer.size:
                yield Step(done, total, report, hold="writes")  # new memories only
                began = time.perf_counter()
                self._write_groups(ns, batch, report)
                sizer.took(items, time.perf_counter() - began)
                done += len(batch)
                batch = []
        yield Step(done, total, report, hold="writes")
        self._write_groups(ns, batch, report)
        done += len(batch)
        for key, old in gone.items():
            yield Step(done, total, report)
            report.archived += sum(self._archive_item(mid, f"{source}: {key} is gone", report)
                                   for _, mid in old.items.values())
            if not dry_run:
                with self.k.transaction():
                    self.k.records.set_meta(ns, key, None)
            done += 1
        yield Step(done, total, report)
        if not dry_run and self._linking:
            report.links = self._link(reader, ns, seen)
        yield Step(total, total, report)
        return report

    def _link(self, reader: IntakeSource, ns: str, seen: set[str]) -> int:
        """Relate each changed item that names other groups to their first memory, replacing
        the item's earlier ``link`` edges; returns the links written."""
        state = {k: Known.model_validate(v) for k, v in self.k.records.meta_items(ns).items()}
        targets: dict[str, str] = {}
        for key in sorted(seen):
            name = reader.link_name(key)
            known = state.get(key)
            if name and known and known.items and name not in targets:
                targets[name] = next(iter(known.items.values()))[1]
        put: list[Edge] = []
        delete: list[tuple[str, str, str]] = []
        for group_key, item_key, names in self._linking:
            known = state.get(group_key)
            if known is None or item_key not in known.items:
                continue
            source = known.items[item_key][1]
            wanted = {targets[n] for n in names if n in targets} - {source}
            if source not in self._created:  # a first index looks up no edges
                delete += [e.key for e in self.k.records.edges_of(source, "out")
                           if e.type == LINK and e.target not in wanted]
            put += [Edge(source=source, target=t, type=LINK, provenance=[source])
                    for t in sorted(wanted)]
        if put or delete:
            with self.k.transaction() as pending:
                self.k.log_edges(pending, put, list(dict.fromkeys(delete)), None)
        return len(put)

    def _source(self, name: str, options: Mapping[str, Any]) -> IntakeSource:
        registration = self.k.host.get("source", name)
        if registration is None:
            choices = ", ".join(sorted(self.k.host.components("source"))) or "(none installed)"
            raise ProfileError(f"no intake source is called {name[:40]!r}; choose one of: "
                               f"{choices}")
        cls = registration.obj
        try:
            reader: IntakeSource = cls(cls.Options(**options))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])[:40]
            raise InvalidInput(f"source {name!r}: option {where!r}: {first['msg']} "
                               f"(options: {', '.join(cls.Options.model_fields)})") from None
        reader.open(self.k.ctx)
        return reader

    def _sync_groups(self, ns: str, changed: list[tuple[Group, Known]],
                     report: IngestReport) -> None:
        """Add, update and archive changed groups' items; remember the groups. One commit
        (and one batch of index changes) for the lot."""
        if not changed:
            return
        with contextlib.nullcontext() if report.dry_run else self.k.transaction():
            for group, old in changed:
                self._write_groups(ns, [self._plan_group(group, old, report)], report)

    def _plan_group(self, group: Group, old: Known, report: IngestReport) -> _Pending:
        """Update and archive one group's items; what is left to add, with its state."""
        items = group.items or []
        self._linking += [(group.key, i.key, i.links) for i in items
                          if i.links or i.key in old.items]
        state: dict[str, list[str]] = {}
        adds = [item for item in items if item.key not in old.items]
        for item in items:
            if item.key not in old.items:
                continue
            digest, mid = old.items[item.key]
            state[item.key] = [item.digest, mid]
            if digest == item.digest:
                report.kept += 1
                report.restored += self._restore_item(mid, report.dry_run)
                continue
            report.updated += 1
            if not report.dry_run:
                self._update_item(mid, item.draft.model_dump(exclude={"created_at"}), state,
                                  item.key, item.digest)
        wanted = {item.key for item in items}
        for key, (_digest, mid) in old.items.items():
            if key not in wanted:
                report.archived += self._archive_item(mid, f"{group.key}: section removed",
                                                      report)
        report.added += len(adds)
        return group, state, adds

    def _write_groups(self, ns: str, batch: list[_Pending], report: IngestReport) -> None:
        """Add the items of several groups in one batch (one index commit), then remember
        the groups."""
        if report.dry_run or not batch:
            return
        adds = [(group, state, item) for group, state, items in batch for item in items]
        with self.k.transaction():  # the batch's memories, links and state: one commit
            drafts = [item.draft for _g, _s, item in adds]
            written_all = self.k.writer.add_many(drafts) if adds else []
            for (group, state, item), written in zip(adds, written_all, strict=True):
                state[item.key] = [item.digest, written.id]
                if written.created:
                    self._created.add(written.id)
                old_id = item.draft.supersedes
                if old_id and written.created and old_id != written.id:
                    try:  # an item that replaces a stored memory marks it superseded
                        self._link_version(old_id, written.id)
                        report.superseded += 1
                    except (NotFound, InvalidInput) as exc:  # gone, or would close a cycle
                        report.problems.append(f"{group.key}: {item.key} not marked as "
                                               f"superseding {old_id}: {exc}")
            self.k.records.set_metas(ns, {  # one statement for the batch, not one a group
                group.key: Known(stamp=group.stamp, fingerprint=group.fingerprint,
                                 items=state).model_dump()
                for group, state, _items in batch})
            for group, _state, _items in batch:
                self._keep_meta(group)

    def _keep_meta(self, group: Group) -> None:
        """The source's state of ``group`` (:attr:`Group.meta`), in the open commit."""
        for namespace, entries in group.meta.items():
            self.k.put_meta(namespace, entries, event=False)  # state, not a change of memory

    def _link_version(self, old_id: str, new_id: str) -> None:
        """Mark ``old_id`` superseded by ``new_id``, checked before anything is written (a
        refused link must not doom the batch's transaction)."""
        self.k.get(old_id)
        self.k.versions.update_links(old_id, superseded_by=new_id)

    def _update_item(self, mid: str, fields: dict[str, Any], state: dict[str, list[str]],
                     key: str, digest: str) -> None:
        try:
            current = self.k.get(mid)
        except NotFound:  # deleted by hand: write it again
            state[key] = [digest, self.k.writer.add(fields).id]
            return
        changes = {k: v for k, v in fields.items() if k in _SYNCED and getattr(current, k) != v}
        if current.archived:
            self.k.writer.restore(mid)
        if changes:
            self.k.writer.update(mid, **changes)

    def _move_group(self, ns: str, group: Group, old: Known, old_key: str,
                    report: IngestReport) -> None:
        """A group that moved (same fingerprint): point its memories at the new place."""
        report.moved += 1
        if report.dry_run:
            return
        with self.k.transaction():  # the moved group's updates and state: one commit
            self._move_items(ns, group, old, old_key)

    def _move_items(self, ns: str, group: Group, old: Known, old_key: str) -> None:
        drafts = {item.key: item for item in group.items or []}
        for key, (_digest, mid) in old.items.items():
            item = drafts.get(key)
            if item is None:
                continue
            try:
                current = self.k.get(mid)
            except NotFound:
                continue
            changes = {k: getattr(item.draft, k) for k in ("source", "meta", "title")
                       if getattr(current, k) != getattr(item.draft, k)}
            if changes:
                self.k.writer.update(mid, **changes)
        known = old.model_copy(update={"stamp": group.stamp})
        self.k.records.set_meta(ns, group.key, known.model_dump())
        self.k.records.set_meta(ns, old_key, None)
        self._keep_meta(group)

    def _archive_item(self, mid: str, reason: str, report: IngestReport) -> int:
        try:
            memory: Memory = self.k.get(mid)
        except NotFound:
            return 0
        if memory.archived:
            return 0
        if not report.dry_run:
            self.k.writer.archive(mid, reason=reason)
        return 1

    def _restore_item(self, mid: str, dry_run: bool) -> int:
        try:
            memory = self.k.get(mid)
        except NotFound:
            return 0
        if not memory.archived:
            return 0
        if not dry_run:
            self.k.writer.restore(mid)
        return 1


#: Fields an intake item sets on its memory (an update changes only those that differ).
_SYNCED = frozenset({"content", "title", "tags", "kind", "scope", "source", "meta",
                     "valid_from", "valid_until", "layer", "importance", "protected"})
