"""Agent lifecycle hooks: at session start the project's startup context is injected, before
compaction the transcript is captured and compacted (with a receipt), at session end it is
captured.

``cognimem hooks install claude-code [--write]`` merges three hooks into Claude Code's
``settings.json`` (idempotent: our entries are recognised by their command and replaced;
other hooks are kept; a timestamped backup is made first). Each hook runs ``cognimem hook
EVENT``, which reads the JSON Claude Code sends on stdin (``transcript_path``, ``cwd``) and
never blocks the agent: a failure is reported on stderr and the exit status stays 0.
"""

from __future__ import annotations

import json
import shutil
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from cognimem.errors import InvalidInput, StoreError
from cognimem.names import git_root, project_for

EVENTS = {"SessionStart": "session-start", "PreCompact": "pre-compact",
          "SessionEnd": "session-end"}
MARK = "cognimem hook "


def settings_path(scope: str) -> Path:
    """Claude Code's settings file: the user's, or this project's ``.claude/settings.json``."""
    if scope == "project":
        return Path.cwd() / ".claude" / "settings.json"
    return Path.home() / ".claude" / "settings.json"


def merged(original: str | None, command: str) -> dict[str, Any]:
    """The settings with cognimem's hooks set, every other hook kept."""
    data: Any = {}
    if original and original.strip():
        try:
            data = json.loads(original)
        except ValueError as exc:
            raise StoreError(f"the settings file is not plain JSON ({exc}); nothing was "
                             "written") from None
    if not isinstance(data, dict):
        raise StoreError("the settings file does not hold a JSON object; nothing was written")
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise StoreError("`hooks` in the settings file is not an object; nothing was written")
    for event, word in EVENTS.items():
        groups = [g for g in hooks.get(event, []) if isinstance(g, dict)]
        for group in groups:
            group["hooks"] = [h for h in group.get("hooks", [])
                              if not str(h.get("command", "")).startswith((MARK, command))]
        groups = [g for g in groups if g.get("hooks")]
        groups.append({"hooks": [{"type": "command", "command": f"{command} hook {word}",
                                  "timeout": 120}]})
        hooks[event] = groups
    return data


def install(client: str, *, write: bool, scope: str = "user",
            path: str | None = None) -> tuple[Path, str, str]:
    """The merged settings for ``client`` and where they go; written when ``write``.

    :returns: (file, the new text, what happened: printed, written or unchanged).
    """
    if client != "claude-code":
        raise InvalidInput(f"hooks install knows claude-code; for {client}, see docs/intake.md")
    target = Path(path).expanduser() if path else settings_path(scope)
    original = target.read_text(encoding="utf-8") if target.exists() else None
    command = shutil.which("cognimem") or "cognimem"
    text = json.dumps(merged(original, command), indent=2) + "\n"
    if not write:
        return target, text, "printed"
    if original is not None and json.loads(original or "{}") == json.loads(text):
        return target, text, "unchanged"
    target.parent.mkdir(parents=True, exist_ok=True)
    if original is not None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        shutil.copy2(target, target.with_name(f"{target.name}.bak-{stamp}"))
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)
    return target, text, "written"


def project_of(cwd: str | None) -> str | None:
    """The project a session works in: its folder's git repository's
    (:func:`cognimem.names.project_for`; every worktree of a repository shares it), if any."""
    if not cwd:
        return None
    try:
        return project_for(cwd)
    except OSError:  # the folder is gone
        return None


def folder_of(cwd: str | None) -> str | None:
    """The root of the repository a session works in (where its code anchors are looked
    up), or None."""
    if not cwd:
        return None
    try:
        root = git_root(cwd)
    except OSError:
        return None
    return str(root) if root is not None else None


def read_event(stream: Any = None) -> dict[str, Any]:
    """The JSON a hook receives on stdin (empty when there is none)."""
    raw = (stream or sys.stdin).read()
    try:
        data = json.loads(raw) if raw.strip() else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
