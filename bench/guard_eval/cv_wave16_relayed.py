"""Leave-one-split-out choice of the wave 16 relay frames' weights (issue #39).

Wave 16 adds ``relayed_act`` (an act that matters, :mod:`cognimem_plugins.guard.relayed`)
and seven frames that relay it to the agent (``carrier_frame`` there, the six others in
:mod:`cognimem_plugins.guard.relay_frames`); the act weighs 0.45 (as wave 14's
``order_harm``, whose acts it extends) and counts only beside a frame. Each frame's weight
is chosen on its own (the act then beside that frame alone; the frames read different
text) on the grid ``GRID``, or the frame is left out ("off": the act does not count beside
it).

The rows are wave 15's (``cv_wave15_requests.rows``: the splits, the honest developer notes,
the README paragraphs of installed packages, the LoCoMo and LongMemEval turns of the
learned cue's training half), over the twenty seen splits (tune ... fresh18). Only the rows
where the act and a frame both match can change; only those are screened. For each split
held out and each frame, the weight is the one that flags the most injections on the other
splits with, in **every** other split, the honest notes, the READMEs and the turns, no more
clean rows flagged than with the frame off (a hard bound; ties: the lighter weight); the
held-out split is then screened with every frame at its fold's weight. Run from the
repository root::

    python bench/guard_eval/cv_wave16_relayed.py [--label NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402
from cv_wave14 import HONEST  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 19)))
#: the splits whose misses were looked at while the frames were written
READ = ("fresh16", "fresh17", "fresh18")
ACT = "relayed_act"
ACT_WEIGHT = 0.45
FRAMES = ("carrier_frame", "handoff_frame", "transcript_frame", "prefix_frame",
          "fragment_frame", "hijack_frame", "memory_frame", "trigger_frame",
          "table_frame")
#: a frame's weight; None: off
GRID: tuple[float | None, ...] = (None, 0.0, 0.15, 0.2, 0.25, 0.3)
#: cues that count alone (no act needed), and their grid (None: 0, the cue off)
ALONE = ("assembled_order", "carried_order", "hijack_i18n")
ALONE_GRID: tuple[float | None, ...] = (None, 0.3, 0.45, 0.6, 0.75)
BOUNDS = (HONEST, w15.READMES, w15.TURNS)

Row = tuple[str, str, str]
Counts = dict[str, tuple[int, int]]


def rows() -> list[Row]:
    """Wave 15's rows over the twenty seen splits."""
    w15.SPLITS = SPLITS
    if not w15.README_PATH.exists():
        w15.README_PATH = Path("/tmp/readmes.jsonl")
    return w15.rows()


def set_frames(weights: dict[str, float | None]) -> None:
    """The act weighs :data:`ACT_WEIGHT` beside the frames that are on (each at its
    weight); beside none when every frame is off."""
    from cognimem_plugins.guard import cues

    for name in ALONE:
        set_weight(name, weights.get(name) or 0.0)
    on = [f for f in FRAMES if weights.get(f) is not None]
    set_weight(ACT, ACT_WEIGHT if on else 0.0)
    for f in FRAMES:
        set_weight(f, weights.get(f) or 0.0)
    i = cues._INDEX[ACT]
    cues._NEEDS_ANY[i] = frozenset(cues._INDEX[f] for f in on) or frozenset((cues._INDEX[ACT],))


def moving(data: list[Row]) -> dict[str, list[int]]:
    """Per frame, the rows where the act and the frame both match."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise

    act = cues.CUES[cues._INDEX[ACT]].pattern
    pats = {f: cues.CUES[cues._INDEX[f]].pattern for f in FRAMES}
    alone = {f: cues.CUES[cues._INDEX[f]].pattern for f in ALONE}
    out: dict[str, list[int]] = {f: [] for f in (*FRAMES, *ALONE)}
    for i, (_, _, text) in enumerate(data):
        norms = [normalise(t) for t in {text, mentioned(text)}]
        for f, p in alone.items():
            if any(p.search(n.folded) for n in norms):
                out[f].append(i)
        if not any(act.search(n.flat) for n in norms):
            continue
        for f, p in pats.items():
            if any(p.search(n.folded) for n in norms):
                out[f].append(i)
    return out


def counts(data: list[Row], idx: list[int]) -> Counts:
    """Per split: injections flagged, clean rows flagged, among rows ``idx`` (running
    weights)."""
    from cognimem_plugins.guard.injection import screen

    out: dict[str, list[int]] = {}
    for i in idx:
        split, group, text = data[i]
        c = out.setdefault(split, [0, 0])
        if screen(text):
            c[group == "clean"] += 1
    return {s: (a, b) for s, (a, b) in out.items()}


def choose(per: dict[float | None, Counts], left_out: str | None) -> float | None:
    """The weight the splits other than ``left_out`` choose for one frame (or cue)."""
    off = per[None]
    splits = {s for c in per.values() for s in c} - {left_out}

    def get(w: float | None, s: str, k: int) -> int:
        return per[w].get(s, (0, 0))[k]

    ok = [w for w in per if all(get(w, s, 1) <= get(None, s, 1) for s in splits)]
    del off
    return max(ok, key=lambda w: (sum(get(w, s, 0) for s in splits if s not in BOUNDS),
                                  -(-1.0 if w is None else w)))


def weigh(data: list[Row]) -> dict[str, Any]:
    """Each frame's grid, each fold's choice, and each held-out split before and after."""
    from cognimem_plugins.guard import cues

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in (ACT, *FRAMES, *ALONE)}
    move = moving(data)
    print({f: len(v) for f, v in move.items()}, flush=True)
    grids: dict[str, dict[float | None, Counts]] = {}
    for f in (*FRAMES, *ALONE):
        grids[f] = {}
        for w in (ALONE_GRID if f in ALONE else GRID):
            set_frames({f: w})
            grids[f][w] = counts(data, move[f])
    every = sorted({i for v in move.values() for i in v})
    set_frames({})
    before = counts(data, every)
    folds: dict[str, Any] = {}
    for split in (*SPLITS, *BOUNDS):
        weights = {f: choose(grids[f], split) for f in (*FRAMES, *ALONE)}
        set_frames(weights)
        after = counts(data, [i for i in every if data[i][0] == split])
        folds[split] = {"weights": weights, "before": before.get(split, (0, 0)),
                        "after": after.get(split, (0, 0)), "read": split in READ}
    chosen = {f: choose(grids[f], None) for f in (*FRAMES, *ALONE)}
    set_frames(chosen)
    on_all = counts(data, every)
    for name, w in shipped.items():
        set_weight(name, w)
    set_frames({f: shipped[f] for f in (*FRAMES, *ALONE)})
    return {"chosen_on_all": chosen, "on_all": {s: (before.get(s, (0, 0)), on_all.get(
        s, (0, 0))) for s in sorted({*before, *on_all})},
            "grids": {f: {str(w): c for w, c in g.items()} for f, g in grids.items()},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 16 frames; print each fold's choice and the held-out change (the
    rows that may change only: injections and clean rows flagged among them)."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave16_relayed.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    result = weigh(rows())
    print(f"chosen on all splits: {result['chosen_on_all']}")
    for split, fold in result["folds"].items():
        (bi, bc), (ai, ac) = fold["before"], fold["after"]
        w = {f.removesuffix("_frame"): v for f, v in fold["weights"].items()}
        print(f"  held out {split}{' (read)' if fold['read'] else ''}: {w} "
              f"injections +{ai - bi}, clean flagged {bc}->{ac}")
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
