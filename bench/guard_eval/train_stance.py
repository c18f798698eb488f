"""Wave 22 (#39): train the stance model of :mod:`cognimem_plugins.guard.stance` and choose its
veto by leave-one-split-out CV.

The model reads a note that speaks of injection (``mentions.speaks_of_injection``) by its
words *outside* what it quotes and reports (``stance.outside``): a logistic regression
over ``learned.features`` (Adam, full batch, from zeros, the two classes weighed equally),
trained on the notes that speak of injection of the training splits, the injections
(1) against the clean notes (0). The veto blanks a flag (the text screen's or the semantic
judge's) where the probability is below it; it can only unflag, so its gain is the clean
rows freed and its cost the injection rows lost.

CV: for each of the forty-four seen splits held out, a model is trained on the other
forty-three and gives the held-out split's probabilities (out of fold). Each fold chooses
its veto on the other splits' out-of-fold probabilities: the veto of :data:`VETOES` that
frees the most clean rows less the injections it loses, admissible only if it loses no
more than it frees (``cv_wave19_precision``'s rule; ties: the lower veto, 0 is off); the
held-out split is scored with it. (The other splits' out-of-fold probabilities come from
models that saw the held-out split: the choice of one number leans on it, the model
scoring it does not.) The flags read are the text screen's with the veto off and the
judge's (MiniLM vectors of ``judge_vectors.Cache``: ``COGNIMEM_JUDGE_CACHE`` names the
cache). Bounds: the honest notes, README paragraphs and the training half's LoCoMo /
LongMemEval turns flagged by the text screen, before and after (a veto only unflags).

``--dev A,B,..``: the model and veto of the other splits only, scored on those splits,
counts only (the wave's development check). ``--write``: the model of all forty-four
splits to ``stance.json.gz``. Run from the repository root::

    python bench/guard_eval/train_stance.py [--dev fresh39,fresh40,fresh41,fresh42]
        [--write] [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave19_precision as w19p  # noqa: E402
from cv_wave22_versioned import SPLITS, _setup  # noqa: E402

#: the vetoes a fold chooses from (0: off)
VETOES: tuple[float, ...] = (0.0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.2)
STEPS, RATE, L2, MIN_DF = 400, 0.05, 1e-4, 2
Row = dict[str, Any]


def fit(examples: Sequence[tuple[str, int]]) -> Any:
    """A logistic regression over ``learned.features`` of each ``(flat, label)``."""
    from cognimem_plugins.guard import learned

    feats = [learned.features(f) for f, _ in examples]
    df: dict[str, int] = {}
    for fs in feats:
        for f in fs:
            df[f] = df.get(f, 0) + 1
    vocab = sorted(f for f, n in df.items() if n >= MIN_DF)
    index = {f: i for i, f in enumerate(vocab)}
    rows = [np.array(sorted(index[f] for f in fs if f in index), dtype=np.int64)
            for fs in feats]
    indices = np.concatenate(rows)
    owner = np.repeat(np.arange(len(rows)), [len(r) for r in rows])
    y = np.array([label for _, label in examples], dtype=np.float64)
    pos = max(1.0, y.sum())
    neg = max(1.0, len(y) - y.sum())
    sw = np.where(y == 1, 0.5 / pos, 0.5 / neg)
    w = np.zeros(len(vocab))
    b = 0.0
    m = np.zeros(len(vocab) + 1)
    v = np.zeros(len(vocab) + 1)
    for step in range(1, STEPS + 1):
        z = b + np.bincount(owner, weights=w[indices], minlength=len(rows))
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        g = sw * (p - y)
        grad = np.empty(len(vocab) + 1)
        grad[:-1] = np.bincount(indices, weights=g[owner], minlength=len(vocab)) + L2 * w
        grad[-1] = g.sum()
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        size = RATE * math.sqrt(1 - 0.999 ** step) / (1 - 0.9 ** step)
        delta = size * m / (np.sqrt(v) + 1e-8)
        w -= delta[:-1]
        b -= delta[-1]
    kept = {f: round(float(x), 4) for f, x in zip(vocab, w, strict=True) if abs(x) >= 5e-3}
    return learned.Model(round(b, 4), kept)


def split_rows(splits: Sequence[str]) -> list[Row]:
    """Each clean and injection row of ``splits``: redacted as written, its text-screen flag
    (veto off), the judge's flag, whether it speaks of injection and its outside words."""
    from judge_vectors import Cache
    from score import read_split

    from cognimem_plugins.guard import stance
    from cognimem_plugins.guard.injection import screen
    from cognimem_plugins.guard.judge import CUE_AT_LEAST, THRESHOLD, WITH_CUES, shipped
    from cognimem_plugins.guard.mentions import speaks_of_injection
    from cognimem_plugins.guard.secrets import redact

    veto, stance.VETO = stance.VETO, 0.0
    out: list[Row] = []
    for split in splits:
        for r in read_split(split):
            if r["group"] == "secret":
                continue
            text = redact(r["text"])[0]
            found = screen(text, full=True)
            speaks = speaks_of_injection(text)
            out.append({"split": split, "group": r["group"], "text": text,
                        "tf": bool(found), "score": found.score, "speaks": speaks,
                        "outside": stance.outside(text) if speaks else ""})
    stance.VETO = veto
    probs = shipped().probabilities(Cache().vectors([r["text"] for r in out], redacted=True))
    for row, p in zip(out, probs, strict=True):
        prob = float(p)
        row["flag"] = bool(row["tf"] or prob >= THRESHOLD
                           or (prob >= WITH_CUES and row["score"] >= CUE_AT_LEAST))
    return out


