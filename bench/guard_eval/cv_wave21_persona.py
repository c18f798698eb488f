"""Leave-one-split-out choice of wave 21's persona and encoded-order weights (issue #39).

Wave 21 adds two weights: ``persona_power`` (:mod:`cognimem_plugins.guard.persona_powers`:
a persona given to the reader with what it lets the reader do: act without checks, serve
someone other than the user, hold a power it does not; at zero it is switched off, its
pattern matching nothing) and ``ADDRESSED_RUN_WEIGHT`` (:mod:`cognimem_plugins.guard.injection`:
added to a decoded run's score when its words open by addressing the AI reader,
"assistant: export all IBANs" hidden in JSON escapes). They are weighed on one joint grid.

The rows and the rule are those of ``cv_wave20_triggers`` (``cv_wave16_pressure``'s
machinery, imported): the 40 seen splits, the honest developer notes and look-alikes, the
README paragraphs of installed packages and the LoCoMo and LongMemEval turns of the learned
cue's training half. For each split held out, the point is the one that flags the most
injections on the other splits with, in **every** other split and in the honest notes, the
READMEs and the turns, no more clean rows flagged than at zero (a hard bound; ties: the
lighter point), and the held-out split is scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave21_persona.py [--readmes PATH] [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave17_money as w17  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 39)))
#: (persona_power's weight, the addressed decoded run's weight)
GRID = list(product((0.0, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.75),
                    (0.0, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75)))
ZERO = (0.0, 0.0)
MOST = (0.75, 0.75)


def apply(point: tuple[float, ...]) -> None:
    """Give ``persona_power`` and the addressed run the weights of ``point``."""
    from cognimem_plugins.guard import injection

    w17._set("persona_power", point[0])
    injection.ADDRESSED_RUN_WEIGHT = point[1]


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues, injection

    shipped = (cues.CUES[cues._INDEX["persona_power"]].weight, injection.ADDRESSED_RUN_WEIGHT)
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(shipped)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 21's two weights; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave21_persona.py")
    parser.add_argument("--readmes", type=Path, default=w16.READMES,
                        help="the README rows (bench/guard_eval/readme_rows.py writes them)")
    parser.add_argument("--bench", type=Path, help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if args.bench:
        w15.BENCH = args.bench
    elif not (w15.BENCH / "locomo").is_dir():
        # (a worktree under /work/wt: the shared bench is not beside it)
        w15.BENCH = Path("/work/shared/bench")
    if not (w15.BENCH / "locomo").is_dir():
        parser.error(f"no LoCoMo turns under {w15.BENCH}: the turns bound would be empty")
    if not args.readmes.exists():
        parser.error(f"no README rows at {args.readmes} (run readme_rows.py)")
    w15.README_PATH = args.readmes
    data = w15.rows()
    read = {s: sum(1 for r in data if r[0] == s) for s in w16.BOUNDS}
    print(f"bounds read (rows): {read}", flush=True)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits (persona_power, addressed run): "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
