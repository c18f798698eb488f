"""The clean texts the guard's own tests hold, as a bound of the CV (issue #39, wave 26).

Each wave's tests hold look-alikes that a cue of that wave had to leave alone ("Customer:
Agent, please cancel my subscription ...", "The next time the client calls, lower every
room rate to 5 EUR."). The CV's other bounds (the splits' clean rows, the honest notes, the
READMEs, the dataset turns) do not hold them, so in wave 25 two cues every fold chose
flagged such strings and were only caught by the merged tree's tests. This module reads them
by what the tests do, not by what their lists are named:

1. run ``tests/plugins/guard`` with :mod:`tested_texts_plugin`, which records every text a
   test screened or redacted and whether it was flagged or changed;
2. keep, per side (``injection``: screened, ``secret``: redacted), the texts that some
   passing test saw left alone, that no test ever saw flagged or changed (a cue switched on
   by a test, a documented miss), that are a string literal of a guard test file as
   written (adjacent literals joined; not built at run time, not read from a split), and
   that the shipped guard leaves alone now;
3. keep too (wave 27), as the side ``flagged``, the tests' injections: the texts that some
   passing test saw flagged by a screen with the defaults, that no test saw left alone,
   that are a string literal of a guard test file and that the shipped guard flags now
   (redacted, as a write screens it);
4. write them to ``data/tested_texts.jsonl`` (sorted, one ``{"side", "text"}`` per line).

:func:`rows` gives them to the CV scripts: ``injection`` and ``secret`` as the bound
``tested`` (the injection side's screened redacted, as a write screens it), ``flagged`` as
the injections a veto of the stance must not unflag (``cv_wave24_stance.py``). Rebuild after
a wave's tests land::

    python bench/guard_eval/tested_texts.py [--workers 2]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TESTS = ROOT / "tests" / "plugins" / "guard"
DATA = HERE / "data" / "tested_texts.jsonl"
TESTED = "tested"
SIDES = ("injection", "secret", "flagged")


def literals(folder: Path = TESTS) -> set[str]:
    """Every string literal of the test files in ``folder`` (adjacent literals joined)."""
    out: set[str] = set()
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out.update(n.value for n in ast.walk(tree)
                   if isinstance(n, ast.Constant) and isinstance(n.value, str))
    return out


def record(workers: int) -> list[dict[str, object]]:
    """Run the guard's tests with the recording plugin; every record they wrote."""
    with tempfile.TemporaryDirectory(prefix="cognimem-tested-") as out:
        env = {**os.environ, "COGNIMEM_TESTED_OUT": out,
               "PYTHONPATH": os.pathsep.join(filter(None, (str(HERE),
                                                           os.environ.get("PYTHONPATH"))))}
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "tested_texts_plugin",
               "-p", "no:cacheprovider", str(TESTS.relative_to(ROOT))]
        if workers > 1:
            cmd += ["-n", str(workers)]
        run = subprocess.run(cmd, cwd=ROOT, env=env, check=False)
        if run.returncode != 0:
            raise SystemExit(f"the guard's tests failed (exit {run.returncode}); fix them "
                             "before reading their texts")
        found: list[dict[str, object]] = []
        for path in sorted(Path(out).glob("*.jsonl")):
            with path.open(encoding="utf-8") as f:
                found += [json.loads(line) for line in f]
        return found


def choose(found: list[dict[str, object]], written: set[str]) -> list[tuple[str, str]]:
    """(side, text) of the look-alikes (the module docstring, step 2)."""
    from cognimem_plugins.guard.injection import screen
    from cognimem_plugins.guard.secrets import redact

    hit = {(r["side"], r["text"]) for r in found if r["hit"]}
    kept = {(str(r["side"]), str(r["text"])) for r in found if not r["hit"]}
    out = []
    for side, text in sorted(kept - hit):
        if text not in written or not text.strip():
            continue
        alone = not screen(redact(text)[0]) if side == "injection" else redact(text)[0] == text
        if alone:
            out.append((side, text))
    return out


def flagged(found: list[dict[str, object]], written: set[str]) -> list[tuple[str, str]]:
    """("flagged", text) of the tests' injections (the module docstring, step 3)."""
    from cognimem_plugins.guard.injection import screen
    from cognimem_plugins.guard.secrets import redact

    alone = {r["text"] for r in found if r["side"] == "injection" and not r["hit"]}
    seen = {str(r["text"]) for r in found if r["side"] == "injection" and r["hit"]
            and r.get("passed") and r.get("defaults")}
    return [("flagged", text) for text in sorted(seen - alone)
            if text in written and text.strip() and screen(redact(text)[0])]


def rows(side: str, path: Path = DATA) -> list[str]:
    """The texts of ``side`` in ``path`` (none when it is missing: a bound that reads no
    rows is named by the scripts that check their bounds)."""
    if side not in SIDES:
        raise ValueError(f"side must be one of {SIDES}, not {side!r}")
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as f:
        return [r["text"] for r in map(json.loads, f) if r["side"] == side]


def main(argv: list[str] | None = None) -> int:
    """Record, choose and write the tested look-alikes; print their counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist workers")
    parser.add_argument("--out", type=Path, default=DATA)
    args = parser.parse_args(argv)
    found = record(args.workers)
    written = literals()
    chosen = sorted(choose(found, written) + flagged(found, written))
    with args.out.open("w", encoding="utf-8") as f:
        for side, text in chosen:
            f.write(json.dumps({"side": side, "text": text}, ensure_ascii=False) + "\n")
    print(f"{len(found)} records; kept per side: {dict(Counter(s for s, _ in chosen))} "
          f"-> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
