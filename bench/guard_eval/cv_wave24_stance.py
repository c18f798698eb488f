"""Wave 24 (#39): the stance model of :mod:`cognimem_plugins.guard.stance` retrained on the
fifty-two seen splits as the tree flags them, its veto and switches chosen by
leave-one-split-out CV.

Wave 22-23's method (``train_stance.py``, ``cv_wave23_stance.py``): the model reads a note
that speaks of injection by its words outside what it quotes and reports; a veto only
blanks a flag (the text screen's or the semantic judge's). Everything is read from the tree
the script runs in: the rows of the 52 seen splits (``tune`` … ``fresh50``) redacted and
screened by this tree's guard with the veto off, the judge's flags on this tree's judge
(MiniLM vectors of ``judge_vectors.Cache``; ``COGNIMEM_JUDGE_CACHE`` names the cache), and
the bounds (honest notes, README paragraphs, the training half's LoCoMo / LongMemEval turns,
``cv_wave16_pressure.bounded_rows``: a bound that reads no row stops the script). So the lead
reruns it after the wave's merges and gets the model of the merged screen.

Switches (each fold chooses, off first on ties):

* ``notes``: the hand-written clean notes of ``stance_notes.py`` (wave 23) and
  ``stance_notes_w24.py`` (wave 24) added to the clean side of the training data;
The veto never reads (nor trains on) a note with markup that hides text
(``stance.HIDDEN_MARKUP``: an HTML comment, a hiding style, a hidden element), as it never
reads hidden Unicode.

* ``quoted``: ``stance.QUOTED_OBJECT``, the model also reads (and is trained on) the notes
  that do not speak of injection by the lexicon but hold their attack as the object of
  their prose (``stance.quoted_object``: quotations inside sentences that go on, no record
  syntax, nothing flagged once they are blanked), by their words outside the quotations.

For each split held out, the models of the other 51 (per switch) give its out-of-fold
probabilities; each fold chooses (switch, veto) on the other splits' out-of-fold tallies by
``train_stance.choose``'s rule (most clean rows freed less injections lost, admissible only
if it loses no more than it frees; ties: off, then the lower veto). Wave 27: a (switch, veto)
is admissible only if it also unflags none of the injections the guard's own tests saw
flagged (``tested_texts.rows("flagged")``, the bound ``tested_flagged``) with any fold's
model of that switch: wave 26's first run chose a veto that unflagged one of them.
``--write``: the chosen model of all 52 splits to ``stance.json.gz`` and the chosen veto
reported (``stance.VETO`` is set by hand from the record; ``test_guard_w24_discuss.py``
checks they agree). Run from the repository root::

    python bench/guard_eval/cv_wave24_stance.py [--write] [--label NAME]
        [--bench /work/shared/bench]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cv_wave15_requests as w15  # noqa: E402
import stance_notes  # noqa: E402
import stance_notes_w24  # noqa: E402
import train_stance as ts  # noqa: E402
from cv_wave16_pressure import bounded_rows  # noqa: E402

#: the 52 seen splits
SPLITS: tuple[str, ...] = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, 51)))
#: the development check of wave 24 (counts only)
DEV: tuple[str, ...] = ("fresh47", "fresh48", "fresh49", "fresh50")
FALLBACK_BENCH = Path("/work/shared/bench")
#: the bound of the injections the guard's tests saw flagged (wave 27)
TESTED_FLAGGED = "tested_flagged"
#: (notes, quoted)
SWITCHES = ((False, False), (True, False), (False, True), (True, True))
Switch = tuple[bool, bool]
Row = dict[str, Any]


def note_texts() -> tuple[str, ...]:
    """The hand-written clean notes (wave 23's and wave 24's)."""
    return (*stance_notes.DISCUSSION, *stance_notes.OWN_ORDERS, *stance_notes_w24.NOTES)


def notes() -> list[tuple[str, int]]:
    """The hand-written clean notes that speak of injection, as the model reads them."""
    from cognimem_plugins.guard import stance
    from cognimem_plugins.guard.mentions import speaks_of_injection

    return [(stance.outside(t), 0) for t in note_texts() if speaks_of_injection(t)]


def quoted_rows(rows: list[Row]) -> None:
    """Each row that does not speak of injection: whether ``stance.quoted_object`` reads it,
    and then its words outside the quotations (``quoted``, ``qoutside``)."""
    from cognimem_plugins.guard import stance

    veto, stance.VETO = stance.VETO, 0.0
    try:
        for r in rows:
            r["quoted"] = not r["speaks"] and stance.quoted_object(r["text"])
            r["qoutside"] = stance.quoted_outside(r["text"]) if r["quoted"] else ""
    finally:
        stance.VETO = veto


def read(r: Row, quoted: bool) -> str | None:
    """The words the model reads of row ``r`` (None: the veto does not read it; wave 24:
    never a note with markup that hides text, ``stance.HIDDEN_MARKUP``)."""
    from cognimem_plugins.guard import stance

    if stance.HIDDEN_MARKUP.search(r["text"]):
        return None
    if r["speaks"]:
        return str(r["outside"])
    return str(r["qoutside"]) if quoted and r["quoted"] else None


def training(rows: list[Row], splits: Sequence[str], switch: Switch) -> list[tuple[str, int]]:
    """The examples of ``splits``' notes the model reads (and the notes)."""
    out = [(words, int(r["group"] == "injection")) for r in rows
           if r["split"] in splits and (words := read(r, switch[1])) is not None]
    return out + (notes() if switch[0] else [])


