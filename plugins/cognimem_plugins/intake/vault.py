"""``vault``: a folder of markdown notes (Obsidian, Logseq, a docs folder) as memories.

Each note is cut into sections by heading (:mod:`.markdown`); YAML frontmatter (read within a
budget by :mod:`.front`: a note whose frontmatter is too large, too aliased or too deep is
reported and skipped) sets the title, tags, kind, project and validity of its sections, the
rest of it is kept in ``meta.frontmatter``. A section remembers its file, heading path and
line range. ``.gitignore`` and ``.cognimemignore`` files (gitignore syntax, read with
pathspec) are honoured at every level; hidden folders are skipped. Binary, oversized and
unreadable files are reported and skipped, never fatal.

Change detection is the engine's (:mod:`cognimem.sources`): a note whose size and
modification time are those of the last run is not read; a changed one is re-read and only
its changed sections are re-embedded; a note that moved keeps its memories.

Wikilinks are resolved here (:mod:`.links`: by path, file name, title and aliases) to the
keys of the notes they name, which :meth:`VaultSource.link_name` gives the engine; the last
group of a run carries the link summary (resolved, and each unresolved link), and a note
with unresolved links is read again when another note changes.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pathspec
from pydantic import Field

from cognimem.components import Options
from cognimem.errors import InvalidInput
from cognimem.models import MemoryDraft
from cognimem.sources import Group, IntakeSource, Item, Known

from . import front
from .links import LinkTally, NameIndex, aliases_of
from .markdown import sections, wikilinks

if TYPE_CHECKING:
    from cognimem.context import Context

IGNORE_FILES = (".gitignore", ".cognimemignore")
#: Ends the stamp of a note some of whose links did not resolve (it is read again when
#: another note changes: the note it names may have appeared).
UNRESOLVED = "|unresolved"
MAPPED = ("title", "tags", "kind", "project", "valid_from", "valid_until")


class VaultSource(IntakeSource):
    """Markdown notes of a folder, one memory per section."""

    name = "vault"

    class Options(Options):
        """What counts as a note and how large a section may be."""

        suffixes: list[str] = Field(default=[".md", ".markdown"],
                                    description="file name endings read as notes")
        max_chars: int = Field(default=4000, ge=200, le=50_000,
                               description="largest section before it is cut at paragraphs")
        max_file_bytes: int = Field(default=2_000_000, ge=1_000,
                                    description="larger files are reported and skipped")
        kind: str = Field(default="note", description="kind of memories without frontmatter")

    options: VaultSource.Options

    def __init__(self, options: VaultSource.Options | None = None) -> None:
        super().__init__(options)
        self.ctx: Context | None = None

    def open(self, ctx: Context) -> None:
        """Keep the stores: titles and aliases of unchanged notes are read from them."""
        self.ctx = ctx

    def scan(self, target: str, known: Mapping[str, Known]) -> Iterator[Group]:
        """Every note under ``target`` (an absolute folder path). Notes are read, then their
        links resolved against every note's names; the last group carries the run's link
        summary (resolved and unresolved links of the notes read)."""
        root = Path(target)
        if not root.is_absolute():
            raise InvalidInput(f"the vault path {target[:80]!r} must be absolute")
        if not root.is_dir():
            raise InvalidInput(f"{target[:80]!r} is not a folder: give the vault's folder")
        stamps: dict[str, str] = {}
        paths: dict[str, Path] = {}
        groups: list[Group] = []
        for path in self._notes(root):
            key = path.relative_to(root).as_posix()
            try:
                info = path.stat()
            except OSError as exc:
                groups.append(Group(key, "", "", [], [f"{key}: cannot read ({exc.strerror})"]))
                continue
            paths[key] = path
            stamps[key] = f"{info.st_size}:{info.st_mtime_ns}"
        changed = {k for k, stamp in stamps.items()
                   if k not in known or _base(known[k].stamp) != stamp}
        # a note whose links did not all resolve is read again when another note changed
        again = {k for k in stamps if k not in changed and changed and k in known
                 and known[k].stamp.endswith(UNRESOLVED)}
        index = NameIndex()
        notes: list[_Note] = []
        for key, stamp in stamps.items():
            if key in changed or key in again:
                note = self._read(paths[key], key, stamp)
                notes.append(note)
                if note.group.items:
                    index.add(key, note.title, note.aliases)
            else:
                groups.append(Group(key, known[key].stamp, known[key].fingerprint))
        if any(item.links for note in notes for item in note.group.items or []):
            self._index_unread(index, known, {k for k in stamps if k not in changed | again})
        tally = LinkTally()
        for note in notes:
            groups.append(self._resolved(note, index, tally))
        if notes:
            groups[-1].problems.extend(tally.summary())
        yield from groups

    def link_name(self, group_key: str) -> str | None:
        """Items name the notes they link to by key (links are resolved by the source)."""
        return group_key

    def _index_unread(self, index: NameIndex, known: Mapping[str, Known],
                      keys: set[str]) -> None:
        """Names of the notes not read this run: path and file name, and the title and
        aliases their first memory keeps (read from the store in one batch)."""
        first = {k: next(iter(known[k].items.values()))[1] for k in keys if known[k].items}
        found = self.ctx.records.get_memories(first.values()) if self.ctx and first else {}
        for key, mid in sorted(first.items()):
            memory = found.get(mid)
            front = (memory.meta.get("frontmatter") or {}) if memory else {}
            index.add(key, memory.title if memory else None,
                      aliases_of(front) if isinstance(front, dict) else [])

    def _resolved(self, note: _Note, index: NameIndex, tally: LinkTally) -> Group:
        """The note's group with each item's links resolved to note keys, counted."""
        group = note.group
        items: list[Item] = []
        unresolved = False
        for position, item in enumerate(group.items or []):
            targets: list[str] = []
            names = item.draft.meta.get("vault", {}).get("links", [])
            for name in dict.fromkeys(names):
                found = index.resolve(name)
                if found is None:
                    unresolved = True
                    tally.unresolved.append(f"[[{name}]] in {group.key}:"
                                            f"{item.draft.source.line}")
                elif found not in targets and not (found == group.key and position == 0):
                    targets.append(found)
            tally.resolved += len(targets)
            items.append(replace(item, links=tuple(targets)))
        stamp = group.stamp + (UNRESOLVED if unresolved else "")
        return Group(group.key, stamp, group.fingerprint, items, group.problems)

    def _notes(self, root: Path) -> Iterator[Path]:
        suffixes = tuple(s.lower() for s in self.options.suffixes)
        specs: list[tuple[Path, pathspec.PathSpec]] = []
        for folder, dirs, files in os.walk(root):
            here = Path(folder)
            spec = _ignore_spec(here)
            if spec is not None:
                specs.append((here, spec))
            active = [(base, s) for base, s in specs if here == base or base in here.parents]

            def ignored(path: Path, is_dir: bool, rules: list[tuple[Path, Any]] = active) -> bool:
                for base, s in rules:
                    rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
                    if s.match_file(rel):
                        return True
                return False

            dirs[:] = sorted(d for d in dirs
                             if not d.startswith(".") and not ignored(here / d, True))
            for name in sorted(files):
                path = here / name
                if name.lower().endswith(suffixes) and not ignored(path, False):
                    yield path

    def _read(self, path: Path, key: str, stamp: str) -> _Note:
        try:
            size = path.stat().st_size
            if size > self.options.max_file_bytes:
                return _Note(Group(key, stamp, "", [], [
                    f"{key}: {size:,} bytes, over max_file_bytes "
                    f"({self.options.max_file_bytes:,}): skipped"]))
            raw = path.read_bytes()
        except OSError as exc:
            return _Note(Group(key, stamp, "", [], [f"{key}: cannot read ({exc.strerror})"]))
        fingerprint = hashlib.sha256(raw).hexdigest()
        if b"\x00" in raw[:8192]:
            return _Note(Group(key, stamp, fingerprint, [], [f"{key}: a binary file: skipped"]))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _Note(Group(key, stamp, fingerprint, [],
                               [f"{key}: not UTF-8 text (byte {exc.start}): skipped"]))
        problems: list[str] = []
        yaml_text, body, first_line = front.split(text)
        fields: dict[str, Any] = {}
        if yaml_text is not None:
            try:
                fields = front.load(yaml_text)
            except front.OverBudget as exc:
                return _Note(Group(key, stamp, fingerprint, [],
                                   [f"{key}:1: {exc}: note skipped"]))
            except front.NotYaml as exc:
                problems.append(f"{key}:1: frontmatter is not valid YAML ({exc}): "
                                "read as plain text")
                body, first_line = text, 1
        items = self._items(key, path, fields, body, first_line, problems)
        title = str(fields.get("title") or path.stem)
        return _Note(Group(key, stamp, fingerprint, items, problems), title, aliases_of(fields))

    def _items(self, key: str, path: Path, front: dict[str, Any], body: str, first_line: int,
               problems: list[str]) -> list[Item]:
        title = str(front.get("title") or path.stem)
        tags = front.get("tags") or []
        tags = [tags] if isinstance(tags, str) else [str(t) for t in tags if str(t).strip()]
        base: dict[str, Any] = {"kind": str(front.get("kind") or self.options.kind),
                                "tags": tags[:64]}
        if front.get("project"):
            base["scope"] = {"project": str(front["project"])}
        for name in ("valid_from", "valid_until"):
            value = front.get(name)
            if isinstance(value, date | datetime):
                base[name] = value if isinstance(value, datetime) else datetime(
                    value.year, value.month, value.day)
            elif value:
                base[name] = str(value)
        rest = {k: _plain(v) for k, v in front.items() if k not in MAPPED}
        items: list[Item] = []
        counts: dict[tuple[str, ...], int] = {}
        for section in sections(body, first_line=first_line, max_chars=self.options.max_chars):
            n = counts[section.path] = counts.get(section.path, 0) + 1
            item_key = " > ".join(section.path) + (f" #{n}" if n > 1 else "")
            names = wikilinks(section.text)
            meta: dict[str, Any] = {"vault": {"file": key, "headings": list(section.path),
                                              "lines": [section.first, section.last],
                                              "links": names}}
            if rest:
                meta["frontmatter"] = rest
            heading = " > ".join(section.path)
            fields = {**base, "content": section.text, "meta": meta,
                      "title": title if not items else f"{title} > {heading or n}",
                      "source": {"file": key, "line": section.first}}
            try:
                draft = MemoryDraft(**fields)
            except ValueError as exc:
                problems.append(f"{key}:{section.first}: {_first_line(exc)}: section skipped")
                continue
            digest = hashlib.sha256(draft.model_dump_json().encode()).hexdigest()
            links = tuple(dict.fromkeys(n.lower() for n in names))
            items.append(Item(item_key or "(top)", digest, draft, links))
        return items


@dataclass
class _Note:
    """A note read: its group (items with the link names they use), title and aliases."""

    group: Group
    title: str | None = None
    aliases: list[str] = field(default_factory=list)


def _base(stamp: str) -> str:
    """A stamp without its unresolved-links mark."""
    return stamp.removesuffix(UNRESOLVED)


def _ignore_spec(folder: Path) -> pathspec.PathSpec | None:
    lines: list[str] = []
    for name in IGNORE_FILES:
        try:
            lines += (folder / name).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
    return pathspec.PathSpec.from_lines("gitignore", lines) if lines else None


def _plain(value: Any) -> Any:
    """Frontmatter values as JSON data (dates as ISO text)."""
    if isinstance(value, date | datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:160]
