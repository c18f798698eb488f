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
names      the share of the names the query uses (capitalised words past its first word:
           people, places, products) that the memory's text contains; 1 when it names none.
           A question about something memory never mentions usually names it.
========== ==================================================================================
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognimem.models import Candidate, Hit

from ..text import tokens

#: The features, in the order the model's weights name them.
FEATURES: tuple[str, ...] = ("cosine", "bm25", "both", "relative", "gap", "names")

#: Plain names of the features, for explanations.
TERMS: dict[str, str] = {
    "cosine": "meaning similarity",
    "bm25": "word match per query term",
    "both": "found by both retrievers",
    "relative": "score relative to the best hit",
    "gap": "lead of the best hit",
    "names": "names of the query it mentions",
}

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
#: Capitalised words that are not names.
_NOT_NAMES = frozenset({"i", "i'm", "i've", "i'd", "i'll", "my", "me", "what", "when", "where",
                        "who", "which", "how", "why", "did", "does", "do", "is", "was", "the"})


def query_names(text: str) -> set[str]:
    """The query's names, lower-cased: capitalised words that neither start it nor follow a
    sentence's end."""
    names: set[str] = set()
    after_stop = True
    for match in _WORD.finditer(text):
        word = match.group()
        if word[0].isupper() and not after_stop and word.lower() not in _NOT_NAMES:
            names.add(word.lower().removesuffix("'s"))
        tail = text[match.end():match.end() + 2].lstrip(" ")
        after_stop = tail[:1] in (".", "?", "!", ":")
    return names


def names_share(names: set[str], content: str) -> float:
    """The share of ``names`` that ``content`` contains as words (1 when there are none)."""
    if not names:
        return 1.0
    words = {w.lower().removesuffix("'s") for w in _WORD.findall(content)}
    return len(names & words) / len(names)


def query_terms(text: str) -> int:
    """The query's distinct content terms (stop words out, stemmed), at least 1."""
    return max(1, len(set(tokens(text))))


def hit_features(text: str, hits: Sequence[Hit], lexical: Sequence[Candidate],
                 dense: Sequence[Candidate], agreement_depth: int) -> list[dict[str, float]]:
    """The features of every hit, in the hits' order (see the module's table)."""
    if not hits:
        return []
    terms = query_terms(text)
    names = query_names(text)
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
            "names": names_share(names, hit.memory.content),
        })
    return out
