"""The write pipeline's rules that every operation applies, whatever door it came through.

Order (docs/architecture.md, "The write pipeline"): **bounds** (the models' limits) ->
**scope** of the session (:func:`scoped`: its project, agent and, with the branch scope,
branch; :func:`on_branch` is the same rule on the read path) -> **guard** (:func:`clean_raw`
for the free text of a write before validation normalises it, the
``cognimem_memory_prepare`` hooks for a memory's content, title and meta,
:meth:`~.kernel.Kernel.clean_text` for every other text)
-> **authority** (:mod:`.authority`) -> **version chains** (:func:`head_or_refuse`) ->
duplicate / conflict verdicts (:mod:`.guarded`) -> one transaction (:mod:`.unit`) ->
notifications after the commit.
"""

from __future__ import annotations

import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..errors import InvalidInput
from ..models import Memory, MemoryDraft, Query, Scope
from ..models.search import BRANCH_KEY
from ..privacy import hide_home
from ..session import Session

Clean = Callable[[str, str], str]


def clean_raw(data: Mapping[str, Any], clean: Clean) -> dict[str, Any]:
    """A write's raw fields with the free text validation would change cleaned first:
    tags as given (validation lowercases them, and a lowercased credential no longer
    matches its format) and the scope's project."""
    out = dict(data)
    tags = out.get("tags")
    if isinstance(tags, list | tuple):  # a tag validation leaves as it is: the prepare hooks
        out["tags"] = [clean(t, "tag") if isinstance(t, str) and t != t.strip().lower()
                       else t for t in tags]
    scope = out.get("scope")
    if isinstance(scope, Mapping) and isinstance(scope.get("project"), str):
        out["scope"] = {**scope, "project": clean(scope["project"], "project")}
    return out


def explicit_project(data: Mapping[str, Any] | MemoryDraft) -> bool:
    """Whether a write names its project itself (``None`` included: a global memory)."""
    if isinstance(data, MemoryDraft):
        return "project" in data.scope.model_fields_set
    scope = data.get("scope")
    if isinstance(scope, Mapping):
        return "project" in scope
    return scope is not None and "project" in getattr(scope, "model_fields_set", ())


def scoped(draft: MemoryDraft, session: Session, *, project_given: bool,
           branch_scope: bool = False) -> MemoryDraft:
    """``draft`` in the session's project (unless it names its own, or none on purpose) and
    owned by the session's agent (unless its scope names one); with ``branch_scope``, a fact
    captured from an agent's session (``source.session``) on a branch other than the
    default one is kept to that branch (:func:`on_branch` leaves it out elsewhere)."""
    update: dict[str, Any] = {}
    if session.project and not project_given and draft.scope.project is None:
        update["project"] = session.project
    if session.agent and draft.scope.agent is None:
        update["agent"] = session.agent
    if (branch_scope and session.branch and draft.source.session is not None
            and BRANCH_KEY not in draft.meta
            and (not project_given or draft.scope.project == session.project)):
        draft.meta = {**draft.meta, BRANCH_KEY: session.branch}
    if not update:
        return draft
    # validated (#39/#45 wave 13: a draft the prepare hooks leave alone is not validated
    # again, so what the session adds is validated here), its set fields as a copy's
    scope = draft.scope
    draft.scope = Scope.model_validate(
        {**{k: v for k, v in scope.__dict__.items() if k in scope.model_fields_set},
         **update})
    return draft


def on_branch(query: Query, session: Session) -> Query:
    """``query`` reading on the session's branch when it names none: the memories kept to
    another branch are left out (on the default branch, every branch's)."""
    if query.branch is not None or session.branch is None:
        return query
    return query.model_copy(update={"branch": session.branch})


def head_or_refuse(old: Memory, head: Memory | None, *, to_head: bool) -> Memory:
    """The memory a supersession replaces: ``old`` when it is its chain's current version;
    else its head when ``to_head`` (an explicit redirect), else a refusal naming the head.
    A chain keeps one head: replacing a past version would fork it."""
    if old.superseded_by is None:
        return old
    if head is None:
        raise InvalidInput(
            f"memory {old.id} was superseded by {old.superseded_by}, and its chain has no "
            "current version (run `cognimem check --repair`)")
    if to_head:
        return head
    raise InvalidInput(
        f"memory {old.id} is not current: supersede its current version {head.id} "
        "instead (or pass to_head=true to replace the current version)")


#: Never read, whatever the roots: the kernel's and devices' pseudo-files.
SPECIAL = (Path("/proc"), Path("/sys"), Path("/dev"))


def readable(target: str, session: Session) -> Path:
    """``target`` resolved (links followed) as a file or folder an operation may read in
    ``session``: inside one of its roots when it has some, never a special file (a FIFO, a
    device, anything under /proc, /sys or /dev). Raises InvalidInput naming the roots."""
    if not target.strip() or "\x00" in target:
        raise InvalidInput("the path is empty: give the file or folder to read")
    path = Path(target).expanduser()
    try:
        resolved = path.resolve(strict=True)
        mode = resolved.stat().st_mode
    except (OSError, RuntimeError):
        return path  # nothing to read there: the source names what is wrong
    if any(resolved == s or s in resolved.parents for s in SPECIAL) or not (
            stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise InvalidInput(f"{target[:80]!r} is not a regular file or folder: refused")
    if session.roots is None:
        return resolved
    roots = [Path(r).expanduser().resolve() for r in session.roots]
    if not any(resolved == r or r in resolved.parents for r in roots):
        listed = ", ".join(hide_home(str(r)) for r in roots) or "none"
        raise InvalidInput(
            f"{hide_home(target[:80])!r} is outside the folders this server may read "
            f"({listed}); add its folder to the profile key `mcp.read_roots`")
    return resolved
