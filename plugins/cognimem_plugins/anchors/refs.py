"""The files of the project a fact names: ``src/net/retry.py``, with an optional line range
(``src/net/retry.py:40-60``, ``:L40-L60``) or symbol (``src/net/retry.py::backoff``,
``src/net/retry.py#backoff``). A name counts only when it is a relative path to a regular
file inside the session's folder (and inside its roots, when it has some); nothing outside
is read."""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass
from pathlib import Path

from cognimem.session import Session

#: Anchors kept per memory (the first names in the text).
MAX_ANCHORS = 16
#: Characters of a memory's text searched for file names.
MAX_TEXT_CHARS = 100_000
#: Longest path and symbol taken.
MAX_PATH_CHARS = 1024
MAX_SYMBOL_CHARS = 200

_REF = re.compile(
    r"(?<![\w/.~:-])"                                   # a whole token, not inside a URL
    r"((?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,12})"   # a relative path with an extension
    r"(?:::?L?(\d{1,7})(?:-L?(\d{1,7}))?"                # :40-60, :L40-L60, :40
    r"|(?:::|#)([A-Za-z_][\w.]{0,199}))?"                # ::symbol, #symbol
    r"(?![\w/])")


@dataclass(frozen=True)
class Ref:
    """A file named in a text: its path relative to the folder, and what part of it."""

    path: str
    start: int | None = None
    end: int | None = None
    symbol: str | None = None

    def as_dict(self) -> dict[str, object]:
        """The part of an anchor that says what is anchored."""
        out: dict[str, object] = {"path": self.path}
        if self.symbol:
            out["symbol"] = self.symbol
        if self.start is not None:
            out["lines"] = [self.start, self.end if self.end is not None else self.start]
        return out


def named(text: str) -> list[Ref]:
    """The file references in ``text``, first seen first, without repeats (not checked)."""
    found: dict[Ref, None] = {}
    for match in _REF.finditer(text[:MAX_TEXT_CHARS]):
        path, start, end, symbol = match.groups()
        if len(path) > MAX_PATH_CHARS or path.startswith("..") or "/../" in path:
            continue
        first = int(start) if start else None
        last = int(end) if end else first
        if first is not None and (first < 1 or last is None or last < first):
            continue
        found.setdefault(Ref(path.removeprefix("./"), first, last, symbol), None)
    return list(found)


def folder_of(session: Session) -> Path | None:
    """The session's folder, resolved, if it has one (and it lies in its roots)."""
    if not session.folder:
        return None
    try:
        folder = Path(session.folder).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not folder.is_dir() or not within(folder, session):
        return None
    return folder


def within(path: Path, session: Session) -> bool:
    """Whether ``path`` (resolved) lies in one of the session's roots (any, without)."""
    if session.roots is None:
        return True
    for root in session.roots:
        try:
            base = Path(root).expanduser().resolve()
        except (OSError, RuntimeError):
            continue
        if path == base or base in path.parents:
            return True
    return False


def resolve(folder: Path, relative: str, session: Session | None = None) -> Path | None:
    """``folder / relative`` when it is a regular file inside ``folder`` (links followed,
    and in the session's roots); None otherwise."""
    try:
        path = (folder / relative).resolve(strict=True)
        mode = path.stat().st_mode
    except (OSError, RuntimeError, ValueError):
        return None
    if folder not in path.parents or not stat.S_ISREG(mode):
        return None
    if session is not None and not within(path, session):
        return None
    return path


def project_files(text: str, folder: Path, session: Session) -> list[tuple[Ref, Path]]:
    """The references of ``text`` that name a file of the project, at most MAX_ANCHORS."""
    out: list[tuple[Ref, Path]] = []
    for ref in named(text):
        path = resolve(folder, ref.path, session)
        if path is not None:
            out.append((ref, path))
            if len(out) >= MAX_ANCHORS:
                break
    return out
