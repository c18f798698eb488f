"""Wikilinks resolved to notes: ``[[Name]]``, ``[[Name|label]]`` and ``[[Name#Heading]]``
name a note by its vault-relative path (``[[sub/Database]]``), its file name, its title or
one of its frontmatter ``aliases``, case-insensitively, in that order of precedence. Two
notes with the same name: the one nearer the vault's root wins, then the first by path."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

#: Precedence of the ways a note is named (lower wins).
PATH, STEM, TITLE, ALIAS = range(4)
#: Unresolved links listed in a run's summary (the count is always complete).
MAX_LISTED = 100


def aliases_of(front: dict[str, Any]) -> list[str]:
    """The ``aliases`` (or ``alias``) of a note's frontmatter, as text."""
    found = front.get("aliases", front.get("alias"))
    values = [found] if isinstance(found, str) else found if isinstance(found, list) else []
    return [str(v).strip() for v in values if str(v).strip()][:64]


def _norm(name: str) -> str:
    name = " ".join(name.strip().lower().split()).lstrip("/")
    for suffix in (".md", ".markdown"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name


@dataclass
class NameIndex:
    """Names of the vault's notes (those with at least one memory) -> note key."""

    _best: dict[str, tuple[int, int, str]] = field(default_factory=dict)

    def add(self, key: str, title: str | None = None, aliases: Iterable[str] = ()) -> None:
        """Index note ``key`` (its vault-relative path) under every name it goes by."""
        path = PurePosixPath(key)
        depth = len(path.parts)
        names = [(PATH, str(path.with_suffix(""))), (STEM, path.stem)]
        names += [(TITLE, title)] if title else []
        names += [(ALIAS, a) for a in aliases]
        for rank, name in names:
            norm = _norm(name)
            if not norm:
                continue
            candidate = (rank, depth, key)
            if norm not in self._best or candidate < self._best[norm]:
                self._best[norm] = candidate

    def resolve(self, name: str) -> str | None:
        """The key of the note ``name`` names, or None."""
        found = self._best.get(_norm(name))
        return found[2] if found else None


@dataclass
class LinkTally:
    """Links of the notes read in one run: how many resolved, which did not."""

    resolved: int = 0
    unresolved: list[str] = field(default_factory=list)

    def summary(self) -> list[str]:
        """The lines a run's report lists."""
        lines = [f"links: {self.resolved} resolved, {len(self.unresolved)} unresolved"]
        lines += [f"unresolved link {u}" for u in self.unresolved[:MAX_LISTED]]
        if len(self.unresolved) > MAX_LISTED:
            lines.append(f"... and {len(self.unresolved) - MAX_LISTED} more unresolved links")
        return lines
