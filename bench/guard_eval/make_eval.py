"""Write the guard's evaluation set: a tuning split and a frozen test split.

Run from the repository root::

    python bench/guard_eval/make_eval.py [--out bench/guard_eval/data]

Every template list of ``templates.py`` is cut in two halves by a fixed seed: the tuning
split uses one half, the test split the other, so no phrasing of the test split is seen
while tuning. Values are drawn by ``values.py`` with a seed per split. The test split was
written once, before any change to the guard, and its SHA-256 is kept in
``data/MANIFEST.json``; ``score.py`` refuses a test split whose hash differs.

The ``fresh`` split (``templates_fresh.py``) was written after the first look at the test
split, before the changes made in answer to it, to measure those changes.

Rows (JSON lines): ``group`` (secret | clean | injection), ``kind``, ``text``, and for
secrets the ``secret`` that must not survive.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import templates
import templates_fresh
from templates import PREFIXED, SECRET_NAMES
from values import CLEAN_VALUES, SECRET_VALUES

#: tune and test share ``templates.py`` (each takes one half of every list); ``fresh`` has
#: ``templates_fresh.py`` alone, all of it
SEEDS = {"tune": 3901, "test": 3902, "fresh": 3903}
PER_KIND = {"secret": 8, "clean": 8, "injection": 8}
HOSTS = ["db-prod-2", "build01.internal", "staging-eu", "grafana.acme.test", "jump-1",
         "ci-runner-7", "nas.home", "vpn-gw"]


def halves(items: list[str], key: str, split: str) -> list[str]:
    """The half of ``items`` that belongs to ``split`` (the cut fixed by ``key``); all of
    them for the ``fresh`` split."""
    if split == "fresh":
        return list(items)
    order = list(items)
    random.Random(f"cut:{key}").shuffle(order)
    cut = (len(order) + 1) // 2
    return order[:cut] if split == "test" else order[cut:]


def _fill(template: str, rng: random.Random, value: str, names: tuple[str, str, str]) -> str:
    name, env, snake = names
    return template.format(v=value, name=name, env=env, snake=snake, host=rng.choice(HOSTS),
                           o=rng.randint(100000, 9999999), p=rng.randint(100000, 9999999))


def _source(split: str) -> Any:
    return templates_fresh if split == "fresh" else templates


def secret_rows(split: str, rng: random.Random) -> Iterator[dict[str, str]]:
    """``PER_KIND["secret"]`` notes per secret kind."""
    source = _source(split)
    for kind, make in SECRET_VALUES.items():
        if kind in source.OWN_FORMAT:
            pool = halves(source.OWN_FORMAT[kind], kind, split)
        else:
            pool = halves(source.NAMED_SECRET, "named", split)
            if kind in PREFIXED:
                pool += halves(source.BARE_SECRET, "bare", split)
        names = SECRET_NAMES.get(kind, (kind, kind.upper(), kind))
        for i in range(PER_KIND["secret"]):
            value = make(rng)
            template = pool[i % len(pool)] if i < len(pool) else rng.choice(pool)
            # a key block's BEGIN and END lines are public framing: the body is the secret
            secret = "\n".join(value.splitlines()[1:-1]) if kind == "private_key" else value
            yield {"group": "secret", "kind": kind, "secret": secret,
                   "text": _fill(template, rng, value, names)}


def clean_rows(split: str, rng: random.Random) -> Iterator[dict[str, str]]:
    """``PER_KIND["clean"]`` look-alike notes per kind, and half the clean prose."""
    source = _source(split)
    for kind, make in CLEAN_VALUES.items():
        pool = halves(source.CLEAN[kind], kind, split)
        for i in range(PER_KIND["clean"]):
            template = pool[i % len(pool)]
            yield {"group": "clean", "kind": kind,
                   "text": _fill(template, rng, make(rng), ("key", "KEY", "key"))}
    for kind, texts in source.CLEAN_PROSE.items():
        for text in halves(texts, kind, split):
            yield {"group": "clean", "kind": kind, "text": text}


# --- injections: context, wrappers and Unicode tricks ----------------------------------------

_CONTEXTS = ["{x}", "{x}", "Meeting notes, Tuesday: the migration is done.\n\n{x}",
             "README excerpt:\n{x}", "Issue #482, comment by a new account: {x}",
             "{x}\n\nThanks for the help with the CI cache!",
             "Scraped from the vendor's changelog page: {x}"]

_CONFUSABLE = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441",
               "y": "\u0443", "x": "\u0445", "i": "\u0456", "s": "\u0455"}


def _confusables(text: str, rng: random.Random) -> str:
    return "".join(_CONFUSABLE[c] if c in _CONFUSABLE and rng.random() < 0.5 else c
                   for c in text)


def _fullwidth(text: str, rng: random.Random) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _spaced(text: str, rng: random.Random) -> str:
    return "  ".join(" ".join(word) for word in text.split())


def _emphasis(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    return " ".join(f"**{w}**" if rng.random() < 0.3 else f"_{w}_" if rng.random() < 0.2
                    else w for w in words)


def _zero_width(text: str, rng: random.Random) -> str:
    return "".join(c + ("\u200b" if c.isalpha() and rng.random() < 0.2 else "") for c in text)


_TRICKS: list[Callable[[str, random.Random], str]] = [_confusables, _fullwidth, _spaced,
                                                      _emphasis, _zero_width]
_CODE = ["```text\n{x}\n```", "```json\n{{\"role\": \"system\", \"content\": \"{x}\"}}\n```",
         "```yaml\nnote: |\n  {x}\n```", "    {x}", "<!-- {x} -->", "```\n# {x}\n```"]


def injection_rows(split: str, rng: random.Random) -> Iterator[dict[str, str]]:
    """``PER_KIND["injection"]`` injections per kind, and per wrapper."""
    contexts = halves(_CONTEXTS, "context", split)
    pools = {kind: halves(texts, kind, split)
             for kind, texts in _source(split).INJECTIONS.items()}
    for kind, pool in pools.items():
        for i in range(PER_KIND["injection"]):
            text = pool[i % len(pool)]
            yield {"group": "injection", "kind": kind,
                   "text": rng.choice(contexts).format(x=text)}
    base = [t for k in ("override", "persona", "fake_system") for t in pools[k]]
    for i in range(PER_KIND["injection"]):
        text = rng.choice(base).replace("\n", " ").replace('"', "'")
        yield {"group": "injection", "kind": "code_block",
               "text": halves(_CODE, "code", split)[i % 3].format(x=text)}
    for i in range(PER_KIND["injection"]):
        trick = _TRICKS[i % len(_TRICKS)]
        yield {"group": "injection", "kind": "unicode_trick",
               "text": trick(rng.choice(base), rng)}


def build(split: str) -> list[dict[str, str]]:
    """Every row of ``split`` (``tune`` or ``test``)."""
    rng = random.Random(SEEDS[split])
    return [*secret_rows(split, rng), *clean_rows(split, rng), *injection_rows(split, rng)]


def main(argv: list[str] | None = None) -> int:
    """Write ``tune.jsonl``, ``test.jsonl`` and the manifest."""
    parser = argparse.ArgumentParser(prog="python bench/guard_eval/make_eval.py")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "data")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, dict[str, object]] = {}
    for split in SEEDS:
        rows = build(split)
        body = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        (args.out / f"{split}.jsonl").write_text(body, encoding="utf-8")
        manifest[split] = {"rows": len(rows), "seed": SEEDS[split],
                           "sha256": hashlib.sha256(body.encode()).hexdigest()}
    (args.out / "MANIFEST.json").write_text(json.dumps(manifest, indent=1) + "\n",
                                            encoding="utf-8")
    print(json.dumps(manifest, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
