"""Values whose own bytes or place say they are public data, not a secret (wave 25, #39).

Read for every reader's candidate through :mod:`.lookalikes` (each a switch there, chosen by
leave-one-split-out CV, ``bench/guard_eval/cv_wave25_precision.py``):

* **decoded**: the value is one run of base64 (RFC 4648, sections 4 and 5) that decodes to
  public data:
  - an image's or a document's header (PNG, GIF, JPEG, WebP, PDF): a file, not a key;
  - a certificate or a public key: PEM armour that names one (``CERTIFICATE``, ``PUBLIC
    KEY``, a certificate request, a CRL; never ``PRIVATE``), an OpenSSH public key line or
    its wire form (``ssh-ed25519``, ``ssh-rsa``, ``ecdsa-sha2-*``), or DER whose structure
    is an X.509 certificate (``SEQUENCE { SEQUENCE { [0] version ...``) or a
    SubjectPublicKeyInfo (``SEQUENCE { SEQUENCE { OID ... }, BIT STRING }``); a private
    key's DER opens with an ``INTEGER`` (PKCS #1, #8, SEC 1) and an encrypted one's second
    member is an ``OCTET STRING``, so neither is read as public;
  - text made only of words (each piece of letters long enough to hold a vowel, or digits;
    JSON, ``key:value``, a sentence), in which the guard redacts nothing, under a label that
    names no secret: a random password, a key or a hex id splits into pieces such as ``J``,
    ``d`` or ``Slrn``, and a label such as ``password:`` or ``Basic`` keeps the value.
* **capitals**: a secret's name written in capitals as the value (``Bearer
  YOUR_ACCESS_TOKEN``, ``token=YOUR_TOKEN&...``): two to six words of capitals joined by
  ``_``, each holding a vowel, one of them a secret's word: a placeholder a reader fills.
* **template**: the value opens a template's interpolation that closes on its line
  (``%{hiera('db_password')}``, ``<%= ENV['TOKEN'] %>``, ``#{secret}``): filled elsewhere.
* **nextline**: the name's value is empty and the candidate is the next line's own setting
  (``API_KEY=`` then ``WEBHOOK_URL=https://...``): another name, not this one's value.
"""

from __future__ import annotations

import base64
import binascii
import re

from .names import NAME_HIT

#: one run of one base64 alphabet, padded or not (the whole value)
_RUN = re.compile(r"(?:[A-Za-z0-9+/]{16,}|[A-Za-z0-9_\-]{16,})={0,2}")
#: the magic numbers of images and documents
_MAGIC = (b"\x89PNG\r\n\x1a\n", b"GIF87a", b"GIF89a", b"\xff\xd8\xff", b"%PDF-")
_PEM_PUBLIC = re.compile(r"-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE REQUEST|"
                         r"NEW CERTIFICATE REQUEST|X509 CRL|TRUSTED CERTIFICATE|"
                         r"PGP PUBLIC KEY BLOCK)-----")
_SSH_PUBLIC = re.compile(r"(?:ssh-ed25519|ssh-rsa|ssh-dss|ecdsa-sha2-nistp\d+|"
                         r"sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) "
                         r"AAAA[A-Za-z0-9+/]+=*(?: \S+)?\s*")
_SSH_WIRE = re.compile(rb"\x00\x00\x00[\x07-\x22](?:ssh-|ecdsa-sha2-|sk-)")
#: the pieces of a text: capitalised or lowercase words, capitals, digits
_PIECE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_VOWEL = re.compile(r"[aeiouyAEIOUY]")
_SECRET_WORDS = frozenset("password passwd pass pwd token secret key apikey credential "
                          "credentials auth passphrase".split())
_CAPITALS = re.compile(r"[A-Z]{2,}(?:_[A-Z]{2,}){1,5}(?=$|[&;,)\s\"'])")
_TEMPLATE = re.compile(r"%\{[^{}\n]{1,200}\}|<%=?[^\n]{1,200}?%>|#\{[^{}\n]{1,200}\}|"
                       r"\$\{[^{}\n]{1,200}\}|\{\{[^{}\n]{1,200}\}\}")
