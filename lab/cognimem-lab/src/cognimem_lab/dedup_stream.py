"""Duplicate and conflict detection on a generated write stream, and the guard's write cost.

The stream (seeded, repeatable) is made of real conversation turns: LoCoMo dev turns
(``"Speaker: text"``), then LongMemEval_S dev user turns (cut to 300 characters) when more
originals are needed. Of ``--n`` memories, ``--repeats`` (default 20 %) are reworded repeats
of an earlier original (case, punctuation, fillers, contractions, synonyms, dropped adverbs,
``500 ms`` written ``500ms``) and ``--changed`` (default 5 %) repeat an earlier original with
one value changed (a number, a weekday or a month). Every repeat comes after its source.

Each memory is written with ``Engine.add_many`` in batches, as an agent's bulk import or the
evaluation would, into a fresh store of the given profile (default: the default profile in a
temporary folder), once with its write guards and once without. Scored:

* duplicates: a reworded repeat is found when it is merged into (or is an exact duplicate
  of) the memory its source became; any other merge is a false positive;
* conflicts: a changed repeat is found when its write reports a conflict with its source's
  memory; any other reported conflict is a false positive.

    python -m cognimem_lab.dedup_stream --locomo PATH/locomo_dev.json \\
        --longmemeval PATH/longmemeval_s_dev.json.gz --n 10000 --seed 0
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cognimem.engine import Engine, Written
from cognimem.profile import load_profile

SWAPS = {
    "great": "awesome", "awesome": "great", "really": "truly", "big": "large",
    "happy": "glad", "glad": "happy", "amazing": "incredible", "nice": "lovely",
    "thanks": "thank you", "movie": "film", "kids": "children", "buy": "purchase",
    "start": "begin", "help": "assist", "maybe": "perhaps", "fun": "enjoyable",
}
CONTRACTIONS = {"it's": "it is", "i'm": "i am", "don't": "do not", "that's": "that is",
                "you're": "you are", "can't": "cannot", "i've": "i have", "we're": "we are"}
FILLERS = ("Note: ", "FYI, ", "Reminder: ", "As I said, ", "Just to repeat: ", "Again, ")
ADVERBS = ("really", "very", "just", "so", "actually", "definitely")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w.]\d)")


@dataclass
class Item:
    """One memory of the stream: what it is and, for a repeat, the original it repeats."""

    text: str
    kind: str  # original, repeat, changed
    source: int | None = None


def load_originals(locomo: Path, longmemeval: Path | None, need: int) -> list[str]:
    """Distinct turns: every LoCoMo dev turn, then LongMemEval user turns if more are needed."""
    out: dict[str, None] = {}
    for sample in json.loads(locomo.read_text(encoding="utf-8")):
        conversation = sample["conversation"]
        n = 1
        while f"session_{n}" in conversation:
            for turn in conversation[f"session_{n}"]:
                out.setdefault(f"{turn['speaker']}: {turn['text']}".strip())
            n += 1
    if len(out) < need and longmemeval is not None:
        with gzip.open(longmemeval, "rt", encoding="utf-8") as handle:
            questions = json.load(handle)
        for question in questions:
            for session in question["haystack_sessions"]:
                for turn in session:
                    if turn["role"] == "user" and turn["content"].strip():
                        out.setdefault(" ".join(turn["content"].split())[:300])
                if len(out) >= need:
                    break
    return list(out)


def reword(text: str, rng: random.Random) -> str:
    """``text`` said again in other words (same values): 1 to 3 rule-based edits."""
    def case(t: str) -> str:
        return t.lower() if rng.random() < 0.5 else t.upper()[:1] + t[1:]

    def punctuation(t: str) -> str:
        return t.rstrip(".!?") if t[-1:] in ".!?" else t + "."

    def filler(t: str) -> str:
        return rng.choice(FILLERS) + t

    def contraction(t: str) -> str:
        for short, long in CONTRACTIONS.items():
            pattern = re.compile(rf"\b{re.escape(short)}\b", re.I)
            if pattern.search(t):
                return pattern.sub(long, t, count=1)
            pattern = re.compile(rf"\b{re.escape(long)}\b", re.I)
            if pattern.search(t):
                return pattern.sub(short, t, count=1)
        return t

    def synonym(t: str) -> str:
        words = [w for w in SWAPS if re.search(rf"\b{w}\b", t, re.I)]
        if not words:
            return t
        word = rng.choice(words)
        return re.sub(rf"\b{word}\b", SWAPS[word], t, count=1, flags=re.I)

    def adverb(t: str) -> str:
        found = [a for a in ADVERBS if re.search(rf"\b{a}\b ", t)]
        return re.sub(rf"\b{rng.choice(found)}\b ", "", t, count=1) if found else t

    def units(t: str) -> str:
        return re.sub(r"(\d) (ms|s|min|h|km|kg|mb|gb)\b", r"\1\2", t, count=1) \
            if re.search(r"\d (ms|s|min|h|km|kg|mb|gb)\b", t) else t

    edits = [case, punctuation, filler, contraction, synonym, adverb, units]
    for _ in range(20):
        out = text
        for edit in rng.sample(edits, rng.randint(1, 3)):
            out = edit(out)
        if " ".join(out.split()) != " ".join(text.split()):
            return out
    return "Note: " + text


def change_value(text: str, rng: random.Random) -> str | None:
    """``text`` with one value changed (a number, a weekday or a month); None if it has none."""
    numbers = list(NUMBER.finditer(text))
    days = [d for d in WEEKDAYS if d in text]
    months = [m for m in MONTHS if re.search(rf"\b{m}\b", text)]
    choices = [k for k, found in (("n", numbers), ("d", days), ("m", months)) if found]
    if not choices:
        return None
    kind = rng.choice(choices)
    if kind == "n":
        match = rng.choice(numbers)
        value = int(match.group(1))
        new = value + rng.choice([1, 2, 3, 5, 10]) * rng.choice([1, -1]) if value > 10 \
            else value + rng.randint(1, 4)
        return text[: match.start()] + str(new) + text[match.end():]
    names = WEEKDAYS if kind == "d" else MONTHS
    old = rng.choice(days if kind == "d" else months)
    return text.replace(old, rng.choice([n for n in names if n != old]), 1)


def make_stream(originals: list[str], n: int, repeats: float, changed: float,
                seed: int) -> list[Item]:
    """The stream: originals in a shuffled order, repeats placed after their source."""
    rng = random.Random(seed)
    n_repeat, n_changed = round(n * repeats), round(n * changed)
    n_original = n - n_repeat - n_changed
    if len(originals) < n_original:
        raise SystemExit(f"only {len(originals)} distinct turns; lower --n")
    pool = rng.sample(originals, n_original)
    kinds = ["repeat"] * n_repeat + ["changed"] * n_changed + ["original"] * (n_original - 1)
    rng.shuffle(kinds)
    kinds.insert(0, "original")
    stream: list[Item] = []
    emitted: list[int] = []  # stream positions of the originals so far
    with_values: list[int] = []
    next_original = 0
    for kind in kinds:
        if kind == "changed":
            source = rng.choice(with_values) if with_values else None
            text = change_value(stream[source].text, rng) if source is not None else None
            if source is not None and text is not None:
                stream.append(Item(text, "changed", source))
                continue
            kind = "repeat"  # no original with a value yet: a reworded repeat instead
        if kind == "repeat" and emitted:
            source = rng.choice(emitted)
            stream.append(Item(reword(stream[source].text, rng), "repeat", source))
            continue
        text = pool[next_original % len(pool)]
        next_original += 1
        emitted.append(len(stream))
        if change_value(text, random.Random(0)) is not None:
            with_values.append(len(stream))
        stream.append(Item(text, "original"))
    return stream


def score(stream: list[Item], written: list[Written]) -> dict[str, Any]:
    """Precision and recall of duplicate merges and of conflict reports."""
    became = [w.id for w in written]
    dup_tp = dup_fp = conf_tp = conf_fp = changed_merged = 0
    for i, (item, result) in enumerate(zip(stream, written, strict=True)):
        source = became[item.source] if item.source is not None else None
        merged = result.outcome in ("merged", "duplicate")
        if merged:
            if item.kind == "repeat" and result.id == source:
                dup_tp += 1
            else:
                dup_fp += 1
                changed_merged += item.kind == "changed"
        if result.conflicts:
            if item.kind == "changed" and source in result.conflicts:
                conf_tp += 1
            else:
                conf_fp += 1
        del i
    n_repeat = sum(i.kind == "repeat" for i in stream)
    n_changed = sum(i.kind == "changed" for i in stream)
    return {
        "memories_written": len(stream), "memories_stored": len(set(became)),
        "repeats": n_repeat, "changed": n_changed,
        "duplicates": {"tp": dup_tp, "fp": dup_fp, "precision": _ratio(dup_tp, dup_tp + dup_fp),
                       "recall": _ratio(dup_tp, n_repeat)},
        "conflicts": {"tp": conf_tp, "fp": conf_fp,
                      "precision": _ratio(conf_tp, conf_tp + conf_fp),
                      "recall": _ratio(conf_tp, n_changed)},
        "changed_values_merged": changed_merged,
    }


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def run(profile_ref: str | None, stream: list[Item], batch: int,
        overrides: dict[str, Any] | None) -> tuple[list[Written], float]:
    """Write the stream into a fresh store; (results, seconds in add_many)."""
    folder = tempfile.mkdtemp(prefix="cognimem-dedup-")
    try:
        profile = load_profile(*([profile_ref] if profile_ref else []),
                               overrides={"path": folder, **(overrides or {})})
        engine = Engine.from_profile(profile)
        try:
            out: list[Written] = []
            spent = 0.0
            for start in range(0, len(stream), batch):
                texts = [item.text for item in stream[start : start + batch]]
                began = time.perf_counter()
                out.extend(engine.add_many(texts))
                spent += time.perf_counter() - began
            return out, spent
        finally:
            engine.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """Generate the stream, write it with and without the guards, print JSON."""
    parser = argparse.ArgumentParser(prog="python -m cognimem_lab.dedup_stream",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--locomo", type=Path, required=True, help="locomo_dev.json")
    parser.add_argument("--longmemeval", type=Path, help="longmemeval_s_dev.json.gz")
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--repeats", type=float, default=0.20)
    parser.add_argument("--changed", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--profile", help="a profile file or name (default: default)")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the run without guards (no write-cost comparison)")
    parser.add_argument("--dump", type=Path, help="write the stream as JSON lines here")
    args = parser.parse_args(argv)
    need = args.n - round(args.n * args.repeats) - round(args.n * args.changed)
    stream = make_stream(load_originals(args.locomo, args.longmemeval, need), args.n,
                         args.repeats, args.changed, args.seed)
    if args.dump:
        args.dump.write_text("".join(json.dumps(item.__dict__) + "\n" for item in stream))
    written, guarded_s = run(args.profile, stream, args.batch, None)
    report: dict[str, Any] = {"n": args.n, "seed": args.seed, "batch": args.batch,
                              "guarded": {**score(stream, written),
                                          "ms_per_memory": round(guarded_s / args.n * 1000, 3)}}
    if not args.no_baseline:
        plain, plain_s = run(args.profile, stream, args.batch, {"guard": []})
        report["unguarded"] = {**score(stream, plain),
                               "ms_per_memory": round(plain_s / args.n * 1000, 3)}
        report["added_ms_per_memory"] = round((guarded_s - plain_s) / args.n * 1000, 3)
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
