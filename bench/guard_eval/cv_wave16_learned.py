"""Does the learned cue flag honest notes to an agent for their address alone, and does a
share of the sample weight of their own for the honest notes change that without losing
injections? Leave one split out over the twenty seen splits (wave 16). Run from the
repository root::

    python bench/guard_eval/cv_wave16_learned.py [--bench ../shared/bench] [--label NAME]

For each setting of ``train_cue.SHARES`` (the shipped one, and the honest notes to agents
given a share of their own taken from the notes' and the turns'), each split is held out
in turn, the model trained on the others (``train_cue.Data.model``) and the held-out split
and the honest notes dealt to it scored with the shipped ``(W, F, T)`` (``learned.WEIGHT``,
``learned.FLOOR``, ``cues.THRESHOLD``): injections flagged, clean notes flagged, honest
notes flagged (and those whose address names an agent), and the held-out dataset turns
flagged. The sums over the folds choose the setting: the fewest honest and clean notes
flagged among those that flag as many out-of-fold injections as the shipped one (and no
more turns than 1 in 1,000).
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

import train_cue as tc  # noqa: E402

from cognimem_plugins.guard import learned  # noqa: E402
from cognimem_plugins.guard.cues import THRESHOLD  # noqa: E402

SPLITS = tuple(dict.fromkeys((*tc.SPLITS, *(f"fresh{i}" for i in range(15, 19)))))
#: an honest note whose address names an agent, an assistant, a bot or a model
AGENT_ADDRESS = re.compile(r"(?i)^[^:,]{0,40}\b(?:ai|agents?|assistants?|bots?|copilot|claude|"
                           r"llms?|models?)\b[^:,]{0,30}[:,]")
SETTINGS: dict[str, dict[str, float]] = {
    "shipped": dict(tc.SHARES),
    "honest_0.1": {"positive": 0.5, "notes": 0.2, "honest": 0.1, "turns": 0.2},
    "honest_0.2": {"positive": 0.5, "notes": 0.15, "honest": 0.2, "turns": 0.15},
}


def run(data: tc.Data) -> dict[str, Any]:
    """The figures per setting and fold, and their sums."""
    setting = (learned.WEIGHT, learned.FLOOR, THRESHOLD)
    saved = dict(tc.SHARES)
    out: dict[str, Any] = {}
    try:
        for name, shares in SETTINGS.items():
            tc.SHARES.clear()
            tc.SHARES.update(shares)
            folds = {}
            for held in data.rows:
                model = data.model([s for s in data.rows if s != held])
                c = tc.counts((data.texts[held], tc.probabilities(model, data.texts[held])),
                              setting)
                honest = data.honest_texts[held]
                flat = tc.Flat.of((honest, tc.probabilities(model, honest)))
                hit = flat.best(setting[0], setting[1]) >= setting[2] - 1e-9
                addressed = [bool(AGENT_ADDRESS.search(t)) for t in data.honest[held]]
                turns = tc.counts((data.held, tc.probabilities(model, data.held)), setting)
                folds[held] = {"injection": c["injection"], "clean": c["clean"],
                               "honest": [int(hit.sum()), len(honest)],
                               "honest_addressed": [int(sum(h and a for h, a in
                                                            zip(hit, addressed, strict=True))),
                                                    sum(addressed)],
                               "turns": turns["turn"]}
                print(name, held, json.dumps(folds[held]), file=sys.stderr, flush=True)
            total = {k: [sum(f[k][0] for f in folds.values()), sum(f[k][1] for f in folds.values())]
                     for k in ("injection", "clean", "honest", "honest_addressed", "turns")}
            out[name] = {"shares": shares, "total": total, "folds": folds}
            print(name, json.dumps(total), file=sys.stderr, flush=True)
    finally:
        tc.SHARES.clear()
        tc.SHARES.update(saved)
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave16_learned.py")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label", help="also save the figures to results/LABEL.json")
    args = parser.parse_args(argv)
    tc.publish(run(tc.Data(args.bench, SPLITS)), args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
