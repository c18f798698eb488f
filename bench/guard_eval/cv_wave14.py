"""Leave-one-split-out choice of the wave 14 injection cues' weights (issue #39).

Wave 14 adds the pair of cues ``ai_reader`` / ``order_harm`` (the AI reader called on, and
an order that matters, :mod:`cognimem_plugins.guard.orders`; the pair is weighed jointly,
each needs the other). The override in about forty-five languages
(:mod:`cognimem_plugins.guard.overrides_i18n`) was weighed here as a cue first
(``override_i18n``, grid 0-1: every fold chose 0.75, the threshold, so it flags alone;
``results/w14_cv_injection.json``) and is now a strong marker, read in the markers' one
needle pass (quicker).
For every point of a grid, every injection and clean row of the fourteen seen splits
(tune ... fresh12) is screened by the text guard as a write screens it (redacted first),
and the honest developer notes (``honest_notes.py``: notes to agents, look-alikes) as clean
rows of their own. Then, for each split held out, the weights are the ones that flag the
most injections on the other splits with, in **every** other split and in the honest notes,
no more clean rows flagged than with the cue's weights at zero (a hard bound; ties: the
smaller weights), and the held-out split is scored with them.

The semantic judge is left out (its vectors of the splits are not cached on every host; it
only adds flags, the same with and without these cues). Run from the repository root::

    python bench/guard_eval/cv_wave14.py [--label NAME]

``--label`` saves the figures to ``bench/guard_eval/results/NAME.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cv_wave10 import set_weight  # noqa: E402
from honest_notes import LOOK_ALIKES, honest_notes  # noqa: E402
from score import read_split  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 13)))
HONEST = "honest"
#: the splits whose misses were read while the wave 14 cues were written
READ = ("fresh9", "fresh10", "fresh11", "fresh12")
#: each weighed group of cues and its grid (a tuple of weights per point)
GRIDS: dict[tuple[str, ...], list[tuple[float, ...]]] = {
    ("ai_reader", "order_harm"): list(product((0.0, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5),
                                              (0.0, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5))),
}

Row = tuple[str, str, str]  # split, group, redacted text
Counts = dict[str, tuple[int, int]]  # split: (injections flagged, clean flagged)


def rows(splits: tuple[str, ...] = SPLITS) -> list[Row]:
    """The injection and clean rows of ``splits``, and the honest notes (redacted)."""
    from cognimem_plugins.guard.secrets import redact

    out = [(s, r["group"], r["text"]) for s in splits for r in read_split(s)
           if r["group"] in ("injection", "clean")]
    out += [(HONEST, "clean", t) for _, t in honest_notes()]
    out += [(HONEST, "clean", t) for t in LOOK_ALIKES]
    return [(s, g, redact(t)[0]) for s, g, t in out]


def counts(data: list[Row], splits: tuple[str, ...] = SPLITS) -> Counts:
    """Per split: injections flagged, clean rows flagged (the running weights)."""
    from cognimem_plugins.guard.injection import screen

    out = {s: [0, 0] for s in (*splits, HONEST)}
    for split, group, text in data:
        if screen(text):
            out[split][group == "clean"] += 1
    return {s: (a, b) for s, (a, b) in out.items()}


def choose(per: dict[tuple[float, ...], Counts], zero: tuple[float, ...],
           left_out: str | None, splits: tuple[str, ...] = SPLITS) -> tuple[float, ...]:
    """The point the splits other than ``left_out`` choose (the module docstring)."""
    others = [s for s in (*splits, HONEST) if s != left_out]
    base = per[zero]
    ok = [p for p in per if all(per[p][s][1] <= base[s][1] for s in others)]
    return max(ok, key=lambda p: (sum(per[p][s][0] for s in others if s != HONEST),
                                  [-w for w in p]))


def weigh(names: tuple[str, ...], grid: list[tuple[float, ...]], data: list[Row],
          splits: tuple[str, ...] = SPLITS, read: tuple[str, ...] = READ) -> dict[str, Any]:
    """One group's grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = tuple(cues.CUES[cues._INDEX[n]].weight for n in names)
    per: dict[tuple[float, ...], Counts] = {}
    for point in grid:
        for name, w in zip(names, point, strict=True):
            set_weight(name, w)
        per[point] = counts(data, splits)
    for name, w in zip(names, shipped, strict=True):
        set_weight(name, w)
    zero = tuple(0.0 for _ in names)
    folds = {}
    for split in splits:
        point = choose(per, zero, split, splits)
        folds[split] = {"weights": point, "before": per[zero][split], "after": per[point][split],
                        "read": split in read}
    return {"shipped": shipped, "chosen_on_all": choose(per, zero, None, splits),
            "grid": {",".join(map(str, p)): per[p] for p in grid}, "folds": folds}


def main(argv: list[str] | None = None, *, wave: int = 14,
         grids: dict[tuple[str, ...], list[tuple[float, ...]]] = GRIDS,
         splits: tuple[str, ...] = SPLITS, read: tuple[str, ...] = READ) -> int:
    """Weigh a wave's cues (``grids``, on ``splits``, of which ``read`` were read while
    they were written); print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog=f"python bench/guard_eval/cv_wave{wave}.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data = rows(splits)
    out = {}
    for names, grid in grids.items():
        result = weigh(names, grid, data, splits, read)
        out["+".join(names)] = result
        print(f"{'+'.join(names)}: shipped {result['shipped']}, chosen on all splits "
              f"{result['chosen_on_all']}")
        gained = {True: [0, 0], False: [0, 0]}
        for split, fold in result["folds"].items():
            (bi, bc), (ai, ac) = fold["before"], fold["after"]
            gained[fold["read"]][0] += ai - bi
            gained[fold["read"]][1] += ac - bc
            print(f"  held out {split}{' (read)' if fold['read'] else ''}: weights "
                  f"{fold['weights']} injections {bi}->{ai}, clean flagged {bc}->{ac}")
        print(f"  held-out gain, splits not read: {gained[False][0]} injections, "
              f"{gained[False][1]} clean; splits read: {gained[True][0]} injections, "
              f"{gained[True][1]} clean")
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
