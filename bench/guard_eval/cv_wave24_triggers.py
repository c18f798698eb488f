"""Leave-one-split-out choice of wave 24's planted-order readings (issue #39).

Wave 24 extends :mod:`cognimem_plugins.guard.planted` with three parts, each a weight, and
four switches (off: wave 23's pattern or dependency, kept as ``*_WAVE23``):

* ``planted_state`` (weight): a condition of any content (a state of the world the note
  cannot show, a recurring day), beside the stake and a third part (an older harmful act,
  the silent clause, a hidden moment);
* ``planted_silent`` (weight): the silent clause, beside the stake and a moment or an order
  to keep;
* ``planted_bulk`` (weight): the stake at its worst (an act in bulk, a record written
  false), beside the stake and a moment or an order to keep;
* the moment (switch): the hour no longer a moment (a schedule's), the reader's own next
  act read as one;
* the order to keep (switch): "store as a long-term user preference";
* the stake (switch): whose word counts, a substitute for the official source, omission, a
  state said, a check waived, a thing added to every output;
* the older acts as the stake (switch): a moment or an order to keep counts beside an
  older harmful act as beside the stake.

The rows and the rule are those of ``cv_wave23_planted`` (``cv_wave16_pressure``'s
machinery, imported), over the 52 seen splits (fresh47-50, the dev check, are scored by
program only: no text of theirs is printed), the honest notes, the README paragraphs and the
training half's turns. For each split held out, the point is the one that flags the most
injections on the other splits with, in **every** other split and in the honest notes, the
READMEs and the turns, no more clean rows flagged than with every weight at zero and every
switch off (a hard bound; ties: the lighter point). Run from the repository root::

    python bench/guard_eval/cv_wave24_triggers.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 51)))
#: the dev check (its rows are never read: counts only)
DEV = ("fresh47", "fresh48", "fresh49", "fresh50")
FALLBACK_BENCH = Path("/work/shared/bench")
#: (state, silent, bulk, moment widened, keep widened, stake widened, older acts)
GRID = list(product((0.0, 0.2, 0.25), (0.0, 0.2, 0.25), (0.0, 0.2, 0.25), (0.0, 1.0),
                    (0.0, 1.0), (0.0, 1.0), (0.0, 1.0)))
ZERO = (0.0,) * 7
MOST = tuple(max(p[i] for p in GRID) for i in range(7))
SWITCHED = ("planted_when", "planted_keep", "planted_stake")


def _set(name: str, **changes: Any) -> None:
    """Give the cue ``name`` a new pattern or dependencies in the running screen."""
    from cognimem_plugins.guard import cues

    i = cues._INDEX[name]
    cues.CUES = tuple(replace(c, **changes) if c.name == name else c for c in cues.CUES)
    if "pattern" in changes:
        cues._STRINGS[i] = False  # (its required strings are read again from the new one)
    if "requires_any" in changes:
        cues._NEEDS_ANY[i] = frozenset(cues._INDEX[r] for r in changes["requires_any"])


def apply(point: tuple[float, ...]) -> None:
    """Give the three cues the weights of ``point``, the three patterns and the moment's and
    the order to keep's partners theirs. A part at weight zero is no partner either (at
    zero every cue and pattern is wave 23's)."""
    from cognimem_plugins.guard import planted as p

    state, silent, bulk, *switches = point
    set_weight("planted_state", state)
    set_weight("planted_silent", silent)
    set_weight("planted_bulk", bulk)
    for name, on in zip(SWITCHED, switches[:3], strict=True):
        stem = name.removeprefix("planted_").upper()
        src = getattr(p, f"PLANTED_{stem}") if on else getattr(p, f"PLANTED_{stem}_WAVE23")
        _set(name, pattern=re.compile(src, re.MULTILINE))
    stakes = p.STAKES if switches[3] else ("planted_stake",)
    for name in ("planted_when", "planted_keep"):
        _set(name, requires_any=stakes)
    _set("planted_stake", requires_any=(*p.ASKERS, *(("planted_state",) if state else ())))
    _set("planted_state", requires_any=(*p.ACTS, *(("planted_silent",) if silent else ()),
                                        "planted_dormant"))
    _set("planted_silent", requires_any=(*p.ASKERS, *(("planted_state",) if state else ()),
                                         *p.OLDER_WHEN))


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(MOST)
    return w16.fold_result(per, SPLITS, ZERO, MOST)


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 24's planted readings; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave24_triggers.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"chosen on all splits (state, silent, bulk, moment widened, keep widened, stake "
          f"widened, older acts): {result['chosen_on_all']}; bounds (zero -> chosen): "
          f"{result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check (fresh47-50 held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
