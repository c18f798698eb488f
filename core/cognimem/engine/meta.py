"""The record store's metadata that travels in exports: the agents' sync offsets (event
sequence numbers) and the conflict log. A restore keeps it; a merge, whose events get new
numbers and whose memories new ids, leaves it out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..components import RecordStore
from ..errors import InvalidInput

#: Metadata namespaces an export carries.
PORTABLE_META: tuple[str, ...] = ("cognimem.offsets", "cognimem.conflicts")


def export_meta(records: RecordStore) -> dict[str, dict[str, Any]]:
    """The portable namespaces that hold anything, as ``{namespace: {key: value}}``."""
    return {ns: items for ns in PORTABLE_META if (items := records.meta_items(ns))}


def parse_meta(meta: Any) -> dict[str, dict[str, Any]]:
    """An export's ``meta``, checked: objects under the namespaces of :data:`PORTABLE_META`.

    :raises InvalidInput: anything else.
    """
    if not isinstance(meta, Mapping) or any(
            ns not in PORTABLE_META or not isinstance(items, Mapping)
            for ns, items in meta.items()):
        raise InvalidInput("the export's `meta` must map namespaces among "
                           f"{', '.join(PORTABLE_META)} to objects")
    return {ns: dict(items) for ns, items in meta.items()}


def restore_meta(records: RecordStore, meta: Mapping[str, Mapping[str, Any]]) -> None:
    """Write an export's metadata into the store (inside the import's transaction)."""
    for namespace, items in meta.items():
        for key, value in items.items():
            records.set_meta(namespace, key, value)
