"""Train the guard's semantic injection judge, and choose its threshold by leave-one-split-out
cross-validation. Run from the repository root::

    python bench/guard_eval/judge_vectors.py          # fill the vector cache (/tmp) once
    python bench/guard_eval/train_judge.py --cv       # the folds' figures
    python bench/guard_eval/train_judge.py --write    # the shipped weights and threshold

The judge (:mod:`cognimem_plugins.guard.judge`) is a logistic regression over a memory's
MiniLM vector (the one the engine computes for every write), optionally with the learned
lexical cue's log-odds as one more feature. Its data:

* the six seen splits (:data:`SPLITS`): injections are positives, clean notes and the notes
  that carry a secret negatives;
* the guard's corpora (``tests/data/guard``), in every fold's training data;
* the honest notes that speak to an agent (``honest_notes.py``), dealt to the splits in
  turn: held out with their split (as clean notes), trained on otherwise;
* the LoCoMo and LongMemEval turns of the *training half* of the conversations (the same
  CRC-32 rule as ``train_cue.py``), :data:`MOST_TURNS` of them; the training half's other
  turns bound the threshold (:func:`bounding_turns`, :data:`JOINED_TURNS_RATE`); the
  held-out half's turns are never read here: ``score.py --datasets`` tests the rule on them.

``--cv``: each split is held out in turn; each model family is trained on the other five
(with the corpora, the honest notes of the other five and the training turns), its
threshold chosen on the other five's out-of-fold probabilities (the lowest that flags at
most :data:`CLEAN_MOST` of their clean notes and fewer than 1 in 1,000 bounding turns),
and the held-out split scored: injections flagged and clean notes flagged, by the judge
alone and joined with the phrase and learned cues (what the guard does). ``--write``: the
chosen family trained on everything, written to the package's ``judge.json.gz``, and its
threshold chosen on the six splits' out-of-fold probabilities (printed: ``judge.THRESHOLD``
must be set to it). Every step is deterministic (full-batch optimisation from zeros, fixed
order, no random draws): the same data gives the same file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
#: (wave 22) where the LoCoMo and LongMemEval turns are when ``--bench`` (relative to the
#: repository root) does not hold them, as from a worktree
FALLBACK_BENCH = Path("/work/shared/bench")

from honest_notes import honest_notes, wider_notes  # noqa: E402
from judge_vectors import Cache, embedded_text  # noqa: E402
from score import rate, read_split  # noqa: E402
from train_cue import conversations, corpus_rows, publish  # noqa: E402

from cognimem_plugins.guard.injection import screen  # noqa: E402

#: (wave 22) every seen split: tune, test, fresh and fresh2 ... fresh42 (forty-four splits)
SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 43)))
#: the splits of the recorded sample model (:func:`sample_model`; the test suite's check)
SAMPLE_SPLITS = ("tune", "test", "fresh", "fresh2", "fresh3", "fresh4", "fresh5")
#: the most training-half turns trained on (the ones with the smallest CRC-32; embedding a
#: turn costs ~50 ms of CPU); the threshold is bounded on the training half's other turns
#: (all of them: a sample of 6,000 saw none of the tail that 50,114 turns show), so the
#: held-out half stays out of every choice and ``score.py --datasets`` tests the rule
MOST_TURNS = 4000
#: the groups of the sample weight (each family gives their shares, spread evenly over
#: each group's texts)
SHARES = ("positive", "notes", "turns")
STEPS = 300
RATE = 0.05
#: the rules a threshold is chosen by: clean notes flagged at most this share (the target of
#: 1 %, or half of it, a margin), and held-out turns below 1/1,000
CLEAN_MOST = {"clean_half_percent": 0.005, "clean_one_percent": 0.01}
DATASETS_BELOW = 0.001
#: the rules reported: the judge alone under each clean bound, and joined with the cues
RULES = (*CLEAN_MOST, "joined")


def all_notes() -> list[tuple[int, str]]:
    """The honest notes the folds are dealt (wave 17: the wave 16 wider notes too)."""
    return [*honest_notes(), *wider_notes()]


def sample_turns(turns: Sequence[str], most: int) -> list[str]:
    """The ``most`` turns with the smallest CRC-32 (a deterministic sample)."""
    return sorted(turns, key=lambda t: (zlib.crc32(t.encode()), t))[:most]


def read_readmes() -> list[str]:
    """The README paragraphs (:data:`READMES`; none when the file is absent)."""
    if not READMES.is_file():
        return []
    with READMES.open(encoding="utf-8") as f:
        return [json.loads(line)["text"] for line in f if line.strip()]


def all_texts(bench: Path) -> list[str]:
    """Every text the training reads, in the order the cache fills them."""
    train, _ = conversations(bench)
    rows = [r["text"] for s in SPLITS for r in read_split(s)]
    return [*rows, *(t for _, t in all_notes()), *(r["text"] for r in corpus_rows()),
            *sample_turns(train, MOST_TURNS), *bounding_turns(train), *read_readmes()]


def bounding_turns(train: Sequence[str]) -> list[str]:
    """The training half's turns not trained on: the threshold's bound on ordinary text."""
    trained = set(sample_turns(train, MOST_TURNS))
    return sorted({t for t in train if t not in trained})


@dataclass
class Rows:
    """Texts with their vectors, labels (1: injection) and weight groups."""

    vectors: np.ndarray
    labels: np.ndarray
    shares: list[str]
    texts: list[str]

    @classmethod
    def of(cls, cache: Cache, texts: Sequence[str], labels: Sequence[int],
           share: str | None = None) -> Rows:
        """``texts`` embedded (through the cache); ``share`` None: positives and notes."""
        shares = [share or ("positive" if y else "notes") for y in labels]
        return cls(cache.vectors(texts).astype(np.float64), np.array(labels, np.float64),
                   shares, list(texts))

    @classmethod
    def join(cls, parts: Sequence[Rows]) -> Rows:
        """The rows of ``parts`` in order."""
        return cls(np.concatenate([p.vectors for p in parts]),
                   np.concatenate([p.labels for p in parts]),
                   [s for p in parts for s in p.shares], [t for p in parts for t in p.texts])


@dataclass(frozen=True)
class Family:
    """A model family: a logistic regression over the vector with this L2 penalty and these
    shares of the sample weight (positives, notes, dataset turns)."""

    name: str
    l2: float
    shares: tuple[float, float, float] = (0.5, 0.2, 0.3)


FAMILIES = (Family("logreg_turns_heavy", 1e-4, (0.5, 0.2, 0.3)),
            Family("logreg_notes_heavy", 1e-4, (0.4, 0.4, 0.2)),
            Family("logreg_l2_1e-2", 1e-2, (0.5, 0.2, 0.3)))


def fit(rows: Rows, family: Family) -> tuple[float, np.ndarray]:
    """A logistic regression (bias, weights) on ``rows`` (Adam, full batch, from zeros; each
    weight group's share of :data:`SHARES` spread over its rows)."""
    x, y = rows.vectors, rows.labels
    shares = dict(zip(SHARES, family.shares, strict=True))
    counts = {s: rows.shares.count(s) for s in SHARES}
    sw = np.array([shares[s] / counts[s] for s in rows.shares])
    w = np.zeros(x.shape[1])
    b = 0.0
    m = np.zeros(x.shape[1] + 1)
    v = np.zeros(x.shape[1] + 1)
    for step in range(1, STEPS + 1):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w + b, -30, 30)))
        g = sw * (p - y)
        grad = np.append(x.T @ g + family.l2 * w, g.sum())
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        delta = RATE * np.sqrt(1 - 0.999 ** step) / (1 - 0.9 ** step) * m / (np.sqrt(v) + 1e-8)
        w -= delta[:-1]
        b -= delta[-1]
    return round(float(b), 4), np.round(w, 4)


