"""``maxsim``: late interaction over MiniLM's token vectors, as a second stage.

For the hits a ranker sees (the best ``[search] rerank_depth`` fused candidates, 30 by
default) each query token is matched with its most similar token of the memory (cosine of
MiniLM's last-layer token vectors) and the matches are averaged: ColBERT's MaxSim, with the
sentence model's own token vectors (no ColBERT training). The hits are then ordered by that
score and each gains ``weight / (60 + its MaxSim rank)``: the MaxSim order counts as one more
list in the RRF fusion, among the candidates only.

The memories' token vectors are recomputed (one forward pass over the candidates whose
vectors are not cached) and kept in a bounded cache in half precision (``cache`` memories,
keyed by id and content), so a memory found again costs no pass.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import ClassVar

import numpy as np
from pydantic import Field

from cognimem.components import Ranker
from cognimem.context import SearchContext
from cognimem.models import Hit, Query

from ..numpy_encoder import NumpyEncoder

#: RRF's constant: the MaxSim order is added as one more fused list.
_RRF_K = 60


def maxsim(query: np.ndarray, document: np.ndarray) -> float:
    """The mean over the query's token vectors of their best cosine with the document's."""
    if query.size == 0 or document.size == 0:
        return 0.0
    sims = query @ document.astype(np.float32).T
    return float(sims.max(axis=1).mean())


class MaxSimRanker(Ranker):
    """Adds the late-interaction (MaxSim) order of the candidates as one more RRF list."""

    name = "maxsim"
    reads_access_history = False
    glossary: ClassVar[dict[str, str]] = {
        "maxsim": "token match (mean best cosine per query token)",
        "maxsim_rank": "rank by token match", "gain": "boost"}

    class Options(Ranker.Options):
        """How much the MaxSim order counts, and how many memories' token vectors are kept."""

        weight: float = Field(default=1.0, ge=0.0, le=10.0,
                              description="the MaxSim list's weight in the fusion (1: as "
                              "much as each retriever's list)")
        cache: int = Field(default=5000, ge=0, le=1_000_000,
                           description="memories whose token vectors are kept (float16, "
                           "about 30 KB each for a 40-token memory)")

    options: MaxSimRanker.Options

    def __init__(self, options: object = None) -> None:
        super().__init__(options)  # type: ignore[arg-type]
        self._model: NumpyEncoder | None = None
        self._lock = threading.Lock()
        self._tokens: OrderedDict[str, np.ndarray] = OrderedDict()

    def _encoder(self, ctx: SearchContext) -> NumpyEncoder:
        """The profile's MiniLM model when it is the embedder, else one loaded here."""
        if self._model is None:
            from .embedder import MiniLMEmbedder

            embedder = ctx.ctx.embedder
            if isinstance(embedder, MiniLMEmbedder):
                self._model = embedder.model
            else:
                from .model import MiniLMModel

                self._model = MiniLMModel.load()
        return self._model

    def _document_tokens(self, hits: list[Hit], ctx: SearchContext) -> list[np.ndarray]:
        keys = [f"{h.id}:{hashlib.blake2b(h.memory.content.encode(), digest_size=8).hexdigest()}"
                for h in hits]
        with self._lock:
            found = {k: self._tokens[k] for k in keys if k in self._tokens}
        missing = [i for i, k in enumerate(keys) if k not in found]
        if missing:
            vectors = self._encoder(ctx).token_vectors([hits[i].memory.content for i in missing])
            with self._lock:
                for i, v in zip(missing, vectors, strict=True):
                    found[keys[i]] = v.astype(np.float16)
                    if self.options.cache:
                        self._tokens[keys[i]] = found[keys[i]]
                while len(self._tokens) > self.options.cache:
                    self._tokens.popitem(last=False)
        return [found[k] for k in keys]

    def rank(self, query: Query, hits: list[Hit], ctx: SearchContext) -> list[Hit]:
        if len(hits) < 2 or not query.text.strip() or self.options.weight == 0:
            return hits
        q = self._encoder(ctx).token_vectors([query.text])[0]
        docs = self._document_tokens(hits, ctx)
        scores = [maxsim(q, d) for d in docs]
        order = sorted(range(len(hits)), key=lambda i: (-scores[i], i))
        rank_of = {i: r for r, i in enumerate(order, 1)}
        out = []
        for i, hit in enumerate(hits):
            gain = self.options.weight / (_RRF_K + rank_of[i])
            out.append(self.contribute(hit, hit.score + gain, maxsim=round(scores[i], 4),
                                       maxsim_rank=rank_of[i], gain=round(gain, 5)))
        return out

