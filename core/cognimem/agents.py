"""Who is calling, and in which project: the identity tools and commands write with.

An MCP tool learns its caller from the server (:class:`Caller`, filled per call and never
part of the tool's input schema): the agent's name comes from the client's ``clientInfo``,
else ``COGNIMEM_AGENT``, else the ``--agent`` the client's config passes to ``cognimem
serve`` (as ``cognimem config --agent`` writes it). The project is the one configured
(``--project`` / ``COGNIMEM_PROJECT``), else the name of the git repository the server runs
in (clients start it in the workspace). The command line records the user
(``--agent``, else ``COGNIMEM_AGENT``, else the login name).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from .names import (
    AGENT_ENV,
    MAX_NAME_CHARS,
    PROJECT_ENV,
    clean_name,
    cli_agent,
    git_root,
    project_for,
)

__all__ = ["AGENT_ENV", "MAX_NAME_CHARS", "PROJECT_ENV", "Caller", "clean_name", "cli_agent",
           "git_root", "project_for", "server_caller"]


class Caller(BaseModel):
    """The agent behind a tool call and the project it works in (None: unknown)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    agent: str | None = None
    project: str | None = None
    #: Where the agent's name came from: ``client``, ``env``, ``config`` or ``user``.
    source: str | None = None

    @classmethod
    def of(cls, value: Caller | Mapping[str, Any] | None) -> Caller:
        """A caller from what a tool received (a Caller, its dict over a wire, or None)."""
        if value is None:
            return cls()
        return value if isinstance(value, Caller) else cls.model_validate(dict(value))


def server_caller(client_name: str | None, *, agent: str | None = None,
                  project: str | None = None) -> Caller:
    """The caller of an MCP tool: the client's ``clientInfo`` name, else ``COGNIMEM_AGENT``,
    else the configured ``agent``; the configured ``project``."""
    for name, source in ((client_name, "client"), (os.environ.get(AGENT_ENV), "env"),
                         (agent, "config")):
        cleaned = clean_name(name)
        if cleaned:
            return Caller(agent=cleaned, project=clean_name(project), source=source)
    return Caller(project=clean_name(project))


