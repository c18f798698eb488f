"""List (readable splits) or count (dev splits) the family's rows the text guard misses."""
import json
import re
import sys
from pathlib import Path

from cognimem_plugins.guard.injection import screen
from cognimem_plugins.guard.secrets import redact

DATA = Path("/work/wt/w24-encoded/bench/guard_eval/data")
DEV = ("fresh47", "fresh48", "fresh49", "fresh50")
FAM = re.compile(r"encod|obfus|unicode|cipher|acrostic|spaced|leet|homoglyph|zero|fullwidth|tag_smug")

def names():
    out = []
    for f in sorted(DATA.glob("*.jsonl")):
        n = f.stem
        m = re.fullmatch(r"fresh(\d+)", n)
        if m and int(m.group(1)) > 50:
            continue
        out.append(n)
    return out

def rows(split):
    for l in open(DATA / f"{split}.jsonl"):
        yield json.loads(l)

import os

from cognimem_plugins.guard import injection

injection.AROUND_WEIGHT = float(os.environ.get("AROUND", "0"))
injection.READING_WEIGHT = float(os.environ.get("READING", "0"))

def flagged(t):
    return bool(screen(redact(t)[0]))

if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "list"
    tot = [0, 0]; clean = [0, 0]
    for split in names():
        dev = split in DEV
        if (mode == "dev") != dev:
            continue
        for r in rows(split):
            if r["group"] == "injection" and FAM.search(r["kind"]):
                f = flagged(r["text"])
                tot[0] += f; tot[1] += 1
                if not f and mode == "list":
                    print(json.dumps({"split": split, "kind": r["kind"], "text": r["text"]}, ensure_ascii=False))
            elif r["group"] == "clean" and mode in ("dev", "clean"):
                clean[0] += flagged(r["text"]); clean[1] += 1
    print("family flagged", tot, "clean flagged", clean, file=sys.stderr)
