"""``bm25`` and ``vector``: the retrievers over the engine's lexical and vector indexes."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.components import Retriever
from cognimem.context import SearchContext
from cognimem.errors import ProfileError
from cognimem.models import Candidate, Query
from cognimem.registry import Register


class BM25Retriever(Retriever):
    """Ranks memories by the profile's lexical index (``[lexical]``)."""

    reads_beside_writes = True  # holds no state a search changes

    name = "bm25"

    def open(self, ctx: object) -> None:
        if getattr(ctx, "lexical", None) is None:
            raise ProfileError("profile key `retrieve`: retriever 'bm25' needs a [lexical] table")

    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        assert ctx.ctx.lexical is not None
        return ctx.ctx.lexical.search(query, self.options.k)


class VectorRetriever(Retriever):
    """Ranks memories by cosine similarity to the query's embedding (``[vectors]``)."""

    reads_beside_writes = True  # holds no state a search changes

    name = "vector"
    reads_query_vector = True

    def open(self, ctx: object) -> None:
        if getattr(ctx, "vectors", None) is None:
            raise ProfileError(
                "profile key `retrieve`: retriever 'vector' needs [vectors] and [embedder] tables"
            )

    def retrieve(self, query: Query, ctx: SearchContext) -> list[Candidate]:
        assert ctx.ctx.vectors is not None
        vector = ctx.query_vector()
        if vector is None:
            return []
        return ctx.ctx.vectors.search(vector, query, self.options.k)


@hookimpl
def cognimem_register_retrievers(register: Register) -> None:
    """Register the bm25 and vector retrievers."""
    register(BM25Retriever)
    register(VectorRetriever)
