"""Component base classes: what a plugin implements to add a store, embedder, ranker...

Each kind has one method that does the work (``Retriever.retrieve``, ``Fuser.fuse``,
``Ranker.rank``, ``DecayPolicy.apply``, ``Embedder.embed_batch``, ``Extractor.extract``,
``Dataset.units``); stores and indexes, which hold state, have the few methods the engine's
write and read paths need. Every component has a nested pydantic ``Options`` model: the
profile's table for the component is validated against it, so a typo fails at start.

The storage bases live in :mod:`cognimem.stores`, the root class in
:mod:`cognimem.component_base`, and what a plugin adds to the MCP server and the CLI (tools,
prompts, resources, subcommands) in :mod:`cognimem.extensions`; every name is importable
from here.
"""


from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import BaseModel, Field

from .component_base import Component, Options
from .extensions import CommandSpec, PromptSpec, ResourceSpec, ToolSpec
from .models import Candidate, Edge, EmbeddingSignature, Hit, Memory, Query, StageScore
from .sources import IntakeSource
from .stages import Ranking, Stage, at_depth, load_hits, tie_break_key
from .stores import GraveEntry, LexicalIndex, RecordStore, VectorIndex

if TYPE_CHECKING:
    import numpy as np

    from .context import Context, SearchContext
    from .engine.types import PreparedWrite

# ---------------------------------------------------------------------------------------------
# Embedding and extraction (write path)
# ---------------------------------------------------------------------------------------------


class Embedder(Component):
    """Turns texts into L2-normalised float32 vectors."""

    kind = "embedder"
    model_id: str = ""
    dimension: int = 0

    @abstractmethod
    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts: a float32 array of shape (len(texts), dimension), rows L2-normalised."""

    def embed(self, text: str) -> np.ndarray:
        """Embed one text."""
        return self.embed_batch([text])[0]

    def embed_query(self, text: str) -> np.ndarray:
        """Embed a search's query: the read path, which a caller is waiting on. Default:
        :meth:`embed`. An embedder serving many callers may put queries ahead of the
        write path's texts (the offline embedders' workers: docs/retrieval.md); the
        vector must be the one :meth:`embed` gives."""
        return self.embed(text)

    def serve_many(self) -> None:
        """The engine is about to serve many callers side by side (the owner daemon). An
        embedder whose passes hold the interpreter lock may move them out of the process
        here (the offline embedders start worker processes). Default: nothing."""

    def serving(self) -> dict[str, Any]:
        """How the embedder serves many callers now, as plain data for the daemon's status
        (the offline embedders: their worker processes up and still to start). Default:
        nothing to report."""
        return {}

    @property
    def signature(self) -> EmbeddingSignature:
        """The model and dimension, stored with every memory embedded by this embedder."""
        return EmbeddingSignature(model=self.model_id, dim=self.dimension)


@dataclass
class Extraction:
    """What an extractor found in a memory: edges to write, tags to add, messages to report."""

    edges: list[Edge] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    #: Edges (source, target, type) to delete: those the memory no longer asserts.
    delete: list[tuple[str, str, str]] = field(default_factory=list)


class Extractor(Component):
    """Finds structure (links, entities, relations) in a memory being written.

    The engine calls :meth:`extract` for a new memory and :meth:`reextract` for an update
    that changes its title, content or tags, inside the write's transaction: one write is
    one transaction, derived edges included.
    """

    kind = "extractor"
    #: The types of the out-edges this extractor derives from a memory's text.
    edge_types: ClassVar[frozenset[str]] = frozenset()
    #: Whether an update of the text recomputes this extractor's edges (False for edges
    #: that depend on other memories, such as similarity links).
    reextract_on_update: ClassVar[bool] = True

    @abstractmethod
    def extract(self, memory: Memory, ctx: Context) -> Extraction:
        """Return what to add alongside ``memory``; must not write anything itself."""

    def reextract(self, before: Memory, after: Memory, ctx: Context) -> Extraction:
        """What changes when ``before``'s text becomes ``after``'s: the edges found in
        ``after``, and the deletion of this extractor's old out-edges it no longer finds."""
        found = self.extract(after, ctx)
        fresh = {e.key for e in found.edges}
        found.delete.extend(e.key for e in ctx.records.edges_of(after.id, "out")
                            if e.type in self.edge_types and e.key not in fresh)
        return found


class Guard(Component):
    """Screens each new memory on the write path, after the prepare hooks, with its vector
    (``write.vector``) and the batch's earlier writes (``write.peers``): verdicts
    (``merge_into``, ``conflicts_with``, ``keep_separate_from``, ``supersede``) or a refusal
    (``reject``), applied in the write's own transaction; a refusal writes nothing."""

    kind = "guard"

    def prepare(self, writes: Sequence[PreparedWrite], ctx: Context) -> None:
        """Once per batch, before any :meth:`screen`: look up what the batch needs at once."""

    @abstractmethod
    def screen(self, write: PreparedWrite, ctx: Context) -> None:
        """Give verdicts on ``write``; must not write anything itself."""


