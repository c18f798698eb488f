"""Clean text nobody wrote for the guard: the READMEs of the installed Python packages.

Every installed distribution's long description (its README, from the ``METADATA`` file) is
cut into paragraphs at blank lines; each distinct paragraph of 40 characters or more
(at most 4,000 kept) becomes a clean row of the evaluation's format, its ``kind`` the
package's name. Developer prose with code, configuration, changelogs, badges and links,
written by hundreds of authors who never saw the guard: a redaction or a flag there is a
false positive unless the paragraph really holds a credential or an instruction to an AI
(the rows are not labelled: read what the scorer lists). The rows depend on what is
installed, so they are written to a path and never committed; the count of packages and
rows is printed. Run from the repository root::

    python bench/guard_eval/readme_rows.py /tmp/readmes.jsonl
    python bench/guard_eval/score.py --data /tmp/readmes.jsonl --misses
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import re
from pathlib import Path

#: paragraphs shorter than this are headings or single links
SHORTEST = 40
#: the longest paragraph kept (the scorer writes each row as one memory)
LONGEST = 4000
_BLANK = re.compile(r"\n\s*\n")


def rows() -> list[dict[str, str]]:
    """Each installed package's README paragraphs as clean rows, by package name (the same
    installed packages give the same rows in the same order)."""
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    dists = sorted(importlib.metadata.distributions(),
                   key=lambda d: ((d.metadata["Name"] or "").lower(), d.version or ""))
    for dist in dists:
        text = dist.read_text("METADATA") or ""
        if "\n\n" not in text:
            continue
        body = text.split("\n\n", 1)[1]  # (the headers end at the first blank line)
        for paragraph in _BLANK.split(body):
            paragraph = paragraph.strip()
            if len(paragraph) < SHORTEST or paragraph in seen:
                continue
            seen.add(paragraph)
            out.append({"group": "clean", "kind": dist.metadata["Name"] or "?",
                        "text": paragraph[:LONGEST]})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the JSON-lines file to write")
    args = parser.parse_args()
    found = rows()
    with args.out.open("w", encoding="utf-8") as f:
        for row in found:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(found)} paragraphs of {len({r['kind'] for r in found})} packages -> {args.out}")


if __name__ == "__main__":
    main()
