"""Leave-one-split-out choice of the wave 17 pipeline cues' weights (issue #39).

Wave 17 adds two frames beside wave 16's ``relayed_act`` (:mod:`cognimem_plugins.guard.
pipeline_frames`: ``tool_frame``, a tool's definition or result; ``dev_address_frame``, an
address to the AI in a developer's formats), widens four of wave 16's frames (hand-offs,
transcripts, triggers, memory) and the act (the supply chain, code weakened, lasting
orders), and adds three cues that count alone (``tool_poison``, ``grader_order``,
``shot_pattern``). Every frame's and every lone cue's weight is chosen again here, with
wave 16's machinery (``cv_wave16_relayed``: the frames on their grid, the lone cues on
theirs, a hard bound on the clean rows of every other split, the honest developer notes,
the README paragraphs and the LoCoMo and LongMemEval training-half turns), over the
twenty-four seen splits (tune ... fresh22). Run from the repository root::

    python bench/guard_eval/cv_wave17_pipeline.py [--label NAME]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave16_relayed as w16  # noqa: E402

w16.SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 23)))
#: the splits whose misses were looked at while the cues were written
w16.READ = ("fresh19", "fresh20", "fresh21", "fresh22")
w16.FRAMES = (*w16.FRAMES, "tool_frame", "dev_address_frame")
w16.ALONE = (*w16.ALONE, "tool_poison", "grader_order", "shot_pattern")

if __name__ == "__main__":
    raise SystemExit(w16.main())
