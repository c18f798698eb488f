"""How flagged memories are shown: a write-path plugin (the ``guard``) marks a memory whose
content may carry a prompt injection with ``meta["untrusted"] = {"kinds": [...], "reason":
...}``; whoever presents it to an agent or a user quotes the content and says why."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Memory

#: The ``meta`` key of the flag.
UNTRUSTED_KEY = "untrusted"


def untrusted_reason(memory: Memory) -> str | None:
    """Why the memory is untrusted (its kinds and reason), or None when it is not flagged."""
    flag = memory.meta.get(UNTRUSTED_KEY)
    if not flag:
        return None
    if isinstance(flag, dict):
        kinds = ", ".join(str(k) for k in flag.get("kinds") or [])
        reason = str(flag.get("reason") or "possible prompt injection")
        return f"{reason} ({kinds})" if kinds else reason
    return "possible prompt injection"


def quoted(text: str) -> str:
    """``text`` as quoted data: every line prefixed with ``> ``."""
    return "\n".join("> " + line for line in text.split("\n"))


def presented(memory: Memory) -> tuple[str, str | None]:
    """The content as it should be shown, and the reason when it is untrusted: flagged
    content is quoted, so it reads as data, not as instructions."""
    reason = untrusted_reason(memory)
    if reason is None:
        return memory.content, None
    return quoted(memory.content), reason
