"""BM25 CPU per search of the tantivy plugin's query against the nested form it replaced.

    python lab/cognimem-lab/scripts/bm25_forms.py runs/hnsw-1000000 --rounds 5

Opens a kept store's ``lexical`` folder read-only (no engine; the store may be open
elsewhere), builds each query of the bench's two plans both ways, and times tantivy's
search alone (the plugin's first ``limit``, searched again while the last hit ties the
k-th, as the plugin does), the forms alternating round by round. "nested" is the form
before #45 wave 8: the term clauses inside one MUST, the archived MUST_NOT beside it;
scoped queries are built alike either way. Prints the CPU p50 per search of each form,
unscoped and scoped, and how many searches' hits (score, segment, document) differ.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import tantivy
from reopened import kept_store_arguments, kept_store_size
from search_fresh import plans

from cognimem.models import Query, Scope
from cognimem_plugins.tantivy_index.index import TantivyIndex, build_schema

Q, Occur = tantivy.Query, tantivy.Occur


def nested(index: TantivyIndex, query: Query) -> tantivy.Query | None:
    """The query as the plugin built it before #45 wave 8 (unscoped queries only)."""
    schema = build_schema()
    terms = index.terms(query.text)
    if not terms:
        return None
    boosts = {"content": index.options.content_boost, "title": index.options.title_boost,
              "tags": index.options.tags_boost}
    should = [(Occur.Should, Q.boost_query(Q.term_query(schema, field, term), boost)
               if boost != 1.0 else Q.term_query(schema, field, term))
              for term in terms for field, boost in boosts.items() if boost > 0]
    return Q.boolean_query([(Occur.Must, Q.boolean_query(should)),
                            (Occur.MustNot, Q.term_query(schema, "archived", True))])


def searched(searcher: tantivy.Searcher, built: tantivy.Query,
             k: int) -> list[tuple[float, int, int]]:
    """The plugin's searches of one query: its hits as (score, segment, document)."""
    limit = min(2 * k + 32, searcher.num_docs)
    while True:
        hits = searcher.search(built, limit=limit, count=False).hits
        if len(hits) <= k or hits[-1][0] < hits[k - 1][0] or limit >= searcher.num_docs:
            return [(score, a.segment_ord, a.doc) for score, a in hits]
        limit = min(limit * 2, searcher.num_docs)


def main() -> None:
    parser = kept_store_arguments(__doc__ or "")
    parser.add_argument("--seed", type=int, default=7, help="the seed the store was built with")
    parser.add_argument("--plans", type=Path, default=Path("/tmp/search_fresh_plans.json"))
    parser.add_argument("--k", type=int, default=50, help="the bm25 retriever's k")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    timed, other = plans(kept_store_size(args), args.queries, args.seed, args.plans)
    index = TantivyIndex()
    searcher = tantivy.Index.open(str(args.store / "lexical")).searcher()
    queries = [Query(text=text, scope=scope) for text, scope in [*timed, *other]]
    forms = {
        "now": [index.build_query(q) for q in queries],
        "nested": [nested(index, q) if q.scope == Scope() else index.build_query(q)
                   for q in queries],
    }
    cpu: dict[tuple[str, bool], list[float]] = {}
    for _ in range(args.rounds):
        for name, built in forms.items():
            for query, one in zip(queries, built, strict=True):
                if one is None:
                    continue
                started = time.process_time()
                searched(searcher, one, args.k)
                cpu.setdefault((name, query.scope != Scope()), []).append(
                    (time.process_time() - started) * 1000)
    differ = sum(
        (a is None) != (b is None)
        or (a is not None and b is not None
            and searched(searcher, a, args.k) != searched(searcher, b, args.k))
        for a, b in zip(forms["now"], forms["nested"], strict=True))
    print(f"{searcher.num_segments} segments, {searcher.num_docs} documents, "
          f"{len(queries)} queries, {args.rounds} rounds")
    for (name, scoped), values in sorted(cpu.items()):
        print(f"{name:7} {'scoped' if scoped else 'unscoped':9} CPU p50 "
              f"{statistics.median(values):.3f} ms, mean {statistics.fmean(values):.3f}")
    print(f"{differ} of {len(queries)} searches' hits differ")


if __name__ == "__main__":
    main()
