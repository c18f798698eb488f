"""Choose the weight of a decoded run (:data:`cognimem_plugins.guard.injection.ENCODED_WEIGHT`)
by leave-one-split-out cross-validation, and give the decoders' figures per split. Run from
the repository root::

    python bench/guard_eval/cv_decoded.py [--bench ../shared/bench] [--label LABEL]

A decoded run (base64, hex, URL encoding, character codes, binary, rot13, backwards:
:mod:`cognimem_plugins.guard.decoding`) is screened with the same rules; its weak cues' score
plus the weight ``W`` flags the memory when it reaches the threshold. Each seen split is held
out in turn: ``W`` is chosen on the others by the rule of ``train_cue.py`` (the most
injections flagged while flagging at most 0.5 % of their clean notes and honest notes to
agents, plain and wrapped in base64, and fewer than 1 in 1,000 LoCoMo + LongMemEval turns
of the *training half*; the middle of ties), then the held-out split is scored with it. The
turns of the held-out half are left to ``score.py --datasets``.
"""

from __future__ import annotations

import argparse
import base64
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from honest_notes import honest_notes  # noqa: E402
from score import rate, read_split  # noqa: E402
from train_cue import conversations, publish  # noqa: E402

from cognimem_plugins.guard import injection  # noqa: E402
from cognimem_plugins.guard.decoding import decoded_runs  # noqa: E402

SPLITS = ("tune", "test", "fresh", "fresh2", "fresh3", "fresh4", "fresh5")
WEIGHTS = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]
CLEAN_MOST = 0.005
DATASETS_BELOW = 0.001


#: the groups of every split that must stay unflagged
CLEAN_GROUPS = ("clean", "honest", "wrapped")


def wrap(text: str) -> str:
    """``text`` as a note that carries it in base64."""
    return "payload (base64): " + base64.b64encode(text.encode()).decode()


@contextmanager
def weighted(weight: float) -> Iterator[None]:
    """The screen with ``ENCODED_WEIGHT`` set to ``weight`` for the block."""
    kept = injection.ENCODED_WEIGHT
    injection.ENCODED_WEIGHT = weight
    try:
        yield
    finally:
        injection.ENCODED_WEIGHT = kept


def flags(texts: Sequence[str], weights: Sequence[float]) -> dict[float, list[bool]]:
    """Per weight, whether each text is flagged (a text without a decoded run is screened
    once: the weight cannot change it)."""
    plain = [bool(injection.screen(t)) for t in texts]
    encoded = [i for i, t in enumerate(texts) if decoded_runs(t)]
    out: dict[float, list[bool]] = {}
    for w in weights:
        with weighted(w):
            row = list(plain)
            for i in encoded:
                row[i] = bool(injection.screen(texts[i]))
        out[w] = row
    return out


def choose(scored: dict[str, dict[str, dict[float, list[bool]]]], turns: dict[float, list[bool]],
           splits: Sequence[str]) -> float:
    """The weight of the most injections of ``splits`` flagged within the bounds."""
    results: dict[float, int] = {}
    for w in WEIGHTS:
        inj = sum(sum(scored[s]["injection"][w]) for s in splits)
        clean = sum(sum(scored[s][g][w]) for s in splits for g in CLEAN_GROUPS)
        n_clean = sum(len(scored[s][g][w]) for s in splits for g in CLEAN_GROUPS)
        if clean <= CLEAN_MOST * n_clean and sum(turns[w]) < DATASETS_BELOW * len(turns[w]):
            results[w] = inj
    best = max(results.values())
    tied = sorted(w for w, n in results.items() if n == best)
    return tied[(len(tied) - 1) // 2]


def main(argv: list[str] | None = None) -> int:
    """Print (and with ``--label`` save) the per-fold figures."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_decoded.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label", help="also save the report to results/LABEL.json")
    args = parser.parse_args(argv)
    honest = honest_notes()
    scored: dict[str, dict[str, dict[float, list[bool]]]] = {}
    for k, split in enumerate(SPLITS):
        rows = read_split(split)
        groups = {"injection": [r["text"] for r in rows if r["group"] == "injection"],
                  "clean": [r["text"] for r in rows if r["group"] != "injection"],
                  "honest": [t for i, t in honest if i % len(SPLITS) == k]}
        # honest text wrapped: the clean and honest notes in base64 (a decoding that reads
        # as words is screened, and must not flag an honest note because it was wrapped)
        groups["wrapped"] = [wrap(t) for t in (*groups["clean"], *groups["honest"])]
        scored[split] = {g: flags(texts, WEIGHTS) for g, texts in groups.items()}
        print(split, {g: {w: sum(v) for w, v in f.items()} for g, f in scored[split].items()},
              file=sys.stderr)
    train_turns, _ = conversations(args.bench)
    turns = flags(train_turns, WEIGHTS)
    print("turns", {w: sum(v) for w, v in turns.items()}, len(train_turns), file=sys.stderr)
    report: dict[str, Any] = {"weights": WEIGHTS, "folds": {}, "turns": {
        str(w): [sum(v), len(v)] for w, v in turns.items()}}
    for held in SPLITS:
        w = choose(scored, turns, [s for s in SPLITS if s != held])
        got = scored[held]
        report["folds"][held] = {
            "weight": w,
            "injections": rate(sum(got["injection"][w]), len(got["injection"][w])),
            "clean": rate(sum(got["clean"][w]), len(got["clean"][w])),
            "honest_notes": rate(sum(got["honest"][w]), len(got["honest"][w])),
            "wrapped_clean": rate(sum(got["wrapped"][w]), len(got["wrapped"][w])),
            "per_weight": {str(x): {g: sum(got[g][x]) for g in got} for x in WEIGHTS}}
    report["chosen_on_all"] = choose(scored, turns, SPLITS)
    publish(report, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
