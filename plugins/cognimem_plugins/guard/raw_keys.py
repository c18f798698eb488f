"""Raw private keys and recovery phrases: secrets with no prefix nor name of their own.

* a private key of 32 bytes: 64 hexadecimal digits (``0x`` or not; an Ethereum key) or 44
  characters of base64 ending in ``=`` (a Curve25519 key, as WireGuard, age and libsodium
  write it). A transaction hash, a block hash or a public key has the same shape, so the
  value counts as a key only when its line names a private key before it (``private key``,
  ``PRIVATE_KEY=``, ``--private-key``, ``private-key <(echo ...)``, ``priv key``; (wave 14)
  the key of a deployer, a signer, a relayer or a wallet) and no
  hash, public key or address right before it, or it is an item of a Hardhat network's
  ``accounts: [...]``, which the Hardhat documentation defines as a list of private keys;
* a wallet's recovery phrase (BIP-39, github.com/bitcoin/bips/blob/master/bip-0039.mediawiki)
  is 12, 15, 18, 21 or 24 words of the standard English list (``bip39_english.txt``) in a
  row: a run of 12 or more such words is redacted whole. The list holds no article,
  pronoun nor preposition ("the", "a", "to", "of"), so prose does not make such a run. The
  phrase is looked for only in a text that names one (mnemonic, seed phrase, recovery
  phrase ...); a well-known test phrase (Hardhat's ``test test ... junk``, the all-zero
  ``abandon ... about``: three distinct words or fewer) is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path

from .decisions import Decision, decide

_WORDLIST = Path(__file__).resolve().parent / "bip39_english.txt"
#: a text names a phrase when its lowercased text holds one of these (the caller looks for
#: them before :func:`recovery_phrases`: "seed phrase", "recovery phrase", ``MNEMONIC=``)
PHRASE_NEEDLES = ("mnemonic", "seed", "phrase", "bip39", "bip-39")
_RUN = re.compile(r"(?<![A-Za-z])[a-z]{3,8}(?:[ \t]+[a-z]{3,8}){11,}(?![A-Za-z])")

_RAW_KEY = re.compile(r"(?<![A-Za-z0-9+/])(?:(?P<hex>(?:0x)?[0-9a-fA-F]{64})(?![A-Za-z0-9])"
                      r"|[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=(?![A-Za-z0-9+/=]))")
#: the line before the digits names a private key (``private key``, ``PRIVATE_KEY``,
#: ``--private-key``, ``privkey``, ``priv key``), or they are in a Hardhat ``accounts`` list
_KEY_NAME = re.compile(r"(?i)(?:priv(?:ate)?[\s_\-]*key|privkey|\baccounts\s*:\s*\[[^\]\n]*$"
                       # (wave 14) the key of an account that signs transactions: a deployer,
                       # a signer, a relayer, a wallet (its key is its private key)
                       r"|\b(?:deployer|signer|relayer|wallet)[\s_\-]*key\b)")
#: the same line says it is something else (a hash, a public key, an address)
_NOT_KEY = re.compile(r"(?i)(?:public[\s_\-]*key|pub[\s_\-]*key|hash|tx|txid|address|block)"
                      r"[^\n]{0,24}$")


@cache
def _words() -> frozenset[str]:
    return frozenset(_WORDLIST.read_text(encoding="utf-8").split())


def private_keys(text: str) -> Iterator[Decision]:
    """The raw private keys in ``text``: 32 bytes (64 hexadecimal digits, an Ethereum key;
    or 44 characters of base64, a Curve25519 key as WireGuard, age and libsodium write it)
    after a private key's name on their line, or in a Hardhat ``accounts`` list."""
    for m in _RAW_KEY.finditer(text):
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if _KEY_NAME.search(line[-80:]) is None:
            continue
        why_not = ("the line names a hash, a public key or an address right before it"
                   if _NOT_KEY.search(line[-30:]) else None)
        if m.group("hex"):
            yield decide("ethereum_private_key", m.start(), m.end(), why_not,
                         "64 hexadecimal digits after a private key's name (an Ethereum "
                         "private key: 32 bytes)")
        else:
            yield decide("private_key", m.start(), m.end(), why_not,
                         "32 bytes in base64 after a private key's name (a Curve25519 "
                         "private key: WireGuard, age, libsodium)")


def recovery_phrases(text: str) -> Iterator[Decision]:
    """The runs of 12 or more BIP-39 words in ``text`` (a text that names a phrase: see
    :data:`PHRASE_NEEDLES`)."""
    yield from _phrases(text)


def _phrases(text: str) -> Iterator[Decision]:
    words = _words()
    for m in _RUN.finditer(text):
        # the longest run of list words inside the run of lowercase words
        # (overlapping redactions of one kind join: a slipped phrase and a strict run)
        yield from _slipped(text, m.start(), list(re.finditer(r"[a-z]+", m.group(0))), words)
        run: list[re.Match[str]] = []
        for w in re.finditer(r"[a-z]+", m.group(0)):
            if w.group(0) in words:
                run.append(w)
                continue
            yield from _phrase(text, m.start(), run)
            run = []
        yield from _phrase(text, m.start(), run)


#: (wave 14) a phrase's length (BIP-39: 12, 15, 18, 21 or 24 words) and how many of its
#: words may be off the list: one in six (a phrase copied with a slip, or retyped from
#: paper with a word misremembered); prose has words off the list far more often (the
#: list holds no article, pronoun, preposition nor auxiliary)
_PHRASE_LENGTHS = (24, 21, 18, 15, 12)
_OFF_LIST = 6


def _slipped(text: str, base: int, run: list[re.Match[str]],
             words: frozenset[str]) -> Iterator[Decision]:
    """A phrase's length of words with at most one word in six off the list, never two off
    it in a row (nor at either end), the longest at each place."""
    listed = [w.group(0) in words for w in run]
    i = 0
    while i < len(run):
        for size in _PHRASE_LENGTHS:
            piece = listed[i:i + size]
            if (len(piece) == size and (piece[0] or piece[1]) and (piece[-1] or piece[-2])
                    and size - sum(piece) <= size // _OFF_LIST
                    and not any(not a and not b for a, b in pairwise(piece))):
                yield decide("wallet_mnemonic", base + run[i].start(),
                             base + run[i + size - 1].end(),
                             "a well-known test phrase (three distinct words or fewer)"
                             if len({w.group(0) for w in run[i:i + size]}) <= 3 else None,
                             f"{size} words (a recovery phrase's length), at most one in six "
                             "off the BIP-39 list, in a text that names a phrase")
                i += size
                break
        else:
            i += 1


def _phrase(text: str, base: int, run: list[re.Match[str]]) -> Iterator[Decision]:
    if len(run) < 12:
        return
    why_not = ("a well-known test phrase (three distinct words or fewer)"
               if len({w.group(0) for w in run}) <= 3 else None)
    yield decide("wallet_mnemonic", base + run[0].start(), base + run[-1].end(), why_not,
                 "a run of 12 or more BIP-39 words (a recovery phrase is 12 to 24) in a text "
                 "that names a phrase")
