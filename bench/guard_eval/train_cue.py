"""Train the guard's learned injection cue, and choose its weight and the threshold by
leave-one-split-out cross-validation. Run from the repository root::

    python bench/guard_eval/train_cue.py [--cv] [--write] [--bench ../shared/bench]

The model is a logistic regression (:mod:`cognimem_plugins.guard.learned`) over the
features of normalised paragraphs. Its data:

* the seen splits (``--splits``: tune, test, fresh, fresh2 ... fresh6 since wave 9, all
  thirteen, to fresh11, since wave 13, all sixteen, to fresh14, since wave 15, all twenty,
  to fresh18, since wave 16, all twenty-four, to fresh22, since wave 17, all twenty-eight,
  to fresh26, since wave 18, all forty-four, to fresh42, since wave 22, all forty-eight,
  to fresh46, since wave 23):
  injections are positives, clean notes and the notes that carry a secret negatives;
* the guard's corpora (``tests/data/guard``: injections, ordinary developer notes, notes with
  secrets), in every fold's training data;
* honest notes that speak to an agent, the wave 9 look-alikes and (wave 16) the wider
  notes: permissions, retractions, in-scope overrides, in other languages, and (wave 23)
  repository notes to AI agents: build, test, style, branch and review rules, what not to
  touch (``honest_notes.py``),
  dealt to the splits in turn: held out with their split (as clean notes), trained on
  otherwise;
* the paragraphs of the LoCoMo conversations and LongMemEval sessions of the *training half*
  (a conversation or session is in the held-out half when the CRC-32 of its id is odd); the
  turns of the held-out half are never trained on. Since wave 22 they are not read either:
  the datasets bound is the training half's turns that hold no paragraph trained on.

A text is flagged when a strong marker fires or one paragraph's phrase cues plus the learned
cue reach ``T``; the learned cue adds ``W`` times the part of the model's probability above
``F`` (rescaled to 0-1). ``(W, F, T)`` is chosen by the rule of ``cv.py``: the most
injections flagged while flagging at most 0.5 % of the clean notes (half the target, a
margin) and fewer than 1 in 1,000 bound dataset turns (the middle of ties), and, since
wave 9, in **every** split of the choice at most 1 % of its clean notes and 1 % of the honest
notes dealt to it (where the phrase cues alone flag more, no more than they do). The shipped
protocol keeps ``T`` at the phrase cues' threshold (the learned cue only adds flags);
``joint`` chooses ``T`` too; ``W = 0`` is the phrase cues alone.

``--cv``: each seen split is held out in turn; the model is trained on the others (and
the corpora and training turns), ``(W, F, T)`` is chosen on the others' out-of-fold
scores (each scored by a model trained without it), and the held-out split is scored with
them: the figures per fold and pooled. ``--write``: the model trained on everything
(written to the package's ``learned_cue.json.gz``) and ``(W, F, T)`` chosen on the
splits' out-of-fold scores (printed: ``learned.WEIGHT``, ``learned.FLOOR`` and
``cues.THRESHOLD`` must be set to them). Every step is deterministic: the same data gives
the same file (sorted vocabulary, full-batch optimisation from zeros, no random draws).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from honest_notes import agent_repo_notes, honest_notes, look_alikes, wider_notes  # noqa: E402
from score import rate, read_split  # noqa: E402

from cognimem_plugins.guard import learned  # noqa: E402
from cognimem_plugins.guard.cues import paragraphs, piece_scores  # noqa: E402
from cognimem_plugins.guard.injection import OBFUSCATION_WEIGHT, mentioned, screen  # noqa: E402
from cognimem_plugins.guard.normalise import normalise  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 47)))
#: the splits of the small sample the test suite retrains (fixed: its bytes are recorded)
SAMPLE_SPLITS = ("tune", "test", "fresh", "fresh2", "fresh3")
#: at most this share of each training split's clean notes, and of the honest notes dealt
#: to it, may be flagged (or, where the phrase cues alone flag more, no more than they do)
FOLD_MOST = 0.01
#: how the honest notes to agents bound a setting: per fold, as the clean notes (waves 9-16:
#: one more flag in one fold's few dozen notes fails a setting), or all together
#: (``"pooled"``: at most :data:`FOLD_MOST` of all of them). Wave 17 chose ``"pooled"`` by
#: leave-one-split-out over the twenty-four seen splits (``cv_wave17_bound.py``, on f07eb2c's
#: cues): 4,625 of 5,273 injections flagged out of fold against 3,995 per fold (which
#: chose no learned cue in 22 of 24 folds), clean notes 17 against 16 of 10,907, honest
#: notes 14 against 9 of 1,259 (results/w17_cv_bound.json)
HONEST_BOUND = "pooled"
CORPUS = HERE.parents[1] / "tests" / "data" / "guard"
#: a feature is kept when this many training texts hold it
MIN_DF = 2
#: the L2 penalty (per unit of sample weight) and the optimiser's steps
L2 = 1e-3
STEPS = 400
RATE = 0.05
#: the most dataset paragraphs trained on (the ones with the smallest CRC-32)
MOST_TURN_PIECES = 20000
#: the share of the sample weight given to the positives, the notes and the dataset
#: paragraphs (each group's weight spread evenly over its texts); wave 13: the notes 0.25
#: (0.1 before, the turns 0.4), chosen by leave-one-split-out over the thirteen splits
#: (bench/guard_eval/cv_wave13_settings.py; lab/cognimem-lab/EXPERIMENTS.md)
SHARES = {"positive": 0.5, "notes": 0.25, "turns": 0.25}
WEIGHTS = [0.0, 0.25, 0.5, 0.75, 1.0, 1.25]
#: the probability below which the learned cue adds nothing
FLOORS = [0.0, 0.5, 0.7, 0.8, 0.9]
#: the phrase cues' own threshold (chosen by bench/guard_eval/cv.py before the model)
PHRASE_THRESHOLD = 0.75
THRESHOLDS = [round(0.5 + 0.05 * i, 2) for i in range(21)]
#: half the target of 1 %: with the whole budget spent on the seen splits, the held-out
#: split's clean notes went over it (the fresh2 fold: 2 of 153 flagged)
CLEAN_MOST = 0.005
DATASETS_BELOW = 0.001


@dataclass
class Text:
    """A text to score: its paragraphs (normalised words, phrase cue score, whether the
    learned cue may count there), whether a strong marker fired, its group (``injection``,
    ``clean``, ``secret``, ``turn``)."""

    pieces: list[tuple[str, float, bool]]
    marked: bool
    group: str
    #: the split the text belongs to (an honest note: the split it is dealt to)
    fold: str = ""
    honest: bool = False


def read_text(text: str, group: str, fold: str = "", honest: bool = False) -> Text:
    """``text`` as the screen reads it (markers, and each paragraph's phrase score)."""
    found = screen(text, float("inf"), full=True)
    quoted = mentioned(text)
    norm = normalise(quoted)
    extra = OBFUSCATION_WEIGHT * (norm.mixed_script + norm.spaced)
    return Text(piece_scores(norm, extra), bool(found.markers), group, fold, honest)


def conversations(bench: Path) -> tuple[list[str], list[str]]:
    """The dataset turns of the training half and of the held-out half (distinct; a turn
    found in both halves is trained on, and left out of the held-out half)."""
    train: list[str] = []
    held: list[str] = []
    locomo = json.loads((bench / "locomo" / "locomo_dev.json").read_text(encoding="utf-8"))
    for sample in locomo:
        into = held if zlib.crc32(sample["sample_id"].encode()) % 2 else train
        for key, session in sample["conversation"].items():
            if key.startswith("session_") and isinstance(session, list):
                for turn in session:
                    text = turn["text"]
                    if turn.get("blip_caption"):
                        text += f" [shares image: {turn['blip_caption']}]"
                    into.append(text)
    with gzip.open(bench / "longmemeval" / "longmemeval_s_dev.json.gz", "rt",
                   encoding="utf-8") as f:
        for question in json.load(f):
            for sid, session in zip(question["haystack_session_ids"],
                                    question["haystack_sessions"], strict=True):
                into = held if zlib.crc32(str(sid).encode()) % 2 else train
                into.extend(turn["content"] for turn in session)
    trained = list(dict.fromkeys(train))
    seen = set(trained)
    return trained, [t for t in dict.fromkeys(held) if t not in seen]


def turn_pieces(turns: Sequence[str]) -> list[str]:
    """The distinct paragraphs of ``turns``, the :data:`MOST_TURN_PIECES` with the smallest
    CRC-32 (a deterministic sample)."""
    pieces = {p for t in turns for p in paragraphs(normalise(t)) if p}
    return sorted(pieces, key=lambda p: (zlib.crc32(p.encode()), p))[:MOST_TURN_PIECES]


def untrained(turns: Sequence[str], trained: Sequence[str]) -> list[str]:
    """The ``turns`` none of whose paragraphs is among the ``trained`` ones (wave 22: the
    dataset bound, read from the training half without the paragraphs the model saw)."""
    known = set(trained)
    return [t for t in turns if known.isdisjoint(paragraphs(normalise(t)))]


@dataclass
class Example:
    """A training text: its words, label and group of weight."""

    flat: str
    label: int
    share: str


def examples_of(rows: Sequence[dict[str, str]]) -> list[Example]:
    """Split or corpus rows as training examples (the whole text's words)."""
    return [Example(normalise(mentioned(r["text"])).flat, int(r["group"] == "injection"),
                    "positive" if r["group"] == "injection" else "notes") for r in rows]


def corpus_rows() -> list[dict[str, str]]:
    """The guard's corpora as rows of the evaluation's shape."""
    out = []
    for name, group in (("injections", "injection"), ("ordinary", "clean"),
                        ("secrets", "secret")):
        for suffix in ("", "_holdout"):
            path = CORPUS / f"{name}{suffix}.jsonl"
            for line in path.read_text(encoding="utf-8").split("\n"):
                if line:
                    out.append({"group": group, "text": json.loads(line)["text"]})
    return out


#: (wave 22) each training text's features as ids (:func:`_feature_ids`), kept across fits:
#: the folds of a cross-validation train on the same texts again and again
_IDS: dict[str, np.ndarray] = {}
_NAMES: list[str] = []
_NUMBER: dict[str, int] = {}


def _feature_ids(flat: str) -> np.ndarray:
    """The ids of :func:`learned.features` of ``flat`` (an id per feature ever seen)."""
    found = _IDS.get(flat)
    if found is None:
        ids = []
        for f in learned.features(flat):
            n = _NUMBER.get(f)
            if n is None:
                n = _NUMBER[f] = len(_NAMES)
                _NAMES.append(f)
            ids.append(n)
        found = _IDS[flat] = np.array(ids, dtype=np.int64)
    return found


def fit(examples: Sequence[Example]) -> learned.Model:
    """A logistic regression over ``examples`` (Adam, full batch, from zeros). The
    vocabulary: the features :data:`MIN_DF` texts hold, in sorted order."""
    ids = [_feature_ids(e.flat) for e in examples]
    flat_ids = np.concatenate(ids) if ids else np.zeros(0, np.int64)
    df = np.bincount(flat_ids, minlength=len(_NAMES))
    kept = np.flatnonzero(df >= MIN_DF)
    order = sorted(range(len(kept)), key=lambda k: _NAMES[kept[k]])
    vocab = [_NAMES[kept[k]] for k in order]
    local = np.full(len(_NAMES), -1, dtype=np.int64)
    local[kept[order]] = np.arange(len(kept))
    lengths = np.array([len(r) for r in ids], dtype=np.int64)
    owner_all = np.repeat(np.arange(len(ids)), lengths)
    mapped = local[flat_ids]
    keep = mapped >= 0
    # each text's features in vocabulary order (texts in order)
    at = np.lexsort((mapped[keep], owner_all[keep]))
    indices, owner = mapped[keep][at], owner_all[keep][at]
    n_rows, n_vocab = len(ids), len(vocab)
    y = np.array([e.label for e in examples], dtype=np.float64)
    counts = {s: sum(e.share == s for e in examples) for s in SHARES}
    sw = np.array([SHARES[e.share] / max(1, counts[e.share]) for e in examples])
    # (wave 22) the sums run over contiguous runs (``reduceat``): each text's features, and
    # each feature's texts (every feature of the vocabulary is held by some text)
    row_len = np.bincount(owner, minlength=n_rows)
    row_start = np.concatenate(([0], np.cumsum(row_len)[:-1])).astype(np.int64)
    empty = row_len == 0
    by_feature = np.argsort(indices, kind="stable")
    owner_by_feature = owner[by_feature]
    feature_start = np.searchsorted(indices[by_feature], np.arange(n_vocab))
    w = np.zeros(n_vocab)
    b = 0.0
    m = np.zeros(n_vocab + 1)
    v = np.zeros(n_vocab + 1)
    for step in range(1, STEPS + 1):
        z = b + _runs(w[indices], row_start, empty)
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        g_rows = sw * (p - y)
        grad = np.empty(n_vocab + 1)
        grad[:-1] = (np.add.reduceat(g_rows[owner_by_feature], feature_start) if n_vocab
                     else grad[:-1]) + L2 * w
        grad[-1] = g_rows.sum()
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        step_size = RATE * math.sqrt(1 - 0.999 ** step) / (1 - 0.9 ** step)
        delta = step_size * m / (np.sqrt(v) + 1e-8)
        w -= delta[:-1]
        b -= delta[-1]
    weights = {f: round(float(x), 4) for f, x in zip(vocab, w, strict=True) if abs(x) >= 5e-3}
    return learned.Model(round(b, 4), weights)


def _runs(values: np.ndarray, starts: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """The sums of ``values`` over the runs beginning at ``starts`` (0 for an empty run)."""
    if not len(values):
        return np.zeros(len(starts))
    sums = np.add.reduceat(np.append(values, 0.0), np.minimum(starts, len(values)))
    return np.where(empty, 0.0, sums)


def probabilities(model: learned.Model, texts: Sequence[Text]) -> list[list[float]]:
    """The model's probability for each paragraph of each text (0 where the learned cue
    may not count: no phrase cue's word in the paragraph)."""
    return [[model.probability(flat) if possible else 0.0 for flat, _, possible in t.pieces]
            for t in texts]


Scored = tuple[list[Text], list[list[float]]]
#: a choice: the learned cue's weight, its probability floor, the threshold
Setting = tuple[float, float, float]


def contribution(p: np.ndarray, weight: float, floor: float) -> np.ndarray:
    """The learned cue's share of a paragraph's score: ``weight`` times the probability's
    part above ``floor``, rescaled to 0-1 (:func:`cognimem_plugins.guard.learned.share`)."""
    return weight * np.clip((p - floor) / (1.0 - floor), 0.0, 1.0)


@dataclass
class Flat:
    """Scored texts as arrays: each paragraph's phrase score and probability, its text."""

    phrase: np.ndarray
    prob: np.ndarray
    owner: np.ndarray
    marked: np.ndarray
    groups: np.ndarray
    folds: np.ndarray
    honest: np.ndarray

    @classmethod
    def of(cls, scored: Scored) -> Flat:
        """``scored`` flattened (a text without a paragraph gets one of score 0)."""
        phrase: list[float] = []
        prob: list[float] = []
        owner: list[int] = []
        for i, (text, probs) in enumerate(zip(*scored, strict=True)):
            pieces = text.pieces or [("", 0.0, False)]
            phrase.extend(s for _, s, _ in pieces)
            prob.extend(probs or [0.0])
            owner.extend([i] * len(pieces))
        return cls(np.array(phrase), np.array(prob), np.array(owner),
                   np.array([t.marked for t in scored[0]]),
                   np.array([t.group for t in scored[0]]),
                   np.array([t.fold for t in scored[0]]),
                   np.array([t.honest for t in scored[0]]))

    def best(self, weight: float, floor: float) -> np.ndarray:
        """Each text's best paragraph score (infinite when a strong marker fired)."""
        score = self.phrase + contribution(self.prob, weight, floor)
        out = np.full(len(self.marked), -np.inf)
        np.maximum.at(out, self.owner, score)
        return np.where(self.marked, np.inf, out)

    def counts(self, setting: Setting) -> dict[str, list[int]]:
        """[flagged, n] per group."""
        weight, floor, threshold = setting
        hit = self.best(weight, floor) >= threshold - 1e-9
        return {str(g): [int(hit[self.groups == g].sum()), int((self.groups == g).sum())]
                for g in np.unique(self.groups)}


def counts(scored: Scored, setting: Setting) -> dict[str, list[int]]:
    """[flagged, n] per group of ``scored`` under ``setting``."""
    return Flat.of(scored).counts(setting)


def fold_bounds(flat_notes: Flat, floor: float,
                honest: str | None = None) -> list[tuple[str, str, Any, float]]:
    """The bounds a setting must keep: ``(fold, "clean" or "honest", mask, most)``, where
    ``most`` is how many of the masked notes it may flag: :data:`FOLD_MOST` of them, or as
    many as the phrase cues alone flag if that is more (:func:`choose`). The clean notes are
    bounded per fold; the honest notes to agents per fold too (``honest="per_fold"``) or
    all together (``"pooled"``, fold ``"*"``); ``None`` reads :data:`HONEST_BOUND`."""
    honest = honest or HONEST_BOUND
    clean = flat_notes.groups == "clean"
    base = flat_notes.best(0.0, floor) >= PHRASE_THRESHOLD - 1e-9
    masks = []
    for f in np.unique(flat_notes.folds):
        if not f:
            continue
        masks.append((str(f), "clean", clean & (flat_notes.folds == f) & ~flat_notes.honest))
        if honest == "per_fold":
            masks.append((str(f), "honest",
                          clean & (flat_notes.folds == f) & flat_notes.honest))
    if honest == "pooled":
        masks.append(("*", "honest", clean & flat_notes.honest))
    return [(f, name, mask, max(FOLD_MOST * mask.sum(), base[mask].sum()))
            for f, name, mask in masks]


def choose(notes: Scored, turns: Scored, weights: Sequence[float] = WEIGHTS,
           floors: Sequence[float] = FLOORS,
           thresholds: Sequence[float] = THRESHOLDS, honest: str | None = None) -> Setting:
    """The ``(W, F, T)`` of the most injections flagged with at most :data:`CLEAN_MOST` of
    the clean notes and fewer than 1 in 1,000 dataset turns flagged (the middle of ties),
    keeping every bound of :func:`fold_bounds` (``honest``: how the honest notes are
    bounded)."""
    flat_notes, flat_turns = Flat.of(notes), Flat.of(turns)
    inj = flat_notes.groups == "injection"
    clean = flat_notes.groups == "clean"
    bounded = [(mask, most) for _, _, mask, most in fold_bounds(flat_notes, floors[0], honest)]
    results = {}
    for w in weights:
        for f in floors if w else floors[:1]:
            best_notes, best_turns = flat_notes.best(w, f), flat_turns.best(w, f)
            for t in thresholds:
                hit = best_notes >= t - 1e-9
                if (np.sum(hit[clean]) <= CLEAN_MOST * clean.sum()
                        and np.sum(best_turns >= t - 1e-9) < DATASETS_BELOW * len(best_turns)
                        and all(hit[mask].sum() <= most for mask, most in bounded)):
                    results[(w, f, t)] = int(np.sum(best_notes[inj] >= t - 1e-9))
    if not results:
        # nothing keeps both bounds (the honest notes held out with a split can break the
        # clean bound for every setting): the phrase cues' own threshold, no learned cue
        return (0.0, floors[0], PHRASE_THRESHOLD)
    best = max(results.values())
    tied = sorted(k for k, n in results.items() if n == best)
    return tied[(len(tied) - 1) // 2]


class Data:
    """Everything the folds need, read once."""

    def __init__(self, bench: Path, splits: Sequence[str]) -> None:
        self.rows = {s: read_split(s) for s in splits}
        self.texts = {s: [read_text(r["text"], r["group"], s) for r in rows]
                      for s, rows in self.rows.items()}
        if not (bench / "locomo").is_dir():
            raise SystemExit(f"no LoCoMo / LongMemEval turns under {bench} (--bench)")
        # (wave 22) the held-out half of the turns is not read: the bound is the training
        # half's turns that hold no paragraph trained on
        train_turns, _ = conversations(bench)
        trained = turn_pieces(train_turns)
        self.turn_examples = [Example(p, 0, "turns") for p in trained]
        self.bound_turns = untrained(train_turns, trained)
        self.corpus = examples_of(corpus_rows())
        # the honest notes to agents, their requests dealt to the splits in turn: held out
        # with their split, trained on otherwise
        names = list(self.rows)
        notes = [*honest_notes(), *look_alikes(), *wider_notes(), *agent_repo_notes()]
        self.honest = {s: [t for i, t in notes if names[i % len(names)] == s]
                       for s in names}
        self.honest_texts = {s: [read_text(t, "clean", s, honest=True) for t in texts]
                             for s, texts in self.honest.items()}
        self.held = [read_text(t, "turn") for t in self.bound_turns]
        print(f"read: {sum(map(len, self.rows.values()))} split rows, "
              f"{len(self.corpus)} corpus rows, {len(self.turn_examples)} training "
              f"paragraphs, {len(self.held)} bound turns (training half, untrained)",
              file=sys.stderr)

    def model(self, splits: Sequence[str]) -> learned.Model:
        """The model trained on ``splits``, the corpora and the training turns."""
        # (wave 22) each split's examples read once (the folds ask for them again)
        cache: dict[str, list[Example]] = self.__dict__.setdefault("_examples", {})
        for s in splits:
            if s not in cache:
                cache[s] = examples_of(self.rows[s])
        examples = [e for s in splits for e in cache[s]]
        # (wave 16) the honest notes to agents weigh as the notes do, or with a share of
        # their own when :data:`SHARES` names one ("honest")
        share = "honest" if "honest" in SHARES else "notes"
        flats: dict[str, list[str]] = self.__dict__.setdefault("_honest_flats", {})
        for s in splits:
            if s not in flats:
                flats[s] = [normalise(t).flat for t in self.honest[s]]
        honest = [Example(f, 0, share) for s in splits for f in flats[s]]
        return fit([*examples, *honest, *self.corpus, *self.turn_examples])

    def out_of_fold(self, splits: Sequence[str]) -> Scored:
        """Each of ``splits`` and its honest notes scored by a model trained on the others."""
        texts: list[Text] = []
        probs: list[list[float]] = []
        for s in splits:
            model = self.model([o for o in splits if o != s])
            held = [*self.texts[s], *self.honest_texts[s]]
            texts.extend(held)
            probs.extend(probabilities(model, held))
        return texts, probs


#: the ways (W, F, T) are chosen: the shipped one keeps the phrase cues' threshold (every
#: flag of the phrase cues kept: the learned cue only adds) and chooses W and F; ``joint``
#: chooses T too; the phrase cues alone (W = 0) for comparison
PROTOCOLS = {"adds_to_phrase_cues": (WEIGHTS, FLOORS, [PHRASE_THRESHOLD]),
             "joint": (WEIGHTS, FLOORS, THRESHOLDS),
             "phrase_cues_alone": ([0.0], FLOORS[:1], THRESHOLDS)}


def choose_by(protocol: str, notes: Scored, turns: Scored) -> Setting:
    """``(W, F, T)`` chosen under ``protocol`` (:data:`PROTOCOLS`)."""
    weights, floors, thresholds = PROTOCOLS[protocol]
    return choose(notes, turns, weights, floors, thresholds)


def cross_validate(data: Data) -> dict[str, Any]:
    """Leave one split out: per fold and protocol the chosen ``(W, T)`` and the held-out
    figures, pooled over the folds."""
    out: dict[str, Any] = {p: {"folds": {}} for p in PROTOCOLS}
    pooled: dict[str, dict[str, list[int]]] = {p: {} for p in PROTOCOLS}
    for held in data.rows:
        train = [s for s in data.rows if s != held]
        model = data.model(train)
        turns = (data.held, probabilities(model, data.held))
        oof = data.out_of_fold(train)
        scored = (data.texts[held], probabilities(model, data.texts[held]))
        honest = (data.honest_texts[held], probabilities(model, data.honest_texts[held]))
        for protocol in PROTOCOLS:
            setting = choose_by(protocol, oof, turns)
            c = counts(scored, setting)
            d = counts(turns, setting)["turn"]
            h = counts(honest, setting)["clean"]
            weight, floor, threshold = setting
            out[protocol]["folds"][held] = {
                "weight": weight, "floor": floor, "threshold": threshold,
                "injections": rate(*c["injection"]), "clean": rate(*c["clean"]),
                "honest_notes": rate(*h), "turns": rate(*d)}
            for key in ("injection", "clean"):
                p = pooled[protocol].setdefault(key, [0, 0])
                p[0] += c[key][0]
                p[1] += c[key][1]
            print(held, protocol, setting, c, h, d, file=sys.stderr)
    for protocol in PROTOCOLS:
        folds = out[protocol]["folds"]
        out[protocol].update({
            "pooled_injections": rate(*pooled[protocol]["injection"]),
            "pooled_clean": rate(*pooled[protocol]["clean"]),
            "mean_injections": sum(f["injections"]["rate"] for f in folds.values()) / len(folds),
            "mean_clean": sum(f["clean"]["rate"] for f in folds.values()) / len(folds)})
    return out


def sample_model() -> learned.Model:
    """The model trained on a small fixed sample (the first 40 rows of each seen split and
    of the corpora; no dataset turns): the test suite retrains it to check that this
    script's training still gives the bytes recorded with the shipped file."""
    rows = [r for s in SAMPLE_SPLITS for r in read_split(s)[:40]] + corpus_rows()[:40]
    return fit(examples_of(rows))


def default_bench() -> Path:
    """Where the LoCoMo / LongMemEval turns are: ``../shared/bench`` from the repository
    root, or beside the checkout's parent (a worktree), or ``/work/shared/bench``
    (:class:`Data` stops when none holds them)."""
    for path in (Path("../shared/bench"), HERE.parents[2] / "shared" / "bench",
                 Path("/work/shared/bench")):
        if (path / "locomo").is_dir():
            return path
    return Path("../shared/bench")


def main(argv: list[str] | None = None) -> int:
    """Cross-validate (``--cv``) and/or write the shipped model (``--write``)."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/train_cue.py")
    parser.add_argument("--bench", type=Path, default=default_bench())
    parser.add_argument("--splits", nargs="+", default=list(SPLITS))
    parser.add_argument("--cv", action="store_true", help="leave-one-split-out figures")
    parser.add_argument("--write", action="store_true",
                        help=f"write {learned.WEIGHTS_FILE.name} and print (W, T)")
    parser.add_argument("--out", type=Path, default=learned.WEIGHTS_FILE)
    parser.add_argument("--label", help="also save the report to results/LABEL.json")
    args = parser.parse_args(argv)
    data = Data(args.bench, args.splits)
    report: dict[str, Any] = {}
    if args.cv:
        report["cv"] = cross_validate(data)
    if args.write:
        model = data.model(list(data.rows))
        learned.write(model, args.out)
        oof = data.out_of_fold(list(data.rows))
        turns = (data.held, probabilities(model, data.held))
        chosen = {p: choose_by(p, oof, turns) for p in PROTOCOLS}
        report["chosen"] = {p: {"weight": w, "floor": f, "threshold": t,
                                "out_of_fold": counts(oof, (w, f, t)),
                                "bound_turns": counts(turns, (w, f, t))["turn"]}
                            for p, (w, f, t) in chosen.items()}
        report["features"] = len(model.weights)
        report["sha256"] = hashlib.sha256(args.out.read_bytes()).hexdigest()
        report["sample_sha256"] = hashlib.sha256(sample_model().to_json()).hexdigest()
    publish(report, args.label)
    return 0


def publish(report: dict[str, Any], label: str | None) -> None:
    """Print ``report`` as JSON and, with a ``label``, save it as results/LABEL.json."""
    print(json.dumps(report, indent=1, default=str))
    if label:
        (HERE / "results" / f"{label}.json").write_text(
            json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
