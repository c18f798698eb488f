"""``entities``: a rule-based entity extractor (no model, no network).

Finds, in order of priority: tags, ``[[wikilink]]`` targets, URLs, file paths, code
identifiers (snake_case, camelCase, PascalCase, dotted names, ``calls()`` and backticked
code), names (runs of capitalized words and acronyms) and noun phrases (RAKE-style runs of up
to three content words between stop words and punctuation). Each becomes an entity node
``entity:<normalized name>`` linked from the memory by a ``mentions`` edge whose weight counts
the mentions (at most 5). With ``cooccurrence = true`` it also links entities found in the
same sentence with ``related_to`` edges whose weight grows by one for every memory that
repeats the pair (provenance lists those memories).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from pydantic import Field

from cognimem.components import Extraction, Extractor, Options
from cognimem.models import Edge, Memory

from ..text import STOPWORDS
from .kg import MENTIONS, entity_id, normalize_name
from .relations import RelationBook, withdraw_stale_relations
from .synapses import wikilink_refs

if TYPE_CHECKING:
    from cognimem.context import Context

KINDS = ("tag", "wikilink", "url", "path", "identifier", "name", "phrase")

_URL = re.compile(r"\bhttps?://[^\s<>\"'`\]\)]+", re.IGNORECASE)
_PATH = re.compile(
    r"(?<![\w/.])(?:~|\.{1,2})?/?(?:[\w.-]+/)+[\w.-]+|"
    r"\b[\w-]+\.(?:py|pyi|js|mjs|ts|tsx|jsx|md|rst|toml|json|jsonl|ya?ml|rs|go|java|kt|c|h|"
    r"cc|cpp|hpp|cs|rb|php|sh|bash|sql|html|css|txt|csv|ini|cfg|lock|ipynb)\b"
)
_BACKTICK = re.compile(r"`([^`\n]{2,80})`")
_IDENTIFIERS = (
    re.compile(r"\b[A-Za-z_][A-Za-z0-9]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\(\)?"),  # dotted calls
    re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\(\)"),  # name()
    re.compile(r"\b_*[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),  # snake_case
    re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b"),  # SCREAMING_CASE
    re.compile(r"\b[a-z]+[A-Z][A-Za-z0-9]*\b"),  # camelCase
    re.compile(r"\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b"),  # PascalCase with an inner capital
)
_CAP = r"[A-Z][\w'\u2019-]*[A-Za-z0-9]"
_NAME = re.compile(rf"\b{_CAP}(?:\s+(?:of\s+|de\s+|van\s+)?{_CAP}){{0,3}}\b")
_ACRONYM = re.compile(r"\b[A-Z]{2,}[0-9]*s?\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_SPLIT = re.compile(r"[^\w'\u2019-]+")

#: Words that never start or make an entity on their own: stop words plus common verbs,
#: adverbs, greetings and vague nouns (so "really", "thanks" or "things" are not entities).
_MORE_COMMON = """about above after again against all also always am any anyone anything around
    away back because before being below between both can cannot could did didn doesn doing
    don done down during each else even ever every few first get gets getting give given go
    goes going gone good got great had hadn hasn haven having here how however isn just keep
    know known last later let like likely lot lots made make makes making many may maybe
    might mine more most much must need needs never new next nice no nor not now off oh ok
    okay once one only other others ours out over own per please pretty quite rather re
    really right said same say says see seem seems seen should shouldn since some something
    sometimes soon still such sure take thank thanks thing things think though through thus
    too totally toward under until up upon us use used uses using very via want wants wasn
    way ways well went weren what whatever while whose wow yeah yes yet yours yourself
    amazing awesome cool glad happy hey hi hello lol love loved sounds sound tell told try
    trying wonderful hope hoping feel feeling felt guess actually definitely absolutely
    day days time times today tomorrow yesterday week weeks year years month months
    ago able kind sort bit little big stuff bunch likes liked loves wants wanted buy bought
    meet met came come comes took takes started start starts finished tried tries enjoy
    enjoys enjoyed saw looks looked looking find found call called calls ask asked asks
    worked play played playing reading doing told tells telling talk talked talking
    getting gotten helps helped help makes share shared sharing"""
COMMON = STOPWORDS | frozenset(_MORE_COMMON.split())


@dataclass
class Found:
    """One entity found in a text: its display name, kind and mention count."""

    name: str
    kind: str
    count: int = 1

    @property
    def id(self) -> str:
        """The entity's node id."""
        return entity_id(self.name)


def _valid(name: str) -> bool:
    norm = normalize_name(name)
    if len(norm) < 2 or not any(ch.isalpha() for ch in norm):
        return False
    return norm not in COMMON


