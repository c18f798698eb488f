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

import getpass
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from . import limits

AGENT_ENV = "COGNIMEM_AGENT"
PROJECT_ENV = "COGNIMEM_PROJECT"
#: Longest agent or project name taken from a client (longer ones are cut).
MAX_NAME_CHARS = limits.NAME_CHARS


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


def clean_name(value: str | None) -> str | None:
    """A name stripped and bounded; None when empty."""
    name = (value or "").strip()[:MAX_NAME_CHARS]
    return name or None


def git_root(start: str | Path) -> Path | None:
    """The nearest directory from ``start`` upwards holding ``.git`` (a repository or a
    worktree), or None."""
    path = Path(start).resolve()
    for folder in (path, *path.parents):
        if (folder / ".git").exists():
            return folder
    return None


def project_for(directory: str | Path | None = None) -> str | None:
    """The project of a working directory: ``COGNIMEM_PROJECT`` if set, else the name of
    its git repository's root, else None (no project: memories are global)."""
    configured = clean_name(os.environ.get(PROJECT_ENV))
    if configured:
        return configured
    root = git_root(directory if directory is not None else os.getcwd())
    return clean_name(root.name) if root is not None else None


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


def cli_agent(given: str | None = None) -> str:
    """The agent a command records: ``--agent``, else ``COGNIMEM_AGENT``, else the user."""
    for name in (given, os.environ.get(AGENT_ENV)):
        cleaned = clean_name(name)
        if cleaned:
            return cleaned
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name for this uid (containers)
        return "user"
