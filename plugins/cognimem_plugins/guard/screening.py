"""What the guard does to a write: redact every text field, screen the content for
injection, and record both in the memory's ``meta`` (never the secret itself)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cognimem.models import MemoryDraft, Source

from .injection import Screened, screen
from .secrets import Allowlist, Decision, redact_found

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cognimem.engine import PreparedWrite

#: ``meta`` keys the guard owns: never redacted, recomputed on every screened write.
REDACTIONS = "redactions"
UNTRUSTED = "untrusted"

#: A redaction in a draft: the field (``content``, ``title``, ``tags[0]``, ``meta.note``...)
#: and the decision (its span in that field as written, its kind and reason).
Redacted = tuple[str, Decision]

#: the fields of a draft's source (read once: pydantic builds ``model_fields`` on each read)
_SOURCE_FIELDS = tuple(Source.model_fields)


def redact_draft(draft: MemoryDraft, allow: Allowlist | None = None
                 ) -> tuple[MemoryDraft, list[Redacted]]:
    """The draft with credentials replaced in its content, title, tags, source and meta
    strings, and each redaction with its field."""
    update, found = redacted_fields(draft, allow)
    return draft.model_copy(update=update), found


def redacted_fields(draft: MemoryDraft, allow: Allowlist | None = None,
                    ahead: Callable[[str], tuple[str, list[Decision]] | None] | None = None,
                    ) -> tuple[dict[str, Any], list[Redacted]]:
    """What :func:`redact_draft` changes, as a ``model_copy`` update (``content``, ``tags``
    and ``meta`` always, fresh; ``title`` when there is one; ``source`` only when one of its
    strings changed), and each redaction with its field. The write hook adds its own
    ``meta`` entries to it and copies the draft once. ``ahead``: the content's and the
    title's redaction when it was computed ahead (:mod:`.ahead`; ``redact_found(text,
    allow)``), else None."""
    found: list[Redacted] = []

    def clean(field: str, text: str) -> str:
        out, decisions = redact_found(text, allow)
        if decisions:
            found.extend((field, d) for d in decisions)
        return out

    def clean_ahead(field: str, text: str) -> str:
        known = ahead(text) if ahead is not None else None
        if known is None:
            return clean(field, text)
        out, decisions = known
        if decisions:
            found.extend((field, d) for d in decisions)
        return out

    update: dict[str, Any] = {"content": clean_ahead("content", draft.content)}
    if draft.title:
        update["title"] = clean_ahead("title", draft.title)
    update["tags"] = [clean(f"tags[{i}]", t) for i, t in enumerate(draft.tags)]
    # the source is copied only when one of its strings changed (most writes: none)
    source = draft.source
    cleaned = {k: clean(f"source.{k}", v) for k in _SOURCE_FIELDS
               if isinstance(v := getattr(source, k), str)}
    if any(v != getattr(source, k) for k, v in cleaned.items()):
        update["source"] = source.model_copy(update=cleaned)
    update["meta"] = {k: v if k in (REDACTIONS, UNTRUSTED) else _deep(v, clean, f"meta.{k}")
                      for k, v in draft.meta.items()} if draft.meta else {}
    return update, found


def _deep(value: Any, clean: Callable[[str, str], str], path: str) -> Any:
    if isinstance(value, str):
        return clean(path, value)
    if isinstance(value, dict):
        return {k: _deep(v, clean, f"{path}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v, clean, f"{path}[{i}]") for i, v in enumerate(value)]
    return value


def counts(found: list[Redacted]) -> Counter[str]:
    """How many redactions of each kind."""
    return Counter(d.kind for _, d in found)


def redaction_note(found: list[Redacted]) -> str:
    """The write's note: how many of each kind, and each one's field, span and reason
    (the span is in the field as it was written; the secret itself is never repeated)."""
    by_kind = counts(found)
    listed = ", ".join(f"{n} {k}" for k, n in sorted(by_kind.items()))
    spans = "; ".join(f"{field}[{d.start}:{d.end}] {d.kind}: {d.reason}" for field, d in found)
    return f"redacted {len(found)} secret(s) before storing: {listed} ({spans})"


def screen_draft(draft: MemoryDraft) -> Screened:
    """The injection kinds in the draft's title and content."""
    return screen_fields(draft.title, draft.content)


def screen_fields(title: str | None, content: str) -> Screened:
    """The injection kinds in a title (if any) and a content, read as one text."""
    return screen(f"{title}\n{content}" if title else content)


def untrusted_note(meta: dict[str, Any]) -> str | None:
    """The reason a stored memory is untrusted, or None."""
    flag = meta.get(UNTRUSTED)
    if isinstance(flag, dict):
        return str(flag.get("reason") or "possible prompt injection")
    return None


def mark_untrusted(write: PreparedWrite, meta: dict[str, Any], kinds: Sequence[str],
                   reason: str, mode: str) -> None:
    """Record an injection found in ``write`` in ``meta`` (its ``untrusted`` entry) and
    the write's notes as the profile's ``hooks.guard.injection`` says: ``flag``,
    ``quarantine`` (stored archived) or ``refuse`` (nothing stored)."""
    if mode == "refuse":
        write.reject(f"{reason} ({', '.join(kinds)}); nothing was stored "
                     "(profile option `hooks.guard.injection` = \"refuse\")")
    meta[UNTRUSTED] = {"kinds": list(kinds), "reason": reason}
    if mode == "quarantine":
        meta[UNTRUSTED]["quarantined"] = True
        write.flag(f"quarantined: {reason}; stored archived, out of search "
                   "(restore it to make it searchable)")
    else:
        write.flag(f"flagged untrusted: {reason}")
