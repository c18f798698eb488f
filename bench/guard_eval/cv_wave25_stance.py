"""Wave 25 (precision): leave-one-split-out choice of the stance veto's two structural
readings, :data:`cognimem_plugins.guard.stance.QUOTED_LABEL` (a note's leading label is its
heading) and :data:`~cognimem_plugins.guard.stance.QUOTED_COLON` (a quotation after a
colon that ends a clause of three words or more is reported speech), issue #39.

Both only widen which flagged notes the shipped stance model reads (a veto only unflags),
so their cost is the injections they free and their gain the clean rows. The points are
the four subsets; for each of the fifty-six seen splits held out (fresh51-54, the dev check,
counted by program: nothing of a row is printed), the other splits choose the point that
frees the most clean rows less the injections it loses, admissible only if it loses no
more than it frees (``cv_wave19_precision.choose``; ties: fewer switches). The honest notes,
the README paragraphs and the training half's LoCoMo/LongMemEval turns are bounds
(``cv_wave16_pressure.bounded_rows``; a bound that reads no row stops the script). The
text screen of a write (redaction, then ``screen``), without the semantic judge. The model
is the shipped one (not retrained here). Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave25_stance.py [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave19_precision as w19p  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 55)))
DEV = ("fresh51", "fresh52", "fresh53", "fresh54")
NAMES = ("label", "colon")


def _apply(point: frozenset[str]) -> None:
    from cognimem_plugins.guard import stance

    stance.QUOTED_LABEL = "label" in point
    stance.QUOTED_COLON = "colon" in point


def counts(rows: list[w15.Row]) -> dict[frozenset[str], w15.Counts]:
    """Each point's (injections flagged, clean rows flagged) per split and bound."""
    from cognimem_plugins.guard import stance
    from cognimem_plugins.guard.injection import screen
    from cognimem_plugins.guard.mentions import _QUOTED

    shipped = (stance.QUOTED_LABEL, stance.QUOTED_COLON)
    _apply(frozenset())
    start: dict[str, list[int]] = {}
    candidates = []
    for i, (split, group, text) in enumerate(rows):
        first = start.setdefault(split, [0, 0])
        if screen(text):
            first[group == "clean"] += 1
            if _QUOTED.search(text):
                candidates.append(i)
    print(f"{len(candidates)} flagged rows hold a quotation", flush=True)
    per: dict[frozenset[str], w15.Counts] = {}
    for point in w19p.points(NAMES):
        _apply(point)
        tally = {s: list(c) for s, c in start.items()}
        for i in candidates:
            split, group, text = rows[i]
            if not screen(text):
                tally[split][group == "clean"] -= 1
        per[point] = {s: (a, b) for s, (a, b) in tally.items()}
    stance.QUOTED_LABEL, stance.QUOTED_COLON = shipped
    return per


def weigh(per: dict[frozenset[str], w15.Counts]) -> dict[str, Any]:
    """Each fold's choice, the held-out split before and after, the bounds."""
    w19p.SPLITS = SPLITS
    folds = {}
    for split in SPLITS:
        fold = w19p.choose(per, split)
        folds[split] = {"weights": sorted(fold), "before": per[frozenset()][split],
                        "after": per[fold][split]}
    chosen = w19p.choose(per, None)
    return {"chosen_on_all": sorted(chosen), "folds": folds,
            "single_switch_freed_lost_on_all": {
                n: w19p.gain(per, frozenset({n}), list(SPLITS)) for n in NAMES},
            "both_freed_lost_on_all": w19p.gain(per, frozenset(NAMES), list(SPLITS)),
            "both_freed_lost_dev": w19p.gain(per, frozenset(NAMES), list(DEV)),
            "bounds": {s: (per[frozenset()][s], per[chosen][s]) for s in w16.BOUNDS
                       if s in per[frozenset()]}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave25_stance.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    rows, _ = w16.bounded_rows(parser, args.bench, w19p.FALLBACK_BENCH, SPLITS)
    result = weigh(counts(rows))
    result["dev_before_after"] = w16.dev_change(result, DEV)
    print(f"chosen on all {result['chosen_on_all']}; single switches (clean freed, "
          f"injections lost) {result['single_switch_freed_lost_on_all']}; both "
          f"{result['both_freed_lost_on_all']}, dev {result['both_freed_lost_dev']}; bounds "
          f"(injections, clean flagged: none -> chosen) {result['bounds']}; dev change "
          f"(injections, clean flagged), each held out {result['dev_before_after']}")
    w16.report_folds(result, None)
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
