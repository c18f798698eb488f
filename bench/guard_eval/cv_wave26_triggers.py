"""Leave-one-split-out choice of wave 26's trigger weights (issue #39).

Wave 26 reads two things in :mod:`cognimem_plugins.guard.planted`:

* ``planted_ordered`` (wave 25's trigger whose main clause is the stake's act as an order),
  its condition now **counted once**: where a moment's reader (``planted_when`` or an older
  trigger cue) reads the condition, the ordered trigger adds nothing. Wave 25 shipped it at
  0 because the moment and the ordered trigger both counted the one condition of a user's
  own business rule ("The next time the client calls, lower every room rate to 5 EUR.");
* ``planted_hushed``: a condition of any content whose act is kept from the user (the
  silent clause or an older cue of concealment), beside the stake.

Each counts beside the stake, and the stake beside it (the silent clause beside the hushed
trigger), only where it weighs. The rows and the rule are ``cv_wave16_pressure``'s
(imported): the 60 seen splits (fresh55-58, the dev check, by program only: no text of
theirs is printed), the honest notes, the README paragraphs, the training half's turns and
the guard tests' look-alikes. For each split held out, the point is the one that flags the
most injections on the other splits with, in **every** other split and in every bound, no
more clean rows flagged than at zero (a hard bound; ties: the lighter weights). Run from
the repository root::

    python bench/guard_eval/cv_wave26_triggers.py [--bench DIR] [--label NAME]
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
from cv_wave10 import set_weight  # noqa: E402
from cv_wave24_triggers import _set  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
#: the dev check (its rows are never read: counts only)
DEV = ("fresh55", "fresh56", "fresh57", "fresh58")
FALLBACK_BENCH = Path("/work/shared/bench")
#: (ordered, hushed)
GRID = list(product((0.0, 0.15, 0.2, 0.25, 0.3), (0.0, 0.2, 0.25)))
ZERO = (0.0, 0.0)
MOST = (0.3, 0.25)


def apply(point: tuple[float, ...]) -> None:
    """Give ``planted_ordered`` and ``planted_hushed`` the weights of ``point``; at zero
    neither is a partner of the stake or of the silent clause (every cue as on main)."""
    from cognimem_plugins.guard import planted as p

    ordered, hushed = point
    set_weight("planted_ordered", ordered)
    set_weight("planted_hushed", hushed)
    o = ("planted_ordered",) if ordered else ()
    h = ("planted_hushed",) if hushed else ()
    _set("planted_stake", requires_any=(*p.ASKERS, *p._STATE, *o, *h))
    _set("planted_silent", requires_any=(*p.ASKERS, *p._STATE, *p._OLDER_WHEN, *h))


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(MOST)
    return w16.fold_result(per, SPLITS, ZERO, MOST)


def main(argv: list[str] | None = None) -> int:
    """Weigh the two triggers; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave26_triggers.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"chosen on all splits (ordered, hushed): {result['chosen_on_all']}; bounds (zero "
          f"-> chosen): {result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check (fresh55-58 held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
