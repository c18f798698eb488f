"""(wave 21) A wallet's private key written in one of its wallets' own export forms, whatever
name or none stands before it.

* **Wallet import format (WIF)**: Bitcoin's (and its forks') export of one private key, as
  ``bitcoin-cli dumpprivkey`` prints it and ``importprivkey`` reads it: Base58Check of the
  version byte 0x80 (0xef on testnet), the 32 bytes of the key and, for a compressed key,
  0x01: 51 characters opening with ``5`` (``9`` on testnet) or 52 opening with ``K`` or ``L``
  (``c``). The check is the format's own: the last four bytes are the first four of the
  double SHA-256 of the rest (an address, a transaction id or a random run of the same
  alphabet fails it but once in four billion).
* **A keypair as a byte array**: Solana's CLI keeps a keypair in ``~/.config/solana/id.json``
  as a JSON array of its 64 bytes (the secret key then the public key), and the SDKs read it
  so (``Keypair.fromSecretKey(Uint8Array.from([...]))``): 64 integers from 0 to 255 in
  brackets. The public key alone is 32 bytes; 64 small integers are what such a key
  prints, and little else (a pixel row, a lookup table: seldom exactly 64 below 256 written
  so).

Each reader asks first for what it needs: a word of 51 characters or more, and a bracket
with 63 commas.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

from .decisions import Decision, decide

_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_DIGIT = {c: i for i, c in enumerate(_BASE58)}
#: a WIF's shape: uncompressed (51, ``5`` or ``9``) or compressed (52, ``K``, ``L`` or ``c``)
_WIF = re.compile(r"(?<![A-Za-z0-9+/])"
                  r"(?:[59][1-9A-HJ-NP-Za-km-z]{50}|[KLc][1-9A-HJ-NP-Za-km-z]{51})"
                  r"(?![A-Za-z0-9+/])")
#: the shortest word a WIF is (the caller's ``longest`` gate)
WIF_SHORTEST = 51
#: 64 integers of one to three digits in brackets (a keypair's bytes)
_BYTES = re.compile(r"\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}\s*\]")
#: whether each reader runs (switches of cv_wave21_secrets.py)
READ_WIF = True
READ_BYTES = True


def _base58check(value: str) -> bytes | None:
    """The payload of a Base58Check string, or None when its checksum fails."""
    number = 0
    for char in value:
        number = number * 58 + _DIGIT[char]
    size = (number.bit_length() + 7) // 8
    raw = number.to_bytes(size, "big")
    raw = b"\x00" * (len(value) - len(value.lstrip("1"))) + raw
    if len(raw) < 5:
        return None
    body, check = raw[:-4], raw[-4:]
    if hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] != check:
        return None
    return body


def _is_wif(value: str) -> bool:
    body = _base58check(value)
    if body is None or body[0] not in (0x80, 0xEF):
        return False
    return len(body) == 33 or (len(body) == 34 and body[-1] == 0x01)


def wallet_keys(text: str, longest: int) -> Iterator[Decision]:
    """A WIF private key and a 64-byte keypair array in ``text`` (``longest``: its longest
    word, :func:`.formats.longest_word`)."""
    if READ_WIF and longest >= WIF_SHORTEST:
        for m in _WIF.finditer(text):
            if _is_wif(m.group(0)):
                yield decide("wallet_private_key", m.start(), m.end(), None,
                             "a wallet's private key in wallet import format (Base58Check of "
                             "version 0x80 or 0xef and 32 bytes: its checksum holds)")
    if READ_BYTES and "[" in text and text.count(",") >= 63:
        for m in _BYTES.finditer(text):
            numbers = [int(n) for n in re.findall(r"\d+", m.group(0))]
            if all(n <= 255 for n in numbers) and len(set(numbers)) > 16:
                yield decide("wallet_private_key", m.start(), m.end(), None,
                             "a keypair's 64 bytes as an array (Solana's id.json: the secret "
                             "key then the public key)")
