"""Paths as cognimem shows them: relative to the home folder (``~/...``), so no output of a
command or a tool names the user or their absolute home path."""

from __future__ import annotations

import os
import re
from pathlib import Path


def display_path(path: str | os.PathLike[str] | None) -> str | None:
    """``path`` written relative to the home folder (``~/x/y``), or as given when it lies
    outside it; None stays None.

    The home folder is read at every call (``$HOME``), so a test or a daemon started with
    another home shows paths under that one.
    """
    if path is None:
        return None
    text = os.fspath(path)
    try:
        home = Path.home()
    except RuntimeError:  # no home folder known: nothing to hide
        return text
    for base in dict.fromkeys((str(home), str(home.resolve()))):
        if base in ("", "/"):
            continue
        if text == base:
            return "~"
        if text.startswith(base.rstrip(os.sep) + os.sep):
            return "~" + os.sep + text[len(base.rstrip(os.sep)) + 1:]
    return text


def hide_home(text: str) -> str:
    """``text`` with every occurrence of the absolute home path written as ``~`` (for
    messages that embed a path, e.g. an error naming a file)."""
    try:
        home = Path.home()
    except RuntimeError:
        return text
    for base in sorted({str(home), str(home.resolve())}, key=len, reverse=True):
        base = base.rstrip(os.sep)
        if base:
            text = re.sub(re.escape(base) + r"(?![\w.-])", "~", text)
    return text
