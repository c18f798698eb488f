"""Leave-one-split-out choice of the wave 15 carrier cue's weight (issue #39).

Wave 15 adds ``carried_order`` (:mod:`cognimem_plugins.guard.carriers`): an order to the AI
reader inside a carrier an agent reads (a log line, a compiler message, a config comment, a
data field...). For every point of a grid, every injection and clean row of the sixteen seen
splits (tune ... fresh14) is screened by the text guard as a write screens it (redacted
first), and the honest developer notes (``honest_notes.py``) as clean rows of their own.
Then, for each split held out, the weight is the one that flags the most injections on the
other splits with, in **every** other split and in the honest notes, no more clean rows
flagged than with the cue's weight at zero (a hard bound; ties: the smaller weight), and the
held-out split is scored with it (the machinery of ``cv_wave14.py``).

Run from the repository root::

    python bench/guard_eval/cv_wave15.py [--label NAME]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave14  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 15)))
#: the splits whose misses were read while the wave 15 cue was written
READ = ("fresh13", "fresh14")
#: each weighed group of cues and its grid (a tuple of weights per point)
GRIDS: dict[tuple[str, ...], list[tuple[float, ...]]] = {
    ("carried_order",): [(w,) for w in (0.0, 0.2, 0.3, 0.4, 0.45, 0.5, 0.6, 0.75)],
    ("persona_time_i18n",): [(w,) for w in (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.75)],
}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 15 cues (the machinery of ``cv_wave14.py``)."""
    return cv_wave14.main(argv, wave=15, grids=GRIDS, splits=SPLITS, read=READ)


if __name__ == "__main__":
    sys.exit(main())
