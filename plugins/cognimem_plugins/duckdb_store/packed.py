"""Memory rows read by id as one value each: DuckDB packs a row into a JSON array.

A search loads the fused candidates the row cache does not hold (about 24 a search at a
million memories, #45). Read as the 34 values of :data:`~..sql_rows.MEMORY_SELECT`, such a
statement costs DuckDB ~0.5 ms to bind and ~0.6 ms to optimize (its profiler, on a table of
3,000 rows) and Python a conversion of every value; read as the id and one ``json_array``
of the rest, it binds one function and converts two values a row, and Python's C JSON
parser unpacks the array (lab/cognimem-lab/EXPERIMENTS.md, #45 "candidate load"). The
columns stay the truth: nothing is stored twice, so nothing can disagree.

Times travel as microseconds since the epoch (``epoch_us``, exact), lists as JSON arrays
(so a tag holding the lists' text separator needs no second read), doubles as DuckDB's
shortest round-trip text. :func:`unpack` returns the row :func:`~..sql_rows.decode_memory`
returns for the same stored row.
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

from .. import sql_rows as rows

_TIMES = frozenset({"valid_from", "valid_until", "created_at", "updated_at",
                    "last_accessed_at"})
#: The columns packed, in :data:`~..sql_rows.MEMORY_COLUMNS` order after the id.
_PACKED = rows.MEMORY_COLUMNS[1:]

#: The SELECT list that :func:`unpack` reads: the id, then the rest as one JSON array.
PACKED_SELECT = "id, json_array({})::VARCHAR".format(
    ", ".join(f"epoch_us({c})" if c in _TIMES else c for c in _PACKED))

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_intern = sys.intern


def _time(us: int | None) -> datetime | None:
    return None if us is None else _EPOCH + timedelta(microseconds=us)


def _text(value: str | None) -> str | None:
    return None if value is None else _intern(value)


def unpack(raw: Any) -> rows.MemoryRow:
    """The memory row (:data:`~..sql_rows.MEMORY_COLUMNS` order, as
    :func:`~..sql_rows.decode_memory` gives it) of a row selected with
    :data:`PACKED_SELECT`."""
    (content, kind, layer, tier, title, tags, project, agent, user, source_file, source_line,
     source_url, session, provenance, valid_from, valid_until, importance, confidence,
     protected, supersedes, superseded_by, meta, created_at, updated_at, accessed_at,
     access_count, content_hash, model, dim, archived, version) = json.loads(raw[1])
    return (raw[0], content, _intern(kind), _intern(layer), _intern(tier), title, tags,
            _text(project), _text(agent), _text(user), _text(source_file), source_line,
            source_url, _text(session), provenance, _time(valid_from), _time(valid_until),
            float(importance), float(confidence), protected, supersedes, superseded_by,
            _intern(meta), _time(created_at), _time(updated_at), _time(accessed_at),
            access_count, content_hash, _text(model), dim, archived, version)