def probabilities(model: tuple[float, np.ndarray], vectors: np.ndarray) -> np.ndarray:
    """The model's probability for each vector (as the plugin computes it)."""
    from cognimem_plugins.guard.judge import Judge

    b, w = model
    return Judge(b, tuple(float(x) for x in w)).probabilities(vectors)


THRESHOLDS = [round(0.5 + 0.01 * i, 2) for i in range(50)]
#: (wave 17) the out-of-fold probabilities a threshold is chosen on come from this many
#: groups of the fold's splits (split i in group i mod INNER), each scored by a model trained
#: on the others: with twenty-four splits, one model per split held out within each fold
#: would be 24 x 23 fits
INNER = 4
#: (wave 17) the README paragraphs of installed packages (clean text nobody wrote for the
#: guard): scored in every fold as a check, never trained on nor used to choose; written by
#: ``readme_rows.py`` (they depend on what is installed, never committed); ``--readmes``
READMES = Path("/tmp/readmes.jsonl")


def choose(clean: np.ndarray, turns: np.ndarray, most: float) -> float:
    """The lowest threshold that flags at most ``most`` of the clean notes' probabilities
    ``clean`` and fewer than :data:`DATASETS_BELOW` of the turns'."""
    for t in THRESHOLDS:
        if (np.sum(clean >= t) <= most * len(clean)
                and np.sum(turns >= t) < DATASETS_BELOW * len(turns)):
            return t
    return THRESHOLDS[-1]


