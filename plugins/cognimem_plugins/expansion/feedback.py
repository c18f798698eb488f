"""Choosing expansion terms and vectors from a first round of results.

Lexical (RM3-like, with a contrast instead of collection statistics): the feedback set is
the best ``docs`` of a first BM25 round, the background the first ``background`` results of
the same round. A term's weight is its share of the feedback set's words, weighted by each
document's normalised first-round score, times ``log(df_feedback / df_background)``:
a term every candidate holds (a speaker's name, a date word) contrasts with nothing and
gets no weight, a term that marks the best documents does. Query terms are never added.

Dense (Rocchio): ``q' = normalise(q + beta * mean of the feedback documents' vectors)``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np

from ..text import _TOKEN, STOPWORDS, stem


def words(text: str) -> list[str]:
    """Lower-cased words without stop words, numbers or one-letter tokens (not stemmed)."""
    return [w for w in _TOKEN.findall(text.lower())
            if w not in STOPWORDS and len(w) > 1 and not w.isdigit()]


def expansion_terms(query: str, ranked: Sequence[tuple[str, float]],
                    texts: Mapping[str, str], *, docs: int, terms: int) -> list[str]:
    """The ``terms`` best expansion words for ``query`` from ``ranked`` (id, score) results.

    ``texts`` holds the text of each ranked id; the first ``docs`` are the feedback set, all
    of ``ranked`` the background.
    """
    seen = {stem(w) for w in words(query)}
    feedback = [(i, s) for i, s in ranked[:docs] if i in texts]
    if not feedback or len(ranked) <= docs:
        return []
    top = max(s for _, s in feedback)
    low = min(s for _, s in feedback)
    spread = top - low or 1.0
    df_bg: Counter[str] = Counter()
    for i, _ in ranked:
        if i in texts:
            df_bg.update({stem(w) for w in words(texts[i])})
    weight: dict[str, float] = {}
    df_fb: Counter[str] = Counter()
    surface: dict[str, str] = {}
    for i, score in feedback:
        found = words(texts[i])
        if not found:
            continue
        counts = Counter(stem(w) for w in found)
        for word in found:
            surface.setdefault(stem(word), word)
        doc_weight = 0.5 + 0.5 * (score - low) / spread
        for term, tf in counts.items():
            weight[term] = weight.get(term, 0.0) + doc_weight * tf / len(found)
        df_fb.update(counts.keys())
    n_fb = len(feedback)
    n_bg = sum(1 for i, _ in ranked if i in texts)
    scored = []
    for term, share in weight.items():
        if term in seen or df_fb[term] < 2:
            continue
        contrast = math.log((df_fb[term] / n_fb) / (df_bg[term] / n_bg))
        if contrast > 0:
            scored.append((share * contrast, term))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [surface[t] for _, t in scored[:terms]]


def rocchio(query: np.ndarray, feedback: Sequence[np.ndarray], beta: float) -> np.ndarray:
    """The query vector moved towards the mean of ``feedback`` vectors, unit length."""
    if not feedback:
        return query
    moved = np.asarray(query, dtype=np.float32) + beta * np.mean(np.stack(feedback), axis=0)
    norm = float(np.linalg.norm(moved))
    return (moved / norm).astype(np.float32) if norm > 0 else query
