"""A synthetic corpus of developer memories with realistic term statistics, and queries for it.

Memories are composed from vocabularies of files, functions, classes, services, libraries,
people, errors and decisions, with Zipf-distributed choices (a few names recur constantly,
most are rare) and unique details (commit hashes, ticket numbers, versions, dates), so a
BM25 index sees a long-tailed vocabulary like a real project's. Every memory is different
(the engine's hash dedup would otherwise drop repeats). A fixed seed gives the same corpus
on every machine.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any


def _words(text: str) -> list[str]:
    """The whitespace-separated words of ``text``."""
    return text.split()


_VERBS = _words("""parse load save fetch build render validate normalize resolve merge split compute
encode decode retry flush sync index rank score migrate serialize cache refresh prune schedule
dispatch register notify compress hash sign verify authorize connect close open read write
stream batch export import upload download convert format lint patch rollback deploy""")
_NOUNS = _words("""config session token user account payment invoice order cart request response
header cookie query result record event message queue job worker task schedule report
metric log trace span buffer chunk page index document embedding vector graph node edge
cluster shard replica snapshot backup migration schema table column row cursor transaction
lock mutex thread pool connection socket handler router middleware template asset bundle
image thumbnail email webhook callback plugin profile setting feature flag permission role
policy quota limit timeout deadline retry window offset batch stream file path url""")
_QUALIFIERS = _words("""async cached safe fast legacy v2 batch local remote raw default strict lazy
partial full internal public""")
_DIRS = _words("""src lib app core api services utils internal cmd pkg web server client db jobs
workers models views tests scripts infra deploy docs""")
_EXTS = _words("py py py ts ts go rs sql yaml toml md sh js tsx")
_SERVICES = _words("""billing auth search gateway scheduler notifier indexer ingest analytics
checkout inventory reporting exporter importer mailer thumbnailer crawler""")
_LIBRARIES = _words("""postgres redis kafka duckdb sqlite tantivy lancedb numpy pandas pydantic
fastapi django flask celery pytest mypy ruff docker kubernetes terraform nginx grafana prometheus
sentry react webpack vite typescript rust tokio axum serde grpc protobuf graphql""")
_PEOPLE = _words("""Alice Bruno Chen Dmitri Elena Farah Gustavo Hana Ivan Julia Kenji Lena Marco
Nadia Omar Priya Quentin Rosa Sven Tariq Uma Viktor Wen Ximena Yusuf Zoe Anders Beatriz
Chiara Diego Emeka Fatima Goran Helga Ingrid Jonas Kavya Lars Mei Nikolai""")
_ERRORS = _words("""KeyError ValueError TypeError TimeoutError ConnectionResetError PermissionError
FileNotFoundError IndexError AttributeError RecursionError MemoryError OSError
UnicodeDecodeError JSONDecodeError IntegrityError DeadlockDetected SegmentationFault
NullPointerException OutOfMemoryError""")


def _phrases(text: str) -> list[str]:
    """The ``|``-separated phrases of ``text`` (line breaks ignored)."""
    return text.replace("\n", "").split("|")


_SYMPTOMS = _phrases("""crashes on startup|hangs under load|leaks memory|returns stale data
|drops messages|double-charges customers|times out after 30 seconds|deadlocks with the scheduler
|corrupts the cache|logs the password in plain text|ignores the retry budget
|fails only on CI|is flaky on macOS|breaks pagination|loses the last batch
|mis-sorts unicode names|spikes CPU every hour""")
_REASONS = _phrases("""it halves p95 latency|the old approach could not handle concurrent writers
|the team already knows it|it removes a network hop|the license is permissive
|it keeps the deployment to a single binary|it is easier to test|benchmarks showed a 3x speedup
|it avoids the vendor lock-in|the migration path is reversible|it matches the API contract
|security review flagged the alternative""")
_PREFERENCES = _phrases("""prefers small pull requests|wants type hints on every public function
|asks for benchmarks before merging performance changes|likes squash merges
|prefers pytest fixtures over setup methods|wants error messages to name the fix
|avoids global state|reviews on Tuesday mornings|prefers composition over inheritance
|wants docstrings in Google style|insists on feature flags for risky changes""")
_FILLER = _words("""the we it this that after before because when while during since so and but
also then later now again still only never always usually often sometimes quickly slowly
carefully new old main shared common extra separate whole partial manual automatic nightly
weekly production staging local remote upstream downstream broken fixed stable flaky slow fast
team review release sprint meeting incident outage hotfix ticket branch commit merge
customer user admin operator developer support on-call""")
_TAGS = _words("""bug decision preference performance security refactor testing deploy docs api
database infra frontend backend incident tooling ci dependency migration design""")
_KINDS = ("fact", "decision", "preference", "correction", "event", "code", "note")
_PROJECTS = ("atlas", "borealis", "cygnus", "dorado", "eridanus", "fornax", "gemini", "hydra")
_AGENTS = ("claude", "cursor", "copilot")
_USERS = ("ana", "ben")


class _Zipf:
    """Draw from a population with probability proportional to 1 / rank**s (shuffled ranks)."""

    def __init__(self, population: Sequence[str], rng: random.Random, s: float = 1.07) -> None:
        self.items = list(population)
        rng.shuffle(self.items)
        self.cum = list(itertools.accumulate(1.0 / (r**s) for r in range(1, len(self.items) + 1)))
        self.total = self.cum[-1]
        self.last = len(self.items) - 1

    def __call__(self, rng: random.Random) -> str:
        return self.items[min(bisect.bisect(self.cum, rng.random() * self.total), self.last)]


@dataclass
class Vocab:
    """The composed vocabularies one corpus draws from (built once per seed)."""

    functions: _Zipf
    classes: _Zipf
    files: _Zipf
    services: _Zipf
    libraries: _Zipf
    people: _Zipf
    errors: _Zipf
    filler: _Zipf
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def build(cls, rng: random.Random) -> Vocab:
        """Compose identifiers (thousands of functions, classes and files) from the word lists."""
        functions = [f"{v}_{n}" for v in _VERBS for n in _NOUNS]
        functions += [f"{v}_{n}_{q}" for v in _VERBS[:20] for n in _NOUNS[:40] for q in _QUALIFIERS]
        classes = [f"{a.title()}{b.title()}{s}" for a in _NOUNS[:60] for b in _NOUNS[60:]
                   for s in ("Manager", "Service", "Client", "Store", "Handler")][:6000]
        files = [f"{d}/{n}{suffix}.{rng.choice(_EXTS)}" for d in _DIRS for n in _NOUNS
                 for suffix in ("", "_utils", "s")]
        return cls(
            functions=_Zipf(functions, rng), classes=_Zipf(classes, rng),
            files=_Zipf(files, rng), services=_Zipf(_SERVICES, rng),
            libraries=_Zipf(_LIBRARIES, rng), people=_Zipf(_PEOPLE, rng),
            errors=_Zipf(_ERRORS, rng), filler=_Zipf(_FILLER, rng, s=0.8),
        )


def _sha(rng: random.Random) -> str:
    return f"{rng.getrandbits(28):07x}"


def _filler(vocab: Vocab, rng: random.Random, n: int) -> str:
    return " ".join(vocab.filler(rng) for _ in range(n))


def _sentence(kind: str, vocab: Vocab, rng: random.Random) -> str:
    fn, cls, path = vocab.functions(rng), vocab.classes(rng), vocab.files(rng)
    svc, who = vocab.services(rng), vocab.people(rng)
    lib = vocab.libraries(rng) if kind in ("decision", "fact") else ""
    err = vocab.errors(rng) if kind in ("code", "fact") else ""
    if kind == "decision":
        return rng.choice((
            f"We decided to use {lib} for the {svc} service because {rng.choice(_REASONS)}.",
            f"Decision: {cls} keeps its state in {lib}; {who} signed off because "
            f"{rng.choice(_REASONS)}.",
            f"Agreed in the {svc} review to replace {fn}() with a {lib}-based version.",
        ))
    if kind == "preference":
        return f"{who} {rng.choice(_PREFERENCES)}, especially in {path}."
    if kind == "correction":
        return (f"Correction: {fn}() lives in {path}, not in the {svc} service; the earlier "
                f"note about {cls} was wrong.")
    if kind == "event":
        month = rng.choice(("Jan", "Feb", "Mar", "Apr", "May", "Jun"))
        outcome = rng.choice(("failed", "was rolled back", "went out", "stalled"))
        action = rng.choice(("paged", "fixed", "reverted", "debugged"))
        return (f"On {rng.randint(1, 28)} {month} the {svc} deploy {outcome} ({_sha(rng)}); "
                f"{who} {action} it.")
    if kind == "code":
        field = vocab.functions(rng).split("_")[-1]
        return (f"{cls}.{fn}() in {path} raises {err} when the {field} is empty; guard it "
                f"before calling {vocab.functions(rng)}().")
    if kind == "fact":
        return rng.choice((
            f"The {svc} service {rng.choice(_SYMPTOMS)} when {fn}() gets a {err}.",
            f"{path} holds {cls}, which wraps {lib} and is owned by {who}.",
            f"{fn}() takes about {rng.randint(2, 900)} ms on a cold cache in {svc}.",
        ))
    ticket = rng.randint(100, 99999)
    return f"{who} noted that {fn}() in {path} {rng.choice(_SYMPTOMS)} (ticket #{ticket})."


@dataclass(frozen=True)
class SyntheticMemory:
    """One generated memory, as keyword arguments for ``Engine.add``."""

    content: str
    kind: str
    tags: tuple[str, ...]
    title: str | None
    project: str | None
    agent: str | None
    user: str | None

    def draft(self) -> dict[str, Any]:
        """The memory as a ``MemoryDraft``-shaped dict."""
        return {
            "content": self.content, "kind": self.kind, "tags": list(self.tags),
            "title": self.title,
            "scope": {"project": self.project, "agent": self.agent, "user": self.user},
        }


def generate_memories(n: int, seed: int = 7) -> list[SyntheticMemory]:
    """``n`` distinct developer memories (1-4 sentences, some with a title and tags)."""
    return list(iter_memories(n, seed))


def iter_memories(n: int, seed: int = 7) -> Iterator[SyntheticMemory]:
    """:func:`generate_memories`, one at a time: a caller that streams them (the benchmark's
    ingest) holds none but its chunk. Distinct contents are told by a 128-bit digest, so
    the generator keeps ~60 bytes per memory, not its text (#45: a million memories' texts
    were ~0.5 GB of the benchmark's peak)."""
    rng = random.Random(seed)
    vocab = Vocab.build(rng)
    made = 0
    seen: set[int] = set()
    while made < n:
        kind = rng.choices(_KINDS, weights=(30, 15, 8, 5, 15, 17, 10))[0]
        parts = [_sentence(kind, vocab, rng) for _ in range(rng.choices((1, 2, 3, 4),
                                                                      weights=(40, 35, 15, 10))[0])]
        if rng.random() < 0.5:
            parts.append(_filler(vocab, rng, rng.randint(3, 12)) + ".")
        content = " ".join(parts)
        digest = int.from_bytes(hashlib.blake2b(content.encode(), digest_size=16).digest())
        if digest in seen:
            continue
        seen.add(digest)
        n_tags = rng.choices((0, 1, 2, 3), weights=(30, 40, 20, 10))[0]
        tags = tuple(sorted(set(rng.sample(_TAGS, n_tags))))
        title = None
        if rng.random() < 0.3:
            title = f"{kind.title()}: {vocab.functions(rng).replace('_', ' ')}"
        made += 1
        yield SyntheticMemory(
            content=content, kind=kind, tags=tags, title=title,
            project=rng.choice(_PROJECTS) if rng.random() < 0.9 else None,
            agent=rng.choice(_AGENTS) if rng.random() < 0.5 else None,
            user=rng.choice(_USERS) if rng.random() < 0.3 else None,
        )


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{3,}")
_COMMON = frozenset(w.lower() for w in (*_FILLER, "decided", "service", "because", "about",
                                        "which", "with", "when", "earlier", "note", "lives"))
_QUESTION = ("why does {a} {b}", "where is {a} handled", "{a} {b}", "what did we decide about {a}",
             "{a} {b} {c}", "how to fix {a} in {b}", "who owns {a}", "{a}")


def generate_queries(memories: Sequence[SyntheticMemory], n: int, seed: int = 11) -> list[str]:
    """``n`` queries, each built from words of one memory (as a user half-remembers it)."""
    if not memories:
        return []
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(n):
        memory = memories[rng.randrange(len(memories))]
        words = [w for w in _WORD.findall(memory.content) if w.lower() not in _COMMON]
        words = words or memory.content.split()[:1]
        a, b, c = (rng.choice(words).replace("_", " ") for _ in range(3))
        out.append(rng.choice(_QUESTION).format(a=a, b=b, c=c))
    return out


def scope_projects() -> tuple[str, ...]:
    """The project names the corpus assigns (queries may filter on one of them)."""
    return _PROJECTS
