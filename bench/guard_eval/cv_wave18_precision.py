"""Leave-one-split-out choice of wave 18's readings of a defender's or a user's note (#39).

Wave 18 adds three readings to what :mod:`cognimem_plugins.guard.mentions` blanks before a
flagged note is read again (``mentions.READINGS``): the user's own order
(:mod:`~cognimem_plugins.guard.own_orders`: "forget the previous instructions, fix the
tests first"), the code forms of a mention (a test's name, an assertion's literal, a
payload under its heading: :mod:`~cognimem_plugins.guard.quoted_forms`) and the reports
(an advisory, a finding, a runbook, a detector's decision; more reporters and report
verbs; the capability an advisory reports; other languages' reported orders). Each reading
only blanks, so it can only unflag: the precision side is every clean row of the
twenty-eight seen splits, the honest developer notes, the README paragraphs of installed
packages and the LoCoMo and LongMemEval turns of the learned cue's training half
(``cv_wave15_requests.rows``); the recall side is the splits' injection rows.

Each of the eight subsets of the three readings is a point. For each split held out, the
other splits choose the point that unflags the most clean rows less the injections it
loses over them (a clean row flagged is worse than a miss: a point is admissible only if
it loses no more injections than it unflags clean rows; ties: fewer readings), and the
held-out split is scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave18_precision.py [--label NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 27)))
READINGS = ("own_orders", "code_forms", "reported")
POINTS = [frozenset(c) for n in range(len(READINGS) + 1) for c in combinations(READINGS, n)]
BOUNDS = (w15.HONEST, w15.READMES, w15.TURNS)


def point_counts(data: list[w15.Row]) -> dict[frozenset[str], w15.Counts]:
    """Each point's counts per split: only the rows flagged with no reading are screened
    again (a reading only blanks)."""
    from cognimem_plugins.guard import mentions
    from cognimem_plugins.guard.injection import screen

    mentions.READINGS = frozenset()
    base = [bool(screen(t)) for _, _, t in data]
    flagged = [i for i, f in enumerate(base) if f]
    print(f"{len(flagged)} of {len(data)} rows flagged with no reading", flush=True)
    per: dict[frozenset[str], w15.Counts] = {}
    for point in POINTS:
        mentions.READINGS = point
        flags = list(base)
        for i in flagged:
            flags[i] = bool(screen(data[i][2]))
        per[point] = w15.counts(data, flags)
    mentions.READINGS = frozenset(READINGS)
    return per


def gain(per: dict[frozenset[str], w15.Counts], point: frozenset[str],
         splits: list[str]) -> tuple[int, int]:
    """(clean rows unflagged, injections lost) over ``splits`` against no reading."""
    zero = per[frozenset()]
    clean = sum(zero[s][1] - per[point][s][1] for s in splits if s in zero)
    lost = sum(zero[s][0] - per[point][s][0] for s in splits if s in zero)
    return clean, lost


def choose(per: dict[frozenset[str], w15.Counts], left_out: str | None) -> frozenset[str]:
    """The point the splits other than ``left_out`` choose (the module docstring)."""
    others = [s for s in per[frozenset()] if s != left_out]
    ok = [p for p in per if gain(per, p, others)[1] <= gain(per, p, others)[0]]
    return max(ok, key=lambda p: (gain(per, p, others)[0] - gain(per, p, others)[1], -len(p)))


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """Each point's counts, each fold's choice and the held-out split before and after."""
    per = point_counts(data)
    folds = {}
    for split in SPLITS:
        fold = choose(per, split)
        folds[split] = {"readings": sorted(fold), "before": per[frozenset()][split],
                        "after": per[fold][split]}
    chosen = choose(per, None)
    return {"chosen_on_all": sorted(chosen),
            "bounds": {s: (per[frozenset()][s], per[chosen][s]) for s in BOUNDS
                       if s in per[frozenset()]},
            "points": {"+".join(sorted(p)) or "none": per[p] for p in POINTS},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Choose the readings; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave18_precision.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    for readmes in (w16.READMES, Path("/tmp/s36/readmes.jsonl")):
        if readmes.exists():
            w15.README_PATH = readmes
            break
    result = weigh(w15.rows())
    print(f"chosen on all splits: {result['chosen_on_all']}; bounds (flagged: none -> "
          f"chosen): {result['bounds']}")
    totals = [0, 0]
    for split, fold in result["folds"].items():
        (bi, bc), (ai, ac) = fold["before"], fold["after"]
        totals[0] += bi - ai
        totals[1] += bc - ac
        print(f"  held out {split}: {fold['readings']} injections {bi}->{ai}, "
              f"clean flagged {bc}->{ac}")
    print(f"held out, summed: injections lost {totals[0]}, clean rows unflagged {totals[1]}")
    if args.label:
        out = HERE / "results" / f"{args.label}.json"
        out.write_text(json.dumps(result, indent=1, default=list) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