@dataclass
class MergePlan:
    """One cluster to consolidate: ``members`` fold into ``keep`` (archived, restorable)."""

    keep: str
    members: list[str]
    similarity: float
    #: New text for the kept memory (a summariser's); None keeps its text.
    content: str | None = None
    reason: str = ""


@dataclass
class ConsolidationPlan:
    """What a consolidator would do: merges, memories to archive, and why it did nothing."""

    merges: list[MergePlan] = field(default_factory=list)
    #: (memory id, reason) of memories to move to the graveyard.
    archive: list[tuple[str, str]] = field(default_factory=list)
    #: Set when a run guard (minimum hours, memories or operations) skipped the run.
    skipped: str | None = None
    scanned: int = 0
    notes: list[str] = field(default_factory=list)
    #: The consolidator's own state to keep for its next run (e.g. a scan window's offset);
    #: stored by the engine when the plan is applied.
    state: dict[str, Any] = field(default_factory=dict)


class Consolidator(Component):
    """Plans consolidation ("dream"): clusters of near-duplicates to merge, trivial old
    unused memories to archive. The engine applies the plan, one event per action."""

    kind = "consolidator"

    #: Whether ``cognimem maintain`` runs it too (the ``cognimem_maintenance`` hook).
    on_maintain: ClassVar[bool] = True

    @abstractmethod
    def plan(self, ctx: Context, now: datetime, last: dict[str, Any], *,
             force: bool = False) -> ConsolidationPlan:
        """What to do now; must not write anything.

        :param last: what the engine kept of the last applied run: ``at`` (ISO time),
            ``seq`` (the event sequence number then), ``state`` (the plan's state).
        :param force: ignore the run guards (minimum hours, memories, operations).
        """

    def summarise(self, texts: list[str]) -> str | None:
        """One text standing for a cluster's ``texts`` (None: keep the kept memory's)."""
        return None


# ---------------------------------------------------------------------------------------------
# Read path: retrieve -> fuse -> rank
# ---------------------------------------------------------------------------------------------


class Retriever(Component, Stage):
    """Produces a ranked candidate list for a query. As a stage (:mod:`cognimem.stages`) it
    adds its list under its name and makes it the current candidates."""

    kind = "retriever"

    #: Whether ``retrieve`` reads the query's embedding (``ctx.query_vector()``). Beside other
    #: searches the engine then embeds the query before the retrievers run side by side.
    reads_query_vector: bool = False

    class Options(Options):
        """How many candidates to return."""

        k: int = Field(default=100, ge=1, le=10_000)

    options: Retriever.Options

    @abstractmethod
    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        """Ranked candidates (rank 1 first), at most ``self.options.k``."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        """Retrieve for the ranking's query, ``ranking.depth`` deep when set."""
        found = at_depth(self, ranking.depth).retrieve(ranking.query, ctx)
        return ranking.but(lists={**ranking.lists, self.name: found}, candidates=found,
                           hits=None)


