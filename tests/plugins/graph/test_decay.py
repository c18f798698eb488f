"""``synaptic`` decay: the matrix, its lookup order, grace, whole periods, hot exemption."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.models import Edge, Hit
from cognimem_plugins.graph.decay_matrix import MEM_GRAPH_MATRIX, DecayMatrix, SynapticDecay

MakeEngine = Callable[..., Engine]
T0 = datetime(2025, 1, 1, tzinfo=UTC)


def test_matrix_is_mem_graphs_seed_and_looks_up_mirror_then_wildcard() -> None:
    assert len(MEM_GRAPH_MATRIX) == 20
    matrix = DecayMatrix(MEM_GRAPH_MATRIX, fallback=0.85)
    assert matrix.rate("working", "working", "auto") == 0.40
    assert matrix.rate("partner", "partner", "wikilink") == 0.999
    assert matrix.rate("working", "episodic", "wikilink") == 0.80  # mirror of episodic->working
    assert matrix.rate("semantic", "partner", "auto") == 0.85  # semantic wildcard
    assert matrix.rate("semantic", "semantic", "auto") == 0.93  # exact beats wildcard
    assert matrix.rate("partner", "working", "auto") == 0.85  # fallback


def test_matrix_option_overrides_and_is_validated() -> None:
    policy = SynapticDecay(SynapticDecay.Options(matrix={"working/working/auto": 0.5}))
    assert policy.matrix.rate("working", "working", "auto") == 0.5
    with pytest.raises(ProfileError, match="source/target/type"):
        SynapticDecay(SynapticDecay.Options(matrix={"working-auto": 0.5}))


def plan(policy: SynapticDecay, edge: Edge, now: datetime, layers: tuple[str, str] = (
        "episodic", "episodic")) -> dict[str, object] | None:
    action = policy.plan(edge, *layers, now, timedelta(days=policy.options.period_days))
    return None if action is None else {"action": action.action, **action.changes}


def test_plan_grace_whole_periods_and_prune() -> None:
    policy = SynapticDecay()
    edge = Edge(source="a", target="b", type="auto", weight=1.0, created_at=T0)
    assert plan(policy, edge, T0 + timedelta(days=6)) is None  # inside the 7-day grace
    three_weeks = plan(policy, edge, T0 + timedelta(days=22))
    assert three_weeks is not None and three_weeks["action"] == "reweight"
    assert three_weeks["weight"] == pytest.approx(0.88**3)
    assert three_weeks["meta"] == {"decayed_at": (T0 + timedelta(days=21)).isoformat()}
    decayed = edge.model_copy(update={"weight": three_weeks["weight"],
                                      "meta": three_weeks["meta"]})
    assert plan(policy, decayed, T0 + timedelta(days=23)) is None  # no whole period since
    gone = plan(policy, edge, T0 + timedelta(days=7 * 20))
    assert gone is not None and gone["action"] == "prune"


def test_hot_edges_are_exempt_and_layers_set_the_rate() -> None:
    policy = SynapticDecay()
    now = T0 + timedelta(days=60)
    hot = Edge(source="a", target="b", type="auto", weight=1.0, created_at=T0,
               use_count=5, last_used_at=now - timedelta(days=10))
    assert plan(policy, hot, now) is None
    cooled = hot.model_copy(update={"last_used_at": now - timedelta(days=45)})
    assert plan(policy, cooled, now) is not None
    edge = Edge(source="a", target="b", type="wikilink", weight=1.0, created_at=T0)
    partner = plan(policy, edge, T0 + timedelta(days=7), ("partner", "partner"))
    working = plan(policy, edge, T0 + timedelta(days=7), ("working", "working"))
    assert partner is not None and working is not None
    assert partner["weight"] == pytest.approx(0.999)
    assert working["weight"] == pytest.approx(0.70)


def test_maintenance_applies_decay_through_the_engine(gengine: Engine,
                                                      clock: ManualClock) -> None:
    a = gengine.add("alpha", title="A", layer="working").id
    b = gengine.add("links [[A]]", layer="working").id
    child = gengine.add("child of A", layer="working").id
    gengine.relate(child, a, "parent_child", weight=1.0)
    clock.advance(timedelta(days=14))
    report = gengine.maintain()
    assert report.counts() == {"reweight": 1}
    edge = next(e for e in gengine.store.edges_of(b, "out") if e.type == "wikilink")
    assert edge.weight == pytest.approx(0.70**2)
    assert any(e.type == "parent_child" and e.weight == 1.0
               for e in gengine.store.edges_of(child, "out"))  # exempt type
    assert gengine.maintain().counts() == {}  # idempotent at the same time
    graph = gengine._ctx.services["graph"]
    assert graph.links[(b, a, "wikilink")].weight == pytest.approx(0.49)
    clock.advance(timedelta(days=7 * 6))
    assert gengine.maintain().counts() == {"prune": 1}
    assert (b, a, "wikilink") not in graph.links
    assert not [e for e in gengine.store.edges_of(b, "out") if e.type == "wikilink"]


def test_co_retrieved_synapses_count_uses(gengine: Engine, clock: ManualClock) -> None:
    a = gengine.add("zebra crossing rules", title="Zebra").id
    b = gengine.add("more zebra crossing rules, see [[Zebra]]").id
    clock.advance(timedelta(days=1))
    hits = gengine.search("zebra crossing").hits
    assert {h.id for h in hits} >= {a, b}
    edge = next(e for e in gengine.store.edges_of(b, "out") if e.type == "wikilink")
    assert edge.use_count == 1 and edge.last_used_at == clock.now()
    gengine.search("zebra crossing", record_access=False)
    edge = next(e for e in gengine.store.edges_of(b, "out") if e.type == "wikilink")
    assert edge.use_count == 1  # evaluation-style searches count nothing
    assert isinstance(hits[0], Hit)
