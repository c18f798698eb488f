"""``logistic``: each hit's confidence is a logistic function of a few learned-free features
(:mod:`.features`), ``1 / (1 + exp(-(intercept + Σ weight · feature)))``.

The default weights are the full-data fit of ``bench/fit_confidence.py`` on the LoCoMo and
LongMemEval_S dev sets, shipped because the same model fitted in five folds of whole units
(conversations, questions) was calibrated on the held-out units (held-out log loss 0.208
against 0.289 for a constant; docs/benchmarks.md, "Knowing when nothing is relevant"). The
floor is off by default: at every floor measured it held back answerable questions about
as often as unanswerable ones (docs/retrieval.md says how to set one).
"""

from __future__ import annotations

import math

from pydantic import Field, field_validator

from cognimem import hookimpl
from cognimem.components import Calibrator
from cognimem.context import Context, SearchContext
from cognimem.models import Candidate, Hit, Query
from cognimem.registry import Register

from .features import FEATURES, TERMS, hit_features

#: The full-data fit, validated in folds across units (bench/fit_confidence.py).
DEFAULT_WEIGHTS: dict[str, float] = {
    "intercept": -13.031, "cosine": -0.87, "bm25": 1.102, "both": 0.213, "relative": 8.644,
    "gap": 5.022, "names": 1.909,
}


class LogisticCalibrator(Calibrator):
    """A logistic model of "this hit is relevant" over the hit's retrieval evidence."""

    reads_beside_writes = True  # holds no state a search changes

    name = "logistic"
    glossary = TERMS

    class Options(Calibrator.Options):
        """The model's weights, the retrievers it reads, and the agreement depth."""

        weights: dict[str, float] = Field(
            default_factory=lambda: dict(DEFAULT_WEIGHTS),
            description="intercept and one weight per feature (cosine, bm25, both, "
                        "relative, gap); a feature left out weighs 0")
        lexical: str = Field(default="bm25", description="the lexical retriever's label")
        dense: str = Field(default="vector", description="the dense retriever's label")
        agreement_depth: int = Field(
            default=10, ge=1, le=1000,
            description="`both` counts a memory in the top N of both retrievers")

        @field_validator("weights")
        @classmethod
        def _known(cls, value: dict[str, float]) -> dict[str, float]:
            unknown = sorted(set(value) - {"intercept", *FEATURES})
            if unknown:
                raise ValueError(f"unknown weight {', '.join(unknown)}; the weights are "
                                 f"intercept, {', '.join(FEATURES)}")
            if not all(math.isfinite(v) for v in value.values()):
                raise ValueError("every weight must be a finite number")
            return value

    options: LogisticCalibrator.Options

    def open(self, ctx: Context) -> None:
        """Note whether the retrievers it reads are in the profile: without both, hits get
        no confidence (the model was fitted on both lists), and nothing is held back."""
        labels = set(ctx.retriever_labels)
        self.missing = [label for label in (self.options.lexical, self.options.dense)
                        if label not in labels]

    def calibrate(self, query: Query, hits: list[Hit], lists: dict[str, list[Candidate]],
                  ctx: SearchContext) -> list[float | None]:
        opts = self.options
        if getattr(self, "missing", None):
            return [None] * len(hits)
        found = hit_features(query.text, hits, lists.get(opts.lexical, []),
                             lists.get(opts.dense, []), opts.agreement_depth)
        weights = opts.weights
        out: list[float | None] = []
        for hit, features in zip(hits, found, strict=True):
            z = weights.get("intercept", 0.0) + math.fsum(
                weights.get(name, 0.0) * value for name, value in features.items())
            confidence = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
            if query.explain:
                self.record(hit, confidence, **{k: round(v, 6) for k, v in features.items()})
            out.append(confidence)
        return out


@hookimpl
def cognimem_register_calibrators(register: Register) -> None:
    """Register the logistic calibrator."""
    register(LogisticCalibrator)
