"""(wave 14) Credentials whose structure the issuer documents, found without a name before them.

* a NATS nkey seed: ``S``, the key's type letter (``U`` user, ``A`` account, ``O``
  operator, ``N`` server, ``C`` cluster, ``X`` curve) and base32 (``A-Z2-7``), 58
  characters in all (docs.nats.io, "NKeys"; github.com/nats-io/nkeys: a seed's prefix byte
  encodes to ``S`` and the type's letter). A public nkey opens with the type letter alone
  and is 56 characters: kept;
* a key that is a UUID behind a marker saying which key it is: LaunchDarkly's server-side
  SDK key ``sdk-`` and mobile key ``mob-`` (docs.launchdarkly.com, "Keys"), HubSpot's
  private-app token ``pat-`` and a region (``na1``, ``eu1``: developers.hubspot.com,
  "Private apps"), and DeepL's free-plan key, a UUID and ``:fx`` (developers.deepl.com,
  "Authentication"). A bare UUID is an identifier and stays;
* a Zigbee network key as zigbee2mqtt writes it: ``network_key:`` and a list of 16 numbers
  of 0 to 255 (zigbee2mqtt.io, "Zigbee network": ``advanced.network_key``, 16 bytes, or
  ``GENERATE``, which is kept);
* an API key given as the user of HTTP basic authentication with an empty password (or
  one letter, which such APIs ignore: BambooHR's ``KEY:x``), as many APIs document it
  (``auth=('KEY', '')`` in Python's requests, ``curl -u KEY:``);
* the stream key of an RTMP ingest URL (``rtmp://host/app/KEY``: the last path segment is
  the stream's key, as Twitch, YouTube and most ingest servers document it);
* the values of a Kubernetes Secret's ``data:`` (base64 of the secret itself,
  kubernetes.io "Secrets"), whatever the decoded text reads as;
* a string literal passed right after an argument named for an id (``Client(clientId,
  "...")``, ``init(tokenId, "...")``): the secret of an id-and-secret pair;
* a literal given to a setter named for a credential (``setApiKey("...")``,
  ``set_access_token('...')``, ``setPassword("...")``): judged as a value assigned to such
  a name is (:func:`.standins.assigned_reason`);
* a quoted value under the key ``pass`` (Nodemailer's ``auth: {user, pass}``, many JSON
  configs' ``"user"``/``"pass"``): a password;
* a URL's query parameter named for a credential (``appid=``, ``api_key=``, ``token=``,
  ``access_token=``, ``sig=`` ...) given a random value: hexadecimal of 32 digits or more,
  or a value with the evidence :func:`.evidence.identifier_reason` asks for.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from itertools import pairwise

from .decisions import Decision, decide
from .evidence import identifier_reason
from .standins import assigned_reason, placeholder

_NKEY_SEED = re.compile(r"(?<![A-Za-z0-9])S[UAONCX][A-Z2-7]{56}(?![A-Za-z0-9])")
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_MARKED_UUID = re.compile(
    rf"(?<![A-Za-z0-9_\-])(?:(?:sdk|mob)-{_UUID}|pat-(?:na|eu|ap)\d-{_UUID}|{_UUID}:fx)"
    r"(?![A-Za-z0-9_\-])")
_NETWORK_KEY_LIST = re.compile(
    r"(?i)\bnetwork_?key\b['\"]?\s*[:=]\s*\[(?P<v>\s*\d{1,3}(?:\s*,\s*\d{1,3}){15}\s*)\]")
#: a query parameter whose name says the value is a credential (``[?&]`` before it: not a
#: word of prose); ``page_token``, ``next_token`` and the like are other names
_QUERY = re.compile(
    r"[?&](?P<name>appid|app_?id|apikey|api_?key|api-key|app_?key|key|token|access_?token|"
    r"auth|auth_?token|sig|signature|client_?secret|secret|password|passwd|pwd)="
    r"(?P<v>[A-Za-z0-9_\-.~+/%]{16,400})(?=[&#\s\"'<>)\]`]|$)", re.IGNORECASE)
_HEX = re.compile(r"[0-9a-fA-F]+")
_HEX32_RUN = re.compile(r"[0-9a-fA-F]{32}")
#: basic authentication with the key as the user and an empty password
_KEY_AS_USER = re.compile(
    r"\bauth\s*=\s*\(\s*(?P<q>['\"])(?P<v>[^'\"\s]{16,200})(?P=q)\s*,\s*(['\"])\3\s*\)"
    r"|(?<=\s)(?:-u|--user)[^\S\n]*(?P<q2>['\"]?)(?P<v2>[^\s:'\"]{16,200})"
    # (wave 17) Toggl's documented ``TOKEN:api_token``
    r":(?:[A-Za-z]?|api_token)(?P=q2)"
    r"(?=\s|$)")
#: an RTMP ingest URL's last path segment (after the application's name)
_RTMP = re.compile(r"\brtmps?://[^\s/]+/(?:[^\s/]+/)+(?P<v>[A-Za-z0-9_\-]{16,200})(?![\w/\-.?])")
#: a Kubernetes Secret's data block: its entries, each a name and base64
_SECRET_KIND = re.compile(r"(?m)^[^\S\n]*[\"']?kind[\"']?\s*:\s*[\"']?Secret\b")
_DATA_BLOCK = re.compile(r"(?m)^(?P<indent>[^\S\n]*)(?:data|binaryData):[^\S\n]*\n"
                         r"(?P<body>(?:(?P=indent)[^\S\n]+[\w.\-]+:[^\n]*(?:\n|$))+)")
_DATA_ENTRY = re.compile(r"(?m)^[^\S\n]+[\w.\-]+:[^\S\n]*[\"']?(?P<v>[A-Za-z0-9+/]{4,}={0,2})"
                         r"[\"']?[^\S\n]*$")
#: a string literal right after an argument named for an id (camel case or snake case)
_AFTER_ID = re.compile(r"[(,]\s*[A-Za-z_][\w.]*(?:Id|ID|_id)\s*,\s*(?P<q>['\"])"
                       r"(?P<v>[^'\"\s]{16,400})(?P=q)\s*[,)]")
#: a quoted value under the key ``pass`` (quoted, or unquoted as an object's member: after
#: ``{``, ``,`` or at a line's start; "the test should pass: 'all green'" is prose)
_PASS_KEY = re.compile(r"(?:[\"']pass[\"']|(?:[{,]|^|\n)[^\S\n]*pass)\s*:\s*(?P<q>[\"'])"
                       r"(?P<v>[^\"'\n]{4,128})(?P=q)")
#: a setter named for a credential, given a string literal
_SETTER = re.compile(
    r"(?i)\bset_?(?:api_?key|access_?token|auth_?token|secret(?:_?key)?|client_?secret|"
    r"password|token|credentials?)\s*\(\s*\\?(?P<q>['\"])(?P<v>[^'\"\\\n]{4,400})\\?(?P=q)\s*\)")


def nkey_seeds(text: str) -> Iterator[Decision]:
    for m in _NKEY_SEED.finditer(text):
        yield decide("nats_nkey_seed", m.start(), m.end(), None,
                     "a NATS nkey seed (S, the key type's letter and 56 base32 characters: "
                     "the private seed the public key derives from)")


def marked_uuids(text: str) -> Iterator[Decision]:
    for m in _MARKED_UUID.finditer(text):
        yield decide("marked_uuid_key", m.start(), m.end(), None,
                     "a UUID behind a key's documented marker (sdk-, mob-, pat-REGION-, "
                     ":fx): a server-side SDK key, a private-app token or an API key")


def network_key_lists(text: str) -> Iterator[Decision]:
    for m in _NETWORK_KEY_LIST.finditer(text):
        numbers = [int(n) for n in re.findall(r"\d+", m.group("v"))]
        why = None if all(n <= 255 for n in numbers) else "a number above 255: not bytes"
        steps = {b - a for a, b in pairwise(numbers)}
        if why is None and (len(set(numbers)) < 8 or max(numbers) < 16 or len(steps) == 1):
            why = ("a sequence, fewer than 8 distinct bytes or none above 15 (the "
                   "documented example key 1, 3, 5 ... 13): not a random key")
        yield decide("zigbee_network_key", m.start("v"), m.end("v"), why,
                     "16 bytes given to network_key (a Zigbee network's encryption key)")


def query_credentials(text: str) -> Iterator[Decision]:
    for m in _QUERY.finditer(text):
        value = m.group("v")
        why = placeholder(value)
        # (wave 17) 32 hexadecimal digits or more in the user's place are a key, suffixed or
        # not (an id is not sent as basic authentication's user with no password)
        if why is None and not _HEX32_RUN.search(value):
            why = identifier_reason(value)
        yield decide("url_query_credential", m.start("v"), m.end("v"), why,
                     f"a random value of a URL's query parameter {m.group('name')!r} "
                     "(a credential's name)")


def keys_as_users(text: str) -> Iterator[Decision]:
    for m in _KEY_AS_USER.finditer(text):
        group = "v" if m.group("v") is not None else "v2"
        value = m.group(group)
        why = placeholder(value)
        # (wave 17) 32 hexadecimal digits or more in the user's place are a key, suffixed or
        # not (an id is not sent as basic authentication's user with no password)
        if why is None and not _HEX32_RUN.search(value):
            why = identifier_reason(value)
        yield decide("basic_auth_key", m.start(group), m.end(group), why,
                     "an API key given as the user of basic authentication with an empty "
                     "password (the documented way many APIs take their key)")


def rtmp_stream_keys(text: str) -> Iterator[Decision]:
    for m in _RTMP.finditer(text):
        value = m.group("v")
        yield decide("rtmp_stream_key", m.start("v"), m.end("v"),
                     placeholder(value) or _stream_name_reason(value),
                     "the last path segment of an RTMP ingest URL (the stream's key)")


def _mixes(part: str) -> bool:
    return any(c.isdigit() for c in part) and any(c.isalpha() for c in part)


def _stream_name_reason(value: str) -> str | None:
    """Why an RTMP URL's last segment is a stream's name, not its key, or None: a key is a
    run of 16 or more letters and digits mixed (Twitch's), or groups of which two at least
    mix them (YouTube's ``xxxx-xxxx-xxxx-xxxx-xxxx``); a name is words and numbers
    (``test_stream_2024``, ``camera-front-door-01``, ``room_b2``)."""
    parts = [p for p in re.split(r"[-_]", value) if p]
    if any(len(p) >= 16 and _mixes(p) for p in parts) or sum(map(_mixes, parts)) >= 2:
        return None
    return "words and numbers (a stream's name, not its key)"


def secret_manifest_data(text: str) -> Iterator[Decision]:
    for block in _DATA_BLOCK.finditer(text):
        for m in _DATA_ENTRY.finditer(text, block.start("body"), block.end("body")):
            yield decide("kubernetes_secret_data", m.start("v"), m.end("v"),
                         _public_entry(m.group(0), m.group("v")),
                         "a value of a Kubernetes Secret's data (base64 of the secret itself)")


#: a Secret's entries that hold public material: a certificate (``tls.crt``, ``ca.crt`` of
#: the ``kubernetes.io/tls`` type), or anything that decodes to a certificate or a public key
_PUBLIC_ENTRY = re.compile(r"^[^\S\n]*(?:[\w.\-]*\.crt|ca\.pem|[\w.\-]*\.pub):")
#: entries that name what is no secret: who, where, which (a login's user, a host, a port,
#: a database's name, a URL, a region)
_PLAIN_ENTRY = re.compile(r"(?i)^[^\S\n]*[\w.\-]*?(?:user(?:name)?|login|host(?:name)?|port|"
                          r"database|db(?:name)?|url|uri|endpoint|region|namespace|email|"
                          r"account(?:_?id)?|client_?id):")


def _public_entry(entry: str, value: str) -> str | None:
    if _PUBLIC_ENTRY.match(entry):
        return "a certificate or a public key's entry (tls.crt, ca.crt, *.pub): public"
    if _PLAIN_ENTRY.match(entry):
        return "an entry that names no secret (a user, a host, a port, a database, a URL)"
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4))[:64]
    except (binascii.Error, ValueError):
        return None
    if b"BEGIN CERTIFICATE" in decoded or b"PUBLIC KEY" in decoded or decoded.startswith(
            (b"ssh-", b"ecdsa-")):
        return "decodes to a certificate or a public key: public"
    return None


def after_id_literals(text: str) -> Iterator[Decision]:
    for m in _AFTER_ID.finditer(text):
        value = m.group("v")
        why = placeholder(value)
        # (wave 17) 32 hexadecimal digits or more in the user's place are a key, suffixed or
        # not (an id is not sent as basic authentication's user with no password)
        if why is None and not _HEX32_RUN.search(value):
            why = identifier_reason(value)
        yield decide("high_entropy_secret", m.start("v"), m.end("v"), why,
                     "a random literal passed right after an id (the secret of an id and "
                     "secret pair)")


def pass_keys(text: str) -> Iterator[Decision]:
    for m in _PASS_KEY.finditer(text):
        yield decide("password_assignment", m.start("v"), m.end("v"),
                     assigned_reason(m.group("v"), explicit=False, password=True,
                                     literal=True),
                     "a quoted value under the key 'pass' (a login's password)")


def setter_literals(text: str) -> Iterator[Decision]:
    for m in _SETTER.finditer(text):
        value = m.group("v")
        yield decide("password_assignment", m.start("v"), m.end("v"),
                     assigned_reason(value, explicit=True, password="ass" in m.group(0).lower(),
                                     literal=True),
                     "a string literal given to a setter named for a credential")


#: the words each rule needs, lowercased: ``(needle, ("issued", rule))`` rows for the
#: guard's one pass over the lowercased text (:data:`.secrets._LOW_ROWS`); a rule runs only
#: when one of its needles is there
GATE_ROWS: tuple[tuple[str, tuple[str, str]], ...] = tuple(
    (needle, ("issued", rule)) for rule, needles in (
        ("marked", ("sdk-", "mob-", "pat-", ":fx")),
        ("network", ("network_key", "networkkey")),
        ("query", ("key=", "token=", "appid=", "app_id=", "auth=", "sig=", "signature=",
                   "secret=", "password=", "passwd=", "pwd=")),
        ("user", ("auth", " -u", "--user")),
        ("setter", ("setapi", "set_api", "setaccess", "set_access", "setauth", "set_auth",
                    "setsecret", "set_secret", "setclient", "set_client", "setpassword",
                    "set_password", "settoken", "set_token", "setcredential",
                    "set_credential")),
        ("pass", ("pass:", "pass\":", "pass':", "pass :")),
        ("rtmp", ("rtmp",)),
        ("manifest", ("kind: secret", "kind: \"secret\"", "\"kind\": \"secret\"")),
        ("id", ("id,", "id ,")),
    ) for needle in needles)


def issued_values(text: str, longest: int, opened: set[str]) -> Iterator[Decision]:
    """Every decision of this module's rules, each asked only when the text holds what its
    match must (``longest``: the length of the text's longest word; ``opened``: the rules
    whose needles (:data:`GATE_ROWS`) the lowercased text holds)."""
    if longest >= 58:
        yield from nkey_seeds(text)
    if not opened:
        return
    if longest >= 36 and "marked" in opened:
        yield from marked_uuids(text)
    if "network" in opened and "[" in text:
        yield from network_key_lists(text)
    if longest >= 20 and "query" in opened and ("?" in text or "&" in text):
        yield from query_credentials(text)
    if longest >= 16 and "user" in opened:
        yield from keys_as_users(text)
    if "setter" in opened and "(" in text:
        yield from setter_literals(text)
    if "pass" in opened:
        yield from pass_keys(text)
    if longest >= 16 and "rtmp" in opened:
        yield from rtmp_stream_keys(text)
    if "manifest" in opened and "ata:" in text and _SECRET_KIND.search(text):
        yield from secret_manifest_data(text)
    if longest >= 16 and "id" in opened and "(" in text:
        yield from after_id_literals(text)
