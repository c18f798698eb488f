"""What a value's surroundings or its own shape say about it, beyond its format.

Three kinds of evidence, each general to many providers:

* **a public stand-in**: a value that ends in ``EXAMPLE`` or ``EXAMPLEKEY`` (how AWS marks
  the keys printed in its documentation, ``AKIAIOSFODNN7EXAMPLE``) or is masked (a run of
  ``x``, ``X``, ``*``, ``0`` or ``•`` where the random part would be: ``ghp_xxxxxxxx...``,
  ``xoxb-0000-...``)
  is kept whatever found it: it is no one's credential, and redacting it destroys a note;
* **a template reference**: text inside ``${...}``, ``{{...}}`` or ``%(...)s`` names a
  value filled in elsewhere (``${DB_PASSWORD:?must be set}``), it is not the value;
* **a partner**: a Twilio auth token is 32 hexadecimal digits, which alone read as a
  digest; beside its account's SID (``AC`` and 32 hex, the library's format) it is the
  account's secret;
* **a file's documented content**: Rails keeps its master key, 32 hexadecimal digits, in
  ``config/master.key`` (and per environment in ``config/credentials/NAME.key``): a line of
  32 hex right after a line naming that file (``cat config/master.key``) is the key;
* **a JWK's private members** (RFC 7517/7518/8037): in a text holding ``"kty"``, the
  base64url values of ``d``, ``p``, ``q``, ``dp``, ``dq``, ``qi`` (a private key's parts)
  and ``k`` (a symmetric key) are the key; its public members are kept
  (:mod:`.precision`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: a run of one mask character where random characters would be
_MASK_RUN = re.compile(r"([xX*0•])\1{4,}|…")
_EXAMPLE = re.compile(r"EXAMPLE(?:KEY)?$")
_TEMPLATE = re.compile(r"\$\{\{?[^{}\n]{1,200}\}\}?|\{\{[^{}\n]{1,200}\}\}|%\([^()\n]{1,80}\)s"
                       # Octopus Deploy's and Azure DevOps' token replacement: #{Name}#
                       r"|#\{[\w.\-\[\]]{1,80}\}#?")
_TWILIO_SID = re.compile(r"(?<![A-Za-z0-9])AC[0-9a-f]{32}(?![A-Za-z0-9])")
_HEX32 = re.compile(r"(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])")
#: words that name a 32-digit hexadecimal value as a digest, not a token
_DIGEST_WORD = re.compile(r"(?i)\b(?:md5|sha\d*|hash\w*|checksum|digest|etag|fingerprint)\b")


#: values their providers publish in their documentation for everyone to use, each no one's
#: secret: Stripe's test keys of its docs, jwt.io's sample token, the Azure Storage
#: emulator's (Azurite's) fixed account key
DOCUMENTED_VALUES = frozenset((
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "pk_test_TYooMQauvdEDq54NiTphI7jx",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwi"
    "aWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
))


def public_value_reason(value: str) -> str | None:
    """Why a value that matched a credential's format is a public stand-in, or None."""
    if value in DOCUMENTED_VALUES:
        return "a value its provider publishes in its documentation for everyone to use"
    if _EXAMPLE.search(value):
        return "a documented example value (ends in EXAMPLE, as AWS marks its examples)"
    if _MASK_RUN.search(value):
        return "masked: a run of one filler character where the random part would be"
    return None


def template_spans(text: str) -> list[tuple[int, int]]:
    """The spans of template references (``${...}``, ``{{...}}``, ``%(...)s``)."""
    if "{" not in text and "%(" not in text:  # (``#{...}`` holds "{" too)
        return []
    return [m.span() for m in _TEMPLATE.finditer(text)]


def twilio_auth_tokens(text: str) -> Iterator[tuple[int, int, str | None]]:
    """Each 32-digit hexadecimal value in a text holding a Twilio account SID: its span and
    why it is not the account's auth token (None: it is)."""
    if "AC" not in text or _TWILIO_SID.search(text) is None:
        return
    for m in _HEX32.finditer(text):
        if text[max(0, m.start() - 2):m.start()] == "AC":
            continue  # the SID itself
        value = m.group(0)
        before = text[max(0, m.start() - 60):m.start()]
        if value.isdigit() or value.isalpha():
            yield m.start(), m.end(), "hexadecimal without both digits and letters"
        elif _DIGEST_WORD.search(before):
            yield m.start(), m.end(), "named as a digest (md5, sha, hash, checksum)"
        else:
            yield m.start(), m.end(), None


#: a line naming Rails' key file, then a line of 32 hexadecimal digits (the key)
_RAILS_KEY = re.compile(r"(?m)^[^\n]*\b(?:master|credentials/[\w-]+)\.key\b[^\n]*\n"
                        r"[ \t]*(?P<value>[0-9a-f]{32})[ \t]*$")


def rails_master_keys(text: str) -> Iterator[tuple[int, int]]:
    """The span of each Rails master key shown after its file's name."""
    if ".key" not in text:
        return
    for m in _RAILS_KEY.finditer(text):
        yield m.span("value")


#: a JWK's private member and its base64url value (RFC 7518 6.2.2, 6.3.2, 6.4; RFC 8037)
_JWK_PRIVATE = re.compile(r"[\"'](?:d|p|q|dp|dq|qi|k)[\"']\s*:\s*[\"']"
                          r"(?P<value>[A-Za-z0-9_\-]{16,})")


def jwk_private_members(text: str) -> Iterator[tuple[int, int]]:
    """The span of each private member's value of a JWK (a text holding ``"kty"``)."""
    if "kty" not in text:
        return
    for m in _JWK_PRIVATE.finditer(text):
        yield m.span("value")
