"""Leave-one-split-out choice of the wave 19 language cue's weight (issue #39).

Wave 19 adds ``secret_outside_i18n`` (:mod:`cognimem_plugins.guard.outside_secrets`): a
secret named in another language and an outside address in the same sentence, whatever the
verb, counted beside the AI reader named in the text's language (``reader_i18n``, 0.2).
Its weight is weighed on a grid with the machinery of ``cv_wave16_pressure``
(``grid_counts``, ``fold_choices``, imported): the thirty seen splits, the honest developer
notes, the README paragraphs of installed packages and the LoCoMo and LongMemEval turns of
the learned cue's training half. For each split held out, the weight is the one that flags
the most injections on the other splits with, in **every** other split and in the honest
notes, the READMEs and the turns, no more clean rows flagged than at zero (a hard bound;
ties: the lighter weight). Only the rows where the cue's pattern can match are kept (the
others score alike at every weight): the READMEs and turns are filtered by the cue's words
*before* they are redacted (the redaction adds no foreign secret noun), which keeps the run
short. Run from the repository root::

    python bench/guard_eval/cv_wave19_languages.py [--label NAME]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cv_wave15_requests as w15  # noqa: E402
import cv_wave16_pressure as w16  # noqa: E402
from cv_wave10 import set_weight  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 31)))
READMES = Path("/tmp/readmes.jsonl")
NAME = "secret_outside_i18n"
#: the cue alone (the AI reader named in its language adds ``reader_i18n``'s 0.2)
GRID = [(w,) for w in (0.0, 0.35, 0.45, 0.5, 0.55, 0.6, 0.65)]
ZERO = (0.0,)
MOST = (max(p[0] for p in GRID),)


def apply(point: tuple[float, ...]) -> None:
    """Give the cue the weight of ``point`` in the running screen."""
    set_weight(NAME, point[0])


def _matcher() -> Any:
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise
    from cognimem_plugins.guard.outside_secrets import PATTERN, WORDS

    act, words = re.compile(PATTERN), frozenset(WORDS.split())

    def opened(text: str) -> bool:
        return bool(words.intersection(normalise(text).flat.split()))

    def may_change(text: str) -> bool:
        return any(act.search(normalise(t).folded) for t in {text, mentioned(text)})

    return opened, may_change


def rows() -> list[w15.Row]:
    """The seen splits' and honest notes' rows, and the READMEs' and turns' (redacted), each
    kept only where the cue's pattern matches."""
    from cognimem_plugins.guard.secrets import redact

    opened, may_change = _matcher()
    out = [r for r in w15.split_rows(SPLITS) if may_change(r[2])]
    bound: list[tuple[str, str]] = []
    if READMES.exists():
        with READMES.open(encoding="utf-8") as f:
            bound += [(w15.READMES, json.loads(line)["text"]) for line in f if line.strip()]
    if (w15.BENCH / "locomo").is_dir():
        from train_cue import conversations

        bound += [(w15.TURNS, t) for t in conversations(w15.BENCH)[0]]
    print(f"{len(out)} split and note rows may change; {len(bound)} bound rows", flush=True)
    for source, text in bound:
        if opened(text):
            red = redact(text)[0]
            if may_change(red):
                out.append((source, "clean", red))
    return out


def main(argv: list[str] | None = None) -> int:
    """Weigh ``secret_outside_i18n``; print each fold's choice and the held-out change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave19_languages.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    from cognimem_plugins.guard import cues

    shipped = cues.CUES[cues._INDEX[NAME]].weight
    data = rows()
    print(f"{len(data)} rows hold an act in a foreign secret beside an outside address", flush=True)
    per = w16.grid_counts(data, GRID, apply, ZERO, MOST)
    # (a split or bound without a row the cue matches: nothing to change, zero at each point)
    for counts in per.values():
        for split in (*SPLITS, *w16.BOUNDS):
            counts.setdefault(split, (0, 0))
    set_weight(NAME, shipped)
    folds, chosen = w16.fold_choices(per, SPLITS, ZERO)
    result = {"shipped": shipped, "chosen_on_all": chosen,
              "bounds_on_all": {s: (per[ZERO][s], per[chosen][s]) for s in w16.BOUNDS
                                if s in per[ZERO]},
              "grid": {",".join(map(str, p)): per[p] for p in per}, "folds": folds}
    print(f"shipped {shipped}; chosen on all splits: {chosen}; bounds (zero -> chosen): "
          f"{result['bounds_on_all']}")
    w16.report_folds(result, args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
