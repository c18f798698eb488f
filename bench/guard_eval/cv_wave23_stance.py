"""Wave 23 (#39): the stance model of :mod:`cognimem_plugins.guard.stance` retrained on the
forty-eight seen splits, its veto and one switch chosen by leave-one-split-out CV.

Wave 22's method (``train_stance.py``: the model reads a note that speaks of injection by
its words outside what it quotes and reports; a veto only blanks a flag) over the 48 seen
splits (``tune`` … ``fresh46``), with one switch: ``notes``, the hand-written defenders'
notes and users' own orders of ``stance_notes.py`` added to the clean side of the training
data. For each split held out, the models of the other 47 (with and without the notes)
give its out-of-fold probabilities; each fold chooses (switch, veto) on the other splits'
out-of-fold tallies by ``train_stance.choose``'s rule (most clean rows freed less
injections lost, admissible only if it loses no more than it frees; ties: off, then the
lower veto). Bounds as wave 22's (honest notes, README paragraphs, the training half's
LoCoMo / LongMemEval turns flagged by the text screen, veto off -> on), plus the notes of
``stance_notes.py`` themselves. ``--write``: the chosen model of all 48 splits to
``stance.json.gz``. Run from the repository root::

    python bench/guard_eval/cv_wave23_stance.py [--write] [--label NAME]
        [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import stance_notes  # noqa: E402
import train_stance as ts  # noqa: E402
from cv_wave22_versioned import _setup  # noqa: E402

#: the 48 seen splits
SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 47)))
#: the development check of wave 23 (counts only)
DEV = ("fresh43", "fresh44", "fresh45", "fresh46")
SWITCHES = (False, True)
Row = dict[str, Any]


def notes() -> list[tuple[str, int]]:
    """The hand-written clean notes, as the model reads them."""
    from cognimem_plugins.guard import stance

    return [(stance.outside(t), 0) for t in (*stance_notes.DISCUSSION, *stance_notes.OWN_ORDERS)]


def training(rows: list[Row], splits: Sequence[str], with_notes: bool) -> list[tuple[str, int]]:
    """The examples of ``splits``' notes that speak of injection (and the notes)."""
    out = [(r["outside"], int(r["group"] == "injection")) for r in rows
           if r["speaks"] and r["split"] in splits]
    return out + (notes() if with_notes else [])


def out_of_fold(rows: list[Row], with_notes: bool) -> dict[int, float]:
    """Each flagged speaking row's probability from the model without its split."""
    from cognimem_plugins.guard import stance

    out: dict[int, float] = {}
    for split in SPLITS:
        model = ts.fit(training(rows, [s for s in SPLITS if s != split], with_notes))
        for i, r in enumerate(rows):
            if r["split"] == split and r["speaks"] and r["flag"]:
                out[i] = (1.0 if stance.ADDRESSED.search(r["outside"])
                          else model.probability(r["outside"]))
    return out


def choose(rows: list[Row], probs: dict[bool, dict[int, float]],
           splits: Sequence[str]) -> tuple[bool, float]:
    """The (switch, veto) ``splits`` choose."""
    scored = {(s, v): ts.tally(rows, probs[s], splits, v) for s in SWITCHES for v in ts.VETOES}
    ok = [k for k, (freed, lost) in scored.items() if lost <= freed]
    return max(ok, key=lambda k: (scored[k][0] - scored[k][1], -int(k[0]), -k[1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave23_stance.py")
    parser.add_argument("--write", action="store_true", help="write stance.json.gz")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    from cognimem_plugins.guard import learned, stance

    data = _setup(args.bench)
    rows = ts.split_rows(SPLITS)
    print(f"{len(rows)} rows; {sum(r['speaks'] for r in rows)} speak of injection; "
          f"{sum(r['speaks'] and r['flag'] for r in rows)} of those flagged", flush=True)
    probs = {s: out_of_fold(rows, s) for s in SWITCHES}
    folds: dict[str, dict[str, Any]] = {}
    for split in SPLITS:
        switch, veto = choose(rows, probs, [s for s in SPLITS if s != split])
        inj, clean = ts.flagged(rows, [split])
        freed, lost = ts.tally(rows, probs[switch], [split], veto)
        folds[split] = {"notes": switch, "veto": veto, "before": (inj, clean),
                        "after": (inj - lost, clean - freed)}
        print(f"  {split}: notes {switch} veto {veto}; (injections, clean) flagged "
              f"{(inj, clean)} -> {(inj - lost, clean - freed)}", flush=True)
    switch, veto = choose(rows, probs, SPLITS)
    seen = [s for s in SPLITS if s not in DEV]
    result: dict[str, Any] = {
        "vetoes": ts.VETOES, "folds": folds, "chosen_on_all": {"notes": switch, "veto": veto},
        "per_veto_oof": {f"notes={s} veto={v}": {"seen44": ts.tally(rows, probs[s], seen, v),
                                                 "dev": ts.tally(rows, probs[s], DEV, v)}
                         for s in SWITCHES for v in ts.VETOES},
        "held_out_freed_lost": (sum(f["before"][1] - f["after"][1] for f in folds.values()),
                                sum(f["before"][0] - f["after"][0] for f in folds.values()))}
    print(f"chosen on all: notes {switch} veto {veto}; held out (freed, lost) "
          f"{result['held_out_freed_lost']}", flush=True)
    model = ts.fit(training(rows, SPLITS, switch))
    if veto:
        result["bounds"] = ts.bounds(data, model, veto)
        old, stance.VETO = stance.VETO, 0.0
        from cognimem_plugins.guard.injection import screen

        base = [t for t in (*stance_notes.DISCUSSION, *stance_notes.OWN_ORDERS) if screen(t)]
        stance.VETO = veto
        orig = stance.shipped
        stance.shipped = lambda: model  # type: ignore[assignment]
        try:
            result["bounds"]["stance_notes"] = (len(base), sum(1 for t in base if screen(t)))
        finally:
            stance.shipped, stance.VETO = orig, old
        print(f"bounds (text screen flagged: off -> on; read): {result['bounds']}")
    if args.write:
        learned.write(model, stance.WEIGHTS_FILE)
        result["sha256"] = hashlib.sha256(stance.WEIGHTS_FILE.read_bytes()).hexdigest()
        result["weights"] = len(model.weights)
        print(f"wrote {stance.WEIGHTS_FILE} ({len(model.weights)} weights)")
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
