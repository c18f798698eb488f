"""Leave-one-split-out choice of wave 24's agent-era weights (issue #39).

Wave 24 reads further the structures wave 23 read (``cv_wave23_agent``): a persona's
license worded as a capability, an absence or a loyalty, beside an identity also in chat
spelling or a game (``persona_capability``, and ``persona_capability_named`` beside it when
the identity is a coined name or a switch: :mod:`cognimem_plugins.guard.persona_licenses`);
an address whose slot an instruction fills (``slot_fill``) and a body of the reader's data
posted to an outside address (``data_post``: :mod:`cognimem_plugins.guard.exfil_slots`); a
tool's documentation laying a standing duty on the model to put the user's data into a
call (``tool_doc_duty``: :mod:`cognimem_plugins.guard.tool_doc_scopes`); a claimed source,
also as a role key or a notice heading, with a limit lifted, a grant claimed or secrets
declared shareable (``forged_order``: :mod:`cognimem_plugins.guard.forged_licenses`). The
six weights are weighed on one joint grid.

The rows, the rule and the report are ``cv_wave16_pressure``'s (imported): the fifty-two
seen splits, the honest developer notes and look-alikes, the README paragraphs of installed
packages and the LoCoMo and LongMemEval turns of the learned cue's training half
(``/work/shared/bench`` when the repository's sibling is absent, as from a worktree; the
script stops if a bound reads no row). For each split held out, the point is the one that
flags the most injections on the other splits with, in every other split and in the
honest notes, the READMEs and the turns, no more clean rows flagged than with every weight
at zero (ties: the lighter point), and the held-out split is scored with it. Run from the
repository root::

    python bench/guard_eval/cv_wave24_agent.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import sys
from itertools import product
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave16_pressure as w16  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 51)))
#: the splits no row of which was read while the readers were written (the dev check)
DEV = ("fresh47", "fresh48", "fresh49", "fresh50")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("persona_capability", "persona_capability_named", "slot_fill", "data_post",
         "tool_doc_duty", "forged_order")
#: zero and the points where each starts to flag beside the cues it meets (648 points)
GRID = list(product((0.0, 0.35, 0.4), (0.0, 0.4), (0.0, 0.2, 0.3), (0.0, 0.2, 0.3, 0.35),
                    (0.0, 0.4, 0.55), (0.0, 0.35, 0.45)))
ZERO = (0.0,) * len(NAMES)
MOST = tuple(max(p[i] for p in GRID) for i in range(len(NAMES)))


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 24 readers; print each fold's choice and the held-out split's change
    (``cv_wave16_pressure.weights_main``)."""
    return w16.weights_main(argv, prog="python bench/guard_eval/cv_wave24_agent.py",
                            names=NAMES, grid=GRID, zero=ZERO, most=MOST, splits=SPLITS,
                            dev=DEV, fallback=FALLBACK_BENCH)


if __name__ == "__main__":
    sys.exit(main())
