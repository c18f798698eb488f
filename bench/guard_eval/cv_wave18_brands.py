"""Wave 18: the lengths of a bare key after its provider's name, chosen by leave-one-split-out
cross-validation over the twenty-eight seen splits.

Three thresholds of :mod:`cognimem_plugins.guard.branded`: ``MIN_HEX`` (hexadecimal digits
after a provider's name in prose, a header or a client's argument), ``SECTION_MIN_HEX`` (in
a section named for the provider) and ``MIN_SLOT`` (characters of a key that is not
hexadecimal). Each point of the grid redacts every secret and clean row of the splits, the
READMEs of the installed packages (``--readmes``, clean) and the LoCoMo / LongMemEval
training-half turns (clean, when ``../shared/bench`` is there); a fold leaving split S out
takes the point that changes no more clean rows than the strictest point on any other split
or bound and catches the most secrets on the other splits (ties: the strictest point).
Only the rows that the loosest and the strictest points redact differently are redacted
again at each point. Run from the repository root::

    python bench/guard_eval/cv_wave18_brands.py [--readmes /tmp/s36/readmes.jsonl] [--out F]
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
from guard_corpus import leaked  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 27)))
READMES = "readmes"
TURNS = "turns"
BOUNDS = (READMES, TURNS)
#: (MIN_HEX, SECTION_MIN_HEX, MIN_SLOT)
GRID = list(product((20, 24, 28, 32), (16, 20, 24, 32), (12, 16, 20, 24)))
STRICT = (32, 32, 24)
LOOSE = (20, 16, 12)

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


def apply(point: tuple[int, int, int]) -> None:
    from cognimem_plugins.guard import branded

    branded.MIN_HEX, branded.SECTION_MIN_HEX, branded.MIN_SLOT = point


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


def choose(per: dict[tuple[int, int, int], Counts], left_out: str | None
           ) -> tuple[int, int, int]:
    base = per[STRICT]
    others = [s for s in base if s != left_out]
    ok = [p for p in per if all(per[p][s][1] <= base[s][1] for s in others)]
    return max(ok, key=lambda p: (sum(per[p][s][0] for s in others if s not in BOUNDS),
                                  sum(p)))


def weigh(data: list[Row]) -> dict[str, Any]:
    apply(STRICT)
    strict = [outcome(r) for r in data]
    apply(LOOSE)
    moving = [i for i, r in enumerate(data) if outcome(r) != strict[i]]
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    per: dict[tuple[int, int, int], Counts] = {}
    for point in GRID:
        apply(point)
        results = list(strict)
        for i in moving:
            results[i] = outcome(data[i])
        per[point] = counts(data, results)
    folds = {}
    for split in SPLITS:
        fold = choose(per, split)
        folds[split] = {"point": fold, "strict": per[STRICT][split], "chosen": per[fold][split]}
    chosen = choose(per, None)
    return {"grid": "(MIN_HEX, SECTION_MIN_HEX, MIN_SLOT)", "chosen_on_all": chosen,
            "bounds": {s: (per[STRICT].get(s), per[chosen].get(s)) for s in BOUNDS},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readmes", type=Path, default=Path("/tmp/s36/readmes.jsonl"))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    result = weigh(rows(args.readmes))
    text = json.dumps(result, indent=1, default=list)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
