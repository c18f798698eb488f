"""Wave 22: leave-one-split-out study of the semantic judge over the forty-four seen splits
(issue #39): which model family and which joined rule (:mod:`cognimem_plugins.guard.judge`)
flag the most held-out injections within the bounds.

The method is ``train_judge.py``'s (its data, its families, its fit, its inner grouped
folds, its rule ``(alone, with cues, cue at least)``); two things differ:

* **the bounds** a fold's rule must keep on its inner out-of-fold pool (:func:`allowed`):
  the judge's own flags (those the text guard does not set) on the clean and secret rows
  at most 0.5 % pooled; on each split, the text guard's and the judge's flags together at
  most 1 % of its rows (or what the text guard alone flags, if more: ``train_cue.py``'s
  per-fold bound); the judge's flags on the honest notes to agents at most 0.5 % pooled
  (wave 17's retrain flagged 2 % of them, the pooled bound did not see them); and on the
  training-half turns not trained on, the judge's own share below 1 in 10,000
  (``train_judge.JOINED_TURNS_RATE``; with the text guard's ~0.8 in 1,000, below 1 in
  1,000). ``train_judge.choose_joined`` bounds only the first and the last.
* **the fits run together**: every model of a family (44 outer, 44 x 4 inner) is the same
  full-batch Adam from zeros on the same rows with its own sample weights (zero off its
  training splits), so one matrix product per step serves all 220 (``fit_many``: the same
  arithmetic as ``train_judge.fit`` up to the order of float64 sums; the shipped file is
  written by ``train_judge.py --write``, one ordinary fit).

Each family is scored with two grids of rules: ``train_judge``'s (7 x 7 x 7) and a finer
one (:data:`GRIDS`). Per fold the rule is chosen on the other forty-three splits' inner
pool (the most injections flagged by the guard with the judge; ties: fewest clean, then
turns, then the middle), then the held-out split is scored with the fold's outer model.
The choice over (family, grid) is the most held-out injections flagged in all, then the
fewest clean rows. The text guard's flags and weak-cue scores come from
``/tmp/w22-judge/screens.pkl`` when present (``--screens``: text -> (flag, score), filled
by the same calls), else are computed. Run from the repository root::

    python bench/guard_eval/judge_vectors.py --bench /work/shared/bench   # once
    python bench/guard_eval/cv_wave22_judge.py [--label NAME] [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import train_judge as tj  # noqa: E402
from judge_vectors import Cache  # noqa: E402
from score import rate  # noqa: E402

FALLBACK_BENCH = Path("/work/shared/bench")
SCREENS = Path("/tmp/w22-judge/screens.pkl")
REDACTED = Path("/tmp/w22-judge/redacted.pkl")
#: the grids of joined rules: train_judge's, and a finer one reaching lower
GRIDS: dict[str, tuple[list[float], list[float], list[float]]] = {
    "train_judge": (tj.ALONE, tj.WITH_CUES, tj.CUE_AT_LEAST),
    "fine": ([round(0.9 + 0.01 * i, 2) for i in range(10)] + [1.01],
             [round(0.5 + 0.05 * i, 2) for i in range(10)],
             [round(0.1 + 0.05 * i, 2) for i in range(11)]),
}


class _Screened:
    """A cached screen result: its truth and its weak-cue score."""

    def __init__(self, flag: bool, score: float) -> None:
        self.flag, self.score = flag, score

    def __bool__(self) -> bool:
        return self.flag


def use_screen_cache(path: Path) -> None:
    """Make ``train_judge``'s screen read the cache at ``path`` (texts not in it are
    screened)."""
    if not path.is_file():
        return
    with path.open("rb") as f:
        table: dict[str, tuple[bool, float]] = pickle.load(f)
    real = tj.screen

    def screen(text: str, full: bool = False) -> Any:
        if text in table:
            return _Screened(*table[text])
        return real(text, full=full)

    tj.screen = screen  # type: ignore[assignment]


#: train_judge's own bounding turns (before :func:`limit_bounding` replaces them)
ALL_BOUNDING = tj.bounding_turns


def limit_bounding(most: int) -> None:
    """Make ``train_judge`` bound on the ``most`` bounding turns of smallest CRC-32 (a
    deterministic sample, for a cache not yet filled with all of them)."""
    def bounding_turns(train: Sequence[str]) -> list[str]:
        return sorted(tj.sample_turns(ALL_BOUNDING(train), most))

    tj.bounding_turns = bounding_turns


def late_bounding(data: tj.Data, bench: Path) -> int:
    """Bound on the bounding turns embedded by now: the longest prefix, in CRC-32 order, of
    the training half's turns not trained on whose vectors the cache holds (it may be being
    filled while the fits run); their vectors and cue scores go to ``data``. Returns how
    many."""
    import judge_vectors
    from train_cue import conversations

    train, _ = conversations(bench)
    ordered = tj.sample_turns(ALL_BOUNDING(train), len(train))
    cache = Cache()
    covered = 0
    for text in ordered:
        if judge_vectors.key(judge_vectors.embedded_text(text)) not in cache.table:
            break
        covered += 1
    turns = sorted(ordered[:covered])
    data.held = cache.vectors(turns).astype(np.float64) if turns else np.zeros((0, 384))
    data.held_cue = tj.cue_scores(turns)
    print(f"bounding on {covered} of {len(ordered)} turns", file=sys.stderr, flush=True)
    return covered


def use_redaction_cache(path: Path) -> None:
    """Make the vector cache read each text's redacted form from ``path`` (text -> the text
    the engine embeds, ``embedded_text``'s), when present."""
    if not path.is_file():
        return
    import judge_vectors

    with path.open("rb") as f:
        table: dict[str, str] = pickle.load(f)
    real = judge_vectors.embedded_text

    def embedded_text(text: str) -> str:
        return table[text] if text in table else real(text)

    judge_vectors.embedded_text = embedded_text


