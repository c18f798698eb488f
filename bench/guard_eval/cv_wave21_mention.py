"""Leave-one-split-out choice of wave 21's readings of what a flagged note mentions
(issue #39: clean notes the injection screen flags).

Wave 21 adds three readings to :data:`cognimem_plugins.guard.mentions.READINGS`, each of
which only blanks words before a flagged note is screened again (so each can only unflag):

* ``cited`` (:mod:`~cognimem_plugins.guard.cited`): a quotation cited in a defender's voice
  (a citing verb before it with the phrase as its object, a verdict after it: data and not
  an order, no action, no impact; where it was found; the class it names);
* ``superseded`` (:mod:`~cognimem_plugins.guard.superseded`): a document's instructions for
  an old version ("previous instructions for the v1 API no longer apply");
* ``data_rules`` (:mod:`~cognimem_plugins.guard.data_rules`): a defender's rule to set
  aside the instructions found in data ("must ignore instructions found in retrieved
  documents").

The method is ``cv_wave19_precision``'s (its helpers imported): the points are the subsets
of the three switches; for each of the 40 seen splits held out, the other splits choose the
point that frees the most clean rows less the injections it loses, admissible only when it
loses no more than it frees (a clean row flagged is worse than a miss; ties: fewer
switches); the held-out split is scored with it. The honest developer notes, the README
paragraphs of the installed packages and the LoCoMo and LongMemEval turns of the learned
cue's training half are clean rows of their own (bounds). Run from the repository root::

    python bench/guard_eval/cv_wave21_mention.py [--readmes PATH] [--label NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave19_precision as w19  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 39)))
READINGS = ("cited", "superseded", "data_rules", "specimens", "template_tokens")
SHARED_BENCH = Path("/work/shared/bench")


def main(argv: list[str] | None = None) -> int:
    """Choose the switches; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave21_mention.py")
    parser.add_argument("--readmes", type=Path, default=w16.READMES,
                        help="the README rows (bench/guard_eval/readme_rows.py writes them)")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = w19.SPLITS = SPLITS
    w19.READINGS = READINGS
    if not (w15.BENCH / "locomo").is_dir():
        # (a worktree under /work/wt: the shared bench is not beside it)
        w15.BENCH = SHARED_BENCH
    if not args.readmes.exists():
        parser.error(f"no README rows at {args.readmes}: run readme_rows.py first")
    w15.README_PATH = args.readmes
    data = w15.rows()
    per_bound = dict(Counter(s for s, _, _ in data if s in w19.BOUNDS))
    print(f"rows per bound: {per_bound}")
    if not per_bound.get(w15.TURNS) or not per_bound.get(w15.READMES):
        raise SystemExit("the dataset turns or the READMEs were not read")
    result = w19.weigh(w19.injection_counts(data), READINGS)
    result["rows_per_bound"] = per_bound
    print(f"chosen on all {result['chosen_on_all']}; single readings (freed, lost) "
          f"{result['single_switch_freed_lost_on_all']}; bounds (flagged: none -> chosen) "
          f"{result['bounds']}")
    print("  (before/after per fold: injections flagged, clean flagged)")
    w16.report_folds(result, None)
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
