"""``transcript``: an agent session (Claude Code JSON lines, or plain text/markdown) read into
memories, one per fact worth keeping (:mod:`.transcript`). Capturing the same session again
as it grows adds only the new facts; every memory carries its session and turn."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from pathlib import Path

from pydantic import Field

from cognimem.components import Options
from cognimem.errors import InvalidInput
from cognimem.models import MemoryDraft, Scope, Source
from cognimem.sources import Group, IntakeSource, Item, Known

from .transcript import Fact, facts, read

#: How much a kind of fact matters at the start (importance of its memory).
IMPORTANCE = {"decision": 0.8, "preference": 0.7, "commitment": 0.7, "error": 0.6,
              "ownership": 0.6, "command": 0.5, "path": 0.4, "value": 0.5}


class TranscriptSource(IntakeSource):
    """The facts of an agent session, as memories."""

    name = "transcript"

    class Options(Options):
        """Limits of a transcript."""

        max_file_bytes: int = Field(default=50_000_000, ge=1_000,
                                    description="larger transcripts are refused")
        project: str | None = Field(default=None, description="project of the memories")

    options: TranscriptSource.Options

    def scan(self, target: str, known: Mapping[str, Known]) -> Iterator[Group]:
        """One group: the transcript file."""
        path = Path(target)
        if not path.is_absolute() or not path.is_file():
            raise InvalidInput(f"{target[:80]!r} is not a transcript file (give its absolute "
                               "path)")
        info = path.stat()
        if info.st_size > self.options.max_file_bytes:
            raise InvalidInput(f"{path.name} is {info.st_size:,} bytes; the limit is "
                               f"{self.options.max_file_bytes:,} (option max_file_bytes)")
        stamp = f"{info.st_size}:{info.st_mtime_ns}"
        old = known.get(path.name)
        if old is not None and old.stamp == stamp:
            yield Group(path.name, stamp, old.fingerprint)
            return
        raw = path.read_bytes()
        text = raw.decode("utf-8", errors="replace")
        session = read(path, text)
        items = [self.item(fact, session.session, path.name) for fact in facts(session)]
        yield Group(path.name, stamp, hashlib.sha256(raw).hexdigest(), items, session.problems)

    def item(self, fact: Fact, session: str, file: str) -> Item:
        """The memory of one fact."""
        draft = MemoryDraft(
            content=fact.text, kind=fact.kind, tags=["captured", fact.kind],
            importance=IMPORTANCE.get(fact.kind, 0.5),
            scope=Scope(project=self.options.project),
            source=Source(file=file, line=fact.line, session=session),
            meta={"capture": {"session": session, "turn": fact.turn, "role": fact.role}})
        digest = hashlib.sha256(draft.model_dump_json().encode()).hexdigest()
        key = f"{fact.turn}:{hashlib.sha256(fact.text.encode()).hexdigest()[:12]}"
        return Item(key, digest, draft)