def probability(model: Any, words: str) -> float:
    """The model's probability of ``words`` (1: a note that addresses its reader, which the
    veto never reads)."""
    from cognimem_plugins.guard import stance

    return 1.0 if stance.ADDRESSED.search(words) else float(model.probability(words))


def out_of_fold(rows: list[Row], switch: Switch,
                bound: Sequence[Row] = ()) -> tuple[dict[int, float], dict[int, float]]:
    """Each flagged row's probability from the model without its split, where the veto
    reads it; and each ``bound`` row's lowest probability from any of those models."""
    out: dict[int, float] = {}
    lowest: dict[int, float] = {}
    for split in SPLITS:
        model = ts.fit(training(rows, [s for s in SPLITS if s != split], switch))
        for i, r in enumerate(rows):
            if r["split"] == split and r["flag"] and (words := read(r, switch[1])) is not None:
                out[i] = probability(model, words)
        for j, r in enumerate(bound):
            if (words := read(r, switch[1])) is not None:
                lowest[j] = min(lowest.get(j, 1.0), probability(model, words))
    return out, lowest


def tested_rows() -> list[Row]:
    """The injections the guard's tests saw flagged (``tested_texts.rows("flagged")``, wave
    27), redacted and read as the split rows are (``ts.split_rows``)."""
    from tested_texts import rows as tested

    from cognimem_plugins.guard import stance
    from cognimem_plugins.guard.mentions import speaks_of_injection
    from cognimem_plugins.guard.secrets import redact

    out: list[Row] = []
    for raw in tested("flagged"):
        text = redact(raw)[0]
        speaks = speaks_of_injection(text)
        out.append({"split": TESTED_FLAGGED, "group": "injection", "text": text, "flag": True,
                    "speaks": speaks, "outside": stance.outside(text) if speaks else ""})
    if not out:
        raise SystemExit("the bound of the tests' injections read no row: rebuild it with "
                         "python bench/guard_eval/tested_texts.py")
    return out


def unflagged(lowest: dict[int, float], veto: float) -> int:
    """The tests' injections ``veto`` unflags (with a fold's model that reads them lowest)."""
    return sum(1 for p in lowest.values() if p < veto)


