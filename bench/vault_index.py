"""Vault indexing speed: a first index of N generated notes, then a re-index with nothing
changed, then one with 1% of the notes edited.

    python bench/vault_index.py --notes 10000 [--embedder hash|minilm] [--store DIR]

The notes are markdown with frontmatter, two to four sections each and a wikilink; the store
is DuckDB + tantivy + the exact vector index. With ``--embedder hash`` (the default) the
figures leave out embedding cost (MiniLM embeds about 100-300 sections/s on 2 cores).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from cognimem.engine import Engine

WORDS = ("deploy backup rollback database cache queue worker schema index retry timeout "
         "budget latency owner review release branch config secret token service api "
         "client server migration test fixture build pipeline lint format").split()


def make_notes(root: Path, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for i in range(n):
        folder = root / f"area{i % 50:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        sections = []
        for s in range(rng.randint(2, 4)):
            body = " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 80)))
            sections.append(f"## Part {s}\n{body}.\n")
        link = f"see [[note{rng.randrange(n):05d}]]"
        text = (f"---\ntitle: Note {i}\ntags: [{rng.choice(WORDS)}]\n---\n# note{i:05d}\n"
                f"{link}\n\n" + "\n".join(sections))
        (folder / f"note{i:05d}.md").write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--embedder", default="hash", choices=("hash", "minilm"))
    parser.add_argument("--store", default=None, help="store folder (default: a temporary one)")
    parser.add_argument("--edited", type=int, default=None,
                        help="notes edited before the last run (default: 1%% of them)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "vault"
        make_notes(root, args.notes)
        store = args.store or str(Path(tmp) / "store")
        overrides = {"path": store, "records": {"use": "duckdb"}, "lexical": {"use": "tantivy"},
                     "vectors": {"use": "exact"}, "embedder": {"use": args.embedder},
                     "rank": [], "decay": []}
        with Engine.from_profile("test", overrides=overrides) as engine:
            t0 = time.perf_counter()
            first = engine.ingest("vault", str(root))
            t1 = time.perf_counter()
            again = engine.ingest("vault", str(root))
            t2 = time.perf_counter()
            edited_n = args.edited or max(1, args.notes // 100)
            for path in sorted(root.rglob("*.md"))[:: max(1, args.notes // edited_n)]:
                path.write_text(path.read_text(encoding="utf-8") + "\nEdited.\n",
                                encoding="utf-8")
            t3 = time.perf_counter()
            edited = engine.ingest("vault", str(root))
            t4 = time.perf_counter()
        print(f"notes={args.notes} embedder={args.embedder}")
        print(f"first index: {t1 - t0:.1f} s ({first.added} sections, {first.links} links, "
              f"{first.added / (t1 - t0):.0f} sections/s)")
        print(f"re-index, nothing changed: {t2 - t1:.2f} s ({again.unchanged} unchanged)")
        print(f"re-index, {edited.updated + edited.kept} sections of {edited_n} "
              f"edited notes: {t4 - t3:.2f} s ({edited.updated} updated)")


if __name__ == "__main__":
    main()
