"""guard: redacts credentials before anything is written and flags prompt injection.

Hook implementations on the write path (``cognimem_memory_prepare``, first of all prepare
hooks; ``cognimem_memory_embedded``: the semantic judge over the write's vector) and the
read path (``cognimem_query_prepare``: a search's text is redacted before it is used or
kept in the access history), a ``guard_scan`` MCP tool, and the options of the
profile's ``[hooks.guard]`` table (see docs/guards.md).
"""

from __future__ import annotations

from typing import Any

from cognimem import hookimpl
from cognimem.components import CommandSpec
from cognimem.engine import Engine, PreparedQuery, PreparedText, PreparedWrite
from cognimem.models import Memory, MemoryDraft
from cognimem.registry import Register

from .ahead import compute, options_of, redaction, screened, untouched
from .judged import judge_writes
from .options import HookOptions
from .screening import (
    REDACTIONS,
    UNTRUSTED,
    Redacted,
    counts,
    mark_untrusted,
    redacted_fields,
    redaction_note,
)
from .secrets import redact
from .tools import TOOLS

__all__ = ["HookOptions"]


@hookimpl
def cognimem_memory_prepare_many(drafts: list[MemoryDraft], engine: Engine) -> None:
    """Redact, then screen, a chunk of drafts ahead of their prepare hooks (:mod:`.ahead`)."""
    compute(drafts, engine)


@hookimpl(tryfirst=True)
def cognimem_memory_prepare(write: PreparedWrite, engine: Engine) -> None:
    """Redact credentials; flag, quarantine or refuse prompt injection."""
    options = options_of(engine)
    draft = write.draft
    if untouched(engine, options, draft):
        return  # (wave 12) nothing to redact nor flag, by the results computed ahead
    # one copy of the draft at the end, with every field the guard changed (none: no copy;
    # the engine's draft is its own, made for this write)
    update: dict[str, Any]
    redacted: list[Redacted] = []
    if options.secrets:
        update, redacted = redacted_fields(draft, options.allowlist,
                                           lambda text: redaction(engine, text))
        meta = update["meta"]
        if redacted:
            meta[REDACTIONS] = [{"kind": k, "count": n}
                                for k, n in sorted(counts(redacted).items())]
            write.flag(redaction_note(redacted))
        elif "[REDACTED:" not in update["content"]:
            meta.pop(REDACTIONS, None)
    else:
        update = {"meta": (meta := dict(draft.meta))}
    meta.pop(UNTRUSTED, None)
    if options.injection != "off":
        found = screened(engine, update.get("title", draft.title),
                         update.get("content", draft.content))
        if found:
            mark_untrusted(write, meta, found.kinds, found.reason, options.injection)
    if redacted or meta != draft.meta:
        write.draft = draft.model_copy(update=update)


@hookimpl(tryfirst=True)
def cognimem_query_prepare(query: PreparedQuery, engine: Engine) -> None:
    """Redact credentials in a search's text (it is kept in the access history)."""
    options = options_of(engine)
    if options.secrets:
        query.text = redact(query.text, options.allowlist)[0]


def _quarantine(engine: Engine, memory: Memory) -> None:
    flag = memory.meta.get(UNTRUSTED)
    if isinstance(flag, dict) and flag.get("quarantined") and not memory.archived:
        engine.archive(memory.id, reason=f"quarantined: {flag.get('reason')}")


@hookimpl
def cognimem_memory_derive(before: Memory | None, after: Memory | None,
                           engine: Engine) -> None:
    """In the write's transaction: move a quarantined new memory (or new content) to the
    graveyard, so it is never searchable, not even between two commits."""
    if after is not None and (before is None or before.content != after.content):
        _quarantine(engine, after)


@hookimpl
def cognimem_memory_embedded(writes: list[PreparedWrite], engine: Engine) -> None:
    """Flag (quarantine, refuse) what the semantic injection judge reads as an injection in
    the writes the text guard did not flag, from their vectors (minilm profiles only)."""
    judge_writes(writes, engine)


@hookimpl
def cognimem_register_tools(register: Register) -> None:
    """Register ``guard_scan``."""
    for spec in TOOLS:
        register(spec)


@hookimpl
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem guard`` (its module loads only when the command runs)."""
    register(CommandSpec(name="guard", help="check a text for secrets and prompt injection "
                                            "(nothing is stored)",
                         configure="cognimem_plugins.guard.cli:configure"))


@hookimpl(tryfirst=True)
def cognimem_text_prepare(text: PreparedText, engine: Engine) -> None:
    """Redact credentials in every other text a write stores or the product writes out."""
    options = options_of(engine)
    if options.secrets:
        cleaned, found = redact(text.text, options.allowlist)
        if found:
            text.text = cleaned
            text.notes.append(f"redacted {sum(found.values())} secret(s) in the {text.where}")
