"""Session cookies and credentials in HTTP artefacts.

A session cookie is a bearer credential: whoever holds it is logged in. Cookies appear in
``Cookie:`` and ``Set-Cookie:`` headers (RFC 6265: ``name=value`` pairs joined by ``; ``; a
``Set-Cookie`` has one pair, then attributes), in ``curl -b``/``--cookie``, in a HAR file's
or a browser export's ``{"name": ..., "value": ...}`` objects, and in a Netscape cookie file
(seven tab-separated fields, the value last). An ``Authorization`` header of any scheme
carries a credential (RFC 9110 section 11.6.2: ``Authorization: <scheme> <credentials>``).

A cookie's value is redacted when its name is a session's (the frameworks' documented
names: PHPSESSID, JSESSIONID, ASP.NET_SessionId, connect.sid, sessionid, laravel_session,
Rails' ``_app_session``, ``__Host-``/``__Secure-`` prefixed cookies, names holding
sess/sid/auth/token/jwt/remember/csrf) or when the value is long and random (20 characters
or more with letters and digits: what no preference or analytics id is).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decisions import Decision, decide
from .standins import placeholder

#: a header line's value (``Cookie: a=b; c=d``, ``-H 'cookie: ...'``)
#: (wave 14) also as a key of a headers object: ``{"cookie": "sid=..."}`` (fetch, as the
#: browser's "Copy as fetch" writes it) and ``@{"Cookie"="..."}`` (PowerShell)
_HEADER = re.compile(r"(?i)(?<![\w-])(?P<set>set-)?cookie(?:\s*:|[\"']\s*[:=])\s*[\"']?"
                     r"(?P<body>[^\r\n'\"]{3,4000})")
#: ``curl -b 'a=b; c=d'``, ``--cookie "a=b"`` (without ``=`` the argument is a file)
_CURL = re.compile(r"(?<!\S)(?:-b|--cookie)[= ]\s*(?P<q>['\"]?)(?P<body>[^'\"\n]{3,4000})(?P=q)")
#: a HAR header ``{"name": "Cookie", "value": "..."}``
_HAR_HEADER = re.compile(r"(?i)\"name\"\s*:\s*\"(?:set-)?cookie\"\s*,\s*\"value\"\s*:\s*"
                         r"\"(?P<body>[^\"]{3,4000})\"")
#: a cookie object (HAR ``cookies``, a browser export): name then value
_COOKIE_OBJECT = re.compile(r"\"name\"\s*:\s*\"(?P<name>[^\"\n]{1,100})\"\s*,\s*"
                            r"\"value\"\s*:\s*\"(?P<value>[^\"\n]{1,4000})\"")
#: a Netscape cookie file's line: domain, flag, path, secure, expiry, name, value
_JAR_LINE = re.compile(r"(?m)^#?(?:HttpOnly_)?[^\t\n]+\t(?:TRUE|FALSE)\t[^\t\n]*\t"
                       r"(?:TRUE|FALSE)\t\d+\t(?P<name>[^\t\n]+)\t(?P<value>[^\t\n]+)$")
#: ``Authorization: <scheme> <credentials>`` of a scheme other than Bearer and Basic (which
#: the formats find): the credentials
_AUTHORIZATION = re.compile(
    r"(?i)(?<![\w-])(?:proxy-)?authorization\s*[:=]\s*['\"]?"
    r"(?:(?P<scheme>(?!bearer\b|basic\b)[A-Za-z][\w\-]{1,30})\s+)?"
    r"(?P<cred>[A-Za-z0-9_\-.~+/=:%]{16,2000})")
#: the attributes of a Set-Cookie (RFC 6265 section 5.2), not cookies
_ATTRIBUTES = frozenset("path domain expires max-age secure httponly samesite priority "
                        "partitioned version comment".split())
#: names of sessions and credentials (documented framework names and their parts)
_SESSION_NAME = re.compile(
    r"(?i)sess|sid\b|^sid|auth|token|jwt|remember|csrf|xsrf|login|^__host-|^__secure-|"
    r"identity|^_\w+_session$|\.aspxauth|^ci_session$|^lt$")
#: the words without which no rule here runs (lowercased)
COOKIE_NEEDLES = ("cookie", "authorization", "-b", '"domain"', "\ttrue\t", "\tfalse\t",
                  # (wave 14) a cookie object of a HAR file or an export without its domain
                  '"httponly"')


#: cookies their vendors document as routing or analytics, not a login: AWS load balancers'
#: stickiness (AWSALB, AWSELB...), Cloudflare's bot and rate cookies (__cf_bm, _cfuvid),
#: Google Analytics and Ads (_ga, _gid, _gat, _gcl_), Meta's pixel (_fbp, _fbc), Hotjar
#: (_hj), Segment (ajs_), Mixpanel (mp_), Amplitude (amp_), HubSpot (__hs, hubspotutk)
_NOT_CREDENTIAL = re.compile(
    r"(?i)awsalb\w*|awselb\w*|__cf_bm|_cfuvid|_ga(?:_\w+)?|_gid|_gat\w*|_gcl_\w+|_fb[pc]|"
    r"_hj\w+|ajs_\w+|mp_\w+|amp_\w+|__hs\w+|hubspotutk")


def _random_enough(value: str) -> bool:
    """20 or more characters with letters and digits, not only digits and dots (an
    analytics id such as ``GA1.2.1234.5678``)."""
    core = value.strip('"')
    return (len(core) >= 20 and any(c.isalpha() for c in core)
            and any(c.isdigit() for c in core)
            and sum(c.isalpha() for c in core) >= 6
            and not re.fullmatch(r"[A-Z]{2}\d(?:[.\d]+)", core))


def _cookie_decision(name: str, start: int, value: str, where: str) -> Decision | None:
    name = name.strip()
    if not value or name.lower() in _ATTRIBUTES or _NOT_CREDENTIAL.fullmatch(name):
        return None
    session = _SESSION_NAME.search(name) is not None
    if not (session and len(value) >= 8) and not _random_enough(value):
        return None
    return decide("session_cookie", start, start + len(value), placeholder(value),
                  f"the value of the cookie {name[:40]!r} in {where} (a session cookie is a "
                  "bearer credential)")


def _pairs(body: str, offset: int, where: str, *, set_cookie: bool) -> Iterator[Decision]:
    position = 0
    for number, part in enumerate(body.split(";")):
        name, eq, value = part.partition("=")
        begin = offset + position + len(name) + 1
        position += len(part) + 1
        if not eq or (set_cookie and number > 0):
            continue
        stripped = value.strip()
        lead = len(value) - len(value.lstrip())
        found = _cookie_decision(name, begin + lead, stripped, where)
        if found is not None:
            yield found


def cookies(text: str, low: str) -> Iterator[Decision]:
    """The session cookies of every HTTP artefact in ``text``."""
    if "cookie" in low:
        for m in _HEADER.finditer(text):
            yield from _pairs(m.group("body"), m.start("body"), "a Cookie header",
                              set_cookie=m.group("set") is not None)
        for m in _HAR_HEADER.finditer(text):
            yield from _pairs(m.group("body"), m.start("body"), "a HAR Cookie header",
                              set_cookie=False)
    if "-b" in text or "--cookie" in text:
        for m in _CURL.finditer(text):
            if "=" in m.group("body"):
                yield from _pairs(m.group("body"), m.start("body"), "curl's -b/--cookie",
                                  set_cookie=False)
    if '"domain"' in text or "cookies" in low or '"httponly"' in low:
        for m in _COOKIE_OBJECT.finditer(text):
            if m.group("name").lower() in ("cookie", "set-cookie"):
                continue
            found = _cookie_decision(m.group("name"), m.start("value"), m.group("value"),
                                     "a cookie object (HAR, a browser export)")
            if found is not None:
                yield found
    if "\t" in text and ("TRUE" in text or "FALSE" in text):
        for m in _JAR_LINE.finditer(text):
            found = _cookie_decision(m.group("name"), m.start("value"), m.group("value"),
                                     "a Netscape cookie file")
            if found is not None:
                yield found
    if "authorization" in low:
        for m in _AUTHORIZATION.finditer(text):
            cred = m.group("cred").rstrip("'\",;")
            if m.group("scheme") and m.group("scheme").lower() in ("digest", "aws4-hmac-sha256",
                                                                   "hmac", "signature"):
                continue  # their parts are named; the signature is found by its name
            if not _random_enough(cred):
                continue  # an identifier or a word ("authorization = requireAdminRole")
            yield decide("authorization_header", m.start("cred"), m.start("cred") + len(cred),
                         placeholder(cred),
                         "the credentials of an Authorization header (RFC 9110: scheme "
                         "and credentials)")
