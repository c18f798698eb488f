"""Who may talk to ``cognimem serve --http``: a bearer token on every request, loopback
unless asked otherwise, Host and Origin checked for every bind address.

The token is generated on first use, kept in ``<config>/cognimem/http-token`` (mode 0600;
``COGNIMEM_HTTP_TOKEN`` overrides it), printed once when it is made, and written into the
configuration of clients that speak HTTP by ``cognimem config CLIENT --http URL``.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import InvalidInput
from ..privacy import write_private

TOKEN_ENV = "COGNIMEM_HTTP_TOKEN"
LOOPBACK = ("127.0.0.1", "localhost", "::1")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def token_file() -> Path:
    """Where the token is kept: ``$XDG_CONFIG_HOME/cognimem/http-token``."""
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config").expanduser()
    return base / "cognimem" / "http-token"


def load_token(*, create: bool) -> tuple[str, bool]:
    """The bearer token and whether it was made now (``COGNIMEM_HTTP_TOKEN`` first, then the
    token file; ``create`` makes one when neither exists).

    :raises InvalidInput: no token and ``create`` is false, or the token file is not private.
    """
    given = os.environ.get(TOKEN_ENV, "").strip()
    if given:
        if len(given) < 16:
            raise InvalidInput(f"{TOKEN_ENV} is {len(given)} characters: a bearer token needs "
                               "at least 16")
        return given, False
    file = token_file()
    if file.exists():
        mode = file.stat().st_mode & 0o077
        if mode:
            raise InvalidInput(f"{file} can be read by other users: run `chmod 600 {file}` "
                               "(or delete it to make a new token)")
        text = file.read_text(encoding="utf-8").strip()
        if len(text) >= 16:
            return text, False
    if not create:
        raise InvalidInput(f"no HTTP token yet: start `cognimem serve --http` once (it makes "
                           f"{file}) or set {TOKEN_ENV}")
    token = secrets.token_urlsafe(32)
    file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    write_private(file, (token + "\n").encode("utf-8"))
    return token, True


def allowed_hosts(host: str, port: int, extra: Sequence[str] = ()) -> list[str]:
    """The Host headers the server answers: loopback names for a loopback bind, else the
    bind address and the names given with ``--allow-host``."""
    names = list(LOOPBACK) if host in LOOPBACK else [host]
    names += list(extra)
    out: list[str] = []
    for name in names:
        shown = f"[{name}]" if ":" in name and not name.startswith("[") else name
        out += [f"{shown}:{port}", shown]
    return out


def require_token(app: ASGIApp, token: str) -> ASGIApp:
    """``app`` behind a bearer token: any HTTP request without ``Authorization: Bearer
    <token>`` gets 401 and never reaches the MCP server."""
    expected = f"Bearer {token}".encode()

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http":
            await app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"authorization", b"")
        if not hmac.compare_digest(given, expected):
            body = json.dumps({"error": "unauthorized: send the header Authorization: "
                                        "Bearer <token> (see `cognimem config`)"}).encode()
            await send({"type": "http.response.start", "status": 401, "headers": [
                (b"content-type", b"application/json"),
                (b"www-authenticate", b'Bearer realm="cognimem"'),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        await app(scope, receive, send)

    return guarded


def check_bind(host: str, public: bool) -> None:
    """Refuse a bind beyond loopback unless asked for explicitly.

    :raises InvalidInput: naming the flag and what else is needed.
    """
    if host not in LOOPBACK and not public:
        raise InvalidInput(
            f"--host {host} serves beyond this machine: add --public to mean it, and put the "
            "server behind a TLS-terminating proxy (caddy, nginx) so the token never travels "
            "in clear text; see docs/security.md")
