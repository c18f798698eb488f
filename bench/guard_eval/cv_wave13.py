"""The learned readings' learning curve over every seen split (issue #39, wave 13).

Each of the thirteen seen splits is held out in turn; the learned cue (``train_cue.py``)
and the semantic judge (``train_judge.py``) are trained on the other twelve (with the
corpora, the honest notes dealt to those twelve and the training half's dataset turns,
their scripts' protocol), their settings chosen on the other twelve's out-of-fold scores,
and the held-out split scored: injections flagged, clean notes flagged, the honest notes
dealt to it flagged (``honest_notes.py``, notes to agents and look-alikes) and the held-out
half's dataset turns flagged (a conversation or session whose id's CRC-32 is odd). Three
readings per fold:

* ``cue``: the text guard (strong markers, phrase cues plus the learned cue, threshold
  0.75), the learned cue's weight and floor chosen by ``train_cue.choose`` (the shipped
  protocol: the threshold stays the phrase cues');
* ``judge``: the judge's own flags under its joined rule (alone at ``p >= a``, or at
  ``p >= w`` with weak cues of at least ``c``), chosen by ``train_judge.choose_joined``;
* ``guard``: what the guard decides, the two together.

For the splits wave 12's weights never saw, the same split is also scored by wave 12's
files (``--before-cue``, ``--before-judge``: give them, the package now ships wave 13's cue)
at wave 12's settings (the ``shipped`` column: trained on wave 12's training sets), so a
held-out split shows what twelve independent splits give over the current five to eight.

The settings are chosen on out-of-fold scores: the judge's exactly as its script does
(each other split scored by a judge trained without it and without the held-out one); the
learned cue's from the models that leave one split out (each other split scored by the
model trained without it, a model that saw the held-out split's rows: only two numbers,
the weight and the floor, are chosen on them; fitting the 78 models that leave two splits
out was beyond this round's time). Run from the repository root (the judge's vectors
cached by ``judge_vectors.py``)::

    python bench/guard_eval/cv_wave13.py [--bench ../shared/bench] [--label NAME]

The fitted cue models' probabilities are kept under ``/tmp`` (``COGNIMEM_CV13_CACHE``) so a
second run reuses them; the figures go to stdout and, with ``--label``, to
``results/NAME.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import train_cue as tc  # noqa: E402
import train_judge as tj  # noqa: E402
from judge_vectors import Cache  # noqa: E402
from score import rate  # noqa: E402

from cognimem_plugins.guard import judge as shipped_judge  # noqa: E402
from cognimem_plugins.guard import learned  # noqa: E402

ALL = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 12)))
CACHE = Path(os.environ.get("COGNIMEM_CV13_CACHE", "/tmp/cognimem-cv13"))
#: the settings shipped with wave 12's files (the learned cue's weight, floor and the
#: threshold; the judge's rule), for the ``shipped`` column
SHIPPED_CUE: tc.Setting = (1.0, 0.8, 0.75)
SHIPPED_RULE: tj.Joined = (0.99, 0.85, 0.45)
Probs = list[list[float]]
#: the splits the files shipped before wave 13 were trained on (the ``shipped`` column)
CUE_TRAINED = ("tune", "test", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6")
JUDGE_TRAINED = CUE_TRAINED[:-1]


class CueRuns:
    """The learned cue's data (``train_cue.Data`` over all splits, plus the training half's
    turns the judge bounds its rule on) and the probabilities of every fitted model."""

    def __init__(self, bench: Path, bounding: Sequence[str],
                 before: Path = learned.WEIGHTS_FILE) -> None:
        self.before = before
        self.data = tc.Data(bench, ALL)
        self.bounding = [tc.read_text(t, "turn") for t in bounding]
        CACHE.mkdir(parents=True, exist_ok=True)

    def probs(self, name: str, splits: Sequence[str] | None) -> dict[str, Any]:
        """The model trained on ``splits`` (None: the file ``before``) scoring every split,
        honest note and turn (cached under :data:`CACHE` by ``name``)."""
        path = CACHE / f"cue_{name}.pkl"
        if path.is_file():
            with path.open("rb") as f:
                cached: dict[str, Any] = pickle.load(f)
            return cached
        model = (learned.read(self.before) if splits is None
                 else self.data.model(splits))
        d = self.data
        out = {"texts": {s: tc.probabilities(model, d.texts[s]) for s in ALL},
               "honest": {s: tc.probabilities(model, d.honest_texts[s]) for s in ALL},
               "held": tc.probabilities(model, d.held),
               "bounding": tc.probabilities(model, self.bounding)}
        with path.open("wb") as f:
            pickle.dump(out, f)
        print(f"cue model {name}: fitted", file=sys.stderr, flush=True)
        return out


def best(texts: list[tc.Text], probs: Probs, setting: tc.Setting) -> np.ndarray:
    """Each text's best paragraph score (phrase cues plus the learned cue; infinite where a
    strong marker fired)."""
    weight, floor, _ = setting
    return tc.Flat.of((texts, probs)).best(weight, floor)


def flagged(score: np.ndarray, setting: tc.Setting) -> np.ndarray:
    """The text guard's flags for these scores."""
    return score >= setting[2] - 1e-9