_SETTING = re.compile(r"[A-Za-z_][\w.-]{0,80}\s*[=:]")
#: a label that hands the value over as a credential (beside a secret's name)
_CREDENTIAL_LABEL = re.compile(r"(?i)\b(?:basic|bearer|authorization|auth|login|credentials?)\b")


def _decode(run: str) -> bytes | None:
    body = run.rstrip("=")
    padded = body + "=" * (-len(body) % 4)
    try:
        if "-" in body or "_" in body:
            return base64.urlsafe_b64decode(padded)
        return base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return None


def _tlv(raw: bytes, at: int) -> tuple[int, int, int] | None:
    """The DER element at ``at``: (tag, start of its content, end of its content)."""
    if at + 2 > len(raw):
        return None
    tag, first = raw[at], raw[at + 1]
    if first < 0x80:
        return tag, at + 2, at + 2 + first
    count = first & 0x7F
    if not 1 <= count <= 3 or at + 2 + count > len(raw):
        return None
    length = int.from_bytes(raw[at + 2:at + 2 + count], "big")
    return tag, at + 2 + count, at + 2 + count + length


def public_der(raw: bytes) -> str | None:
    """What public DER structure ``raw`` is (a certificate, a public key), or None."""
    outer = _tlv(raw, 0)
    if outer is None or outer[0] != 0x30:
        return None
    first = _tlv(raw, outer[1])
    if first is None or first[0] != 0x30:
        return None
    # X.509: TBSCertificate opens with its explicit version, [0] { INTEGER }
    if raw[first[1]:first[1] + 4] == b"\xa0\x03\x02\x01":
        return "a certificate (X.509 DER)"
    inner = _tlv(raw, first[1])
    second = _tlv(raw, first[2]) if first[2] < len(raw) else None
    if inner is not None and inner[0] == 0x06 and second is not None and second[0] == 0x03:
        return "a public key (SubjectPublicKeyInfo DER)"
    return None


#: (wave 26) a version tag: ``v`` and its number (``cursor:v2:3053``), read as a word
_VERSION = re.compile(r"(?<![A-Za-z0-9])[vV](?=\d{1,3}(?![A-Za-z0-9]))")
#: (wave 26) switched by :mod:`.lookalikes` (the test ``versioned``)
VERSIONED = True


def _word_pieces(text: str) -> bool:
    """Whether every piece of ``text`` is a word (letters with a vowel, two or more) or
    digits, and it holds two words or more. (Wave 26, ``VERSIONED``) a version tag such
    as ``v2`` standing alone between separators counts as a word."""
    found = 0
    if VERSIONED:
        tags = len(_VERSION.findall(text))
        if tags > 1:
            return False
        found += tags
        text = _VERSION.sub("", text)
    for run in re.findall(r"[A-Za-z0-9]+", text):
        for piece in _PIECE.findall(run):
            if piece.isdigit():
                if len(piece) > 10:
                    return False
                continue
            if len(piece) < 2 or not _VOWEL.search(piece):
                return False
            found += 1
    return found >= 2


def _redacts(text: str) -> bool:
    from .secrets import scan  # (the redaction imports this module)

    return any(d.redacted for d in scan(text, nested=True))


def decoded(bare: str, label: str) -> str | None:
    """What public data the base64 value ``bare`` decodes to, or None (the docstring)."""
    if len(bare) < 16 or len(bare) > 16384 or _RUN.fullmatch(bare) is None:
        return None
    raw = _decode(bare)
    if raw is None or len(raw) < 8:
        return None
    if raw.startswith(_MAGIC) or (raw[:4] == b"RIFF" and raw[8:12] == b"WEBP"):
        return "an image's or a document's bytes"
    if _SSH_WIRE.match(raw):
        return "an OpenSSH public key"
    der = public_der(raw)
    if der is not None:
        return der
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not all(c.isprintable() or c in "\n\r\t" for c in text) or "PRIVATE" in text:
        return None
    if _PEM_PUBLIC.search(text) or _SSH_PUBLIC.fullmatch(text):
        return "a certificate or a public key"
    if (_word_pieces(text) and NAME_HIT.search(label) is None
            and _CREDENTIAL_LABEL.search(label) is None and not _redacts(text)):
        return "text of words, under a label that names no secret"
    return None


