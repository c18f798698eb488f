"""Letter-substitution ciphers an instruction is hidden in, and how each is read (wave 19).

The classical ciphers people use to hide a sentence from a reader but not from a model:
every Caesar shift (each letter moved ``n`` places along the alphabet; ROT13 is the shift of
13, read by :mod:`.decoding` already) and Atbash (the alphabet reversed, ``a`` for ``z``).
None has a run to find: a text is read so when it holds the common English words so
spelled (``wkh``/``dqg``/``brx`` are "the"/"and"/"you" shifted by three; ``gsv``/``zmw``
"the"/"and" in Atbash). :data:`MARKS` maps each spelled mark word to the ciphers that spell
it, so a text that holds none of them costs one set intersection.
"""

from __future__ import annotations

import string
from collections.abc import Callable

_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase


def _shift_table(n: int) -> dict[int, int]:
    return str.maketrans(_LOWER + _UPPER, _LOWER[n:] + _LOWER[:n] + _UPPER[n:] + _UPPER[:n])


_ATBASH = str.maketrans(_LOWER + _UPPER, _LOWER[::-1] + _UPPER[::-1])

#: each cipher's name and its encoding table (decoding: the table inverted)
_TABLES: dict[str, dict[int, int]] = {
    **{f"caesar{n}": _shift_table(n) for n in range(1, 26) if n != 13},
    "atbash": _ATBASH,
}


def _inverse(table: dict[int, int]) -> dict[int, int]:
    return {v: k for k, v in table.items()}


def _decoder(table: dict[int, int]) -> Callable[[str], str]:
    inverse = _inverse(table)

    def decode(text: str) -> str:
        return text.translate(inverse)

    return decode


#: each cipher's decoder
DECODERS: dict[str, Callable[[str], str]] = {name: _decoder(t) for name, t in _TABLES.items()}


def spelled(words: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """Each cipher's spellings of ``words``."""
    return {name: frozenset(w.translate(table) for w in words) for name, table in _TABLES.items()}


#: the words a sentence in English almost always holds, as each cipher spells them
_MARK_WORDS = ("the", "and", "you", "your", "this", "that")
MARKS: dict[str, frozenset[str]] = {}
for _name, _words in spelled(_MARK_WORDS).items():
    for _w in _words:
        MARKS[_w] = MARKS.get(_w, frozenset()) | {_name}
