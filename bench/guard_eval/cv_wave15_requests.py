"""Leave-one-split-out choice of the wave 15 request cues' weights (issue #39).

Wave 15 adds the cues of :mod:`cognimem_plugins.guard.harm_requests`: a harmful request
that names no reader (a protection turned off, destruction of what matters, credentials
asked for, a review told to look away, a fiction's frame and what it asks), and the
modifiers counted only beside one of them (a request's form, concealment, a false
justification, a critical scope; beside the developer's own sandbox none is counted).
They are weighed as three groups on one joint grid: the acts (one weight for the five
acts), the frame and what it asks (one weight for both) and a scale on the modifiers
(their ratios kept).

For every point, every injection and clean row of the sixteen seen splits (tune ...
fresh14) is screened by the text guard as a write screens it (redacted first), with the
honest developer notes (``honest_notes.py``), the README paragraphs of installed
packages (``/tmp/readmes.jsonl`` when present) and the LoCoMo and LongMemEval turns of
the learned cue's training half (``../shared/bench``, since the merge) as clean rows of
their own. Only the
rows where one of the acts' patterns matches can change; the others are screened once.
Then, for each split held out, the weights are the ones that flag the most injections on
the other splits with, in **every** other split, the honest notes and the READMEs, no more
clean rows flagged than with the cues' weights at zero (a hard bound; ties: the lighter
point, :func:`weight`), and the held-out split is scored with them. Run from the repository root::

    python bench/guard_eval/cv_wave15_requests.py [--label NAME]

``--label`` saves the figures to ``bench/guard_eval/results/NAME.json``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cv_wave10 import set_weight  # noqa: E402
from cv_wave14 import HONEST  # noqa: E402
from cv_wave14 import rows as split_rows  # noqa: E402

SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 15)))
READMES = "readmes"
#: (lead, after the merge) the LoCoMo and LongMemEval turns of the training half (train_cue's
#: split of the conversations), as clean rows of their own: the datasets target
TURNS = "turns"
BENCH = HERE.parents[1] / ".." / "shared" / "bench"
README_PATH = Path("/tmp/readmes.jsonl")
#: (wave 26) the look-alikes the guard's own tests leave alone (``tested_texts.py``), as
#: clean rows of their own
TESTED = "tested"
#: the splits whose misses were looked at while the cues were written
READ = ("fresh13", "fresh14")
ACTS = ("weaken_security", "weaken_security_code", "destroy_critical", "harvest_secret",
        "review_suppress")
FRAME = ("fiction_frame", "harm_ask")
MODIFIERS = {"request_form": 0.15, "conceal": 0.3, "false_reason": 0.2, "critical_scope": 0.15}
#: (acts, frame, modifiers' scale)
GRID = list(product((0.0, 0.3, 0.35, 0.4, 0.45), (0.0, 0.3, 0.35, 0.4, 0.45),
                    (0.5, 1.0, 1.5, 2.0)))
ZERO = (0.0, 0.0, 0.0)

Row = tuple[str, str, str]  # split, group, redacted text
Counts = dict[str, tuple[int, int]]  # split: (injections flagged, clean flagged)


def rows() -> list[Row]:
    """The injection and clean rows of the seen splits and the honest notes
    (``cv_wave14.rows``), then the READMEs, the training half's turns and (wave 26) the
    look-alikes of the guard's tests (redacted)."""
    from tested_texts import rows as tested

    from cognimem_plugins.guard.secrets import redact

    out: list[tuple[str, str, str]] = []
    if README_PATH.exists():
        with README_PATH.open(encoding="utf-8") as f:
            out += [(READMES, "clean", json.loads(line)["text"]) for line in f if line.strip()]
    if (BENCH / "locomo").is_dir():
        from train_cue import conversations

        out += [(TURNS, "clean", t) for t in conversations(BENCH)[0]]
    out += [(TESTED, "clean", t) for t in tested("injection")]
    return [*split_rows(SPLITS), *((s, g, redact(t)[0]) for s, g, t in out)]


def apply(point: tuple[float, ...]) -> None:
    """Give the cues the weights of ``point`` in the running screen."""
    acts, frame, scale = point
    for name in ACTS:
        set_weight(name, acts)
    for name in FRAME:
        set_weight(name, frame)
    for name, base in MODIFIERS.items():
        set_weight(name, round(base * scale, 4) if point != ZERO else 0.0)


