"""One test per hook spec (``test_hook_<name>``), each through a real engine and a test plugin,
asserting what the hook received. test_meta checks that every hook has its test here."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from cognimem import hookimpl
from cognimem.accesses import kept_query
from cognimem.clock import ManualClock
from cognimem.components import (
    Dataset,
    DecayAction,
    DecayPolicy,
    Extraction,
    Extractor,
    Fuser,
    Ranker,
    Retriever,
    ToolSpec,
)
from cognimem.context import Context, SearchContext
from cognimem.engine import Engine, MaintenanceReport, PreparedQuery, PreparedWrite
from cognimem.errors import NotFound
from cognimem.models import Candidate, Hit, Memory, MemoryDraft, Query, SearchResult
from cognimem.registry import Register
from cognimem_plugins.bm25_index import MemoryBM25
from cognimem_plugins.exact_vectors import ExactVectors
from cognimem_plugins.hash_embedder import HashEmbedder
from cognimem_plugins.memory_store import MemoryStore


class Recorder:
    """A plugin object that records what its hooks receive; subclasses add the hooks."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def record(self, hook: str, **received: Any) -> None:
        """Remember one call."""
        self.calls.append((hook, received))

    def of(self, hook: str) -> list[dict[str, Any]]:
        """What each call of ``hook`` received, in order."""
        return [received for name, received in self.calls if name == hook]


@pytest.fixture
def build(clock: ManualClock) -> Iterator[Callable[..., Engine]]:
    """Build test-profile engines with extra plugins; closed afterwards."""
    engines: list[Engine] = []

    def make(*plugins: object, **overrides: Any) -> Engine:
        engine = Engine.from_profile("test", clock=clock, plugins=plugins,
                                     overrides=overrides or None)
        engines.append(engine)
        return engine

    yield make
    for engine in engines:
        engine.close()


# --- registry hooks -----------------------------------------------------------------------------


class Records(MemoryStore):
    """The memory store under another name."""

    name = "hooked_records"


class Lexical(MemoryBM25):
    """BM25 under another name."""

    name = "hooked_lexical"


class Vectors(ExactVectors):
    """Exact vectors under another name."""

    name = "hooked_vectors"