def choose(rows: list[Row], probs: dict[Switch, dict[int, float]],
           splits: Sequence[str],
           bound: dict[Switch, dict[int, float]] | None = None) -> tuple[Switch, float]:
    """The (switch, veto) ``splits`` choose (ties: fewer switches on, then the lower veto);
    admissible only if it unflags none of the tests' injections (``bound``: their lowest
    probabilities per switch)."""
    scored = {(s, v): ts.tally(rows, probs[s], splits, v) for s in SWITCHES for v in ts.VETOES}
    ok = [k for k, (freed, lost) in scored.items() if lost <= freed
          and not (bound and unflagged(bound[k[0]], k[1]))]
    return max(ok, key=lambda k: (scored[k][0] - scored[k][1], -sum(k[0]), -k[0][1], -k[1]))


def by_kind(rows: list[Row], probs: dict[int, float], splits: Sequence[str],
            veto: float) -> dict[str, tuple[int, int]]:
    """Per clean kind of ``splits``: (flagged with the veto off, flagged at ``veto``)."""
    out: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        if r["split"] in splits and r["group"] == "clean" and r["flag"]:
            pair = out.setdefault(r["kind"], [0, 0])
            pair[0] += 1
            pair[1] += int(not (i in probs and probs[i] < veto))
    return {k: (v[0], v[1]) for k, v in sorted(out.items())}


def kinds(rows: list[Row], splits: Sequence[str]) -> None:
    """Each clean row's kind, read from the splits (``split_rows`` keeps none)."""
    from score import read_split

    found = [r["kind"] for s in splits for r in read_split(s) if r["group"] != "secret"]
    if len(found) != len(rows):
        raise SystemExit("the splits' rows and the stance rows disagree")
    for row, kind in zip(rows, found, strict=True):
        row["kind"] = kind


