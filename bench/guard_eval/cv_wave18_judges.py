"""Leave-one-split-out choice of the wave 18 weights: orders to automated judges and orders
carried by structure (issue #39).

Wave 18 adds three cues that count alone (``judge_order``, :mod:`cognimem_plugins.guard.
verdicts`: an order to a moderation, ranking, grading, screening or review model about its
own verdict; ``shot_comply`` and ``service_order``, :mod:`cognimem_plugins.guard.layouts`:
a few-shot transcript whose answers comply with something that matters, a DNS TXT record,
header, banner or runbook step written to AI systems), one frame beside wave 16's
``relayed_act`` (``markup_frame``: LaTeX's comments and hidden text), and widens the act
(MITRE ATT&CK's account creation, authorized_keys, impaired defences, manipulated figures,
personal data handed to a requester), the hand-off frame (a plan's next actions, a
sub-agent's report), wave 17's developer-format address (notes for automation, AI
systems, ``llm-directive:``) and wave 16's ``assembled_order`` (blanks filled, variables
summed, a word list joined, letters read down). Every frame's and every lone cue's weight
is chosen again with wave 16's machinery (``cv_wave16_relayed``: the frames on their grid,
the lone cues on theirs, a hard bound on the clean rows of every other split, the honest
developer notes, the README paragraphs and the LoCoMo and LongMemEval training-half turns),
over the twenty-eight seen splits (tune ... fresh26). Run from the repository root::

    python bench/guard_eval/cv_wave18_judges.py [--label NAME]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave16_relayed as w16  # noqa: E402
import cv_wave17_pipeline  # noqa: E402,F401  (wave 17's frames and lone cues)

w16.SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 27)))
#: the splits whose misses of these families were read while the cues were written
w16.READ = ("fresh6", "fresh8", "fresh10", "fresh11", "fresh12", "fresh15", "fresh16",
            "fresh18", "fresh19", "fresh24", "fresh25", "fresh26")
w16.FRAMES = (*w16.FRAMES, "markup_frame")
w16.ALONE = (*w16.ALONE, "judge_order", "shot_comply", "service_order")

if __name__ == "__main__":
    raise SystemExit(w16.main())
