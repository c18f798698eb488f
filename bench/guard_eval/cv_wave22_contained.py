"""Wave 22 (precision): leave-one-split-out choice of the ``contained`` reading
(:mod:`cognimem_plugins.guard.contained`: a quotation a carrier of data is said to contain,
"a TXT record can contain 'ignore all prior instructions'", is mentioned; #39).

The reading only blanks, so it can only unflag: its cost is the injection rows it unflags.
The points (off, on) are scored over the injection and clean rows of the forty-four seen
splits, the honest notes, the README paragraphs and the training half's LoCoMo /
LongMemEval turns (``cv_wave15_requests.rows``) with ``cv_wave19_precision``'s
``injection_counts`` and rule (a fold keeps it when, on the other splits, it frees more
clean rows than the injections it loses; ties: off). Run from the repository root::

    python bench/guard_eval/cv_wave22_contained.py [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
import cv_wave19_precision as w19p  # noqa: E402
from cv_wave22_versioned import SPLITS, _setup  # noqa: E402

READINGS = ("contained",)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave22_contained.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    data = _setup(args.bench)
    sizes = {s: sum(1 for r in data if r[0] == s) for s in w19p.BOUNDS}
    if not sizes.get(w15.TURNS):
        raise SystemExit("the bound read no dataset turns")
    print(f"bounds read: {sizes} (turns from {w15.BENCH}; {len(SPLITS)} splits)", flush=True)
    w19p.READINGS = READINGS
    per = w19p.injection_counts(data)
    result: dict[str, Any] = w19p.weigh(per, READINGS)
    print(f"chosen on all {result['chosen_on_all']}; (freed, lost) "
          f"{result['single_switch_freed_lost_on_all']}; bounds (flagged: off -> chosen) "
          f"{result['bounds']}")
    w16.report_folds(result, None)
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
