"""Leave-one-split-out choice of wave 23's agent-era weights (issue #39).

Wave 23 reads the agent-era classes by their structure: an identity given to the reader
together with a license the user did not grant (``persona_license``, and
``persona_license_named`` beside it when the identity is a coined name or a switch:
:mod:`cognimem_plugins.guard.persona_licenses`), an address whose slot carries data out
(``dns_slot``, ``file_upload``, ``image_slot``: :mod:`cognimem_plugins.guard.exfil_slots`)
a claimed system source together with the license it grants (``forged_license``:
:mod:`cognimem_plugins.guard.forged_licenses`) and a tool's documentation carrying an order
wider than the tool (``tool_doc_scope``: :mod:`cognimem_plugins.guard.tool_doc_scopes`).
The seven weights are weighed on one joint grid.

The rows and the rule are those of ``cv_wave16_pressure`` (its choice and report, and
``cv_wave15_requests.rows``, imported): the forty-eight seen splits, the honest developer
notes and look-alikes, the README paragraphs of installed packages and the LoCoMo and
LongMemEval turns of the learned cue's training half (``/work/shared/bench`` when the
repository's sibling is absent, as from a worktree). For each split held out, the point is
the one that flags the most injections on the other splits with, in **every** other split
and in the honest notes, the READMEs and the turns, no more clean rows flagged than with
every weight at zero (a hard bound; ties: the lighter point), and the held-out split is
scored with it. The grid's counts are those of ``cv_wave16_pressure.grid_counts`` (only
the rows the heaviest point flags and zero does not are screened again), kept as changes
from zero's counts: the grid is a few thousand points. Run from the repository root::

    python bench/guard_eval/cv_wave23_agent.py [--bench DIR] [--label NAME]
"""

from __future__ import annotations

import argparse
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 47)))
#: the splits no row of which was read while the cues were written (the dev check)
DEV = ("fresh43", "fresh44", "fresh45", "fresh46")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("persona_license", "persona_license_named", "dns_slot", "file_upload",
         "image_slot", "forged_license", "tool_doc_scope")
#: (each weight's grid: zero and the two or three points where it starts to flag beside the
#: cues it meets; the joint grid is 648 points)
GRID = list(product((0.0, 0.35, 0.4), (0.0, 0.4), (0.0, 0.75), (0.0, 0.55), (0.0, 0.35, 0.45),
                    (0.0, 0.35, 0.45), (0.0, 0.6, 0.75)))
ZERO = (0.0,) * len(NAMES)
MOST = tuple(max(p[i] for p in GRID) for i in range(len(NAMES)))


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen."""
    for name, weight in zip(NAMES, point, strict=True):
        set_weight(name, weight)


def grid_counts(data: list[w15.Row]) -> dict[tuple[float, ...], w15.Counts]:
    """Each point's counts per split (``cv_wave16_pressure.grid_counts``' method: only the
    rows that :data:`MOST` flags and :data:`ZERO` does not are screened at each point;
    their changes are added to zero's counts)."""
    from cognimem_plugins.guard.injection import screen

    apply(ZERO)
    base = [bool(screen(t)) for _, _, t in data]
    apply(MOST)
    moving = [i for i, (_, _, t) in enumerate(data) if not base[i] and screen(t)]
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    zero = w15.counts(data, base)
    per: dict[tuple[float, ...], w15.Counts] = {}
    for k, point in enumerate(GRID):
        if k % 100 == 0:
            print(f"  point {k} of {len(GRID)}", flush=True)
        apply(point)
        out = {s: list(c) for s, c in zero.items()}
        for i in moving:
            if screen(data[i][2]):
                split, group, _ = data[i]
                out.setdefault(split, [0, 0])[group == "clean"] += 1
        per[point] = {s: (a, b) for s, (a, b) in out.items()}
    return per


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in NAMES}
    per = grid_counts(data)
    for name, w in shipped.items():
        set_weight(name, w)
    return {"shipped": shipped, **w16.fold_result(per, SPLITS, ZERO, MOST)}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 23 cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave23_agent.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    result = weigh(data)
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits {NAMES}: "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    dev = w16.dev_change(result, DEV)
    print(f"  dev check ({', '.join(DEV)} held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
