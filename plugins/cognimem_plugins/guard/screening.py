"""What the guard does to a write: redact every text field, screen the content for
injection, and record both in the memory's ``meta`` (never the secret itself)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cognimem.models import MemoryDraft

from .injection import Screened, screen
from .secrets import redact

#: ``meta`` keys the guard owns: never redacted, recomputed on every screened write.
REDACTIONS = "redactions"
UNTRUSTED = "untrusted"


def redact_draft(draft: MemoryDraft) -> tuple[MemoryDraft, Counter[str]]:
    """The draft with credentials replaced in its content, title, tags, source and meta
    strings, and how many of each kind were replaced."""
    counts: Counter[str] = Counter()

    def clean(text: str) -> str:
        out, found = redact(text)
        counts.update(found)
        return out

    update: dict[str, Any] = {"content": clean(draft.content)}
    if draft.title:
        update["title"] = clean(draft.title)
    update["tags"] = [clean(t) for t in draft.tags]
    update["source"] = draft.source.model_copy(update={
        k: clean(v) for k, v in draft.source.model_dump().items() if isinstance(v, str)})
    update["meta"] = {k: v if k in (REDACTIONS, UNTRUSTED) else _deep(v, clean)
                      for k, v in draft.meta.items()}
    return draft.model_copy(update=update), counts


def _deep(value: Any, clean: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {k: _deep(v, clean) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v, clean) for v in value]
    return value


def screen_draft(draft: MemoryDraft) -> Screened:
    """The injection kinds in the draft's title and content."""
    return screen(f"{draft.title}\n{draft.content}" if draft.title else draft.content)


def untrusted_note(meta: dict[str, Any]) -> str | None:
    """The reason a stored memory is untrusted, or None."""
    flag = meta.get(UNTRUSTED)
    if isinstance(flag, dict):
        return str(flag.get("reason") or "possible prompt injection")
    return None
