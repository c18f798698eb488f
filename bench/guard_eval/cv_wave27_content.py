"""Leave-one-split-out choice of wave 27's carried-act weights (issue #39: orders carried in
a domain's third-party content, the act later in the clause, through the reader, in the
third person, or in a forged system line).

Wave 27 adds :mod:`cognimem_plugins.guard.carried_acts` (``carried_clause_act``,
``carried_relay_act``, ``carried_modal_act``, ``carried_system_act``). Each cue's weight is
chosen on a grid (each cue at zero or 0.75, and the four together at 0.45 and 0.6); at zero
a cue adds nothing.

The method is wave 20-26's (``cv_wave16_pressure.weights_main``: the splits' clean rows, the
honest notes, the README paragraphs, the LoCoMo and LongMemEval turns of the learned cue's
training half and the look-alikes the guard's own tests hold; the grid counts and folds)
over the **64** seen splits (tune, test, fresh, fresh2-fresh62; fresh59-62, the development
check, by program only). For each split held out, the point is the one that flags the most
injections on the other splits with, in **every** other split and in every bound, no more
clean rows flagged than at zero (a hard bound; ties: the lighter point). Run from the
repository root::

    python bench/guard_eval/cv_wave27_content.py [--bench PATH] [--label NAME]
"""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave16_pressure as w16  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
#: the splits no row of which was read while the readers were written (the dev check)
DEV = ("fresh59", "fresh60", "fresh61", "fresh62")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("carried_clause_act", "carried_relay_act", "carried_condition_act",
         "carried_modal_act", "carried_system_act")
#: each cue alone on or off, and the four together below the threshold
GRID = [*product((0.0, 0.75), repeat=5), (0.45,) * 5, (0.6,) * 5]
ZERO = (0.0,) * 5
MOST = (0.75,) * 5


def main(argv: list[str] | None = None) -> int:
    """Weigh the cues; print each fold's choice and the held-out split's change
    (``cv_wave16_pressure.weights_main``)."""
    return w16.weights_main(argv, prog="python bench/guard_eval/cv_wave27_content.py",
                            names=NAMES, grid=GRID, zero=ZERO, most=MOST, splits=SPLITS,
                            dev=DEV, fallback=FALLBACK_BENCH)


if __name__ == "__main__":
    sys.exit(main())
