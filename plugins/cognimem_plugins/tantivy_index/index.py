"""``tantivy``: a BM25 lexical index on disk (or in RAM), built on the tantivy search library.

Documents have one analysed field each for content, title and tags (tantivy's ``en_stem``
analyzer: split on non-alphanumerics, drop tokens over 40 characters, lower-case, English
Snowball stemmer) and the fields the engine filters on: the memory id (raw, stored), its
version (a fast field, read back for reconciliation), the archived flag and the three scope
fields (raw terms). Scope and archived filters are clauses of the tantivy query itself, so
the top ``k`` are the best ``k`` *admitted* memories.

The query parser never sees user text: the query is built from the analysed terms (a
boolean SHOULD of boosted term queries over the three fields), so quotes, colons, brackets,
``AND``/``OR`` and code such as ``foo::bar()`` are plain words.

Writes: one commit per ``upsert``/``delete`` call (the engine hands batches of up to 256),
then the reader is reloaded, so a write is searchable when the call returns. The index
writer is held for the component's lifetime: tantivy allows one writer per index, so the
process that opened the store owns it.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import tantivy
from pydantic import Field

from cognimem.components import LexicalIndex, Options
from cognimem.context import Context
from cognimem.errors import StoreError, StoreLocked
from cognimem.models import Candidate, Memory, Query

from ..locking import locked
from ..text import STOPWORDS

log = logging.getLogger("cognimem.tantivy")

#: Bumped whenever the schema or the analysis changes: an index of another format is rebuilt.
FORMAT: Final = 2
MARKER: Final = "cognimem-tantivy.json"
#: The tantivy analyzer used for the three text fields.
ANALYZER: Final = "en_stem"
#: Tokens longer than this are dropped by ``en_stem`` (tantivy's RemoveLongFilter(40)).
MAX_TOKEN_CHARS: Final = 40
#: Scope values are indexed with this prefix, so an empty string is still a term.
SCOPE_PREFIX: Final = "="
SCOPE_FIELDS: Final = ("project", "agent", "user")
#: Ids the engine makes ("m" + 15 hex digits) are also kept as a number in the ``key`` fast
#: field (the number + 1; 0 = another kind of id), so ``versions()`` reads ids from a column
#: instead of the document store (100k ids: ~25 ms instead of ~90 ms of CPU, measured).
_ENGINE_ID = re.compile(r"m[0-9a-f]{15}")


def build_schema() -> tantivy.Schema:
    """The index schema (see the module docstring)."""
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw", index_option="basic")
    for name in ("content", "title", "tags"):
        builder.add_text_field(name, tokenizer_name=ANALYZER, index_option="freq")
    builder.add_unsigned_field("version", fast=True)
    builder.add_unsigned_field("key", fast=True)
    builder.add_boolean_field("archived", indexed=True, fast=True)
    for name in SCOPE_FIELDS:
        builder.add_text_field(name, tokenizer_name="raw", index_option="basic")
    return builder.build()


def query_analyzer(*, stopwords: bool) -> tantivy.TextAnalyzer:
    """The ``en_stem`` chain in Python (to analyse query text), optionally dropping stop words."""
    builder = (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(MAX_TOKEN_CHARS))
        .filter(tantivy.Filter.lowercase())
    )
    if stopwords:
        builder = builder.filter(tantivy.Filter.custom_stopword(sorted(STOPWORDS)))
    return builder.filter(tantivy.Filter.stemmer("english")).build()



class TantivyIndex(LexicalIndex):
    """BM25 over content, title and tags with field boosts; filters inside the query."""

    reads_beside_writes = True  # searchers are snapshots

    name = "tantivy"

    class Options(Options):
        """Field boosts, query analysis and writer resources."""

        content_boost: float = Field(default=1.0, gt=0, description="weight of content matches")
        title_boost: float = Field(default=2.0, ge=0, description="weight of title matches")
        tags_boost: float = Field(default=2.0, ge=0, description="weight of tag matches")
        stopwords: bool = Field(
            default=True,
            description="drop English stop words from queries (kept if nothing else is left)",
        )
        max_query_terms: int = Field(
            default=64, ge=1, le=1024, description="distinct query terms used, first ones first"
        )
        writer_heap_mb: int = Field(default=64, ge=16, le=4096,
                                    description="memory budget of the index writer")
        writer_threads: int = Field(default=1, ge=1, le=16,
                                    description="indexing threads of the writer")

    options: Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._lock = threading.RLock()
        self._schema = build_schema()
        self._index: tantivy.Index | None = None
        self._writer: tantivy.IndexWriter | None = None
        self._path: Path | None = None
        self._analyzer = query_analyzer(stopwords=self.options.stopwords)
        self._fallback = query_analyzer(stopwords=False) if self.options.stopwords else None
        self._fields = [
            (field, boost)
            for field, boost in (("content", self.options.content_boost),
                                 ("title", self.options.title_boost),
                                 ("tags", self.options.tags_boost))
            if boost > 0
        ]

    # lifecycle -----------------------------------------------------------------------------

    def open(self, ctx: Context) -> None:
        """Open (or create) the index in ``<store>/lexical/``, or in RAM without a store path."""
        if ctx.path is None:
            self._index = tantivy.Index(self._schema)
        else:
            self._path = Path(ctx.path) / "lexical"
            self._index = self._open_dir(self._path)
        self._writer = self._make_writer()
        self._index.reload()

    def _open_dir(self, path: Path) -> tantivy.Index:
        marker = path / MARKER
        try:
            path.mkdir(parents=True, exist_ok=True)
            entries = [p.name for p in path.iterdir()]
        except OSError as exc:
            raise StoreError(f"cannot use {path} for the tantivy index: {exc}") from exc
        if entries:
            found = _read_marker(marker)
            if found is None and "meta.json" not in entries and all(
                name.startswith((".managed.json", ".tmp", ".tantivy")) for name in entries
            ):
                # a process killed while creating the index leaves only tantivy's scratch
                # files: the index is derived, so start it afresh and let reconciliation
                # refill it from the records
                log.warning("tantivy index at %s was left half-created: rebuilding it", path)
                _empty_dir(path)
                entries = []
            if entries and found is None and "meta.json" not in entries:
                raise StoreError(
                    f"{path} holds files that are not a cognimem tantivy index "
                    f"({', '.join(sorted(entries)[:5])}); move them away or choose another "
                    "store path"
                )
            if found != FORMAT:
                log.warning("tantivy index at %s has format %s, expected %s: rebuilding it "
                            "from the records", path, found, FORMAT)
                _empty_dir(path)
        try:
            index = tantivy.Index(self._schema, path=str(path), reuse=True)
        except (OSError, ValueError) as exc:
            raise StoreError(
                f"cannot open the tantivy index at {path}: {exc}. It is derived data: delete "
                "the folder and reopen the store to rebuild it from the records"
            ) from exc
        if not marker.exists():
            marker.write_text(json.dumps({"format": FORMAT, "analyzer": ANALYZER}),
                              encoding="utf-8")
        return index

    def _make_writer(self) -> tantivy.IndexWriter:
        assert self._index is not None
        try:
            return self._index.writer(heap_size=self.options.writer_heap_mb * 1_000_000,
                                      num_threads=self.options.writer_threads)
        except ValueError as exc:
            if "lock" in str(exc).lower():
                raise StoreLocked(
                    f"the tantivy index at {self._path} is held by another writer (another "
                    "process, or another engine in this one, has this store open); close it "
                    "and retry, or reach the store through its owner"
                ) from exc
            raise StoreError(f"cannot open a writer on the tantivy index: {exc}") from exc

    @locked
    def close(self) -> None:
        """Finish merges and release the writer's lock (safe to call twice)."""
        writer, self._writer = self._writer, None
        self._index = None
        if writer is not None:
            try:
                writer.wait_merging_threads()
            except Exception:  # pragma: no cover - best effort on shutdown
                log.exception("tantivy: waiting for merges failed")

    # writes --------------------------------------------------------------------------------

    def _parts(self) -> tuple[tantivy.Index, tantivy.IndexWriter]:
        if self._index is None or self._writer is None:
            raise StoreError("the tantivy index is not open (open() was not called or close() was)")
        return self._index, self._writer

    @locked
    def upsert(self, memories: Sequence[Memory]) -> None:
        """Replace the documents of these memories; one commit for the whole batch."""
        if not memories:
            return
        index, writer = self._parts()
        latest = {m.id: m for m in memories}
        for memory in latest.values():
            writer.delete_documents_by_term("id", memory.id)
            writer.add_document(self._document(memory))
        self._commit(index, writer)

    def _document(self, memory: Memory) -> tantivy.Document:
        doc = tantivy.Document()
        doc.add_text("id", memory.id)
        doc.add_text("content", memory.content)
        if memory.title:
            doc.add_text("title", memory.title)
        if memory.tags:
            doc.add_text("tags", " ".join(memory.tags))
        doc.add_unsigned("version", memory.version)
        doc.add_unsigned("key", id_key(memory.id))
        doc.add_boolean("archived", memory.archived)
        for field in SCOPE_FIELDS:
            value = getattr(memory.scope, field)
            if value is not None:
                doc.add_text(field, SCOPE_PREFIX + value)
        return doc

    @locked
    def delete(self, ids: Sequence[str]) -> None:
        """Delete the documents of these ids (unknown ids are ignored); one commit."""
        if not ids:
            return
        index, writer = self._parts()
        for memory_id in set(ids):
            writer.delete_documents_by_term("id", memory_id)
        self._commit(index, writer)

    @locked
    def clear(self) -> None:
        """Drop every document."""
        index, writer = self._parts()
        writer.delete_all_documents()
        self._commit(index, writer)

    @locked
    def compact(self) -> None:
        """Drop every document and the segment files that held them, so the terms of deleted
        memories leave the index's files (tantivy keeps them until a merge, which cannot be
        forced from Python); the engine then re-indexes the records."""
        index, writer = self._parts()
        writer.delete_all_documents()
        self._commit(index, writer)
        writer.wait_merging_threads()
        self._writer = self._make_writer()
        self._writer.garbage_collect_files()
        index.reload()

    @staticmethod
    def _commit(index: tantivy.Index, writer: tantivy.IndexWriter) -> None:
        try:
            writer.commit()
        except Exception as exc:
            writer.rollback()
            raise StoreError(f"tantivy commit failed (disk full or unwritable?): {exc}") from exc
        index.reload()

    # reads ---------------------------------------------------------------------------------

    def terms(self, text: str) -> list[str]:
        """The distinct analysed query terms of ``text``, in order, at most ``max_query_terms``."""
        found = [t for t in self._analyzer.analyze(text) if t]
        if not found and self._fallback is not None:
            found = [t for t in self._fallback.analyze(text) if t]
        return list(dict.fromkeys(found))[: self.options.max_query_terms]

    def build_query(self, query: Query) -> tantivy.Query | None:
        """The tantivy query for ``query`` (text terms, scope and archived filters), or None
        when the text has no indexable term."""
        terms = self.terms(query.text)
        if not terms:
            return None
        Q, Occur = tantivy.Query, tantivy.Occur
        should = [
            (Occur.Should, Q.boost_query(Q.term_query(self._schema, field, term), boost)
             if boost != 1.0 else Q.term_query(self._schema, field, term))
            for term in terms
            for field, boost in self._fields
        ]
        exclude = ([] if query.include_archived
                   else [(Occur.MustNot, Q.term_query(self._schema, "archived", True))])
        if all(getattr(query.scope, field) is None for field in SCOPE_FIELDS):
            # the term clauses at the top: tantivy skips blocks of documents that cannot
            # enter the top hits (block-max WAND) only over a union of term queries, which a
            # wrapping MUST hides (0.5 of 3.1 ms a search at a million; same hits and scores)
            return Q.boolean_query([*should, *exclude])
        clauses: list[tuple[tantivy.Occur, tantivy.Query]] = [
            (Occur.Must, Q.boolean_query(should))
        ]
        for field in SCOPE_FIELDS:
            value = getattr(query.scope, field)
            if value is None:
                continue
            term = Q.term_query(self._schema, field, SCOPE_PREFIX + value)
            if field == "project" and query.include_global:
                # this project's memories, or those of no project (global ones)
                unscoped = Q.boolean_query([
                    (Occur.Must, Q.all_query()),
                    (Occur.MustNot, Q.regex_query(self._schema, field, SCOPE_PREFIX + ".*"))])
                term = Q.boolean_query([(Occur.Should, term), (Occur.Should, unscoped)])
            clauses.append((Occur.Must, Q.const_score_query(term, 0.0)))
        return Q.boolean_query([*clauses, *exclude])

    def search(self, query: Query, k: int) -> list[Candidate]:
        """The best ``k`` admitted memories by BM25, ties broken by id.

        Which of several documents tied at the k-th score tantivy keeps depends on their
        place in the segments, which background merges change; so while the last hit ties
        with the k-th, more hits are fetched, and the cut is made after sorting by id.
        """
        index, _ = self._parts()
        built = self.build_query(query)
        if built is None:
            return []
        searcher = index.searcher()
        total = searcher.num_docs
        if total == 0:
            return []
        # twice k and a margin at first: ties at the k-th are common (documents alike in
        # their terms and length), and each search again costs a whole search (a million
        # memories, k = 50: 116 of 400 queries searched again at k + 16, 37 at this limit,
        # for 0.1 ms more a search; lab/cognimem-lab/EXPERIMENTS.md, #45)
        limit = min(2 * k + 32, total)
        while True:
            hits = searcher.search(built, limit=limit, count=False).hits
            if len(hits) <= k or hits[-1][0] < hits[k - 1][0] or limit >= total:
                break
            limit = min(limit * 2, total)
        if len(hits) > k:  # what scores under the k-th cannot enter the top k
            floor = hits[k - 1][0]
            hits = [hit for hit in hits if hit[0] >= floor]
        # ids from the "key" fast field (a column read), the stored document only for an id
        # of another form: fetching each document cost ~20 µs, 2-3 ms for k = 100
        addresses = [address for _score, address in hits]
        keys = searcher.fast_field_values("key", addresses)
        scored = sorted(
            ((float(score), f"m{key - 1:015x}" if key else searcher.doc(address)["id"][0])
             for (score, address), key in zip(hits, keys, strict=True)),
            key=lambda pair: (-pair[0], pair[1]),
        )[:k]
        return [Candidate(i, s, r) for r, (s, i) in enumerate(scored, 1)]

    def fingerprint(self) -> str | None:
        """The format, the last commit's opstamp and the live documents, from the index's
        ``meta.json`` (merges leave both numbers as they are); None for an index in RAM."""
        if self._path is None:
            return None
        try:
            meta = json.loads((self._path / "meta.json").read_text(encoding="utf-8"))
            alive = sum(int(s["max_doc"]) - int((s.get("deletes") or {}).get("num_deleted_docs", 0))
                        for s in meta["segments"])
            return f"{FORMAT}:{int(meta['opstamp'])}:{alive}"
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def versions(self) -> dict[str, int]:
        """Every indexed id with the version it was indexed at (doc store + a fast field)."""
        index, _ = self._parts()
        searcher = index.searcher()
        total = searcher.num_docs
        if total == 0:
            return {}
        hits = searcher.search(tantivy.Query.all_query(), limit=total, count=False).hits
        addresses = [address for _score, address in hits]
        versions = searcher.fast_field_values("version", addresses)
        keys = searcher.fast_field_values("key", addresses)
        return {
            (f"m{key - 1:015x}" if key else searcher.doc(address)["id"][0]): int(version or 0)
            for address, version, key in zip(addresses, versions, keys, strict=True)
        }

    def count(self) -> int:
        """How many documents are indexed."""
        index, _ = self._parts()
        return int(index.searcher().num_docs)


def id_key(memory_id: str) -> int:
    """The ``key`` fast-field value of an id: engine ids as a number + 1, others 0."""
    return int(memory_id[1:], 16) + 1 if _ENGINE_ID.fullmatch(memory_id) else 0


def _read_marker(marker: Path) -> int | None:
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get("format") if isinstance(data, dict) else None
    return value if isinstance(value, int) else None


def _empty_dir(path: Path) -> None:
    for entry in path.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