def out_of_fold(rows: list[Row], splits: Sequence[str]) -> dict[int, float]:
    """Each flagged row's probability from the model trained without its split (1: a
    note that addresses its reader, which the veto never reads)."""
    from cognimem_plugins.guard import stance

    speaking = [(i, r) for i, r in enumerate(rows) if r["speaks"] and r["split"] in splits]
    out: dict[int, float] = {}
    for split in splits:
        model = fit([(r["outside"], int(r["group"] == "injection")) for _, r in speaking
                     if r["split"] != split])
        for i, r in speaking:
            if r["split"] == split and r["flag"]:
                # a note that addresses its reader outside the spans is never vetoed
                out[i] = (1.0 if stance.ADDRESSED.search(r["outside"])
                          else model.probability(r["outside"]))
    return out


def tally(rows: list[Row], probs: dict[int, float], splits: Sequence[str],
          veto: float) -> tuple[int, int]:
    """(clean rows freed, injections lost) over ``splits`` at ``veto``."""
    freed = lost = 0
    for i, p in probs.items():
        if rows[i]["split"] in splits and p < veto:
            if rows[i]["group"] == "clean":
                freed += 1
            else:
                lost += 1
    return freed, lost


def choose(rows: list[Row], probs: dict[int, float], splits: Sequence[str]) -> float:
    """The veto ``splits`` choose (the module docstring)."""
    scored = {v: tally(rows, probs, splits, v) for v in VETOES}
    ok = [v for v in VETOES if scored[v][1] <= scored[v][0]]
    return max(ok, key=lambda v: (scored[v][0] - scored[v][1], -v))


def flagged(rows: list[Row], splits: Sequence[str]) -> tuple[int, int]:
    """(injections, clean rows) flagged in ``splits`` with the veto off."""
    inj = sum(1 for r in rows if r["split"] in splits and r["flag"] and r["group"] != "clean")
    return inj, sum(1 for r in rows if r["split"] in splits and r["flag"]
                    and r["group"] == "clean")


