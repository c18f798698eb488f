"""The words of wave 18's languages, gathered for the tables that read them.

:mod:`.world_africa`, :mod:`.world_asia`, :mod:`.world_other` and (wave 19)
:mod:`.world_more` each hold, for their
languages, a verb that sets aside and the instructions it sets aside (verb first, or for
the verb-last languages noun first), the verbs that send, delete and show, the secrets, the
negative order that keeps a thing from the user, and the names of the helper. They reach:

* the override marker through :mod:`.overrides_i18n` (``VERBS`` ... ``SOV_NOUNS``);
* the exfiltration marker through :mod:`.exfil_i18n` (``SEND``, ``SECRET``: a verb that
  sends, a secret and an outside address in one sentence);
* the act cues through :mod:`.acts_words` and :mod:`.acts_i18n` (``DELETE``, ``REVEAL``,
  ``SECRECY``, ``HELPERS`` and the same ``SEND`` and ``SECRET``).
"""

from __future__ import annotations

from . import world_africa as _africa
from . import world_asia as _asia
from . import world_more as _more
from . import world_other as _other

_ALL = (_africa, _asia, _other, _more)


def _joined(name: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(w for m in _ALL for w in getattr(m, name)))


VERBS = _joined("VERBS")
NOUNS = _joined("NOUNS")
SOV_VERBS = _joined("SOV_VERBS")
SOV_NOUNS = _joined("SOV_NOUNS")
SEND = _joined("SEND")
SECRET = _joined("SECRET")
DELETE = _joined("DELETE")
REVEAL = _joined("REVEAL")
SECRECY = _joined("SECRECY")
HELPERS = _joined("HELPERS")

#: the negation that comes before a verb in the verb-last languages (Hindi and Urdu "mat" /
#: "na" / "nahin", Bengali "na", Dhivehi "nu-", Tibetan "ma", Amharic "at-", Tigrinya
#: "ay-"), as lookbehinds: "never send your password to support@..." is a warning, not an
#: order
NOT_BEFORE = "".join(rf"(?<!{n})" for n in (
    "मत ", "न ", "ना ", "नहीं ", "مت ", "نہ ", "نه ", "না ", "ނު", "མ་", "አት", "ኣይ", "mat ",
    "nahi ", "nahin "))
