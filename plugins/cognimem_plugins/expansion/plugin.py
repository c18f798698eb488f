"""``feedback``: a second retrieval round expanded from the first round's best results.

``signal = "lexical"`` asks the profile's lexical index again with the query plus the
expansion words of :func:`.feedback.expansion_terms`; ``signal = "dense"`` asks the vector
index again with the Rocchio-moved query vector. Either list is one more list for the fuser:
the rounds are fused, the first round is never replaced.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cognimem import hookimpl
from cognimem.components import Retriever
from cognimem.context import Context, SearchContext
from cognimem.errors import ProfileError
from cognimem.models import Candidate, Query
from cognimem.registry import Register

from .feedback import expansion_terms, rocchio


class FeedbackRetriever(Retriever):
    """Pseudo-relevance feedback: expand from the first round's best, retrieve again."""

    name = "feedback"

    @property
    def reads_query_vector(self) -> bool:  # type: ignore[override]
        """The dense signal reads the query's embedding."""
        return self.options.signal == "dense"

    class Options(Retriever.Options):
        """The signal, the feedback set, and how far the query moves."""

        signal: Literal["lexical", "dense"] = Field(
            default="lexical", description="expand the BM25 query with words, or move the "
            "query vector (Rocchio)")
        docs: int = Field(default=10, ge=1, le=100,
                          description="first-round results used as feedback")
        background: int = Field(default=100, ge=2, le=1000,
                                description="lexical: first-round results the feedback "
                                "words are contrasted with")
        terms: int = Field(default=10, ge=1, le=100,
                           description="lexical: expansion words added to the query")
        beta: float = Field(default=0.5, ge=0, le=10,
                            description="dense: weight of the feedback centroid")

    options: FeedbackRetriever.Options

    def open(self, ctx: Context) -> None:
        if self.options.signal == "lexical" and ctx.lexical is None:
            raise ProfileError("profile key `retrieve`: feedback with signal 'lexical' needs "
                               "a [lexical] table")
        if self.options.signal == "dense" and (ctx.vectors is None or ctx.embedder is None):
            raise ProfileError("profile key `retrieve`: feedback with signal 'dense' needs "
                               "[vectors] and [embedder] tables")

    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        if self.options.signal == "dense":
            return self._dense(query, ctx)
        return self._lexical(query, ctx)

    def _lexical(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        o = self.options
        lexical = ctx.ctx.lexical
        assert lexical is not None
        first = lexical.search(query, max(o.background, o.docs + 1))
        if not first:
            return []
        memories = ctx.records.get_memories(c.id for c in first)
        texts = {i: m.content for i, m in memories.items()}
        added = expansion_terms(query.text, [(c.id, c.score) for c in first], texts,
                                docs=o.docs, terms=o.terms)
        if not added:
            return first[: o.k]
        expanded = query.model_copy(update={"text": f"{query.text} {' '.join(added)}"})
        return lexical.search(expanded, o.k)

    def _dense(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        o = self.options
        vectors = ctx.ctx.vectors
        vector = ctx.query_vector()
        if vectors is None or vector is None:
            return []
        first = vectors.search(vector, query, o.docs)
        stored = ctx.records.get_embeddings(c.id for c in first)
        moved = rocchio(vector, [stored[c.id] for c in first if c.id in stored], o.beta)
        return vectors.search(moved, query, o.k)


@hookimpl
def cognimem_register_retrievers(register: Register) -> None:
    """Register ``feedback``."""
    register(FeedbackRetriever)
