"""Who may use the dashboard, and what a page may load.

Every request passes, in order: the Host header (one of the names the server answers,
else 400: a page served under another name is a DNS-rebinding attempt), the credentials
(``Authorization: Bearer <token>`` or the session cookie derived from the token, else
401), and for every method but GET and HEAD the CSRF token (a form field or the
``X-CSRF-Token`` header, derived from the token) and an ``Origin``, when sent, that is
this server (else 403). Every response carries a Content-Security-Policy that allows
nothing but this server's own files (no inline script, no inline style, no other origin;
a route that sets a policy of its own, the graph frame, keeps it) and headers that keep it
out of caches, of other sites' frames and of other sites' referrers. The token is never
written into a page: the cookie and the CSRF token are HMACs of it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from urllib.parse import parse_qs, urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "cognimem_session"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
#: Nothing from outside this server; no inline script or style anywhere.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'self'")
#: The largest request body read (a memory's edit form included).
MAX_BODY = 256 * 1024
#: Paths that answer without credentials (the login form, its stylesheet and script, the icon).
OPEN_PATHS = ("/login", "/static/dashboard.css", "/static/dashboard.js", "/favicon.ico")
_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",  # "no-referrer" makes Chromium send Origin: null
    "x-frame-options": "SAMEORIGIN",
    "cache-control": "no-store",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


class Keys:
    """The values derived from the bearer token: the session cookie and the CSRF token."""

    def __init__(self, token: str) -> None:
        self._token = token.encode("utf-8")
        self.session = self._derive("session")
        self.csrf = self._derive("csrf")

    def _derive(self, purpose: str) -> str:
        return hmac.new(self._token, f"cognimem-dashboard:{purpose}".encode(),
                        hashlib.sha256).hexdigest()

    def token_matches(self, given: str) -> bool:
        """Whether ``given`` is the bearer token (compared in constant time)."""
        return hmac.compare_digest(given.encode("utf-8"), self._token)

    def authorised(self, headers: Headers, cookies: dict[str, str]) -> bool:
        """Bearer header or session cookie."""
        bearer = headers.get("authorization", "")
        if bearer.startswith("Bearer ") and self.token_matches(bearer[7:].strip()):
            return True
        return hmac.compare_digest(cookies.get(COOKIE, "").encode("utf-8"), self.session.encode())

    def csrf_ok(self, given: str) -> bool:
        """Whether ``given`` is the CSRF token."""
        return hmac.compare_digest(given.encode("utf-8"), self.csrf.encode())


def _cookies(headers: Headers) -> dict[str, str]:
    found: dict[str, str] = {}
    for part in headers.get("cookie", "").split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            found[name] = value
    return found


class Guard:
    """The ASGI middleware that applies the checks above to every HTTP request.

    :param hosts: the Host header values answered (``host`` and ``host:port`` forms).
    """

    def __init__(self, app: ASGIApp, *, keys: Keys, hosts: Sequence[str]) -> None:
        self.app = app
        self.keys = keys
        self.hosts = frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                if not any(k.lower() == b"content-security-policy" for k, _ in raw):
                    raw.append((b"content-security-policy", CSP.encode()))
                raw += [(k.encode(), v.encode()) for k, v in _HEADERS.items()]
                message["headers"] = raw
            await send(message)

        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await refusal(scope, receive, secured)
            return
        if scope["method"] not in ("GET", "HEAD"):  # every change carries the CSRF token
            replay = await self._with_csrf(scope, headers, receive, secured)
            if replay is None:
                return
            receive = replay
        await self.app(scope, receive, secured)

    def _refusal(self, scope: Scope, headers: Headers) -> Response | None:
        if headers.get("host", "").lower() not in self.hosts:
            return PlainTextResponse("unknown Host header: open the dashboard at the address "
                                     "`cognimem ui` printed", status_code=400)
        path = scope.get("path", "")
        if path in OPEN_PATHS:
            return None
        if not self.keys.authorised(headers, _cookies(headers)):
            return PlainTextResponse(
                "unauthorized: open the address `cognimem ui` printed (it logs you in), or "
                "send Authorization: Bearer <token>", status_code=401,
                headers={"www-authenticate": 'Bearer realm="cognimem"'})
        return None

    def _origin_ok(self, headers: Headers) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return True
        return urlsplit(origin).netloc.lower() in self.hosts

    async def _with_csrf(self, scope: Scope, headers: Headers, receive: Receive,
                         send: Send) -> Receive | None:
        """Read the body, check the CSRF token in it (or the header), then replay it."""
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_BODY:
                await PlainTextResponse("request too large", status_code=413)(
                    scope, receive, send)
                return None
        given = headers.get(CSRF_HEADER) or _form_field(body, CSRF_FIELD)
        if scope.get("path") != "/login" and (
                not self._origin_ok(headers) or not self.keys.csrf_ok(given or "")):
            await PlainTextResponse("missing or wrong CSRF token (or a foreign Origin): "
                                    "reload the page and submit the form again",
                                    status_code=403)(scope, receive, send)
            return None
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return replay


def _form_field(body: bytes, name: str) -> str | None:
    try:
        values = parse_qs(body.decode("utf-8"), max_num_fields=64).get(name)
    except (UnicodeDecodeError, ValueError):
        return None
    return values[0] if values else None
