"""Retrievers run concurrently by default: the same lists and hits as one after another,
each retriever timed, and a retriever's error reaches the caller."""

from __future__ import annotations

import pytest

from cognimem import hookimpl
from cognimem.clock import ManualClock
from cognimem.components import Retriever
from cognimem.context import SearchContext
from cognimem.engine import Engine
from cognimem.models import Candidate, Query
from cognimem.registry import Register

TEXTS = ["the nightly database backup runs at 02:00", "alice prefers tabs over spaces",
         "the deploy script lives in tools/deploy.sh", "backups are kept for 30 days"]


class Broken(Retriever):
    name = "broken"

    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        raise RuntimeError("the broken retriever failed")


class BrokenPlugin:
    @staticmethod
    @hookimpl
    def cognimem_register_retrievers(register: Register) -> None:
        register(Broken)


Ranked = list[tuple[str, float, list[tuple[str, int | None]]]]


def hits(clock: ManualClock, parallel: bool) -> Ranked:
    with Engine.from_profile("test", clock=clock,
                             overrides={"search": {"parallel_retrievers": parallel}}) as engine:
        engine.add_many(TEXTS)
        result = engine.search("database backup", k=4, explain=True, record_access=False)
        assert {"retrieve:bm25", "retrieve:vector"} <= set(result.timings)
        return [(h.memory.content, h.score, [(s.name, s.rank) for s in h.trail])
                for h in result.hits]


def test_parallel_and_sequential_retrieval_agree(clock: ManualClock) -> None:
    assert hits(clock, True) == hits(clock, False)


@pytest.mark.parametrize("parallel", [True, False])
def test_a_retriever_error_reaches_the_caller(clock: ManualClock, parallel: bool) -> None:
    overrides = {"retrieve": [{"use": "bm25"}, {"use": "broken"}],
                 "search": {"parallel_retrievers": parallel}}
    with Engine.from_profile("test", clock=clock, overrides=overrides,
                             plugins=[BrokenPlugin()]) as engine:
        engine.add("the nightly database backup runs at 02:00")
        with pytest.raises(RuntimeError, match="broken retriever failed"):
            engine.search("database backup")


@pytest.mark.parametrize("concurrent", [False, True])
def test_bm25_runs_in_the_pool_while_this_thread_embeds_the_query(
        clock: ManualClock, monkeypatch: pytest.MonkeyPatch, concurrent: bool) -> None:
    """A search embeds its query in its own thread (in the store daemon a busy pool then
    never holds a query back from the model's next pass), then searches the vectors there
    (no hand-over to another thread for a fraction of a millisecond of work), while the
    retrievers that do not read the vector (BM25) run in the pool meanwhile."""
    import threading

    with Engine.from_profile("test", clock=clock) as engine:
        engine.add_many(TEXTS)
        engine.concurrent_reads = concurrent
        embedder = engine.embedder
        assert embedder is not None
        bm25 = next(r for r in engine.retrievers if r.name == "bm25")
        ran: dict[str, str] = {}
        bm25_done = threading.Event()
        real_embed, real_bm25 = embedder.embed_batch, bm25.retrieve

        def embedding(texts: list[str]) -> object:
            ran["embed"] = threading.current_thread().name
            ran["bm25 first"] = str(bm25_done.wait(10))  # BM25 finishes during the embedding
            return real_embed(texts)

        def lexical(query: Query, ctx: SearchContext) -> list[Candidate]:
            ran["bm25"] = threading.current_thread().name
            try:
                return real_bm25(query, ctx)
            finally:
                bm25_done.set()

        monkeypatch.setattr(embedder, "embed_batch", embedding)
        monkeypatch.setattr(bm25, "retrieve", lexical)
        result = engine.search("nightly backup", record_access=False)
        assert ran["embed"] == threading.current_thread().name
        assert ran["bm25"].startswith("cognimem-retrieve")
        assert ran["bm25 first"] == "True"
        assert result.hits and {"retrieve:vector", "retrieve:bm25"} <= set(result.timings)


def test_a_search_embeds_its_query_with_embed_query_and_a_write_with_embed_batch(
        clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read path asks for the query's vector with ``embed_query`` (which an embedder
    serving many callers may put first), the write path with ``embed_batch``."""
    with Engine.from_profile("test", clock=clock) as engine:
        embedder = engine.embedder
        assert embedder is not None
        asked: list[tuple[str, list[str]]] = []
        real_query, real_batch = embedder.embed_query, embedder.embed_batch

        def query(text: str) -> object:
            asked.append(("query", [text]))
            return real_query(text)

        def batch(texts: list[str]) -> object:
            asked.append(("batch", list(texts)))
            return real_batch(texts)

        monkeypatch.setattr(embedder, "embed_query", query)
        monkeypatch.setattr(embedder, "embed_batch", batch)
        engine.add_many(TEXTS[:2])
        writes = list(asked)
        asked.clear()
        engine.search("nightly backup", record_access=False)
    assert writes and all(kind == "batch" for kind, _ in writes)
    assert asked[0] == ("query", ["nightly backup"])  # (the default then calls embed_batch)
