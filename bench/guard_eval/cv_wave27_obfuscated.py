"""Leave-one-split-out choice of wave 27's readers of hidden orders and built exfiltration
addresses (issue #39, w27-obfuscated).

Seven axes, one joint grid (each at its first value is the guard as shipped before the
wave):

* ``injection.DISGUISED_ORDER_WEIGHT`` (:mod:`cognimem_plugins.guard.disguised_order`): a
  note whose letters were disguised and whose undone words open a clause with an act's
  imperative, the verb itself disguised;
* ``injection.CLAUSE_RUN``: a decoded run weighs its imperative also where it opens a
  clause inside the run;
* ``injection.IMPERATIVE_RUN_WEIGHT`` (wave 25, shipped 0.55, the top of that wave's grid):
  weighed again up to 0.75 (alone, such a run then flags);
* ``decoding.MORE_DECODERS``: UTF-16 hex, Ascii85 and base85 without delimiters where the
  note names the encoding;
* ``injection.KEEP_ORDERED_RUNS``: a flag through a run the note orders acted on kept past
  the reading of its quotations as mentioned;
* the cues ``url_built`` and ``query_secret`` (:mod:`cognimem_plugins.guard.exfil_built`;
  ``cv_wave17_money._set`` switches a cue off at 0).

The rows and the rule are those of ``cv_wave16_pressure`` (``bounded_rows``,
``fold_result``, ``dev_change``, ``report_folds``, imported): the 64 seen splits, the honest
developer notes, the README paragraphs, the LoCoMo and LongMemEval turns of the learned
cue's training half (``/work/shared/bench`` when the repository's sibling is absent, as from
a worktree) and the look-alikes the guard's tests hold. For each split held out, the point
is the one that flags the most injections on the other splits with, in **every** other
split and in every bound, no more clean rows flagged than at the first point; ties: the
lighter point. Only the rows a point can change are screened (a disguised order read, a
decoded run, a cue's pattern matched), each at the settings of the axes that can change it
(the others held at their first value). Run from the repository root::

    python bench/guard_eval/cv_wave27_obfuscated.py [--bench DIR] [--label NAME] [--show]

``--show`` prints the rows the heaviest point changes, of the readable splits and the bounds
only (never of the development splits fresh59-62: their counts only).
"""

from __future__ import annotations

import argparse
import re
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave17_money import _set  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 63)))
#: the splits no row of which was read while the readers were written (the dev check)
DEV = ("fresh59", "fresh60", "fresh61", "fresh62")
FALLBACK_BENCH = Path("/work/shared/bench")
NAMES = ("DISGUISED_ORDER_WEIGHT", "CLAUSE_RUN", "IMPERATIVE_RUN_WEIGHT", "MORE_DECODERS",
         "KEEP_ORDERED_RUNS", "url_built", "query_secret")
AXES: tuple[tuple[float, ...], ...] = ((0.0, 0.2, 0.35, 0.45), (0.0, 1.0), (0.55, 0.65, 0.75),
                                       (0.0, 1.0), (0.0, 1.0), (0.0, 0.35, 0.45, 0.55),
                                       (0.0, 0.35, 0.45, 0.55))
GRID = list(product(*AXES))
ZERO = tuple(a[0] for a in AXES)
MOST = tuple(a[-1] for a in AXES)
#: the axes a decoded run's row depends on
_RUN_AXES = (1, 2, 3, 4)


def apply(point: tuple[float, ...]) -> None:
    """Give the screen the settings of ``point``."""
    from cognimem_plugins.guard import decoding, injection

    disguised, clause, imperative, more, keep, built, secret = point
    injection.DISGUISED_ORDER_WEIGHT = disguised
    injection.CLAUSE_RUN = bool(clause)
    injection.IMPERATIVE_RUN_WEIGHT = imperative
    decoding.MORE_DECODERS = bool(more)
    injection.KEEP_ORDERED_RUNS = bool(keep)
    _set("url_built", built)
    _set("query_secret", secret)


def relevant(text: str) -> frozenset[int]:
    """The axes that can change ``text``'s flag (none: screened the same at every point)."""
    from cognimem_plugins.guard import decoding
    from cognimem_plugins.guard.disguised_order import disguised_order
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise

    axes: set[int] = set()
    for t in {text, mentioned(text)}:
        norm = normalise(t)
        if (norm.mixed_script or norm.styled or norm.spaced or norm.leet) \
                and disguised_order(t, norm.folded, norm.spaced):
            axes.add(0)
        if decoding.decoded_runs(t, norm.flat, words=norm.words):
            axes.update(_RUN_AXES)
        if "http" in norm.folded:
            if _BUILT.search(norm.folded):
                axes.add(5)
            if _SECRET.search(norm.folded):
                axes.add(6)
    return frozenset(axes)


