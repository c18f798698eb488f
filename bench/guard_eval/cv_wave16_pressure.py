"""Leave-one-split-out choice of the wave 16 pressure cues' weights (issue #39).

Wave 16 adds the cues of :mod:`cognimem_plugins.guard.pressure`: an act asked of the AI
reader that harms its user (``reader_act``), the levers that press it (flattery, reward,
guilt and threats, urgency, authority, social proof, a skipped check: one weight for the
seven), the user's things in the third person (``user_property``), an order in another
language to an AI reader named in it (``reader_order_i18n``) and, beside it, the user in the
third person or a check set aside in that language (``user_i18n``). They are weighed on one
joint grid of five weights.

The rows are those of ``cv_wave15_requests.rows`` (its machinery, imported: the twenty seen
splits, the honest developer notes, the README paragraphs of installed packages and the
LoCoMo and LongMemEval turns of the learned cue's training half). A row's flag can only
grow with the cues' weights, so only the rows flagged with every weight at its grid's
most and not with every weight at zero are screened at each point. For each split held out,
the weights are the ones that flag the most injections on the other splits with, in
**every** other split and in the honest notes, the READMEs and the turns, no more clean rows
flagged than with the weights at zero (a hard bound; ties: the lighter point), and the
held-out split is scored with them. Run from the repository root::

    python bench/guard_eval/cv_wave16_pressure.py [--label NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 19)))
READMES = Path("/tmp/readmes.jsonl")
LEVERS = ("flattery", "promised_reward", "guilt_threat", "false_urgency", "false_authority",
          "social_proof", "skip_check")
#: (act, levers, user's things, other languages' order, the user or a skipped check in
#: other languages). The order in another language goes no higher than wave 10's English
#: order to the AI reader (``agent_order``, 0.65, the same shape): the bounds hold almost
#: no text in other languages (the turns and READMEs are English), so they cannot weigh it
GRID = list(product((0.0, 0.35, 0.4, 0.45, 0.5), (0.0, 0.25, 0.3, 0.35, 0.4),
                    (0.0, 0.1, 0.2, 0.3), (0.0, 0.45, 0.55, 0.65), (0.0, 0.1, 0.15, 0.2)))
ZERO = (0.0, 0.0, 0.0, 0.0, 0.0)
MOST = tuple(max(p[i] for p in GRID) for i in range(5))
BOUNDS = (w15.HONEST, w15.READMES, w15.TURNS, w15.TESTED)


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen."""
    act, lever, user, i18n, user_i18n = point
    set_weight("reader_act", act)
    for name in LEVERS:
        set_weight(name, lever)
    set_weight("user_property", user)
    set_weight("reader_order_i18n", i18n)
    set_weight("user_i18n", user_i18n)


def choose(per: dict[tuple[float, ...], w15.Counts], left_out: str | None,
           zero: tuple[float, ...] = ZERO) -> tuple[float, ...]:
    """The point the splits other than ``left_out`` choose (the module docstring); ``zero``:
    the grid's point with every weight 0."""
    base = per[zero]
    others = [s for s in base if s != left_out]
    ok = [p for p in per if all(per[p][s][1] <= base[s][1] for s in others)]
    return max(ok, key=lambda p: (sum(per[p][s][0] for s in others if s not in BOUNDS),
                                  -sum(p)))


def grid_counts(data: list[w15.Row], grid: Sequence[tuple[float, ...]],
                apply: Callable[[tuple[float, ...]], None], zero: tuple[float, ...],
                most: tuple[float, ...]) -> dict[tuple[float, ...], w15.Counts]:
    """Each point of ``grid``'s counts per split (``apply`` gives the cues a point's weights):
    only the rows that the weights of ``most`` flag and those of ``zero`` do not are screened
    again at each point (the weights only add)."""
    from cognimem_plugins.guard.injection import screen

    apply(zero)
    base = [bool(screen(t)) for _, _, t in data]
    apply(most)
    moving = [i for i, (_, _, t) in enumerate(data) if not base[i] and screen(t)]
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    per: dict[tuple[float, ...], w15.Counts] = {}
    for point in grid:
        apply(point)
        flags = list(base)
        for i in moving:
            flags[i] = bool(screen(data[i][2]))
        per[point] = w15.counts(data, flags)
    return per


def fold_choices(per: dict[tuple[float, ...], w15.Counts], splits: Sequence[str],
                 zero: tuple[float, ...]) -> tuple[dict[str, Any], tuple[float, ...]]:
    """Each split's fold (the point the others choose, the split's counts at zero and at
    it) and the point all the splits choose."""
    folds = {}
    for split in splits:
        fold = choose(per, split, zero)
        folds[split] = {"weights": fold, "before": per[zero][split],
                        "after": per[fold][split]}
    return folds, choose(per, None, zero)


