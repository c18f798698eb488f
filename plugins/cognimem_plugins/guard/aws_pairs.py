"""(wave 21) An AWS secret access key beside its access key ID, whatever names them.

AWS issues a key as a pair: the access key ID (20 characters: ``AKIA`` for a user's long-term
key, ``ASIA`` for a temporary one, then 16 capitals and digits; public by design, as an
account name is) and the secret access key (40 characters of base64's alphabet). The console's
download is a CSV row (``User name,Password,Access key ID,Secret access key``), ``aws iam
create-access-key`` prints the two together, and people paste them so ("new pair: ASIA... /
..."). The ID is documented and unmistakable; a value of the secret's exact shape on its line
or the next is the secret, with no name needed (the name may be a CSV header far above, or
none). A 40-digit hexadecimal value there (a commit id, a SHA-1) is not one: the secret
mixes cases and digits. AWS's documented example (``wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY``)
is kept as every documented example is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide

#: the needles: an access key ID's prefixes
NEEDLES = ("AKIA", "ASIA")
_KEY_ID = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])")
_SECRET = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=])")
_HEX = re.compile(r"[0-9a-fA-F]{40}")
#: whether the reader runs (a switch of cv_wave21_secrets.py)
READ_PAIRS = True


def _shaped(value: str) -> bool:
    return (not _HEX.fullmatch(value) and "EXAMPLE" not in value
            and any(c.islower() for c in value) and any(c.isupper() for c in value)
            and any(c.isdigit() for c in value))


def aws_pairs(text: str) -> Iterator[Decision]:
    """A secret access key on the line of an access key ID or on the next line."""
    if not READ_PAIRS or not any(n in text for n in NEEDLES):
        return
    for m in _KEY_ID.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        if end != -1:
            following = text.find("\n", end + 1)
            end = len(text) if following == -1 else following
        else:
            end = len(text)
        for s in _SECRET.finditer(text, start, end):
            if _shaped(s.group(0)):
                yield decide("aws_secret_access_key", s.start(), s.end(), None,
                             "40 characters of base64's alphabet beside an AWS access key ID "
                             "(AKIA/ASIA...): the pair's secret access key")