def test_hook_cognimem_register_stores(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_stores(self, register: Register) -> None:
            self.record("stores", register=register)
            register(Records)
            register(Lexical)
            register(Vectors)

    plugin = Plugin()
    engine = build(plugin, records={"use": "hooked_records"}, lexical={"use": "hooked_lexical"},
                   vectors={"use": "hooked_vectors"})
    (received,) = plugin.of("stores")
    assert isinstance(received["register"], Register)
    assert received["register"].kinds == ("records", "lexical", "vectors")
    assert (type(engine._records), type(engine.lexical), type(engine.vectors)) == (
        Records, Lexical, Vectors)
    written = engine.add("stores from a plugin")
    assert engine.search("plugin").hits[0].id == written.id


def test_hook_cognimem_register_embedders(build: Callable[..., Engine]) -> None:
    class Wide(HashEmbedder):
        """The hash embedder, 128 wide by default."""

        name = "wide_hash"

        class Options(HashEmbedder.Options):
            """Wider."""

            dim: int = 128

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_embedders(self, register: Register) -> None:
            self.record("embedders", register=register)
            register(Wide)

    plugin = Plugin()
    engine = build(plugin, embedder={"use": "wide_hash"})
    assert plugin.of("embedders")[0]["register"].kinds == ("embedder",)
    assert isinstance(engine.embedder, Wide) and engine.embedder.dimension == 128
    assert engine.add("wide vectors").memory.embedding is not None
    assert engine.add("more").memory.embedding.dim == 128  # type: ignore[union-attr]


def test_hook_cognimem_register_extractors(build: Callable[..., Engine]) -> None:
    seen: list[tuple[str, str, Context]] = []

    class Spy(Extractor):
        """Records what it is asked to extract from."""

        name = "spy"

        def extract(self, memory: Memory, ctx: Context) -> Extraction:
            seen.append((memory.id, memory.content, ctx))
            return Extraction(tags=["spied"])

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_extractors(self, register: Register) -> None:
            self.record("extractors", register=register)
            register(Spy)

    plugin = Plugin()
    engine = build(plugin, extract=[{"use": "spy"}])
    written = engine.add("extract me")
    assert plugin.of("extractors")[0]["register"].kinds == ("extractor",)
    assert [(i, c) for i, c, _ in seen] == [(written.id, "extract me")]
    assert seen[0][2] is engine._ctx
    assert engine.get(written.id).tags == ["spied"]


def test_hook_cognimem_register_retrievers(build: Callable[..., Engine]) -> None:
    seen: list[tuple[Query, SearchContext]] = []

    class Everything(Retriever):
        """Every memory, in id order."""

        name = "everything"
        options: Retriever.Options

        def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
            seen.append((query, ctx))
            ids = [m.id for m in ctx.records.iter_memories()][: self.options.k]
            return [Candidate(id=i, score=1.0 / r, rank=r) for r, i in enumerate(ids, 1)]

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_retrievers(self, register: Register) -> None:
            self.record("retrievers", register=register)
            register(Everything)

    plugin = Plugin()
    engine = build(plugin, retrieve=[{"use": "everything", "k": 2}])
    engine.add_many(["apples", "pears", "plums"])
    result = engine.search("no word matches", explain=True)
    assert plugin.of("retrievers")[0]["register"].kinds == ("retriever",)
    assert len(result.hits) == 2
    assert result.hits[0].trail[0].name == "everything"
    query, sctx = seen[0]
    assert query.text == "no word matches" and sctx.ctx is engine._ctx


def test_hook_cognimem_register_fusers(build: Callable[..., Engine]) -> None:
    seen: list[dict[str, list[Candidate]]] = []

    class FirstList(Fuser):
        """The first retriever's list as is."""

        name = "first_list"

        def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
            seen.append(lists)
            return next(iter(lists.values()))

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_fusers(self, register: Register) -> None:
            self.record("fusers", register=register)
            register(FirstList)

    plugin = Plugin()
    engine = build(plugin, fuse={"use": "first_list"})
    written = engine.add("fusion by plugin")
    hit = engine.search("fusion", explain=True).hits[0]
    assert plugin.of("fusers")[0]["register"].kinds == ("fuser",)
    assert list(seen[0]) == ["bm25", "vector"]
    assert seen[0]["bm25"][0].id == written.id
    assert hit.trail[-1].name == "first_list" and hit.score == seen[0]["bm25"][0].score


def test_hook_cognimem_register_rankers(build: Callable[..., Engine]) -> None:
    seen: list[list[str]] = []

    class Halve(Ranker):
        """score / 2."""

        name = "halve"

        def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
            seen.append([h.id for h in hits])
            return [self.contribute(h, h.score / 2) for h in hits]

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_rankers(self, register: Register) -> None:
            self.record("rankers", register=register)
            register(Halve)

    plugin = Plugin()
    engine = build(plugin, rank=[{"use": "halve"}])
    written = engine.add("rank me")
    hit = engine.search("rank", explain=True).hits[0]
    assert plugin.of("rankers")[0]["register"].kinds == ("ranker",)
    assert seen == [[written.id]]
    assert hit.trail[-1].stage == "rank" and hit.trail[-1].name == "halve"
    assert hit.score == pytest.approx(hit.trail[-2].score / 2)


def test_hook_cognimem_register_decay(build: Callable[..., Engine], clock: ManualClock) -> None:
    seen: list[tuple[Context, datetime]] = []

    class Demote(DecayPolicy):
        """Demotes every long-term memory."""

        name = "demote_all"

        def apply(self, ctx: Context, now: datetime) -> list[DecayAction]:
            seen.append((ctx, now))
            return [DecayAction(id=m.id, action="demote", changes={"tier": "stm"})
                    for m in ctx.records.iter_memories() if m.tier == "ltm"]

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_decay(self, register: Register) -> None:
            self.record("decay", register=register)
            register(Demote)

    plugin = Plugin()
    engine = build(plugin, decay=[{"use": "demote_all"}])
    written = engine.add("long term", tier="ltm")
    clock.advance(days=1)
    report = engine.maintain()
    assert plugin.of("decay")[0]["register"].kinds == ("decay",)
    assert seen == [(engine._ctx, clock.now())]
    assert report.counts() == {"demote": 1}
    assert engine.get(written.id).tier == "stm"


def test_hook_cognimem_register_tools(build: Callable[..., Engine]) -> None:
    def count_memories(engine: Engine) -> int:
        """How many memories the engine holds."""
        return int(engine.stats()["memories"])

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_tools(self, register: Register) -> None:
            self.record("tools", register=register)
            register(ToolSpec(name="count_memories", func=count_memories, read_only=True,
                              sets=frozenset({"core", "full"})))

    plugin = Plugin()
    engine = build(plugin)
    assert plugin.of("tools")[0]["register"].kinds == ("tool", "prompt", "resource")
    registration = engine.host.get("tool", "count_memories")
    assert registration is not None
    engine.add("one")
    assert registration.obj.func(engine) == 1
    assert registration.obj.sets == {"core", "full"}


def test_hook_cognimem_register_datasets(build: Callable[..., Engine]) -> None:
    class Tiny(Dataset):
        """Two units of one memory each."""

        name = "tiny"

        def units(self) -> Iterator[Any]:
            yield {"memories": ["a"], "queries": ["a?"]}
            yield {"memories": ["b"], "queries": ["b?"]}

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_datasets(self, register: Register) -> None:
            self.record("datasets", register=register)
            register(Tiny)

    plugin = Plugin()
    engine = build(plugin)
    assert plugin.of("datasets")[0]["register"].kinds == ("dataset",)
    registration = engine.host.get("dataset", "tiny")
    assert registration is not None and registration.kind == "dataset"
    assert len(list(registration.obj().units())) == 2


def test_hook_cognimem_register_sources(build: Callable[..., Engine], tmp_path: Any) -> None:
    from cognimem.models import MemoryDraft
    from cognimem.sources import Group, IntakeSource, Item

    class Lines(IntakeSource):
        """One memory per line of a text file."""

        name = "lines"

        def scan(self, target: str, known: Any) -> Iterator[Group]:
            text = Path(target).read_text(encoding="utf-8")
            items = [Item(str(n), line, MemoryDraft(content=line))
                     for n, line in enumerate(text.splitlines()) if line.strip()]
            yield Group("file", str(len(text)), str(hash(text)), items)

    class Plugin(Recorder):
        @hookimpl
        def cognimem_register_sources(self, register: Register) -> None:
            self.record("sources", register=register)
            register(Lines)

    plugin = Plugin()
    engine = build(plugin)
    assert plugin.of("sources")[0]["register"].kinds == ("source",)
    target = tmp_path / "facts.txt"
    target.write_text("alpha is first\nbeta is second\n", encoding="utf-8")
    assert engine.ingest("lines", str(target)).added == 2
    target.write_text("alpha is first\n", encoding="utf-8")
    report = engine.ingest("lines", str(target))
    assert (report.kept, report.archived) == (1, 1)


# --- lifecycle hooks ----------------------------------------------------------------------------


def test_hook_cognimem_engine_opened(clock: ManualClock) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_engine_opened(self, engine: Engine) -> None:
            # the engine is usable here: stores open, indexes reconciled
            self.record("opened", engine=engine, memories=engine.stats()["memories"],
                        ok=engine.check().ok)

    plugin = Plugin()
    engine = Engine.from_profile("test", clock=clock, plugins=[plugin])
    try:
        (received,) = plugin.of("opened")
        assert received == {"engine": engine, "memories": 0, "ok": True}
        engine.add("after opening")
        assert len(plugin.of("opened")) == 1, "called once per engine"
    finally:
        engine.close()


def test_hook_cognimem_engine_closing(clock: ManualClock) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_engine_closing(self, engine: Engine) -> None:
            # still usable: a plugin may save derived state here
            self.record("closing", engine=engine, memories=engine.stats()["memories"])

    plugin = Plugin()
    engine = Engine.from_profile("test", clock=clock, plugins=[plugin])
    engine.add("before closing")
    assert plugin.of("closing") == []
    engine.close()
    engine.close()
    assert plugin.of("closing") == [{"engine": engine, "memories": 1}]


def test_hook_cognimem_memory_prepare(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_memory_prepare(self, write: PreparedWrite, engine: Engine) -> None:
            self.record("prepare", draft=write.draft.model_copy(), updating=write.updating,
                        engine=engine)
            write.draft = write.draft.model_copy(update={"tags": [*write.draft.tags, "seen"]})

    class Later(Recorder):
        @hookimpl(trylast=True)
        def cognimem_memory_prepare(self, write: PreparedWrite, engine: Engine) -> None:
            self.record("prepare", tags=list(write.draft.tags))

    plugin, later = Plugin(), Later()
    engine = build(plugin, later)
    written = engine.add("prepare me", tags=["a"])
    engine.update(written.id, importance=0.9)  # no content change: not prepared
    engine.update(written.id, content="prepare me again")
    calls = plugin.of("prepare")
    assert [c["updating"] for c in calls] == [None, written.id]
    assert isinstance(calls[0]["draft"], MemoryDraft)
    assert calls[0]["draft"].content == "prepare me" and calls[0]["engine"] is engine
    assert calls[1]["draft"].content == "prepare me again"
    assert later.of("prepare")[0] == {"tags": ["a", "seen"]}, "later hooks see earlier changes"
    assert engine.get(written.id).tags == ["a", "seen"]


def test_hook_cognimem_memory_prepare_many(build: Callable[..., Engine]) -> None:
    from cognimem.engine.write import AHEAD

    class Plugin(Recorder):
        @hookimpl
        def cognimem_memory_prepare_many(self, drafts: list[MemoryDraft],
                                         engine: Engine) -> None:
            self.record("many", contents=[d.content for d in drafts], engine=engine)

        @hookimpl
        def cognimem_memory_prepare(self, write: PreparedWrite, engine: Engine) -> None:
            self.record("prepare", content=write.draft.content)

    plugin = Plugin()
    engine = build(plugin)
    texts = [f"note number {i}" for i in range(AHEAD + 3)]
    engine.add_many(texts)
    many = plugin.of("many")
    # chunks of AHEAD drafts, in order, each shown before any of its prepare hooks run,
    # and an empty list once they ran
    assert [len(c["contents"]) for c in many] == [AHEAD, 0, 3, 0]
    assert [t for c in many for t in c["contents"]] == texts
    assert many[0]["engine"] is engine
    order = [name for name, _ in plugin.calls]
    assert order == ["many", *["prepare"] * AHEAD, "many", "many", *["prepare"] * 3, "many"]
    assert [c["content"] for c in plugin.of("prepare")] == texts
    memory = engine.add("one more").memory
    assert [c["contents"] for c in plugin.of("many")[-2:]] == [["one more"], []]
    engine.update(memory.id, content="changed")  # an update: prepared, not shown ahead
    assert len(plugin.of("many")) == 6
    assert plugin.of("prepare")[-1] == {"content": "changed"}


def test_add_many_raises_a_bad_item_after_preparing_those_before_it(
        build: Callable[..., Engine]) -> None:
    """A refused write before a bad item is refused first (the items are prepared in
    order), and an item that cannot be coerced is raised once those before it passed."""
    from cognimem.errors import InvalidInput, Rejected

    class Refuser(Recorder):
        @hookimpl
        def cognimem_memory_prepare_many(self, drafts: list[MemoryDraft],
                                         engine: Engine) -> None:
            self.record("many", contents=[d.content for d in drafts])

        @hookimpl
        def cognimem_memory_prepare(self, write: PreparedWrite, engine: Engine) -> None:
            self.record("prepare", content=write.draft.content)
            if write.draft.content == "refuse me":
                write.reject("refused")

    plugin = Refuser()
    engine = build(plugin)
    with pytest.raises(Rejected):
        engine.add_many(["fine", "refuse me", ""])
    assert [c["contents"] for c in plugin.of("many")] == [["fine", "refuse me"], []]
    with pytest.raises(InvalidInput):
        engine.add_many(["fine", "also fine", "", "refuse me"])
    assert [c["content"] for c in plugin.of("prepare")] == [
        "fine", "refuse me", "fine", "also fine"]

    def failing() -> Iterator[str]:
        yield "first"
        raise RuntimeError("the caller's iterable broke")

    with pytest.raises(RuntimeError):
        engine.add_many(failing())
    assert plugin.of("prepare")[-1] == {"content": "first"}
    assert engine.stats()["memories"] == 0


def test_hook_cognimem_memory_added(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_memory_added(self, memory: Memory, engine: Engine) -> None:
            # committed and indexed when the hook runs
            assert engine.lexical is not None
            self.record("added", memory=memory, stored=engine.get(memory.id),
                        indexed=memory.id in engine.lexical.versions())

    plugin = Plugin()
    engine = build(plugin)
    first = engine.add("added once")
    engine.add("added once")  # a duplicate is not added again
    engine.add_many(["two", "three"])
    calls = plugin.of("added")
    assert [c["memory"].content for c in calls] == ["added once", "two", "three"]
    assert calls[0]["memory"].id == first.id
    assert calls[0]["stored"] == calls[0]["memory"]
    assert all(c["indexed"] for c in calls)


def test_hook_cognimem_memory_updated(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_memory_updated(self, before: Memory, after: Memory, engine: Engine) -> None:
            self.record("updated", before=before, after=after, engine=engine)

    plugin = Plugin()
    engine = build(plugin)
    written = engine.add("version one")
    engine.update(written.id, content="version two")
    new = engine.supersede(written.id, "a replacement")
    calls = plugin.of("updated")
    assert [(c["before"].content, c["after"].content) for c in calls] == [
        ("version one", "version two"), ("version two", "version two")]
    assert [(c["before"].version, c["after"].version) for c in calls] == [(1, 2), (2, 3)]
    assert calls[1]["after"].superseded_by == new.id
    assert calls[0]["engine"] is engine


def test_hook_cognimem_memory_deleted(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_memory_deleted(self, memory: Memory, engine: Engine) -> None:
            try:
                engine.get(memory.id)
                gone = False
            except NotFound:
                gone = True
            self.record("deleted", memory=memory, gone=gone)

    plugin = Plugin()
    engine = build(plugin)
    written = engine.add("short-lived")
    engine.delete(written.id)
    with pytest.raises(NotFound):
        engine.delete(written.id)
    (received,) = plugin.of("deleted")
    assert received["memory"] == written.memory
    assert received["gone"] is True


def test_hook_cognimem_query_prepare(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_query_prepare(self, query: PreparedQuery, engine: Engine) -> None:
            self.record("prepare", text=query.text, engine=engine)
            query.text = query.text.replace("hidden-word", "needle")

    class Later(Recorder):
        @hookimpl(trylast=True)
        def cognimem_query_prepare(self, query: PreparedQuery, engine: Engine) -> None:
            self.record("prepare", text=query.text)

    plugin, later = Plugin(), Later()
    engine = build(plugin, later)
    written = engine.add("a needle in the haystack")
    result = engine.search("hidden-word")
    assert plugin.of("prepare") == [{"text": "hidden-word", "engine": engine}]
    assert later.of("prepare") == [{"text": "needle"}], "later hooks see earlier changes"
    assert result.query.text == "needle", "the result reports the prepared text"
    assert [h.id for h in result.hits] == [written.id], "retrievers search the prepared text"
    held = [a.query for a in engine._k.held.accesses]
    assert held == [kept_query("needle", "hash")], "the access history keeps the prepared "\
        "text (as a hash, search.access_query's default)"


def test_hook_cognimem_memories_accessed(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_memories_accessed(self, hits: list[Hit], query: Query,
                                       engine: Engine) -> None:
            self.record("accessed", ids=[h.id for h in hits], counts=[
                engine.get(h.id).access_count for h in hits], query=query)

    plugin = Plugin()
    engine = build(plugin)
    written = engine.add("remember the access")
    engine.search("access", agent="claude")
    engine.search("access", record_access=False)
    engine.search("access", kinds=["no-such-kind"])  # no hits
    (received,) = plugin.of("accessed")
    assert received["ids"] == [written.id]
    assert received["counts"] == [1], "accesses are recorded before the hook runs"
    assert received["query"].text == "access" and received["query"].agent == "claude"


def test_hook_cognimem_search_finished(build: Callable[..., Engine]) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_search_finished(self, result: SearchResult, engine: Engine) -> None:
            self.record("finished", result=result, engine=engine)

    plugin = Plugin()
    engine = build(plugin)
    written = engine.add("search results")
    returned = engine.search("results", record_access=False, explain=True)
    engine.search("results", kinds=["no-such-kind"])  # no hits
    calls = plugin.of("finished")
    assert len(calls) == 2
    assert calls[0]["result"] is returned and calls[0]["engine"] is engine
    assert [h.id for h in calls[0]["result"].hits] == [written.id]
    assert "total" in calls[0]["result"].timings
    assert calls[1]["result"].hits == []


def test_hook_cognimem_maintenance(build: Callable[..., Engine], clock: ManualClock) -> None:
    class Plugin(Recorder):
        @hookimpl
        def cognimem_maintenance(self, engine: Engine, now: datetime, dry_run: bool,
                                 report: MaintenanceReport) -> None:
            self.record("maintenance", engine=engine, now=now, dry_run=dry_run,
                        actions=len(report.actions))
            report.notes.append("would compact" if dry_run else "compacted")

    plugin = Plugin()
    engine = build(plugin)
    clock.advance(timedelta(hours=3))
    dry = engine.maintain(dry_run=True)
    real = engine.maintain()
    assert plugin.of("maintenance") == [
        {"engine": engine, "now": clock.now(), "dry_run": True, "actions": 0},
        {"engine": engine, "now": clock.now(), "dry_run": False, "actions": 0},
    ]
    assert dry.notes == ["would compact"] and real.notes == ["compacted"]
