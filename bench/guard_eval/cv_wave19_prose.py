"""Leave-one-split-out choice of wave 19's prose readers of passwords (#39).

Wave 19 adds four readers to the secrets scan (``prose_i18n.READERS``): the password word
of any language and the first chosen-looking value of its clause
(:mod:`~cognimem_plugins.guard.prose_i18n`, ``i18n``), the same readers over a text decoded
from its carrier (JSON ``\\u`` escapes, percent-encoding, HTML entities:
:mod:`~cognimem_plugins.guard.escaped_prose`, ``escaped``), a strong password's shape alone
after a colon with no word for it (:mod:`~cognimem_plugins.guard.strong_shape`, ``shape``)
and the PINs and numeric codes after their words (:mod:`~cognimem_plugins.guard.pins`,
``pin``). Each reader only adds redactions, so it can only catch secrets and change clean
text: the recall side is the splits' secret rows (a secret no longer in the redacted
text), the precision side every clean row of the thirty seen splits, and as bounds the
honest developer notes, the README paragraphs of installed packages and the LoCoMo and
LongMemEval turns of the learned cue's training half.

Each of the sixteen subsets of the four readers is a point. For each split held out, the
other splits choose the point that catches the most secrets among those that change no
clean row of theirs nor any bound more than no reader does (a clean row changed is worse
than a miss; ties: fewer readers), and the held-out split is scored with it. Run from the
repository root::

    python bench/guard_eval/cv_wave19_prose.py [--label NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave14 import HONEST  # noqa: E402
from honest_notes import LOOK_ALIKES, honest_notes  # noqa: E402
from score import _leaked, read_split  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 31)))
READERS = ("i18n", "escaped", "shape", "pin")
POINTS = [frozenset(c) for n in range(len(READERS) + 1) for c in combinations(READERS, n)]
BOUNDS = (HONEST, w15.READMES, w15.TURNS)
SHARED_BENCH = Path("/work/shared/bench")

Row = tuple[str, str, str, str]  # split, group, text, secret ("" for a clean row)
Counts = dict[str, tuple[int, int]]  # split: (secrets caught, clean rows changed)


def rows() -> list[Row]:
    """The secret and clean rows of the seen splits, the honest notes, the READMEs and the
    training half's turns."""
    out: list[Row] = [(s, r["group"], r["text"], r.get("secret", "")) for s in SPLITS
                      for r in read_split(s) if r["group"] in ("secret", "clean")]
    out += [(HONEST, "clean", t, "") for _, t in honest_notes()]
    out += [(HONEST, "clean", t, "") for t in LOOK_ALIKES]
    for path in (w16.READMES, w15.README_PATH):
        if path.exists():
            with path.open(encoding="utf-8") as f:
                out += [(w15.READMES, "clean", json.loads(line)["text"], "") for line in f
                        if line.strip()]
            break
    for bench in (w15.BENCH, SHARED_BENCH):  # (a worktree's ../shared is not the host's)
        if (bench / "locomo").is_dir():
            from train_cue import conversations

            out += [(w15.TURNS, "clean", t, "") for t in conversations(bench)[0]]
            break
    return out


def _ok(row: Row, redacted: str) -> bool:
    """A secret row: its secret caught; a clean row: its text changed."""
    _, group, text, secret = row
    return not _leaked(secret, redacted, text) if group == "secret" else redacted != text


def point_counts(data: list[Row]) -> dict[frozenset[str], Counts]:
    """Each point's counts per split: only the rows whose redaction any reader changes are
    redacted again for each point (each reader only adds)."""
    from cognimem_plugins.guard import prose_i18n
    from cognimem_plugins.guard.secrets import redact

    prose_i18n.READERS = frozenset()
    base = [redact(r[2])[0] for r in data]
    prose_i18n.READERS = frozenset(READERS)
    moved = [i for i, r in enumerate(data) if redact(r[2])[0] != base[i]]
    print(f"{len(moved)} of {len(data)} rows moved by all readers", flush=True)
    per: dict[frozenset[str], Counts] = {}
    for point in POINTS:
        prose_i18n.READERS = point
        oks = [_ok(r, b) for r, b in zip(data, base, strict=True)]
        for i in moved:
            oks[i] = _ok(data[i], redact(data[i][2])[0])
        counts: dict[str, list[int]] = {}
        for row, ok in zip(data, oks, strict=True):
            c = counts.setdefault(row[0], [0, 0])
            c[row[1] == "clean"] += ok
        per[point] = {s: (a, b) for s, (a, b) in counts.items()}
    prose_i18n.READERS = frozenset(READERS)
    return per


def choose(per: dict[frozenset[str], Counts], left_out: str | None) -> frozenset[str]:
    """The point the splits other than ``left_out`` choose (the module docstring)."""
    zero = per[frozenset()]
    others = [s for s in zero if s != left_out]
    ok = [p for p in per if all(per[p][s][1] <= zero[s][1] for s in others)]
    return max(ok, key=lambda p: (sum(per[p][s][0] for s in others if s not in BOUNDS),
                                  -len(p)))


def weigh(data: list[Row]) -> dict[str, Any]:
    """Each point's counts, each fold's choice and the held-out split before and after."""
    per = point_counts(data)
    zero = per[frozenset()]
    folds = {}
    for split in SPLITS:
        fold = choose(per, split)
        folds[split] = {"weights": sorted(fold), "before": zero[split],
                        "after": per[fold][split]}
    chosen = choose(per, None)
    return {"chosen_on_all": sorted(chosen),
            "bounds": {s: (zero[s], per[chosen][s]) for s in BOUNDS if s in zero},
            "points": {"+".join(sorted(p)) or "none":
                       {"secrets": sum(c[0] for s, c in per[p].items() if s not in BOUNDS),
                        "clean": sum(c[1] for s, c in per[p].items() if s not in BOUNDS),
                        "bounds": {s: per[p][s][1] for s in BOUNDS if s in per[p]}}
                       for p in POINTS},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Choose the readers; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave19_prose.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    result = weigh(rows())
    print(f"chosen on all splits: {result['chosen_on_all']}; bounds (clean changed: none "
          f"-> chosen): {result['bounds']}")
    for name, point in result["points"].items():
        print(f"  point {name}: secrets caught {point['secrets']}, clean changed "
              f"{point['clean']}, bounds changed {point['bounds']}")
    print("(per fold: 'injections' are secrets caught, 'clean flagged' clean rows changed)")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
