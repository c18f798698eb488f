"""Wave 21 (secrets): the new readers of the redaction, kept or left out by
leave-one-split-out cross-validation over the forty seen splits (#39).

The mechanisms (each on or off; a point of the grid is the set switched on):

* ``encrypted``: PKCS #8's ``BEGIN ENCRYPTED PRIVATE KEY`` block read as a private key's
  (``formats.READ_ENCRYPTED``);
* ``lines``: a text whose JSON strings escape only their line ends read again with them
  undone (``secrets.ESCAPED_LINES``: ``"text": "[smtp]\\npass = ..."``);
* ``wif``: a private key in wallet import format whose Base58Check holds
  (``wallets.READ_WIF``);
* ``bytes``: a keypair's 64 bytes as an array (``wallets.READ_BYTES``: Solana's id.json);
* ``aws``: 40 characters of base64's alphabet beside an AWS access key ID
  (``aws_pairs.READ_PAIRS``);
* ``typed``: a name's type annotation ends at ``=`` then a quote or a space only
  (``assigned.TYPED_VALUES``: ``POSTGRES_PASSWORD: 634bhIjb=L6dc?`` is a value holding ``=``);
* ``anycase``: an XML property element's name in any case (``pairs.ANY_CASE``:
  ``<Property name="keystorePass" value="..."/>``);
* ``passnames``: a name ending in "pass" as a word (``assigned.PASS_NAMES``: ``keystorePass``,
  ``<user_pass>``);
* ``verbs``: a command's ``put`` and ``update`` too, the name after its key's path
  (``setcommands.WIDE_VERBS``: ``consul kv put a/b/aws_secret_access_key VALUE``);
* ``request``: hexadecimal after "key" as a request's own header or parameter
  (``near.REQUEST_KEYS``: curl's ``-H "Key: ..."``, ``params={"key": "..."}``);
* ``at``: a URL's password that holds ``@`` unescaped, to the last ``@`` before the host
  (``formats.READ_AT``: ``postgresql://svc:KOlCA@2u3=5H@172.18.0.5/db``).

Each point redacts every secret and clean row of the splits and, as clean bounds, the
honest notes (the requests, the wider requests and the look-alikes), the READMEs of the
installed packages (``readme_rows.py``) and the LoCoMo / LongMemEval training-half turns. A
fold leaving split S out takes the point that changes no more clean rows than the empty point
on any other split or bound and catches the most secrets on the other splits (ties: the
fewest mechanisms): ``cv_wave20_secrets``' method and helpers. Run from the repository
root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/cv_wave21_secrets.py [--readmes /tmp/readmes.jsonl] [--label L]
                                                 [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave19_spans as w19  # noqa: E402
import cv_wave20_secrets as w20  # noqa: E402
from cv_wave16_pressure import report_folds  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 39)))
MECHANISMS = ("encrypted", "lines", "wif", "bytes", "aws", "typed", "anycase", "passnames",
              "verbs", "request",
              "at")


def apply(point: frozenset[str]) -> None:
    """Switch the mechanisms of ``point`` on and the others off."""
    from cognimem_plugins.guard import (
        assigned,
        aws_pairs,
        formats,
        near,
        pairs,
        secrets,
        setcommands,
        wallets,
    )

    formats.READ_ENCRYPTED = "encrypted" in point
    secrets.ESCAPED_LINES = "lines" in point
    wallets.READ_WIF = "wif" in point
    wallets.READ_BYTES = "bytes" in point
    aws_pairs.READ_PAIRS = "aws" in point
    assigned.TYPED_VALUES = "typed" in point
    pairs.ANY_CASE = "anycase" in point
    assigned.PASS_NAMES = "passnames" in point
    setcommands.WIDE_VERBS = "verbs" in point
    near.REQUEST_KEYS = "request" in point
    formats.READ_AT = "at" in point


def weigh(data: list[w19.Row], switch: Callable[[frozenset[str]], None] = apply,
          mechanisms: tuple[str, ...] = MECHANISMS,
          splits: tuple[str, ...] = SPLITS) -> dict[str, Any]:
    """Every point of the switches' grid (``switch`` sets a point), each split's fold
    chosen on the others (``cv_wave20_secrets.choose``); the wave 22 script reuses it with
    its own switches."""
    empty_point: frozenset[str] = frozenset()
    full = frozenset(mechanisms)
    grid = [frozenset(c) for n in range(len(mechanisms) + 1)
            for c in combinations(mechanisms, n)]
    switch(empty_point)
    empty = [w19.outcome(r) for r in data]
    switch(full)
    moving = [i for i, r in enumerate(data) if w19.outcome(r) != empty[i]]
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    per: dict[frozenset[str], w19.Counts] = {}
    for point in grid:
        switch(point)
        results = list(empty)
        for i in moving:
            results[i] = w19.outcome(data[i])
        per[point] = w19.counts(data, results)
    switch(full)
    folds = {}
    for split in splits:
        fold = w20.choose(per, split)
        folds[split] = {"weights": sorted(fold), "before": per[empty_point][split],
                        "after": per[fold][split]}
    chosen = w20.choose(per, None)
    sizes = {s: sum(1 for r in data if r[0] == s) for s in w20.BOUNDS}
    return {"grid": list(mechanisms), "chosen_on_all": sorted(chosen),
            "bounds": {s: (per[empty_point].get(s), per[chosen].get(s), sizes[s])
                       for s in w20.BOUNDS},
            "per_mechanism_alone": {m: sum(per[frozenset((m,))][s][0]
                                           - per[empty_point][s][0]
                                           for s in splits) for m in mechanisms},
            "folds": folds}


def main(argv: list[str] | None = None, *, doc: str | None = __doc__,
         switch: Callable[[frozenset[str]], None] = apply,
         mechanisms: tuple[str, ...] = MECHANISMS, splits: tuple[str, ...] = SPLITS) -> int:
    """The CV from the command line (the wave 22 script passes its own switches)."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--readmes", type=Path, default=w15.README_PATH)
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH,
                        help="the LoCoMo / LongMemEval folder (default: ../shared/bench, "
                        "else /work/shared/bench)")
    args = parser.parse_args(argv)
    bench = args.bench if (args.bench / "locomo").is_dir() else w20.FALLBACK_BENCH
    if not (bench / "locomo").is_dir():
        raise SystemExit(f"no LoCoMo turns under {args.bench} nor {w20.FALLBACK_BENCH}")
    w15.BENCH = bench
    w20.SPLITS = splits
    data = w20.rows(args.readmes)
    turns = sum(1 for r in data if r[0] == w19.TURNS)
    if not turns:
        raise SystemExit("the bound read no dataset turns")
    print(f"{turns} dataset turns read from {bench}", flush=True)
    result = weigh(data, switch, mechanisms, splits)
    print(f"turns from {bench}; chosen on all splits: {result['chosen_on_all']}; bounds "
          f"(all off -> chosen, (secrets, clean changed), rows): {result['bounds']}; "
          f"secrets each mechanism catches alone: {result['per_mechanism_alone']}")
    print("folds (\"injections\" below are secrets caught, \"clean flagged\" clean rows "
          "changed; weights: the mechanisms switched on):")
    report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
