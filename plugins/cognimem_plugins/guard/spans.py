"""(wave 19) A redaction widened to the whole token its value is part of.

A reader's value pattern may stop before the value ends: a length cap (``{4,200}``), or a
character it does not take (``ENROLLMENT_TOKEN=[REDACTED]UjJGRGJy...In0=``). What is left
after the placeholder is the rest of the same credential, so every redacted span is
widened here, in one place, to the end of the contiguous token it ends in, whatever reader
found it. Never to the left: a reader that starts inside a word does so on purpose (after
``-p`` of ``mysql -pSECRET``, after ``bot`` of Telegram's ``/bot<token>/``, after a path's
``/`` or an escape's ``\\n``): measured on the seen splits, every leftward widening took a
flag, a prefix or a name.

The token's extent is decided by the value's own characters:

* letters and digits (ASCII) always continue a token;
* a punctuation character of ``+/_-.~%`` continues it only when the value already holds
  that character or its alphabet's other one (base64's ``+`` and ``/``, base64url's ``-``
  and ``_``, RFC 4648 sections 4 and 5; a dotted token's ``.``) and a letter or a digit
  follows it (a sentence's full stop, a hyphen before a word of prose and a path's slash
  after a value that holds none are not taken);
* ``=`` ends a base64 value as its padding (one or two, RFC 4648 section 4): taken at the
  end of a run when the value is in the base64 alphabet and nothing of a token follows.

A private key's block is never widened (its armour ends it).
"""

from __future__ import annotations

#: the characters that always continue a token
_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
#: the punctuation a value may hold inside it (continues a token only when the value does)
_INNER = frozenset("+/_-.~%")
#: the two characters beyond letters and digits of base64 and of base64url: a value that
#: holds one of them is in that alphabet, so the other continues it too
_ALPHABET_PAIRS = (frozenset("+/"), frozenset("-_"))
#: the base64 alphabets (standard and URL-safe) without padding
_BASE64 = _ALNUM | frozenset("+/_-")


def widen(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` with its end moved to the end of the token the value
    ``text[start:end]`` is part of (see the module's docstring); the same span when nothing
    of a token follows it."""
    n = len(text)
    if start >= end or end >= n or (text[end] not in _ALNUM and text[end] not in _INNER
                                    and text[end] != "="):
        return start, end  # the common case: a separator after the value
    value = text[start:end]
    own = set(_INNER.intersection(value))
    for pair in _ALPHABET_PAIRS:
        if own & pair:
            own |= pair
    # to the right
    while end < n:
        c = text[end]
        if c in _ALNUM:
            end += 1
        elif c in own and end + 1 < n and text[end + 1] in _ALNUM:
            end += 2
        else:
            break
    if end < n and text[end] == "=" and _is_base64(text, start, end):
        pad = end + 1 if text[end + 1:end + 2] != "=" else end + 2
        if pad >= n or (text[pad] not in _ALNUM and text[pad] not in _INNER
                        and text[pad] != "="):
            end = pad
    return start, end


def _is_base64(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a run of one base64 alphabet, 8 characters or more,
    whose length with one or two ``=`` makes a whole number of quanta."""
    run = text[start:end]
    if len(run) < 8 or not _BASE64.issuperset(run):
        return False
    if ("+" in run or "/" in run) and ("-" in run or "_" in run):
        return False
    return len(run) % 4 in (2, 3)
