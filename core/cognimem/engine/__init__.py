"""The engine: builds the pipeline a profile describes and drives the write and read paths.

Write path: prepare hooks -> dedup -> extractors -> embedding -> record-store transaction
(memories, edges, embeddings, events) -> lexical index -> vector index -> ``memory_added``.
Read path: retrievers -> fuser -> filters -> rankers -> deterministic sort -> top k ->
accesses recorded -> ``memories_accessed`` -> ``search_finished``.

One module per job: :mod:`.facade` (the :class:`Engine`, its construction and lifecycle),
:mod:`.write`, :mod:`.relations`, :mod:`.read`, :mod:`.maintenance`, :mod:`.integrity`,
:mod:`.portable` (export and import), :mod:`.reindex`, on :mod:`.base`; :mod:`.types` holds
the values hooks, plugins and clients see.

The names below are imported on first use: a client of the daemon that needs only the
result types (:mod:`.types`) does not load the engine, its plugins' machinery and numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from ..models import embedding_text
    from .facade import Engine
    from .read import tie_break_key
    from .services import RecordReader, Services, StoreView
    from .surface import PluginEngine
    from .types import (
        CheckReport,
        DraftLike,
        DreamReport,
        IndexReport,
        MaintenanceReport,
        PreparedQuery,
        PreparedText,
        PreparedWrite,
        Written,
    )

__all__ = [
    "CheckReport",
    "DraftLike",
    "DreamReport",
    "Engine",
    "IndexReport",
    "MaintenanceReport",
    "PluginEngine",
    "PreparedQuery",
    "PreparedText",
    "PreparedWrite",
    "RecordReader",
    "Services",
    "StoreView",
    "Written",
    "embedding_text",
    "tie_break_key",
]

_HOMES = {"Engine": ".facade", "tie_break_key": ".read", "embedding_text": "..models",
          "PluginEngine": ".surface", "RecordReader": ".services", "Services": ".services",
          "StoreView": ".services",
          **{name: ".types" for name in ("CheckReport", "DraftLike", "DreamReport",
                                         "IndexReport", "MaintenanceReport", "PreparedQuery",
                                         "PreparedText", "PreparedWrite", "Written")}}


__getattr__ = lazy_names(__name__, _HOMES)
