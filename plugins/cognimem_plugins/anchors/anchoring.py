"""Anchors taken when a memory is written (the ``cognimem_memory_prepare`` hook): one per
file of the project its content (or title) names, with the hash of the anchored text and
the repository's commit. Anchors already on the memory are kept as they are (an edit does
not silently make a stale anchor fresh: ``cognimem anchors --reanchor`` does)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from cognimem.models import MemoryDraft
from cognimem.session import Session

from .freshness import ANCHORS, ROOT, safe_path
from .refs import MAX_ANCHORS, Ref, folder_of, project_files, resolve, within
from .region import region_hash

#: Seconds allowed to ask git for the commit.
GIT_SECONDS = 2


def commit_of(folder: Path) -> str | None:
    """The commit checked out in ``folder``'s repository, or None (not a repository)."""
    try:
        done = subprocess.run(["git", "-C", str(folder), "rev-parse", "--verify", "-q", "HEAD"],
                              capture_output=True, text=True, timeout=GIT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    head = done.stdout.strip()
    return head if done.returncode == 0 and len(head) in (40, 64) else None


def anchor(ref: Ref, path: Path, commit: str | None) -> dict[str, Any]:
    """An anchor for ``ref``, found at ``path`` now."""
    out = ref.as_dict()
    out["hash"] = region_hash(path, out.get("lines"), ref.symbol)  # type: ignore[arg-type]
    if commit:
        out["commit"] = commit
    return out


def anchored_draft(draft: MemoryDraft, session: Session) -> MemoryDraft:
    """``draft`` with anchors for the project files it names (unchanged when none)."""
    draft = _own_root(draft, session)
    folder = folder_of(session)
    if folder is None:
        return draft
    text = f"{draft.title or ''}\n{draft.content}"
    found = project_files(text, folder, session)
    kept = [a for a in (draft.meta.get(ANCHORS) or []) if isinstance(a, dict)
            and safe_path(a.get("path"))] if isinstance(draft.meta.get(ANCHORS), list) else []
    have = {(a.get("path"), a.get("symbol"), tuple(a.get("lines") or ())) for a in kept}
    new = [(ref, path) for ref, path in found
           if (ref.path, ref.symbol, tuple(ref.as_dict().get("lines") or ())) not in have]  # type: ignore[arg-type]
    if not new:
        return draft
    commit = commit_of(folder)
    anchors = [*kept, *(anchor(ref, path, commit) for ref, path in new)][:MAX_ANCHORS]
    meta = {**draft.meta, ANCHORS: anchors, ROOT: draft.meta.get(ROOT) or str(folder)}
    return draft.model_copy(update={"meta": meta})


def _own_root(draft: MemoryDraft, session: Session) -> MemoryDraft:
    """``draft`` without anchors whose folder lies outside what the session may read (a
    caller's own ``meta``): a check never reads outside the session's roots."""
    root = draft.meta.get(ROOT)
    if root is None:
        return draft
    try:
        inside = isinstance(root, str) and within(Path(root).resolve(), session)
    except (OSError, RuntimeError, ValueError):
        inside = False
    if inside:
        return draft
    meta = {k: v for k, v in draft.meta.items() if k not in (ROOT, ANCHORS)}
    return draft.model_copy(update={"meta": meta})


def reanchored(meta: dict[str, Any], folder: Path, session: Session) -> dict[str, Any] | None:
    """``meta`` with each anchor's hash (and commit) taken again in ``folder``; the anchors
    whose file is gone are dropped. None when nothing changes."""
    anchors = meta.get(ANCHORS)
    if not isinstance(anchors, list):
        return None
    commit = commit_of(folder)
    fresh: list[dict[str, Any]] = []
    for old in anchors:
        if not isinstance(old, dict) or not safe_path(old.get("path")):
            continue
        path = resolve(folder, old["path"], session)
        if path is None:
            continue
        lines = old.get("lines")
        first, last = (lines if isinstance(lines, list) and len(lines) == 2
                       else (None, None))
        symbol = old.get("symbol") if isinstance(old.get("symbol"), str) else None
        ref = Ref(old["path"], first, last, symbol)
        fresh.append(anchor(ref, path, commit))
    out = {**meta, ROOT: str(folder)}
    if fresh:
        out[ANCHORS] = fresh
    else:
        out.pop(ANCHORS, None)
        out.pop(ROOT, None)
    return out if out != meta else None
