"""(wave 27) A redacted base64 value that goes on over the next lines (#39).

A key, a certificate's private half or a token written as base64 is often wrapped at a
fixed width (64 or 76 characters) with nothing around its lines: ``SAML_SP_KEY=...`` then
twenty lines of the same width, ``fw_setenv mcuboot_key ...`` then two more, ``$ cat
kraken.key`` then two lines. A reader that finds the name finds the first line only and
redacts it; the rest of the key stays in the text. Here a redaction whose value is one run
of base64 (:data:`MIN_WIDTH` characters or more) ending its line is carried over each next
line that is nothing but base64 of the same width (the last line may be shorter, or end
with padding). Only a value already redacted is extended: no text is changed that a reader
had left alone.

A switch of ``cv_wave27_secrets.py`` (:data:`READ_CONTINUED`).
"""

from __future__ import annotations

import re

#: the switch (cv_wave27_secrets.py)
READ_CONTINUED = True
MIN_WIDTH = 40
_RUN = re.compile(r"[A-Za-z0-9+/]+")
_LINE = re.compile(r"[A-Za-z0-9+/]+={0,2}")


def more_lines(text: str, start: int, end: int) -> int:
    """The end of the redaction ``text[start:end]`` carried over the base64 lines that go on
    after it (``end`` when none does)."""
    if not READ_CONTINUED or end >= len(text) or text[end] != "\n":
        return end
    line_start = text.rfind("\n", 0, start) + 1
    # the value's own run: the base64 characters before ``end`` on its line
    first = text[line_start:end]
    run = re.search(r"[A-Za-z0-9+/]+$", first)
    if run is None or len(run.group()) < MIN_WIDTH:
        return end
    width = len(run.group())
    # a first line wrapped at the width is the whole line or the run after a name
    at = end
    while at < len(text) and text[at] == "\n":
        nxt = text.find("\n", at + 1)
        nxt = len(text) if nxt < 0 else nxt
        line = text[at + 1:nxt]
        if not line or not _LINE.fullmatch(line) or len(line) > width:
            break
        at = nxt
        if len(line) < width or line.endswith("="):
            break
    return at
