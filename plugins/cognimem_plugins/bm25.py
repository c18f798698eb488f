"""``bm25``: an in-memory BM25 lexical index (Robertson/Sparck Jones, k1 = 1.2, b = 0.75)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import Field

from cognimem.components import LexicalIndex
from cognimem.components import Options as BaseOptions
from cognimem.models import Candidate, Memory, Query, Scope

from .text import tokens


class MemoryBM25(LexicalIndex):
    """BM25 over content, title and tags, held in process memory (rebuilt from the records)."""

    name = "bm25"

    class Options(BaseOptions):
        """BM25 parameters and field boosts."""

        k1: float = Field(default=1.2, ge=0)
        b: float = Field(default=0.75, ge=0, le=1)
        title_boost: int = Field(default=2, ge=1, description="title terms count this many times")
        tags_boost: int = Field(default=2, ge=1, description="tag terms count this many times")

    options: MemoryBM25.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._postings: dict[str, dict[str, int]] = {}
        self._lengths: dict[str, int] = {}
        self._terms: dict[str, Counter[str]] = {}
        self._info: dict[str, tuple[int, Scope, bool]] = {}
        self._total = 0

    def _document(self, memory: Memory) -> Counter[str]:
        opts = self.options
        counts = Counter(tokens(memory.content))
        for _ in range(opts.title_boost):
            counts.update(tokens(memory.title or ""))
        for _ in range(opts.tags_boost):
            counts.update(tokens(" ".join(memory.tags)))
        return counts

    def upsert(self, memories: Sequence[Memory]) -> None:
        for memory in memories:
            self._remove(memory.id)
            counts = self._document(memory)
            self._terms[memory.id] = counts
            self._lengths[memory.id] = sum(counts.values())
            self._total += self._lengths[memory.id]
            self._info[memory.id] = (memory.version, memory.scope, memory.archived)
            for term, tf in counts.items():
                self._postings.setdefault(term, {})[memory.id] = tf

    def _remove(self, memory_id: str) -> None:
        counts = self._terms.pop(memory_id, None)
        if counts is None:
            return
        self._total -= self._lengths.pop(memory_id)
        self._info.pop(memory_id, None)
        for term in counts:
            posting = self._postings.get(term)
            if posting is not None:
                posting.pop(memory_id, None)
                if not posting:
                    del self._postings[term]

    def delete(self, ids: Sequence[str]) -> None:
        for memory_id in ids:
            self._remove(memory_id)

    def search(self, query: Query, k: int) -> list[Candidate]:
        n = len(self._lengths)
        if n == 0:
            return []
        avg = self._total / n
        k1, b = self.options.k1, self.options.b
        scores: dict[str, float] = {}
        for term, qtf in Counter(tokens(query.text)).items():
            posting = self._postings.get(term)
            if not posting:
                continue
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for memory_id, tf in posting.items():
                norm = tf + k1 * (1 - b + b * self._lengths[memory_id] / avg)
                scores[memory_id] = scores.get(memory_id, 0.0) + qtf * idf * tf * (k1 + 1) / norm
        ranked = sorted(
            (item for item in scores.items() if self._admits(item[0], query)),
            key=lambda item: (-item[1], item[0]),
        )[:k]
        return [Candidate(id=i, score=s, rank=r) for r, (i, s) in enumerate(ranked, 1)]

    def _admits(self, memory_id: str, query: Query) -> bool:
        _version, scope, archived = self._info[memory_id]
        return (query.include_archived or not archived) and query.admits_scope(scope)

    def versions(self) -> dict[str, int]:
        return {i: info[0] for i, info in self._info.items()}
