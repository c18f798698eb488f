"""Leave-one-split-out choice of wave 23's record cues (issue #39: orders carried in a
domain's own records, whatever the verb).

Wave 23 adds :mod:`cognimem_plugins.guard.record_orders` (``record_order``: an AI reader
addressed in a record's free text and given an act read by its form; ``bare_record_order``:
the reader called bare by its trade, "Assistant, ...", in a record's line;
``modal_record_order``: an AI reader told in the third person what it must do) and a
switch of the cue gate (:func:`cognimem_plugins.guard.cues._words`: the words an em or en
dash joins are read as two). Each weight is chosen on a grid (at zero the cue is switched
off: its pattern matches nothing) and the switch on or off.

The method is wave 20-22's (``cv_wave21_carried.main``; the rows of ``cv_wave15_requests``,
the grid counts and folds of ``cv_wave16_pressure``) over the 48 seen splits (tune, test,
fresh, fresh2-fresh46: fresh43-46, the development check, by program only), the honest
notes, the README paragraphs and the LoCoMo and LongMemEval turns of the learned cue's
training half. For each split held out, the point is the one that flags the most
injections on the other splits with, in **every** other split and in the bounds, no more
clean rows flagged than at zero (a hard bound; ties: the lighter point). Run from the
repository root::

    python bench/guard_eval/cv_wave23_records.py [--readmes PATH] [--label NAME]
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

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 47)))
NAMES = ("record_order", "bare_record_order", "modal_record_order")
_ONE = (0.0, 0.45, 0.6, 0.75)
#: the three weights and the dash switch (0: the gate reads the text's words as before)
GRID = list(product(_ONE, _ONE, _ONE, (0.0, 1.0)))
ZERO = (0.0, 0.0, 0.0, 0.0)
MOST = (0.75, 0.75, 0.75, 1.0)


def _old_words(flat: list[str], folded: str) -> frozenset[str]:
    """The cue gate's words before wave 23 (no dash-joined words split)."""
    from cognimem_plugins.guard import cues

    words = cues._ALL_WORDS.intersection(flat)
    if "@" in folded:
        words |= cues._AT
    if "=" in folded and ("?" in folded or "&" in folded):
        words |= cues._QUERY
    return words


_NEW_WORDS: list[Any] = []


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` and the gate its switch (zero: off)."""
    from cognimem_plugins.guard import cues

    if not _NEW_WORDS:
        _NEW_WORDS.append(cues._words)
    for name, weight in zip(NAMES, point[:3], strict=True):
        w17._set(name, weight)
    cues._words = _NEW_WORDS[0] if point[3] else _old_words


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = (*(cues.CUES[cues._INDEX[n]].weight for n in NAMES), 1.0)
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
    return w21.main(argv, prog="python bench/guard_eval/cv_wave23_records.py", weigh=weigh,
                    splits=SPLITS)


if __name__ == "__main__":
    sys.exit(main())
