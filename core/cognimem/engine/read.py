"""The read path: retrievers (concurrently) -> fuser -> load and filter -> rankers ->
deterministic sort -> top k -> accesses held -> hooks. Also listing, the graveyard and the
event log."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from .. import paging
from ..accesses import kept_query, with_accesses
from ..components import EXPLAINING, GraveEntry, Retriever
from ..context import SearchContext
from ..errors import CognimemError, InvalidInput
from ..models import Candidate, Event, Hit, Memory, Query, SearchResult, StageScore
from ..session import current as current_session
from ..stages import tie_break_key
from ..stores import memories_to_read, shares_memories
from .history import RECORDING_OPS, as_believed
from .rules import on_branch
from .types import PreparedQuery, validation_message

if TYPE_CHECKING:
    from .kernel import Kernel

#: Searches whose other retrievers run at once, when reads run side by side.
_CONCURRENT_SEARCHES = 8
_POOL_LOCK = threading.Lock()


class Reader:
    """search, list_memories, graveyard, events."""

    def __init__(self, k: Kernel) -> None:
        self.k = k

    def list_memories(self, *, limit: int = 50, offset: int = 0, include_archived: bool = False,
             query: Query | None = None) -> list[Memory]:
        """Memories newest first (optionally only those a query's filters admit; with the
        query's ``cursor``, those after the page that gave it: :func:`cognimem.paging.after`
        makes the next one from a page's last memory)."""
        self.k.check_open()
        query = on_branch(query, current_session()) if query is not None else None
        cursor = (paging.decode(query.cursor, query)
                  if query is not None and query.cursor is not None else None)
        rows = [m for m in self.k.records.iter_memories()
                if (include_archived or not m.archived) and (query is None or query.admits(m))
                and (cursor is None or paging.before_cursor(cursor, m))]
        rows.sort(key=lambda m: (m.created_at, m.id), reverse=True)
        return rows[offset : offset + limit]

    def graveyard(self) -> list[GraveEntry]:
        """Archived memories, newest first."""
        self.k.check_open()
        return self.k.records.graves()

    def events(self, after_seq: int = 0) -> list[Event]:
        """The event log after a sequence number."""
        self.k.check_open()
        return list(self.k.records.iter_events(after_seq))

    @property
    def needs_repair(self) -> bool:
        """Whether a failed index update left the indexes to re-derive from the records (a
        search repairs them first, or, with :attr:`concurrent_reads`, :meth:`repair`)."""
        return self.k.dirty

    def repair(self) -> None:
        """Re-derive what a failed index update left out of step, if anything."""
        self.k.check_open()
        if self.k.dirty:
            self.k.integrity.reconcile(repair=True)

    # read path ---------------------------------------------------------------------------------

    def search(self, query: Query | str, /, **params: Any) -> SearchResult:
        """Search: retrieve, fuse, rank, filter; every hit carries its score trail.

        :param query: a :class:`Query`, or the query text with Query fields as keywords.
        :raises InvalidInput: empty text or bad parameters.
        """
        self.k.check_open(flush=False)
        self.k.settle_indexes()  # a search after a write finds it, or the write is repaired
        if self.k.dirty and not self.k.concurrent_reads:  # else the owner calls repair()
            self.k.integrity.reconcile(repair=True)
        started = time.perf_counter()
        try:
            if isinstance(query, str):
                params.setdefault("k", self.k.profile.search.k)
                query = Query(text=query, **params)
            elif params:
                query = Query.model_validate({**query.model_dump(), **params})
        except ValidationError as exc:
            raise InvalidInput(validation_message(exc, "query")) from None
        query = on_branch(query, current_session())  # the session's scope, as a write's
        if self.k.hook.cognimem_query_prepare.get_hookimpls():
            prepared = PreparedQuery(query.text)
            self.k.hook.cognimem_query_prepare(query=prepared, engine=self.k.engine)
            if prepared.text != query.text:
                query = query.model_copy(update={"text": prepared.text})
        cursor, excluded = self._page(query)
        sctx = SearchContext(self.k.ctx, query)
        lists = self._retrieve(query, sctx)
        t0 = time.perf_counter()
        fused = self.k.fuser.fuse(lists, query)
        sctx.timings[f"fuse:{self.k.fuser.name}"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        if (any(r.reads_access_history for r in self.k.rankers)
                and self.k.held.concerns(c.id for c in fused)):
            self.k.flush_accesses()  # a ranker reads the history: write what it concerns
        fused, memories = self._load_candidates(fused, query, excluded)
        if query.believed_at is not None:
            memories = as_believed(memories, self.k.records.iter_events(), query.believed_at)
        if self.k.held:
            memories = self.k.held.counted_in(memories)
        positions = ({label: {c.id: c for c in cands} for label, cands in lists.items()}
                     if query.explain else {})
        hits: list[Hit] = []
        for cand in fused:
            memory = memories.get(cand.id)
            if memory is None or not query.admits(memory) or cand.id in excluded:
                continue
            trail = []
            if query.explain:  # the trail is dropped unless explained: build it only then
                trail = [
                    StageScore(stage="retrieve", name=label, score=found[cand.id].score,
                               rank=found[cand.id].rank)
                    for label, found in positions.items() if cand.id in found
                ]
                trail.append(StageScore(stage="fuse", name=self.k.fuser.name, score=cand.score,
                                        rank=cand.rank))
            hits.append(Hit(memory=memory, score=cand.score, trail=trail))
        sctx.timings["load"] = (time.perf_counter() - t0) * 1000
        explaining = EXPLAINING.set(query.explain)  # trail steps only when explained
        try:
            for ranker in self.k.rankers:
                t0 = time.perf_counter()
                hits = ranker.rank(query, hits, sctx)
                sctx.timings[f"rank:{ranker.name}"] = (time.perf_counter() - t0) * 1000
        finally:
            EXPLAINING.reset(explaining)
        hits.sort(key=tie_break_key)
        hits = hits[: query.k]
        next_cursor = None
        if cursor is not None and len(hits) == query.k:
            seen = (*cursor.seen, *(h.id for h in hits))
            if len(seen) < paging.MAX_SEEN:
                next_cursor = paging.Cursor(cursor.query, cursor.snapshot, seen).encode()
        if shares_memories(self.k.records):  # the store's objects stay its own: copies
            for hit in hits:
                hit.memory = hit.memory.private_copy()
        held_back, floor = 0, None
        if self.k.calibrator is not None:
            t0 = time.perf_counter()
            hits, held_back, floor = self._calibrate(query, hits, lists, sctx)
            sctx.timings[f"confidence:{self.k.calibrator.name}"] = (time.perf_counter() - t0) * 1000
        if query.record_access and self.k.profile.search.record_access and hits:
            self._record_access(hits, query)
            if self.k.concurrent_reads:  # the hooks may write: with the accesses, later
                self.k.held.defer(list(hits), query)
            else:
                self.k.hook.cognimem_memories_accessed(hits=hits, query=query, engine=self.k.engine)
        if not query.explain:
            for hit in hits:
                hit.trail = []
        sctx.timings["total"] = (time.perf_counter() - started) * 1000
        result = SearchResult(query=query, hits=hits, timings=sctx.timings,
                              held_back=held_back, floor=floor, next_cursor=next_cursor)
        self.k.hook.cognimem_search_finished(result=result, engine=self.k.engine)
        return result

    def _page(self, query: Query) -> tuple[paging.Cursor | None, frozenset[str]]:
        """A paged search's cursor (a new one at the first page) and the ids its page
        leaves out: those shown on earlier pages and those recorded after the first."""
        if query.cursor is None:
            if not query.paged:
                return None, frozenset()
            last = self.k.records.last_event()
            return paging.Cursor(paging.query_key(query), last.seq if last else 0), frozenset()
        cursor = paging.decode(query.cursor, query)
        later = {e.target for e in self.k.records.iter_events(cursor.snapshot)
                 if e.op in RECORDING_OPS and e.target}
        return cursor, frozenset({*cursor.seen, *later})

    def _calibrate(self, query: Query, hits: list[Hit], lists: dict[str, list[Candidate]],
                   sctx: SearchContext) -> tuple[list[Hit], int, float | None]:
        """Set each hit's confidence (order unchanged); hold back those under the floor.
        Returns the hits kept, how many were held back, and the floor applied."""
        assert self.k.calibrator is not None
        if not hits:
            return hits, 0, None
        values = self.k.calibrator.calibrate(query, hits, lists, sctx)
        if len(values) != len(hits):
            raise CognimemError(f"calibrator {self.k.calibrator.name!r} gave {len(values)} "
                                f"confidences for {len(hits)} hits")
        for hit, value in zip(hits, values, strict=True):
            hit.confidence = None if value is None else round(min(1.0, max(0.0, value)), 4)
        floor = (query.min_confidence if query.min_confidence is not None
                 else self.k.calibrator.options.floor)
        if not floor:
            return hits, 0, floor
        kept = [h for h in hits if h.confidence is None or h.confidence >= floor]
        return kept, len(hits) - len(kept), floor

    def _retrieve(self, query: Query, sctx: SearchContext) -> dict[str, list[Candidate]]:
        """Every retriever's ranked list, by label; concurrently when the profile allows
        (``search.parallel_retrievers``): the default stack's retrievers spend their time in
        Tantivy, LanceDB and numpy, which release the GIL, so BM25 runs while the query is
        embedded and the vectors searched."""

        def run(label: str, retriever: Retriever) -> list[Candidate]:
            t0 = time.perf_counter()
            found = retriever.retrieve(query, sctx)
            sctx.timings[f"retrieve:{label}"] = (time.perf_counter() - t0) * 1000
            return found

        pairs = list(zip(self.k.retriever_labels, self.k.retrievers, strict=True))
        if len(pairs) < 2 or not self.k.profile.search.parallel_retrievers:
            return {label: run(label, retriever) for label, retriever in pairs}
        pool = self.k.pool
        if pool is None:
            with _POOL_LOCK:  # searches running side by side share one pool
                if self.k.pool is None:
                    width = (len(pairs) - 1) * (_CONCURRENT_SEARCHES if self.k.concurrent_reads
                                                else 1)
                    self.k.pool = ThreadPoolExecutor(max_workers=width,
                                                    thread_name_prefix="cognimem-retrieve")
                pool = self.k.pool
        by_vector = [(label, r) for label, r in pairs if r.reads_query_vector]
        others = [(label, r) for label, r in pairs if not r.reads_query_vector]
        if by_vector and others:
            # the others (BM25) run in the pool while this thread embeds the query, then
            # runs the retrievers that read it: a vector search is a fraction of a
            # millisecond of native work, less than handing it to another thread costs
            # when many searches share the interpreter lock (the store daemon); and the
            # embedding, asked for here at once, joins the model's pass over the queries
            # that arrived with it rather than wait for a free thread of the pool
            futures = [(label, pool.submit(run, label, r)) for label, r in others]
            sctx.query_vector()
            lists = {label: run(label, r) for label, r in by_vector}
        else:  # the first retriever runs here, the others in the pool
            futures = [(label, pool.submit(run, label, r)) for label, r in pairs[1:]]
            lists = {pairs[0][0]: run(*pairs[0])}
        for label, future in futures:
            lists[label] = future.result()
        return {label: lists[label] for label, _ in pairs}

    def _load(self, ids: list[str]) -> dict[str, Memory]:
        """The candidates' memories, to read only (shared when the store shares them,
        built once per stored row, not per search; :meth:`search` hands on copies)."""
        return memories_to_read(self.k.records, ids)

    def _load_candidates(self, fused: list[Candidate], query: Query,
                         excluded: frozenset[str] = frozenset(),
                         ) -> tuple[list[Candidate], dict[str, Memory]]:
        """The fused candidates worth loading, and their memories.

        Memories are loaded in fused order, a page at a time, until enough are admitted by
        the query's filters and the next candidate scores below the last one wanted (ties
        at the cut are all kept, so the result does not depend on the order of equals).
        Without rankers ``k`` are wanted: the final order is the fused score, so these are
        the same hits as loading all, for a fraction of the reads. With rankers,
        ``search.rerank_depth`` are wanted (every candidate when it is unset). What is
        handed on ends at the last candidate tied with the last one wanted, whatever the
        pages loaded: the rankers see ``rerank_depth`` admitted candidates and their ties,
        never the rest of a page (which, with a tie at a page's end, used to double them).
        """
        unsorted = any(fused[i].score < fused[i + 1].score for i in range(len(fused) - 1))
        depth = self.k.profile.search.rerank_depth if self.k.rankers else query.k
        if unsorted or depth is None or query.believed_at is not None:
            return fused, self._load([c.id for c in fused])
        want = max(depth, query.k)
        memories: dict[str, Memory] = {}
        admitted: list[float] = []
        page = want if self.k.rankers else max(2 * query.k, 32)
        end = 0
        while end < len(fused):
            if len(admitted) >= want:  # only the rest of the tie at the cut is still wanted
                batch = fused[end : _tied_end(fused, end, admitted[want - 1])]
            else:
                stop = min(end + page, len(fused))
                if self.k.rankers:  # with the candidates tied with the page's last, which
                    # the cut keeps if the page is admitted: one read, not a second for them
                    # (#45: a store's statement costs ~1.8 ms at a million, whatever its rows)
                    stop = _tied_end(fused, stop, fused[stop - 1].score)
                batch = fused[end:stop]
            found = self._load([c.id for c in batch])
            memories.update(found)
            end += len(batch)
            admitted += [c.score for c in batch if c.id in found and c.id not in excluded
                         and query.admits(found[c.id])]
            if len(admitted) >= want and (end == len(fused)
                                          or fused[end].score < admitted[want - 1]):
                break
        if len(admitted) >= want:  # a page may reach past the cut: the rankers stop at it
            end = _tied_end(fused, 0, admitted[want - 1])
        return fused[:end], memories

    def _record_access(self, hits: Sequence[Hit], query: Query) -> None:
        now = self.k.clock.now()
        for hit in hits:
            hit.memory = with_accesses(hit.memory, 1, now)
        self.k.held.add(hits, now, query.agent,
                        kept_query(query.text, self.k.profile.search.access_query))
        if not self.k.concurrent_reads and len(self.k.held) >= self.k.profile.search.access_batch:
            self.k.flush_accesses()

    # maintenance -------------------------------------------------------------------------------


def _tied_end(fused: list[Candidate], start: int, cut: float) -> int:
    """The index after the last candidate from ``start`` on scoring at least ``cut``
    (``fused`` is best first)."""
    end = start
    while end < len(fused) and fused[end].score >= cut:
        end += 1
    return end
