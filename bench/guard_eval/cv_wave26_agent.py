"""Leave-one-split-out choice of wave 26's persona-reach weight (issue #39).

Wave 26 (:mod:`cognimem_plugins.guard.persona_reach`) reads a persona switch by the part of
its structure the earlier readers did not: ``persona_reach``, the reader switched into
another identity (a pretence, a game, role-play, a new persona) whose acts are unbounded
(served to whoever asks, done freely, no matter what, "do anything"). (The wave's first run
weighed it jointly with ``tool_doc_beyond``, a tool's documentation holding a part beyond
its scope; that cue gained no row of the development check and was dropped:
EXPERIMENTS.md, wave 26 w26-agent.)

The rows, the rule and the report are ``cv_wave16_pressure``'s (imported): the sixty seen
splits, the honest developer notes and look-alikes, the README paragraphs of installed
packages, the LoCoMo and LongMemEval turns of the learned cue's training half
(``/work/shared/bench`` when the repository's sibling is absent, as from a worktree; the
script stops if a bound reads no row) and the look-alikes the guard's tests hold
(``tested``). For each split held out, the point is the one that flags the most injections
on the other splits with, in every other split and in every bound, no more clean rows
flagged than with the weight at zero (ties: the lighter point), and the held-out split is
scored with it. Run from the repository root::

    python bench/guard_eval/cv_wave26_agent.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave16_pressure as w16  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 59)))
#: the splits no row of which was read while the reader was written (the dev check)
DEV = ("fresh55", "fresh56", "fresh57", "fresh58")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("persona_reach",)
#: zero and the points where it starts to flag beside the cues it meets, up to alone
GRID = [(w,) for w in (0.0, 0.3, 0.35, 0.4, 0.5, 0.75)]
ZERO = (0.0,)
MOST = (0.75,)


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 26 reader; print each fold's choice and the held-out split's change
    (``cv_wave16_pressure.weights_main``)."""
    return w16.weights_main(argv, prog="python bench/guard_eval/cv_wave26_agent.py",
                            names=NAMES, grid=GRID, zero=ZERO, most=MOST, splits=SPLITS,
                            dev=DEV, fallback=FALLBACK_BENCH)


if __name__ == "__main__":
    sys.exit(main())
