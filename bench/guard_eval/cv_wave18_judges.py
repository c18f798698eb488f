"""Leave-one-split-out choice of the wave 18 weights: orders to automated judges and orders
carried by structure (issue #39).

Wave 18 adds three cues that count alone (``judge_order``, :mod:`cognimem_plugins.guard.
verdicts`: an order to a moderation, ranking, grading, screening or review model about its
own verdict; ``shot_comply`` and ``service_order``, :mod:`cognimem_plugins.guard.layouts`:
a few-shot transcript whose answers comply with something that matters, a DNS TXT record,
header, banner or runbook step written to AI systems) and one frame beside wave 16's
``relayed_act`` (``markup_frame``: LaTeX's hidden text). Their weights are chosen with wave
16's machinery (``cv_wave16_relayed``: the frame on its grid, the lone cues on theirs, a
hard bound on the clean rows of every other split, the honest developer notes, the README
paragraphs and the LoCoMo and LongMemEval training-half turns), over the twenty-eight seen
splits (tune ... fresh26). ``--all`` weighs wave 16's and 17's frames and lone cues again
too (their patterns were widened: the act, the hand-off, the developer's address,
``assembled_order``).

Wave 16's ``moving`` searched every lone cue's pattern in ``folded`` (its lone cues were
structural); ``judge_order`` reads ``flat``: :func:`moving` here searches each cue's own
text. Run from the repository root::

    python bench/guard_eval/cv_wave18_judges.py [--all] [--label NAME]
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
NEW_FRAMES = ("markup_frame",)
NEW_ALONE = ("judge_order", "shot_comply", "service_order")


def moving(data: list[w16.Row]) -> dict[str, list[int]]:
    """Per frame, the rows where the act and the frame both match; per lone cue, the rows
    its pattern matches (in the text the cue reads: ``folded`` or ``flat``)."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise
    act = cues.CUES[cues._INDEX[w16.ACT]].pattern
    frames = {f: cues.CUES[cues._INDEX[f]].pattern for f in w16.FRAMES}
    alone = {f: cues.CUES[cues._INDEX[f]] for f in w16.ALONE}
    out: dict[str, list[int]] = {f: [] for f in (*w16.FRAMES, *w16.ALONE)}
    for i, (_, _, text) in enumerate(data):
        norms = [normalise(t) for t in {text, mentioned(text)}]
        for f, cue in alone.items():
            if any(cue.pattern.search(n.folded if cue.structural else n.flat) for n in norms):
                out[f].append(i)
        if not any(act.search(n.flat) for n in norms):
            continue
        for f, p in frames.items():
            if any(p.search(n.folded) for n in norms):
                out[f].append(i)
    return out


w16.moving = moving
if "--all" in sys.argv:
    sys.argv.remove("--all")
    w16.FRAMES = (*w16.FRAMES, *NEW_FRAMES)
    w16.ALONE = (*w16.ALONE, *NEW_ALONE)
else:
    w16.FRAMES = NEW_FRAMES
    w16.ALONE = NEW_ALONE

if __name__ == "__main__":
    raise SystemExit(w16.main())
