"""The cost of the freshness check of code-anchored memories, on a warm cache.

    python bench/anchors_check.py --files 200 --memories 2000

Makes a temporary git repository of ``--files`` Python files (``--lines`` lines each) and an
in-memory engine (the test profile with the ``anchors`` ranker) holding ``--memories``
facts, each naming one file: a third the whole file, a third a symbol, a third a line range.
Then times, median and p95 over every memory: :meth:`Checker.check` on a warm cache (each
file checked once before), and the ``rank:anchors`` stage of searches for k = 20, per hit
the ranker saw (every fused candidate, all anchored here). A benchmark, not a test: the
figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from cognimem.session import bound
from cognimem.session import current as current_session
from cognimem.testing import build_engine
from cognimem_plugins.anchors.freshness import Checker
from cognimem_plugins.anchors.ranker import Anchors

#: How many hits each call of the ranker saw (every fused candidate, not only the k kept).
SEEN: list[int] = []
_RANK = Anchors.rank


def _counted(self: Anchors, query, hits, ctx):  # type: ignore[no-untyped-def]
    SEEN.append(len(hits))
    return _RANK(self, query, hits, ctx)


def _repository(folder: Path, files: int, lines: int) -> list[str]:
    names = []
    for n in range(files):
        path = folder / "src" / f"pkg{n % 10}" / f"mod{n}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        body = [f"def fn{n}_{i}(x):\n    return x + {i}\n" for i in range(lines // 2)]
        path.write_text("".join(body), encoding="utf-8")
        names.append(str(path.relative_to(folder)))
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    return names


def _stats(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"median_us": round(statistics.median(values) * 1e6, 2),
            "p95_us": round(values[int(len(values) * 0.95)] * 1e6, 2),
            "max_us": round(values[-1] * 1e6, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/anchors_check.py", description=__doc__)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--lines", type=int, default=300)
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--searches", type=int, default=50)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "repo"
        names = _repository(folder, args.files, args.lines)
        engine = build_engine(overrides={"rank": [{"use": "anchors"}]})
        with bound({"folder": str(folder)}):
            facts = []
            for n in range(args.memories):
                name = names[n % len(names)]
                ref = (name, f"{name}::fn{n % len(names)}_{n % 7}", f"{name}:10-40")[n % 3]
                facts.append(f"fact {n}: the handler for case {n} lives in {ref}")
            written = engine.add_many(facts)
            memories = [w.memory for w in written]
            assert all(m.meta.get("anchors") for m in memories), "every fact is anchored"
            checker, session = Checker(), current_session()
            for memory in memories:  # warm the cache
                checker.check(memory, session)
            walls = []
            for memory in memories:
                began = time.perf_counter()
                found = checker.check(memory, session)
                walls.append(time.perf_counter() - began)
                assert found is not None and found.state == "fresh"
            Anchors.rank = _counted  # type: ignore[method-assign]
            per_hit = []
            for n in range(args.searches):
                engine.search(f"handler for case {n}", k=20)  # the ranker's cache warm
                SEEN.clear()
                result = engine.search(f"handler for case {n}", k=20)
                per_hit.append(result.timings["rank:anchors"] / 1000 / SEEN[0])
        engine.close()
    print(json.dumps({"files": args.files, "lines": args.lines, "memories": args.memories,
                      "check_warm": _stats(walls), "ranker_per_anchored_hit": _stats(per_hit)},
                     indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
