"""(wave 26) A credential carried in a URL's path, read by where the random segment stands.

Many services put the key in the path, not in the query or the user info: an RPC node's
endpoint (``https://NAME.quiknode.pro/TOKEN/``), a package host's private download root
(``https://dl.HOST/TOKEN/org/repo/...``), a webhook's id and secret
(``/webhook/ID/SECRET``), an app's id and key (``/APP-UUID/KEY-UUID/data/...``). The same
random shape stands in the paths of clean notes as an object's id: a commit, a file's
digest, a trace, a transaction, a document, a tenant (``/commit/SHA``, ``/gui/file/SHA256``,
``/d/DOCID/edit``, ``/TENANT-UUID/oauth2/v2.0/token``). What tells them apart is the
segment's place against the URL's other segments, not its shape:

* ``paired`` (:data:`READ_PAIRED`): two random segments in a row (an id and its secret;
  an object's id stands after a word naming its kind, and one id is enough to name it);
* ``prefix`` (:data:`READ_PREFIX`): the path's first segment is random and not a UUID (a
  tenant's or an app's id) while the path goes on below it or the URL closes it with a slash
  (a root the service opens to the key's holder: every path below it is the holder's);
  one random first segment that ends the URL is a short link or a clip's id and stays, and
  so does one with a random or encoded segment below it (a proxy's ``/DIGEST/HEX-URL``).

A hex segment that decodes to printable text is an encoded text, never random.

A segment is random when :func:`.branded.key_shape_reason` (20 characters or more, 24 hex
digits or more) finds no reason against it: words, slugs, versions, camel case, low entropy
are not random; nor is ``0x`` and hex (a chain's address or transaction). Asked for first:
"://" in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from detect_secrets.filters.heuristic import is_potential_uuid

from .branded import key_shape_reason
from .decisions import Decision, decide

READ_PAIRED = True
#: (off after wave 26's held-out run: chosen by every fold of its CV, it caught no secret of
#: fresh59-62 and redacted a dashboard URL's account id there,
#: ``dash.cloudflare.com/<account>/workers/...``: an object's id as the path's first segment
#: looks the same as an endpoint's key; it still reads with ``--explain`` when switched on)
READ_PREFIX = False

#: a URL: its scheme, its authority and its path (to a query, a fragment, a space or a quote)
_URL = re.compile(r"(?i)\b[a-z][a-z0-9+.-]{1,15}://(?P<host>[^\s/?#\"'<>`\\]+)"
                  r"(?P<path>/[^\s?#\"'<>`\\|)\]]*)?")
_SEGMENT = re.compile(r"[A-Za-z0-9_-]{20,}")
_HEX = re.compile(r"[0-9a-fA-F]+")
REASON = "a random token standing in a URL's path where a service carries its key"


def _encoded_text(segment: str) -> bool:
    """Hexadecimal of printable text (a proxy's encoded address: camo's ``/DIGEST/HEX-URL``)."""
    if len(segment) % 2 or not _HEX.fullmatch(segment):
        return False
    return all(32 <= b < 127 for b in bytes.fromhex(segment))


def _random(segment: str) -> bool:
    if (not _SEGMENT.fullmatch(segment) or segment.lower().startswith("0x")
            or _encoded_text(segment)):
        return False
    return key_shape_reason(segment, min_hex=24, min_slot=20) is None


def url_path_secrets(text: str) -> Iterator[Decision]:
    """The random path segments of the text's URLs that stand as a key (see the module)."""
    if not (READ_PAIRED or READ_PREFIX) or "://" not in text:
        return
    for m in _URL.finditer(text):
        path = m.group("path")
        if not path or len(path) < 21:
            continue
        start = m.start("path") + 1
        segments = path[1:].split("/")
        offsets = []
        at = start
        for seg in segments:
            offsets.append(at)
            at += len(seg) + 1
        flags = [_random(s) for s in segments]
        hits: set[int] = set()
        if READ_PAIRED:
            for i in range(len(segments) - 1):
                if flags[i] and flags[i + 1]:
                    hits.update((i, i + 1))
        if READ_PREFIX and flags[0] and not is_potential_uuid(segments[0]) and (
                len(segments) > 1) and not any(
                    flags[i] or _encoded_text(s) for i, s in enumerate(segments) if i):
            hits.add(0)
        for i in sorted(hits):
            yield decide("url_path_token", offsets[i], offsets[i] + len(segments[i]), None,
                         REASON)