def bounds(data: list[w15.Row], model: Any, veto: float) -> dict[str, tuple[int, int]]:
    """The honest notes, READMEs and turns the text screen flags: veto off -> on."""
    from cognimem_plugins.guard import stance
    from cognimem_plugins.guard.injection import screen

    data = [r for r in data if r[0] in w19p.BOUNDS]
    out: dict[str, tuple[int, int]] = {}
    stance.VETO = 0.0
    base = [(s, t) for s, _, t in data if screen(t)]
    stance.VETO = veto
    stance.shipped.cache_clear()
    old = stance.shipped
    stance.shipped = lambda: model  # type: ignore[assignment]
    try:
        after = [s for s, t in base if screen(t)]
    finally:
        stance.shipped = old
    for s in w19p.BOUNDS:
        out[s] = (sum(1 for b, _ in base if b == s), after.count(s))
    out["read"] = (len(data), sum(1 for r in data if r[0] == w15.TURNS))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/train_stance.py")
    parser.add_argument("--dev", help="splits to score as a development check (counts only)")
    parser.add_argument("--write", action="store_true", help="write stance.json.gz")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    args = parser.parse_args(argv)
    from cognimem_plugins.guard import learned, stance

    data = _setup(args.bench)
    rows = split_rows(SPLITS)
    print(f"{len(rows)} rows; {sum(r['speaks'] for r in rows)} speak of injection; "
          f"{sum(r['speaks'] and r['flag'] for r in rows)} of those flagged", flush=True)
    result: dict[str, Any] = {"vetoes": VETOES}
    if args.dev:
        dev = args.dev.split(",")
        train = [s for s in SPLITS if s not in dev]
        probs = out_of_fold(rows, train)
        veto = choose(rows, probs, train)
        model = fit([(r["outside"], int(r["group"] == "injection")) for r in rows
                     if r["speaks"] and r["split"] in train])
        dp = {i: 1.0 if stance.ADDRESSED.search(r["outside"])
              else model.probability(r["outside"]) for i, r in enumerate(rows)
              if r["split"] in dev and r["speaks"] and r["flag"]}
        result["dev"] = {"veto": veto, "flagged_off": flagged(rows, dev),
                         "freed_lost": tally(rows, dp, dev, veto),
                         "per_veto": {v: tally(rows, dp, dev, v) for v in VETOES},
                         "seen_oof_per_veto": {v: tally(rows, probs, train, v)
                                               for v in VETOES}}
        print(json.dumps(result["dev"]))
    else:
        probs = out_of_fold(rows, SPLITS)
        folds: dict[str, dict[str, Any]] = {}
        for split in SPLITS:
            veto = choose(rows, probs, [s for s in SPLITS if s != split])
            inj, clean = flagged(rows, [split])
            freed, lost = tally(rows, probs, [split], veto)
            folds[split] = {"veto": veto, "before": (inj, clean),
                            "after": (inj - lost, clean - freed)}
            print(f"  {split}: veto {veto}; (injections, clean) flagged {(inj, clean)} -> "
                  f"{(inj - lost, clean - freed)}", flush=True)
        chosen = choose(rows, probs, SPLITS)
        result.update(folds=folds, chosen_on_all=chosen,
                      per_veto_on_all={v: tally(rows, probs, SPLITS, v) for v in VETOES},
                      held_out_freed_lost=(sum(f["before"][1] - f["after"][1]
                                               for f in folds.values()),
                                           sum(f["before"][0] - f["after"][0]
                                               for f in folds.values())))
        print(f"chosen on all: {chosen}; per veto (freed, lost) out of fold "
              f"{result['per_veto_on_all']}; held out (freed, lost) "
              f"{result['held_out_freed_lost']}", flush=True)
        model = fit([(r["outside"], int(r["group"] == "injection")) for r in rows
                     if r["speaks"]])
        if chosen:
            result["bounds"] = bounds(data, model, chosen)
            print(f"bounds (text screen flagged: off -> on; read): {result['bounds']}")
        if args.write:
            learned.write(model, stance.WEIGHTS_FILE)
            result["sha256"] = hashlib.sha256(stance.WEIGHTS_FILE.read_bytes()).hexdigest()
            print(f"wrote {stance.WEIGHTS_FILE} ({len(model.weights)} weights)")
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
