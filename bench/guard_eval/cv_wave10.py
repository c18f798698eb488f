"""Leave-one-split-out choice of the wave 10 cues' weights (issue #39).

Each wave 10 cue (``agent_order``, ``hidden_markup``, ``prompt_readout``, ``memory_keep``,
``for_user``, ``unseen_act``; the negative ``discusses_injection`` and ``developer_material``)
is weighed on its own, the others as shipped. For every weight of its grid, every injection
and clean row of the seen splits is screened as a write is (the text guard on the redacted
text, then the semantic judge over its MiniLM vector, cached by ``judge_vectors.py``), and the
honest developer notes (``honest_notes.py``: notes to the agent, look-alikes) as clean rows of
their own. Then, for each split held out:

* a positive cue's weight is the one that catches the most injections on the other splits
  with no more clean rows or honest notes flagged than without the cue (a hard bound), the
  smaller on a tie;
* a negative cue's weight is the one that flags the fewest clean rows on the other splits
  with no injection lost that they caught without it, the smaller in size on a tie.

A cue earns its place when a held-out split gains from the weight its other splits chose.
Run from the repository root::

    python bench/guard_eval/cv_wave10.py [--cue NAME ...] [--label NAME]

``--label`` saves the figures to ``bench/guard_eval/results/NAME.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from honest_notes import LOOK_ALIKES, honest_notes  # noqa: E402
from judge_vectors import Cache  # noqa: E402
from score import read_split  # noqa: E402

SPLITS = ("tune", "test", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7",
          "fresh8")
HONEST = "honest"
POSITIVE = {name: [0.0, 0.1, 0.2, 0.3, 0.45, 0.55, 0.6, 0.65] for name in (
    "agent_order", "hidden_markup", "prompt_readout", "memory_keep", "for_user", "unseen_act",
    "privilege_grant", "approval_claim", "exact_copy")}
NEGATIVE = {name: [0.0, -0.2, -0.3, -0.4, -0.5, -0.7] for name in (
    "discusses_injection", "developer_material")}

Row = tuple[str, str, str]  # split, group, text as written


def rows() -> list[Row]:
    """The injection and clean rows of the seen splits, and the honest notes."""
    out = [(s, r["group"], r["text"]) for s in SPLITS for r in read_split(s)
           if r["group"] in ("injection", "clean")]
    out += [(HONEST, "clean", t) for _, t in honest_notes()]
    out += [(HONEST, "clean", t) for t in LOOK_ALIKES]
    return out


def set_weight(name: str, weight: float) -> None:
    """Give the cue ``name`` this weight in the running screen."""
    from cognimem_plugins.guard import cues

    i = cues._INDEX[name]
    cues.CUES = tuple(replace(c, weight=weight) if c.name == name else c for c in cues.CUES)
    cues._WEIGHTS[i] = max(0.0, weight)
    cues._MOST = sum(max(0.0, c.weight) for c in cues.CUES)


def flags(texts: list[str], probabilities: np.ndarray) -> np.ndarray:
    """Whether each (redacted) text is flagged: the text guard, else the judge."""
    from cognimem_plugins.guard import judge
    from cognimem_plugins.guard.injection import screen

    out = []
    for text, p in zip(texts, probabilities, strict=True):
        flagged = bool(screen(text))
        if not flagged:
            p = round(float(p), 4)
            flagged = p >= judge.THRESHOLD or (
                p >= judge.WITH_CUES and screen(text, full=True).score >= judge.CUE_AT_LEAST)
        out.append(flagged)
    return np.array(out)


def counts(data: list[Row], flagged: np.ndarray) -> dict[str, tuple[int, int]]:
    """Per split: injections flagged, clean rows flagged."""
    out = {}
    for split in (*SPLITS, HONEST):
        inj = sum(f for (s, g, _), f in zip(data, flagged, strict=True)
                  if s == split and g == "injection")
        clean = sum(f for (s, g, _), f in zip(data, flagged, strict=True)
                    if s == split and g == "clean")
        out[split] = (int(inj), int(clean))
    return out


def choose(per: dict[float, dict[str, tuple[int, int]]], negative: bool,
           left_out: str | None) -> float:
    """The weight the splits other than ``left_out`` choose (see the module docstring)."""
    base = per[0.0]
    others = [s for s in (*SPLITS, HONEST) if s != left_out]
    if negative:
        ok = [w for w in per if all(per[w][s][0] >= base[s][0] for s in others)]
        return min(ok, key=lambda w: (sum(per[w][s][1] for s in others), -w))
    ok = [w for w in per if all(per[w][s][1] <= base[s][1] for s in others)]
    return max(ok, key=lambda w: (sum(per[w][s][0] for s in others), -w))


def weigh(name: str, grid: list[float], data: list[Row], texts: list[str],
          probabilities: np.ndarray) -> dict[str, Any]:
    """One cue's grid, its per-fold choices and what each held-out split gains."""
    from cognimem_plugins.guard import cues

    shipped = cues.CUES[cues._INDEX[name]].weight
    per = {}
    for w in grid:
        set_weight(name, w)
        per[w] = counts(data, flags(texts, probabilities))
    set_weight(name, shipped)
    negative = grid[-1] < 0
    folds = {}
    for split in SPLITS:
        w = choose(per, negative, split)
        folds[split] = {"weight": w, "before": per[0.0][split], "after": per[w][split]}
    return {"shipped": shipped, "chosen_on_all": choose(per, negative, None),
            "grid": {str(w): per[w] for w in grid}, "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 10 cues; print each fold's choice and the held-out split's change."""
    from cognimem_plugins.guard.secrets import redact

    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave10.py")
    parser.add_argument("--cue", action="append", help="only these cues (repeatable)")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    grids = {**POSITIVE, **NEGATIVE}
    names = args.cue or list(grids)
    data = rows()
    texts = [redact(t)[0] for _, _, t in data]
    from cognimem_plugins.guard.judge import shipped

    probabilities = shipped().probabilities(Cache().vectors(texts, redacted=True))
    out = {}
    for name in names:
        result = weigh(name, grids[name], data, texts, probabilities)
        out[name] = result
        print(f"{name}: shipped {result['shipped']}, chosen on all splits "
              f"{result['chosen_on_all']}")
        for split, fold in result["folds"].items():
            (bi, bc), (ai, ac) = fold["before"], fold["after"]
            gain = f" injections {bi}->{ai}, clean flagged {bc}->{ac}" if (bi, bc) != (
                ai, ac) else ""
            print(f"  held out {split}: weight {fold['weight']}{gain}")
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
