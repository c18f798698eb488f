"""The intake plugin's profile table, ``[hooks.intake]``: where its remote model lives.

A model's address is the user's to choose, never an agent's: it comes from this table or
``$OLLAMA_HOST``, and no tool or command argument can change it (an agent tricked by
injected content could otherwise send a user's files anywhere)."""

from __future__ import annotations

import os

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cognimem.errors import ProfileError
from cognimem.profile import Profile

DEFAULT_HOST = "http://localhost:11434"


class HookOptions(BaseModel):
    """``[hooks.intake]``: the Ollama server the ``ollama`` capture extractor talks to."""

    model_config = ConfigDict(extra="forbid")
    ollama_host: str | None = Field(
        default=None, min_length=1, max_length=2048,
        description="the Ollama URL of `capture --extractor ollama` (default: $OLLAMA_HOST "
                    "or http://localhost:11434)")


def ollama_host(profile: Profile) -> str:
    """The Ollama URL: the profile's ``[hooks.intake] ollama_host``, else ``$OLLAMA_HOST``,
    else Ollama's local default."""
    try:
        options = HookOptions(**profile.hooks.get("intake", {}))
    except ValidationError as exc:  # the engine refuses such a profile at start already
        raise ProfileError(f"profile key `hooks.intake`: {exc.errors()[0]['msg']}") from None
    return options.ollama_host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST
