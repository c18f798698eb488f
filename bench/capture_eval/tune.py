"""Which structural capture rules to switch on, chosen on the tuning split by
cross-validation over transcripts (docs/intake.md, "Measured capture precision").

    python bench/capture_eval/tune.py [--folds 0] [--beta 0.5]

Every subset of :data:`structure.OPTIONAL` is scored on the labelled candidates of the
``tune`` transcripts. Leave-one-transcript-out (``--folds 0``; or k folds of whole
transcripts): for each held-out transcript, the subset with the best F-beta (kind-right
precision weighted ``beta``, recall of candidates worth keeping) on the other transcripts is
applied to it; the held-out counts pooled over folds are the cross-validated estimate. The
in-sample figures of the subset chosen on every tuning transcript are printed beside it.
The test split and the extra held-out set are never read.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from corpus import Case, cases  # noqa: E402
from score import fmt, key, load_labels  # noqa: E402

from cognimem_plugins.intake.rules import facts  # noqa: E402
from cognimem_plugins.intake.structure import OPTIONAL  # noqa: E402

Counts = Counter[str]  # right, wrong (kept), gold (worth keeping, with a kind)


def counts(case: Case, labels: dict[str, str], rules: frozenset[str]) -> Counts:
    """Kept right, kept wrong and worth keeping in one transcript under ``rules``."""
    out: Counts = Counter()
    out["gold"] = sum(1 for k, v in labels.items() if k.startswith(case.id + ":") and v != "drop")
    for fact in facts(case.transcript, rules):
        gold = labels[key(case.id, fact)]
        out["right" if gold == fact.kind else "wrong"] += 1
    return out


def f_beta(c: Counts, beta: float) -> float:
    kept = c["right"] + c["wrong"]
    if not kept or not c["gold"]:
        return 0.0
    p, r = c["right"] / kept, c["right"] / c["gold"]
    return (1 + beta**2) * p * r / (beta**2 * p + r) if p + r else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=0, help="0: leave one transcript out")
    parser.add_argument("--beta", type=float, default=0.5, help="F-beta: < 1 favours precision")
    args = parser.parse_args()
    labels = load_labels()
    tune = [c for c in cases() if c.split == "tune"]
    subsets = [frozenset(s) for n in range(len(OPTIONAL) + 1)
               for s in itertools.combinations(OPTIONAL, n)]
    table = {(c.id, s): counts(c, labels, s) for c in tune for s in subsets}
    folds = len(tune) if args.folds <= 0 else args.folds
    held: Counts = Counter()
    chosen: Counter[frozenset[str]] = Counter()
    for fold in range(folds):
        test_ids = {c.id for i, c in enumerate(tune) if i % folds == fold}
        train = [c for c in tune if c.id not in test_ids]

        def score(s: frozenset[str], among: list[Case] = train) -> tuple[float, int]:
            total = sum((table[(c.id, s)] for c in among), Counter())
            return f_beta(total, args.beta), -len(s)  # ties: fewer rules

        best = max(subsets, key=score)
        chosen[best] += 1
        for cid in test_ids:
            held.update(table[(cid, best)])
    final = max(subsets, key=lambda s: (f_beta(sum((table[(c.id, s)] for c in tune),
                                                   Counter()), args.beta), -len(s)))
    inside = sum((table[(c.id, final)] for c in tune), Counter())
    none = sum((table[(c.id, frozenset())] for c in tune), Counter())
    print(f"tune: {len(tune)} transcripts, {folds} folds, F{args.beta:g}")
    for name, c in (("no structural rule", none), ("chosen, in-sample", inside),
                    ("cross-validated", held)):
        kept = c["right"] + c["wrong"]
        print(f"  {name:<20} precision {fmt(c['right'], kept):<30} "
              f"recall {fmt(c['right'], c['gold'])}")
    print(f"chosen on all of tune: {sorted(final)}")
    print("chosen per fold: " + ", ".join(f"{sorted(s)} x{n}" for s, n in chosen.most_common()))


if __name__ == "__main__":
    main()
