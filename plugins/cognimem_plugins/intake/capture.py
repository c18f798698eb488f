"""``transcript``: an agent session (Claude Code or Codex CLI JSON lines, chat messages, or a
text/markdown log with speaker labels: :mod:`.transcript`) read into memories, one per fact
worth keeping (:mod:`.rules`). Capturing the same session again
as it grows adds only the new facts; every memory carries its session and turn.

Facts are found by rules (the default, no model) or, with ``extractor = "ollama"``, by a
local model in two passes that also decide, per fact, against similar memories already
stored: add it, let it supersede one of them, or skip it (:mod:`.llm_capture`)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from cognimem.components import Options
from cognimem.errors import InvalidInput
from cognimem.models import MemoryDraft, Scope, Source
from cognimem.sources import Group, IntakeSource, Item, Known

from .judged import JudgedTurns
from .llm_capture import OllamaCapture
from .options import ollama_host
from .rules import Fact, facts
from .transcript import Transcript, read

if TYPE_CHECKING:
    from cognimem.context import Context

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
        extractor: Literal["rules", "ollama"] = Field(
            default="rules", description="rules (no model) or ollama (a local model)")
        model: str = Field(default="qwen2.5:3b", description="the Ollama model (ollama)")
        timeout: float = Field(default=120.0, gt=0, le=3600, description="seconds a request")
        chunk_turns: int = Field(default=12, ge=1, le=200,
                                 description="turns sent to the model at once (ollama)")
        max_chunk_chars: int = Field(default=8000, ge=500, le=100_000,
                                     description="characters sent at once (ollama)")
        similar: int = Field(default=5, ge=0, le=50,
                             description="stored memories each new fact is compared with")

    options: TranscriptSource.Options

    def __init__(self, options: TranscriptSource.Options | None = None) -> None:
        super().__init__(options)
        self.ctx: Context | None = None

    def open(self, ctx: Context) -> None:
        """Keep the stores: the ollama extractor compares new facts with stored memories."""
        self.ctx = ctx

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
        session = read(path, raw)
        meta: dict[str, dict[str, object]] = {}  # the turns the model judged (.judged)
        if self.options.extractor == "ollama":
            items, meta = self.model_items(session, str(path), old)
        else:
            items = [self.item(fact, session.session, path.name) for fact in facts(session)]
        yield Group(path.name, stamp, hashlib.sha256(raw).hexdigest(), items, session.problems,
                    meta)

    def model_items(self, session: Transcript, target: str, old: Known | None,
                    ) -> tuple[list[Item], dict[str, dict[str, object]]]:
        """The items of the two-pass model pipeline; a fact captured before keeps its memory
        (no second pass), an UPDATE supersedes the memory chosen, a NOOP is not kept. Turns
        the model judged before (:mod:`.judged`) are not sent again: their facts are kept as
        they are. Also the group's ``meta``: the turns judged this run."""
        o = self.options
        file = Path(target).name
        if self.ctx is None:
            raise InvalidInput("transcript capture: the ollama extractor needs an open engine")
        # the host is the profile's or the environment's, never an option a caller passes;
        # every prompt passes the engine's guard before it leaves (ctx.outbound)
        pipeline = OllamaCapture(o.model, ollama_host(self.ctx.profile), o.timeout,
                                 o.chunk_turns, o.max_chunk_chars, o.similar,
                                 outbound=self.ctx.outbound)
        before = old.items if old is not None else {}
        memo = JudgedTurns(self.ctx, target, o.model, session.turns)
        earlier = {t.number: keys for t in session.turns
                   if (keys := memo.kept(t, before)) is not None}
        outcome = pipeline.run(session, file, lambda f: _key(f) not in before, self.ctx,
                               {mid for _digest, mid in before.values()},
                               judged=lambda t: t.number in earlier)
        session.problems.extend(outcome.problems)
        items = [Item(key, before[key][0], MemoryDraft(content="(judged before)"))
                 for keys in earlier.values() for key in keys]
        judged: dict[int, list[str]] = {t.number: [] for t in outcome.judged}
        for fact, decision in outcome.kept:
            item = self.item(fact, session.session, file)
            judged.setdefault(fact.turn, []).append(item.key)
            if item.key in before:
                item = Item(item.key, before[item.key][0], item.draft)
            elif decision.target is not None:
                draft = item.draft.model_copy(update={"supersedes": decision.target})
                item = Item(item.key, item.digest, draft)
            items.append(item)
        return items, memo.meta(judged)

    def item(self, fact: Fact, session: str, file: str) -> Item:
        """The memory of one fact."""
        draft = MemoryDraft(
            content=fact.text, kind=fact.kind, tags=["captured", fact.kind],
            importance=IMPORTANCE.get(fact.kind, 0.5),
            # no project given: the session's (an explicit None would make it global)
            scope=Scope(project=self.options.project) if self.options.project else Scope(),
            source=Source(file=file, line=fact.line, session=session),
            meta={"capture": {"session": session, "turn": fact.turn, "role": fact.role}})
        digest = hashlib.sha256(draft.model_dump_json().encode()).hexdigest()
        return Item(_key(fact), digest, draft)


def _key(fact: Fact) -> str:
    """A fact's key within its transcript: its turn and a hash of its text."""
    return f"{fact.turn}:{hashlib.sha256(fact.text.encode()).hexdigest()[:12]}"
