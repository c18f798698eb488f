"""Score the guard on the evaluation splits and on the LoCoMo / LongMemEval turns.

Run from the repository root::

    python bench/guard_eval/score.py [--split NAME|both|all] [--data PATH.jsonl]
                                     [--datasets] [--label NAME] [--markdown] [--misses]

* ``--split NAME`` scores ``data/NAME.jsonl`` (any name: ``tune``, ``test``, ``fresh`` or a
  split added later); ``both`` is tune and test, ``all`` tune, test and fresh. ``--data
  PATH`` scores a JSON-lines file kept anywhere (its name is the file's stem). A split
  listed in ``data/MANIFEST.json`` must match its frozen hash; another is scored as it is.
  Each row: ``{"group": "secret"|"injection"|"clean", "kind": ..., "text": ...}`` and,
  for a secret, ``"secret"`` (the value that must not be kept).

* Each note of a split is written with ``Engine.add`` to an in-memory store of the ``test``
  profile (the guard on, as every profile has it) with the default profile's embedder
  ``minilm`` (``--embedder hash``: the test profile's, without which the guard's semantic
  judge is skipped), then the store is exported:
  - a **secret** counts as caught when neither its value nor any 8-character piece of it is
    in any string of its memory's exported record or events, and the whole value is nowhere
    in the export;
  - an **injection** counts as flagged when its memory carries ``meta.untrusted``;
  - a **clean** note counts as changed when its stored content differs from what was
    written (redacted) or it is flagged untrusted. Since wave 19 the contents are compared
    as the store identifies them (whitespace-normalised, its dedup's hash): a row that
    repeats an earlier row up to spacing is kept as that row by ``on_duplicate="keep"``,
    which the guard did not do (``fresh28`` repeats notes with trailing spaces).
* ``--datasets``: every distinct LoCoMo dev turn and LongMemEval_S dev turn (both roles) in
  ``../shared/bench`` (or ``--bench``), screened by the guard's own functions: the share
  redacted and the share flagged (with ``minilm``, by the phrase cues or the semantic judge;
  the turns' vectors are cached under /tmp, see ``judge_vectors.py``: the first run embeds
  the 50,114 turns, about 40 minutes of MiniLM on a loaded 2-core host; ``--embedder hash``
  scores the text guard alone, in seconds).

Rates come with 95 % Wilson intervals. ``--label NAME`` also saves the figures to
``bench/guard_eval/results/NAME.json``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from guard_corpus import leaked  # noqa: E402  (the same leak test as the guard's corpora)


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``hits`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(hits: int, n: int) -> dict[str, Any]:
    """``hits``/``n`` with its interval."""
    low, high = wilson(hits, n)
    return {"hits": hits, "n": n, "rate": hits / n if n else 0.0, "low": low, "high": high}


_GROUPS = ("secret", "injection", "clean")


def read_split(split: str, path: Path | None = None) -> list[dict[str, str]]:
    """The rows of ``data/<split>.jsonl`` (or of ``path``); a split listed in the manifest
    must match its frozen hash. A bad file stops with a one-line error naming the row."""
    if path is None and not re.fullmatch(r"[\w.-]+", split):
        raise SystemExit(f"--split {split!r}: give a name of data/NAME.jsonl (letters, digits, "
                         "'.', '-', '_'), or a file with --data PATH")
    path = path or DATA / f"{split}.jsonl"
    if not path.is_file():
        raise SystemExit(f"no split file {path} (give --split NAME for data/NAME.jsonl, "
                         "or --data PATH)")
    body = path.read_text(encoding="utf-8")
    manifest = json.loads((DATA / "MANIFEST.json").read_text(encoding="utf-8"))
    if path.parent == DATA and split in manifest and (
            hashlib.sha256(body.encode()).hexdigest() != manifest[split]["sha256"]):
        raise SystemExit(f"{split}.jsonl differs from the frozen hash in MANIFEST.json")
    rows = []
    for number, line in enumerate(body.split("\n"), 1):  # not splitlines(): U+2028 is text
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise SystemExit(f"{path.name} line {number}: not JSON ({error.msg})") from None
        if (not isinstance(row, dict) or row.get("group") not in _GROUPS
                or not isinstance(row.get("text"), str) or not isinstance(row.get("kind"), str)
                or (row["group"] == "secret" and not isinstance(row.get("secret"), str))):
            raise SystemExit(f"{path.name} line {number}: a row needs group (secret, "
                             "injection or clean), kind and text, and a secret its 'secret'")
        rows.append(row)
    return rows


def _leaked(secret: str, stored: str, written: str, piece: int = 8) -> bool:
    """Whether ``stored`` keeps ``secret`` or a ``piece``-character part of it that the note
    did not hold elsewhere (a config key ``github_pat:`` shares the token's prefix)."""
    around = "".join(written.replace(secret, " ").split())
    core = "".join(secret.split())
    pieces = [core[i:i + piece] for i in range(max(1, len(core) - piece + 1))]
    own = [p for p in pieces if p not in around]
    return leaked(secret, stored) and (not own or any(p in "".join(stored.split())
                                                       for p in own))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


#: the embedder of the scoring store: ``minilm`` (the default profile's: the guard's
#: semantic judge reads its vectors) or ``hash`` (the ``test`` profile's: the judge skipped)
EMBEDDERS = ("minilm", "hash")


def store_and_export(rows: list[dict[str, str]], embedder: str = "minilm"
                     ) -> tuple[list[str], dict[str, Any]]:
    """Write each row's text to a fresh ``test``-profile store with ``embedder``; the memory
    ids and export."""
    from cognimem.engine import Engine

    engine = Engine.from_profile("test", overrides={"embedder": {"use": embedder}})
    try:
        ids = [engine.add(row["text"], on_duplicate="keep").memory.id for row in rows]
        return ids, engine.export()
    finally:
        engine.close()


def score_split(rows: list[dict[str, str]], embedder: str = "minilm") -> dict[str, Any]:
    """Per-kind and overall figures of one split (see the module docstring)."""
    from cognimem.models.memory import content_hash

    ids, export = store_and_export(rows, embedder)
    memories = {m["id"]: m for m in export["memories"]}
    events: dict[str, list[Any]] = defaultdict(list)
    for event in export["events"]:
        events[str(event.get("target"))].append(event)
    everything = "\n".join(_strings(export))
    per_kind: dict[tuple[str, str], list[bool]] = defaultdict(list)
    misses: list[dict[str, str]] = []
    for row, memory_id in zip(rows, ids, strict=True):
        memory = memories[memory_id]
        if row["group"] == "secret":
            own = "\n".join(_strings([memory, events[memory_id]]))
            ok = not _leaked(row["secret"], own, row["text"]) and row["secret"] not in everything
        elif row["group"] == "injection":
            ok = bool(memory["meta"].get("untrusted"))
        else:
            # the store's own identity of content (whitespace-normalised, as its dedup
            # reads it): a row that repeats an earlier one up to spacing is kept as that
            # one, which is the store's choice, not a change by the guard
            ok = (content_hash(memory["content"]) != content_hash(row["text"])
                  or bool(memory["meta"].get("untrusted")))
        per_kind[(row["group"], row["kind"])].append(ok)
        if ok == (row["group"] == "clean"):
            misses.append({"group": row["group"], "kind": row["kind"],
                           "stored": memory["content"][:200]})
    out: dict[str, Any] = {"per_kind": {}, "misses": misses}
    totals: dict[str, list[bool]] = defaultdict(list)
    for (group, kind), oks in sorted(per_kind.items()):
        out["per_kind"][f"{group}/{kind}"] = rate(sum(oks), len(oks))
        totals[group].extend(oks)
    out["secrets_caught"] = rate(sum(totals["secret"]), len(totals["secret"]))
    out["injections_flagged"] = rate(sum(totals["injection"]), len(totals["injection"]))
    out["clean_changed"] = rate(sum(totals["clean"]), len(totals["clean"]))
    return out


def dataset_turns(bench: Path) -> dict[str, list[str]]:
    """Every distinct turn of the LoCoMo and LongMemEval_S dev sets."""
    locomo = json.loads((bench / "locomo" / "locomo_dev.json").read_text(encoding="utf-8"))
    turns: dict[str, list[str]] = {"locomo": [], "longmemeval": []}
    for sample in locomo:
        conversation = sample["conversation"]
        for key, session in conversation.items():
            if key.startswith("session_") and isinstance(session, list):
                for turn in session:
                    text = turn["text"]
                    if turn.get("blip_caption"):
                        text += f" [shares image: {turn['blip_caption']}]"
                    turns["locomo"].append(text)
    with gzip.open(bench / "longmemeval" / "longmemeval_s_dev.json.gz", "rt",
                   encoding="utf-8") as f:
        for question in json.load(f):
            for session in question["haystack_sessions"]:
                turns["longmemeval"].extend(turn["content"] for turn in session)
    return {name: list(dict.fromkeys(texts)) for name, texts in turns.items()}


def score_datasets(bench: Path, embedder: str = "minilm") -> dict[str, Any]:
    """The share of dataset turns the guard would redact or flag (with ``minilm``, the
    semantic judge too, over each turn's vector after the redaction: cached under /tmp by
    ``judge_vectors.py``, embedded once)."""
    from cognimem_plugins.guard.injection import screen
    from cognimem_plugins.guard.judge import judge
    from cognimem_plugins.guard.secrets import redact

    out: dict[str, Any] = {}
    all_changed = all_n = 0
    for name, texts in dataset_turns(bench).items():
        cleaned = [redact(t)[0] for t in texts]
        redacted = [i for i, (t, c) in enumerate(zip(texts, cleaned, strict=True)) if c != t]
        flagged = [i for i, t in enumerate(texts) if screen(t)]
        if embedder == "minilm":
            from judge_vectors import Cache

            by_judge = judge(Cache().vectors(cleaned, redacted=True), cleaned)
            screened = set(flagged)
            flagged += [i for i, v in enumerate(by_judge) if v.flags and i not in screened]
        changed = set(redacted) | set(flagged)
        all_changed += len(changed)
        all_n += len(texts)
        out[name] = {"turns": len(texts), "redacted": rate(len(redacted), len(texts)),
                     "flagged": rate(len(flagged), len(texts)),
                     "changed": rate(len(changed), len(texts)),
                     "examples": [texts[i][:160] for i in sorted(changed)[:8]]}
    out["both_changed"] = rate(all_changed, all_n)
    return out


def _fmt(r: dict[str, Any]) -> str:
    return f"{r['rate']:.3f} ({r['hits']}/{r['n']}; {r['low']:.3f}-{r['high']:.3f})"


def _per_mille(r: dict[str, Any]) -> str:
    return (f"{1000 * r['rate']:.2f} per 1,000 ({r['hits']}/{r['n']}; "
            f"{1000 * r['low']:.2f}-{1000 * r['high']:.2f})")


def markdown(figures: dict[str, Any]) -> str:
    """The figures as Markdown tables."""
    lines = []
    for split, f in figures.items():
        if split == "datasets":
            continue
        lines += [f"**{split} split**: secrets caught {_fmt(f['secrets_caught'])}, "
                  f"injections flagged {_fmt(f['injections_flagged'])}, clean notes changed "
                  f"{_fmt(f['clean_changed'])}", "", "| group/kind | rate (hits/n; 95 % CI) |",
                  "|---|---|"]
        lines += [f"| {k} | {_fmt(r)} |" for k, r in f["per_kind"].items()]
        lines.append("")
    if "datasets" in figures:
        d = figures["datasets"]
        for name in ("locomo", "longmemeval"):
            lines.append(f"- {name}: {d[name]['turns']} turns, redacted "
                         f"{_per_mille(d[name]['redacted'])}, flagged "
                         f"{_per_mille(d[name]['flagged'])}")
        lines.append(f"- both, changed (redacted or flagged): {_per_mille(d['both_changed'])}")
    return "\n".join(lines)


def compare(labels: list[str]) -> str:
    """Saved results side by side: one row per kind, one column per split and label."""
    saved = {label: json.loads((HERE / "results" / f"{label}.json").read_text(
        encoding="utf-8")) for label in labels}
    names = dict.fromkeys(s for label in labels for s in saved[label] if s != "datasets")
    columns = [(split, label) for split in names for label in labels if split in saved[label]]
    head = " | ".join(f"{split} {label}" for split, label in columns)
    lines = [f"| measure | {head} |", "|---" * (len(columns) + 1) + "|"]
    for total in ("secrets_caught", "injections_flagged", "clean_changed"):
        cells = " | ".join(_fmt(saved[label][split][total]) for split, label in columns)
        lines.append(f"| **{total}** | {cells} |")
    kinds = sorted({k for split, label in columns for k in saved[label][split]["per_kind"]})
    for kind in kinds:
        cells = " | ".join(_fmt(saved[label][split]["per_kind"][kind])
                           if kind in saved[label][split]["per_kind"] else "-"
                           for split, label in columns)
        lines.append(f"| {kind} | {cells} |")
    rows = ["| dataset turns changed | "]
    for label in labels:
        if "datasets" in saved[label]:
            rows.append(f"{label}: {_per_mille(saved[label]['datasets']['both_changed'])}; ")
    return "\n".join(lines) + "\n\n" + "".join(rows).rstrip("; ") + " |"


def main(argv: list[str] | None = None) -> int:
    """Print the figures (JSON, or Markdown with ``--markdown``)."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/score.py")
    parser.add_argument("--split", default="both", metavar="NAME",
                        help="data/NAME.jsonl; both: tune and test; all: tune, test, fresh")
    parser.add_argument("--data", type=Path, metavar="PATH",
                        help="score this JSON-lines file instead (named by its stem)")
    parser.add_argument("--datasets", action="store_true")
    parser.add_argument("--embedder", choices=EMBEDDERS, default="minilm",
                        help="the store's embedder (minilm: the semantic judge runs, as in "
                             "the default profile; hash: the text guard alone)")
    parser.add_argument("--bench", type=Path, default=Path("../shared/bench"))
    parser.add_argument("--label", help="save the figures as results/LABEL.json")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--misses", action="store_true", help="list what each split missed")
    parser.add_argument("--compare", nargs="+", metavar="LABEL",
                        help="print saved results side by side (Markdown) and stop")
    args = parser.parse_args(argv)
    if args.compare:
        print(compare(args.compare))
        return 0
    if args.data is not None:
        figures: dict[str, Any] = {args.data.stem: score_split(
            read_split(args.data.stem, args.data), args.embedder)}
    else:
        splits = {"both": ["tune", "test"], "all": ["tune", "test", "fresh"]}.get(
            args.split, [args.split])
        figures = {s: score_split(read_split(s), args.embedder) for s in splits}
    if not args.misses:
        for f in figures.values():
            f.pop("misses")
    if args.datasets:
        figures["datasets"] = score_datasets(args.bench, args.embedder)
    if args.label:
        for name in ("locomo", "longmemeval"):  # the datasets' text is not copied into results
            figures.get("datasets", {}).get(name, {}).pop("examples", None)
        (HERE / "results").mkdir(exist_ok=True)
        (HERE / "results" / f"{args.label}.json").write_text(json.dumps(figures, indent=1,
                                                                        ensure_ascii=False))
    print(markdown(figures) if args.markdown else json.dumps(figures, indent=1,
                                                              ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
