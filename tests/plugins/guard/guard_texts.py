"""The texts the guard's corpus-wide properties are checked on: every row of the guard's test
data and of the evaluation's splits (secrets, injections and clean notes in many languages).

A property over the corpus (a gate never skips a text its rule fires on, a grouped pattern
finds what the plain one finds) is the regexes', not one row's; the suite checks it on a
fixed sample of the splits, which grow with each wave, and a rule writer checks every row
with ``COGNIMEM_GUARD_CORPUS_EVERY=1`` (docs/guard-evaluation.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
#: the environment variable that sets how sparse the sample of the splits is (1: every row)
EVERY_ENV = "COGNIMEM_GUARD_CORPUS_EVERY"


def _rows(paths: list[Path]) -> list[str]:
    out: list[str] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").split("\n"):  # U+2028 inside a row is text
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.append(text)
    return out


def corpus(every: int) -> list[str]:
    """Every row of the guard's test data, and every ``every``-th row of the evaluation's
    splits (every row when :data:`EVERY_ENV` is 1; the environment sets the step, if set)."""
    step = int(os.environ.get(EVERY_ENV, every))
    if step < 1:
        raise ValueError(f"{EVERY_ENV} must be 1 or more, not {step}")
    own = _rows(sorted((ROOT / "tests/data/guard").glob("*.jsonl")))
    splits = _rows(sorted((ROOT / "bench/guard_eval/data").glob("*.jsonl")))
    return own + splits[::step]
