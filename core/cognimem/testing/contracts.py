"""Contract tests: subclass one, set ``component`` (and ``options``), and pytest runs them.

Each contract builds a real engine from the ``test`` profile with your component selected,
so what is tested is what a user's profile would run.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import timedelta
from typing import Any, ClassVar

import numpy as np
import pytest

from ..clock import ManualClock
from ..components import DecayAction, Extraction, Extractor
from ..engine import Engine
from ..errors import ProfileError
from ..models import Candidate, Edge
from .fixtures import SAMPLE_MEMORIES, build_engine

QUERIES = ("database backup", "who prefers tabs", "deploy on friday", "lint before push")


def assert_ranked(candidates: list[Candidate], *, ties_share: bool) -> None:
    """Scores never increase down the list, and ranks are 1-based positions where tied
    scores may share (``ties_share``: must share) the best rank of their group ("1224",
    competition ranking, as the ``rrf`` and ``weighted`` fusers give)."""
    scores = [c.score for c in candidates]
    assert all(math.isfinite(s) for s in scores), scores
    assert scores == sorted(scores, reverse=True), scores
    for position, cand in enumerate(candidates, 1):
        if position == 1:
            assert cand.rank == 1, f"the first candidate has rank {cand.rank}"
            continue
        before = candidates[position - 2]
        tied = math.isclose(cand.score, before.score, rel_tol=1e-9, abs_tol=1e-12)
        if cand.rank == before.rank:
            assert tied, f"{cand.id} shares rank {cand.rank} with a higher score"
        else:
            assert cand.rank == position, (
                f"{cand.id} at position {position} has rank {cand.rank}")
            assert not (ties_share and cand.score == before.score), (
                f"{cand.id} ties {before.id}'s score but not its rank")


class ComponentContract:
    """What every component must do; subclasses add their kind's behaviour.

    :cvar component: the name your plugin registers the component under.
    :cvar options: options for it, as a profile table would give them.
    :cvar plugins: plugin objects to register in addition to installed entry points
        (for components not installed as a distribution, e.g. a module in your tests).
    :cvar profile: other profile values the component needs, merged over the ``test``
        profile (e.g. ``{"extract": [{"use": "entities"}]}`` for a retriever that walks the
        entity graph).
    """

    component: ClassVar[str] = ""
    options: ClassVar[dict[str, Any]] = {}
    plugins: ClassVar[tuple[object, ...]] = ()
    profile: ClassVar[dict[str, Any]] = {}

    def overrides(self) -> dict[str, Any]:
        """Everything the contract's engines override: :attr:`profile`, then the slot."""
        return {**self.profile, **self.profile_overrides()}

    def engine(self, **more: Any) -> Engine:
        """A new engine with the component selected (``more`` overrides further)."""
        return build_engine(overrides={**self.overrides(), **more}, plugins=self.plugins)

    def plain_engine(self) -> Engine:
        """An engine like :meth:`engine` without the component: the baseline it changes."""
        return build_engine(overrides=dict(self.profile), plugins=self.plugins)

    def profile_overrides(self) -> dict[str, Any]:
        """The profile values that select the component (each contract sets its slot)."""
        raise NotImplementedError

    @pytest.fixture
    def contract_engine(self) -> Iterator[Engine]:
        """An engine with the component selected, filled with :data:`SAMPLE_MEMORIES`."""
        if not self.component:
            pytest.fail(f"{type(self).__name__} must set `component` to the component's name")
        engine = self.engine()
        engine.add_many(list(SAMPLE_MEMORIES))
        yield engine
        engine.close()

    def test_unknown_option_is_refused(self) -> None:
        """A misspelt option fails at start, naming the key."""
        overrides = self.profile_overrides()
        slot = next(iter(overrides))
        table = overrides[slot]
        bad = ([{**table[0], "no_such_option_xyz": 1}] if isinstance(table, list)
               else {**table, "no_such_option_xyz": 1})
        with pytest.raises(ProfileError, match="no_such_option_xyz"):
            self.engine(**{slot: bad}).close()


