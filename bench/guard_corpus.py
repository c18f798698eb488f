"""Measure the guard: its corpora figures, its cost per write, and how many dataset turns it
changes. Run from the repository root::

    python bench/guard_corpus.py [--corpus tests/data/guard] [--datasets]

Each figure is given for the corpus the detectors were developed on and for the held-out
corpus (other phrasings, never tuned against; see ``tests/data/guard/make_corpus.py``).

* secrets: the share of synthetic credentials no longer present after redaction (not the
  whole value, nor any 8-character piece of it), per kind;
* injections: the share of injection notes flagged (and flagged with the expected kind);
* ordinary notes: the share changed by redaction and the share flagged;
* cost: milliseconds per memory of the guard's prepare step (redact every field + screen)
  over all corpus notes, and of ``Engine.add`` on the ``test`` profile with and without
  the guard (``[plugins] deny = ["guard"]``);
* ``--datasets``: how many LoCoMo and LongMemEval dev turns the guard would redact or flag,
  and how many questions it would redact (the registered datasets' default files).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from cognimem.models import MemoryDraft
from cognimem_plugins.guard.injection import screen
from cognimem_plugins.guard.screening import redact_draft, screen_draft
from cognimem_plugins.guard.secrets import redact


def _read(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def leaked(secret: str, text: str, piece: int = 8) -> bool:
    """Whether ``text`` still holds the secret or any ``piece``-character part of it."""
    core = "".join(secret.split())
    flat = "".join(text.split())
    if len(core) <= piece:
        return core in flat
    return any(core[i:i + piece] in flat for i in range(len(core) - piece + 1))


def corpus_figures(folder: Path, suffix: str = "") -> dict[str, Any]:
    """The corpora figures (see the module docstring); ``suffix="_holdout"`` for the
    held-out files."""
    secrets = _read(folder / f"secrets{suffix}.jsonl")
    injections = _read(folder / f"injections{suffix}.jsonl")
    ordinary = _read(folder / f"ordinary{suffix}.jsonl")
    by_kind: dict[str, list[bool]] = defaultdict(list)
    misses = []
    for row in secrets:
        cleaned, _ = redact(row["text"])
        ok = not leaked(row["secret"], cleaned)
        by_kind[row["kind"]].append(ok)
        if not ok:
            misses.append(row["kind"])
    flagged = [screen(row["text"]) for row in injections]
    right_kind = sum(row["kind"] in found.kinds for row, found in zip(injections, flagged,
                                                                         strict=True))
    changed = [redact(row["text"])[0] != row["text"] for row in ordinary]
    ordinary_flagged = [bool(screen(row["text"])) for row in ordinary]
    return {
        "secrets": {"notes": len(secrets), "kinds": len(by_kind),
                    "redacted": sum(sum(v) for v in by_kind.values()) / len(secrets),
                    "per_kind": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_kind.items())},
                    "missed": dict(Counter(misses))},
        "injections": {"notes": len(injections),
                       "kinds": len({row["kind"] for row in injections}),
                       "flagged": sum(map(bool, flagged)) / len(injections),
                       "flagged_right_kind": right_kind / len(injections)},
        "ordinary": {"notes": len(ordinary), "changed": sum(changed) / len(ordinary),
                     "flagged": sum(ordinary_flagged) / len(ordinary)},
    }


def prepare_cost(folder: Path, repeat: int = 3) -> dict[str, float]:
    """Milliseconds per memory of the guard's prepare step over every corpus note."""
    texts = [row["text"] for name in ("secrets.jsonl", "injections.jsonl", "ordinary.jsonl")
             for row in _read(folder / name)]
    drafts = [MemoryDraft(content=t) for t in texts]
    runs, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        for draft in drafts:
            cleaned, _ = redact_draft(draft)
            screen_draft(cleaned)
        runs.append((time.perf_counter() - t0) * 1000 / len(drafts))
        cpu.append((time.process_time() - c0) * 1000 / len(drafts))
    return {"notes": len(drafts), "ms_per_memory": min(runs), "cpu_ms_per_memory": min(cpu),
            "mean_chars": statistics.mean(len(t) for t in texts)}


def add_cost(folder: Path, n: int = 400) -> dict[str, float]:
    """Milliseconds per ``Engine.add`` (test profile, one add at a time), with and without
    the guard, over the first ``n`` ordinary and secret notes."""
    from cognimem.engine import Engine

    texts = [row["text"] for row in _read(folder / "ordinary.jsonl")][: n // 2]
    texts += [row["text"] for row in _read(folder / "secrets.jsonl")][: n // 2]
    out: dict[str, float] = {}
    for label, deny in (("without_guard", ["guard"]), ("with_guard", [])):
        best = float("inf")
        for _ in range(3):
            engine = Engine.from_profile("test", overrides={"plugins": {"deny": deny}})
            try:
                t0 = time.perf_counter()
                for text in texts:
                    engine.add(text)
                best = min(best, (time.perf_counter() - t0) * 1000 / len(texts))
            finally:
                engine.close()
        out[label] = best
    out["added_ms"] = out["with_guard"] - out["without_guard"]
    return out


def dataset_figures() -> dict[str, Any]:
    """How many turns of the LoCoMo and LongMemEval dev sets the guard changes or flags."""
    from cognimem.plugins import PluginHost

    host = PluginHost()
    out: dict[str, Any] = {}
    for name in ("locomo", "longmemeval"):
        registration = host.get("dataset", name)
        if registration is None:
            continue
        dataset = registration.obj(registration.obj.Options())
        turns = changed = flagged = questions = questions_changed = 0
        kinds: Counter[str] = Counter()
        seen: set[str] = set()
        for unit in dataset.read_units():
            for query in unit.queries:
                questions += 1
                questions_changed += redact(query.text)[0] != query.text
            for doc in unit.documents:
                if doc.content in seen:
                    continue
                seen.add(doc.content)
                turns += 1
                cleaned, found = redact(doc.content)
                changed += cleaned != doc.content
                kinds.update(found)
                flagged += bool(screen(doc.content))
        out[name] = {"turns": turns, "redacted": changed, "flagged": flagged,
                     "redacted_kinds": dict(kinds), "questions": questions,
                     "questions_redacted": questions_changed}
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(prog="python bench/guard_corpus.py")
    parser.add_argument("--corpus", default="tests/data/guard", type=Path)
    parser.add_argument("--datasets", action="store_true",
                        help="also count the dev-set turns the guard changes")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"corpus": corpus_figures(args.corpus),
                               "holdout": corpus_figures(args.corpus, "_holdout")}
    figures["prepare_cost"] = prepare_cost(args.corpus)
    figures["add_cost"] = add_cost(args.corpus)
    if args.datasets:
        figures["datasets"] = dataset_figures()
    json.dump(figures, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
