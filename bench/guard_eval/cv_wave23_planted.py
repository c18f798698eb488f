"""Leave-one-split-out choice of wave 23's planted-order readings (issue #39).

Wave 23 extends :mod:`cognimem_plugins.guard.planted`: two new parts, each counted only
beside the stake and its own partner, and three widenings of wave 22's parts, each a
switch (off: wave 22's pattern, kept as ``*_WAVE22``):

* ``planted_dormant`` (weight): the moment's kind, chosen to hide the act (the user away, a
  quoted word someone else will write, the reader's own count), beside a moment;
* ``planted_consent`` (weight): a permission the note says another gave (the user in the
  third person, a grant to the AI reader, "pre-approved"), beside an order to keep;
* the order to keep's carriers (switch): memory labels, a memory's entry, a bracket or an
  element named for it, a write into memory named by where it goes;
* the moment (switch): a quoted word someone else will write, the reader's reports and
  tool calls counted, "starting with";
* the stake (switch): the user's view told to a party, wires, e-mail, a person's
  identifiers, a check said to be needless.

The rows and the rule are those of ``cv_wave22_planted`` (``cv_wave16_pressure``'s machinery
and ``cv_wave15_requests.rows``, imported), over the 48 seen splits (fresh43-46, the dev
check, are scored by program only: no text of theirs is printed), the honest notes, the
README paragraphs and the training half's turns. For each split held out, the point is the
one that flags the most injections on the other splits with, in **every** other split and
in the honest notes, the READMEs and the turns, no more clean rows flagged than with every
weight at zero and every switch off (a hard bound; ties: the lighter point). Run from the
repository root::

    python bench/guard_eval/cv_wave23_planted.py [--bench DIR] [--label NAME]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 47)))
#: the dev check (its rows are never read: counts only)
DEV = ("fresh43", "fresh44", "fresh45", "fresh46")
FALLBACK_BENCH = Path("/work/shared/bench")
#: (dormant, consent, keep widened, moment widened, stake widened)
GRID = list(product((0.0, 0.2, 0.25, 0.3), (0.0, 0.2, 0.25, 0.3), (0.0, 1.0), (0.0, 1.0),
                    (0.0, 1.0)))
ZERO = (0.0, 0.0, 0.0, 0.0, 0.0)
MOST = tuple(max(p[i] for p in GRID) for i in range(5))
SWITCHED = ("planted_keep", "planted_when", "planted_stake")


def _pattern(name: str, wider: bool) -> None:
    """Give the cue ``name`` wave 22's pattern, or with ``wider`` wave 23's."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard import planted as p

    stem = name.removeprefix("planted_").upper()
    src = (getattr(p, f"PLANTED_{stem}_WAVE23") if wider
           else getattr(p, f"PLANTED_{stem}_WAVE22"))
    i = cues._INDEX[name]
    cues.CUES = tuple(replace(c, pattern=re.compile(src, re.MULTILINE)) if c.name == name
                      else c for c in cues.CUES)
    cues._STRINGS[i] = False  # (its required strings are read again from the new pattern)


def apply(point: tuple[float, ...]) -> None:
    """Give the two cues the weights of ``point`` and the three their patterns."""
    set_weight("planted_dormant", point[0])
    set_weight("planted_consent", point[1])
    for name, on in zip(SWITCHED, point[2:], strict=True):
        _pattern(name, bool(on))


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    apply(MOST)
    return w16.fold_result(per, SPLITS, ZERO, MOST)


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 23's planted readings; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave23_planted.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"chosen on all splits (dormant, consent, keep widened, moment widened, stake "
          f"widened): {result['chosen_on_all']}; bounds (zero -> chosen): "
          f"{result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check (fresh43-46 held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
