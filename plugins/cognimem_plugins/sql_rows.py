"""Conversions between cognimem's models and SQL rows, shared by the DuckDB and PostgreSQL
record stores (the same columns; :data:`MEMORY_COLUMNS` is their order).

Writes go through Arrow tables (one ``INSERT ... SELECT`` per batch, measured ~60x faster
than ``executemany``); reads turn DuckDB's row tuples back into validated models.
Timestamps are stored as ``TIMESTAMPTZ`` (instants; naive datetimes are taken as UTC) and
read back as timezone-aware UTC datetimes. An event's ``at`` is also kept as the exact ISO
text its hash was computed over, so the hash chain verifies after a reopen whatever offset
the clock used.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pyarrow as pa

from cognimem.components import GraveEntry
from cognimem.errors import InvalidInput
from cognimem.models import Edge, EmbeddingSignature, Event, Memory, Scope, Source
from cognimem.models.memory import unchecked

#: The memories table's columns, in order (both SQL stores).
MEMORY_COLUMNS: tuple[str, ...] = (
    "id", "content", "kind", "layer", "tier", "title", "tags", "scope_project", "scope_agent",
    "scope_user", "source_file", "source_line", "source_url", "source_session", "provenance",
    "valid_from", "valid_until", "importance", "confidence", "protected", "supersedes",
    "superseded_by", "meta", "created_at", "updated_at", "last_accessed_at", "access_count",
    "content_hash", "embedding_model", "embedding_dim", "archived", "version",
)



_TS = pa.timestamp("us", tz="UTC")
_STR = pa.string()
_STRS = pa.list_(pa.string())

MEMORY_SCHEMA = pa.schema([
    ("id", _STR), ("content", _STR), ("kind", _STR), ("layer", _STR), ("tier", _STR),
    ("title", _STR), ("tags", _STRS), ("scope_project", _STR), ("scope_agent", _STR),
    ("scope_user", _STR), ("source_file", _STR), ("source_line", pa.int32()),
    ("source_url", _STR), ("source_session", _STR), ("provenance", _STRS),
    ("valid_from", _TS), ("valid_until", _TS), ("importance", pa.float64()),
    ("confidence", pa.float64()), ("protected", pa.bool_()), ("supersedes", _STR),
    ("superseded_by", _STR), ("meta", _STR), ("created_at", _TS), ("updated_at", _TS),
    ("last_accessed_at", _TS), ("access_count", pa.int32()), ("content_hash", _STR),
    ("embedding_model", _STR), ("embedding_dim", pa.int32()), ("archived", pa.bool_()),
    ("version", pa.int32()),
])
assert tuple(MEMORY_SCHEMA.names) == MEMORY_COLUMNS

EDGE_COLUMNS = ("source", "target", "type", "weight", "confidence", "created_at",
                "last_used_at", "use_count", "provenance", "valid_from", "valid_until", "meta")
EDGE_SCHEMA = pa.schema([
    ("source", _STR), ("target", _STR), ("type", _STR), ("weight", pa.float64()),
    ("confidence", pa.float64()), ("created_at", _TS), ("last_used_at", _TS),
    ("use_count", pa.int32()), ("provenance", _STRS), ("valid_from", _TS),
    ("valid_until", _TS), ("meta", _STR),
])

EVENT_COLUMNS = ("seq", "happened_at", "at_iso", "op", "target", "agent", "payload",
                 "prev_hash", "hash")

ACCESS_SCHEMA = pa.schema([("memory_id", _STR), ("accessed_at", _TS), ("agent", _STR),
                           ("query", _STR)])

EMBEDDING_SCHEMA = pa.schema([("memory_id", _STR), ("model", _STR), ("dim", pa.int32()),
                              ("vector", pa.binary())])


def dump_json(value: Any, what: str) -> str:
    """Canonical JSON text of ``value``, or InvalidInput naming ``what``."""
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{what} must be JSON-serialisable: {exc}") from None


def _meta_text(meta: dict[str, Any], what: str) -> str:
    return "{}" if not meta else dump_json(meta, what)


def _meta_value(text: str) -> dict[str, Any]:
    if text == "{}":
        return {}
    value: dict[str, Any] = json.loads(text)
    return value


def memory_table(memories: Sequence[Memory]) -> pa.Table:
    """An Arrow table of memories in :data:`MEMORY_COLUMNS` order."""
    columns: list[list[Any]] = [[] for _ in MEMORY_COLUMNS]
    (c_id, c_content, c_kind, c_layer, c_tier, c_title, c_tags, c_sp, c_sa, c_su, c_sf, c_sl,
     c_surl, c_ss, c_prov, c_vf, c_vu, c_imp, c_conf, c_prot, c_sup, c_supby, c_meta, c_created,
     c_updated, c_accessed, c_count, c_hash, c_emodel, c_edim, c_arch, c_version) = columns
    for m in memories:
        c_id.append(m.id)
        c_content.append(m.content)
        c_kind.append(m.kind)
        c_layer.append(m.layer)
        c_tier.append(m.tier)
        c_title.append(m.title)
        c_tags.append(m.tags)
        c_sp.append(m.scope.project)
        c_sa.append(m.scope.agent)
        c_su.append(m.scope.user)
        c_sf.append(m.source.file)
        c_sl.append(m.source.line)
        c_surl.append(m.source.url)
        c_ss.append(m.source.session)
        c_prov.append(m.provenance)
        c_vf.append(m.valid_from)
        c_vu.append(m.valid_until)
        c_imp.append(m.importance)
        c_conf.append(m.confidence)
        c_prot.append(m.protected)
        c_sup.append(m.supersedes)
        c_supby.append(m.superseded_by)
        c_meta.append(_meta_text(m.meta, f"memory {m.id} field `meta`"))
        c_created.append(m.created_at)
        c_updated.append(m.updated_at)
        c_accessed.append(m.last_accessed_at)
        c_count.append(m.access_count)
        c_hash.append(m.content_hash)
        c_emodel.append(m.embedding.model if m.embedding else None)
        c_edim.append(m.embedding.dim if m.embedding else None)
        c_arch.append(m.archived)
        c_version.append(m.version)
    return pa.Table.from_arrays(
        [pa.array(col, type=MEMORY_SCHEMA.field(i).type) for i, col in enumerate(columns)],
        schema=MEMORY_SCHEMA,
    )


#: Timestamps are read as naive UTC (``TIMESTAMPTZ`` -> ``TIMESTAMP`` under ``TimeZone =
#: 'UTC'``), lists as text joined with a unit separator (with their length, to detect a
#: value that holds the separator): both are several times faster to fetch than DuckDB's
#: tz-aware datetimes and lists.
_SEP = "\x1f"
_TIMESTAMPS = frozenset({"valid_from", "valid_until", "created_at", "updated_at",
                         "last_accessed_at"})
_LISTS = frozenset({"tags", "provenance"})


def _select_expr(column: str) -> str:
    if column in _TIMESTAMPS:
        return f"{column}::TIMESTAMP"
    if column in _LISTS:
        return f"array_to_string({column}, chr(31)), len({column})"
    return column


#: The SELECT list that :func:`decode_memory` reads.
MEMORY_SELECT = ", ".join(_select_expr(c) for c in MEMORY_COLUMNS)


def ids_where(column: str, count: int) -> str:
    """A WHERE condition matching ``column`` against one ``VARCHAR[]`` parameter of
    ``count`` ids: a filter of the column (``list_contains``), whose cost follows the ids.

    DuckDB 2.0 answers ``id IN (SELECT unnest(?))`` by a join whose cost grows with the
    table: CPU medians (all threads) at 100,000 / 1,000,000 rows, 7 reads each (#45,
    lab/cognimem-lab/scripts/id_forms.py): 10 ids 6.7 / 11.7 ms, 30 ids 6.3 / 14.7, 100 ids
    15.5 / 83.9, against 4.3 / 4.1, 5.6 / 5.5 and 9.2 / 10.4 ms filtered. ``count`` is kept
    for a store whose best form depends on it.
    """
    del count
    return f"list_contains(?::VARCHAR[], {column})"


def _split(text: str | None, count: int | None) -> list[str] | None:
    if not count:
        return []
    parts = (text or "").split(_SEP)
    return parts if len(parts) == count else None


def _aware(value: datetime | None) -> datetime | None:
    return None if value is None else value.replace(tzinfo=UTC)


MemoryRow = tuple[Any, ...]


def decode_memory(raw: Sequence[Any]) -> MemoryRow | None:
    """A memory row in :data:`MEMORY_COLUMNS` order (lists, aware datetimes, meta as JSON
    text) from a row selected with :data:`MEMORY_SELECT`; None when a list could not be
    split back (an element holds the separator): read that row with :data:`LISTS_SELECT`."""
    tags = _split(raw[6], raw[7])
    provenance = _split(raw[15], raw[16])
    if tags is None or provenance is None:
        return None
    # low-cardinality strings are interned: the row cache holds one copy of each
    return (raw[0], raw[1], _intern(raw[2]), _intern(raw[3]), _intern(raw[4]), raw[5], tags,
            _intern(raw[8]), _intern(raw[9]), _intern(raw[10]), _intern(raw[11]), raw[12],
            raw[13], _intern(raw[14]), provenance, _aware(raw[17]), _aware(raw[18]), raw[19],
            raw[20], raw[21], raw[22], raw[23], _intern(raw[24]), _aware(raw[25]),
            _aware(raw[26]), _aware(raw[27]), raw[28], raw[29], _intern(raw[30]), raw[31],
            raw[32], raw[33])


def _intern(value: str | None) -> str | None:
    return None if value is None else sys.intern(value)


#: Reads the lists of rows :func:`decode_memory` could not split.
LISTS_SELECT = "id, tags, provenance"


def with_lists(raw: Sequence[Any], tags: list[str], provenance: list[str]) -> MemoryRow:
    """:func:`decode_memory` for a row whose lists were read natively."""
    fixed = list(raw)
    fixed[6], fixed[7], fixed[15], fixed[16] = None, 0, None, 0
    row = decode_memory(fixed)
    assert row is not None
    return (*row[:6], list(tags), *row[7:14], list(provenance), *row[15:])


def memory_row(m: Memory) -> MemoryRow:
    """The row of a memory, as :func:`decode_memory` returns it."""
    return (m.id, m.content, m.kind, m.layer, m.tier, m.title, list(m.tags), m.scope.project,
            m.scope.agent, m.scope.user, m.source.file, m.source.line, m.source.url,
            m.source.session, list(m.provenance), m.valid_from, m.valid_until, m.importance,
            m.confidence, m.protected, m.supersedes, m.superseded_by,
            _meta_text(m.meta, f"memory {m.id} field `meta`"), m.created_at, m.updated_at,
            m.last_accessed_at, m.access_count, m.content_hash,
            m.embedding.model if m.embedding else None,
            m.embedding.dim if m.embedding else None, m.archived, m.version)


def _memory_values(r: MemoryRow) -> dict[str, Any]:
    """A row's Memory fields, in the model's order (scope, source and embedding as dicts);
    the lists copied and ``meta`` parsed anew, so nothing mutable is shared with the row."""
    return {
        "content": r[1], "kind": r[2], "layer": r[3], "tier": r[4], "title": r[5],
        "tags": list(r[6]), "scope": {"project": r[7], "agent": r[8], "user": r[9]},
        "source": {"file": r[10], "line": r[11], "url": r[12], "session": r[13]},
        "provenance": list(r[14]), "valid_from": r[15], "valid_until": r[16],
        "importance": r[17], "confidence": r[18], "protected": r[19], "supersedes": r[20],
        "meta": _meta_value(r[22]), "created_at": r[23], "id": r[0], "updated_at": r[24],
        "last_accessed_at": r[25], "access_count": r[26], "superseded_by": r[21],
        "content_hash": r[27],
        "embedding": None if r[28] is None else {"model": r[28], "dim": r[29]},
        "archived": r[30], "version": r[31],
    }


def memory_from_row(r: MemoryRow) -> Memory:
    """A new, validated Memory from a row in :data:`MEMORY_COLUMNS` order."""
    return Memory.model_validate(_memory_values(r))


_MEMORY_FIELDS = frozenset(Memory.model_fields)
_SCOPE_FIELDS = frozenset(Scope.model_fields)
_SOURCE_FIELDS = frozenset(Source.model_fields)
_SIGNATURE_FIELDS = frozenset(EmbeddingSignature.model_fields)


def memory_from_stored_row(r: MemoryRow) -> Memory:
    """The Memory of a row this store wrote, without validating it again.

    Every row reached the store as a validated Memory (:func:`memory_row`,
    :func:`memory_table`) or as such a row with its access count and time bumped, and comes
    back with the types it went in with (timezone-aware UTC times, lists, the ``meta``
    text); so its Memory is built directly from the values :func:`memory_from_row`
    validates, in ~3 us instead of ~9 (a search loads about fifty).
    """
    values = _memory_values(r)
    values["scope"] = unchecked(Scope, values["scope"], _SCOPE_FIELDS)
    values["source"] = unchecked(Source, values["source"], _SOURCE_FIELDS)
    if values["embedding"] is not None:
        values["embedding"] = unchecked(EmbeddingSignature, values["embedding"],
                                        _SIGNATURE_FIELDS)
    return unchecked(Memory, values, _MEMORY_FIELDS)


def edge_table(edges: Sequence[Edge]) -> pa.Table:
    """An Arrow table of edges in :data:`EDGE_COLUMNS` order."""
    rows = [
        {"source": e.source, "target": e.target, "type": e.type, "weight": e.weight,
         "confidence": e.confidence, "created_at": e.created_at, "last_used_at": e.last_used_at,
         "use_count": e.use_count, "provenance": e.provenance, "valid_from": e.valid_from,
         "valid_until": e.valid_until,
         "meta": _meta_text(e.meta, f"edge {e.key} field `meta`")}
        for e in edges
    ]
    return pa.Table.from_pylist(rows, schema=EDGE_SCHEMA)


#: The SELECT list that :func:`edge_from_row` reads (timestamps as naive UTC).
EDGE_SELECT = ", ".join(
    f"{c}::TIMESTAMP" if c in {"created_at", "last_used_at", "valid_from", "valid_until"} else c
    for c in EDGE_COLUMNS
)


def edge_from_row(r: Sequence[Any]) -> Edge:
    """An Edge from a row selected with :data:`EDGE_SELECT`."""
    return Edge.model_validate({
        "source": r[0], "target": r[1], "type": r[2], "weight": r[3], "confidence": r[4],
        "created_at": _aware(r[5]), "last_used_at": _aware(r[6]), "use_count": r[7],
        "provenance": r[8], "valid_from": _aware(r[9]), "valid_until": _aware(r[10]),
        "meta": _meta_value(r[11]),
    })


def event_params(event: Event) -> list[Any]:
    """The parameters of one events row, in :data:`EVENT_COLUMNS` order."""
    return [event.seq, event.at, event.at.isoformat(), event.op, event.target, event.agent,
            dump_json(event.payload, f"event {event.seq} payload"), event.prev_hash, event.hash]


EVENT_SCHEMA = pa.schema([
    ("seq", pa.int64()), ("happened_at", _TS), ("at_iso", _STR), ("op", _STR), ("target", _STR),
    ("agent", _STR), ("payload", _STR), ("prev_hash", _STR), ("hash", _STR),
])


def event_table(events: Sequence[Event]) -> pa.Table:
    """An Arrow table of events in :data:`EVENT_COLUMNS` order."""
    params = [event_params(e) for e in events]
    return pa.Table.from_arrays(
        [pa.array([p[i] for p in params], type=EVENT_SCHEMA.field(i).type) for i in range(9)],
        schema=EVENT_SCHEMA,
    )


def event_from_row(r: Sequence[Any]) -> Event:
    """An Event from a row selected with :data:`EVENT_COLUMNS`."""
    return Event(seq=r[0], at=datetime.fromisoformat(r[2]), op=r[3], target=r[4], agent=r[5],
                 payload=json.loads(r[6]), prev_hash=r[7], hash=r[8])


def grave_params(entry: GraveEntry) -> list[Any]:
    """The parameters of one graves row."""
    return [entry.memory.id, entry.archived_at, entry.reason, entry.score,
            entry.memory.model_dump_json()]


def grave_from_row(r: Sequence[Any]) -> GraveEntry:
    """A GraveEntry from (memory_id, archived_at, reason, score, memory JSON)."""
    return GraveEntry(memory=Memory.model_validate_json(r[4]), archived_at=r[1], reason=r[2],
                      score=r[3])


def access_table(rows: Sequence[tuple[str, datetime, str | None, str | None]]) -> pa.Table:
    """An Arrow table of accesses (memory_id, at, agent, query)."""
    return pa.Table.from_arrays(
        [pa.array([r[i] for r in rows], type=ACCESS_SCHEMA.field(i).type) for i in range(4)],
        schema=ACCESS_SCHEMA,
    )


def embedding_table(vectors: dict[str, np.ndarray], signature: EmbeddingSignature) -> pa.Table:
    """An Arrow table of embeddings as little-endian float32 bytes.

    :raises InvalidInput: a vector whose length is not ``signature.dim``, or not finite.
    """
    ids, blobs = [], []
    for memory_id, vector in vectors.items():
        array = np.asarray(vector, dtype="<f4").reshape(-1)
        if array.shape[0] != signature.dim:
            raise InvalidInput(
                f"the embedding of memory {memory_id!r} has {array.shape[0]} dimensions, but "
                f"its signature ({signature.model}) says {signature.dim}: the embedder's "
                "`dimension` does not match its output"
            )
        if not np.isfinite(array).all():
            raise InvalidInput(f"the embedding of memory {memory_id!r} holds NaN or infinity")
        ids.append(memory_id)
        blobs.append(array.tobytes())
    n = len(ids)
    return pa.Table.from_arrays(
        [pa.array(ids, type=_STR), pa.array([signature.model] * n, type=_STR),
         pa.array([signature.dim] * n, type=pa.int32()), pa.array(blobs, type=pa.binary())],
        schema=EMBEDDING_SCHEMA,
    )


def vector_from_blob(blob: bytes) -> np.ndarray:
    """A float32 vector from its stored bytes (a writable copy)."""
    return np.frombuffer(blob, dtype="<f4").astype(np.float32)