def finite(score: np.ndarray) -> np.ndarray:
    """The weak-cue score the judge's rule reads (a marked text: flagged anyway)."""
    return np.where(np.isfinite(score), score, 10.0)


class JudgeRuns:
    """The judge's data over all splits (``train_judge.Data``, honest notes dealt to the
    thirteen splits) and the vectors of the texts the folds score."""

    def __init__(self, bench: Path, cue: CueRuns, family: tj.Family) -> None:
        setattr(tj, "SPLITS", ALL)  # noqa: B010 -- the judge's data over every seen split
        self.family = family
        self.cache = Cache()
        self.data = tj.Data(bench, self.cache)
        d = cue.data
        self.vectors = {s: self.data.split[s].vectors for s in ALL}
        self.honest = {s: self.cache.vectors(d.honest[s]).astype(np.float64) for s in ALL}
        _, held = tc.conversations(bench)
        self.held = self.cache.vectors(held).astype(np.float64)
        self.models: dict[frozenset[str], tuple[float, np.ndarray]] = {}

    def model(self, without: frozenset[str]) -> tuple[float, np.ndarray]:
        """The judge trained on every split but ``without`` (fitted once)."""
        if without not in self.models:
            self.models[without] = self.data.model([s for s in ALL if s not in without],
                                                   self.family)
        return self.models[without]


def group_rates(flags: np.ndarray, texts: list[tc.Text]) -> dict[str, Any]:
    """Injections and clean notes flagged among ``texts``."""
    groups = np.array([t.group for t in texts])
    return {g: rate(int(flags[groups == g].sum()), int((groups == g).sum()))
            for g in ("injection", "clean")}


def fold(held: str, cue: CueRuns, judges: JudgeRuns, runs: dict[str, dict[str, Any]],
         shipped: dict[str, Any], before: shipped_judge.Judge) -> dict[str, Any]:
    """One split held out: the three readings' figures, trained on the other twelve."""
    d = cue.data
    train = [s for s in ALL if s != held]
    mine = runs[held]
    # the learned cue's setting, chosen on the other splits' out-of-fold scores
    oof_texts = [t for s in train for t in (*d.texts[s], *d.honest_texts[s])]
    oof_probs = [p for s in train for p in (*runs[s]["texts"][s], *runs[s]["honest"][s])]
    setting = tc.choose_by("adds_to_phrase_cues", (oof_texts, oof_probs),
                           (d.held, mine["held"]))
    # the judge: trained on the other twelve; its rule chosen on their out-of-fold
    # probabilities (each scored by a judge trained without it and without ``held``), with
    # the text guard's flags and scores from the cue's out-of-fold models
    parts_p, parts_cue, parts_guard, parts_y = [], [], [], []
    for s in train:
        model = judges.model(frozenset((held, s)))
        texts = [*d.texts[s], *d.honest_texts[s]]
        score = best(texts, [*runs[s]["texts"][s], *runs[s]["honest"][s]], setting)
        parts_p.append(tj.probabilities(model, np.concatenate([judges.vectors[s],
                                                               judges.honest[s]])))
        parts_cue.append(finite(score))
        parts_guard.append(flagged(score, setting))
        parts_y.append(np.array([t.group == "injection" for t in texts], np.float64))
    pool = tj.Pool(np.concatenate(parts_p), np.concatenate(parts_cue),
                   np.concatenate(parts_guard), np.concatenate(parts_y))
    model = judges.model(frozenset((held,)))
    bounding_score = finite(best(cue.bounding, mine["bounding"], setting))
    rule = tj.choose_joined(pool, tj.probabilities(model, judges.data.held), bounding_score)
    out = {"cue_setting": setting, "judge_rule": rule,
           "trained": readings(held, cue, judges, mine, model, setting, rule)}
    if held not in CUE_TRAINED or held not in JUDGE_TRAINED:
        out["shipped"] = readings(held, cue, judges, shipped,
                                  (before.bias, np.array(before.weights)),
                                  SHIPPED_CUE, SHIPPED_RULE)
    return out


