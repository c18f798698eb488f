"""Integrity: every index compared with the record store (missing, stale, orphaned
entries; repaired on request and after a failed index write), the event chain verified;
export and import of the whole store."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..components import VectorIndex
from ..events import verify_chain
from ..models import Edge, Memory
from ..models.ranges import edge_problems, memory_problems, repaired_edge, repaired_memory
from .types import CheckReport, IndexReport

if TYPE_CHECKING:
    from .kernel import Kernel
    from .portable import ImportReport
    from .steps import Steps

#: where the record store keeps the seal of the last clean close (meta namespace, key)
SEAL = ("engine", "seal")


class Integrity:
    """check, export, import_ and the reconciliation the engine runs on open."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def check(self, *, repair: bool = False) -> CheckReport:
        """Compare every index with the record store and verify the event chain.

        :param repair: fix what is found (re-index missing and stale entries, drop orphans).
        """
        self.k.check_open()
        return self.reconcile(repair=repair, verify_events=True)

    def export(self) -> dict[str, Any]:
        """The whole store as portable JSON data (see :mod:`cognimem.engine.portable`)."""
        from .portable import export_store

        self.k.check_open()
        return export_store(self.k)

    def import_(self, data: Mapping[str, Any], *, trusted: bool = False) -> ImportReport:
        """Import data made by :meth:`export`; validated whole before anything is written
        (see :mod:`cognimem.engine.portable`). Each memory passes the guard like a write
        unless ``trusted`` (an export of this same store; recorded in the report)."""
        from .portable import import_store

        self.k.check_open()
        return import_store(self.k, data, trusted=trusted)

    def import_steps(self, data: Mapping[str, Any], *,
                     trusted: bool = False) -> Steps[ImportReport]:
        """:meth:`import_` one unit at a time (:mod:`.steps`; the daemon's import jobs)."""
        from .portable import import_steps

        self.k.check_open()
        return import_steps(self.k, data, trusted=trusted)

    def _record_versions(self) -> tuple[dict[str, int], set[str]]:
        """Every memory's version, and the ids embedded by another model than the embedder's.

        Both come from the store's fast paths (``memory_versions()``,
        ``ids_not_embedded_with()``: a store answers them without reading whole memories,
        which would dominate cold start at 100k); only the drift candidates are read.
        """
        embedder = self.k.embedder
        signature = (embedder.model_id, embedder.dimension) if embedder else None

        def drifted(memory: Memory) -> bool:
            return bool(signature and memory.embedding
                        and (memory.embedding.model, memory.embedding.dim) != signature)

        versions = self.k.records.memory_versions()
        candidates = (self.k.records.ids_not_embedded_with(self.k.embedder.signature)
                      if self.k.embedder is not None else [])
        drift: set[str] = set()
        for start in range(0, len(candidates), 1024):  # candidates include never-embedded
            found = self.k.records.get_memories(candidates[start : start + 1024])
            drift.update(i for i, m in found.items() if drifted(m))
        return versions, drift

    def _seal(self) -> dict[str, Any] | None:
        """What the store looks like, cheaply: the head of the event log, the embedder and
        each index's fingerprint; None when an index cannot give one."""
        last = self.k.records.last_event()
        seal: dict[str, Any] = {
            "events": [last.seq, last.hash] if last is not None else None,
            "embedder": ([self.k.embedder.model_id, self.k.embedder.dimension]
                         if self.k.embedder is not None else None),
        }
        for label, index in (("lexical", self.k.lexical), ("vectors", self.k.vectors)):
            if index is not None:
                fingerprint = index.fingerprint()
                if fingerprint is None:
                    return None
                seal[label] = f"{index.name}:{fingerprint}"
        return seal

    def reconcile_on_open(self) -> CheckReport | None:
        """Repair the indexes from the record store, unless the store is sealed as it was
        left by a clean close (nothing written since, by anyone, to the records or an index):
        then None. A crash leaves the last seal behind, but its writes moved the event log,
        so the next open compares everything."""
        seal = self._seal()
        if seal is not None and self.k.records.get_meta(*SEAL) == seal:
            return None
        return self.reconcile(repair=True)

    def write_seal(self) -> None:
        """At a clean close with nothing left to repair: remember how the store looks."""
        if self.k.dirty:
            return
        seal = self._seal()
        if seal is not None:
            self.k.records.set_meta(*SEAL, seal)

    def reconcile(self, *, repair: bool, verify_events: bool = False) -> CheckReport:
        # out-of-range records first: repaired, they index like any other
        records = self._record_problems(repair=repair) if verify_events else []
        want, drifted = self._record_versions()
        reports = []
        for label, index in (("lexical", self.k.lexical), ("vectors", self.k.vectors)):
            if index is None:
                continue
            have = index.versions()
            report = IndexReport(
                index=f"{label}:{index.name}",
                missing=sorted(i for i in want if i not in have),
                stale=sorted(i for i, v in want.items() if i in have and have[i] != v),
                orphaned=sorted(i for i in have if i not in want),
            )
            reports.append(report)
            if repair and not report.ok:
                if report.orphaned:
                    index.delete(report.orphaned)
                todo = [i for i in (*report.missing, *report.stale)
                        if not (drifted and isinstance(index, VectorIndex) and i in drifted)]
                for start in range(0, len(todo), 1024):
                    found = self.k.records.get_memories(todo[start : start + 1024])
                    chunk = self._indexable(list(found.values()), records)
                    if not chunk:
                        continue
                    if isinstance(index, VectorIndex):
                        vectors = self.k.stored_vectors(chunk)
                        if vectors is not None:
                            index.upsert(chunk, vectors)
                    else:
                        index.upsert(chunk)
        problems = verify_chain(self.k.records.iter_events()) if verify_events else []
        chains = self._supersession_problems(repair=repair) if verify_events else []
        self.k.dirty = False
        return CheckReport(memories=len(want), indexes=reports, event_problems=problems,
                           repaired=repair, stale_embeddings=sorted(drifted),
                           supersession_problems=chains,
                           record_problems=list(dict.fromkeys(records)))

    def _indexable(self, chunk: list[Memory], problems: list[str]) -> list[Memory]:
        """The memories of ``chunk`` an index can take: one outside the ranges the indexes
        rely on (an older import's ``version: -3``) would fail the whole batch, so it is
        left out and reported (``check --repair`` puts it back in range)."""
        out = []
        for memory in chunk:
            found = memory_problems(memory)
            if found:
                problems.append(f"memory {memory.id}: {'; '.join(found)}")
            else:
                out.append(memory)
        return out

    def _record_problems(self, *, repair: bool) -> list[str]:
        """Stored memories and edges holding a value outside the ranges the stores and indexes
        rely on, one line each; ``repair`` puts each back in range (a ``repair`` event each,
        naming the fields, never their values)."""
        problems: list[str] = []
        memories: list[tuple[Memory, list[str]]] = []
        for memory in self.k.records.iter_memories():
            found = memory_problems(memory)
            if found:
                memories.append((memory, found))
                problems.append(f"memory {memory.id}: {'; '.join(found)}")
        edges: list[tuple[Edge, list[str]]] = []
        for edge in self.k.records.iter_edges():
            found = edge_problems(edge)
            if found:
                edges.append((edge, found))
                problems.append(f"edge {' -> '.join(edge.key[:2])} ({edge.type}): "
                                f"{'; '.join(found)}")
        if repair and (memories or edges):
            with self.k.transaction() as pending:
                self.k.records.put_memories([repaired_memory(m) for m, _ in memories])
                self.k.records.put_edges([repaired_edge(e) for e, _ in edges])
                for memory, found in memories:
                    self.k.log(pending, "repair", memory.id,
                               {"fields": [f.split(" ")[0] for f in found]})
                for edge, found in edges:
                    self.k.log(pending, "repair", edge.source,
                               {"edge": list(edge.key), "fields": [f.split(" ")[0]
                                                                   for f in found]})
        return problems

    def _supersession_problems(self, *, repair: bool = False) -> list[str]:
        """Broken supersession chains: cycles (no current version) and pointers to memories
        that do not exist. One line each. ``repair`` makes the newest memory of a cycle,
        and the last one of a dangling chain, current again."""
        memories = {m.id: m for m in self.k.records.iter_memories()}
        links = {i: m.superseded_by for i, m in memories.items()}
        problems: list[str] = []
        heal: list[str] = []
        done: set[str] = set()
        for start in sorted(links):
            path: list[str] = []
            node: str | None = start
            while node is not None and node in links and node not in done and node not in path:
                path.append(node)
                node = links[node]
            if node is not None and node in path:
                cycle = path[path.index(node):]
                problems.append("supersession cycle with no current version: "
                                + " -> ".join([*cycle, node]))
                heal.append(max(cycle, key=lambda i: (memories[i].created_at, i)))
            elif node is not None and node not in links and path:
                problems.append(f"{path[-1]} is superseded by {node}, which does not exist: "
                                "its chain has no current version")
                heal.append(path[-1])
            done.update(path)
        forks = _forks(memories)
        for replaced, heads in forks:
            problems.append(f"forked version chain: {', '.join(heads)} all replace {replaced} "
                            "and are current (one chain, one current version)")
        if repair and (heal or forks):
            now = self.k.clock.now()
            fixed = {i: memories[i].model_copy(update={
                "superseded_by": None, "updated_at": now,
                "version": memories[i].version + 1}) for i in heal}
            linked: dict[str, str] = {}
            for _replaced, heads in forks:  # oldest first: each replaced by the next
                for older, newer in itertools.pairwise(heads):
                    linked[older] = newer
                    fixed[older] = memories[older].model_copy(update={
                        "superseded_by": newer, "updated_at": now,
                        "version": memories[older].version + 1})
            with self.k.transaction() as pending:
                self.k.records.put_memories(list(fixed.values()))
                for memory in fixed.values():
                    by = linked.get(memory.id)
                    self.k.log(pending, "supersede", memory.id,
                              {"by": by, "repair": "forked chain joined: the newer head "
                               "replaces the older" if by else "made current: its chain had "
                               "none"})
            changed = list(fixed.values())
            self.k.index(changed, self.k.stored_vectors(changed) if self.k.vectors else None)
        return problems

    def purge(self, *, vectors: bool = True) -> None:
        """Rewrite the record store and the indexes so that deleted memories leave no trace in
        the store's files (DuckDB reuses free pages without clearing them, tantivy keeps a
        deleted document's terms until a merge). Costs a copy of the store and a re-index of
        the lexical index: run after permanent deletes, not after each of many.

        :param vectors: also rebuild the vector index (False for what an update replaced:
            the vector index holds no text, and rebuilding a graph index costs the most)."""
        self.k.check_open()
        self.k.purge_pending = False
        self.k.records.compact()
        for index in (self.k.lexical, self.k.vectors if vectors else None):
            if index is not None:
                index.compact()
        self.k.dirty = True  # the next call re-indexes from the records
        self.reconcile(repair=True)


def _forks(memories: dict[str, Memory]) -> list[tuple[str, list[str]]]:
    """Chains with more than one current version: (the memory they all replace, the current
    memories replacing it, oldest first). A current memory replaces ``X`` when it says
    ``supersedes = X``; ``X`` may point at one of them or at neither."""
    heads: dict[str, list[Memory]] = {}
    for memory in memories.values():
        if (memory.supersedes is not None and memory.superseded_by is None
                and not memory.archived):
            heads.setdefault(memory.supersedes, []).append(memory)
    return [(replaced, [m.id for m in sorted(found, key=lambda m: (m.created_at, m.id))])
            for replaced, found in sorted(heads.items()) if len(found) > 1]
