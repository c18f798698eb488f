"""``feedback``: a second retrieval round expanded from the first round's best results.

The two rounds are one stage value (:mod:`cognimem.stages`, :meth:`FeedbackRetriever.rounds`).
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
from cognimem.stages import Ranking, Stage

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
        return self.rounds()(query, ctx).candidates

    def rounds(self) -> Stage:
        """The two rounds as one stage value: ``lexical % background >> expand >> lexical % k``
        or ``dense % docs >> rocchio >> dense % k``."""
        o = self.options
        if o.signal == "dense":
            return DenseRound() % o.docs >> Rocchio(o.beta) >> DenseRound() % o.k
        return (LexicalRound() % max(o.background, o.docs + 1) >> Expand(o.docs, o.terms)
                >> LexicalRound() % o.k)


class LexicalRound(Stage):
    """A search of the profile's lexical index with the ranking's query, ``% k`` deep."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        lexical = ctx.ctx.lexical
        assert lexical is not None and ranking.depth is not None
        found = lexical.search(ranking.query, ranking.depth)
        return ranking.but(candidates=found, hits=None)


class Expand(Stage):
    """The query plus the expansion words of the current candidates' best ``docs``
    (contrasted with the rest): what the next round searches for."""

    def __init__(self, docs: int, terms: int) -> None:
        self.docs = docs
        self.terms = terms

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        first = ranking.candidates
        if not first:
            return ranking
        memories = ctx.records.get_memories(c.id for c in first)
        texts = {i: m.content for i, m in memories.items()}
        query = ranking.query
        added = expansion_terms(query.text, [(c.id, c.score) for c in first], texts,
                                docs=self.docs, terms=self.terms)
        if not added:
            return ranking
        return ranking.but(query=query.model_copy(
            update={"text": f"{query.text} {' '.join(added)}"}))


class DenseRound(Stage):
    """A search of the profile's vector index with the ranking's vector (else the query's
    embedding), ``% k`` deep."""

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        vectors = ctx.ctx.vectors
        vector = ranking.vector if ranking.vector is not None else ctx.query_vector()
        if vectors is None or vector is None:
            return ranking.but(candidates=[], hits=None)
        assert ranking.depth is not None
        return ranking.but(candidates=vectors.search(vector, ranking.query, ranking.depth),
                           hits=None)


class Rocchio(Stage):
    """The query vector moved towards the current candidates' stored embeddings."""

    def __init__(self, beta: float) -> None:
        self.beta = beta

    def run(self, ranking: Ranking, ctx: SearchContext) -> Ranking:
        vector = ranking.vector if ranking.vector is not None else ctx.query_vector()
        if vector is None:
            return ranking
        first = ranking.candidates
        stored = ctx.records.get_embeddings(c.id for c in first)
        return ranking.but(vector=rocchio(vector, [stored[c.id] for c in first if c.id in stored],
                                          self.beta))


@hookimpl
def cognimem_register_retrievers(register: Register) -> None:
    """Register ``feedback``."""
    register(FeedbackRetriever)