def cue_scores(texts: Sequence[str]) -> np.ndarray:
    """The text guard's weak-cue score of each text (its best paragraph's)."""
    return np.array([screen(t, full=True).score for t in texts])


@dataclass
class Pool:
    """Scored texts: the judge's probability, the cue score, the text guard's flag, the
    label; (wave 22) the split each text belongs to and whether it is an honest note."""

    p: np.ndarray
    cue: np.ndarray
    guard: np.ndarray
    labels: np.ndarray
    split: np.ndarray
    honest: np.ndarray


#: the joined rule's grid: the probability that flags alone (above 1: never), the
#: probability that flags with a cue score of at least ``CUE_AT_LEAST``
ALONE = [0.94, 0.95, 0.96, 0.97, 0.98, 0.99, 1.01]
WITH_CUES = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95]
CUE_AT_LEAST = [0.1, 0.2, 0.3, 0.35, 0.45, 0.5, 0.6]
#: the joined rule's bounds: the judge's own flags (those the text guard does not set) at
#: most 0.5 % of the clean and secret rows pooled (``CLEAN_MOST["clean_half_percent"]``), and
#: at most this share of the bounding turns (the text guard's cues change ~0.76 in 1,000
#: turns, the target is below 1 in 1,000: the judge's own share is held to 0.1 in 1,000,
#: under half of what is left)
JOINED_TURNS_RATE = 0.0001
#: (wave 22) and on each split, the text guard's and the judge's flags together at most 1 %
#: of its clean and secret rows (or what the text guard alone flags, if more: the learned
#: cue's per-fold bound, ``train_cue.fold_bounds``); the judge's own flags on the honest
#: notes to agents at most 0.5 % of them pooled (wave 17's retrain flagged 2 % of them
#: under the pooled bound, which counted them among 12,000 rows)
SPLIT_MOST = 0.01
HONEST_MOST = 0.005
Joined = tuple[float, float, float]


def joined_flags(p: np.ndarray, cue: np.ndarray, rule: Joined) -> np.ndarray:
    """Which texts the judge flags under ``rule`` (alone, with cues, cue at least)."""
    alone, with_cues, at_least = rule
    return (p >= alone) | ((p >= with_cues) & (cue >= at_least))


