"""The learned injection cue: a logistic regression over the words of a paragraph.

The phrase cues (:mod:`.cues`) name what an injection says; reworded, it says the same in
other words. This model reads the paragraph as a bag of features of its normalised words
(``flat`` of :mod:`.normalise`): each word, each pair of neighbouring words, each word's
first five letters (``instr`` stands for instruct, instructions, instructed) and each
pair of those, so a reworded sentence still shares most of its features with the ones it
was trained on. Its probability, times :data:`WEIGHT`, is added to the paragraph's weak
cue score as the cue ``learned`` (one cue among the others: a text is flagged only when the
sum reaches the threshold).

The weights are a small data file shipped with the package (``learned_cue.json.gz``),
trained by ``bench/guard_eval/train_cue.py`` on the evaluation's seen splits, the guard's
corpora and part of the LoCoMo and LongMemEval turns (the same data gives the same file);
docs/guards.md gives its cross-validated figures. A feature the file does not hold counts
nothing, so the model costs a dictionary lookup per feature.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from operator import itemgetter
from pathlib import Path

from .weights_file import read_gz, write_gz

#: the shipped weights
WEIGHTS_FILE = Path(__file__).resolve().parent / "learned_cue.json.gz"
#: the letters of a word's stem feature
STEM = 5
#: the paragraph's cue score gains at most this: ``WEIGHT`` times the part of the model's
#: probability above :data:`FLOOR`, rescaled to 0-1 (both chosen with the threshold by
#: cross-validation, bench/guard_eval/train_cue.py; docs/guards.md). Wave 23: 0.25 (was
#: 0.5): over the 48 seen splits with the repository notes to agents in the bound, 0.5
#: flags 8 of those 131 notes out of fold (the phrase cues alone 1), 0.25 flags 1
#: (bench/guard_eval/cv_wave23_learned.py, results/learned_cue.json)
WEIGHT = 0.25
FLOOR = 0.9
#: the most words of a paragraph the model reads (a paragraph is cut at about 300 chars)
MOST_WORDS = 400


def share(probability: float, weight: float = WEIGHT, floor: float = FLOOR) -> float:
    """What the learned cue adds to a paragraph's score for the model's ``probability``."""
    return weight * min(1.0, max(0.0, (probability - floor) / (1.0 - floor)))


def features(flat: str) -> set[str]:
    """The features of a normalised paragraph: ``w:`` words, ``b:`` word pairs, ``s:``
    stems and ``t:`` stem pairs."""
    words = flat.split()[:MOST_WORDS]
    stems = [w[:STEM] for w in words]
    out = {"w:" + w for w in words}
    out.update("s:" + s for s in stems)
    out.update("b:" + a + " " + b for a, b in pairwise(words))
    out.update("t:" + a + " " + b for a, b in pairwise(stems))
    return out


@dataclass(frozen=True)
class Model:
    """A logistic regression over :func:`features`: a bias and one weight per feature."""

    bias: float
    weights: dict[str, float]

    def __post_init__(self) -> None:
        # the weights by kind of feature, keyed without their prefix: the lookups then need
        # no string built per word (the same sum as over :func:`features`)
        tables: dict[str, dict[str, float]] = {k: {} for k in "wsbt"}
        for key, value in self.weights.items():
            tables[key[0]][key[2:]] = value
        object.__setattr__(self, "_tables", tables)
        # (wave 10) for each word (stem) that opens a pair, the most a pair it opens adds:
        # with the single words' exact sum, a bound on the log-odds that skips the pairs
        # (most of the model's work) where even it stays below the odds asked for
        most: dict[str, dict[str, float]] = {"b": {}, "t": {}}
        for kind in "bt":
            for key, value in tables[kind].items():
                if value > 0:
                    first = key.split(" ", 1)[0]
                    most[kind][first] = max(most[kind].get(first, 0.0), value)
        object.__setattr__(self, "_most", most)

    def logit(self, flat: str, at_least: float | None = None) -> float:
        """The model's log-odds that the paragraph ``flat`` is an injection. With
        ``at_least``: a bound below it instead whenever the log-odds cannot reach it (the
        word pairs are then not looked up)."""
        tables: dict[str, dict[str, float]] = self._tables  # type: ignore[attr-defined]
        words = flat.split()[:MOST_WORDS]
        stems = list(map(_STEM_OF, words))
        single = self.bias + _sum(tables["w"], set(words)) + _sum(tables["s"], set(stems))
        if at_least is not None:
            most: dict[str, dict[str, float]] = self._most  # type: ignore[attr-defined]
            # each pair is counted at its first word's place with the most such a pair adds
            bound = (single + _sum(most["b"], words[:-1]) + _sum(most["t"], stems[:-1]))
            if bound < at_least:
                return bound
        return (single + _sum(tables["b"], set(map(" ".join, pairwise(words))))
                + _sum(tables["t"], set(map(" ".join, pairwise(stems)))))

    def probability(self, flat: str, at_least: float | None = None) -> float:
        """The model's probability that the paragraph ``flat`` is an injection. With
        ``at_least`` (a probability): a probability below it whenever the model's is
        (:meth:`logit`'s bound: a note far from any injection costs half the work)."""
        floor = None if at_least is None else math.log(at_least / (1.0 - at_least))
        z = self.logit(flat, floor)
        return 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0

    def to_json(self) -> bytes:
        """The model as the shipped file holds it (sorted keys: the same model, the same
        bytes)."""
        body = {"bias": self.bias, "weights": dict(sorted(self.weights.items()))}
        return json.dumps(body, separators=(",", ":"), sort_keys=True).encode()

    @classmethod
    def from_json(cls, raw: bytes) -> Model:
        """A model from :meth:`to_json`'s bytes."""
        body = json.loads(raw)
        return cls(float(body["bias"]), {str(k): float(v) for k, v in body["weights"].items()})


_STEM_OF = itemgetter(slice(0, STEM))


def _sum(table: dict[str, float], keys: Iterable[str]) -> float:
    """The weights of ``keys`` in ``table`` (a key it lacks counts nothing)."""
    return sum(filter(None, map(table.get, keys)))


def write(model: Model, path: Path) -> None:
    """Write ``model`` gzipped, without a timestamp (the same model, the same file)."""
    write_gz(model.to_json(), path)


def read(path: Path) -> Model:
    """The model of a file :func:`write` wrote."""
    return Model.from_json(read_gz(path))


@lru_cache(maxsize=1)
def shipped() -> Model:
    """The model shipped with the package (read once)."""
    return read(WEIGHTS_FILE)