def capitals(bare: str) -> bool:
    """Whether ``bare`` opens with a secret's name in capitals (a placeholder)."""
    match = _CAPITALS.match(bare)
    if match is None:
        return False
    parts = match.group(0).lower().split("_")
    return all(_VOWEL.search(p) for p in parts) and any(p in _SECRET_WORDS for p in parts)


def template(text: str, start: int) -> bool:
    """Whether a template's interpolation opens at ``start`` and closes on its line."""
    return _TEMPLATE.match(text, start) is not None


def nextline(text: str, start: int) -> bool:
    """Whether the candidate is the next line's setting after a name left empty."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip() or line_start == 0:
        return False
    previous = text[text.rfind("\n", 0, line_start - 1) + 1:line_start - 1].rstrip()
    return previous.endswith(("=", ":")) and _SETTING.match(text, start) is not None


# --- wave 26 (#39): what the line calls a value whose bytes are a key's or a digest's length

#: the byte lengths of the common digests (MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512)
_DIGEST_BYTES = frozenset({16, 20, 28, 32, 48, 64})
#: a noun that names the value as a digest's output (not an algorithm's name alone)
_DIGEST_NOUN = re.compile(r"(?i)(?:\b|_)(?:hash|hashed|digest|fingerprint|checksum|thumbprint)"
                          r"(?=\b|_)")
#: words after the digest's noun that hand the value over as a key again ("hash key")
_KEY_AFTER = re.compile(r"(?i)(?:\b|_)(?:key|secret|salt|pepper|password|token|seed)(?:\b|_)")
_HEX = re.compile(r"[0-9a-fA-F]+")


def value_bytes(bare: str) -> bytes | None:
    """The bytes of ``bare`` read as hex (an even run of hex digits) or one base64 run."""
    if _HEX.fullmatch(bare) and len(bare) % 2 == 0:
        return bytes.fromhex(bare)
    if _RUN.fullmatch(bare) is None:
        return None
    return _decode(bare)


def digest(bare: str, label: str) -> bool:
    """Whether ``bare`` is a digest's bytes (hex or base64 of 16, 20, 28, 32, 48 or 64 bytes)
    that the label before it names as one: the last of its names of a thing is a hash, a
    digest, a fingerprint, a checksum or a thumbprint ("API key hash (SHA-256):", "key
    fingerprint:"), not a key, a secret or a salt after it ("hash key:")."""
    if len(bare) < 22 or len(bare) > 130:
        return False
    nouns = list(_DIGEST_NOUN.finditer(label))
    last = nouns[-1] if nouns else None
    if last is None or _KEY_AFTER.search(label, last.end()):
        return False
    raw = value_bytes(bare)
    return raw is not None and len(raw) in _DIGEST_BYTES


#: a name of a public key (``PubKey``, ``pub_key``, ``public key``, ``publicKey``)
_PUBLIC_KEY_NAME = re.compile(r"(?i)pub(?:lic)?[ _.-]?key")
#: a private key's or a secret's name after it ("pub_key": ..., "priv_key":)
_PRIVATE_AFTER = re.compile(r"(?i)priv|secret|seed|mnemonic|signing|private|passphrase")


def public_key_bytes(raw: bytes) -> bool:
    """Whether ``raw`` has a public key's layout: an elliptic curve's point (SEC 1: 33 bytes
    opening 02 or 03, compressed; 65 bytes opening 04) or 32 bytes (Ed25519, X25519)."""
    return ((len(raw) == 33 and raw[0] in (2, 3)) or (len(raw) == 65 and raw[0] == 4)
            or len(raw) == 32)


def named_public_key(bare: str, label: str) -> bool:
    """Whether the line names a public key before ``bare`` (``"@type": "...PubKey",
    "key": "..."``, ``consensus pubkey:``), no private key's or secret's name comes after
    that name, and ``bare``'s bytes have a public key's layout (:func:`public_key_bytes`)."""
    names = list(_PUBLIC_KEY_NAME.finditer(label))
    last = names[-1] if names else None
    if last is None or _PRIVATE_AFTER.search(label, last.end()):
        return False
    if _PRIVATE_AFTER.search(label[max(0, last.start() - 12):last.start()]):
        return False
    raw = value_bytes(bare)
    return raw is not None and public_key_bytes(raw)


#: a header name the Fetch standard forbids scripts to set (``Sec-`` prefix): the browser
#: writes it (``Sec-WebSocket-Key``, a handshake's nonce), it carries no credential
_SEC_HEADER = re.compile(r"(?i)(?:^|[\s\"'{,])Sec-[A-Za-z]+(?:-[A-Za-z0-9]+)*\s*[:=]\s*[\"']?$")


def browser_header(label: str) -> bool:
    """Whether the value is the value of a ``Sec-`` header (a browser's own, no credential)."""
    return _SEC_HEADER.search(label) is not None


#: a word of a placeholder, repeated in a value's body (``ghp_FAKEFAKEFAKE...``)
_REPEATED = re.compile(r"([A-Za-z]{4,8})\1{2,}")


def repeated(bare: str) -> bool:
    """Whether a run of 4-8 letters repeats three times or more in ``bare`` and fills half
    of it: a placeholder's word (``FAKEFAKEFAKE``, ``xxxxxxxxxxxxxxxx``), not random bytes."""
    match = _REPEATED.search(bare)
    return match is not None and len(match.group(0)) * 2 >= len(bare)


# (wave 27, w27-precision) what the words AFTER the value on its line, or the value's own
# documented encoding, say it is (switches in :data:`.lookalikes.TESTS`, listed in
# :data:`.lookalikes.W27_TESTS`; chosen by ``bench/guard_eval/cv_wave27_precision.py``)

#: a remark that calls the value it follows public: a key a provider documents as public
#: (publishable, client-side, browser-safe, a write-only or search-only key) or a writer's
#: "it is (meant to be) public", "safe to ship in the bundle", "(public, ...)"
_REMARK_PUBLIC = re.compile(
    r"(?i)(?:\(\s*(?:public|publishable|client[- ]side|browser[- ]safe)(?![\w-])"
    r"|\b(?:is|it'?s|it\s+is|are|they'?re)\s+(?:(?:meant|designed|supposed|intended)\s+to\s+be\s+"
    r"|intentionally\s+|by\s+design\s+|always\s+)?(?:public|publishable)(?![\w-])"
    r"|\bpublic\s+by\s+design\b"
    r"|\bpublic\s+(?:[\w-]+\s+){0,2}(?:key|id|identifier|token|client)\b"
    r"|\bpublishable\b|\bclient[- ]side\b|\bbrowser[- ]safe\b"
    r"|\b(?:write|search|ingest(?:ion)?)[- ]only\b"
    r"|\bsafe\s+(?:to|for)\s+(?:ship|embed|expose|commit|publish|use\s+in|the)\b"
    r"(?:\s+(?:the|our|every|each|a)\b)?(?:\s+[\w-]+){0,2}\s*"
    r"(?:bundle|build|browser|front[- ]?end|client|app|page|widget|snippet|html|repo)?)")
#: a remark that takes the public reading back, or says the value was exposed by mistake,
#: or names a secret's role: then the value stays redacted
_REMARK_AGAINST = re.compile(
    r"(?i)\b(?:not|never|no\s+longer|n't|nor|secret|private|password|passwd|passphrase|"
    r"confidential|sensitive|admin|master|root|service[_ -]?role|server[- ]side|signing|"
    r"leak\w*|mistake|accident\w*|exposed|compromised|rotate\w*|revoke\w*)\b|\?")
#: the label before the value names a secret's role (never public, whatever the remark says)
_LABEL_SECRET = re.compile(
    r"(?i)secret|private|passw|passphrase|admin|credential|signing|service[_ -]?role|"
    r"(?:\b|_)(?:pwd|master|root)(?:\b|_)")
#: another value on the line between the candidate and its remark (a run of 12 or more
#: token characters with a letter and a digit): the remark may be that value's
_OTHER_VALUE = re.compile(r"(?=[\w+/=.-]*\d)(?=[\w+/=.-]*[A-Za-z])[\w+/=.-]{12,}")
#: where the value's own remark ends: a sentence's stop, a semicolon, the line's end
_REMARK_STOP = re.compile(r"[.!]\s|;|\n")


def remark(text: str, start: int, end: int, bare: str) -> bool:
    """Whether the words after the value on its line call it public (:data:`_REMARK_PUBLIC`)
    with nothing that takes it back (:data:`_REMARK_AGAINST`), no other value between, a
    label before it that names no secret's role, and a value in no provider's documented
    secret format (``sk_live_...``, ``ghp_...``, a Google API key, a JWT: whatever a line
    calls them)."""
    line_end = text.find("\n", end)
    after = text[end:line_end if line_end >= 0 else len(text)][:160]
    stop = _REMARK_STOP.search(after)
    if stop is not None:
        after = after[:stop.start()]
    hit = _REMARK_PUBLIC.search(after)
    if hit is None or _REMARK_AGAINST.search(after) or _OTHER_VALUE.search(after[:hit.start()]):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    if _LABEL_SECRET.search(text[max(line_start, start - 80):start]):
        return False
    from .formats import provider_matches

    return not any(ok for _rule, s, e, ok in provider_matches(bare) if e - s >= len(bare) - 2)


#: a public key in its documented text encoding, whose secret half is written otherwise:
#: an age recipient (``age1`` and 58 characters; its identity is ``AGE-SECRET-KEY-1...``)
#: and a Nostr public key (``npub1`` and 58; its secret is ``nsec1...``)
_RECIPIENT = re.compile(r"(?:age1|npub1)[0-9a-z]{58}")


def recipient(bare: str) -> bool:
    """Whether ``bare`` is an age recipient or a Nostr public key (:data:`_RECIPIENT`)."""
    return _RECIPIENT.fullmatch(bare) is not None


#: the label names a pagination position (a cursor, the next page's token, a continuation)
_PAGINATION = re.compile(r"(?i)(?:\b|_)(?:pagination|paging|cursor|continuation|next[ _-]?page|"
                         r"page[ _-]?token|next[ _-]?token|scroll[ _-]?id)")
#: printable text: letters, digits and the punctuation of a position or a query
_POSITION_TEXT = re.compile(r"[A-Za-z0-9 _:;,.=&/+\-\"'{}\[\]]{4,}")


def cursor(bare: str, label: str) -> bool:
    """Whether ``bare`` is base64 of printable text (a word and a number, a query, JSON)
    under a label that names a pagination position, and the label names no secret's role:
    a page's cursor is where a listing stopped, not a credential."""
    if _PAGINATION.search(label) is None or _LABEL_SECRET.search(label):
        return False
    if _RUN.fullmatch(bare) is None:
        return False
    raw = _decode(bare)
    if raw is None:
        return False
    try:
        decoded_text = raw.decode("ascii")
    except UnicodeDecodeError:
        return False
    return (_POSITION_TEXT.fullmatch(decoded_text) is not None
            and re.search(r"[A-Za-z]{3,}", decoded_text) is not None and not _redacts(decoded_text))
