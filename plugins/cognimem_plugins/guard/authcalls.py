"""(wave 25) A key given by position to a call named for what it does with a credential.

:mod:`.constructed` reads a literal given to a client's constructor (``x = Client("...")``)
and to a setter named for a credential (``setAesKey("...")``); :mod:`.sdkcalls` the clients
its documentation lists. A call that *uses* the key is neither: ``client.with_security(id,
'...')``, ``is_valid_hmac_notification(item, "...")``, ``SteamTotp.generateAuthCode('...')``,
``JWS.sign('HS256', header, payload, '...')``, ``client.session.start('...', ...)``,
``RtcTokenBuilder.buildTokenWithUid(app_id, "...", ...)``. The reader:

* the callee's last two names (``receiver.method``) hold, split into words (camel case,
  snake case), a word of authentication or signing (:data:`AUTH_WORDS`: ``auth``,
  ``authenticate``, ``security``, ``hmac``, ``signature``, ``sign``, ``login``, ``session``,
  ``token``, ``credential``, ``secret``, ``totp``...), and none that says the call handles
  a public value (:data:`PUBLIC_WORDS`: ``public``, ``verify`` of a key's fingerprint, a
  digest, a hash);
* a string literal among its first six arguments reads as a key a provider issued
  (:func:`.branded.key_shape_reason` with 16 as the shortest slot and the shortest
  hexadecimal: long, random, not a URL, a path, a name or words). A UUID is an identifier
  as often as a key: kept.

A sign-in call given two or three literals (``authenticate('user', '...')``) is
:func:`.named_settings.sign_in_values`' (wave 23), which reads its last literal as a
password; this reader leaves those calls to it.

Gated by :func:`auth_call_secrets`' caller on a literal opening a call's argument (the
needles of :mod:`.constructed`) and here on one of the words' stems in the lowercased text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from detect_secrets.filters.heuristic import is_potential_uuid

from .branded import key_shape_reason
from .constructed import _arguments, _words
from .decisions import Decision, decide
from .named_settings import _SIGN_IN_CALL

#: a switch of cv_wave25_secrets.py
READ_AUTH_CALLS = True

#: the words of a call that authenticates, signs or opens a session with what it is given
AUTH_WORDS = frozenset((
    "auth", "authenticate", "authentication", "authorize", "authorization", "security",
    "hmac", "signature", "sign", "signing", "signer", "login", "logon", "session", "token",
    "credential", "credentials", "secret", "totp", "otp",
))
#: the stems of :data:`AUTH_WORDS` (asked for in the lowercased text before the pattern runs)
AUTH_STEMS = ("auth", "secur", "hmac", "sign", "log", "session", "token", "credential",
              "secret", "otp")
#: the words of a call that handles a value that is public or a digest, not a key
PUBLIC_WORDS = frozenset((
    "public", "pub", "fingerprint", "digest", "hash", "checksum", "id", "ids", "uuid",
    "url", "uri", "path", "name", "user", "username", "email", "commit", "sha",
))
#: a call whose last or next-to-last name holds a stem of :data:`AUTH_WORDS` (the callee's
#: start is found from there, back over its dotted names: ``client.session.start(``, a
#: method called on a call's result, ``Client(...).with_security(``)
_CALL_STEMS = ("auth", "secur", "hmac", "sign", "login", "logon", "session", "token",
               "credential", "secret", "otp")
#: from a stem on: the rest of its name, a method's name, the opening parenthesis
_AFTER_STEM = re.compile(r"\w{2,50}(?:\.[A-Za-z_]\w{0,40})?[ \t]*\(")
#: a quote among the call's arguments
_QUOTED_ARGS = re.compile(r"[^()\n]{0,300}['\"]")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")
#: how many arguments are read
_MOST = 6


def auth_call_secrets(text: str, low: str) -> Iterator[Decision]:
    """A literal that reads as a key, given to a call named for authentication or signing
    (see the module's text)."""
    if not READ_AUTH_CALLS or not any(stem in low for stem in AUTH_STEMS):
        return
    if len(low) != len(text):  # a character whose lower case is longer: spans differ
        low = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    calls: dict[int, int] = {}
    for stem in _CALL_STEMS:
        at = low.find(stem)
        while at >= 0:
            m = _AFTER_STEM.match(text, at)
            if m is not None:
                calls.setdefault(m.end(), at)
            at = low.find(stem, at + len(stem))
    for opened, at in sorted(calls.items()):
        if not _QUOTED_ARGS.match(text, opened):
            continue
        start = at
        while start > 0 and opened - start < 200 and text[start - 1] in _NAME_CHARS:
            start -= 1
        callee = text[start:opened - 1].rstrip(" \t(").strip(".")
        if not callee or not (callee[0].isalpha() or callee[0] == "_"):
            continue
        last = callee.split(".")[-1]
        words = [w for name in callee.split(".")[-2:] for w in _words(name)]
        if not AUTH_WORDS.intersection(words) or PUBLIC_WORDS.intersection(words):
            continue
        if _SIGN_IN_CALL.match(text, text.rfind(last, start, opened)):
            continue  # two or three literals to a sign-in call: wave 23's reader's
        for start, end, value in _arguments(text, opened, _MOST):
            if value is None:
                continue
            why = key_shape_reason(value, min_hex=16, min_slot=16)
            if why is None and " " in value:
                why = "words"
            if why is None and is_potential_uuid(value):
                why = "a UUID (an identifier as often as a key)"
            yield decide("client_credential", start, end, why,
                         f"a literal given to {callee[-40:]}() (a call named for "
                         "authentication or signing, by position)")
