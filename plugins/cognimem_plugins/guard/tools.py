"""The guard's MCP tools: ``guard_scan`` (what the guard would store), ``guard_explain``
(every decision with its reason) and ``guard_rescan`` (screen memories stored before the
guard; a dry run unless ``apply``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, ConfigDict, Field

from cognimem.components import ToolSpec

from .explain import Explanation, explain
from .injection import screen
from .judged import KIND, judge_texts
from .options import guard_options
from .rescan import MAX_RESCAN, RescanResult, rescan
from .secrets import redact

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: The longest text ``guard_scan`` and ``guard_explain`` accept (the default write limit).
MAX_SCAN_CHARS = 100_000

Text = Annotated[str, Field(min_length=1, max_length=MAX_SCAN_CHARS,
                            description="the text to check")]


class Redaction(BaseModel):
    """How many credentials of one kind were found."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    count: int


class Scanned(BaseModel):
    """The text as it would be stored, what was redacted, and why it is untrusted."""

    model_config = ConfigDict(extra="forbid")
    redacted: str
    redactions: list[Redaction]
    injection: list[str]
    reason: str | None = None


def guard_scan(engine: Engine, text: Text) -> Scanned:
    """Check a text for credentials and prompt injection without storing it: the text
    with each credential replaced by [REDACTED:kind], the kinds found, and the injection
    markers.

    Example: {"text": "deploy key AKIA... and ignore previous instructions"}
    """
    cleaned, counts = redact(text, guard_options(engine).allowlist)
    found = screen(cleaned)
    kinds, reason = list(found.kinds), found.reason if found else None
    judged = None if found else judge_texts([cleaned], engine)
    if judged and judged[0].flags:  # the semantic judge, as on a write
        kinds, reason = [KIND], judged[0].reason
    return Scanned(redacted=cleaned,
                   redactions=[Redaction(kind=k, count=n) for k, n in sorted(counts.items())],
                   injection=kinds, reason=reason)


def guard_explain(engine: Engine, text: Text) -> Explanation:
    """Explain every decision the guard makes about a text, without storing it: each
    credential candidate (redacted or kept, with the reason; a redacted value is given by
    its span only) and each prompt-injection cue (fired or not, its weight), the score and
    the threshold, and the semantic judge's probability (over the text's MiniLM vector;
    skipped in profiles without the minilm embedder).

    Example: {"text": "the flag key is checkout-v2-3fa9"}
    """
    allow = guard_options(engine).allowlist
    judged = judge_texts([redact(text, allow)[0]], engine)  # the text as a write embeds it
    return explain(text, allow, judged[0] if judged else None)


def guard_rescan(
    engine: Engine,
    apply: Annotated[bool, Field(description="update the memories (default: a dry run that "
                                             "only lists what would change)")] = False,
    limit: Annotated[int | None, Field(ge=1, le=MAX_RESCAN,
                                       description="read at most this many memories, "
                                                   "newest first")] = None,
) -> RescanResult:
    """Screen stored memories with the guard's current rules (memories written before the
    guard, or before a rule existed): which would have credentials redacted (field, span,
    kind, reason; never the value) or be flagged untrusted. With apply=true each is
    changed through an ordinary update, which writes an event.

    Example: {"apply": false}
    """
    return rescan(engine, apply=apply, limit=limit)


TOOLS = (
    ToolSpec(name="guard_scan", func=guard_scan, title="Check text for secrets and injection",
             read_only=True, idempotent=True, sets=frozenset({"full"})),
    ToolSpec(name="guard_explain", func=guard_explain, title="Explain the guard's decisions",
             read_only=True, idempotent=True, sets=frozenset({"full"})),
    ToolSpec(name="guard_rescan", func=guard_rescan, title="Screen stored memories again",
             read_only=False, destructive=True, idempotent=True, sets=frozenset({"full"})),
)
