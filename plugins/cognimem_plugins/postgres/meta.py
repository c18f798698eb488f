"""The plugin metadata of a PostgreSQL store."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Any

from cognimem.stores import json_field

from .. import sql_rows as rows
from ..sql_parts.meta import MetaReads
from .session import Session


class PgMeta(MetaReads):
    """``set_meta``, ``get_meta``, ``meta_items`` and ``meta_items_where`` (the other
    metadata members are the record store's defaults: another process may write)."""

    db: Session

    def set_meta(self, namespace: str, key: str, value: Any) -> None:
        """Store a JSON value under (namespace, key); ``None`` deletes it."""
        with self.db.writing():
            if value is None:
                self.db.execute("DELETE FROM meta WHERE namespace = %s AND key = %s",
                                [namespace, key])
                return
            text = rows.dump_json(value, f"meta value {namespace}/{key}")
            self.db.execute("INSERT INTO meta VALUES (%s, %s, %s) ON CONFLICT (namespace, key) "
                            "DO UPDATE SET value = excluded.value", [namespace, key, text])

    def meta_items_where(self, namespace: str, fields: Sequence[str],
                         values: Collection[str]) -> dict[str, Any]:
        """The entries whose value holds one of ``values`` under one of ``fields``, filtered
        by PostgreSQL (a recall's conflicts: no parse of every logged conflict)."""
        wanted = list(dict.fromkeys(values))
        if not wanted or not fields:
            return {}
        params: list[Any] = [namespace]
        for name in fields:
            params += [json_field(name), wanted]
        condition = " OR ".join(["(value::jsonb ->> %s) = ANY(%s)"] * len(fields))
        found = self.db.rows(f"SELECT key, value FROM meta WHERE namespace = %s AND "
                             f"({condition}) ORDER BY key", params)
        return {k: json.loads(v) for k, v in found}
