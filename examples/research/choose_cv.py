"""Choose among systems by leave-one-unit-out cross-validation, from ``perquery.csv``.

``cognimem eval ... --out DIR`` writes every system's per-query figures to
``DIR/perquery.csv``. For each unit (a LoCoMo conversation, a LongMemEval question) this
picks the system with the best mean METRIC over the *other* units' headline questions and
scores it on the held-out unit. The mean held-out figure estimates what choosing this way
is worth on unseen data; the choices show whether it is stable.

    python examples/research/choose_cv.py runs/locomo/perquery.csv --metric R@5
"""

from __future__ import annotations

import argparse
import csv
from collections import Counter, defaultdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("perquery")
    parser.add_argument("--metric", default="R@5")
    parser.add_argument("--systems", help="comma-separated systems to choose among")
    args = parser.parse_args()
    scores: dict[str, dict[str, float]] = defaultdict(dict)
    unit_of: dict[str, str] = {}
    with open(args.perquery, newline="") as f:
        for row in csv.DictReader(f):
            if row["headline"] != "True":
                continue
            scores[row["name"]][row["qid"]] = float(row[args.metric])
            unit_of[row["qid"]] = row["unit"]
    systems = args.systems.split(",") if args.systems else sorted(scores)
    units = sorted(set(unit_of.values()))
    held: list[float] = []
    chosen: Counter[str] = Counter()
    for unit in units:
        train = [q for q, u in unit_of.items() if u != unit]
        best = max(systems, key=lambda s: (sum(scores[s][q] for q in train), s))
        chosen[best] += 1
        held += [scores[best][q] for q, u in unit_of.items() if u == unit]
    print(f"{len(unit_of)} questions, {len(units)} units; {args.metric}")
    for system in systems:
        print(f"  {system}: {sum(scores[system].values()) / len(scores[system]):.3f}")
    print(f"cross-validated choice: {sum(held) / len(held):.3f}; chosen "
          + ", ".join(f"{s} {n}x" for s, n in chosen.most_common()))


if __name__ == "__main__":
    main()
