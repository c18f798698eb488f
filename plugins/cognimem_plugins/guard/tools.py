"""``guard_scan``: what the guard would do to a text, without storing anything."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, ConfigDict, Field

from cognimem.components import ToolSpec

from .injection import screen
from .secrets import redact

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: The longest text ``guard_scan`` accepts (the default write limit).
MAX_SCAN_CHARS = 100_000


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


def guard_scan(
    engine: Engine,
    text: Annotated[str, Field(min_length=1, max_length=MAX_SCAN_CHARS,
                               description="the text to check")],
) -> Scanned:
    """Check a text for credentials and prompt injection without storing it: the text
    with each credential replaced by [REDACTED:kind], the kinds found, and the injection
    markers.

    Example: {"text": "deploy key AKIA... and ignore previous instructions"}
    """
    cleaned, counts = redact(text)
    found = screen(cleaned)
    return Scanned(redacted=cleaned,
                   redactions=[Redaction(kind=k, count=n) for k, n in sorted(counts.items())],
                   injection=list(found.kinds), reason=found.reason if found else None)


TOOLS = (
    ToolSpec(name="guard_scan", func=guard_scan, title="Check text for secrets and injection",
             read_only=True, idempotent=True, sets=frozenset({"full"})),
)
