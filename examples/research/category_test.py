"""Paired significance of each system against a baseline on one category, from ``perquery.csv``.

``cognimem eval`` tests the headline questions only; this tests the questions of one category
(for example LoCoMo's adversarial ones, which the headline leaves out; ``headline`` takes the
headline questions, to test against a baseline other than the run's) the same way: the
paired randomization test of ``cognimem.eval.significance`` (10,000 sign flips, seed 0),
Holm-corrected over every system x metric tested here.

    python examples/research/category_test.py runs/locomo/perquery.csv --category adversarial \
        --baseline default --metrics R@5,R@10,MRR@20
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict

from cognimem.eval.significance import correct, paired_test


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("perquery")
    parser.add_argument("--category", required=True)
    parser.add_argument("--baseline", default="default")
    parser.add_argument("--metrics", default="R@5,R@10,MRR@20")
    args = parser.parse_args()
    metrics = args.metrics.split(",")
    scores: dict[str, dict[str, dict[str, float]]] = defaultdict(dict)
    with open(args.perquery, newline="") as f:
        for row in csv.DictReader(f):
            if row["category"] == args.category or (
                    args.category == "headline" and row["headline"] == "True"):
                scores[row["name"]][row["qid"]] = {m: float(row[m]) for m in metrics}
    base = scores[args.baseline]
    qids = sorted(base)
    tests: list[tuple[str, str, float, float, int, int, float]] = []
    for system in sorted(s for s in scores if s != args.baseline):
        for m in metrics:
            mine = [scores[system][q][m] for q in qids]
            theirs = [base[q][m] for q in qids]
            better = sum(a > b for a, b in zip(mine, theirs, strict=True))
            worse = sum(a < b for a, b in zip(mine, theirs, strict=True))
            tests.append((system, m, sum(mine) / len(qids), sum(theirs) / len(qids), better,
                          worse, paired_test(mine, theirs)))
    adjusted = correct([t[-1] for t in tests])
    print(f"{args.category}: {len(qids)} questions; against {args.baseline}")
    print("| system | metric | mean | baseline | delta | + | - | p | p adj |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (system, m, mean, baseline, better, worse, p), p_adj in zip(tests, adjusted,
                                                                     strict=True):
        print(f"| {system} | {m} | {mean:.3f} | {baseline:.3f} | {mean - baseline:+.3f} | "
              f"{better} | {worse} | {p:.4f} | {p_adj:.4f} |")


if __name__ == "__main__":
    main()
