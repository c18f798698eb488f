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


def test_beside_other_searches_the_query_is_embedded_before_the_pool(
        clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the store daemon (concurrent reads) a search embeds its query in its own thread
    first, so a busy retriever pool never holds a query back from the model's next pass."""
    import threading

    with Engine.from_profile("test", clock=clock) as engine:
        engine.add_many(TEXTS)
        embedder = engine.embedder
        assert embedder is not None
        threads: list[str] = []
        real = embedder.embed_batch

        def recording(texts: list[str]) -> object:
            threads.append(threading.current_thread().name)
            return real(texts)

        monkeypatch.setattr(embedder, "embed_batch", recording)
        engine.search("database backup", record_access=False)
        assert threads and threads[-1].startswith("cognimem-retrieve")  # alone: in the pool
        engine.concurrent_reads = True
        threads.clear()
        result = engine.search("nightly backup", record_access=False)
        assert threads == [threading.current_thread().name]
        assert result.hits and "retrieve:vector" in result.timings
