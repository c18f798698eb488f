"""Wave 20 (secrets): the new readers of the redaction, kept or left out by
leave-one-split-out cross-validation over the thirty-six seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``constructed``: a key given by position to a client's constructor
  (:func:`.constructed.constructed_secrets`: ``misp = PyMISP(url, key)``);
* ``setter``: a literal given to a setter named for a credential
  (:func:`.constructed.setter_secrets`: ``config.setAesKey("...")``);
* ``symmetric``: a cipher's key length after a symmetric key's name (:mod:`.symmetric`:
  ``<BlockCipherKey>90F7...</BlockCipherKey>``);
* ``defaults``: the default set on a later line for a variable read from a secret's
  environment variable (:func:`.fallbacks.later_defaults`: Go's ``if tok == "" { tok =
  "..." }``), and a JSON string's escapes read by the fallback readers
  (``fallbacks.READ_ESCAPES``);
* ``escaped``: a text holding JSON string escapes read again with them undone, its
  redactions at their spans in the text (``secrets.ESCAPED_VIEW``, :mod:`.escapes`:
  ``{\\"s1_api_token\\": \\"...\\"}``, ``WebhookHandler(\\"...\\")``);
* ``headers``: an Authorization header's Basic or Bearer value the formats refuse, and
  curl's user slot (``-u KEY:``) (:mod:`.headers`);
* ``sets``: a command's ``set|add|setenv|setx NAME VALUE``, NAME a secret's setting
  (:mod:`.setcommands`: ``balena env add WIFI_PASSWORD ...``).

Each point redacts every secret and clean row of the splits and, as clean bounds, the
honest notes (:mod:`honest_notes`: the requests, the wider requests and the look-alikes),
the READMEs of the installed packages (``readme_rows.py``) and the LoCoMo / LongMemEval
training-half turns. A fold leaving split S out takes the point that changes no more clean
rows than the empty point on any other split or bound and catches the most secrets on the
other splits (ties: the fewest mechanisms): ``cv_wave19_spans``' method and helpers. Only
the rows that the empty and the full point redact differently are redacted again at each
point. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave20_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
                                                 [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave19_spans as w19  # noqa: E402
from cv_wave16_pressure import report_folds  # noqa: E402
from honest_notes import honest_notes, look_alikes, wider_notes  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 35)))
HONEST = "honest"
BOUNDS = (HONEST, w19.READMES, w19.TURNS, w15.TESTED)
MECHANISMS = ("constructed", "setter", "symmetric", "defaults", "escaped", "headers", "sets")
GRID = [frozenset(c) for n in range(len(MECHANISMS) + 1) for c in combinations(MECHANISMS, n)]
EMPTY: frozenset[str] = frozenset()
FULL = frozenset(MECHANISMS)
#: the folder of the LoCoMo / LongMemEval turns when ``../shared/bench`` beside the
#: repository is not there (a worktree)
FALLBACK_BENCH = Path("/work/shared/bench")

_SAVED: dict[str, Any] = {}


def _none(*_: Any) -> Iterator[Any]:
    yield from ()


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off (by replacing the functions
    :mod:`.secrets` calls)."""
    from cognimem_plugins.guard import fallbacks, secrets

    if not _SAVED:
        _SAVED.update(constructed=secrets.constructed_secrets, setter=secrets.setter_secrets,
                      symmetric=secrets.symmetric_keys, defaults=secrets.later_defaults,
                      headers=secrets.header_credentials, sets=secrets.named_sets)
    secrets.named_sets = _SAVED["sets"] if "sets" in point else _none
    secrets.header_credentials = _SAVED["headers"] if "headers" in point else _none
    secrets.later_defaults = _SAVED["defaults"] if "defaults" in point else _none
    fallbacks.READ_ESCAPES = "defaults" in point
    secrets.ESCAPED_VIEW = "escaped" in point
    secrets.constructed_secrets = _SAVED["constructed"] if "constructed" in point else _none
    secrets.setter_secrets = _SAVED["setter"] if "setter" in point else _none
    secrets.symmetric_keys = _SAVED["symmetric"] if "symmetric" in point else _none


def rows(readmes: Path | None) -> list[w19.Row]:
    """The splits' secret and clean rows, the honest notes, the READMEs, the turns and (wave
    26) the look-alikes the guard's tests leave unredacted (``tested_texts.py``)."""
    from tested_texts import rows as tested

    w19.SPLITS = SPLITS
    out = w19.rows(readmes)
    notes = [t for _, t in (*honest_notes(), *wider_notes(), *look_alikes())]
    return (out + [(HONEST, "clean", t, "") for t in notes]
            + [(w15.TESTED, "clean", t, "") for t in tested("secret")])


def choose(per: dict[frozenset[str], w19.Counts], left_out: str | None) -> frozenset[str]:
    base = per[EMPTY]
    others = [s for s in base if s != left_out]
    ok = [p for p in per if all(per[p][s][1] <= base[s][1] for s in others)]
    return max(ok, key=lambda p: (sum(per[p][s][0] for s in others if s not in BOUNDS),
                                  -len(p), sorted(p)))


def weigh(data: list[w19.Row]) -> dict[str, Any]:
    apply(EMPTY)
    empty = [w19.outcome(r) for r in data]
    apply(FULL)
    moving = [i for i, r in enumerate(data) if w19.outcome(r) != empty[i]]
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    per: dict[frozenset[str], w19.Counts] = {}
    for point in GRID:
        apply(point)
        results = list(empty)
        for i in moving:
            results[i] = w19.outcome(data[i])
        per[point] = w19.counts(data, results)
    apply(FULL)
    folds = {}
    for split in SPLITS:
        fold = choose(per, split)
        folds[split] = {"weights": sorted(fold), "before": per[EMPTY][split],
                        "after": per[fold][split]}
    chosen = choose(per, None)
    sizes = {s: sum(1 for r in data if r[0] == s) for s in BOUNDS}
    return {"grid": list(MECHANISMS), "chosen_on_all": sorted(chosen),
            "bounds": {s: (per[EMPTY].get(s), per[chosen].get(s), sizes[s]) for s in BOUNDS},
            "per_mechanism_alone": {m: sum(per[frozenset((m,))][s][0] - per[EMPTY][s][0]
                                           for s in SPLITS) for m in MECHANISMS},
            "folds": folds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readmes", type=Path, default=w15.README_PATH)
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo / LongMemEval folder (default: ../shared/bench, "
                        "else /work/shared/bench)")
    args = parser.parse_args(argv)
    bench = args.bench if (args.bench / "locomo").is_dir() else FALLBACK_BENCH
    if not (bench / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {args.bench} nor {FALLBACK_BENCH}")
    w15.BENCH = bench
    result = weigh(rows(args.readmes))
    print(f"turns from {bench}; chosen on all splits: {result['chosen_on_all']}; bounds "
          f"(all off -> chosen, (secrets, clean changed), rows): {result['bounds']}; "
          f"secrets each mechanism catches alone: {result['per_mechanism_alone']}")
    print("folds (\"injections\" below are secrets caught, \"clean flagged\" clean rows "
          "changed; weights: the mechanisms switched on):")
    report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
