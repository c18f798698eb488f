"""Compaction with verification receipts (memory-v2's CogCanvas steps): before a transcript
is compacted, its protected items (the facts of :mod:`.transcript`) are stored, a compressed
summary is written, every item is checked to survive in the summary or in the store, and a
receipt is kept in the store (namespace :data:`RECEIPTS`). A score under the threshold is
reported loudly; nothing is lost either way (the transcript is never changed)."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, Field

from cognimem.engine.intake import namespace
from cognimem.errors import InvalidInput
from cognimem.privacy import shown

from .rules import facts
from .transcript import read

if TYPE_CHECKING:
    from cognimem.engine import Engine

RECEIPTS = "cognimem.receipts"
SUMMARY_KINDS = ("decision", "commitment", "preference", "error", "ownership")


class Receipt(BaseModel):
    """What one compaction kept, and the proof that it did."""

    id: str
    session: str
    file: str
    at: str
    original_tokens: int
    compressed_tokens: int
    ratio: float
    items: int
    verified: int
    score: float
    memories_written: int
    threshold: float
    ok: bool


class Compacted(BaseModel):
    """The summary, its receipt and a warning when verification failed."""

    summary: str
    receipt: Receipt
    warning: str | None = None


def _tokens(text: str) -> int:
    return math.ceil(len(text.split()) * 1.3)


def compact_transcript(
    engine: Engine,
    path: Annotated[str, Field(description="absolute path of the transcript")],
    threshold: Annotated[float, Field(ge=0, le=1, description="least verification score "
                                                              "that passes")] = 0.95,
) -> Compacted:
    """Before compacting a session: store its decisions, commitments, values, paths,
    commands, errors and owners as memories, write a compressed summary, verify that every
    item survives in the summary or the store, and keep a receipt.

    Example: {"path": "/home/me/.claude/projects/shop/session.jsonl"}
    """
    file = Path(path).expanduser()
    if not file.is_absolute() or not file.is_file():
        raise InvalidInput(f"{path[:80]!r} is not a transcript file (give its absolute path)")
    report = engine.ingest("transcript", str(file))
    session = read(file, file.read_bytes())
    found = facts(session)
    lines = [f"Session {session.session}: {len(session.turns)} turns."]
    for kind in SUMMARY_KINDS:
        picked = [f for f in found if f.kind == kind]
        if picked:
            lines.append(f"{kind.capitalize()}s:")
            lines += [f"- {f.text}" for f in picked]
    # what leaves passes the rules: the summary is redacted as stored memories are
    summary = engine.clean_text("\n".join(lines) + "\n", "summary")
    stored = _stored_texts(engine, str(file), file.name)
    verified = sum(1 for f in found
                   if (text := engine.clean_text(f.text, "summary")) in summary
                   or text in stored)
    score = verified / len(found) if found else 1.0
    original = _tokens(" ".join(t.text for t in session.turns))
    compressed = _tokens(summary)
    receipt = Receipt(
        id="r" + hashlib.sha256(f"{file}:{engine.now().isoformat()}".encode()).hexdigest()[:15],
        session=engine.clean_text(session.session, "receipt"),
        file=engine.clean_text(shown(file), "receipt"), at=engine.now().isoformat(),
        original_tokens=original, compressed_tokens=compressed,
        ratio=round(compressed / original, 4) if original else 1.0, items=len(found),
        verified=verified, score=round(score, 4), memories_written=report.added,
        threshold=threshold, ok=score >= threshold)
    engine.put_meta(RECEIPTS, {receipt.id: receipt.model_dump()})
    warning = None if receipt.ok else (
        f"VERIFICATION FAILED: {verified} of {len(found)} protected items survive "
        f"(score {score:.2f} < {threshold}); do not discard the transcript: it is unchanged "
        "and every item found is in the store")
    return Compacted(summary=summary, receipt=receipt, warning=warning)


def _stored_texts(engine: Engine, target: str, key: str) -> set[str]:
    state: Any = engine.store.get_meta(namespace("transcript", target), key) or {}
    ids = [mid for _digest, mid in (state.get("items") or {}).values()]
    return {m.content for m in engine.get_many(ids).values()}


class Receipts(BaseModel):
    """Compaction receipts, newest first."""

    receipts: list[Receipt]


def receipts(
    engine: Engine,
    limit: Annotated[int, Field(ge=1, le=500, description="how many")] = 20,
) -> Receipts:
    """The receipts of past compactions, newest first: tokens before and after, items
    protected and verified, score.

    Example: {"limit": 20}
    """
    found = [Receipt.model_validate(v) for v in engine.store.meta_items(RECEIPTS).values()]
    found.sort(key=lambda r: (r.at, r.id), reverse=True)
    return Receipts(receipts=found[:limit])
