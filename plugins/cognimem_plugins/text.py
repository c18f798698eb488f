"""Text analysis shared by first-party plugins: tokenizing and a light English stemmer."""

from __future__ import annotations

import re
from functools import lru_cache

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)

#: A small English stop list (articles, pronouns, auxiliaries): dropped from BM25 queries
#: and documents.
STOPWORDS = frozenset(
    """a an and are as at be been but by did do does for from had has have he her hers him his
    i if in into is it its me my of on or our she so than that the their them then there these
    they this those to was we were what when where which who whom why will with would you
    your""".split()
)


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """A conservative suffix-stripping stemmer (plural, -ing, -ed, -ly)."""
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("edly", ""), ("ed", ""),
                         ("ly", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            return word[: len(word) - len(suffix)] + keep
    return word


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens, stop words removed, stemmed."""
    return [stem(t) for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS]
