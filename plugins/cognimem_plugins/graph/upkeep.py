"""Keeping graph state right after writes the extractors do not see: updates, deletions,
co-retrieval, caps. Called by the plugin's hooks; each takes the engine.

:func:`derive` runs inside the write's transaction (``cognimem_memory_derive``): the edges
and topics it rewrites go through the engine and commit with the write; the in-process
graph it moves on is dropped if the write rolls back (rebuilt from the records on next use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cognimem.components import Component
from cognimem.models import Hit, Memory

from .communities import list_topics
from .decay_matrix import SynapticDecay
from .entities import EntityExtractor
from .kg import COMMUNITY_NS, MENTIONS, SERVICE_KEY, SYNAPSE_TYPES, GraphService, is_entity
from .llm_extractor import OllamaExtractor
from .ppr import PPRRetriever
from .relations import retract
from .spreading import SpreadingRetriever
from .synapses import (
    AutoLinkExtractor,
    WikilinkExtractor,
    enforce_caps,
    resolve_forward_links,
)

if TYPE_CHECKING:
    from cognimem.engine import Engine, MaintenanceReport

GRAPH_COMPONENTS: tuple[type[Component], ...] = (
    WikilinkExtractor, AutoLinkExtractor, EntityExtractor, OllamaExtractor,
    SpreadingRetriever, PPRRetriever, SynapticDecay,
)


def uses_graph(engine: Engine) -> bool:
    """Whether the engine's profile uses any of the graph plugin's components."""
    return any(isinstance(c, GRAPH_COMPONENTS) for c in engine.components())


def built_service(engine: Engine) -> GraphService | None:
    """The engine's graph service if it has been built, else None."""
    service = engine.services.get(SERVICE_KEY)
    return service if isinstance(service, GraphService) and service.built else None


def derive(engine: Engine, before: Memory | None, after: Memory | None) -> None:
    """Keep the graph in step with one memory's change, inside the write's transaction."""
    service = built_service(engine)
    if service is not None:  # a rollback drops it: rebuilt from the records on next use
        engine.on_rollback(lambda: engine.services.drop(SERVICE_KEY))
    if after is None:
        if before is not None:
            after_delete(engine, before)
    elif before is None:
        after_add(engine, after)
    else:
        after_update(engine, before, after)


def after_add(engine: Engine, memory: Memory) -> None:
    """Put the new memory's node in the graph and enforce the autolink caps."""
    service = built_service(engine)
    if service is None:
        return
    service.put_memory(memory)
    service.sync()  # take in the new edges now: deletion reads them back
    wikilinks = next((e for e in engine.extractors if isinstance(e, WikilinkExtractor)), None)
    if wikilinks is not None and memory.title and service.citing(memory):
        resolve_forward_links(engine, memory, wikilinks)
    linker = next((e for e in engine.extractors if isinstance(e, AutoLinkExtractor)), None)
    if linker is not None:
        enforce_caps(engine, [memory.id], linker.options.cap_out, linker.options.cap_in)


def after_update(engine: Engine, before: Memory, after: Memory) -> None:
    """Refresh the node and take in the edges the engine re-extracted (and deleted) in the
    update's own transaction."""
    service = built_service(engine)
    if service is None:
        return
    service.put_memory(after)
    service.sync()


def after_delete(engine: Engine, memory: Memory) -> None:
    """Drop the node, retract the memory's relations, forget orphaned entities' topics."""
    service = built_service(engine)
    records = engine.store
    if service is None:
        if records.get_meta(COMMUNITY_NS, memory.id) is not None:
            engine.put_meta(COMMUNITY_NS, {memory.id: None}, event=False)
        return
    entities = [other for other, link in service.neighbours(memory.id)
                if link.type == MENTIONS and is_entity(other)]
    orphans = service.remove_memory(memory.id)
    put, delete = retract(engine.store, memory.id, entities)
    engine.write_edges(put=put, delete=delete)
    service.sync()
    stale = [memory.id, *orphans, *(e for e in entities if service.node(e) is None)]
    gone = {node_id: None for node_id in dict.fromkeys(stale)
            if records.get_meta(COMMUNITY_NS, node_id) is not None}
    if gone:  # derived topics: recomputed from the graph, so no event
        engine.put_meta(COMMUNITY_NS, gone, event=False)


def count_uses(engine: Engine, hits: list[Hit]) -> int:
    """Count a use of every synapse whose two ends a search returned together (the hot-edge
    exemption of synaptic decay reads ``use_count`` and ``last_used_at``); returns how many.
    Usage is bookkeeping like the access history: it is not logged as an event."""
    service = built_service(engine)
    if service is None or len(hits) < 2:
        return 0
    ids = {h.id for h in hits}
    keys = {link.key for h in hits for link in service.links_of(h.id, SYNAPSE_TYPES, "out")
            if link.target in ids}
    if not keys:
        return 0
    now = engine.now()
    edges = [e.model_copy(update={"use_count": e.use_count + 1, "last_used_at": now})
             for source in sorted({k[0] for k in keys})
             for e in engine.store.edges_of(source, "out") if e.key in keys]
    engine.touch_edges(edges)
    return len(edges)


def maintain(engine: Engine, dry_run: bool, report: MaintenanceReport) -> None:
    """Sync the graph after decay; recompute communities when the graph moved on."""
    service = built_service(engine)
    if service is None:
        return
    service.sync()
    if dry_run:
        report.notes.append("graph: would recompute communities if the graph changed")
        return
    summary = list_topics(engine)
    report.notes.append(
        f"graph: {summary['communities']} communities, {len(summary['topics'])} topics "
        f"(modularity {summary['modularity']})")
