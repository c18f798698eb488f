"""``representations``: a retriever over extra representations of each memory.

Each ``[[retrieve]] use = "representations"`` entry names a view (``window``, ``chunks`` or
``turns``,
see :mod:`.views`) and a signal (``lexical``: BM25 over the view's rows with the profile's
lexical index class; ``dense``: cosine over their embeddings with the profile's vector index
class). Hits are memories, each once, scored by the max or sum of its rows. Retrievers with
the same view share one side index; the lifecycle hooks below keep it in step with writes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Retriever
from cognimem.context import Context, SearchContext
from cognimem.engine import Engine
from cognimem.errors import ProfileError
from cognimem.models import Candidate, Memory, Query
from cognimem.registry import Register

from .fuse import WindowRRF
from .index import Aggregate, RepresentationIndex, indexes_of, representation_index
from .views import ViewSpec


class RepresentationRetriever(Retriever):
    """Ranks memories by extra texts they are indexed under: windows of neighbours, chunks."""

    name = "representations"

    @property
    def reads_query_vector(self) -> bool:  # type: ignore[override]
        """The dense signal reads the query's embedding."""
        return self.options.signal == "dense"

    class Options(Retriever.Options):
        """The view, the signal searched over it, and how rows collapse to memories."""

        view: Literal["window", "chunks", "turns"] = Field(
            default="window", description="window: the memory with its same-source "
            "neighbours; chunks: the content in overlapping pieces; turns: each part of the "
            "content between blank lines (a transcript's turns)")
        signal: Literal["lexical", "dense"] = Field(
            default="lexical", description="BM25 over the rows, or cosine over their embeddings")
        window: int = Field(default=1, ge=1, le=20,
                            description="window: neighbours on each side")
        group_by: list[str] = Field(
            default_factory=lambda: ["source.session", "meta.session", "source.file"],
            description="window: the fields that name a memory's source, first set wins "
            "(`scope`: any memory, its neighbours those written around it in its scope)")
        max_gap_minutes: float | None = Field(
            default=None, gt=0, description="window: leave out neighbours further apart")
        words: int = Field(default=150, ge=16, le=2000,
                           description="words per piece of a chunk, or of a long window")
        overlap: int = Field(default=30, ge=0, description="words shared by pieces")
        collapse: Literal["max", "sum", "top"] = Field(
            default="max", description="a memory's score from its rows' scores: the best, "
            "the sum, or the best plus `share` of the next `top - 1` (top)")
        top: int = Field(default=3, ge=1, le=50,
                         description="collapse top: rows that count per memory")
        share: float = Field(default=0.5, ge=0.0, le=1.0,
                             description="collapse top: the weight of the rows after the best")
        fanout: int = Field(default=3, ge=1, le=50,
                            description="at most this many rows fetched per memory wanted")
        pool: Literal["text", "mean"] = Field(
            default="text", description="window, dense: `text` embeds the window's text (a "
            "second model pass per memory); `mean` pools the vectors the memory and its "
            "neighbours already have (one row, no model pass)")
        neighbour_weight: float = Field(
            default=1.0, ge=0.0, le=1.0,
            description="pool mean: each neighbour's weight against the memory's own 1")

    options: RepresentationRetriever.Options

    def __init__(self, options: object = None) -> None:
        super().__init__(options)  # type: ignore[arg-type]
        self._index: RepresentationIndex | None = None
        if self.options.overlap >= self.options.words:
            raise ProfileError("profile key `retrieve`: representations `overlap` must be "
                               f"below `words` ({self.options.overlap} >= {self.options.words})")

    def spec(self) -> ViewSpec:
        """The view these options describe."""
        o = self.options
        pooled = o.view == "window" and o.signal == "dense" and o.pool == "mean"
        return ViewSpec(view=o.view, window=o.window, group_by=tuple(o.group_by),
                        max_gap_minutes=o.max_gap_minutes, words=o.words, overlap=o.overlap,
                        pool="mean" if pooled else "text",
                        neighbour_weight=o.neighbour_weight if pooled else 1.0)

    def open(self, ctx: Context) -> None:
        if self.options.signal == "dense" and (ctx.vectors is None or ctx.embedder is None):
            raise ProfileError("profile key `retrieve`: representations with signal 'dense' "
                               "needs [vectors] and [embedder] tables")
        self._index = representation_index(ctx, self.spec())
        self._index.want(self.options.signal)

    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        assert self._index is not None
        o = self.options
        agg = Aggregate(how=o.collapse, top=o.top, share=o.share, fanout=o.fanout)
        if o.signal == "lexical":
            return self._index.search_lexical(query, o.k, agg)
        vector = ctx.query_vector()
        if vector is None:
            return []
        return self._index.search_dense(vector, query, o.k, agg)


@hookimpl
def cognimem_register_retrievers(register: Register) -> None:
    """Register ``representations``."""
    register(RepresentationRetriever)


@hookimpl
def cognimem_register_fusers(register: Register) -> None:
    """Register ``window_rrf``."""
    register(WindowRRF)


@hookimpl
def cognimem_engine_opened(engine: Engine) -> None:
    """Read the records' sources and check the side indexes are in step."""
    for index in indexes_of(engine.services):
        index.sync()


@hookimpl
def cognimem_engine_closing(engine: Engine) -> None:
    """Close the side indexes (keeping them when they are in step)."""
    for index in indexes_of(engine.services):
        index.close()


@hookimpl
def cognimem_memory_added(memory: Memory, engine: Engine) -> None:
    """Mark the memory and its neighbours stale."""
    for index in indexes_of(engine.services):
        index.added(memory)


@hookimpl
def cognimem_memory_updated(before: Memory, after: Memory, engine: Engine) -> None:
    """Mark the memory and its old and new neighbours stale."""
    for index in indexes_of(engine.services):
        index.updated(before, after)


@hookimpl
def cognimem_memory_deleted(memory: Memory, engine: Engine) -> None:
    """Drop the memory's rows and mark its neighbours stale."""
    for index in indexes_of(engine.services):
        index.deleted(memory)
