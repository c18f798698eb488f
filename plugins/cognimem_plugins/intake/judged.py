"""What the local model already judged, so capturing a session again asks only about new
turns. Kept in the record store's metadata (namespace ``cognimem.capture.judged:<target>``):
per turn, the SHA-256 of the model, the turn's number, role and text, with the keys of the
facts kept from it. Only hashes and keys are stored, never the transcript's text.

A turn counts as judged when its hash is known and every fact kept from it is still a
memory of the session (a memory deleted by hand gets the turn asked again). The source hands
what it judged to the engine with the group (:attr:`cognimem.sources.Group.meta`), which
writes it in the commit of the session's memories (never on a dry run): a component reads
the store, it never writes it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .transcript import Turn

if TYPE_CHECKING:
    from cognimem.context import Context

NAMESPACE = "cognimem.capture.judged"


def turn_hash(model: str, turn: Turn) -> str:
    """The hash a turn is remembered by (another model judges it afresh)."""
    text = f"{model}\0{turn.number}\0{turn.role}\0{turn.text}"
    return hashlib.sha256(text.encode()).hexdigest()


class JudgedTurns:
    """The judged turns of one transcript, for one model."""

    def __init__(self, ctx: Context | None, target: str, model: str,
                 turns: Iterable[Turn]) -> None:
        self.ctx = ctx
        self.namespace = f"{NAMESPACE}:{target}"
        self.model = model
        self.hashes = {t.number: turn_hash(model, t) for t in turns}
        found = (ctx.records.get_metas(self.namespace, list(self.hashes.values()))
                 if ctx is not None and self.hashes else {})
        self.known: dict[str, list[str]] = {
            h: [str(k) for k in v] for h, v in found.items() if isinstance(v, list)}

    def kept(self, turn: Turn, stored: Mapping[str, object]) -> list[str] | None:
        """The keys of the facts kept from ``turn`` when it was judged and they are all still
        ``stored``; None when the model must be asked about it."""
        keys = self.known.get(self.hashes[turn.number])
        if keys is None or any(key not in stored for key in keys):
            return None
        return keys

    def meta(self, judged: Mapping[int, list[str]]) -> dict[str, dict[str, object]]:
        """Turn number -> keys of the facts kept from it, for the turns judged this run: the
        group's ``meta`` that keeps them (empty when there is nothing to keep)."""
        values: dict[str, object] = {
            self.hashes[n]: keys for n, keys in judged.items() if n in self.hashes}
        return {self.namespace: values} if self.ctx is not None and values else {}
