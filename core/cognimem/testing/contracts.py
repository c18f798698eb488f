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

from ..components import DecayAction
from ..engine import Engine
from ..errors import ProfileError
from .fixtures import SAMPLE_MEMORIES, build_engine

QUERIES = ("database backup", "who prefers tabs", "deploy on friday", "lint before push")


class ComponentContract:
    """What every component must do; subclasses add their kind's behaviour.

    :cvar component: the name your plugin registers the component under.
    :cvar options: options for it, as a profile table would give them.
    :cvar plugins: plugin objects to register in addition to installed entry points
        (for components not installed as a distribution, e.g. a module in your tests).
    """

    component: ClassVar[str] = ""
    options: ClassVar[dict[str, Any]] = {}
    plugins: ClassVar[tuple[object, ...]] = ()

    def profile_overrides(self) -> dict[str, Any]:
        """The profile values that select the component (each contract sets its slot)."""
        raise NotImplementedError

    @pytest.fixture
    def contract_engine(self) -> Iterator[Engine]:
        """An engine with the component selected, filled with :data:`SAMPLE_MEMORIES`."""
        if not self.component:
            pytest.fail(f"{type(self).__name__} must set `component` to the component's name")
        engine = build_engine(overrides=self.profile_overrides(), plugins=self.plugins)
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
            build_engine(overrides={**overrides, slot: bad}, plugins=self.plugins).close()


class RankerContract(ComponentContract):
    """A ranker reorders hits: same memories in, same memories out, finite scores, its own
    step in every hit's trail, and the same order every time."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"rank": [{"use": self.component, **self.options}]}

    @pytest.mark.parametrize("text", QUERIES)
    def test_keeps_the_candidates(self, contract_engine: Engine, text: str) -> None:
        """Ranking neither invents nor drops memories (filters are the engine's job)."""
        plain = build_engine(plugins=self.plugins)
        plain.add_many(list(SAMPLE_MEMORIES))
        try:
            expected = {h.memory.content for h in plain.search(text, k=50).hits}
        finally:
            plain.close()
        got = {h.memory.content for h in contract_engine.search(text, k=50).hits}
        assert got == expected

    @pytest.mark.parametrize("text", QUERIES)
    def test_scores_are_finite_and_explained(self, contract_engine: Engine, text: str) -> None:
        """Every score is a finite number and the trail shows this ranker's step."""
        result = contract_engine.search(text, k=20, explain=True)
        for hit in result.hits:
            assert math.isfinite(hit.score)
            assert any(s.stage == "rank" and s.name == self.component for s in hit.trail)

    def test_deterministic(self, contract_engine: Engine) -> None:
        """The same query twice (no access recorded) gives the same order."""
        first = contract_engine.search(QUERIES[0], k=20, record_access=False)
        second = contract_engine.search(QUERIES[0], k=20, record_access=False)
        assert [h.id for h in first.hits] == [h.id for h in second.hits]


class RetrieverContract(ComponentContract):
    """A retriever returns at most k candidates, ranked 1..n, for memories that exist."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"retrieve": [{"use": self.component, **self.options}]}

    @pytest.mark.parametrize("text", QUERIES)
    def test_candidates_are_well_formed(self, contract_engine: Engine, text: str) -> None:
        """Ranks are 1..n in order, ids exist, and scores do not increase down the list."""
        retriever = contract_engine.retrievers[0]
        from ..context import SearchContext
        from ..models import Query

        query = Query(text=text)
        candidates = retriever.retrieve(query, SearchContext(contract_engine.ctx, query))
        assert len(candidates) <= retriever.options.k
        assert [c.rank for c in candidates] == list(range(1, len(candidates) + 1))
        assert len({c.id for c in candidates}) == len(candidates)
        assert set(contract_engine.get_many(c.id for c in candidates)) == {c.id for c in candidates}
        scores = [c.score for c in candidates]
        assert all(math.isfinite(s) for s in scores)
        assert scores == sorted(scores, reverse=True)

    def test_finds_an_exact_memory(self, contract_engine: Engine) -> None:
        """Searching a memory's own words finds it among the first hits."""
        target = SAMPLE_MEMORIES[1]["content"]
        hits = contract_engine.search(target, k=5).hits
        assert target in [h.memory.content for h in hits]


class FuserContract(ComponentContract):
    """A fuser returns each candidate once, ranked 1..n, with non-increasing scores."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"fuse": {"use": self.component, **self.options}}

    @pytest.mark.parametrize("text", QUERIES)
    def test_fused_list_is_well_formed(self, contract_engine: Engine, text: str) -> None:
        """No duplicates, ranks in order, scores sorted, the union of the inputs covered."""
        from ..context import SearchContext
        from ..models import Query

        query = Query(text=text)
        sctx = SearchContext(contract_engine.ctx, query)
        lists = {r.name: r.retrieve(query, sctx) for r in contract_engine.retrievers}
        fused = contract_engine.fuser.fuse(lists, query)
        ids = [c.id for c in fused]
        assert len(ids) == len(set(ids))
        assert set(ids) == {c.id for cands in lists.values() for c in cands}
        assert [c.rank for c in fused] == list(range(1, len(fused) + 1))
        scores = [c.score for c in fused]
        assert scores == sorted(scores, reverse=True)


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


class DecayPolicyContract(ComponentContract):
    """A decay policy plans actions for memories that exist and writes nothing itself."""

    def profile_overrides(self) -> dict[str, Any]:
        return {"decay": [{"use": self.component, **self.options}]}

    @pytest.mark.parametrize("days", [0, 10, 120])
    def test_plans_without_writing(self, contract_engine: Engine, days: int) -> None:
        """apply() returns DecayActions on existing memories and appends no event."""
        clock = contract_engine.clock
        now = clock.now() + timedelta(days=days)
        before = len(contract_engine.events())
        actions = contract_engine.decay[0].apply(contract_engine.ctx, now)
        assert len(contract_engine.events()) == before
        known = {m.id for m in contract_engine.list_memories(limit=10_000, include_archived=True)}
        for action in actions:
            assert isinstance(action, DecayAction)
            if action.target == "memory":
                assert action.id in known

    def test_dry_run_changes_nothing(self, contract_engine: Engine) -> None:
        """maintain(dry_run=True) leaves the event log as it was."""
        before = len(contract_engine.events())
        contract_engine.maintain(dry_run=True)
        assert len(contract_engine.events()) == before
