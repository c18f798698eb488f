"""Whether two trees of the guard decide alike: a digest per text, compared row by row.

For the tree whose code is imported (set ``PYTHONPATH`` to its ``core``, ``plugins`` and
``lab/cognimem-lab``), every text below is redacted (:func:`~.secrets.redact`) and the
redacted text screened (:func:`~.injection.screen`) with ``full=True`` (every paragraph's
cues read, whatever their score: the flag, its kinds and markers, the score and the cues).
The digest of a text is the SHA-256 of its redacted text, the redaction's counts and that
result (each cue that fired with its weight). The texts:

- every row of the seen splits (``tune``, ``test``, ``fresh``, ``fresh2`` ... ``fresh62`` in
  ``data/``; no later split is opened),
- the honest notes (:mod:`honest_notes`: the notes, the wider notes, the look-alikes and the
  agent repository notes),
- the tests' texts (:func:`tested_texts.rows`, both sides),
- the README paragraphs (``readme_rows.py`` output, ``--readmes``),
- the dataset turns (:func:`train_cue.conversations` over ``--bench``, both halves).

Run from the repository root, once per tree, then compare::

    PYTHONPATH=<base>/core:<base>/plugins:<base>/lab/cognimem-lab \\
        python bench/guard_eval/same_decisions.py digest /tmp/base.tsv
    PYTHONPATH=<tree>/... python bench/guard_eval/same_decisions.py digest /tmp/tree.tsv
    python bench/guard_eval/same_decisions.py compare /tmp/base.tsv /tmp/tree.tsv

``compare`` prints the rows compared and every row whose digest differs (exit 1 if any).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: the seen splits (the later ones are held out: never read here)
SPLITS = ("tune", "test", "fresh", *(f"fresh{n}" for n in range(2, 63)))


def texts(bench: Path, readmes: Path) -> Iterator[tuple[str, str]]:
    """Every text with its source (``split:<name>``, ``honest:<list>``, ``tested:<side>``,
    ``readme``, ``turns:<half>``), in a fixed order."""
    import honest_notes
    import tested_texts
    from train_cue import conversations

    for split in SPLITS:
        with (HERE / "data" / f"{split}.jsonl").open(encoding="utf-8") as f:
            for line in f:
                yield f"split:{split}", json.loads(line)["text"]
    for name in ("honest_notes", "wider_notes", "look_alikes", "agent_repo_notes"):
        for _, text in getattr(honest_notes, name)():
            yield f"honest:{name}", text
    for side in tested_texts.SIDES:
        for text in tested_texts.rows(side):
            yield f"tested:{side}", text
    with readmes.open(encoding="utf-8") as f:
        for line in f:
            yield "readme", json.loads(line)["text"]
    trained, held = conversations(bench)
    for half, turns in (("train", trained), ("held", held)):
        for text in turns:
            yield f"turns:{half}", text


def decision(text: str) -> str:
    """The digest of what the guard decides on ``text``."""
    from cognimem_plugins.guard.injection import screen
    from cognimem_plugins.guard.secrets import redact

    redacted, counts = redact(text)
    found = screen(redacted, full=True)
    result = [list(found.kinds), list(found.markers), found.score,
              [[c.name, c.weight] for c in found.cues]]
    blob = json.dumps([redacted, sorted(counts.items()), result], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def digest(out: Path, bench: Path, readmes: Path, shard: tuple[int, int] = (0, 1)) -> None:
    """Write each text's digest (its index, source and digest, one row a line); with
    ``shard`` (k, n) only the rows whose index is k modulo n (run the n shards apart,
    then join them with ``sort -n``)."""
    started = time.perf_counter()
    sources: Counter[str] = Counter()
    k, shards = shard
    with out.open("w", encoding="utf-8") as f:
        for n, (source, text) in enumerate(texts(bench, readmes)):
            if n % shards != k:
                continue
            sources[source.split(":")[0]] += 1
            f.write(f"{n}\t{source}\t{decision(text)}\n")
    print(json.dumps({"rows": sum(sources.values()), "by_source": dict(sources),
                      "seconds": round(time.perf_counter() - started, 1)}))


def compare(a: Path, b: Path) -> int:
    rows_a = a.read_text(encoding="utf-8").splitlines()
    rows_b = b.read_text(encoding="utf-8").splitlines()
    differ = [(x, y) for x, y in zip(rows_a, rows_b, strict=False) if x != y]
    print(json.dumps({"rows": [len(rows_a), len(rows_b)], "differ": len(differ),
                      "identical": not differ and len(rows_a) == len(rows_b)}))
    for x, y in differ[:50]:
        print(f"- {x}\n+ {y}")
    return 0 if not differ and len(rows_a) == len(rows_b) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("digest", help="write the digests of the imported tree")
    make.add_argument("out", type=Path)
    make.add_argument("--bench", type=Path, default=Path("/work/shared/bench"))
    make.add_argument("--readmes", type=Path, default=Path("/tmp/readmes.jsonl"))
    make.add_argument("--shard", default="0/1", help="k/n: only the rows k modulo n")
    both = sub.add_parser("compare", help="compare two digest files row by row")
    both.add_argument("a", type=Path)
    both.add_argument("b", type=Path)
    args = parser.parse_args(argv)
    if args.command == "digest":
        k, n = map(int, args.shard.split("/"))
        digest(args.out, args.bench, args.readmes, (k, n))
        return 0
    return compare(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