def fit_many(x: np.ndarray, y: np.ndarray, groups: np.ndarray, masks: np.ndarray,
             family: tj.Family, dtype: type = np.float64) -> tuple[np.ndarray, np.ndarray]:
    """``train_judge.fit`` for each row of ``masks`` (the rows each model trains on), all in
    one pass: biases (M) and weights (d x M), rounded as ``fit`` rounds them. ``dtype``
    float32: the two products per step in single precision (twice as fast; the weights
    then differ from ``fit``'s in the third or fourth decimal)."""
    n_models = masks.shape[0]
    xs: np.ndarray = x.astype(dtype)
    shares = np.array(family.shares)
    sw = np.zeros((x.shape[0], n_models))
    for g in range(len(tj.SHARES)):
        in_group = groups == g
        counts = (masks & in_group).sum(axis=1)
        sw[in_group] = (masks[:, in_group] * (shares[g] / counts)[:, None]).T
    w = np.zeros((x.shape[1], n_models))
    b = np.zeros(n_models)
    m = np.zeros((x.shape[1] + 1, n_models))
    v = np.zeros((x.shape[1] + 1, n_models))
    for step in range(1, tj.STEPS + 1):
        p = 1.0 / (1.0 + np.exp(-np.clip(xs @ w.astype(dtype) + b, -30, 30)))
        g_ = sw * (p - y[:, None])
        grad = np.vstack([(xs.T @ g_.astype(dtype)).astype(np.float64) + family.l2 * w,
                          g_.sum(axis=0)])
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        delta = tj.RATE * np.sqrt(1 - 0.999 ** step) / (1 - 0.9 ** step) * m / (np.sqrt(v) + 1e-8)
        w -= delta[:-1]
        b -= delta[-1]
    return np.round(b, 4), np.round(w, 4)