def find_entities(text: str, tags: Iterable[str] = (), kinds: Iterable[str] = KINDS,
                  max_phrase_words: int = 3, limit: int = 40) -> list[Found]:
    """Entities in ``text`` (and ``tags``), most specific kinds first, at most ``limit``."""
    wanted = set(kinds)
    found: dict[str, Found] = {}

    def add(name: str, kind: str) -> None:
        name = name.strip().strip(".,;:!?\"'`")
        if kind not in wanted or not _valid(name):
            return
        key = entity_id(name)
        if key in found:
            found[key].count += 1
        else:
            found[key] = Found(name, kind)

    for tag in tags:
        add(tag, "tag")
    for ref in wikilink_refs(text):
        add(ref, "wikilink")
    rest = re.sub(r"\[\[[^\[\]]+\]\]", " ", text)
    for match in _URL.finditer(rest):
        add(match.group(0).rstrip(".,;:!?"), "url")
    rest = _URL.sub(" ", rest)
    for match in _PATH.finditer(rest):
        add(match.group(0), "path")
    rest = _PATH.sub(" ", rest)
    for match in _BACKTICK.finditer(rest):
        add(match.group(1), "identifier")
    for pattern in _IDENTIFIERS:
        for match in pattern.finditer(rest):
            add(match.group(0), "identifier")
        rest = pattern.sub(" ", rest)
    for sentence in _SENTENCE.split(rest):
        opening = len(sentence) - len(sentence.lstrip())
        for match in _NAME.finditer(sentence):
            words = match.group(0).split()
            initial = match.start() == opening
            while words and (words[0].lower() in STOPWORDS
                             or (initial and words[0].lower() in COMMON)):
                words = words[1:]  # "The", "I", or a capitalized sentence opener ("Thanks")
                initial = False
            if words:
                add(" ".join(words), "name")
        for match in _ACRONYM.finditer(_NAME.sub(" ", sentence)):
            add(match.group(0), "name")
        if "phrase" in wanted:
            for phrase in _phrases(sentence, max_phrase_words):
                add(phrase, "phrase")
    order = {kind: i for i, kind in enumerate(KINDS)}
    ranked = sorted(found.values(), key=lambda f: (order[f.kind], -f.count))
    return ranked[:limit]


def _phrases(sentence: str, max_words: int) -> Iterable[str]:
    """RAKE-style candidate phrases: runs of content words between stop words."""
    run: list[str] = []
    for raw in [*_SPLIT.split(sentence), ""]:
        word = raw.strip("'\u2019-")
        lower = word.lower()
        if (word and word[0].islower() and lower not in COMMON and not lower.isdigit()
                and len(lower) > 2):
            run.append(lower)  # capitalized words are names, found above
            continue
        if run:
            for start in range(0, len(run), max_words):
                chunk = run[start : start + max_words]
                if len(chunk) > 1 or (len(chunk[0]) >= 4
                                      and not chunk[0].endswith(("ed", "ly"))):
                    yield " ".join(chunk)
        run = []


def sentences_of(text: str) -> list[str]:
    """The sentences of a text (split after . ! ? and at line breaks)."""
    return [s for s in _SENTENCE.split(text) if s.strip()]


class EntityExtractor(Extractor):
    """Rule-based entities: memory -> ``entity:<name>`` ``mentions`` edges (no LLM)."""


    name = "entities"
    edge_types: ClassVar[frozenset[str]] = frozenset({MENTIONS, "related_to"})

    class Options(Options):
        """Which kinds of entity to find and how many."""

        kinds: list[str] = Field(default_factory=lambda: list(KINDS),
                                 description="any of: " + ", ".join(KINDS))
        max_entities: int = Field(default=30, ge=1, le=500, description="per memory")
        max_phrase_words: int = Field(default=3, ge=1, le=6)
        cooccurrence: bool = Field(default=False,
                                   description="link entities of the same sentence (related_to)")
        max_pairs: int = Field(default=20, ge=0, description="co-occurrence edges per memory")

    options: EntityExtractor.Options

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        unknown = sorted(set(self.options.kinds) - set(KINDS))
        if unknown:
            from cognimem.errors import ProfileError

            raise ProfileError(f"extractor 'entities': unknown kinds {unknown}; "
                               f"choose from {', '.join(KINDS)}")
        self._book = RelationBook()

    def reextract(self, before: Memory, after: Memory, ctx: Context) -> Extraction:
        """The new text's edges; old mentions dropped and relations no longer asserted
        withdrawn."""
        found = super().reextract(before, after, ctx)
        withdraw_stale_relations(found, ctx.records, after.id)
        return found

    def extract(self, memory: Memory, ctx: Context) -> Extraction:
        """Find the memory's entities (and, optionally, co-occurrence relations)."""
        opts = self.options
        text = f"{memory.title}\n{memory.content}" if memory.title else memory.content
        found = find_entities(text, memory.tags, opts.kinds, opts.max_phrase_words,
                              opts.max_entities)
        edges = [mention_edge(memory, f.name, f.kind, f.count) for f in found]
        if opts.cooccurrence and opts.max_pairs:
            pairs: list[tuple[str, str]] = []
            for sentence in sentences_of(text):
                names = [f.id for f in find_entities(sentence, (), opts.kinds,
                                                     opts.max_phrase_words, 8)]
                for i, a in enumerate(names):
                    for b in names[i + 1 :]:
                        pair = (min(a, b), max(a, b))
                        if a != b and pair not in pairs:
                            pairs.append(pair)
            for a, b in pairs[: opts.max_pairs]:
                edges.append(self._book.assert_relation(ctx, memory, a, "related_to", b, 0.5))
        return Extraction(edges=edges)


def mention_edge(memory: Memory, name: str, kind: str, count: int = 1) -> Edge:
    """The ``mentions`` edge from a memory to the entity called ``name``."""
    return Edge(source=memory.id, target=entity_id(name), type=MENTIONS,
                weight=float(min(5, count)), provenance=[memory.id],
                valid_from=memory.valid_from, valid_until=memory.valid_until,
                meta={"name": name, "kind": kind})


__all__ = ["COMMON", "KINDS", "EntityExtractor", "Found", "find_entities", "mention_edge",
           "normalize_name"]
