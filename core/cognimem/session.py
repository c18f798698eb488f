"""The session a write belongs to: the agent and project a door works for.

Every door (an MCP tool call, an agent hook, a CLI command, the daemon's dispatch of a
client's call) binds the session it serves with :func:`bound`; the engine's write pipeline
reads it with :func:`current` and gives every memory written without a project or an agent
the session's (the *scope* step, see docs/architecture.md). A door added later gets the rule
by binding its session, whatever engine operations it then calls; a client of the daemon
sends its bound session with each call (:class:`~cognimem.daemon.remote.RemoteEngine`) and
the daemon binds it around the call.

A memory meant for every project says so explicitly (``scope={"project": None}``, the
``global_scope`` of the ``remember`` tool): an explicit ``None`` is kept.

A session bound with a folder knows its **branch** the same way: the branch checked out
there when it is not the repository's default one (read from the ``.git`` files, no
``git`` process; :func:`cognimem.repository.branch_of`). With the profile's
``write.branch_scope`` a fact captured on it is kept to that branch until it is promoted
(docs/intake.md, "Branch scope").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from . import limits
from .errors import InvalidInput

__all__ = ["Session", "bound", "current", "exactly"]


@dataclass(frozen=True)
class Session:
    """Who writes (``agent``) and in which project (``project``); None: not known."""

    agent: str | None = None
    project: str | None = None
    #: The folders a file-reading operation (ingest, capture, vault, compact) may read in
    #: this session; None: anywhere the process may (the user's own shell and hooks). An
    #: MCP server binds its roots (docs/mcp.md, "Files the tools read").
    roots: tuple[str, ...] | None = None
    #: The folder the session works in (its repository's root): where a fact's file names
    #: are looked up (code anchors); None: not known. An MCP server binds its project's
    #: folder, the command line the repository of its working directory.
    folder: str | None = None
    #: The branch the session works on when it is not the repository's default branch;
    #: None on the default branch or outside a repository. A folder bound without one
    #: binds its own (:func:`bound`).
    branch: str | None = None

    @classmethod
    def of(cls, value: Session | Mapping[str, Any] | None) -> Session:
        """A session from a Session, its dict (over a wire, or a tool's caller) or None.

        :raises InvalidInput: a name that is not text or is too long, or roots that are not
            a list of paths.
        """
        if value is None:
            return NONE
        if isinstance(value, Session):
            return value
        roots = value.get("roots")
        if roots is not None and (not isinstance(roots, list | tuple)
                                  or not all(isinstance(r, str) for r in roots)):
            raise InvalidInput("session roots must be a list of folder paths")
        folder = value.get("folder")
        if folder is not None and (not isinstance(folder, str)
                                   or len(folder) > limits.PATH_CHARS):
            raise InvalidInput("session folder must be a path")
        return cls(agent=_name(value.get("agent"), "agent"),
                   project=_name(value.get("project"), "project"),
                   roots=tuple(roots) if roots is not None else None, folder=folder or None,
                   branch=_name(value.get("branch"), "branch"))

    def as_dict(self) -> dict[str, Any]:
        """The session as JSON data (what a client of the daemon sends)."""
        return {"agent": self.agent, "project": self.project,
                "roots": list(self.roots) if self.roots is not None else None,
                "folder": self.folder, "branch": self.branch}

    def __bool__(self) -> bool:
        return (self.agent is not None or self.project is not None or self.roots is not None
                or self.folder is not None or self.branch is not None)


def _name(value: object, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput(f"session {what} must be text")
    value = value.strip()
    if len(value) > limits.NAME_CHARS:
        raise InvalidInput(f"session {what} is {len(value):,} characters; the limit is "
                           f"{limits.NAME_CHARS}")
    return value or None


NONE = Session()
_CURRENT: ContextVar[Session] = ContextVar("cognimem_session", default=NONE)


def current() -> Session:
    """The session bound in this thread or task (an empty one when none is)."""
    return _CURRENT.get()


@contextmanager
def bound(session: Session | Mapping[str, Any] | None) -> Iterator[Session]:
    """Bind ``session`` for what runs inside; fields it leaves None keep the outer one's (but
    a folder given without a branch binds the branch checked out there now)."""
    outer = _CURRENT.get()
    given = Session.of(session)
    branch = given.branch
    if branch is None:  # read again each time: a checkout in the folder changes it
        branch = _branch_at(given.folder) if given.folder else outer.branch
    merged = Session(agent=given.agent or outer.agent, project=given.project or outer.project,
                     roots=given.roots if given.roots is not None else outer.roots,
                     folder=given.folder or outer.folder, branch=branch)
    token = _CURRENT.set(merged)
    try:
        yield merged
    finally:
        _CURRENT.reset(token)


def _branch_at(folder: str | None) -> str | None:
    """The branch a session in ``folder`` works on (see :attr:`Session.branch`)."""
    from pathlib import Path

    from .repository import branch_of

    if not folder:
        return None
    found = branch_of(Path(folder))
    return found if found is not None and len(found) <= limits.NAME_CHARS else None


#: The key under which an in-process caller (the daemon's group commit) hands ``add_many`` the
#: session of each item it carries for another caller (a Session object: never from a wire).
ITEM_SESSION = "_session"


@contextmanager
def exactly(session: Session) -> Iterator[Session]:
    """Bind ``session`` as it is, the outer one's fields not kept (a write carried out of
    its caller's thread, as the daemon's group commit does)."""
    token = _CURRENT.set(session)
    try:
        yield session
    finally:
        _CURRENT.reset(token)
