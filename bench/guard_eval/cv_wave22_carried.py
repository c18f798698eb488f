"""Leave-one-split-out choice of wave 21's ``described_order`` weight (issue #39: orders
carried in a domain's own third-party content).

Wave 21 adds :mod:`cognimem_plugins.guard.described_orders` (``described_order``: content
that describes something, a booking's request, a review, a report, a listing, turns after
its first words to the AI reader by its kind and gives it an act at once). Its weight is
chosen on a grid; at zero the cue is switched off (its pattern matches nothing).

The method is wave 20's (``cv_wave20_carried``, whose helpers are imported: the rows of
``cv_wave15_requests``, the grid and folds of ``cv_wave16_pressure``) over the 44 seen
splits (tune, test, fresh, fresh2-fresh42), the honest developer notes and look-alikes, the
README paragraphs of the installed packages and the LoCoMo and LongMemEval turns of the
learned cue's training half. For each split held out, the point is the one that flags the
most injections on the other splits with, in **every** other split and in the honest
notes, the READMEs and the turns, no more clean rows flagged than at zero (a hard bound;
ties: the lighter point), and the held-out split is scored with it. Run from the
repository root::

    python bench/guard_eval/cv_wave22_carried.py [--readmes PATH] [--label NAME]
"""

from __future__ import annotations

import sys
from collections import Counter
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave17_money as w17  # noqa: E402
import cv_wave21_carried as w21  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 43)))
NAMES = ("value_order", "dedicated_order")
_ONE = (0.0, 0.3, 0.45, 0.6, 0.75)
GRID = list(product(_ONE, _ONE))
ZERO = (0.0, 0.0)
MOST = (0.75, 0.75)


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen (zero: off)."""
    for name, weight in zip(NAMES, point, strict=True):
        w17._set(name, weight)


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = tuple(cues.CUES[cues._INDEX[n]].weight for n in NAMES)
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(shipped)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "rows_per_bound": dict(Counter(s for s, _, _ in data if s in w16.BOUNDS)),
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the cues; print each fold's choice and the held-out split's change."""
    return w21.main(argv, prog="python bench/guard_eval/cv_wave22_carried.py", weigh=weigh,
                    splits=SPLITS)


if __name__ == "__main__":
    sys.exit(main())
