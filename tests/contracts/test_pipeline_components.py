"""Every first-party retriever, fuser, ranker, embedder and decay policy passes its contract
from ``cognimem.testing`` (the ollama embedder's run is in tests/plugins, against a local
stand-in server)."""

from __future__ import annotations

import pytest

from cognimem.engine import Engine
from cognimem.models import Candidate, Query
from cognimem.testing import (
    DecayPolicyContract,
    EmbedderContract,
    FuserContract,
    RankerContract,
    RetrieverContract,
)
from cognimem.testing.contracts import assert_ranked

# retrievers ------------------------------------------------------------------------------------


class TestBM25Retriever(RetrieverContract):
    component = "bm25"


class TestVectorRetriever(RetrieverContract):
    component = "vector"


class TestSpreadingRetriever(RetrieverContract):
    component = "spreading"


class TestPPRRetriever(RetrieverContract):
    component = "ppr"
    profile = {"extract": [{"use": "entities"}]}  # the graph it walks


class TestFeedbackRetriever(RetrieverContract):
    component = "feedback"


class TestRepresentationsRetriever(RetrieverContract):
    component = "representations"


# fusers ----------------------------------------------------------------------------------------


class TestRRF(FuserContract):
    component = "rrf"


class TestWeighted(FuserContract):
    component = "weighted"


@pytest.mark.parametrize("fuser", ["rrf", "weighted"])
def test_first_party_fusers_tie_swapped_candidates(fuser: str) -> None:
    """rrf and weighted treat their inputs alike: swapped candidates tie and share rank 1."""
    from cognimem.testing import build_engine

    engine = build_engine(overrides={"fuse": {"use": fuser}})
    try:
        lists = {"bm25": [Candidate(id="m1", score=6.0, rank=1),
                          Candidate(id="m2", score=4.0, rank=2),
                          Candidate(id="m3", score=2.0, rank=3)],
                 "vector": [Candidate(id="m2", score=0.9, rank=1),
                            Candidate(id="m1", score=0.6, rank=2),
                            Candidate(id="m3", score=0.3, rank=3)]}
        fused = engine.fuser.fuse(lists, Query(text="tie"))
        assert [c.rank for c in fused] == [1, 1, 3]
        assert_ranked(fused, ties_share=True)
    finally:
        engine.close()


# rankers ---------------------------------------------------------------------------------------


class TestACTR(RankerContract):
    component = "actr"


class TestImportance(RankerContract):
    component = "importance"


class TestRecency(RankerContract):
    component = "recency"


class TestValidity(RankerContract):
    component = "validity"


class TestSupersession(RankerContract):
    component = "supersession"


# embedders -------------------------------------------------------------------------------------


class TestHashEmbedder(EmbedderContract):
    component = "hash"


class TestMiniLM(EmbedderContract):
    component = "minilm"


# decay policies --------------------------------------------------------------------------------


class TestFadeMem(DecayPolicyContract):
    component = "fademem"


class TestSynaptic(DecayPolicyContract):
    component = "synaptic"
    edge_types = ("wikilink", "auto")


@pytest.mark.parametrize(("policy", "edge_types", "target"), [
    ("fademem", (), "memory"), ("synaptic", ("wikilink", "auto"), "edge")],
    ids=["fademem", "synaptic"])
def test_first_party_policies_plan_on_the_contract_data(
        policy: str, edge_types: tuple[str, ...], target: str) -> None:
    """The contract's data gives each first-party policy something to plan after 120 days,
    so its contract run is not vacuous."""
    from datetime import timedelta

    from cognimem.testing import SAMPLE_MEMORIES, build_engine

    engine = build_engine(overrides={"decay": [{"use": policy}]})
    try:
        ids = [w.id for w in engine.add_many(list(SAMPLE_MEMORIES))]
        for edge_type in edge_types:
            engine.relate(ids[0], ids[1], type=edge_type)
        actions = engine.decay[0].apply(engine._ctx, engine.clock.now() + timedelta(days=120))
        assert any(a.target == target for a in actions)
    finally:
        engine.close()


def test_contract_engines_are_fresh() -> None:
    """Each contract builds its own engine (no state shared between contract classes)."""
    a, b = (Engine.from_profile("test") for _ in range(2))
    try:
        a.add("only in a")
        assert b.stats()["memories"] == 0
    finally:
        a.close()
        b.close()