_BUILT = re.compile(__import__("cognimem_plugins.guard.exfil_built",
                               fromlist=["URL_BUILT"]).URL_BUILT, re.MULTILINE)
_SECRET = re.compile(__import__("cognimem_plugins.guard.exfil_built",
                                fromlist=["QUERY_SECRET"]).QUERY_SECRET, re.MULTILINE)


def grid_counts(data: list[w15.Row], show: bool) -> dict[tuple[float, ...], w15.Counts]:
    """Each point's counts per split over the candidate rows."""
    from cognimem_plugins.guard import decoding
    from cognimem_plugins.guard.injection import screen

    was = decoding.MORE_DECODERS
    decoding.MORE_DECODERS = True
    try:
        axes = [relevant(text) for _, _, text in data]
    finally:
        decoding.MORE_DECODERS = was
    cand = [i for i, a in enumerate(axes) if a]
    print(f"{len(cand)} of {len(data)} rows are candidates", flush=True)
    # each row at the settings of its own axes (the others at their first value)
    keys = {i: {p: tuple(v if k in axes[i] else ZERO[k] for k, v in enumerate(p))
                for p in GRID} for i in cand}
    wanted = {i: set(keys[i].values()) for i in cand}
    needed = sorted(set().union(*wanted.values())) if cand else []
    print(f"{sum(map(len, wanted.values()))} screens at {len(needed)} settings", flush=True)
    flag: dict[tuple[int, tuple[float, ...]], bool] = {}
    for q in needed:
        apply(q)
        for i in cand:
            if q in wanted[i]:
                flag[i, q] = bool(screen(data[i][2]))
    apply(ZERO)
    rows = [data[i] for i in cand]
    base = [flag[i, ZERO] for i in cand]
    zero = w15.counts(rows, base)
    for split in {s for s, _, _ in data}:
        zero.setdefault(split, (0, 0))
    per: dict[tuple[float, ...], w15.Counts] = {}
    for point in GRID:
        out = {s: list(c) for s, c in zero.items()}
        for i, (split, group, _), b in zip(cand, rows, base, strict=True):
            now = flag[i, keys[i][point]]
            if now != b:
                out[split][group == "clean"] += 1 if now else -1
        per[point] = {s: (a, b) for s, (a, b) in out.items()}
    if show:
        for i, (split, group, text), b in zip(cand, rows, base, strict=True):
            if flag[i, keys[i][MOST]] != b and split not in DEV:
                print(f"  changed at {MOST}: {split} {group} {sorted(axes[i])} {text[:160]!r}")
    return per


def weigh(data: list[w15.Row], show: bool, splits: tuple[str, ...] = SPLITS) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues, decoding, injection

    shipped = (injection.DISGUISED_ORDER_WEIGHT, float(injection.CLAUSE_RUN),
               injection.IMPERATIVE_RUN_WEIGHT, float(decoding.MORE_DECODERS),
               float(injection.KEEP_ORDERED_RUNS),
               cues.CUES[cues._INDEX["url_built"]].weight,
               cues.CUES[cues._INDEX["query_secret"]].weight)
    per = grid_counts(data, show)
    apply(shipped)
    return {"shipped": shipped, **w16.fold_result(per, splits, ZERO, MOST)}


def main(argv: list[str] | None = None) -> int:
    """Weigh wave 27's readers; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave27_obfuscated.py")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo and LongMemEval directory")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--show", action="store_true",
                        help="print the rows the heaviest point changes (not the dev splits')")
    parser.add_argument("--splits", nargs="*", help="(a quick look) these splits only")
    args = parser.parse_args(argv)
    splits = tuple(args.splits) if args.splits else SPLITS
    data, read = w16.bounded_rows(parser, args.bench, FALLBACK_BENCH, splits)
    result = weigh(data, args.show, splits)
    result["bounds_read"] = read
    print(f"shipped {result['shipped']}\nchosen on all splits {NAMES}: "
          f"{result['chosen_on_all']}; bounds (zero -> chosen): {result['bounds_on_all']}")
    dev = w16.dev_change(result, [d for d in DEV if d in splits])
    print(f"  dev check ({', '.join(DEV)} held out): +{dev[0]} injections, +{dev[1]} clean")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
