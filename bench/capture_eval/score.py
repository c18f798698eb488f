"""Precision and recall of rule-based capture on the labelled candidates (docs/intake.md,
"Measured capture precision").

    python bench/capture_eval/score.py [--split tune|test|all|extra|new] [--baseline] [--show]

Every candidate the cue pass finds (``rules.candidates``) is labelled in ``labels.tsv``:
``drop``, or the kind it should have. The capture rules (``rules.facts``) keep some of them
with a kind. A kept candidate is correct when its label is that kind. Reported, with 95 %
Wilson intervals: precision overall and per kind captured, recall per gold kind (kept with
the right kind), and recall of answer-bearing turns (LongMemEval ``has_answer`` user turns,
LoCoMo evidence turns): the share from which at least one fact was kept. ``--baseline``
scores the cue pass alone (every candidate kept with its cue's kind). ``--split extra``
scores the extra held-out set (``corpus.extra_cases``, ``labels_extra.tsv``), labelled before
the structural rules were tuned and never used to choose them; ``--split new`` the new
held-out set of wave 5 (``corpus.new_cases``, ``labels_new.tsv``), labelled before the
wave-5 rules were run on it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from corpus import cases, extra_cases, new_cases  # noqa: E402

from cognimem_plugins.intake.rules import Fact, candidates, facts  # noqa: E402


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of hits / n."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def fmt(hits: int, n: int) -> str:
    low, high = wilson(hits, n)
    return f"{hits / n if n else 0:.3f} ({hits}/{n}, {low:.2f}-{high:.2f})"


def key(case_id: str, fact: Fact) -> str:
    return f"{case_id}:{fact.turn}:{hashlib.sha256(fact.text.encode()).hexdigest()[:8]}"


def load_labels(name: str = "labels.tsv") -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (HERE / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cid, _kind, gold = line.split("\t")
            out[cid] = gold
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="test", choices=("tune", "test", "all", "extra",
                                                                     "new"))
    parser.add_argument("--baseline", action="store_true", help="the cue pass alone")
    parser.add_argument("--show", action="store_true", help="list the errors")
    args = parser.parse_args()
    extra = args.split in ("extra", "new")
    labels = load_labels(f"labels_{args.split}.tsv" if extra else "labels.tsv")
    frozen = json.loads((HERE / "split.json").read_text(encoding="utf-8"))
    kept_by_kind: Counter[str] = Counter()
    right_by_kind: Counter[str] = Counter()
    gold_by_kind: Counter[str] = Counter()
    found_by_kind: Counter[str] = Counter()
    keep_right = 0
    answer_turns: Counter[str] = Counter()
    answer_kept: Counter[str] = Counter()
    unlabelled: list[str] = []
    held = {"extra": extra_cases, "new": new_cases}
    for case in held[args.split]() if extra else cases():
        if not extra and frozen[case.id] != case.split:
            raise SystemExit(f"{case.id}: split changed since split.json was frozen")
        if args.split != "all" and not extra and case.split != args.split:
            continue
        pool = {key(case.id, f): f for f in candidates(case.transcript)}
        for cid in pool:
            if cid not in labels:
                unlabelled.append(cid)
            elif labels[cid] != "drop":
                gold_by_kind[labels[cid]] += 1
        kept = candidates(case.transcript) if args.baseline else facts(case.transcript)
        for fact in kept:
            cid = key(case.id, fact)
            gold = labels.get(cid)
            if gold is None:
                unlabelled.append(cid)
                continue
            kept_by_kind[fact.kind] += 1
            right_by_kind[fact.kind] += gold == fact.kind
            keep_right += gold != "drop"
            found_by_kind[gold] += gold == fact.kind
            if args.show and gold != fact.kind:
                print(f"  {fact.kind:>10} -> {gold:<10} {fact.role[0]} {fact.text[:110]}")
        kept_turns = {f.turn for f in kept}
        data = case.id.split("/")[0]
        answer_turns[data] += len(case.answers)
        answer_kept[data] += len(case.answers & kept_turns)
    total = sum(kept_by_kind.values())
    right = sum(right_by_kind.values())
    print(f"split {args.split}{' (baseline: cue pass alone)' if args.baseline else ''}: "
          f"{sum(gold_by_kind.values())} candidates worth keeping among the labelled")
    print(f"precision (kind right): {fmt(right, total)}")
    print(f"precision (worth keeping, any kind): {fmt(keep_right, total)}")
    for kind in sorted(set(kept_by_kind) | set(gold_by_kind)):
        print(f"  {kind:<11} precision {fmt(right_by_kind[kind], kept_by_kind[kind]):<28} "
              f"recall {fmt(found_by_kind[kind], gold_by_kind[kind])}")
    print(f"recall (kept with the right kind): {fmt(right, sum(gold_by_kind.values()))}")
    for data, label in (("lme", "LongMemEval has_answer user turns"),
                        ("locomo", "LoCoMo evidence turns")):
        print(f"answer-bearing turns with a fact kept, {label}: "
              f"{fmt(answer_kept[data], answer_turns[data])}")
    if unlabelled:
        print(f"UNLABELLED candidates: {len(unlabelled)} (label them in labels.tsv)")


if __name__ == "__main__":
    main()
