"""The semantic injection judge: a logistic regression over a memory's MiniLM vector.

The phrase cues and the learned cue read words; a new author's injection says the same in
other words, and lexical evidence stalls. The default profile embeds every memory with
MiniLM (all-MiniLM-L6-v2) anyway; the judge reads that vector, the one the engine computed
for the write (nothing is embedded twice), and gives the probability that the memory is a
prompt injection. A write the text guard did not flag is flagged when the probability
reaches :data:`THRESHOLD`, or :data:`WITH_CUES` while the text guard's weak cues score at
least :data:`CUE_AT_LEAST` (below their own threshold): two weak readings that agree. The
judge only flags: it never changes the text.

The weights are a small data file shipped with the package (``judge.json.gz``), trained by
``bench/guard_eval/train_judge.py`` on the evaluation's seen splits, the guard's corpora,
honest developer notes and LoCoMo and LongMemEval turns of the training half (the same
data gives the same file); the model family and the rule's three numbers were chosen by
leave-one-split-out cross-validation (docs/guards.md, "The semantic judge"). The judge
reads only vectors of the embedder it was trained on (:data:`EMBEDDER`, 384 dimensions):
in a profile with another embedder, or none, it is skipped.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from .weights_file import read_gz, write_gz

#: the shipped weights
WEIGHTS_FILE = Path(__file__).resolve().parent / "judge.json.gz"
#: the embedder whose vectors the weights read, and its dimension
EMBEDDER = "minilm"
DIMENSION = 384
#: the probability that flags on its own, and the one that flags with the text guard's weak
#: cues scoring at least :data:`CUE_AT_LEAST` (below their own threshold); chosen by
#: cross-validation (bench/guard_eval/train_judge.py, docs/guards.md)
THRESHOLD = 0.99
WITH_CUES = 0.85
CUE_AT_LEAST = 0.45
#: the name the judge goes by in a flag's cues and in ``--explain``
NAME = "semantic_judge"


@dataclass(frozen=True)
class Judge:
    """A logistic regression over a unit-length sentence vector: a bias and one weight per
    dimension."""

    bias: float
    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_w", np.asarray(self.weights, dtype=np.float32))

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """The probability that each row of ``vectors`` (n x :data:`DIMENSION`) is an
        injection."""
        w: np.ndarray = self._w  # type: ignore[attr-defined]
        z = np.asarray(vectors, dtype=np.float32) @ w + np.float32(self.bias)
        return 1.0 / (1.0 + np.exp(-np.clip(z.astype(np.float64), -30.0, 30.0)))

    def probability(self, vector: np.ndarray) -> float:
        """The probability for one vector."""
        return float(self.probabilities(np.asarray(vector).reshape(1, -1))[0])

    def to_json(self) -> bytes:
        """The judge as the shipped file holds it (the same judge, the same bytes)."""
        return json.dumps({"bias": self.bias, "weights": list(self.weights)},
                          separators=(",", ":")).encode()

    @classmethod
    def from_json(cls, raw: bytes) -> Judge:
        """A judge from :meth:`to_json`'s bytes."""
        body = json.loads(raw)
        weights = tuple(float(x) for x in body["weights"])
        if len(weights) != DIMENSION or not all(map(math.isfinite, weights)):
            raise ValueError(f"a judge needs {DIMENSION} finite weights")
        return cls(float(body["bias"]), weights)


def write(judge: Judge, path: Path) -> None:
    """Write ``judge`` gzipped, without a timestamp (the same judge, the same file)."""
    write_gz(judge.to_json(), path)


def read(path: Path) -> Judge:
    """The judge of a file :func:`write` wrote."""
    return Judge.from_json(read_gz(path))


@lru_cache(maxsize=1)
def shipped() -> Judge:
    """The judge shipped with the package (read once)."""
    return read(WEIGHTS_FILE)


def reads(embedder_name: str | None, dimension: int | None) -> bool:
    """Whether the judge can read the vectors of this embedder."""
    return embedder_name == EMBEDDER and dimension == DIMENSION


@dataclass(frozen=True)
class Verdict:
    """The judge's probability for a text, the text guard's weak-cue score (read only when
    the probability is high enough for it to count) and whether they flag."""

    probability: float
    threshold: float = THRESHOLD
    cue_score: float | None = None
    with_cues: float = WITH_CUES
    cue_at_least: float = CUE_AT_LEAST
    #: (wave 22) the note speaks of injection as a defender (:mod:`.stance`): no flag
    defender: bool = False

    @property
    def by_cues(self) -> bool:
        """Whether the probability flags only together with the weak cues."""
        return (self.probability < self.threshold and self.probability >= self.with_cues
                and self.cue_score is not None and self.cue_score >= self.cue_at_least)

    @property
    def flags(self) -> bool:
        """Whether the probability reaches the threshold, or the lower one with cues (and
        the note is not a defender's, :mod:`.stance`)."""
        return not self.defender and (self.probability >= self.threshold or self.by_cues)

    @property
    def reason(self) -> str:
        """Why the judge flags, in the text guard's words."""
        if self.by_cues:
            return ("possible prompt injection: reads like one to the semantic judge, with "
                    f"weak cues (cues: {NAME} p={self.probability:.2f} >= {self.with_cues}, "
                    f"weak cues {self.cue_score:.2f} >= {self.cue_at_least})")
        return ("possible prompt injection: reads like one to the semantic judge "
                f"(cues: {NAME} p={self.probability:.2f} >= {self.threshold})")


def judge(vectors: np.ndarray | Sequence[np.ndarray], texts: Sequence[str]) -> list[Verdict]:
    """The shipped judge's verdict on each vector and the text it was embedded from (the
    text guard's weak cues are read only where the probability could flag with them)."""
    from .injection import screen
    from .stance import defends

    rows = np.asarray(vectors, dtype=np.float32).reshape(-1, DIMENSION)
    out = []
    for p, text in zip(shipped().probabilities(rows), texts, strict=True):
        probability = round(float(p), 4)
        cue = (screen(text, full=True).score
               if WITH_CUES <= probability < THRESHOLD else None)
        verdict = Verdict(probability, THRESHOLD, cue, WITH_CUES, CUE_AT_LEAST)
        if verdict.flags and defends(text):
            # (wave 22) a defender's note read outside what it quotes (:mod:`.stance`)
            verdict = replace(verdict, defender=True)
        out.append(verdict)
    return out
