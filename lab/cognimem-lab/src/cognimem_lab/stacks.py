"""The storage stacks ``cognimem bench`` compares, and the profiles that build them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from cognimem.errors import InvalidInput
from cognimem.profile import Profile, load_profile

from .standin import NAME as STANDIN


@dataclass(frozen=True)
class Stack:
    """A choice of record store, lexical index and vector index."""

    name: str
    records: str
    lexical: str
    vectors: str
    persistent: bool = True
    description: str = ""
    #: Options of the record store (e.g. where its database is).
    records_options: dict[str, Any] = field(default_factory=dict)
    #: The environment variable naming the stack's database server, if it needs one; when
    #: it is unset the benchmark starts a private one (the value ``embedded``, see
    #: :func:`cognimem_lab.run.start_servers`).
    server_env: str | None = None

    def describe(self) -> str:
        """``records + lexical + vectors``."""
        return f"{self.records} + {self.lexical} + {self.vectors}"


#: The stacks by name. ``records`` "duckdb" falls back to "memory" while duckdb is missing.
STACKS: Final = {
    "hnsw": Stack("hnsw", "duckdb", "tantivy", "hnsw",
                  description="the persistent default: a usearch HNSW graph in process, "
                              "saved in the store"),
    "lancedb": Stack("lancedb", "duckdb", "tantivy", "lancedb",
                     description="LanceDB on disk, IVF_SQ past 10k rows (the cheaper ingest)"),
    "exact": Stack("exact", "duckdb", "tantivy", "exact",
                   description="numpy vectors in RAM, a snapshot between runs"),
    "memory": Stack("memory", "memory", "bm25", "exact", persistent=False,
                    description="everything in process memory"),
    # the server named by $COGNIMEM_POSTGRES_DSN (unset or "embedded": a private one started
    # by the benchmark); a schema per run
    "postgres": Stack("postgres", "postgres", "postgres", "pgvector",
                      description="PostgreSQL records, full-text BM25 and pgvector IVFFlat",
                      records_options={"schema": "bench_{path}"},
                      server_env="COGNIMEM_POSTGRES_DSN"),
}
DEFAULT_STACKS: Final = ("hnsw", "lancedb")


def parse_stacks(names: str | list[str]) -> list[Stack]:
    """Stacks from a comma-separated list (or list) of names.

    :raises InvalidInput: an unknown name, naming the valid ones.
    """
    items = names.split(",") if isinstance(names, str) else list(names)
    out = []
    for raw in items:
        name = raw.strip()
        if not name:
            continue
        if name not in STACKS:
            raise InvalidInput(f"unknown stack {name!r}; choose from {', '.join(STACKS)}")
        out.append(STACKS[name])
    if not out:
        raise InvalidInput(f"no stack given; choose from {', '.join(STACKS)}")
    return out


def resolve(stack: Stack, available: dict[str, set[str]]) -> tuple[Stack, list[str]]:
    """The stack with components that are installed here, and notes on any substitution."""
    notes: list[str] = []
    records = stack.records
    if records not in available.get("records", set()):
        notes.append(f"record store {records!r} is not installed; measured with 'memory'")
        records = "memory"
    for kind, name in (("lexical", stack.lexical), ("vectors", stack.vectors)):
        if name not in available.get(kind, set()):
            raise InvalidInput(f"stack {stack.name!r} needs the {kind} component {name!r}, "
                               "which is not installed")
    persistent = stack.persistent and records != "memory"
    same = records == stack.records
    changed = Stack(stack.name, records, stack.lexical, stack.vectors, persistent,
                    stack.description, stack.records_options if same else {},
                    stack.server_env if same else None)
    return changed, notes


#: The search pipeline when none is given: BM25 + vector retrievers fused by RRF.
PLAIN_PIPELINE: Final[dict[str, Any]] = {
    "retrieve": [{"use": "bm25", "k": 100}, {"use": "vector", "k": 100}],
    "fuse": {"use": "rrf", "k": 60},
    "rank": [],
    "search": {},
}


def pipeline_of(profile: Profile) -> dict[str, Any]:
    """A profile's search pipeline (retrievers, fuser, rankers, search settings) as data."""
    data = profile.model_dump(mode="json", exclude_none=True)
    return {key: data[key] for key in PLAIN_PIPELINE}


def stack_profile(stack: Stack, path: Path | None, *, dim: int = 384, seed: int = 0,
                  lexical: dict[str, Any] | None = None,
                  vectors: dict[str, Any] | None = None,
                  pipeline: dict[str, Any] | None = None) -> Profile:
    """The profile of a stack with the stand-in embedder: ``pipeline``'s retrievers, fuser
    and rankers (:func:`pipeline_of` a profile), or BM25 + vector fused by RRF."""
    data: dict[str, Any] = {
        "name": f"bench-{stack.name}",
        "description": f"cognimem bench: {stack.describe()}",
        "path": str(path) if path is not None and stack.persistent else ":memory:",
        "seed": seed,
        "records": {"use": stack.records, **stack.records_options},
        "lexical": {"use": stack.lexical, **(lexical or {})},
        "vectors": {"use": stack.vectors, **(vectors or {})},
        "embedder": {"use": STANDIN, "dim": dim},
        **(pipeline or PLAIN_PIPELINE),
    }
    return load_profile(base=None, overrides=data, environ=False)
