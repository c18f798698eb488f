"""Paired tests and cross-validated choice over saved ``perquery.csv`` files.

Each ``cognimem eval --out DIR`` run writes ``DIR/perquery.csv``; runs made apart (in the
background, on different days, before a source edit changed the run cache's key) are put
side by side here with the workbench's own paired test, correction and cross-validation:

    python lab/cognimem-lab/scripts/compare_runs.py runs/a/perquery.csv runs/b/perquery.csv \
        --baseline default --metrics R@5,R@10,R@20,MRR@20,NDCG@10 --cv 5

Prints per system the headline means, p50 / p95 search latency, each metric's delta
against the baseline with its Holm-adjusted p-value (marked * when below 0.05), and the
cross-validated choice among all systems per metric.
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from typing import Any

from cognimem.eval.crossval import cross_validate
from cognimem.eval.metrics import percentile
from cognimem.eval.significance import correct, paired_test


def read_rows(paths: list[str]) -> list[dict[str, Any]]:
    """Every per-query row of the files (the first file's row wins for a system seen twice)."""
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in paths:
        with open(path, newline="", encoding="utf-8") as f:
            mine = list(csv.DictReader(f))
        names = {r["name"] for r in mine} - seen
        for row in mine:
            if row["name"] in names:
                row["headline"] = row["headline"] == "True"
                rows.append(row)
        seen |= names
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("perquery", nargs="+")
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--metrics", required=True, help="comma-separated")
    parser.add_argument("--cv", type=int, default=0, help="folds (0: no cross-validation)")
    parser.add_argument("--trials", type=int, default=10_000)
    args = parser.parse_args()
    metrics = args.metrics.split(",")
    rows = read_rows(args.perquery)
    systems = list(dict.fromkeys(r["name"] for r in rows))
    by: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for row in rows:
        by[row["name"]][row["qid"]] = row
    qids = [q for q, r in by[args.baseline].items() if r["headline"]]
    tests: list[tuple[str, str, float, float]] = []
    for system in systems:
        if system == args.baseline:
            continue
        for m in metrics:
            ours = [float(by[system][q][m]) for q in qids]
            theirs = [float(by[args.baseline][q][m]) for q in qids]
            p = paired_test(ours, theirs, trials=args.trials)
            tests.append((system, m, (sum(ours) - sum(theirs)) / len(qids), p))
    adjusted = dict(zip([(s, m) for s, m, _, _ in tests],
                        correct([t[3] for t in tests], "holm"), strict=True))
    delta = {(s, m): d for s, m, d, _ in tests}
    print(f"n = {len(qids)}; Holm over {len(tests)} tests against {args.baseline}")
    print("| system | " + " | ".join(metrics) + " | p50 ms | p95 ms |")
    print("|---|" + "---|" * (len(metrics) + 2))
    for system in systems:
        cells = []
        for m in metrics:
            mean = sum(float(by[system][q][m]) for q in qids) / len(qids)
            cell = f"{mean:.3f}"
            if (system, m) in adjusted:
                mark = " *" if adjusted[(system, m)] < 0.05 else ""
                cell += f" ({delta[(system, m)]:+.3f}, p {adjusted[(system, m)]:.3f}){mark}"
            cells.append(cell)
        latencies = [float(r["latency_ms"]) for r in by[system].values()]
        cells += [f"{percentile(latencies, 50):.1f}", f"{percentile(latencies, 95):.1f}"]
        print(f"| {system} | " + " | ".join(cells) + " |")
    if args.cv:
        for row in cross_validate(rows, systems, metrics, args.cv):
            chosen = ", ".join(f"{s} {n}" for s, n in row["chosen"].items())
            print(f"cv {row['metric']}: in-sample best {row['best']} {row['in_sample']:.3f}, "
                  f"cross-validated {row['cv']:.3f} (optimism {row['optimism']:+.3f}); "
                  f"chosen {chosen}")


if __name__ == "__main__":
    main()