def split_index(pool: Pool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per text of ``pool``, its split's number (-1: an injection or an honest note), and
    per split, how many of its clean and secret rows may be flagged and which it has."""
    rows = (pool.labels == 0) & ~pool.honest
    names, codes = np.unique(pool.split, return_inverse=True)
    codes = np.where(rows, codes, -1)
    n = np.bincount(codes[rows], minlength=len(names))
    base = np.bincount(codes[rows], weights=pool.guard[rows], minlength=len(names))
    return codes, np.maximum(np.floor(SPLIT_MOST * n), base), rows


def bounded(pool: Pool, flags: np.ndarray, turns_flags: np.ndarray,
            index: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> bool:
    """Whether the judge's ``flags`` on ``pool`` and ``turns_flags`` on the bounding turns
    keep every bound (:data:`CLEAN_MOST`'s half percent, :data:`SPLIT_MOST`,
    :data:`HONEST_MOST`, :data:`JOINED_TURNS_RATE`); ``index``: :func:`split_index`."""
    codes, most, rows = index or split_index(pool)
    own = flags & ~pool.guard
    if (own[rows].sum() > CLEAN_MOST["clean_half_percent"] * rows.sum()
            or own[pool.honest].sum() > HONEST_MOST * pool.honest.sum()
            or turns_flags.sum() > JOINED_TURNS_RATE * len(turns_flags)):
        return False
    flagged = np.bincount(codes[rows], weights=(flags | pool.guard)[rows],
                          minlength=len(most))
    return bool(np.all(flagged <= most))


def rules() -> list[Joined]:
    """The joined rules of the grid (the lower probability never above the one alone)."""
    return [(a, w, c) for a in ALONE for w in WITH_CUES for c in CUE_AT_LEAST if w <= a]


def choose_joined(pool: Pool, turns_p: np.ndarray, turns_cue: np.ndarray) -> Joined:
    """The joined rule flagging the most injections (with the text guard) within the
    bounds (:func:`bounded`); ties: the fewest clean notes, then turns, then the middle of
    the rest."""
    inj = pool.labels == 1
    index = split_index(pool)
    found: dict[Joined, tuple[int, int, int]] = {}
    for rule in rules():
        flags = joined_flags(pool.p, pool.cue, rule)
        turns = joined_flags(turns_p, turns_cue, rule)
        if bounded(pool, flags, turns, index):
            own = flags & ~pool.guard
            found[rule] = (int((flags | pool.guard)[inj].sum()), -int(own[~inj].sum()),
                           -int(turns.sum()))
    if not found:
        return (1.01, 1.01, 0.0)
    best = max(found.values())
    tied = sorted(r for r, v in found.items() if v == best)
    return tied[(len(tied) - 1) // 2]


class Data:
    """Everything the folds need, embedded once."""

    def __init__(self, bench: Path, cache: Cache) -> None:
        self.rows = {s: read_split(s) for s in SPLITS}
        self.split = {s: Rows.of(cache, [r["text"] for r in rows],
                                 [int(r["group"] == "injection") for r in rows])
                      for s, rows in self.rows.items()}
        names = list(SPLITS)
        honest = [(names[i % len(names)], t) for i, t in all_notes()]
        self.honest = {s: Rows.of(cache, [t for o, t in honest if o == s],
                                  [0] * sum(o == s for o, _ in honest)) for s in SPLITS}
        corpus = corpus_rows()
        self.corpus = Rows.of(cache, [r["text"] for r in corpus],
                              [int(r["group"] == "injection") for r in corpus])
        train, _ = conversations(bench)
        turns = sample_turns(train, MOST_TURNS)
        self.turns = Rows.of(cache, turns, [0] * len(turns), "turns")
        bounding = bounding_turns(train)
        self.held = cache.vectors(bounding).astype(np.float64)
        self.guard = {s: np.array([bool(screen(r["text"])) for r in rows])
                      for s, rows in self.rows.items()}
        self.cue = {s: cue_scores([r["text"] for r in rows]) for s, rows in self.rows.items()}
        self.honest_cue = {s: cue_scores(self.honest[s].texts) for s in SPLITS}
        self.honest_guard = {s: np.array([bool(screen(t)) for t in self.honest[s].texts], bool)
                             for s in SPLITS}
        self.held_cue = cue_scores(bounding)
        readmes = read_readmes()
        self.readmes = cache.vectors(readmes).astype(np.float64) if readmes \
            else np.zeros((0, 384))
        self.readme_guard = np.array([bool(screen(t)) for t in readmes], bool)
        self.readme_cue = cue_scores(readmes)
        print(f"read: {sum(len(r.texts) for r in self.split.values())} split rows, "
              f"{len(self.corpus.texts)} corpus rows, {len(turns)} training turns, "
              f"{len(self.held)} bounding turns", file=sys.stderr)

    def training(self, splits: Sequence[str]) -> Rows:
        """The rows trained on with ``splits`` (their honest notes, the corpora, turns)."""
        return Rows.join([*(self.split[s] for s in splits), *(self.honest[s] for s in splits),
                          self.corpus, self.turns])

    def model(self, splits: Sequence[str], family: Family) -> tuple[float, np.ndarray]:
        """The judge trained on ``splits`` and the rest."""
        return fit(self.training(splits), family)

    def out_of_fold(self, splits: Sequence[str], family: Family) -> Pool:
        """Every row and honest note of ``splits`` scored by a model trained on the other
        groups of ``splits`` (:data:`INNER` groups), with its cue score and whether the text
        guard flags it."""
        parts = []
        groups = [list(splits[i::INNER]) for i in range(min(INNER, len(splits)))]
        models = {s: model for group in groups
                  for model in [self.model([o for o in splits if o not in group], family)]
                  for s in group}
        for s in splits:
            parts.append(self.scored(s, models[s]))
        return Pool(*(np.concatenate([getattr(p, f) for p in parts])
                      for f in ("p", "cue", "guard", "labels", "split", "honest")))

    def scored(self, s: str, model: tuple[float, np.ndarray]) -> Pool:
        """The rows and honest notes of split ``s`` scored by ``model``."""
        rows, honest = self.split[s], self.honest[s]
        n, k = len(rows.texts), len(honest.texts)
        return Pool(np.concatenate([probabilities(model, rows.vectors),
                                    probabilities(model, honest.vectors)]),
                    np.concatenate([self.cue[s], self.honest_cue[s]]),
                    np.concatenate([self.guard[s], self.honest_guard[s]]),
                    np.concatenate([rows.labels, honest.labels]),
                    np.array([s] * (n + k)), np.arange(n + k) >= n)


def fold_figures(data: Data, held: str, family: Family) -> dict[str, Any]:
    """One fold: trained on the other splits, the threshold chosen by each rule on their
    out-of-fold clean notes and the held-out turns, the held-out split scored (the judge
    alone, and with the text guard: what the guard flags)."""
    train = [s for s in SPLITS if s != held]
    model = data.model(train, family)
    turns = probabilities(model, data.held)
    pool = data.out_of_fold(train, family)
    clean = pool.p[pool.labels == 0]
    rows = data.split[held]
    p = probabilities(model, rows.vectors)
    honest_p = probabilities(model, data.honest[held].vectors)
    inj = rows.labels == 1
    out: dict[str, Any] = {"guard_injections": rate(int(data.guard[held][inj].sum()),
                                                    int(inj.sum())),
                           "guard_clean": rate(int(data.guard[held][~inj].sum()),
                                               int((~inj).sum()))}
    joined = choose_joined(pool, turns, data.held_cue)
    judged = joined_flags(p, data.cue[held], joined)
    both = judged | data.guard[held]
    honest = joined_flags(honest_p, data.honest_cue[held], joined)
    out["joined"] = {
        "rule": joined,
        "judge_injections": rate(int(judged[inj].sum()), int(inj.sum())),
        "judge_clean": rate(int(judged[~inj].sum()), int((~inj).sum())),
        "with_judge_injections": rate(int(both[inj].sum()), int(inj.sum())),
        "with_judge_clean": rate(int(both[~inj].sum()), int((~inj).sum())),
        "honest_notes": rate(int(honest.sum()), len(honest)),
        "held_turns": rate(int(joined_flags(turns, data.held_cue, joined).sum()), len(turns)),
        **readme_figures(data, probabilities(model, data.readmes), joined)}
    out["shipped"] = shipped_figures(data, held)
    for rule, most in CLEAN_MOST.items():
        threshold = choose(clean, turns, most)
        judged = p >= threshold
        both = judged | data.guard[held]
        honest = honest_p >= threshold
        out[rule] = {
            "threshold": threshold,
            "judge_injections": rate(int(judged[inj].sum()), int(inj.sum())),
            "judge_clean": rate(int(judged[~inj].sum()), int((~inj).sum())),
            "with_judge_injections": rate(int(both[inj].sum()), int(inj.sum())),
            "with_judge_clean": rate(int(both[~inj].sum()), int((~inj).sum())),
            "honest_notes": rate(int(honest.sum()), len(honest)),
            "held_turns": rate(int((turns >= threshold).sum()), len(turns))}
    return out


#: the splits the shipped judge (``judge.json.gz`` as of wave 16) was trained on
SHIPPED_SPLITS = SAMPLE_SPLITS


def shipped_figures(data: Data, held: str) -> dict[str, Any]:
    """The shipped judge with its shipped rule on the held-out split (a comparison: on a
    split it was trained on, :data:`SHIPPED_SPLITS`, its figures are in-sample)."""
    from cognimem_plugins.guard import judge

    model = judge.read(judge.WEIGHTS_FILE)
    rule = (judge.THRESHOLD, judge.WITH_CUES, judge.CUE_AT_LEAST)
    rows = data.split[held]
    inj = rows.labels == 1
    judged = joined_flags(model.probabilities(rows.vectors), data.cue[held], rule)
    both = judged | data.guard[held]
    honest = joined_flags(model.probabilities(data.honest[held].vectors),
                          data.honest_cue[held], rule)
    return {"rule": rule, "in_sample": held in SHIPPED_SPLITS,
            "judge_injections": rate(int(judged[inj].sum()), int(inj.sum())),
            "judge_clean": rate(int(judged[~inj].sum()), int((~inj).sum())),
            "with_judge_injections": rate(int(both[inj].sum()), int(inj.sum())),
            "with_judge_clean": rate(int(both[~inj].sum()), int((~inj).sum())),
            "honest_notes": rate(int(honest.sum()), len(honest)),
            **readme_figures(data, model.probabilities(data.readmes), rule)}


def readme_figures(data: Data, p: np.ndarray, rule: Joined) -> dict[str, Any]:
    """The README paragraphs the judge flags under ``rule`` (alone) and the guard with it
    flags (a check: never trained on, never used to choose)."""
    judged = joined_flags(p, data.readme_cue, rule)
    n = len(p)
    return {"readmes_judge": rate(int(judged.sum()), n),
            "readmes_with_judge": rate(int((judged | data.readme_guard).sum()), n)}


def cross_validate(data: Data, families: Sequence[Family] = FAMILIES) -> dict[str, Any]:
    """Leave one split out, for each family: the folds' figures and their means."""
    out: dict[str, Any] = {}
    for family in families:
        folds = {}
        for held in SPLITS:
            folds[held] = f = fold_figures(data, held, family)
            print(family.name, held, json.dumps({
                rule: {k: v if not isinstance(v, dict) else [v["hits"], v["n"]]
                       for k, v in f[rule].items()} for rule in RULES}),
                  f["guard_injections"]["hits"], file=sys.stderr)
        out[family.name] = {"folds": folds}
        for rule in RULES:
            out[family.name][rule] = {
                f"mean_{key}": sum(f[rule][key]["rate"] for f in folds.values()) / len(folds)
                for key in ("judge_injections", "judge_clean", "with_judge_injections",
                            "with_judge_clean", "honest_notes", "held_turns")}
        unseen = [f["shipped"] for f in folds.values() if not f["shipped"]["in_sample"]]
        out[family.name]["shipped_on_its_unseen"] = {
            f"mean_{key}": sum(f[key]["rate"] for f in unseen) / max(1, len(unseen))
            for key in ("judge_injections", "judge_clean", "with_judge_injections",
                        "with_judge_clean", "honest_notes", "readmes_with_judge")}
        out[family.name]["joined_on_the_same"] = {
            f"mean_{key}": sum(folds[h]["joined"][key]["rate"] for h in folds
                               if not folds[h]["shipped"]["in_sample"]) / max(1, len(unseen))
            for key in ("judge_injections", "judge_clean", "with_judge_injections",
                        "with_judge_clean", "honest_notes", "readmes_with_judge")}
        out[family.name]["joined"]["mean_readmes_with_judge"] = sum(
            f["joined"]["readmes_with_judge"]["rate"] for f in folds.values()) / len(folds)
    return out


def best_family(cv: dict[str, Any]) -> str:
    """The family the cross-validation chooses: the most injections flagged with the judge
    joined to the cues (mean over the held-out splits), then the fewest clean notes flagged,
    then the order of :data:`FAMILIES`."""
    names = [f.name for f in FAMILIES if f.name in cv]
    return max(names, key=lambda n: (round(cv[n]["joined"]["mean_with_judge_injections"], 6),
                                     -round(cv[n]["joined"]["mean_with_judge_clean"], 6),
                                     -names.index(n)))


def sample_model() -> bytes:
    """The judge trained on a small fixed sample (the first 20 rows of each split and 40
    honest notes; no dataset turns), as the shipped file's bytes: the test suite retrains
    it to check that this script's training still gives the recorded bytes.

    The sample's vectors come from the ``hash`` embedder (of the text the judge reads), not
    MiniLM: this checks the training procedure, whose arithmetic gives the same fit on every
    CPU. MiniLM's vectors differ between CPUs (kernels, bfloat16 on AMX) by enough to move
    this small fit as far as one row more or less would (bias 2e-3 between two hosts of
    this kind); the encoder's precision has its own tests (tests/plugins/minilm)."""
    from cognimem_plugins.guard.judge import Judge
    from cognimem_plugins.hash_embedder import HashEmbedder

    rows = [r for s in SAMPLE_SPLITS for r in read_split(s)[:20]]
    notes = [t for _, t in honest_notes()][:40]
    texts = [r["text"] for r in rows] + notes
    labels = [int(r["group"] == "injection") for r in rows] + [0] * len(notes)
    hashed = HashEmbedder(HashEmbedder.Options(dim=384))
    vectors = np.asarray(hashed.embed_batch([embedded_text(t) for t in texts]), np.float64)
    sample = Rows(vectors, np.array(labels, np.float64),
                  ["positive" if y else "notes" for y in labels], texts)
    b, w = fit(sample, FAMILIES[0])
    return Judge(b, tuple(float(x) for x in w)).to_json()


def main(argv: list[str] | None = None) -> int:
    """Cross-validate (``--cv``) and/or write the shipped judge (``--write``)."""
    global READMES
    from cognimem_plugins.guard import judge

    parser = argparse.ArgumentParser(prog="python bench/guard_eval/train_judge.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--cv", action="store_true", help="leave-one-split-out figures")
    parser.add_argument("--family", default=None, help="only this family (--cv), the one "
                        "written (--write; default: the best by cross-validation)")
    parser.add_argument("--write", action="store_true", help=f"write {judge.WEIGHTS_FILE.name}")
    parser.add_argument("--out", type=Path, default=judge.WEIGHTS_FILE)
    parser.add_argument("--rule", choices=list(CLEAN_MOST), default="clean_one_percent",
                        help="the threshold's rule (--write)")
    parser.add_argument("--label", help="also save the report to results/LABEL.json")
    parser.add_argument("--readmes", type=Path, default=READMES,
                        help="README rows of readme_rows.py, a check in every fold")
    args = parser.parse_args(argv)
    READMES = args.readmes
    families = [f for f in FAMILIES if args.family in (None, f.name)]
    if not families:
        raise SystemExit(f"--family {args.family!r}: one of {', '.join(f.name for f in FAMILIES)}")
    bench = args.bench if (args.bench / "locomo").is_dir() else FALLBACK_BENCH
    if not (bench / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {args.bench} nor {FALLBACK_BENCH}")
    data = Data(bench, Cache())
    report: dict[str, Any] = {}
    if args.cv:
        report["cv"] = cross_validate(data, families)
        report["cv_choice"] = best_family(report["cv"])
    if args.write:
        family = next(f for f in families if f.name == report.get("cv_choice", f.name))
        b, w = data.model(list(SPLITS), family)
        model = judge.Judge(b, tuple(float(x) for x in w))
        judge.write(model, args.out)
        pool = data.out_of_fold(list(SPLITS), family)
        turns = model.probabilities(data.held)
        threshold = choose(pool.p[pool.labels == 0], turns, CLEAN_MOST[args.rule])
        report["chosen"] = {"family": family.name, "rule": args.rule, "threshold": threshold,
                            "joined": choose_joined(pool, turns, data.held_cue)}
        report["sha256"] = hashlib.sha256(args.out.read_bytes()).hexdigest()
        # the sample judge's weights, not its bytes: the vectors come from float32 matrix
        # products whose last bits depend on the CPU's kernels, so a retrain is compared
        # within the arithmetic's precision (tests/plugins/guard/test_guard_judge.py)
        report["sample_model"] = json.loads(sample_model())
    publish(report, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