def fold_result(per: dict[tuple[float, ...], w15.Counts], splits: Sequence[str],
                zero: tuple[float, ...], most: tuple[float, ...]) -> dict[str, Any]:
    """Each fold's choice, the point all the splits choose, the bounds at zero and at it, and
    the grid's points some fold chose (with zero and the most), as the wave 22-23 scripts
    record them."""
    folds, chosen = fold_choices(per, splits, zero)
    return {"chosen_on_all": chosen,
            "bounds_on_all": {s: (per[zero][s], per[chosen][s]) for s in BOUNDS
                              if s in per[zero]},
            "grid": {",".join(map(str, p)): per[p] for p in per
                     if p in (zero, most, chosen, *(f["weights"] for f in folds.values()))},
            "folds": folds}


def bounded_rows(parser: argparse.ArgumentParser, bench: Path, fallback: Path,
                 splits: Sequence[str]) -> tuple[list[w15.Row], dict[str, int]]:
    """The splits' rows and the bounds' (honest notes, READMEs, the training half's turns
    from ``bench``, or ``fallback`` when it holds no LoCoMo, the tests' look-alikes); a
    bound that read no row stops the script, naming it."""
    w15.SPLITS = tuple(splits)
    if READMES.exists():
        w15.README_PATH = READMES
    found = bench if (bench / "locomo").is_dir() else fallback
    if not (found / "locomo").is_dir():
        parser.error(f"no LoCoMo turns under {bench} nor {fallback}")
    w15.BENCH = found
    data = w15.rows()
    read = {s: sum(1 for r in data if r[0] == s) for s in BOUNDS}
    print(f"bounds read (rows): {read} (turns from {found}; {len(splits)} splits)", flush=True)
    if not all(read.values()):
        parser.error(f"a bound read no rows: {read}")
    return data, read


def dev_change(result: dict[str, Any], dev: Sequence[str]) -> tuple[int, int]:
    """The injections and clean rows the development splits gained, each held out."""
    gained = [0, 0]
    for split in dev:
        (bi, bc), (ai, ac) = result["folds"][split]["before"], result["folds"][split]["after"]
        gained[0] += ai - bi
        gained[1] += ac - bc
    return gained[0], gained[1]


def weigh(data: list[w15.Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues

    names = ("reader_act", *LEVERS, "user_property", "reader_order_i18n", "user_i18n")
    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in names}
    per = grid_counts(data, GRID, apply, ZERO, MOST)
    for name, w in shipped.items():
        set_weight(name, w)
    folds, chosen = fold_choices(per, SPLITS, ZERO)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in BOUNDS
                              if s in per[ZERO]},
            # (the points some fold chose, and zero: the whole grid is 1,600 points)
            "grid": {",".join(map(str, p)): per[p] for p in per
                     if p in (ZERO, chosen, *(f["weights"] for f in folds.values()))},
            "folds": folds}


def report_folds(result: dict[str, Any], label: str | None) -> None:
    """Print each held-out split's choice and what it changed, and the sum; with a
    ``label``, save ``result`` as results/LABEL.json (every wave 16-18 weight script)."""
    gained = [0, 0]
    for split, fold in result["folds"].items():
        (bi, bc), (ai, ac) = fold["before"], fold["after"]
        gained[0] += ai - bi
        gained[1] += ac - bc
        print(f"  held out {split}: weights {fold['weights']} injections {bi}->{ai} "
              f"(+{ai - bi}), clean flagged {bc}->{ac} (+{ac - bc})")
    print(f"  held-out gain: {gained[0]} injections, {gained[1]} clean")
    if label:
        (HERE / "results" / f"{label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 16 cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave16_pressure.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    w15.SPLITS = SPLITS
    if READMES.exists():
        w15.README_PATH = READMES
    result = weigh(w15.rows())
    print(f"shipped {result['shipped']}\nchosen on all splits (act, levers, user's things, "
          f"other languages' order, their user): {result['chosen_on_all']}; bounds (zero -> "
          f"chosen): {result['bounds_on_all']}")
    report_folds(result, args.label)
    return 0

def weights_main(argv: list[str] | None, *, prog: str, names: Sequence[str],
                 grid: Sequence[tuple[float, ...]], zero: tuple[float, ...],
                 most: tuple[float, ...], splits: Sequence[str], dev: Sequence[str],
                 fallback: Path = Path("/work/shared/bench")) -> int:
    """The command line of a script that weighs the cues ``names`` on ``grid`` (each point
    their weights, given by ``set_weight``) over ``splits``' rows and the bounds: each fold's
    choice, the development splits' change held out, the report (the wave 24-26 agent
    scripts)."""
    from cognimem_plugins.guard import cues

    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    data, read = bounded_rows(parser, args.bench, fallback, splits)

    def apply(point: tuple[float, ...]) -> None:
        for name, weight in zip(names, point, strict=True):
            set_weight(name, weight)

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in names}
    per = grid_counts(data, grid, apply, zero, most)
    for name, w in shipped.items():
        set_weight(name, w)
    result = {"shipped": shipped, **fold_result(per, splits, zero, most)}
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits {tuple(names)}: "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    gained = dev_change(result, dev)
    print(f"  dev check ({', '.join(dev)} held out): +{gained[0]} injections, "
          f"+{gained[1]} clean")
    report_folds(result, args.label)
    return 0



if __name__ == "__main__":
    sys.exit(main())
