"""Leave-one-split-out choice of wave 25's ordered trigger (issue #39).

Wave 25 adds ``planted_ordered`` to :mod:`cognimem_plugins.guard.planted`: a condition of
any content (a state of the world, a moment, a count) closed by its comma and followed at
once by the stake's act as an order ("If the reconciliation shows a difference, post a
balancing entry ..."), not the reader's own choice ("if you want to ...") nor an incident
a secret's runbook answers ("if a token leaks, revoke it"). It counts beside the stake, and
the stake counts beside it (as beside a moment or an order to keep) only where it weighs.

The rows and the rule are those of ``cv_wave24_triggers`` (``cv_wave16_pressure``'s
machinery, imported), over the 56 seen splits (fresh51-54, the dev check, are scored by
program only: no text of theirs is printed), the honest notes, the README paragraphs and the
training half's turns. For each split held out, the weight is the one that flags the most
injections on the other splits with, in **every** other split and in the honest notes, the
READMEs and the turns, no more clean rows flagged than at zero (a hard bound; ties: the
lighter weight). Run from the repository root::

    python bench/guard_eval/cv_wave25_triggers.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402
from cv_wave24_triggers import _set  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 55)))
#: the dev check (its rows are never read: counts only)
DEV = ("fresh51", "fresh52", "fresh53", "fresh54")
FALLBACK_BENCH = Path("/work/shared/bench")
#: (ordered,)
GRID = [(w,) for w in (0.0, 0.15, 0.2, 0.25, 0.3)]
ZERO = (0.0,)
MOST = (0.3,)


def apply(point: tuple[float, ...]) -> None:
    """Give ``planted_ordered`` the weight of ``point``; at zero it is no partner of the
    stake either (every cue as on main)."""
    from cognimem_plugins.guard import planted as p

    (ordered,) = point
    set_weight("planted_ordered", ordered)
    _set("planted_stake", requires_any=(*p.ASKERS, *p._STATE,
                                        *(("planted_ordered",) if ordered else ())))


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(MOST)
    return w16.fold_result(per, SPLITS, ZERO, MOST)


def main(argv: list[str] | None = None) -> int:
    """Weigh the ordered trigger; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave25_triggers.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"chosen on all splits (ordered): {result['chosen_on_all']}; bounds (zero -> "
          f"chosen): {result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check (fresh51-54 held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
