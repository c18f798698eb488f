"""``postgres`` lexical index: PostgreSQL full-text search, ranked by BM25.

Each memory is a ``tsvector`` of its title, content and tags (English stemming and stop
words; title and tags count twice, as in the in-process ``bm25`` index). PostgreSQL's own
rankings (``ts_rank``, ``ts_rank_cd``) know no document frequencies, so by default matches
are scored by Okapi BM25 (k1 = 1.2, b = 0.75) in SQL, from a postings table (term, memory,
term frequency, length) and the document frequencies and total length that triggers keep
with it (:mod:`.schema`): a search reads the postings of its own terms only. The rarest
terms choose the memories to score (about ``max_scored``), so searches stay bounded on
large stores. ``ranking = "ts_rank_cd"`` uses cover density instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import Field

from cognimem.components import LexicalIndex
from cognimem.models import Candidate, Memory, Query

from .attach import IndexOptions, PostgresIndex
from .schema import TS_CONFIG

_FROM_RECORDS = (
    "INSERT INTO lexical (id, version, archived, scope_project, scope_agent, scope_user, doc, "
    "length) SELECT id, version, archived, scope_project, scope_agent, scope_user, d.doc, "
    "lexical_length(d.doc) FROM memories m, lexical_document(m.title, m.content, m.tags) "
    "AS d(doc) WHERE m.id = ANY(%s) AND NOT EXISTS (SELECT 1 FROM lexical l WHERE l.id = m.id "
    "AND l.version = m.version AND l.archived = m.archived) ON CONFLICT (id) DO UPDATE SET "
    "version = excluded.version, archived = excluded.archived, scope_project = "
    "excluded.scope_project, scope_agent = excluded.scope_agent, scope_user = "
    "excluded.scope_user, doc = excluded.doc, length = excluded.length")
# Attached: which of these memories' lexical rows are missing or behind the records (the
# triggers keep them in step, so usually none: one read, no write).
_STALE = ("SELECT m.id FROM memories m LEFT JOIN lexical l ON l.id = m.id WHERE m.id = ANY(%s) "
          "AND (l.id IS NULL OR l.version <> m.version OR l.archived <> m.archived)")
_FROM_MEMORIES = (
    "INSERT INTO lexical (id, version, archived, scope_project, scope_agent, scope_user, doc, "
    "length) SELECT i.id, i.version, i.archived, i.p, i.a, i.u, d.doc, lexical_length(d.doc) "
    "FROM unnest(%s::text[], %s::int[], %s::bool[], %s::text[], %s::text[], %s::text[], "
    "%s::text[], %s::text[], %s::text[]) AS i(id, version, archived, p, a, u, title, content, "
    "tags), lexical_document(i.title, i.content, string_to_array(i.tags, chr(31))) AS d(doc) "
    "ON CONFLICT (id) DO UPDATE SET version = excluded.version, archived = excluded.archived, "
    "scope_project = excluded.scope_project, scope_agent = excluded.scope_agent, "
    "scope_user = excluded.scope_user, doc = excluded.doc, length = excluded.length")
# The query's distinct lexemes with their document frequencies, and the corpus totals.
_TERMS = (
    f"SELECT t.term, coalesce(s.df, 0), tot.docs, tot.length FROM (SELECT DISTINCT lexeme AS "
    f"term FROM unnest(to_tsvector('{TS_CONFIG}', %s))) t CROSS JOIN lexical_totals tot "
    "LEFT JOIN lexical_terms s ON s.term = t.term ORDER BY t.term")


def _weight(p: str) -> str:
    """One query term's BM25 weight in one memory, from a postings row aliased ``p``."""
    return (f"w.idf * {p}.tf * (%(k1)s + 1) / ({p}.tf + %(k1)s * (1 - %(b)s + %(b)s * "
            f"{p}.length / %(avgdl)s))")


# BM25 from the postings, in one pass over the postings of the `match` terms: candidates
# hold one of them (and pass the filters, on the postings aliased `l`) and are scored on the
# query terms they hold.
_BM25 = (
    "WITH w(term, idf) AS (SELECT * FROM unnest(%(terms)s::text[], %(idfs)s::float8[])), "
    f"c AS MATERIALIZED (SELECT l.id, sum({_weight('l')}) AS score FROM w JOIN "
    "lexical_postings l ON l.term = w.term WHERE l.term = ANY(%(match)s::text[]) {filters} "
    "GROUP BY l.id) {select}")
_TOP = "SELECT c.id, c.score FROM c ORDER BY c.score DESC, c.id LIMIT %(k)s"
# When some query terms are too common to choose candidates (`rest`), their weights are
# added (by primary-key lookups) to the best `rescored` candidates by the rarer terms that
# can still reach the top k: their score so far plus the most the common terms can add
# (`bound`) is at least the k-th best score so far (MaxScore).
_TOP_WITH_REST = (
    "SELECT c.id, c.score + coalesce((SELECT sum(" + _weight("p") + ") FROM w JOIN "
    "lexical_postings p ON p.term = w.term AND p.id = c.id WHERE p.term = "
    "ANY(%(rest)s::text[])), 0) AS total FROM (SELECT * FROM c WHERE c.score + %(bound)s >= "
    "coalesce((SELECT score FROM c ORDER BY score DESC OFFSET %(kth)s LIMIT 1), 0) "
    "ORDER BY c.score DESC, c.id LIMIT %(rescored)s) c ORDER BY total DESC, c.id LIMIT %(k)s")