def probs(b: float, w: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """The probabilities as the plugin computes them (float32 product)."""
    return tj.probabilities((float(b), w), vectors)


class Study:
    """The data of every fold, the fits of a family and the rule choices."""

    def __init__(self, data: tj.Data) -> None:
        self.data = data
        splits = list(tj.SPLITS)
        parts: list[tj.Rows] = []
        owner: list[str] = []
        for s in splits:
            for rows in (data.split[s], data.honest[s]):
                parts.append(rows)
                owner += [s] * len(rows.texts)
        parts += [data.corpus, data.turns]
        owner += [""] * (len(data.corpus.texts) + len(data.turns.texts))
        joined = tj.Rows.join(parts)
        self.x, self.y = joined.vectors, joined.labels
        self.owner = np.array(owner)
        groups = [tj.SHARES.index(s) for s in joined.shares]
        self.groups = np.array(groups)
        # the models: per held-out split, the outer one and INNER inner ones
        self.keys: list[tuple[str, int]] = []
        masks = []
        for h in splits:
            train = [s for s in splits if s != h]
            masks.append(~np.isin(self.owner, [h]))
            self.keys.append((h, -1))
            for gi in range(tj.INNER):
                group = train[gi::tj.INNER]
                masks.append(~np.isin(self.owner, [h, *group]))
                self.keys.append((h, gi))
        self.masks = np.array(masks)

    def fit(self, family: tj.Family,
            dtype: type = np.float64) -> dict[tuple[str, int], tuple[float, np.ndarray]]:
        """Every model of ``family``."""
        t = time.time()
        b, w = fit_many(self.x, self.y, self.groups, self.masks, family, dtype)
        print(f"{family.name}: {len(self.keys)} fits in {time.time() - t:.0f} s",
              file=sys.stderr)
        return {k: (float(b[i]), w[:, i]) for i, k in enumerate(self.keys)}

    def pool(self, models: dict[tuple[str, int], tuple[float, np.ndarray]],
             held: str) -> tj.Pool:
        """The inner out-of-fold pool of the fold that holds ``held`` out (each split scored
        by the inner model trained without its group)."""
        train = [s for s in tj.SPLITS if s != held]
        parts = [self.data.scored(s, models[(held, i % tj.INNER)])
                 for i, s in enumerate(train)]
        return tj.Pool(*(np.concatenate([getattr(p, f) for p in parts])
                         for f in ("p", "cue", "guard", "labels", "split", "honest")))


def choose(pool: tj.Pool, turns_p: np.ndarray, turns_cue: np.ndarray,
           grid: tuple[list[float], list[float], list[float]]) -> tj.Joined:
    """``train_judge.choose_joined`` over ``grid``."""
    saved = tj.ALONE, tj.WITH_CUES, tj.CUE_AT_LEAST
    tj.ALONE, tj.WITH_CUES, tj.CUE_AT_LEAST = grid
    try:
        return tj.choose_joined(pool, turns_p, turns_cue)
    finally:
        tj.ALONE, tj.WITH_CUES, tj.CUE_AT_LEAST = saved


def fold(study: Study, models: dict[tuple[str, int], tuple[float, np.ndarray]], held: str,
         turns_p: np.ndarray, rule: tj.Joined) -> dict[str, Any]:
    """The held-out split, its honest notes, the bounding turns and the READMEs under
    ``rule`` with the fold's outer model."""
    d = study.data
    b, w = models[(held, -1)]
    rows = d.split[held]
    inj = rows.labels == 1
    judged = tj.joined_flags(probs(b, w, rows.vectors), d.cue[held], rule)
    both = judged | d.guard[held]
    honest = tj.joined_flags(probs(b, w, d.honest[held].vectors), d.honest_cue[held], rule)
    honest_own = honest & ~d.honest_guard[held]
    readmes = tj.joined_flags(probs(b, w, d.readmes), d.readme_cue, rule)
    return {"rule": list(rule),
            "guard_injections": int(d.guard[held][inj].sum()),
            "with_judge_injections": int(both[inj].sum()), "injections": int(inj.sum()),
            "judge_injections": int(judged[inj].sum()),
            "guard_clean": int(d.guard[held][~inj].sum()),
            "with_judge_clean": int(both[~inj].sum()), "clean": int((~inj).sum()),
            "judge_own_clean": int((judged & ~d.guard[held])[~inj].sum()),
            "honest_own": int(honest_own.sum()), "honest": len(honest),
            "turns": int(tj.joined_flags(turns_p, d.held_cue, rule).sum()),
            "readmes_own": int((readmes & ~d.readme_guard).sum())}


def totals(folds: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The folds' sums (turns: the most any fold flags, of the bounding turns)."""
    keys = ("with_judge_injections", "guard_injections", "judge_injections", "injections",
            "with_judge_clean", "guard_clean", "judge_own_clean", "clean", "honest_own",
            "honest", "readmes_own")
    out: dict[str, Any] = {k: sum(f[k] for f in folds.values()) for k in keys}
    out["turns_most"] = max(f["turns"] for f in folds.values())
    out["splits_over_1pc"] = sum(f["with_judge_clean"] > max(0.01 * f["clean"],
                                                            f["guard_clean"])
                                 for f in folds.values())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave22_judge.py")
    parser.add_argument("--bench", type=Path, default=FALLBACK_BENCH)
    parser.add_argument("--screens", type=Path, default=SCREENS)
    parser.add_argument("--family", action="append", help="only these families")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bounding-most", type=int, default=None,
                        help="bound on the N bounding turns of smallest CRC-32 only "
                        "(all of them by default)")
    parser.add_argument("--bounding-late", action="store_true",
                        help="bound on the bounding turns the cache holds once the fits "
                        "are done (the longest prefix in CRC-32 order)")
    parser.add_argument("--readmes", type=Path, default=tj.READMES,
                        help="README rows, a check in every fold (a missing file: none)")
    parser.add_argument("--float32", action="store_true",
                        help="the fits' products in single precision (fit_many)")
    args = parser.parse_args(argv)
    bench = args.bench if (args.bench / "locomo").is_dir() else FALLBACK_BENCH
    if not (bench / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {args.bench} nor {FALLBACK_BENCH}")
    use_screen_cache(args.screens)
    use_redaction_cache(REDACTED)
    tj.READMES = args.readmes
    if args.bounding_most is not None or args.bounding_late:
        limit_bounding(args.bounding_most or 0)
    data = tj.Data(bench, Cache())
    study = Study(data)
    # the shipped judge with its shipped rule, on every split (in-sample on its seven)
    from cognimem_plugins.guard import judge
    shipped = judge.shipped()
    shipped_rule = (judge.THRESHOLD, judge.WITH_CUES, judge.CUE_AT_LEAST)
    report: dict[str, Any] = {"bench": str(bench), "bounding_turns": len(data.held),
                              "bounding_most": args.bounding_most,
                              "float32": args.float32,
                              "readmes": len(data.readmes), "shipped": {}}
    families = [f for f in tj.FAMILIES if not args.family or f.name in args.family]
    for family in families:
        models = study.fit(family, np.float32 if args.float32 else np.float64)
        if args.bounding_late and "bounding_covered" not in report:
            report["bounding_covered"] = late_bounding(data, bench)
            report["bounding_turns"] = len(data.held)
        pools = {}
        for held in tj.SPLITS:
            pools[held] = study.pool(models, held)
        turns = {h: probs(*models[(h, -1)], data.held) for h in tj.SPLITS}
        name = f"{family.name}/shipped_rule"
        folds = {h: fold(study, models, h, turns[h], shipped_rule) for h in tj.SPLITS}
        report[name] = {"folds": folds, "totals": totals(folds)}
        print(name, json.dumps(report[name]["totals"]), file=sys.stderr, flush=True)
        for grid_name, grid in GRIDS.items():
            name = f"{family.name}/{grid_name}"
            folds = {}
            for held in tj.SPLITS:
                rule = choose(pools[held], turns[held], data.held_cue, grid)
                folds[held] = fold(study, models, held, turns[held], rule)
            report[name] = {"folds": folds, "totals": totals(folds)}
            print(name, json.dumps(report[name]["totals"]), file=sys.stderr, flush=True)
            print(name, "rules:", json.dumps({h: f["rule"] for h, f in folds.items()}),
                  file=sys.stderr, flush=True)
            if args.label:  # what is done so far, in case the run is stopped
                (HERE / "results" / f"{args.label}.json").write_text(
                    json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    fake = {(s, -1): (shipped.bias, np.array(shipped.weights)) for s in tj.SPLITS}
    turns_shipped = shipped.probabilities(data.held)
    report["shipped"]["folds"] = {s: fold(study, fake, s, turns_shipped, shipped_rule)
                                  for s in tj.SPLITS}
    report["shipped"]["totals"] = totals(report["shipped"]["folds"])
    print("shipped", json.dumps(report["shipped"]["totals"]), file=sys.stderr)
    candidates = [k for k in report if "/" in k and not k.endswith("/shipped_rule")]
    report["choice"] = max(candidates, key=lambda k: (
        report[k]["totals"]["with_judge_injections"], -report[k]["totals"]["with_judge_clean"],
        -candidates.index(k)))
    report["rates"] = {k: {"injections": rate(v["totals"]["with_judge_injections"],
                                              v["totals"]["injections"]),
                           "clean": rate(v["totals"]["with_judge_clean"], v["totals"]["clean"])}
                       for k, v in report.items() if isinstance(v, dict) and "totals" in v}
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k in ("choice", "rates")}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
