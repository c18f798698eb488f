"""Cursor paging of search and list, with writes between pages; the agent filter."""

from __future__ import annotations

from datetime import timedelta

import pytest

from cognimem import paging
from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import InvalidInput
from cognimem.models import Query


def seed(engine: Engine, clock: ManualClock, n: int, word: str = "billing") -> list[str]:
    ids = []
    for i in range(n):
        clock.advance(timedelta(minutes=1))
        ids.append(engine.add(f"{word} service note number {i} about invoices {i * 7}",
                              agent="alice" if i % 2 else "bob").id)
    return ids


def test_search_pages_neither_repeat_nor_skip_while_writes_happen(
        engine: Engine, clock: ManualClock) -> None:
    ids = seed(engine, clock, 23)
    everything = {h.id for h in engine.search("billing invoices", k=100).hits}
    assert everything == set(ids)
    shown: list[str] = []
    result = engine.search("billing invoices", k=5, paged=True)
    step = 0
    while True:
        shown += [h.id for h in result.hits]
        # writes between pages: new matching memories, an edit, an archive
        clock.advance(timedelta(minutes=1))
        engine.add(f"billing invoices written between pages {step}")
        engine.update(ids[step], importance=0.9)
        step += 1
        if result.next_cursor is None:
            break
        result = engine.search("billing invoices", k=5, cursor=result.next_cursor)
    assert len(shown) == len(set(shown)), "a memory was shown twice"
    assert set(shown) == everything, "a memory of the first page's store was skipped"


def test_search_without_paging_gives_no_cursor(engine: Engine, clock: ManualClock) -> None:
    seed(engine, clock, 4)
    assert engine.search("billing", k=2).next_cursor is None
    assert engine.search("billing", k=2, paged=True).next_cursor is not None


def test_list_pages_neither_repeat_nor_skip_while_writes_happen(
        engine: Engine, clock: ManualClock) -> None:
    ids = seed(engine, clock, 17)
    query = Query(text="*")
    shown: list[str] = []
    page = engine.list_memories(limit=4, query=query)
    while page:
        shown += [m.id for m in page]
        clock.advance(timedelta(minutes=1))
        engine.add(f"written between list pages {len(shown)}")
        query = query.model_copy(update={"cursor": paging.after(query, page[-1])})
        page = engine.list_memories(limit=4, query=query)
    assert shown == list(reversed(ids))


def test_a_cursor_of_another_query_or_garbage_is_refused(
        engine: Engine, clock: ManualClock) -> None:
    seed(engine, clock, 6)
    cursor = engine.search("billing", k=2, paged=True).next_cursor
    assert cursor is not None
    with pytest.raises(InvalidInput, match="another query"):
        engine.search("invoices", k=2, cursor=cursor)
    with pytest.raises(InvalidInput, match="not one this store gave"):
        engine.search("billing", k=2, cursor="bm90IGEgY3Vyc29y")
    with pytest.raises(InvalidInput, match="cursor"):
        engine.search("billing", k=2, cursor="x" * 40_000)


def test_since_until_and_agent_filters(engine: Engine, clock: ManualClock) -> None:
    start = clock.now()
    ids = seed(engine, clock, 6)
    middle = start + timedelta(minutes=3, seconds=30)
    later = {h.id for h in engine.search("billing", k=50, since=middle).hits}
    assert later == set(ids[3:])
    earlier = {m.id for m in engine.list_memories(query=Query(text="*", until=middle))}
    assert earlier == set(ids[:3])
    by_alice = {h.id for h in engine.search("billing", k=50, agents=["alice"]).hits}
    assert by_alice == set(ids[1::2])
