"""The options of the profile's ``[hooks.guard]`` table, and the allowlist they make."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .secrets import Allowlist

if TYPE_CHECKING:
    from cognimem.engine import Engine

#: the module registered as the guard plugin (its ``HookOptions`` are these)
PLUGIN_MODULE = "cognimem_plugins.guard.plugin"
#: bounds on the allowlist (a profile is input too)
MAX_ALLOWED = 200
MAX_PATTERN_CHARS = 300


class HookOptions(BaseModel):
    """The profile's ``[hooks.guard]`` table."""

    model_config = ConfigDict(extra="forbid")
    secrets: bool = Field(default=True, description="redact credentials in every write and "
                                                    "search before anything is stored")
    injection: Literal["flag", "quarantine", "refuse", "off"] = Field(
        default="flag", description="prompt injection: flag (stored, marked untrusted), "
                                    "quarantine (stored archived, out of search), refuse "
                                    "(not stored), off")
    judge: bool = Field(default=True, description="the semantic injection judge over each "
                                                 "write's MiniLM vector (flags only; skipped "
                                                 "in profiles without the minilm embedder)")
    allow_values: list[str] = Field(
        default_factory=list, max_length=MAX_ALLOWED,
        description="literal values never redacted (a team's own identifiers)")
    allow_patterns: list[str] = Field(
        default_factory=list, max_length=MAX_ALLOWED,
        description="regular expressions; a value a pattern matches whole is never redacted")

    @field_validator("allow_patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        for i, pattern in enumerate(patterns):
            if len(pattern) > MAX_PATTERN_CHARS:
                raise ValueError(f"allow_patterns[{i}] is longer than {MAX_PATTERN_CHARS} "
                                 "characters")
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"allow_patterns[{i}] {pattern[:60]!r} is not a regular "
                                 f"expression: {exc}") from None
        return patterns

    @property
    def allowlist(self) -> Allowlist | None:
        """The allowlist, or None when the profile lists nothing."""
        if not self.allow_values and not self.allow_patterns:
            return None
        return _allowlist(tuple(self.allow_values), tuple(self.allow_patterns))


@lru_cache(maxsize=16)
def _allowlist(values: tuple[str, ...], patterns: tuple[str, ...]) -> Allowlist:
    return Allowlist.of(values, patterns)


def guard_options(engine: Engine) -> HookOptions:
    """The engine's ``[hooks.guard]`` options (the defaults when the table is absent)."""
    module = sys.modules.get(PLUGIN_MODULE)
    found = engine.options_of(module) if module is not None else None
    return found if isinstance(found, HookOptions) else HookOptions()
