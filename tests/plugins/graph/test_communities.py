"""Leiden communities stored as node attributes and listed as topics."""

from __future__ import annotations

from cognimem.engine import Engine
from cognimem_plugins.graph.communities import detect_communities, list_topics
from cognimem_plugins.graph.kg import COMMUNITY_NS, graph_service


def two_clusters(engine: Engine) -> None:
    for i in range(4):
        engine.add(f"Caroline paints pottery in the Malibu studio, session {i}")
    for i in range(4):
        engine.add(f"Melanie repairs bicycles at the Denver garage, visit {i}")


def test_communities_split_unrelated_clusters_and_are_stored(gengine: Engine) -> None:
    two_clusters(gengine)
    summary = detect_communities(gengine)
    graph = graph_service(gengine._ctx)
    art = graph.node("entity:caroline").community  # type: ignore[union-attr]
    bikes = graph.node("entity:melanie").community  # type: ignore[union-attr]
    assert art is not None and bikes is not None and art != bikes
    assert summary["modularity"] > 0.3
    stored = gengine.store.meta_items(COMMUNITY_NS)
    assert stored["entity:caroline"] == art and len(stored) == graph.graph.num_nodes()
    labels = {t["id"]: t["label"] for t in summary["topics"]}
    assert "caroline" in labels[art] or "malibu" in labels[art] or "pottery" in labels[art]
    assert all(t["size"] >= 2 for t in summary["topics"])


def test_detection_is_deterministic_and_cached(gengine: Engine) -> None:
    two_clusters(gengine)
    first = detect_communities(gengine)
    second = detect_communities(gengine)
    assert first == second
    assert list_topics(gengine) == second  # nothing changed since: the stored list
    gengine.add("Caroline glazes pottery in Malibu again")
    assert list_topics(gengine)["computed_at_seq"] > second["computed_at_seq"]


def test_maintenance_refreshes_topics(gengine: Engine) -> None:
    two_clusters(gengine)
    report = gengine.maintain()
    assert any(note.startswith("graph: ") and "topics" in note for note in report.notes)
    assert gengine.store.get_meta("graph", "topics") is not None
    dry = gengine.maintain(dry_run=True)
    assert any("would recompute" in note for note in dry.notes)
