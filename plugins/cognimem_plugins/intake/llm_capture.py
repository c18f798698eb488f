"""Capture with a local model (memory-v2's two-pass pipeline), the ``ollama`` extractor of
the transcript source.

Pass 1 sends the transcript in chunks of turns to an Ollama model and asks for the facts
worth keeping (``{"facts": [{"text", "kind", "turn"}]}``). Pass 2 takes each new fact with
the most similar memories already in the store (lexical search) and asks what to do:
``ADD`` it, ``UPDATE`` one of them (the fact supersedes that memory), or ``NOOP`` (already
known). A fact with no similar memory is added without asking. Malformed model output (not
JSON, a fact without text, an unknown action or memory id) is reported as a problem of the
transcript and never stops the rest: an undecidable fact is added, so nothing is lost.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cognimem.errors import CognimemError
from cognimem.models import Query

from .rules import Fact
from .transcript import Transcript, Turn

if TYPE_CHECKING:
    from cognimem.context import Context

KINDS = ("decision", "preference", "commitment", "error", "ownership", "command", "path",
         "value", "fact")
ACTIONS = ("ADD", "UPDATE", "NOOP")

EXTRACT = """Below are numbered turns of a conversation between a user and an AI assistant.
List the facts worth remembering later: decisions, preferences, commitments, exact values,
file paths, commands, errors and their fixes, people and ownership, and personal facts the
user states. Each fact is one self-contained sentence. Skip small talk and anything vague.
Return JSON only, exactly this shape:
{{"facts": [{{"text": "...", "kind": "{kinds}", "turn": 0}}]}}
where turn is the number of the turn the fact comes from.

Turns:
{turns}"""

DECIDE = """A new fact was found in a conversation. Compare it with the existing memories
below and decide:
ADD - the fact is new information;
UPDATE - the fact changes or corrects one existing memory (give its id);
NOOP - an existing memory already says the same.
Return JSON only: {{"action": "ADD|UPDATE|NOOP", "id": "<memory id for UPDATE>"}}

New fact: {fact}

Existing memories:
{memories}"""


class OllamaUnavailable(CognimemError):
    """No Ollama server answered at the configured host (or the model is missing)."""


@dataclass(frozen=True)
class Decision:
    """Pass 2's verdict on one fact: the action and, for UPDATE, the memory superseded."""

    action: str
    target: str | None = None


@dataclass
class Outcome:
    """What the pipeline made of a transcript: facts with their decisions, and problems."""

    kept: list[tuple[Fact, Decision]]
    skipped: int
    problems: list[str]
    #: The turns the model was asked about (and answered) in this run.
    judged: list[Turn] = field(default_factory=list)


