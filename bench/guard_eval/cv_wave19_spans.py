"""Wave 19 (spans): the four switchable mechanisms of the redaction's mechanics, kept or left
out by leave-one-split-out cross-validation over the thirty seen splits.

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``widen``: every redaction widened to the end of its token (:mod:`.spans`);
* ``wrapped``: base64 runs whose decoded text holds a credential (:mod:`.wrapped`);
* ``namewords``: a key's word anywhere in a setting's name, Android's and plists' pairs
  (:mod:`.namewords` and :func:`.assigned.paired_values`' use of it);
* ``positional``: command lines' password flags, credential flags, sign-in arguments and
  credential files (:mod:`.positional`).

(The value caps raised from 200 to 4,096 characters are no switch: a pattern's cap is
compiled in; :data:`BOUNDS` are measured with them.)

Each point redacts every secret and clean row of the splits, the READMEs of the installed
packages (clean) and the LoCoMo / LongMemEval training-half turns (clean, when
``../shared/bench`` is there). A fold leaving split S out takes the point that changes no
more clean rows than the empty point (all off) on any other split or bound, and catches
the most secrets on the other splits (ties: the fewest mechanisms). Only the rows that the
empty and the full point redact differently are redacted again at each point. Run from the
repository root::

    python bench/guard_eval/cv_wave19_spans.py [--readmes /tmp/readmes.jsonl] [--label L]
                                               [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
from cv_wave16_pressure import report_folds  # noqa: E402
from guard_corpus import leaked  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 31)))
READMES = "readmes"
TURNS = "turns"
BOUNDS = (READMES, TURNS)
MECHANISMS = ("widen", "wrapped", "namewords", "positional")
GRID = [frozenset(c) for n in range(len(MECHANISMS) + 1) for c in combinations(MECHANISMS, n)]
EMPTY: frozenset[str] = frozenset()
FULL = frozenset(MECHANISMS)

Row = tuple[str, str, str, str]  # split, group, text, secret ("" when clean)
Counts = dict[str, tuple[int, int]]  # split: (secrets caught, clean rows changed)


def rows(readmes: Path | None) -> list[Row]:
    out: list[Row] = []
    for split in SPLITS:
        with (HERE / "data" / f"{split}.jsonl").open(encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if r["group"] in ("secret", "clean"):
                    out.append((split, r["group"], r["text"], r.get("secret", "")))
    if readmes is not None and readmes.exists():
        with readmes.open(encoding="utf-8") as f:
            out += [(READMES, "clean", json.loads(line)["text"], "") for line in f if line.strip()]
    if (w15.BENCH / "locomo").is_dir():
        from train_cue import conversations

        out += [(TURNS, "clean", t, "") for t in conversations(w15.BENCH)[0]]
    return out


_SAVED: dict[str, Any] = {}


def _none(*_: Any) -> Iterator[Any]:
    yield from ()


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off (by replacing the
    functions :mod:`.secrets` and :mod:`.assigned` call)."""
    from cognimem_plugins.guard import assigned, secrets

    if not _SAVED:
        _SAVED.update(widen=secrets.widen, wrapped=secrets.wrapped_credentials,
                      names=secrets.name_words_secrets, pair=assigned.key_pair,
                      positional=secrets.command_secrets)
    secrets.widen = _SAVED["widen"] if "widen" in point else (lambda _t, a, b: (a, b))
    secrets.wrapped_credentials = _SAVED["wrapped"] if "wrapped" in point else _none
    secrets.name_words_secrets = _SAVED["names"] if "namewords" in point else _none
    assigned.key_pair = _SAVED["pair"] if "namewords" in point else (lambda *_: None)
    secrets.command_secrets = _SAVED["positional"] if "positional" in point else _none


def outcome(row: Row) -> bool:
    """A secret row: caught; a clean row: changed."""
    from cognimem_plugins.guard.secrets import redact

    _, group, text, secret = row
    cleaned = redact(text)[0]
    return not leaked(secret, cleaned) if group == "secret" else cleaned != text


def counts(data: list[Row], results: list[bool]) -> Counts:
    out: dict[str, list[int]] = {}
    for (split, group, _, _), hit in zip(data, results, strict=True):
        c = out.setdefault(split, [0, 0])
        c[group == "clean"] += hit
    return {s: (a, b) for s, (a, b) in out.items()}


def choose(per: dict[frozenset[str], Counts], left_out: str | None) -> frozenset[str]:
    base = per[EMPTY]
    others = [s for s in base if s != left_out]
    ok = [p for p in per if all(per[p][s][1] <= base[s][1] for s in others)]
    return max(ok, key=lambda p: (sum(per[p][s][0] for s in others if s not in BOUNDS),
                                  -len(p), sorted(p)))


def weigh(data: list[Row]) -> dict[str, Any]:
    apply(EMPTY)
    empty = [outcome(r) for r in data]
    apply(FULL)
    moving = [i for i, r in enumerate(data) if outcome(r) != empty[i]]
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    per: dict[frozenset[str], Counts] = {}
    for point in GRID:
        apply(point)
        results = list(empty)
        for i in moving:
            results[i] = outcome(data[i])
        per[point] = counts(data, results)
    apply(FULL)
    folds = {}
    for split in SPLITS:
        fold = choose(per, split)
        folds[split] = {"weights": sorted(fold), "before": per[EMPTY][split],
                        "after": per[fold][split]}
    chosen = choose(per, None)
    return {"grid": list(MECHANISMS), "chosen_on_all": sorted(chosen),
            "bounds": {s: (per[EMPTY].get(s), per[chosen].get(s)) for s in BOUNDS},
            "per_mechanism_alone": {m: sum(per[frozenset((m,))][s][0] - per[EMPTY][s][0]
                                           for s in SPLITS) for m in MECHANISMS},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readmes", type=Path, default=w15.README_PATH)
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo / LongMemEval folder (default: ../shared/bench)")
    args = parser.parse_args(argv)
    w15.BENCH = args.bench
    result = weigh(rows(args.readmes))
    print(f"chosen on all splits: {result['chosen_on_all']}; bounds (all off -> chosen, "
          f"(secrets, clean changed)): {result['bounds']}; secrets each mechanism catches "
          f"alone: {result['per_mechanism_alone']}")
    print("folds (\"injections\" below are secrets caught, \"clean flagged\" clean rows "
          "changed; weights: the mechanisms switched on):")
    report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