def may_change(data: list[Row]) -> list[int]:
    """The rows where one of the acts' or the frame's patterns matches (the others score
    the same at every point)."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard.injection import mentioned
    from cognimem_plugins.guard.normalise import normalise

    pats: list[tuple[re.Pattern[str], bool]] = [
        (cues.CUES[cues._INDEX[n]].pattern, cues.CUES[cues._INDEX[n]].structural)
        for n in (*ACTS, *FRAME)]
    out = []
    for i, (_, _, text) in enumerate(data):
        for t in {text, mentioned(text)}:
            norm = normalise(t)
            if any(p.search(norm.folded if s else norm.flat) for p, s in pats):
                out.append(i)
                break
    return out


def counts(data: list[Row], flags: list[bool]) -> Counts:
    """Per split: injections flagged, clean rows flagged."""
    out: dict[str, list[int]] = {}
    for (split, group, _), flagged in zip(data, flags, strict=True):
        c = out.setdefault(split, [0, 0])
        if flagged:
            c[group == "clean"] += 1
    return {s: (a, b) for s, (a, b) in out.items()}


def choose(per: dict[tuple[float, ...], Counts], left_out: str | None) -> tuple[float, ...]:
    """The point the splits other than ``left_out`` choose (the module docstring)."""
    others = [s for s in per[ZERO] if s != left_out]
    base = per[ZERO]
    ok = [p for p in per if all(per[p][s][1] <= base[s][1] for s in others)]
    return max(ok, key=lambda p: (sum(per[p][s][0] for s in others
                                      if s not in (HONEST, READMES, TURNS)), -weight(p)))


def weight(point: tuple[float, ...]) -> float:
    """The most the cues of ``point`` weigh together (the acts, the frame and what it asks,
    the modifiers): of two points that flag as many, the lighter one
    (the less the cues weigh, the fewer honest notes they can reach)."""
    acts, frame, scale = point
    return round(acts + 2 * frame + scale * sum(MODIFIERS.values()), 4)


def weigh(data: list[Row]) -> dict[str, Any]:
    """The grid, each fold's choice and the held-out split before and after."""
    from cognimem_plugins.guard import cues
    from cognimem_plugins.guard.injection import screen

    shipped = {n: cues.CUES[cues._INDEX[n]].weight for n in (*ACTS, *FRAME, *MODIFIERS)}
    apply(ZERO)
    base = [bool(screen(t)) for _, _, t in data]
    moving = may_change(data)
    print(f"{len(moving)} of {len(data)} rows may change", flush=True)
    per: dict[tuple[float, ...], Counts] = {ZERO: counts(data, base)}
    for point in GRID:
        if point[0] == point[1] == 0.0:  # no act, no frame: the modifiers cannot count
            per[point] = per[ZERO]
            continue
        apply(point)
        flags = list(base)
        for i in moving:
            flags[i] = bool(screen(data[i][2]))
        per[point] = counts(data, flags)
    for name, w in shipped.items():
        set_weight(name, w)
    folds = {}
    for split in SPLITS:
        fold = choose(per, split)
        folds[split] = {"weights": fold, "before": per[ZERO][split],
                        "after": per[fold][split], "read": split in READ}
    chosen = choose(per, None)
    return {"shipped": shipped, "chosen_on_all": chosen,
            "bounds_on_all": {s: (per[ZERO][s], per[chosen][s])
                              for s in (HONEST, READMES, TURNS)
                              if s in per[ZERO]},
            "grid": {",".join(map(str, p)): per[p] for p in per}, "folds": folds}


def main(argv: list[str] | None = None) -> int:
    """Weigh the wave 15 cues; print each fold's choice and the held-out split's change."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave15_requests.py")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    args = parser.parse_args(argv)
    result = weigh(rows())
    print(f"shipped {result['shipped']}\nchosen on all splits (acts, frame, modifiers' "
          f"scale): {result['chosen_on_all']}; honest notes and READMEs flagged "
          f"(zero -> chosen): {result['bounds_on_all']}")
    gained = {True: [0, 0], False: [0, 0]}
    for split, fold in result["folds"].items():
        (bi, bc), (ai, ac) = fold["before"], fold["after"]
        gained[fold["read"]][0] += ai - bi
        gained[fold["read"]][1] += ac - bc
        print(f"  held out {split}{' (read)' if fold['read'] else ''}: weights "
              f"{fold['weights']} injections {bi}->{ai}, clean flagged {bc}->{ac}")
    print(f"  held-out gain, splits not read: {gained[False][0]} injections, "
          f"{gained[False][1]} clean; splits read: {gained[True][0]} injections, "
          f"{gained[True][1]} clean")
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