class Fuser(Component, Stage):
    """Merges the retrievers' ranked lists into one (as a stage: every list so far)."""

    kind = "fuser"

    @abstractmethod
    def fuse(self, lists: dict[str, list[Candidate]], query: Query) -> list[Candidate]:
        """One ranked list from several, keyed by retriever name; best first, ranks 1-based."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        """The fused candidates of the lists so far."""
        return ranking.but(candidates=self.fuse(ranking.lists, ranking.query), hits=None)


#: Whether the search this thread is ranking asks for an explanation (``Query.explain``; the
#: engine sets it around its rankers). :meth:`Ranker.contribute` records trail steps only
#: then: the trail of an unexplained search is dropped, and building its steps cost more than
#: the scores they explain (``True`` outside a search, e.g. a ranker called on its own).
EXPLAINING: ContextVar[bool] = ContextVar("cognimem_explaining", default=True)


class Ranker(Component, Stage):
    """Rescores hits after fusion (ACT-R activation, recency, validity...). As a stage it
    ranks the hits (the candidates' admitted memories the first time) and sorts them."""

    kind = "ranker"

    #: Whether :meth:`rank` reads the access history (``ctx.records.access_times``). The
    #: engine holds the accesses of recent searches unwritten for a while; before a ranker
    #: that reads the history sees a candidate with held accesses, they are written. Every
    #: ranker sees them in the memories' ``access_count`` and ``last_accessed_at``.
    reads_access_history: bool = True

    @abstractmethod
    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        """Return the hits with new scores (use :meth:`contribute`); the engine re-sorts.

        ``hit.memory`` is read only: the record store may share it with other searches
        (replace it with a copy to change it, never change it in place)."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        """The hits rescored, best first (the engine's sort: :func:`~.stages.tie_break_key`)."""
        hits = self.rank(ranking.query, load_hits(ranking, ctx), ctx)
        return ranking.but(hits=sorted(hits, key=tie_break_key))

    def contribute(self, hit: Hit, score: float, **detail: Any) -> Hit:
        """Set ``hit.score`` and record this ranker's step in the trail (when the search is
        explained: :meth:`explaining`)."""
        if EXPLAINING.get():
            hit.trail.append(StageScore(stage="rank", name=self.name, score=score,
                                        detail=detail, terms=self.plain_names(detail)))
        hit.score = score
        return hit

    @staticmethod
    def explaining() -> bool:
        """Whether the search being ranked is explained: a ranker may skip computing the
        detail of its trail steps when not (:meth:`contribute` drops it then)."""
        return EXPLAINING.get()


class Calibrator(Component, Stage):
    """Gives each ranked hit a confidence in [0, 1] that it is relevant; runs after the
    rankers and the cut to k, and never changes the hits' order. Hits whose confidence is
    below the floor (``Query.min_confidence``, else ``options.floor``) are held back."""

    kind = "calibrator"

    class Options(Options):
        """The relevance floor."""

        floor: float | None = Field(
            default=None, ge=0.0, le=1.0,
            description="hold back hits whose confidence is below this (unset: none)")

    options: Calibrator.Options

    @abstractmethod
    def calibrate(self, query: Query, hits: list[Hit], lists: dict[str, list[Candidate]],
                  ctx: SearchContext) -> list[float | None]:
        """One confidence per hit, in the hits' order (None: unknown, never held back).
        ``lists`` are the retrievers' ranked lists by label. :meth:`record` explains one."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        """Each hit's confidence set (order unchanged); those under the floor held back."""
        hits = load_hits(ranking, ctx)
        if not hits:
            return ranking.but(hits=hits)
        values = self.calibrate(ranking.query, hits, ranking.lists, ctx)
        if len(values) != len(hits):
            raise ValueError(f"calibrator {self.name!r} gave {len(values)} confidences for "
                             f"{len(hits)} hits")
        for hit, value in zip(hits, values, strict=True):
            hit.confidence = None if value is None else round(min(1.0, max(0.0, value)), 4)
        floor = (ranking.query.min_confidence if ranking.query.min_confidence is not None
                 else self.options.floor)
        kept = [h for h in hits if not floor or h.confidence is None or h.confidence >= floor]
        return ranking.but(hits=kept, held_back=ranking.held_back + len(hits) - len(kept))

    def record(self, hit: Hit, confidence: float, **detail: Any) -> None:
        """Explain ``hit``'s confidence with its evidence (``hit.calibration``)."""
        hit.calibration = StageScore(stage="confidence", name=self.name, score=confidence,
                                     detail=detail, terms=self.plain_names(detail))


class DecayAction(BaseModel):
    """One change a decay policy plans: to a memory (fields or archive) or to an edge."""

    target: Literal["memory", "edge"] = "memory"
    id: str
    edge: tuple[str, str, str] | None = None
    action: Literal["promote", "demote", "archive", "update", "reweight", "prune"]
    changes: dict[str, Any] = Field(default_factory=dict)
    reason: str = ""


class DecayPolicy(Component):
    """Plans forgetting: promotions, demotions, archival, edge decay."""

    kind = "decay"

    @abstractmethod
    def apply(self, ctx: Context, now: datetime) -> list[DecayAction]:
        """Plan the changes due at ``now``; the engine applies and logs them (or only lists
        them for a dry run). Must not write anything itself."""


# ---------------------------------------------------------------------------------------------
# Evaluation and MCP
# ---------------------------------------------------------------------------------------------


class Dataset(Component):
    """A benchmark: a sequence of independent units, each a corpus with its queries."""

    kind = "dataset"

    @abstractmethod
    def units(self) -> Iterator[Any]:
        """Yield evaluation units (see ``cognimem.eval``)."""


#: Component kinds and their base classes, in the order the profile lists them.
KINDS: dict[str, type[Component]] = {
    "records": RecordStore,
    "lexical": LexicalIndex,
    "vectors": VectorIndex,
    "embedder": Embedder,
    "extractor": Extractor,
    "retriever": Retriever,
    "fuser": Fuser,
    "ranker": Ranker,
    "calibrator": Calibrator,
    "decay": DecayPolicy,
    "dataset": Dataset,
    "source": IntakeSource,
    "guard": Guard,
    "consolidator": Consolidator,
}

__all__ = [
    "KINDS",
    "Calibrator",
    "CommandSpec",
    "Component",
    "ConsolidationPlan",
    "Consolidator",
    "Dataset",
    "DecayAction",
    "DecayPolicy",
    "Embedder",
    "Extraction",
    "Extractor",
    "Fuser",
    "GraveEntry",
    "Guard",
    "IntakeSource",
    "LexicalIndex",
    "MergePlan",
    "Options",
    "PromptSpec",
    "Ranker",
    "RecordStore",
    "ResourceSpec",
    "Retriever",
    "ToolSpec",
    "VectorIndex",
]
