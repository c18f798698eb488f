"""Hook implementations of the graph plugin: its components and the lifecycle hooks that keep
the derived graph (``ctx.services["graph"]``) in step with the record store."""

from __future__ import annotations

from datetime import datetime

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.engine import Engine, MaintenanceReport
from cognimem.models import Hit, Memory, Query
from cognimem.registry import Register

from . import upkeep
from .decay_matrix import SynapticDecay
from .entities import EntityExtractor
from .kg import SERVICE_KEY, engine_graph
from .llm_extractor import OllamaExtractor
from .ppr import PPRRetriever
from .spreading import SpreadingRetriever
from .synapses import AutoLinkExtractor, WikilinkExtractor
from .tools import TOOLS


@hookimpl
def cognimem_register_extractors(register: Register) -> None:
    """Register ``wikilinks``, ``autolink``, ``entities`` and ``ollama``."""
    register(WikilinkExtractor)
    register(AutoLinkExtractor)
    register(EntityExtractor)
    register(OllamaExtractor)


@hookimpl
def cognimem_register_retrievers(register: Register) -> None:
    """Register ``spreading`` and ``ppr``."""
    register(SpreadingRetriever)
    register(PPRRetriever)


@hookimpl
def cognimem_register_decay(register: Register) -> None:
    """Register ``synaptic``."""
    register(SynapticDecay)


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register ``graph_ask``, ``graph_topics``, ``graph_stats`` and ``graph_view``."""
    for spec in TOOLS:
        register(spec)


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem graph`` (its module loads only when the command runs)."""
    register(CommandSpec(name="graph", help="the memory graph: ask it, HTML view, topics, stats",
                         configure="cognimem_plugins.graph.cli:configure"))


@hookimpl
def cognimem_engine_opened(engine: Engine) -> None:
    """Build the derived graph now when the profile uses graph components (else on demand)."""
    engine_graph(engine, sync=upkeep.uses_graph(engine))


@hookimpl
def cognimem_engine_closing(engine: Engine) -> None:
    """Drop the derived graph."""
    engine.services.drop(SERVICE_KEY)


@hookimpl
def cognimem_memory_derive(before: Memory | None, after: Memory | None,
                           engine: Engine) -> None:
    """In the write's transaction: add, refresh or drop the memory's node; resolve forward
    wikilinks and enforce synapse caps; retract a deleted memory's relations."""
    upkeep.derive(engine, before, after)


@hookimpl
def cognimem_memories_accessed(hits: list[Hit], query: Query, engine: Engine) -> None:
    """Count uses of the synapses between co-retrieved memories."""
    upkeep.count_uses(engine, hits)


@hookimpl
def cognimem_maintenance(engine: Engine, now: datetime, dry_run: bool,
                         report: MaintenanceReport) -> None:
    """Sync the graph and refresh communities after decay."""
    upkeep.maintain(engine, dry_run, report)
