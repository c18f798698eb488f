"""The evidence a confidence is made from: a few numbers per hit, read from the retrievers'
ranked lists and the ranked hits, none of them learned.

========== ==================================================================================
feature    per hit
========== ==================================================================================
cosine     the dense retriever's cosine similarity of the query and the memory (the lowest
           one of its list when the memory is not in it)
bm25       the lexical retriever's BM25 score divided by the query's distinct terms (0 when
           the memory is not in its list): how strongly each word of the query matches
both       1 when the memory is in the top ``agreement_depth`` of both retrievers, else 0
relative   the hit's final score over the best hit's (1 for the first hit)
gap        the normalised gap between the two best hits' scores, ``(s1 - s2) / s1``: how much
           the best hit stands out (the same for every hit of a search)
========== ==================================================================================
"""

from __future__ import annotations

from collections.abc import Sequence

from cognimem.models import Candidate, Hit

from ..text import tokens

#: The features, in the order the model's weights name them.
FEATURES: tuple[str, ...] = ("cosine", "bm25", "both", "relative", "gap")

#: Plain names of the features, for explanations.
TERMS: dict[str, str] = {
    "cosine": "meaning similarity",
    "bm25": "word match per query term",
    "both": "found by both retrievers",
    "relative": "score relative to the best hit",
    "gap": "lead of the best hit",
}


def query_terms(text: str) -> int:
    """The query's distinct content terms (stop words out, stemmed), at least 1."""
    return max(1, len(set(tokens(text))))


def hit_features(text: str, hits: Sequence[Hit], lexical: Sequence[Candidate],
                 dense: Sequence[Candidate], agreement_depth: int) -> list[dict[str, float]]:
    """The features of every hit, in the hits' order (see the module's table)."""
    if not hits:
        return []
    terms = query_terms(text)
    lex = {c.id: c for c in lexical}
    vec = {c.id: c for c in dense}
    floor_cosine = min((c.score for c in dense), default=0.0)
    top = hits[0].score
    second = hits[1].score if len(hits) > 1 else 0.0
    gap = (top - second) / top if top > 0 else 0.0
    out = []
    for hit in hits:
        in_lex, in_vec = lex.get(hit.id), vec.get(hit.id)
        both = (in_lex is not None and in_vec is not None
                and in_lex.rank <= agreement_depth and in_vec.rank <= agreement_depth)
        out.append({
            "cosine": in_vec.score if in_vec is not None else floor_cosine,
            "bm25": in_lex.score / terms if in_lex is not None else 0.0,
            "both": 1.0 if both else 0.0,
            "relative": max(0.0, hit.score / top) if top > 0 else 0.0,
            "gap": max(0.0, gap),
        })
    return out