def readings(held: str, cue: CueRuns, judges: JudgeRuns, probs: dict[str, Any],
             model: tuple[float, np.ndarray], setting: tc.Setting,
             rule: tj.Joined) -> dict[str, Any]:
    """The held-out split, its honest notes and the held-out turns under one cue model (its
    probabilities ``probs``) and setting, and one judge and rule."""
    d = cue.data
    out: dict[str, Any] = {}
    groups = (("split", d.texts[held], probs["texts"][held], judges.vectors[held]),
              ("honest", d.honest_texts[held], probs["honest"][held], judges.honest[held]),
              ("turns", d.held, probs["held"], judges.held))
    for name, texts, cue_probs, vectors in groups:
        score = best(texts, cue_probs, setting)
        guard = flagged(score, setting)
        phrase = flagged(best(texts, cue_probs, (0.0, 0.0, tc.PHRASE_THRESHOLD)), setting)
        p = tj.probabilities(model, vectors)
        own = tj.joined_flags(p, finite(score), rule)
        flags = {"phrase_cues": phrase, "cue": guard, "judge": own, "guard": guard | own}
        for reading, f in flags.items():
            if name == "split":
                out[reading] = group_rates(f, texts)
            else:
                out.setdefault(reading, {})[name] = rate(int(f.sum()), len(f))
    return out


def main(argv: list[str] | None = None) -> int:
    """The learning curve: every split held out, the figures printed and saved."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave13.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label", help="also save the figures to results/LABEL.json")
    parser.add_argument("--only", nargs="*", help="only these held-out splits")
    parser.add_argument("--before-cue", type=Path, default=learned.WEIGHTS_FILE,
                        help="the learned cue file of the shipped column (wave 12's)")
    parser.add_argument("--before-judge", type=Path, default=shipped_judge.WEIGHTS_FILE,
                        help="the judge file of the shipped column (wave 12's)")
    parser.add_argument("--family", default=tj.FAMILIES[0].name,
                        choices=[f.name for f in tj.FAMILIES], help="the judge's family")
    args = parser.parse_args(argv)
    train_half, _ = tc.conversations(args.bench)
    cue = CueRuns(args.bench, tj.bounding_turns(train_half), args.before_cue)
    runs = {s: cue.probs(f"without_{s}", [o for o in ALL if o != s]) for s in ALL}
    shipped = cue.probs("shipped", None)
    judges = JudgeRuns(args.bench, cue,
                       next(f for f in tj.FAMILIES if f.name == args.family))
    report = {}
    for held in args.only or ALL:
        report[held] = fold(held, cue, judges, runs, shipped,
                            shipped_judge.read(args.before_judge))
        print(held, json.dumps(summary(report[held])), file=sys.stderr, flush=True)
    tc.publish(report, args.label)
    return 0


def summary(fold_figures: dict[str, Any]) -> dict[str, Any]:
    """A fold's figures as [hits, n] pairs."""
    def pairs(x: Any) -> Any:
        if isinstance(x, dict) and "hits" in x:
            return [x["hits"], x["n"]]
        if isinstance(x, dict):
            return {k: pairs(v) for k, v in x.items()}
        return x
    return {k: pairs(v) for k, v in fold_figures.items()}


if __name__ == "__main__":
    sys.exit(main())
