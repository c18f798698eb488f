"""Agent and project names, without the models: what the command line needs to name
its writer (``--agent``, ``COGNIMEM_AGENT``, the login name) and a working directory's
project, importable by a warm command that loads nothing heavy."""

from __future__ import annotations

import os
from pathlib import Path

from . import limits

AGENT_ENV = "COGNIMEM_AGENT"
PROJECT_ENV = "COGNIMEM_PROJECT"
#: Longest agent or project name taken from a client (longer ones are cut).
MAX_NAME_CHARS = limits.NAME_CHARS

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
    """The project of a working directory: ``COGNIMEM_PROJECT`` if set, else its git
    repository's (:mod:`cognimem.repository`: ``shop@3f9a12bc``, shared by every worktree
    of the repository, never by an unrelated one), else None (memories are global)."""
    configured = clean_name(os.environ.get(PROJECT_ENV))
    if configured:
        return configured
    root = git_root(directory if directory is not None else os.getcwd())
    if root is None:
        return None
    from .repository import repository_at  # only when a project is looked up

    found = repository_at(root)
    return clean_name(found.project if found is not None else root.name)


def cli_agent(given: str | None = None) -> str:
    """The agent a command records: ``--agent``, else ``COGNIMEM_AGENT``, else the user."""
    for name in (given, os.environ.get(AGENT_ENV)):
        cleaned = clean_name(name)
        if cleaned:
            return cleaned
    import getpass  # only when no name is given (it loads the terminal modules)

    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name for this uid (containers)
        return "user"
