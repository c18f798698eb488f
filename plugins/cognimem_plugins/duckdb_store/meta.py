"""The plugin metadata of a DuckDB store, and what each commit wrote to it.

This process is the store's only writer (it holds the store's lock), so it counts the
commits that wrote each namespace (:meth:`Meta.meta_version`) and remembers what the recent
ones wrote (:meth:`Meta.meta_changes`), within :data:`META_LOG` commits and
:data:`META_LOG_CHARS` characters per namespace.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from cognimem.stores import json_field

from .. import sql_rows as rows
from ..sql_parts.meta import MetaReads
from .connection import Database

META_LOG = 256  # commits per namespace whose writes are remembered (meta_changes)
META_LOG_CHARS = 4_000_000  # and at most this many characters of their values


class Meta(MetaReads):
    """``set_meta(s)``, ``get_meta(s)``, ``meta_items(_where)``, ``meta_version`` and
    ``meta_changes``."""

    db: Database

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        # what the open transaction writes: namespace -> key -> JSON text (None: deleted)
        self._touched: dict[str, dict[str, str | None]] = {}
        self._versions: dict[str, int] = {}  # bumped by every commit that wrote them
        #: per namespace, what each recent commit wrote (version after it, key -> JSON text
        #: or None, its characters), and the characters all of them hold
        self._log: dict[str, deque[tuple[int, dict[str, str | None], int]]] = {}
        self._log_chars: dict[str, int] = {}
        self._lock = threading.Lock()

    # writes ------------------------------------------------------------------------------------

    def set_meta(self, namespace: str, key: str, value: Any) -> None:
        """Store a JSON value under (namespace, key); ``None`` deletes it."""
        self.set_metas(namespace, {key: value})

    def set_metas(self, namespace: str, values: Mapping[str, Any]) -> None:
        """Many keys in one DELETE and one INSERT (``INSERT OR REPLACE`` row by row costs a
        few ms per key)."""
        if not values:
            return
        keys = list(values)
        kept = [k for k in keys if values[k] is not None]
        texts = [rows.dump_json(values[k], f"meta value {namespace}/{k}") for k in kept]
        with self.db.transaction():
            written = self._touched.setdefault(namespace, {})
            written.update(dict.fromkeys(keys))
            written.update(zip(kept, texts, strict=True))
            self.db.execute("DELETE FROM meta WHERE namespace = ? AND "
                            "list_contains(?::VARCHAR[], key)", [namespace, keys])
            if kept:
                self.db.execute("INSERT INTO meta SELECT ?, unnest(?::VARCHAR[]), "
                                "unnest(?::VARCHAR[])", [namespace, kept, texts])

    def committed(self) -> None:
        """The open transaction committed: count the change of every namespace it wrote."""
        if not self._touched:
            return
        with self._lock:
            for namespace, written in self._touched.items():
                self._log_commit(namespace, written)
        self._touched = {}

    def rolled_back(self) -> None:
        """The open transaction rolled back: what it wrote never was."""
        self._touched = {}

    def _log_commit(self, namespace: str, written: dict[str, str | None]) -> None:
        """Count a commit that wrote ``namespace`` and keep what it wrote, within
        :data:`META_LOG` commits and :data:`META_LOG_CHARS` characters (lock held)."""
        version = self._versions.get(namespace, 0) + 1
        self._versions[namespace] = version
        log = self._log.setdefault(namespace, deque())
        size = sum(len(k) + len(v or "") for k, v in written.items())
        chars = self._log_chars.get(namespace, 0) + size
        log.append((version, written, size))
        while log and (len(log) > META_LOG or chars > META_LOG_CHARS):
            chars -= log.popleft()[2]
        self._log_chars[namespace] = chars

    # reads -------------------------------------------------------------------------------------

    def get_metas(self, namespace: str, keys: Collection[str]) -> dict[str, Any]:
        """The values under these keys, in one statement."""
        if not keys:
            return {}
        found = self.db.rows("SELECT key, value FROM meta WHERE namespace = ? AND "
                             "list_contains(?::VARCHAR[], key)", [namespace, list(keys)])
        return {k: json.loads(v) for k, v in found}

    def meta_version(self, namespace: str) -> int | None:
        """Changes at every commit that wrote the namespace (this process is the store's
        only writer: it holds the store's lock)."""
        return self._versions.get(namespace, 0)

    def meta_changes(self, namespace: str, since: int) -> tuple[int, dict[str, Any] | None]:
        """The namespace's version and what the commits after version ``since`` wrote, as
        they committed it (None when this process no longer remembers them all: read the
        namespace again). Kept in memory at each commit, so reading them costs no query."""
        with self._lock:
            version = self._versions.get(namespace, 0)
            if since == version:
                return version, {}
            log = self._log.get(namespace)
            if since > version or not log or log[0][0] > since + 1:
                return version, None
            latest: dict[str, str | None] = {}
            for at, written, _ in log:
                if at > since:
                    latest.update(written)
        return version, {k: None if text is None else json.loads(text)
                         for k, text in latest.items()}

    def meta_items_where(self, namespace: str, fields: Sequence[str],
                         values: Collection[str]) -> dict[str, Any]:
        """The entries whose value holds one of ``values`` under one of ``fields``, filtered
        by DuckDB (a recall's conflicts: no parse of every logged conflict)."""
        wanted = list(dict.fromkeys(values))
        if not wanted or not fields:
            return {}
        names = [json_field(name) for name in fields]
        if len(wanted) <= 64:  # a substring scan first (~10x cheaper than parsing each value)
            condition = " OR ".join(["contains(value, ?)"] * len(wanted))
            params: list[Any] = [namespace, *wanted]
        else:
            condition = " OR ".join(
                ["list_contains(?::VARCHAR[], json_extract_string(value, ?))"] * len(names))
            params = [namespace]
            for name in names:
                params += [wanted, "$." + name]
        found = self.db.rows(f"SELECT key, value FROM meta WHERE namespace = ? AND "
                             f"({condition}) ORDER BY key", params)
        chosen = set(wanted)
        out = {}
        for key, text in found:
            value = json.loads(text)
            if isinstance(value, dict) and any(value.get(n) in chosen for n in names):
                out[key] = value
        return out
