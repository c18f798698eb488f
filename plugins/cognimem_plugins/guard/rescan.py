"""Screen memories stored before the guard (or before its current rules): what the guard
would redact or flag in each, and, when asked, apply it through ``Engine.update`` so each
change is an ordinary update with its event.

Only additions are made: credentials are redacted and injection flags are added; a flag
already present is kept even if the current rules would not set it (a reviewer may have
added it). The semantic judge reads each memory's text embedded as a write would embed it
(with the engine's embedder; skipped in profiles without the minilm embedder).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from cognimem.errors import InvalidInput
from cognimem.models import Memory, MemoryDraft, embedding_text

from .judged import KIND, judge_texts
from .options import guard_options
from .screening import REDACTIONS, UNTRUSTED, counts, redact_draft, screen_draft

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: memories read per page
_PAGE = 500
#: changes listed in full in a result (the counts cover them all)
MAX_LISTED = 200
#: the most memories one rescan reads
MAX_RESCAN = 1_000_000


class RescanRedaction(BaseModel):
    """Where a credential is in a stored memory (never the credential)."""

    model_config = ConfigDict(extra="forbid")
    field: str
    start: int
    end: int
    kind: str
    reason: str


class RescanChange(BaseModel):
    """What the guard would change in one memory."""

    model_config = ConfigDict(extra="forbid")
    id: str
    redactions: list[RescanRedaction]
    flag: str | None = None
    applied: bool = False


class RescanResult(BaseModel):
    """The memories read, those the guard would change, and whether it changed them."""

    model_config = ConfigDict(extra="forbid")
    scanned: int
    changed: int
    redactions: int
    flagged: int
    applied: bool
    changes: list[RescanChange]


def rescan(engine: Engine, *, apply: bool = False, limit: int | None = None,
           agent: str | None = None) -> RescanResult:
    """Screen every stored memory (archived ones too), newest first, at most ``limit``.
    ``apply``: update each memory the guard would change (else a dry run)."""
    if limit is not None and not 1 <= limit <= MAX_RESCAN:
        raise InvalidInput(f"limit must be between 1 and {MAX_RESCAN:,}, not {limit}")
    options = guard_options(engine)
    scanned = redactions = flagged = 0
    changes: list[RescanChange] = []
    offset = 0
    while limit is None or scanned < limit:
        page = engine.list_memories(limit=_PAGE, offset=offset, include_archived=True)
        if not page:
            break
        offset += len(page)
        page = page[: None if limit is None else limit - scanned]
        screened = [_screen(m, options.secrets, options.injection != "off", options.allowlist)
                    for m in page]
        _judge(engine, page, screened)
        for memory, (change, update) in zip(page, screened, strict=True):
            scanned += 1
            if change is None:
                continue
            redactions += len(change.redactions)
            flagged += change.flag is not None
            if apply:
                engine.update(memory.id, agent=agent, **update)
                change.applied = True
            changes.append(change)
    return RescanResult(scanned=scanned, changed=len(changes), redactions=redactions,
                        flagged=flagged, applied=apply, changes=changes[:MAX_LISTED])


def _judge(engine: Engine, page: list[Memory],
           screened: list[tuple[RescanChange | None, dict[str, Any]]]) -> None:
    """The semantic judge on the page's memories the text guard leaves unflagged (each
    embedded as a write would be, after the redaction): its flag added to their change."""
    todo = [i for i, (m, (change, update)) in enumerate(zip(page, screened, strict=True))
            if UNTRUSTED not in m.meta and (change is None or change.flag is None)]
    texts = [embedding_text(page[i].model_copy(update={
        k: v for k, v in screened[i][1].items() if k in ("title", "content")})) for i in todo]
    verdicts = judge_texts(texts, engine) if todo else None
    if verdicts is None:  # nothing to judge, or the judge does not run in this profile
        return
    for i, verdict in zip(todo, verdicts, strict=True):
        if not verdict.flags:
            continue
        change, update = screened[i]
        if change is None:
            change = RescanChange(id=page[i].id, redactions=[])
            update = {"meta": dict(page[i].meta)}
        change.flag = verdict.reason
        update["meta"] = {**update["meta"],
                          UNTRUSTED: {"kinds": [KIND], "reason": verdict.reason}}
        screened[i] = (change, update)


def _screen(memory: Memory, secrets: bool, injection: bool, allow: Any
            ) -> tuple[RescanChange | None, dict[str, Any]]:
    """What the guard would change in ``memory``, and the update's fields."""
    draft = MemoryDraft.model_validate(memory.model_dump(include=set(MemoryDraft.model_fields)))
    update: dict[str, Any] = {}
    found: list[RescanRedaction] = []
    meta = dict(memory.meta)
    if secrets:
        cleaned, redacted = redact_draft(draft, allow)
        if redacted:
            found = [RescanRedaction(field=field, start=d.start, end=d.end, kind=d.kind,
                                     reason=d.reason) for field, d in redacted]
            for name in ("content", "title", "tags", "source"):
                if getattr(cleaned, name) != getattr(draft, name):
                    update[name] = getattr(cleaned, name)
            meta = dict(cleaned.meta)
            earlier = {r["kind"]: r["count"] for r in memory.meta.get(REDACTIONS) or []
                       if isinstance(r, dict)}
            for kind, n in counts(redacted).items():
                earlier[kind] = earlier.get(kind, 0) + n
            meta[REDACTIONS] = [{"kind": k, "count": n} for k, n in sorted(earlier.items())]
        draft = cleaned
    flag = None
    if injection and UNTRUSTED not in memory.meta:
        screened = screen_draft(draft)
        if screened:
            flag = screened.reason
            meta[UNTRUSTED] = {"kinds": list(screened.kinds), "reason": screened.reason}
    if not found and flag is None:
        return None, {}
    update["meta"] = meta
    return RescanChange(id=memory.id, redactions=found, flag=flag), update