class RankerContract(ComponentContract):
    """A ranker reorders hits: same memories in, same memories out, finite scores, its own
    step in every hit's trail, and the same order every time."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"rank": [{"use": self.component, **self.options}]}

    @pytest.mark.parametrize("text", QUERIES)
    def test_keeps_the_candidates(self, contract_engine: Engine, text: str) -> None:
        """Ranking neither invents nor drops memories (filters are the engine's job)."""
        plain = self.plain_engine()
        plain.add_many(list(SAMPLE_MEMORIES))
        try:
            expected = {h.memory.content for h in plain.search(text, k=50).hits}
        finally:
            plain.close()
        got = {h.memory.content for h in contract_engine.search(text, k=50).hits}
        assert got == expected

    @pytest.mark.parametrize("text", QUERIES)
    def test_scores_are_finite_and_explained(self, contract_engine: Engine, text: str) -> None:
        """Every score is finite, and a hit whose score the ranker changed shows the ranker's
        step in its trail, ending at the hit's score (a ranker may leave hits alone, e.g.
        ``validity`` touches only facts outside their window)."""
        plain = self.plain_engine()
        plain.add_many(list(SAMPLE_MEMORIES))
        try:
            before = {h.memory.content: h.score
                      for h in plain.search(text, k=50, record_access=False).hits}
        finally:
            plain.close()
        result = contract_engine.search(text, k=20, explain=True, record_access=False)
        for hit in result.hits:
            assert math.isfinite(hit.score)
            steps = [s for s in hit.trail if s.stage == "rank" and s.name == self.component]
            baseline = before.get(hit.memory.content)
            if baseline is None or not math.isclose(hit.score, baseline, abs_tol=1e-12):
                assert steps, f"{hit.memory.content!r}: score changed without a trail step"
            if steps:
                assert math.isclose(steps[-1].score, hit.score, abs_tol=1e-12)

    def test_deterministic(self, contract_engine: Engine) -> None:
        """The same query twice (no access recorded) gives the same order."""
        first = contract_engine.search(QUERIES[0], k=20, record_access=False)
        second = contract_engine.search(QUERIES[0], k=20, record_access=False)
        assert [h.id for h in first.hits] == [h.id for h in second.hits]


class RetrieverContract(ComponentContract):
    """A retriever returns at most k candidates for memories that exist, best first, ranked
    1..n (tied scores may share a rank)."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"retrieve": [{"use": self.component, **self.options}]}

    @pytest.mark.parametrize("text", QUERIES)
    def test_candidates_are_well_formed(self, contract_engine: Engine, text: str) -> None:
        """Ranks are positions (ties may share one), ids exist and are distinct, and scores
        do not increase down the list."""
        retriever = contract_engine.retrievers[0]
        from ..context import SearchContext
        from ..models import Query

        query = Query(text=text)
        candidates = retriever.retrieve(query, SearchContext(contract_engine._ctx, query))
        assert len(candidates) <= retriever.options.k
        assert_ranked(candidates, ties_share=False)
        assert len({c.id for c in candidates}) == len(candidates)
        assert set(contract_engine.get_many(c.id for c in candidates)) == {c.id for c in candidates}

    def test_finds_an_exact_memory(self, contract_engine: Engine) -> None:
        """Searching a memory's own words finds it among the first hits."""
        target = SAMPLE_MEMORIES[1]["content"]
        hits = contract_engine.search(target, k=5).hits
        assert target in [h.memory.content for h in hits]


class FuserContract(ComponentContract):
    """A fuser returns each input candidate once, best first; tied scores share the best
    rank of their group (competition ranking: 1, 2, 2, 4), other ranks are positions."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"fuse": {"use": self.component, **self.options}}

    @pytest.mark.parametrize("text", QUERIES)
    def test_fused_list_is_well_formed(self, contract_engine: Engine, text: str) -> None:
        """No duplicates, ranks in order, scores sorted, the union of the inputs covered."""
        from ..context import SearchContext
        from ..models import Query

        query = Query(text=text)
        sctx = SearchContext(contract_engine._ctx, query)
        lists = {r.name: r.retrieve(query, sctx) for r in contract_engine.retrievers}
        fused = contract_engine.fuser.fuse(lists, query)
        ids = [c.id for c in fused]
        assert len(ids) == len(set(ids))
        assert set(ids) == {c.id for cands in lists.values() for c in cands}
        assert_ranked(fused, ties_share=True)

    def test_ties_share_a_rank(self, contract_engine: Engine) -> None:
        """Two memories that swap places between two lists: if the fuser scores them the
        same (a fuser that treats its inputs alike does), they share rank 1."""
        from ..models import Candidate, Query

        names = [r.name for r in contract_engine.retrievers][:2]
        if len(names) < 2:
            pytest.skip("the profile has fewer than two retrievers")
        lists = {names[0]: [Candidate(id="m1", score=2.0, rank=1),
                            Candidate(id="m2", score=1.0, rank=2)],
                 names[1]: [Candidate(id="m2", score=0.9, rank=1),
                            Candidate(id="m1", score=0.4, rank=2)]}
        fused = contract_engine.fuser.fuse(lists, Query(text="tie"))
        assert sorted(c.id for c in fused) == ["m1", "m2"]
        assert_ranked(fused, ties_share=True)
        tied = fused[0].score == fused[1].score
        assert [c.rank for c in fused] == ([1, 1] if tied else [1, 2])


class EmbedderContract(ComponentContract):
    """An embedder returns float32 unit vectors of its dimension, deterministically."""

    texts: ClassVar[tuple[str, ...]] = ("", "hello world", "def f(x): return x", "数据库")

    def profile_overrides(self) -> dict[str, Any]:
        return {"embedder": {"use": self.component, **self.options}}

    def test_shape_dtype_norm(self, contract_engine: Engine) -> None:
        """(n, dimension) float32 rows of unit length; empty input gives (0, dimension)."""
        embedder = contract_engine.embedder
        assert embedder is not None
        vectors = embedder.embed_batch(list(self.texts))
        assert vectors.shape == (len(self.texts), embedder.dimension)
        assert vectors.dtype == np.float32
        assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
        assert embedder.embed_batch([]).shape[0] == 0

    def test_batch_invariant(self, contract_engine: Engine) -> None:
        """A text embeds the same alone and inside a batch."""
        embedder = contract_engine.embedder
        assert embedder is not None
        alone = embedder.embed_batch([self.texts[1]])[0]
        batched = embedder.embed_batch(list(self.texts))[1]
        assert float(alone @ batched) > 0.9999

    def test_a_query_embeds_as_the_same_text_written(self, contract_engine: Engine) -> None:
        """``embed_query`` gives the vector ``embed_batch`` gives (a search finds what was
        written by the same text)."""
        embedder = contract_engine.embedder
        assert embedder is not None
        query = embedder.embed_query(self.texts[2])
        assert query.shape == (embedder.dimension,)
        assert float(query @ embedder.embed_batch([self.texts[2]])[0]) > 0.9999


class DecayPolicyContract(ComponentContract):
    """A decay policy plans actions on memories and edges that exist and writes nothing
    itself; a dry run of maintenance changes nothing.

    :cvar edge_types: the types of the links the contract adds between sample memories
        (so a policy that decays edges has some); the sample memories are written at the
        contract clock's start, and policies are asked what is due up to 120 days later.
    """

    edge_types: ClassVar[tuple[str, ...]] = ("relates_to",)

    def profile_overrides(self) -> dict[str, Any]:
        return {"decay": [{"use": self.component, **self.options}]}

    @pytest.fixture
    def decay_engine(self, contract_engine: Engine) -> Engine:
        """The contract engine with links of each of :attr:`edge_types` between memories."""
        ids = [m.id for m in contract_engine.list_memories(limit=100)]
        for offset, edge_type in enumerate(self.edge_types):
            for i in range(0, len(ids) - 1 - offset, 2):
                contract_engine.relate(ids[i], ids[i + 1 + offset], type=edge_type)
        return contract_engine

    @staticmethod
    def _state(engine: Engine) -> tuple[Any, ...]:
        records = engine._records
        return (len(engine.events()),
                sorted((m.id, m.version, m.tier, m.archived) for m in records.iter_memories()),
                sorted((e.key, e.weight) for e in records.iter_edges()))

    @pytest.mark.parametrize("days", [0, 10, 120])
    def test_plans_without_writing(self, decay_engine: Engine, days: int) -> None:
        """apply() returns DecayActions on existing memories and edges and writes nothing."""
        now = decay_engine.clock.now() + timedelta(days=days)
        before = self._state(decay_engine)
        actions = decay_engine.decay[0].apply(decay_engine._ctx, now)
        assert self._state(decay_engine) == before
        known = {m.id for m in decay_engine._records.iter_memories()}
        edges = {e.key for e in decay_engine._records.iter_edges()}
        for action in actions:
            assert isinstance(action, DecayAction)
            if action.target == "memory":
                assert action.id in known, action
            else:
                assert action.edge in edges, action

    def test_dry_run_changes_nothing(self, decay_engine: Engine) -> None:
        """maintain(dry_run=True) leaves events, memories and edges as they were."""
        clock = decay_engine.clock
        assert isinstance(clock, ManualClock), "the contract engines run on a manual clock"
        clock.advance(days=120)
        before = self._state(decay_engine)
        decay_engine.maintain(dry_run=True)
        assert self._state(decay_engine) == before


#: Texts an extractor must survive: markup, unicode, code, a long text.
ODD_TEXTS = ("[[", "[[]] [[ | ]] [[a|b|c]]", "日本語のテキストと English", "emoji 🎉 [[🎉]]",
             "def f(x):\n    return {'a': [1, 2]}", "word " * 2000)


class ExtractorContract(ComponentContract):
    """An extractor returns an :class:`~cognimem.components.Extraction` of well-formed edges
    and tags, the same one for the same memory, survives odd text, and writes nothing."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"extract": [{"use": self.component, **self.options}]}

    def _extractor(self, engine: Engine) -> Extractor:
        found = [e for e in engine.extractors if e.name == self.component]
        assert found, f"the engine runs no extractor named {self.component!r}"
        return found[0]

    def _state(self, engine: Engine) -> tuple[int, int, int]:
        records = engine._records
        return (len(engine.events()), sum(1 for _ in records.iter_edges()),
                records.count_memories())

    def test_extracts_without_writing(self, contract_engine: Engine) -> None:
        """extract() on every stored memory writes no event, edge or memory."""
        extractor = self._extractor(contract_engine)
        before = self._state(contract_engine)
        for memory in contract_engine._records.iter_memories():
            assert isinstance(extractor.extract(memory, contract_engine._ctx), Extraction)
        assert self._state(contract_engine) == before

    def test_extraction_is_well_formed(self, contract_engine: Engine) -> None:
        """Edges join two different non-empty nodes with a type and a finite weight; tags are
        non-empty strings; messages are strings."""
        extractor = self._extractor(contract_engine)
        for memory in contract_engine._records.iter_memories():
            found = extractor.extract(memory, contract_engine._ctx)
            for edge in found.edges:
                assert isinstance(edge, Edge)
                assert edge.source and edge.target and edge.type, edge
                assert edge.source != edge.target, f"a self-loop: {edge}"
                assert math.isfinite(edge.weight), edge
            assert all(isinstance(t, str) and t.strip() for t in found.tags), found.tags
            assert all(isinstance(m, str) for m in found.messages), found.messages

    def test_deterministic(self, contract_engine: Engine) -> None:
        """The same memory twice gives the same extraction."""
        extractor = self._extractor(contract_engine)
        for memory in contract_engine._records.iter_memories():
            first = extractor.extract(memory, contract_engine._ctx)
            second = extractor.extract(memory, contract_engine._ctx)
            assert first == second, memory.content

    @pytest.mark.parametrize("text", ODD_TEXTS, ids=range(len(ODD_TEXTS)))
    def test_odd_text_is_written(self, contract_engine: Engine, text: str) -> None:
        """Markup fragments, unicode, code and long text are added without an error."""
        written = contract_engine.add(text)
        assert contract_engine.get(written.id).content == text