class OllamaCapture:
    """The two passes against one Ollama server (options of the transcript source)."""

    def __init__(self, model: str, host: str, timeout: float, chunk_turns: int,
                 max_chunk_chars: int, similar: int,
                 outbound: Callable[[str], str]) -> None:
        self.model = model
        self.host = host
        self.outbound = outbound
        self.timeout = timeout
        self.chunk_turns = chunk_turns
        self.max_chunk_chars = max_chunk_chars
        self.similar = similar
        self._client: Any = None

    def ask(self, prompt: str) -> str:
        """One chat request; the model's raw answer.

        :raises OllamaUnavailable: no server answered, or it failed.
        """
        if self._client is None:
            import ollama

            self._client = ollama.Client(host=self.host, timeout=self.timeout)
        prompt = self.outbound(prompt)  # the guard, before anything leaves the process
        try:
            reply = self._client.chat(model=self.model, format="json",
                                      options={"temperature": 0.0},
                                      messages=[{"role": "user", "content": prompt}])
            return str(reply["message"]["content"])
        except ConnectionError as exc:
            raise OllamaUnavailable(
                f"transcript capture: no Ollama server answered at {self.host} ({exc}). "
                f"Start one with `ollama serve` and `ollama pull {self.model}`, set the "
                "profile's [hooks.intake] ollama_host or $OLLAMA_HOST, or use "
                "extractor = \"rules\"") from None
        except Exception as exc:  # ollama.ResponseError, httpx errors, timeouts
            status = getattr(exc, "status_code", None)
            hint = (f"pull the model with `ollama pull {self.model}` or choose another `model`"
                    if status == 404 else "check the server's log")
            raise OllamaUnavailable(f"transcript capture: the Ollama server at {self.host} "
                                    f"failed on model {self.model!r}: {exc}; {hint}") from None

    def run(self, transcript: Transcript, name: str, fresh: Callable[[Fact], bool],
            ctx: Context | None, exclude: set[str],
            judged: Callable[[Turn], bool] = lambda _turn: False) -> Outcome:
        """Both passes over the turns of ``transcript`` not ``judged`` before; pass 2 only for
        facts ``fresh`` says are new, never against the memories in ``exclude`` (this
        transcript's own)."""
        out = Outcome([], 0, [])
        seen: set[str] = set()
        for chunk in self.chunks([t for t in transcript.turns if not judged(t)]):
            label = f"{name}: turns {chunk[0].number}-{chunk[-1].number}"
            found = self.extract(chunk, label, out.problems)
            if found is None:
                continue
            out.judged += chunk
            for fact in found:
                if fact.text.lower() in seen:
                    continue
                seen.add(fact.text.lower())
                decision = (self.decide(fact, ctx, exclude, label, out.problems)
                            if fresh(fact) else Decision("ADD"))
                if decision.action == "NOOP":
                    out.skipped += 1
                else:
                    out.kept.append((fact, decision))
        return out

    def chunks(self, turns: Sequence[Turn]) -> list[list[Turn]]:
        """Consecutive turns, at most ``chunk_turns`` and about ``max_chunk_chars`` each."""
        out: list[list[Turn]] = []
        size = 0
        for turn in turns:
            if not out or len(out[-1]) >= self.chunk_turns or (
                    size + len(turn.text) > self.max_chunk_chars and out[-1]):
                out.append([])
                size = 0
            out[-1].append(turn)
            size += len(turn.text)
        return out

    def extract(self, chunk: list[Turn], label: str, problems: list[str]) -> list[Fact] | None:
        """Pass 1: the facts of one chunk (malformed entries reported and skipped); None when
        the answer holds no list of facts."""
        per_turn = max(200, self.max_chunk_chars // max(1, len(chunk)))
        lines = "\n".join(f"[{t.number}] {t.role}: {t.text[:per_turn]}" for t in chunk)
        answer = parse_json(self.ask(EXTRACT.format(kinds="|".join(KINDS), turns=lines)))
        entries = answer.get("facts") if answer is not None else None
        if not isinstance(entries, list):
            problems.append(f"{label}: the model's answer has no list of facts: chunk skipped")
            return None
        by_number = {t.number: t for t in chunk}
        found: list[Fact] = []
        for index, entry in enumerate(entries):
            text = entry.get("text") if isinstance(entry, dict) else None
            if not isinstance(text, str) or not 12 <= len(" ".join(text.split())) <= 600:
                problems.append(f"{label}: fact {index} has no usable text: skipped")
                continue
            kind = str(entry.get("kind") or "fact").lower()
            turn_no = entry.get("turn")
            turn = by_number.get(turn_no) if isinstance(turn_no, int) else None
            found.append(Fact(kind if kind in KINDS else "fact", " ".join(text.split()),
                              (turn or chunk[0]).number, (turn or chunk[0]).role,
                              (turn or chunk[0]).line))
        return found

    def decide(self, fact: Fact, ctx: Context | None, exclude: set[str], label: str,
               problems: list[str]) -> Decision:
        """Pass 2: ADD, UPDATE (with the memory superseded) or NOOP; ADD when in doubt."""
        similar = self.neighbours(fact.text, ctx, exclude)
        if not similar:
            return Decision("ADD")
        listing = "\n".join(f"- id {mid}: {text[:400]}" for mid, text in similar)
        answer = parse_json(self.ask(DECIDE.format(fact=fact.text, memories=listing)))
        action = str((answer or {}).get("action", "")).upper()
        if action not in ACTIONS:
            problems.append(f"{label}: no valid action for fact {fact.text[:40]!r}: added")
            return Decision("ADD")
        if action == "UPDATE":
            target = str((answer or {}).get("id", ""))
            if target not in dict(similar):
                problems.append(f"{label}: UPDATE of unknown memory {target[:40]!r} for fact "
                                f"{fact.text[:40]!r}: added")
                return Decision("ADD")
            return Decision("UPDATE", target)
        return Decision(action)

    def neighbours(self, text: str, ctx: Context | None,
                   exclude: set[str]) -> list[tuple[str, str]]:
        """The live memories most like ``text`` (id, content), by lexical search."""
        if ctx is None or ctx.lexical is None or self.similar == 0:
            return []
        words = " ".join(re.findall(r"\w+", text))[:500]
        if not words:
            return []
        k = min(1000, self.similar + len(exclude))
        hits = ctx.lexical.search(Query(text=words, k=k), k)
        ids = [c.id for c in hits if c.id not in exclude]
        found = ctx.records.get_memories(ids)
        live = [(mid, found[mid].content) for mid in ids
                if mid in found and not found[mid].archived and found[mid].superseded_by is None]
        return live[: self.similar]


def parse_json(raw: str) -> dict[str, Any] | None:
    """The model's JSON object (the first {...} block), or None when there is none."""
    try:
        data = json.loads(raw)
    except (TypeError, ValueError):
        match = re.search(r"\{.*\}", raw or "", re.DOTALL)
        if not match:
            return None
        try:
            data = json.loads(match.group(0))
        except ValueError:
            return None
    return data if isinstance(data, dict) else None
