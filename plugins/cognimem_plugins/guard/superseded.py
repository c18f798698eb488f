"""A document's instructions for an old version, superseded (wave 21).

A changelog, a README or a migration note retires its own instructions: "Previous
instructions for the v1 API no longer apply; v2 uses /v2/embed", "the earlier steps for
version 2 of the kiosk are obsolete". The words are an injection's ("previous instructions
... no longer apply"), but the instructions are *scoped*: they are "for" a product's
version, named by a version mark (``v1``, ``version 2``, ``1.4``), so they are the
document's own instructions for that version, not the reader's. An injection cancels the
reader's instructions with no such scope ("previous instructions no longer apply"), or
scopes them to the reader, the session or the conversation ("your instructions for this
session"), and is read as written.

:func:`blank_superseded` blanks the scoped phrase (the retired instructions and their
version); the rest of the note is read as before.
"""

from __future__ import annotations

import re

#: the retired instructions, "for" a scope of at most four words holding a version mark;
#: the scope names no reader, session or conversation
_SUPERSEDED = re.compile(
    r"(?i)\b(?:the )?(?:previous|prior|earlier|old|older|former|legacy) "
    r"(?:instructions?|steps|rules|guidance|directions|setup notes|guides?) for "
    r"(?!(?:[\w.-]+ ){0,3}?(?:you|your|yourself|the (?:assistant|agent|model|ai|bot)|"
    r"this (?:session|conversation|chat|task)|assistants?|agents?|models?)\b)"
    r"(?:[\w.-]+ ){0,3}?(?:v\d+(?:\.\d+)*|version \d+(?:\.\d+)*|\d+\.\d+(?:\.\d+)*)"
    r"(?: (?:of (?:the )?)?[\w.-]+){0,3}?(?= (?:no longer|are|is|were|have been|don't|do not)\b)")


def blank_superseded(text: str) -> str:
    """``text`` with each document's instructions for an old version blanked."""
    low = text.lower()
    if "for" not in low or not any(w in low for w in ("previous", "prior", "earlier",
                                                       "old", "former", "legacy")):
        return text
    return _SUPERSEDED.sub('""', text)