def _quote(lexeme: str) -> str:
    """A lexeme as a quoted ``tsquery`` operand."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


class PostgresLexical(PostgresIndex, LexicalIndex):
    """Full-text search in PostgreSQL, scored by BM25 (or ``ts_rank_cd``)."""

    name = "postgres"
    table = "lexical"
    kept_by = ("memories", "id")
    emptied_by = ("TRUNCATE lexical, lexical_terms",
                  "UPDATE lexical_totals SET docs = 0, length = 0")

    class Options(IndexOptions):
        """Where the index lives, and how matches are scored."""

        ranking: Literal["bm25", "ts_rank_cd"] = Field(
            default="bm25", description="bm25: Okapi BM25 from the index's term statistics; "
                                        "ts_rank_cd: PostgreSQL's cover density")
        k1: float = Field(default=1.2, ge=0, description="BM25 term-frequency saturation")
        b: float = Field(default=0.75, ge=0, le=1, description="BM25 length normalisation")
        max_scored: int = Field(
            default=5000, ge=100,
            description="about how many memories a search scores: the rarest query terms "
                        "choose them (a memory holding only very common terms may be missed)")
        rescored: int = Field(
            default=500, ge=10,
            description="when common query terms were left out of choosing, how many of the "
                        "best-scored memories get their weights added (at least k)")

    options: PostgresLexical.Options

    def upsert(self, memories: Sequence[Memory]) -> None:
        if not memories:
            return
        latest = sorted({m.id: m for m in memories}.values(), key=lambda m: m.id)
        if self.attached:  # the records are the truth (they may be newer than these)
            stale = [r[0] for r in self._s.rows(_STALE, [[m.id for m in latest]])]
            if stale:
                with self._s.writing():
                    self._s.execute(_FROM_RECORDS, [stale])
            return
        with self._s.writing():
            self._s.execute(_FROM_MEMORIES, [
                [m.id for m in latest], [m.version for m in latest],
                [m.archived for m in latest], [m.scope.project for m in latest],
                [m.scope.agent for m in latest], [m.scope.user for m in latest],
                [m.title for m in latest], [m.content for m in latest],
                ["\x1f".join(m.tags) for m in latest]])

    def _bm25(self, params: dict[str, Any], filters: list[str]) -> list[Any]:
        """The top k by BM25 of the memories holding the query's rarer terms.

        Scoring every memory that holds any query term costs as many memories as its most
        common term has. So the terms choose candidates rarest first, while the memories
        holding them (the sum of their document frequencies) stay within ``max_scored``;
        the candidates are scored on every query term. The top k is exact when every term
        chose candidates, or when the k-th score beats what a memory holding only the
        other terms can reach (their weights times k1 + 1: MaxScore, Turtle & Flood 1995);
        otherwise memories holding only very common terms may be missed.
        """
        stats = self._s.rows(_TERMS, [params["text"]])
        known = sorted((int(df), t) for t, df, _, _ in stats if df)
        if not known:
            return []
        docs, total = max(int(stats[0][2]), 1), int(stats[0][3])
        idf = {t: math.log(1 + (docs - df + 0.5) / (df + 0.5)) for df, t in known}
        chosen: list[str] = []
        cost = 0
        for df, term in known:
            if chosen and cost + df > self.options.max_scored:
                break
            chosen.append(term)
            cost += df
        rest = [t for t in idf if t not in chosen]
        k1 = self.options.k1
        params.update(k1=k1, b=self.options.b, avgdl=max(total / docs, 1.0),
                      terms=list(idf), idfs=list(idf.values()), match=chosen, rest=rest,
                      bound=sum(idf[t] for t in rest) * (k1 + 1) + 1e-9,
                      kth=max(int(params["k"]) - 1, 0),
                      rescored=max(self.options.rescored, int(params["k"])))
        where = "".join(f" AND {f}" for f in filters)  # on the postings, aliased `l`
        select = _TOP_WITH_REST if rest else _TOP
        return self._s.rows(_BM25.format(filters=where, select=select), params)

    def search(self, query: Query, k: int) -> list[Candidate]:
        # PostgreSQL text holds no NUL character; it carries no words anyway
        params: dict[str, Any] = {"text": query.text.replace("\x00", " "), "k": k}
        filters = []
        if not query.include_archived:
            filters.append("NOT l.archived")
        for field in ("project", "agent", "user"):
            value = getattr(query.scope, field)
            if value is not None and field == "project" and query.include_global:
                # the project's memories and the global ones (no project)
                filters.append("(l.scope_project = %(project)s OR l.scope_project IS NULL)")
                params[field] = value
            elif value is not None:
                filters.append(f"l.scope_{field} = %({field})s")
                params[field] = value
        if self.options.ranking == "bm25":
            found = self._bm25(params, filters)
        else:
            terms = [r[0] for r in self._s.rows(_TERMS, [params["text"]])]
            if not terms:
                return []
            params["match"] = " | ".join(_quote(t) for t in terms)
            found = self._s.rows(
                "SELECT l.id, ts_rank_cd(l.doc, %(match)s::tsquery, 1) AS score FROM lexical l "
                f"WHERE {' AND '.join(['l.doc @@ %(match)s::tsquery', *filters])} "
                "ORDER BY score DESC, l.id LIMIT %(k)s", params)
        return [Candidate(id=r[0], score=float(r[1]), rank=i)
                for i, r in enumerate(found, start=1)]
