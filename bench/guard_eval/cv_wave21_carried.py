"""Leave-one-split-out choice of wave 21's ``described_order`` weight (issue #39: orders
carried in a domain's own third-party content).

Wave 21 adds :mod:`cognimem_plugins.guard.described_orders` (``described_order``: content
that describes something, a booking's request, a review, a report, a listing, turns after
its first words to the AI reader by its kind and gives it an act at once). Its weight is
chosen on a grid; at zero the cue is switched off (its pattern matches nothing).

The method is wave 20's (``cv_wave20_carried``, whose helpers are imported: the rows of
``cv_wave15_requests``, the grid and folds of ``cv_wave16_pressure``) over the 40 seen
splits (tune, test, fresh, fresh2-fresh38), the honest developer notes and look-alikes, the
README paragraphs of the installed packages and the LoCoMo and LongMemEval turns of the
learned cue's training half. For each split held out, the point is the one that flags the
most injections on the other splits with, in **every** other split and in the honest
notes, the READMEs and the turns, no more clean rows flagged than at zero (a hard bound;
ties: the lighter point), and the held-out split is scored with it. Run from the
repository root::

    python bench/guard_eval/cv_wave21_carried.py [--readmes PATH] [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave17_money as w17  # noqa: E402
import cv_wave20_carried as w20  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 39)))
NAME = "described_order"
GRID = w20.GRID
ZERO = w20.ZERO
MOST = w20.MOST


def apply(point: tuple[float, ...]) -> None:
    """Give the cue the weight of ``point`` in the running screen (zero: off)."""
    w17._set(NAME, point[0])


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = cues.CUES[cues._INDEX[NAME]].weight
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply((shipped,))
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "rows_per_bound": dict(Counter(s for s, _, _ in data if s in w16.BOUNDS)),
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None, *,
         prog: str = "python bench/guard_eval/cv_wave21_carried.py",
         weigh: Callable[[list[w15.Row]], dict[str, Any]] = weigh,
         splits: tuple[str, ...] = SPLITS) -> int:
    """Weigh the cue; print each fold's choice and the held-out split's change (wave 22's
    script passes its own ``weigh`` and splits)."""
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--readmes", type=Path, default=w17.READMES,
                        help="the README rows (bench/guard_eval/readme_rows.py writes them)")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = splits
    if not (w15.BENCH / "locomo").is_dir():
        # (a worktree under /work/wt: the shared bench is not beside it)
        w15.BENCH = w20.SHARED_BENCH
    if not args.readmes.exists():
        parser.error(f"no README rows at {args.readmes}: run readme_rows.py first")
    w15.README_PATH = args.readmes
    data = w15.rows()
    result = weigh(data)
    print(f"rows per bound: {result['rows_per_bound']}")
    if not result["rows_per_bound"].get(w15.TURNS):
        raise SystemExit("the dataset turns were not read (no locomo under the bench)")
    print(f"shipped {result['shipped']}; chosen on all splits: {result['chosen_on_all']}; "
          f"bounds (zero -> chosen): {result['bounds_on_all']}")
    for point, counts in result["grid"].items():
        inj = sum(c[0] for s, c in counts.items() if s not in w16.BOUNDS)
        clean = sum(c[1] for s, c in counts.items() if s not in w16.BOUNDS)
        print(f"  point {point}: injections {inj}, clean flagged {clean}, bounds "
              f"{ {s: counts[s][1] for s in w16.BOUNDS if s in counts} }")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
