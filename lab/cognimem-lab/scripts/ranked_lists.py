"""The ranked lists of the bench's queries on a kept store, to compare two checkouts.

    cp -a runs/hnsw-1000000 /tmp/copy    # opened for writing: use a copy
    python lab/cognimem-lab/scripts/ranked_lists.py /tmp/copy --out /tmp/a.jsonl
    (the other checkout)                 ... --out /tmp/b.jsonl
    python lab/cognimem-lab/scripts/ranked_lists.py --compare /tmp/a.jsonl /tmp/b.jsonl

Opens the store as ``search_fresh.py`` does (the stand-in embedder, the default pipeline),
with a clock fixed at ``--now`` (after the store's writes), and runs both of the bench's query plans
(``--queries`` each) without recording an access, so the store is left as it was and two
runs see the same state. Writes one line a search: the query, and each hit's id, score and
memory as JSON. ``--compare`` prints how many searches differ, and the first few that do.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path

from reopened import kept_store_profile, kept_store_size
from search_fresh import plans

from cognimem.clock import ManualClock
from cognimem.engine import Engine
from cognimem_lab.standin import PLUGIN


def dump(store: Path, size: int, queries: int, seed: int, plans_file: Path, out: Path,
         now: datetime) -> None:
    """Write the ranked lists of both plans, searched at ``now``, to ``out``."""
    timed, other = plans(size, queries, seed, plans_file)
    profile = kept_store_profile(store, warm=False)
    with (Engine.from_profile(profile, plugins=[PLUGIN], clock=ManualClock(now)) as engine,
          out.open("w", encoding="utf-8") as lines):
        for text, scope in [*timed, *other]:
            result = engine.search(text, k=10, scope=scope, record_access=False)
            lines.write(json.dumps({
                "query": text, "scope": scope.model_dump(mode="json"),
                "hits": [[h.id, h.score, h.memory.model_dump_json()] for h in result.hits],
            }) + "\n")


def compare(a: Path, b: Path) -> int:
    """Print how many searches differ between two dumps; 1 if any does."""
    left = a.read_text(encoding="utf-8").splitlines()
    right = b.read_text(encoding="utf-8").splitlines()
    if len(left) != len(right):
        print(f"{len(left)} against {len(right)} searches")
        return 1
    differ = [i for i, (x, y) in enumerate(zip(left, right, strict=True)) if x != y]
    print(f"{len(differ)} of {len(left)} searches differ (ids, scores, memories)")
    for i in differ[:5]:
        x, y = json.loads(left[i]), json.loads(right[i])
        print(x["query"], [h[:2] for h in x["hits"]], [h[:2] for h in y["hits"]])
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("store", type=Path, nargs="?")
    parser.add_argument("--size", type=int, default=None)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7, help="the seed the store was built with")
    parser.add_argument("--plans", type=Path, default=Path("/tmp/search_fresh_plans.json"))
    parser.add_argument("--now", type=datetime.fromisoformat,
                        default=datetime.fromisoformat("2027-01-01T00:00:00+00:00"),
                        help="the searches' clock (ISO time after the store's writes)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", type=Path, nargs=2, metavar="DUMP")
    args = parser.parse_args()
    if args.compare:
        sys.exit(compare(*args.compare))
    if args.store is None or args.out is None:
        parser.error("give a store and --out, or --compare A B")
    dump(args.store, kept_store_size(args), args.queries, args.seed, args.plans, args.out,
         args.now)


if __name__ == "__main__":
    main()
