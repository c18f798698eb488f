"""A vault's first index against the engine's bulk path (what ``cognimem bench`` times), with
the same embedder, on the same sections.

    python bench/vault_rate.py [--notes 10000] [--embedder hash|minilm] [--order vault,bulk]
                               [--keep DIR] [--profile-out FILE]

The vault is generated from a fixed seed by ``vault_index.make_notes`` (frontmatter, two to
four sections a note, a wikilink; 10,000 notes make 39,965 sections), so every run indexes
the same files. Two fresh stores of the default profile's stack (DuckDB, tantivy, HNSW) with
the chosen embedder:

- ``vault``: ``engine.ingest("vault", DIR)``, the user's first index (read, cut, link, write);
- ``bulk``: the same sections' drafts (read by the vault source beforehand, untimed) written
  with ``engine.add_many`` in chunks of 16,384, as ``cognimem bench`` ingests its corpus.

Reported: wall seconds and sections/s of each, the seconds spent in the embedder, the rate
without them, CPU seconds (the fairer figure on a loaded machine), and the vault's share of
the bulk rate (the target is >= 80 %).
``--profile-out FILE`` writes a cProfile of each run to FILE.vault and FILE.bulk.
"""

from __future__ import annotations

import argparse
import cProfile
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vault_index import make_notes

from cognimem.engine import Engine
from cognimem.models import MemoryDraft
from cognimem_plugins.intake.vault import VaultSource

#: Drafts per ``add_many`` call, as ``cognimem bench`` ingests (cognimem_lab.measure).
INGEST_CHUNK = 16_384


def overrides(store: Path, embedder: str) -> dict[str, Any]:
    """The default profile's storage stack, a store of its own, the chosen embedder."""
    return {"path": str(store), "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
            "vectors": {"use": "hnsw"}, "embedder": {"use": embedder}}


def timed_embedder(engine: Engine) -> list[float]:
    """Count the seconds the engine's embedder spends (one list cell, updated in place)."""
    spent = [0.0]
    embedder = engine.embedder
    if embedder is None:
        return spent
    inner: Callable[[Sequence[str]], np.ndarray] = embedder.embed_batch

    def embed_batch(texts: Sequence[str]) -> np.ndarray:
        started = time.perf_counter()
        try:
            return inner(texts)
        finally:
            spent[0] += time.perf_counter() - started

    embedder.embed_batch = embed_batch  # type: ignore[method-assign]
    return spent


def vault_drafts(root: Path) -> list[MemoryDraft]:
    """Every section's draft, as the vault source gives them to the engine."""
    return [item.draft for group in VaultSource().scan(str(root), {})
            for item in group.items or []]


def run(store: Path, embedder: str, profile_out: str | None,
        work: Callable[[Engine], int]) -> dict[str, Any]:
    """Time ``work`` (which returns the sections written) in a fresh store: wall, CPU and
    the embedder's seconds; a cProfile of it to ``profile_out`` when given."""
    with Engine.from_profile("default", overrides=overrides(store, embedder)) as engine:
        spent = timed_embedder(engine)
        profiler = cProfile.Profile() if profile_out else None
        started, cpu = time.perf_counter(), time.process_time()
        if profiler:
            profiler.enable()
        written = work(engine)
        if profiler and profile_out:
            profiler.disable()
            profiler.dump_stats(profile_out)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"n": written, "wall": wall, "cpu": cpu, "embed": spent[0]}


def vault_work(root: Path) -> Callable[[Engine], int]:
    """The user's first index of the vault."""
    return lambda engine: engine.ingest("vault", str(root)).added


def bulk_work(drafts: list[MemoryDraft]) -> Callable[[Engine], int]:
    """The same drafts through ``add_many``, in ``cognimem bench``'s chunks."""
    def work(engine: Engine) -> int:
        return sum(len(engine.add_many(drafts[start : start + INGEST_CHUNK]))
                   for start in range(0, len(drafts), INGEST_CHUNK))
    return work


def line(name: str, r: dict[str, Any]) -> str:
    store_s = max(r["wall"] - r["embed"], 1e-9)
    return (f"{name:>5}: {r['n']} sections in {r['wall']:.1f} s = {r['n'] / r['wall']:.0f}/s "
            f"(embedding {r['embed']:.1f} s; without it {r['n'] / store_s:.0f}/s); "
            f"CPU {r['cpu']:.1f} s = {r['n'] / r['cpu']:.0f}/CPU s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--embedder", default="hash", choices=("hash", "minilm"))
    parser.add_argument("--order", default="vault,bulk", help="which run first")
    parser.add_argument("--keep", default=None, help="write the vault here and keep it")
    parser.add_argument("--profile-out", default=None, help="cProfiles to FILE.vault, FILE.bulk")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.keep) if args.keep else Path(tmp) / "vault"
        if not root.exists():
            make_notes(root, args.notes)
        drafts = vault_drafts(root)
        results: dict[str, dict[str, Any]] = {}
        for name in args.order.split(","):
            store = Path(tmp) / f"store-{name}"
            out = f"{args.profile_out}.{name}" if args.profile_out else None
            work = vault_work(root) if name == "vault" else bulk_work(drafts)
            results[name] = run(store, args.embedder, out, work)
        print(f"notes={args.notes} embedder={args.embedder} sections={len(drafts)}")
        for name, r in results.items():
            print(line(name, r))
        if len(results) == 2:
            vault, bulk = results["vault"], results["bulk"]
            share = (vault["n"] / vault["wall"]) / (bulk["n"] / bulk["wall"])
            bare = ((vault["n"] / max(vault["wall"] - vault["embed"], 1e-9))
                    / (bulk["n"] / max(bulk["wall"] - bulk["embed"], 1e-9)))
            per_cpu = (vault["n"] / vault["cpu"]) / (bulk["n"] / bulk["cpu"])
            print(f"vault / bulk: {share:.0%} with embedding, {bare:.0%} without; "
                  f"{per_cpu:.0%} per CPU second")


if __name__ == "__main__":
    main()
