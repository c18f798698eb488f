"""``ollama`` extractor: a local model reads each memory and returns entities and relations.

memory-v2's structured extraction: the first ``max_chars`` characters of the memory go to a
local Ollama model (default ``qwen2.5:3b``) with a prompt asking for JSON
``{"entities": [{"name", "type"}], "relations": [{"source", "relation", "target",
"confidence"}]}``; names are normalized (lower case, canonical spacing, no leading article)
and relation names snake_cased. The memory mentions every entity (``mentions`` edges); each
relation is an entity -> entity edge whose weight counts the memories asserting it, with
confidence, provenance and validity (see :mod:`.relations`).

Talks to Ollama with the ``ollama`` Python client, through ``/api/chat`` (default) or
``/api/generate``. Nothing is contacted until the first memory is written; when no Ollama
answers, the write fails with an error naming the host and how to fix it.
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from cognimem.components import Extraction, Extractor, Options
from cognimem.errors import CognimemError
from cognimem.models import Edge, Memory

from .entities import mention_edge
from .kg import MENTIONS, entity_id, normalize_name
from .relations import RelationBook, withdraw_stale_relations

if TYPE_CHECKING:
    from cognimem.context import Context

DEFAULT_HOST = "http://localhost:11434"

PROMPT = """Extract the entities and the relations between them from the text below.
Return JSON only, exactly this shape:
{{"entities": [{{"name": "...",
   "type": "person|project|concept|decision|tool|event|place|file|other"}}],
 "relations": [{{"source": "...", "relation": "...", "target": "...", "confidence": 0.0}}]}}
Rules: use canonical names (full names, no articles), lower case; relation is a short verb
phrase such as uses, part_of, decided, built, caused, works_on, related_to; skip trivial
relations; confidence is between 0 and 1; only use entities that appear in the text.

Text:
{text}"""


class OllamaUnavailable(CognimemError):
    """No Ollama server answered at the configured host (or the model is missing)."""


class OllamaExtractor(Extractor):
    """Entities and relations from a local LLM served by Ollama (optional, needs a server)."""


    name = "ollama"
    edge_types: ClassVar[frozenset[str]] = frozenset({MENTIONS})

    class Options(Options):
        """Which model, where, and how much of each memory it reads."""

        model: str = Field(default="qwen2.5:3b", description="an Ollama model name")
        host: str | None = Field(
            default=None, description=f"server URL (default: $OLLAMA_HOST or {DEFAULT_HOST})")
        api: Literal["chat", "generate"] = Field(default="chat",
                                                 description="/api/chat or /api/generate")
        max_chars: int = Field(default=4000, ge=100, description="characters of each memory sent")
        timeout: float = Field(default=120.0, gt=0, description="seconds per request")
        temperature: float = Field(default=0.0, ge=0)
        max_entities: int = Field(default=30, ge=1)
        max_relations: int = Field(default=30, ge=0)
        default_confidence: float = Field(default=0.8, ge=0, le=1)

    options: OllamaExtractor.Options

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        self._client: Any = None
        self._book = RelationBook()

    @property
    def host(self) -> str:
        """The Ollama URL used."""
        return self.options.host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST

    def _connect(self) -> Any:
        if self._client is None:
            import ollama

            self._client = ollama.Client(host=self.host, timeout=self.options.timeout)
        return self._client

    def ask(self, text: str) -> dict[str, Any]:
        """Send one text to the model; the parsed JSON answer."""
        opts = self.options
        client = self._connect()
        prompt = PROMPT.format(text=text[: opts.max_chars])
        options = {"temperature": opts.temperature}
        try:
            if opts.api == "chat":
                reply = client.chat(model=opts.model, format="json", options=options,
                                    messages=[{"role": "user", "content": prompt}])
                raw = reply["message"]["content"]
            else:
                reply = client.generate(model=opts.model, prompt=prompt, format="json",
                                        options=options)
                raw = reply["response"]
        except ConnectionError as exc:
            raise OllamaUnavailable(
                f"extractor 'ollama': no Ollama server answered at {self.host} ({exc}). "
                "Start one with `ollama serve` (and `ollama pull "
                f"{opts.model}`), set the extractor's `host` option or $OLLAMA_HOST, or drop "
                "the 'ollama' extractor from the profile's [[extract]] list"
            ) from None
        except Exception as exc:  # ollama.ResponseError, httpx errors, timeouts
            status = getattr(exc, "status_code", None)
            hint = (f"pull the model with `ollama pull {opts.model}` or choose another `model`"
                    if status == 404 else "check the server's log")
            raise OllamaUnavailable(
                f"extractor 'ollama': the Ollama server at {self.host} failed on model "
                f"{opts.model!r}: {exc}; {hint}"
            ) from None
        return parse_answer(raw)

    def reextract(self, before: Memory, after: Memory, ctx: Context) -> Extraction:
        """The new text's edges; old mentions dropped and relations no longer asserted
        withdrawn."""
        found = super().reextract(before, after, ctx)
        withdraw_stale_relations(found, ctx.records, after.id)
        return found

    def extract(self, memory: Memory, ctx: Context) -> Extraction:
        """Ask the model about the memory; mentions and relation edges."""
        opts = self.options
        text = f"{memory.title}\n{memory.content}" if memory.title else memory.content
        answer = self.ask(ctx.outbound(text))  # the guard, before the text leaves
        entities: dict[str, str] = {}
        for item in answer.get("entities", [])[: opts.max_entities]:
            name = normalize_name(str(item.get("name", ""))) if isinstance(item, dict) else ""
            if name:
                entities.setdefault(name, str(item.get("type") or "other"))
        relations: list[tuple[str, str, str, float]] = []
        for item in answer.get("relations", [])[: opts.max_relations]:
            if not isinstance(item, dict):
                continue
            source = normalize_name(str(item.get("source", "")))
            target = normalize_name(str(item.get("target", "")))
            relation = relation_name(str(item.get("relation", "")))
            if not (source and target and relation) or source == target:
                continue
            try:
                confidence = float(item.get("confidence", opts.default_confidence))
            except (TypeError, ValueError):
                confidence = opts.default_confidence
            confidence = min(1.0, max(0.0, confidence))
            entities.setdefault(source, "other")
            entities.setdefault(target, "other")
            relations.append((source, relation, target, confidence))
        edges: list[Edge] = [mention_edge(memory, name, kind) for name, kind in entities.items()]
        for source, relation, target, confidence in relations:
            edges.append(self._book.assert_relation(
                ctx, memory, entity_id(source), relation, entity_id(target), confidence))
        return Extraction(edges=edges)


def relation_name(text: str) -> str:
    """A relation label as snake_case ("is part of" -> "is_part_of")."""
    return re.sub(r"[^a-z0-9]+", "_", normalize_name(text)).strip("_")[:60]


def parse_answer(raw: str) -> dict[str, Any]:
    """The model's JSON answer as a dict (the first {...} block; {} when there is none)."""
    try:
        data = json.loads(raw)
    except (TypeError, ValueError):
        match = re.search(r"\{.*\}", raw or "", re.DOTALL)
        if not match:
            return {}
        try:
            data = json.loads(match.group(0))
        except ValueError:
            return {}
    return data if isinstance(data, dict) else {}
