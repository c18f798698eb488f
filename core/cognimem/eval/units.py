"""What a benchmark is made of: units, each a corpus (documents) with its queries.

A unit is ingested into a fresh engine, then its queries are asked; nothing is shared
between units. Identifiers are the ones run files use: ``Document.id`` is the docid and
``EvalQuery.id`` the qid, so a TREC run written from cognimem is scored by outside tools.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Document:
    """One memory to ingest.

    :param id: the docid reported in runs (never put into the content).
    :param content: the text stored as the memory's content.
    :param created_at: when it was said or written (the memory's ``created_at``).
    :param rollup: the id this document is scored under (a turn scored as its session);
        None scores it under its own ``id``.
    :param kind: the memory kind (``turn``, ``session``...).
    :param meta: extra fields for ``memory.meta`` (the docid is added as ``meta["docid"]``).
    """

    id: str
    content: str
    created_at: datetime | None = None
    rollup: str | None = None
    kind: str = "note"
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def scored_as(self) -> str:
        """The id relevance is judged on: ``rollup`` when set, else ``id``."""
        return self.rollup or self.id


@dataclass(frozen=True)
class EvalQuery:
    """One question with its gold (relevant) ids.

    :param id: the qid reported in runs.
    :param text: the query text, exactly as asked.
    :param relevant: the gold ids (documents' ``scored_as`` ids).
    :param category: the category or question type, for per-category tables.
    :param headline: counted in the overall figures (False: per-category only, e.g.
        LoCoMo's adversarial questions).
    :param asked_at: when it is asked (the engine clock during the search); None asks it
        at the newest document's time.
    :param answerable: False for a question the corpus cannot answer (LoCoMo's adversarial
        questions, LongMemEval's ``_abs`` ones): a system should hold everything back. Such
        a question may have no gold ids; it then counts only in the abstention report.
    """

    id: str
    text: str
    relevant: frozenset[str]
    category: str = "all"
    headline: bool = True
    asked_at: datetime | None = None
    answerable: bool = True


@dataclass
class EvalUnit:
    """An independent corpus and the queries asked of it (a conversation, a haystack)."""

    id: str
    documents: list[Document]
    queries: list[EvalQuery]

    def latest(self) -> datetime | None:
        """The newest document time, or None when no document has one."""
        times = [d.created_at for d in self.documents if d.created_at is not None]
        return max(times) if times else None
