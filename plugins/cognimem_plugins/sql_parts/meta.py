"""Reading a SQL record store's plugin metadata (the statements both stores share)."""

from __future__ import annotations

import json
from typing import Any

from .session import SqlPart


class MetaReads(SqlPart):
    """``get_meta`` and ``meta_items``: JSON text by (namespace, key)."""

    def get_meta(self, namespace: str, key: str, default: Any = None) -> Any:
        """The value stored under (namespace, key), or ``default``."""
        found = self.db.rows(self.q("SELECT value FROM meta WHERE namespace = ? AND key = ?"),
                             [namespace, key])
        return json.loads(found[0][0]) if found else default

    def meta_items(self, namespace: str) -> dict[str, Any]:
        """Every key and value of a namespace."""
        found = self.db.rows(self.q("SELECT key, value FROM meta WHERE namespace = ? "
                                    "ORDER BY key"), [namespace])
        return {k: json.loads(v) for k, v in found}
