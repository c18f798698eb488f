"""Credentials found in text and replaced by typed placeholders (``[REDACTED:aws_access_key]``).

Every candidate becomes a :class:`Decision`: redacted or kept, with the reason, so
``cognimem guard --explain`` can show each one and a write's notes can say where and why.

Three sources, from strongest to weakest evidence:

* a provider's format (:mod:`.formats`, mostly detect-secrets' own regexes): redacted;
* a value assigned to a secret-like name (``DB_PASSWORD=...``, ``"api_key": "..."``, "the
  admin password for X is ...", ``mysql -p'...'``), or the password of a URL or a
  connection string: redacted unless the value is a template, a reference, a placeholder,
  a plain word or a version (detect-secrets' heuristic filters and the checks of
  :mod:`.evidence`);
* a value a few words after a secret-like name ("the signing key for webhooks is now
  8GlH..."): redacted only with evidence an identifier does not give (see
  :func:`.evidence.identifier_reason`): a feature-flag key, a pod name or a commit id after
  "key" is kept.

A profile's allowlist (literal values or regular expressions) keeps a team's own
identifiers whatever the source.

This module is the detector table (:func:`_find`, every rule in order), the spans (of
overlapping redactions the first and longest wins) and the redaction. The rules live by
job: :mod:`.assigned` (values given to a name, URLs, connection strings), :mod:`.passwords`
(prose, flags, other languages), :mod:`.near` (the entropy heuristic), :mod:`.standins`
(what an assigned value may be instead of a secret), :mod:`.names` (the words that name a
secret) and :mod:`.decisions` (a decision and the allowlist).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from . import defaults, prose_i18n
from . import formats as formats_module
from . import handled as handled_module
from . import structured as structured_module
from .assigned import (
    assigned,
    directive_passwords,
    dsl_literals,
    elements,
    ldif_passwords,
    paired_values,
    shell_words,
    urls_and_connections,
)
from .authcalls import auth_call_secrets
from .authfiles import NEEDLES as AUTHFILE_NEEDLES
from .authfiles import auth_files
from .aws_pairs import aws_pairs
from .branded import HEADER_NEEDLES, branded_keys
from .brands import ROWS as BRAND_ROWS
from .commands import GATE_ROWS as COMMAND_ROWS
from .commands import command_passwords
from .constructed import NEEDLES as CONSTRUCTED_NEEDLES
from .constructed import constructed_secrets, setter_secrets
from .context import (
    jwk_private_members,
    public_value_reason,
    rails_master_keys,
    template_spans,
    twilio_auth_tokens,
)
from .continued import more_lines
from .credfiles import NEEDLES as CREDFILE_NEEDLES
from .credfiles import credential_files
from .credwords import credential_words
from .daemons import daemon_secrets
from .decisions import PLACEHOLDER, Allowlist, Decision, decide
from .devicekeys import GATE as DEVICE_GATE
from .devicekeys import named_device_keys
from .devices import device_secrets
from .envelopes import NEEDLES as ENVELOPE_NEEDLES
from .envelopes import envelope_passwords
from .escaped_prose import escaped_passwords
from .escapes import json_view, text_span
from .evidence import looks_chosen
from .fallbacks import fallback_defaults, later_defaults, set_by_call
from .formats import (
    ENCRYPTED_HEADER,
    PRIVATE_BLOCK,
    PRIVATE_HEADER,
    gate_rows,
    longest_word,
    provider_matches,
)
from .grouped import grouped_app_passwords
from .handled import handled_secrets
from .headers import header_credentials
from .hooks import webhook_paths
from .issued import GATE_ROWS as ISSUED_ROWS
from .issued import issued_values
from .keymaterial import key_material
from .keynames import key_settings
from .languages import _STEMS as NAME_STEMS_WIDE
from .languages import has_name
from .linenamed import line_named_secrets
from .logins import login_pairs
from .named_settings import named_settings
from .names import (
    NAME_STEM_WORDS,
    PASSWORD_STEM_WORDS,
    PASSWORD_STEM_WORDS_WIDE,
    SHARED_GATE,
    SHARED_STEMS,
)
from .namewords import name_words_secrets
from .near import near, near_wide, prefixed_tokens
from .needles import Needles
from .netconfig import network_secrets
from .netrows import needle_words
from .novalue import not_a_value_reason
from .opsfiles import ops_secrets
from .pairs_wide import login_pairs_wide
from .passwords import prose_passwords
from .pins import may_hold_pin, pins
from .positional import SIGN_IN_NEEDLES, command_secrets
from .precision import kept_reason
from .prose_i18n import STEMS as PROSE_STEMS
from .prose_i18n import i18n_passwords
from .providers import GATE_ROWS, GATE_TABLES, provider_values
from .qualified import qualified_secrets
from .raw_keys import PHRASE_NEEDLES, private_keys, recovery_phrases
from .sdkcalls import GATE as SDK_GATE
from .sdkcalls import intercom_tokens, keyword_secrets, sdk_call_secrets
from .setcommands import named_sets
from .signing import NEEDLES as SIGNING_NEEDLES
from .signing import signing_keys
from .signins import signin_passwords
from .spans import widen
from .standins import placeholder, stand_in
from .strong_shape import GATE as SHAPE_GATE
from .strong_shape import shaped_passwords
from .structured import (
    APPLE_WORDS,
    apple_app_passwords,
    application_passwords,
    armoured_keys,
    authorization_headers,
    export_columns,
    key_value_elements,
    paho_passwords,
    registry_auths,
    table_columns,
)
from .symmetric import symmetric_keys
from .urlpaths import url_path_secrets
from .userinfo import user_info_secrets
from .wallets import wallet_keys
from .wrapped import SHORTEST as WRAPPED_SHORTEST
from .wrapped import wrapped_credentials

#: (wave 17) the words before :func:`.grouped.grouped_app_passwords` runs
_KEY_BODY = re.compile(r"[A-Za-z0-9+/=]{40}")
#: every word looked for in the lowercased text, in one pass (an automaton reads the text
#: once; each gate apart would read it again): the stems of a secret-like name ("name") and
#: of a password word ("password"), the words of a recovery phrase, ``snmp``, ``accounts``
#: and the words of :mod:`.providers`' tables; last, the tools' needles of :mod:`.commands`
#: and the provider formats' (:func:`.formats.gate_rows`; built on first use, as the
#: formats are), lowercased: a needle found so is then asked for as its rule wants
_GROUPED_WORDS = ("pass", "pwd", "mail", "imap", "smtp", "pop3", "login", "credential", "senha",
                  "parola", "contrase")
_LOW_ROWS: list[tuple[str, tuple[str, Any]]] = [
    *((stem, ("name", 0)) for stem in NAME_STEM_WORDS),
    *((stem, ("password", 0)) for stem in PASSWORD_STEM_WORDS),
    *((word, ("phrase", 0)) for word in PHRASE_NEEDLES),
    ("snmp", ("snmp", 0)), ("accounts", ("accounts", 0)), *GATE_ROWS, *COMMAND_ROWS,
    # the ASCII stems of a secret's name in other languages (:func:`.languages.has_name`
    # asks for them first in ASCII text: none there, it is False)
    *((stem, ("wide", 0)) for stem in NAME_STEMS_WIDE),
    # (wave 11) the words of a text about an Apple ID's sign-in (:mod:`.structured`)
    *((word, ("apple", 0)) for word in APPLE_WORDS),
    # (wave 14) the words of :mod:`.issued`'s rules
    *ISSUED_ROWS,
    # (wave 15) the words of :mod:`.credfiles`' formats, and those before a shared secret's,
    # an access code's or a licence key's words (:data:`.names.SHARED_GATE`)
    *((word, ("credfile", 0)) for word in CREDFILE_NEEDLES),
    *((stem, ("shared", 0)) for stem in SHARED_STEMS),
    # (wave 15) the password words' stems outside ASCII (:data:`.names.PASSWORD_GATE_WIDE`,
    # found in the same pass instead of a search of their alternation)
    *((stem, ("password_wide", 0)) for stem in PASSWORD_STEM_WORDS_WIDE),
    # (wave 18) the providers' names of :mod:`.brands`, the headers of :mod:`.branded`, the
    # words of :mod:`.envelopes` and :mod:`.signing`
    *BRAND_ROWS, *((word, ("header", 0)) for word in HEADER_NEEDLES),
    *((word, ("envelope", 0)) for word in ENVELOPE_NEEDLES),
    *((word, ("signing", 0)) for word in SIGNING_NEEDLES),
    # (wave 18) the words that open wave 17's readers, found in the same pass instead of a
    # scan each (:mod:`.devicekeys`' names, :mod:`.sdkcalls`' clients, :mod:`.authfiles`'
    # options, the grouped app passwords' line words)
    *((word, ("devicekey", 0)) for word in DEVICE_GATE.pattern.split("|")),
    *((word, ("sdk", 0)) for word in SDK_GATE),
    *((word, ("authfile", 0)) for word in AUTHFILE_NEEDLES),
    *((word, ("grouped", 0)) for word in _GROUPED_WORDS),
    # (wave 18) the words of the network, daemon and operations tables
    *((word, ("net", 0)) for word in needle_words()),
    # (wave 19) the word for "password" in the languages of :mod:`.prose_words`
    *((stem, ("prose", word)) for stem, word in PROSE_STEMS),
    # (wave 24) the words of :mod:`.handled`'s handling cues and credential headers
    *((stem, (handled_module.HANDLED_TABLE, 0)) for stem in handled_module.HANDLING_STEMS),
    *((stem, (handled_module.HEADER_TABLE, 0)) for stem in handled_module.HEADER_STEMS)]
_LOW_GATE: list[Needles[tuple[str, Any]]] = []


def _low_gate() -> Needles[tuple[str, Any]]:
    if not _LOW_GATE:
        _LOW_GATE.append(Needles(low_gate_rows()))
    return _LOW_GATE[0]


def low_gate_rows() -> list[tuple[str, tuple[str, Any]]]:
    """The rows of the one pass over the lowercased text (:data:`_LOW_ROWS` and the
    formats' :func:`.formats.gate_rows`), in the table's order."""
    return [*_LOW_ROWS, *gate_rows()]


def _find(text: str, gate: list[tuple[str, Any]] | None = None,
          longest: int | None = None, nested: bool = False) -> Iterator[Decision]:
    if ("PRIVATE KEY" in text or "PuTTY" in text) and (
            PRIVATE_HEADER.search(text)
            or (formats_module.READ_ENCRYPTED and ENCRYPTED_HEADER.search(text))):
        for m in PRIVATE_BLOCK.finditer(text):
            yield decide("private_key", m.start(), m.end(),
                         None if _KEY_BODY.search(m.group(0)) else "a key block's BEGIN and "
                         "END lines without a key between them",
                         "private key block (detect-secrets PrivateKeyDetector)")
    low = text.lower()
    longest = longest_word(text) if longest is None else longest
    # ``gate``: what ``_low_gate().found(low)`` gives, when a caller found it already
    # (:mod:`.ahead`: one pass for the redaction's and the screen's needles)
    found = _low_gate().found(low) if gate is None else gate
    gates = {table for table, _ in found}
    formats = [row for table, row in found if table == "format"] if "format" in gates else []
    for rule, start, end, valid in provider_matches(text, low, longest, formats):
        yield decide(rule.kind, start, end, None if valid else "does not decode as its "
                     "format requires", rule.reason)
    # (each rule below asks first for what it needs; asked here, a text without it does not
    # start the rule's generator)
    if ("://" in text and "@" in text) or "password" in low or "pwd" in low:
        yield from urls_and_connections(text)
    if longest >= 35 and ("_" in text or "-" in text):
        yield from prefixed_tokens(text)
    # (wave 14) keys whose structure the issuer documents (:mod:`.issued`)
    yield from issued_values(text, longest, {row for table, row in found if table == "issued"}
                             if "issued" in gates else set())
    stems = "name" in gates
    if stems:
        yield from assigned(text)
        yield from elements(text)
        yield from paired_values(text)
        yield from near(text)
        # (wave 16) a secret's default in the code, a random value of a "key" setting
        yield from fallback_defaults(text)
        # (wave 20) a command's ``set NAME VALUE`` (:mod:`.setcommands`)
        if "set" in low or "add " in low or "put " in low or "update " in low:
            yield from named_sets(text)
        if "env" in low:
            yield from later_defaults(text)
        yield from key_settings(text)
        # (wave 18) a client's documented keyword argument (:mod:`.sdkcalls`)
        if "(" in text and "=" in text:
            yield from keyword_secrets(text)
    # (wave 16) a secret set by a call (PHP's define: WordPress's salts hold no name stem)
    if "define(" in text or "set_password(" in text:
        yield from set_by_call(text)
    # (wave 10) a device configuration's secrets (IOS, Junos), a wallet's key or phrase
    if stems or "snmp" in gates:
        yield from device_secrets(text, low)
    if stems or "accounts" in gates:
        yield from private_keys(text)
    if "phrase" in gates:
        yield from recovery_phrases(text)
    if ("wide" in gates or not low.isascii()) and has_name(low):
        yield from near_wide(text)
    for start, end in jwk_private_members(text) if "kty" in text else ():
        yield decide("jwk_private_key", start, end, None,
                     "a private member of a JWK (d, p, q, dp, dq, qi or k): the key itself")
    for start, end in rails_master_keys(text) if ".key" in text else ():
        yield decide("rails_master_key", start, end, None,
                     "32 hexadecimal digits shown as Rails' config/master.key (its master key)")
    for start, end, why_not in twilio_auth_tokens(text) if "AC" in text else ():
        yield decide("twilio_auth_token", start, end, why_not,
                     "32 hexadecimal digits beside a Twilio account SID (its auth token)")
    if ("password" in gates or "password_wide" in gates
            or ("/" in low and "account" in low)  # a login pair after "account"
            or ("shared" in gates and SHARED_GATE.search(low))):
        yield from prose_passwords(text)
        yield from shell_words(text)
        yield from ldif_passwords(text)
        yield from dsl_literals(text)
        yield from directive_passwords(text)
    # (wave 19) a password in a sentence of any language, and in an escaped carrier
    # (:mod:`.prose_i18n`, :mod:`.escaped_prose`; the latter asks first for an escape)
    readers = prose_i18n.READERS
    if "prose" in gates and "i18n" in readers:
        yield from i18n_passwords(text, [row for table, row in found if table == "prose"])
    if ("\\u" in text or "%" in text or ";" in text) and "escaped" in readers:
        yield from escaped_passwords(text)
    if "shape" in readers and SHAPE_GATE.search(text):
        yield from shaped_passwords(text)
    if "pin" in readers and may_hold_pin(text, low):
        yield from pins(text)
    # a tool's rules open only by its needles: with none in the text, none runs
    commands = [row for table, row in found if table == "command"] if "command" in gates else []
    for command, start, end, value in command_passwords(text, low, commands) if commands else ():
        yield decide("cli_password", start, end,
                     _verbatim_reason(value) if command.verbatim else
                     _command_value_reason(value, prose=command.prose), command.reason)
    # (wave 16) a login written as 'account / password' or "log in as ... with ..."
    if " / " in text or " as " in text:
        yield from login_pairs(text)
    # (wave 15) the documented formats of credential files (:mod:`.credfiles`)
    if "credfile" in gates:
        yield from credential_files(text, low)
    # (wave 11) what a structure says is a secret (:mod:`.structured`)
    if "-----BEGIN" in text:
        yield from armoured_keys(text)
    if stems or "password" in gates:
        yield from application_passwords(text)
    if "password" in gates and "\n" in text:
        yield from export_columns(text)
    # (wave 22) logins as pairs, Oracle connect strings, basic authentication in clear
    # (:mod:`.pairs_wide`: each asks first for its characters)
    if "/" in text or "basic" in low or "login" in low or "log-in" in low or "sign-in" in low:
        yield from login_pairs_wide(text, low)
    # (wave 22) a user-info setting's secret, an id:secret pair in hexadecimal
    # (:mod:`.userinfo`: each asks first for its characters)
    if "info" in low or (":" in text and ("key" in low or "secret" in low or "token" in low)):
        yield from user_info_secrets(text, low)
    # (wave 23) PIN settings, secret and cert ids, a secret's name given as an attribute or
    # a call's argument (:mod:`.named_settings`: each asks first for its characters)
    yield from named_settings(text, low)
    # (wave 24) a value the text handles as a secret, a credential's header in any layout
    # (:mod:`.handled`: each asks first for its words)
    yield from handled_secrets(text, low, gates)
    # (wave 25) key material named by its domain's noun or given to a signing call
    yield from key_material(text, low, longest)
    # (wave 26) a token named "PAT" or "OAuth", a session's value, what a text signs with
    yield from credential_words(text, low, longest)
    # (wave 25) a sign-in command's ``login USER PASSWORD`` (:mod:`.signins`; asks first
    # for its word)
    yield from signin_passwords(text, low)
    # (wave 26) a key carried in a URL's path (:mod:`.urlpaths`; asks first for "://")
    if "://" in text:
        yield from url_path_secrets(text)
    # (wave 26) a credential's noun, a qualifier, then its value (:mod:`.qualified`)
    yield from qualified_secrets(text, low)
    # (wave 22) a Markdown table's column named for a secret (:mod:`.structured`)
    if "|" in text and "\n" in text and "-" in text and structured_module.READ_TABLES and (
            stems or "password" in gates or "key" in low or "secret" in low
            or "token" in low or "pin" in low):
        yield from table_columns(text)
    if "</key>" in low:
        yield from key_value_elements(text)
    if "apple" in gates:
        yield from apple_app_passwords(text)
    if stems and "auth" in low:  # ("auth" is a name stem)
        yield from registry_auths(text)
        if "authorization" in low:
            yield from authorization_headers(text)
    if "password" in gates and "username_pw_set" in text:
        yield from paho_passwords(text)
    # (wave 17) keys after their documented names, webhooks' secret paths, grouped app
    # passwords (:mod:`.devicekeys`, :mod:`.hooks`, :mod:`.grouped`)
    if "devicekey" in gates:
        yield from named_device_keys(text, low)
    # (wave 18) protocol envelopes' password fields and signing keys (:mod:`.envelopes`,
    # :mod:`.signing`; each asks first for its words)
    if "envelope" in gates:
        yield from envelope_passwords(text, low)
    if "signing" in gates:
        yield from signing_keys(text, low)
    if "(" in text and "sdk" in gates:
        yield from sdk_call_secrets(text)
    if "dG9rO" in text:
        yield from intercom_tokens(text)
    # (wave 20) a key given by position to a client's constructor or to a credential's
    # setter, whatever the library (:mod:`.constructed`; asks first for a literal argument)
    if "(" in text and any(needle in text for needle in CONSTRUCTED_NEEDLES):
        yield from constructed_secrets(text)
        yield from setter_secrets(text)
        # (wave 25) and to a call named for authentication or signing (:mod:`.authcalls`)
        yield from auth_call_secrets(text, low)
    # (wave 20) a cipher's key length after a symmetric key's name (:mod:`.symmetric`; asks
    # first for "key" and a word that says what the key does)
    yield from symmetric_keys(text, low)
    # (wave 20) an Authorization header's value the formats refuse, curl's user slot
    # (:mod:`.headers`; asks first for its words)
    yield from header_credentials(text, low)
    if "authfile" in gates:
        yield from auth_files(text, low)
    if "/" in text or "hook" in low:
        yield from webhook_paths(text, low)
    if "grouped" in gates:
        yield from grouped_app_passwords(text, low)
    # (wave 18) network operating systems, daemons' files, monitoring and operations tools
    if "net" in gates:
        yield from network_secrets(text, low)
        yield from daemon_secrets(text, low)
        yield from ops_secrets(text, low)
    # (wave 21) a wallet's key in its own export forms (WIF, a keypair's byte array), an AWS
    # secret access key beside its key ID (:mod:`.wallets`, :mod:`.aws_pairs`; each asks
    # first for what it needs)
    yield from wallet_keys(text, longest)
    if "AKIA" in text or "ASIA" in text:
        yield from aws_pairs(text)
    # (wave 19) a command line's password and credential flags, sign-in arguments and
    # credential files, by the tools' shared conventions (:mod:`.positional`)
    if "-p" in text or "-P" in text or "--" in text or "echo" in text or "printf" in text or (
            any(w in low for w in SIGN_IN_NEEDLES)):
        yield from command_secrets(text, low)
    # (wave 19) base64 whose decoded text holds a credential (:mod:`.wrapped`; not within a
    # decoded text itself: one level)
    if not nested and longest >= WRAPPED_SHORTEST:
        yield from wrapped_credentials(text, _holds_credential)
    # last, so a value an earlier rule redacts keeps that rule's kind and reason (the
    # judge's vectors embed the redacted text): providers' documented names, shapes and
    # URLs, session cookies, passwords in IaC state and tool configs
    if gates & GATE_TABLES:
        yield from provider_values(text, low, [row for row in found if row[0] in GATE_TABLES])
    # (wave 18) after them, a bare key after its provider's name, section or header
    # (:mod:`.branded`; "appid" holds no name stem): the providers without a documented row
    # of their own (a documented row keeps its kind and reason)
    if "brand" in gates or "header" in gates:
        yield from branded_keys(text, low, [row for table, row in found if table == "brand"],
                                "header" in gates)
    # (wave 19) last of all, a key's word anywhere in a setting's name, Android's and plists'
    # pairs (:mod:`.namewords`): a documented row (WireGuard's ``PresharedKey``) keeps its
    # kind and reason
    if stems:
        yield from name_words_secrets(text)
    # (wave 27) last of all, a random value its line names by a noun ending in a
    # credential's head (:mod:`.linenamed`; asks first for the heads' letters): a value an
    # older reader redacts keeps that reader's kind and reason
    yield from line_named_secrets(text, low, longest)


def _holds_credential(decoded: str) -> bool:
    """Whether a decoded text holds what the guard redacts (the rules but the decoding
    one)."""
    return any(d.redacted for d in scan(decoded, nested=True))


def _verbatim_reason(value: str) -> str | None:
    """Why a value where a syntax puts nothing but a password is not one: a placeholder, or
    a plain lowercase or capitalised word (a line of prose that reads as the syntax)."""
    if value.isalpha() and (value.islower() or value.istitle()):
        return "a plain word"
    return placeholder(value)


def _command_value_reason(value: str, *, prose: bool = False) -> str | None:
    """Why a value a tool's password flag is given is not a password, or None: a template,
    a variable, a placeholder, a path or a URL (the flag then names where the password is);
    ``prose``: a flag people also write about, whose value must look chosen."""
    why = stand_in(value) or (looks_chosen(value) if prose else None)
    if why:
        return why
    if value.startswith(("http://", "https://", "/", "~/", "./", "@")):
        return "a URL, a path or a file reference"
    return None


#: (wave 20) whether a text's JSON string escapes are read again unescaped (a switch of
#: cv_wave20_secrets.py)
ESCAPED_VIEW = True
#: (wave 21) whether a text whose JSON strings escape only their line ends (``"text":
#: "[smtp]\\nuser = ...\\npass = ..."``: a chat export's message, a log line, a notebook's
#: source) is read again with them undone too: a setting's line then starts a line
#: (a switch of cv_wave21_secrets.py)
ESCAPED_LINES = True


def _in_view(text: str) -> list[Decision]:
    """The redactions found in ``text`` read with its JSON string escapes undone, at their
    spans in ``text`` (:func:`.escapes.json_view`; decoded once: ``nested``)."""
    view, where = json_view(text)
    if not where:
        return []
    return [replace(d, start=s, end=e) for d in _find(view, nested=True) if d.redacted
            for s, e in (text_span(where, d.start, d.end),)]


def scan(text: str, allow: Allowlist | None = None,
         gate: list[tuple[str, Any]] | None = None, longest: int | None = None,
         nested: bool = False) -> list[Decision]:
    """Every decision about ``text``, in order: the redactions (non-overlapping; of
    overlapping ones the first and longest wins) and the candidates kept, with reasons.
    ``gate``: the rows of :func:`low_gate` the lowercased text holds, and ``longest``:
    :func:`.formats.longest_word` of ``text``, if the caller has them; ``nested``: (wave 19)
    ``text`` was decoded from a base64 run (its runs are not decoded again)."""
    found = list(_find(text, gate, longest, nested))
    # (wave 20) code quoted in a JSON string, read as it was written (:mod:`.escapes`)
    if ESCAPED_VIEW and not nested and ("\\\"" in text or (ESCAPED_LINES and "\\n" in text)):
        found += _in_view(text)
    if not found:
        return []  # most texts: no candidate at all
    decisions = [_public(d, text, spans) for spans in (template_spans(text),) for d in found]
    if allow is not None:
        decisions = [_allowed(d, text, allow) for d in decisions]
    # a value kept for what it is (public, a template, allowed) says so before any other
    # reason given for the same span (``--explain`` shows one reason a span)
    overruled = [d for d, f in zip(decisions, found, strict=True) if d is not f]
    # (wave 19) each redaction covers the whole token its value is part of (:mod:`.spans`)
    redacted = sorted((_widened(d, text) for d in decisions if d.redacted),
                      key=lambda d: (d.start, -(d.end - d.start)))
    out: list[Decision] = []
    for item in redacted:
        if out and item.start < out[-1].end:
            # (wave 16) an overlapping redaction that runs further extends the first, of
            # whatever kind: a part of a value left after a placeholder is a part of a secret
            # (``--from-literal=password=[REDACTED]...``)
            if item.end > out[-1].end:
                out[-1] = replace(out[-1], end=item.end)
            continue
        out.append(item)
    seen: set[tuple[int, int]] = set()
    for item in (*overruled, *decisions):
        span = (item.start, item.end)
        if (not item.redacted and span not in seen
                and not any(r.start < item.end and item.start < r.end for r in out)):
            seen.add(span)
            out.append(item)
    out.sort(key=lambda d: (d.start, not d.redacted))
    return out


def _widened(decision: Decision, text: str) -> Decision:
    """``decision`` over the whole token its value is part of (a private key's block as
    it is)."""
    if decision.kind == "private_key":
        return decision
    start, end = widen(text, decision.start, decision.end)
    # (wave 27) a base64 value wrapped over the next lines (:mod:`.continued`)
    end = more_lines(text, start, end)
    if (start, end) == (decision.start, decision.end):
        return decision
    return replace(decision, start=start, end=end)


def _public(decision: Decision, text: str, templates: list[tuple[int, int]]) -> Decision:
    """``decision`` kept when its value is a public stand-in or inside a template."""
    if not decision.redacted:
        return decision
    if decision.kind == "private_key":
        # (wave 22) a key's bare base64 that is a fill (WireGuard's ``PrivateKey =
        # AAAA...A=`` in a fixture) is kept; a block never is (:func:`.defaults.padded`)
        value = text[decision.start:decision.end].strip("\"'")
        if "padded" in defaults.TESTS and defaults.padded(value):
            return replace(decision, redacted=False, reason="one character repeated then "
                           "base64's padding (the encoding of zero bytes)")
        return decision
    if any(a <= decision.start and decision.end <= b for a, b in templates):
        return replace(decision, redacted=False, reason="inside a template reference "
                       "(${...}, {{...}}): a value filled in elsewhere")
    why = (public_value_reason(text[decision.start:decision.end])
           or kept_reason(text, decision.start, decision.end, decision.kind)
           # (wave 19) the one test of what is not a value, for every reader (:mod:`.novalue`)
           or not_a_value_reason(text, decision.start, decision.end))
    return decision if why is None else replace(decision, redacted=False, reason=why)


def _allowed(decision: Decision, text: str, allow: Allowlist) -> Decision:
    if not decision.redacted:
        return decision
    why = allow.why(text[decision.start:decision.end])
    return decision if why is None else replace(decision, redacted=False, reason=why)


def find_secrets(text: str, allow: Allowlist | None = None,
                 gate: list[tuple[str, Any]] | None = None, longest: int | None = None,
                 ) -> list[Decision]:
    """The redactions in ``text``, non-overlapping, in order (``gate``, ``longest``: as
    :func:`scan`)."""
    return [d for d in scan(text, allow, gate, longest) if d.redacted]


def redact_found(text: str, allow: Allowlist | None = None,
                 gate: list[tuple[str, Any]] | None = None, longest: int | None = None,
                 ) -> tuple[str, list[Decision]]:
    """``text`` with each credential replaced by ``[REDACTED:kind]``, and the redactions
    (spans in the text as given; ``gate``, ``longest``: as :func:`scan`)."""
    found = find_secrets(text, allow, gate, longest)
    if not found:
        return text, []
    parts: list[str] = []
    last = 0
    for item in found:
        parts.append(text[last:item.start])
        parts.append(PLACEHOLDER.format(kind=item.kind))
        last = item.end
    parts.append(text[last:])
    return "".join(parts), found


def redact(text: str, allow: Allowlist | None = None) -> tuple[str, dict[str, int]]:
    """``text`` with each credential replaced by ``[REDACTED:kind]``, and the count of each
    kind replaced."""
    cleaned, found = redact_found(text, allow)
    return cleaned, dict(Counter(item.kind for item in found)) if found else {}
