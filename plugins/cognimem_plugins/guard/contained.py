"""A quotation a carrier of data is said to contain (wave 22, #39).

Defenders' notes name the text an attack hid in data the way a report names its evidence:
"a TXT record can contain 'ignore all prior instructions'", "un PDF d'expertise contenait
« ignore tes consignes ... »", "a column description of the kind « oublie tes instructions
»", "when the document contains 'mark this as not privileged' style text". The quotation is
the object of a verb of containing (or of "of the kind", "del tipo", "du type"): it is what
the data held, mentioned, not an order to the reader. :func:`blank_contained` blanks such a
quotation (any locale's marks, at most 120 characters) and leaves the rest of the note to
be read: the note's own words still count. A reading of :data:`.mentions.READINGS`
(``contained``), chosen by leave-one-split-out CV (bench/guard_eval/cv_wave22_contained.py).
"""

from __future__ import annotations

import re

#: the verbs of containing and the "of the kind" frames, in the languages' ordinary words
_CONTAIN = (r"(?:contains?|contained|containing|held|holds|"
            r"contient|contenait|contenaient|contenir|du type|de type|du genre|"
            r"contiene|contenía|contenia|contienen|del tipo|de tipo|"
            r"contém|contem|continha|enthält|enthaelt|enthielt|vom typ|bevat|bevatte|"
            r"contiene|conteneva|zawiera|zawierał|zawieral|содержит|содержал|содержала)")
#: a quotation just after such a verb (an article or "the text", "text like" between)
_CONTAINED = re.compile(
    r"(?i)\b" + _CONTAIN + r"[^\S\n]+(?:(?:a|an|the|some|text|texte|texto|text like|"
    r"something like|such as|like|comme|como|wie|un|une|le|la|el|des)[^\S\n]+){0,3}"
    r"(\"[^\"\n]{3,120}\"|'[^'\n]{3,120}'(?!\w)|\u201c[^\u201d\n]{3,120}\u201d"
    r"|\u00ab[^\u00bb\n]{3,120}\u00bb|\u201e[^\u201c\u201d\n]{3,120}[\u201c\u201d])")
#: the cheap test before the pattern runs: a quotation mark
_MARKS = ("'", '"', "\u201c", "\u00ab", "\u201e")


def blank_contained(text: str) -> str:
    """``text`` with each quotation a verb of containing takes as object blanked."""
    if not any(m in text for m in _MARKS):
        return text
    return _CONTAINED.sub(lambda m: m.group(0)[:m.start(1) - m.start(0)] + '""', text)