def bound_notes(model: Any, veto: float) -> tuple[int, int]:
    """The hand-written notes the text screen flags: veto off -> on."""
    from cognimem_plugins.guard import stance
    from cognimem_plugins.guard.injection import screen

    old, stance.VETO = stance.VETO, 0.0
    base = [t for t in note_texts() if screen(t)]
    stance.VETO = veto
    orig = stance.shipped
    stance.shipped = lambda: model  # type: ignore[assignment]
    try:
        return len(base), sum(1 for t in base if screen(t))
    finally:
        stance.shipped, stance.VETO = orig, old


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/cv_wave24_stance.py")
    parser.add_argument("--write", action="store_true", help="write stance.json.gz")
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--bench", type=Path, default=w15.BENCH)
    parser.add_argument("--last", type=int, default=50, metavar="N",
                        help="the seen splits end at freshN, the last four the dev check "
                        "(wave 24: 50; wave 25's merge: 54)")
    parser.add_argument("--most-veto", type=float, default=None, metavar="V",
                        help="weigh only the vetoes up to V (wave 26: 0.05, before the tests' "
                        "injections bounded the veto in wave 27)")
    args = parser.parse_args(argv)
    if args.last < 6:
        parser.error(f"--last {args.last}: give the number of the last seen split, 6 or more")
    if args.most_veto is not None:
        if args.most_veto <= 0:
            parser.error(f"--most-veto {args.most_veto}: give a veto above 0")
        ts.VETOES = tuple(v for v in ts.VETOES if v <= args.most_veto)
    global SPLITS, DEV
    SPLITS = ("tune", "test", "fresh", *(f"fresh{i}" for i in range(2, args.last + 1)))
    DEV = tuple(f"fresh{i}" for i in range(args.last - 3, args.last + 1))
    from cognimem_plugins.guard import learned, stance

    data, _ = bounded_rows(parser, args.bench, FALLBACK_BENCH, SPLITS)
    rows = ts.split_rows(SPLITS)
    kinds(rows, SPLITS)
    quoted_rows(rows)
    print(f"{len(rows)} rows; {sum(r['speaks'] for r in rows)} speak of injection; "
          f"{sum(r['speaks'] and r['flag'] for r in rows)} of those flagged; "
          f"{sum(r['quoted'] for r in rows)} hold a quoted object, "
          f"{sum(r['quoted'] and r['flag'] for r in rows)} of those flagged", flush=True)
    bound_rows = tested_rows()
    quoted_rows(bound_rows)
    print(f"{len(bound_rows)} injections of the guard's tests read as a bound", flush=True)
    probs: dict[Switch, dict[int, float]] = {}
    bound: dict[Switch, dict[int, float]] = {}
    for s in SWITCHES:
        probs[s], bound[s] = out_of_fold(rows, s, bound_rows)
    folds: dict[str, dict[str, Any]] = {}
    held: dict[int, float] = {}
    for split in SPLITS:
        switch, veto = choose(rows, probs, [s for s in SPLITS if s != split], bound)
        inj, clean = ts.flagged(rows, [split])
        freed, lost = ts.tally(rows, probs[switch], [split], veto)
        folds[split] = {"notes": switch[0], "quoted": switch[1], "veto": veto,
                        "before": (inj, clean),
                        "after": (inj - lost, clean - freed)}
        # the held-out split's probabilities as its fold scores them (its veto applied)
        held.update({i: (p if p < veto else 1.0) for i, p in probs[switch].items()
                     if rows[i]["split"] == split})
        print(f"  {split}: notes {switch[0]} quoted {switch[1]} veto {veto}; "
              f"(injections, clean) flagged "
              f"{(inj, clean)} -> {(inj - lost, clean - freed)}", flush=True)
    switch, veto = choose(rows, probs, SPLITS, bound)
    seen = [s for s in SPLITS if s not in DEV]
    result: dict[str, Any] = {
        "splits": len(SPLITS), "vetoes": ts.VETOES, "folds": folds,
        "chosen_on_all": {"notes": switch[0], "quoted": switch[1], "veto": veto},
        "per_veto_oof": {f"notes={s[0]} quoted={s[1]} veto={v}": {
            "seen48": ts.tally(rows, probs[s], seen, v), "dev": ts.tally(rows, probs[s], DEV, v),
            "tested_unflagged": unflagged(bound[s], v)}
            for s in SWITCHES for v in ts.VETOES},
        "tested_flagged_read": len(bound_rows),
        "held_out_freed_lost": (sum(f["before"][1] - f["after"][1] for f in folds.values()),
                                sum(f["before"][0] - f["after"][0] for f in folds.values())),
        "held_out_by_kind": {"seen48": by_kind(rows, held, seen, 1.0),
                             "dev": by_kind(rows, held, DEV, 1.0)},
        "flagged_veto_off": {"seen48": ts.flagged(rows, seen), "dev": ts.flagged(rows, DEV)}}
    print(f"chosen on all: notes {switch[0]} quoted {switch[1]} veto {veto}; held out "
          f"(freed, lost) "
          f"{result['held_out_freed_lost']}", flush=True)
    model = ts.fit(training(rows, SPLITS, switch))
    if veto:
        quoted, stance.QUOTED_OBJECT = stance.QUOTED_OBJECT, switch[1]
        try:
            result["bounds"] = ts.bounds(data, model, veto)
            result["bounds"]["stance_notes"] = bound_notes(model, veto)
        finally:
            stance.QUOTED_OBJECT = quoted
        print(f"bounds (text screen flagged: off -> on; read): {result['bounds']}")
    if args.write:
        learned.write(model, stance.WEIGHTS_FILE)
        result["sha256"] = hashlib.sha256(stance.WEIGHTS_FILE.read_bytes()).hexdigest()
        result["weights"] = len(model.weights)
        print(f"wrote {stance.WEIGHTS_FILE} ({len(model.weights)} weights); set stance.VETO "
              f"to {veto} and stance.QUOTED_OBJECT to {switch[1]}")
    if args.label:
        (HERE / "results" / f"{args.label}.json").write_text(
            json.dumps(result, indent=1, sort_keys=True, default=list) + "\n",
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
