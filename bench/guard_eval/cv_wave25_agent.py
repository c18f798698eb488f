"""Leave-one-split-out choice of wave 25's tool-documentation reach weight (issue #39).

Wave 25 reads a tool's documentation as a scope (:mod:`cognimem_plugins.guard.agent_reach`):
``tool_doc_reach`` matches a documentation frame holding a clause spoken to the calling
model (the model named with a modal, "Assistant:", "when you use this", a standing
"also/always" duty, or a bare imperative after the description's first sentence) whose
object lies outside the tool (another tool by its identifier, the conversation, every
message or file, the user's data, an outside address, the model's own rules, the user kept
from knowing).

The rows, the rule and the report are ``cv_wave16_pressure``'s (imported): the fifty-six
seen splits, the honest developer notes and look-alikes, the README paragraphs of installed
packages and the LoCoMo and LongMemEval turns of the learned cue's training half
(``/work/shared/bench`` when the repository's sibling is absent, as from a worktree; the
script stops if a bound reads no row). For each split held out, the point is the one that
flags the most injections on the other splits with, in every other split and in the
honest notes, the READMEs and the turns, no more clean rows flagged than with the weight at
zero (ties: the lighter point), and the held-out split is scored with it. Run from the
repository root::

    python bench/guard_eval/cv_wave25_agent.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave16_pressure as w16  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 55)))
#: the splits no row of which was read while the reader was written (the dev check)
DEV = ("fresh51", "fresh52", "fresh53", "fresh54")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("tool_doc_reach",)
#: zero and the points where it starts to flag beside the cues it meets
GRID = [(w,) for w in (0.0, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.75)]
ZERO = (0.0,)
MOST = (0.75,)


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 25 reader; print each fold's choice and the held-out split's change
    (``cv_wave16_pressure.weights_main``)."""
    return w16.weights_main(argv, prog="python bench/guard_eval/cv_wave25_agent.py",
                            names=NAMES, grid=GRID, zero=ZERO, most=MOST, splits=SPLITS,
                            dev=DEV, fallback=FALLBACK_BENCH)


if __name__ == "__main__":
    sys.exit(main())
