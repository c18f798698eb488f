"""Logging in: the address ``cognimem ui`` prints carries the token once
(``/login?token=...``); a valid token sets the session cookie (an HMAC of the token,
HttpOnly, SameSite=Strict) and redirects to a clean address. The form does the same for a
pasted token."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..security import COOKIE
from ..views import dashboard, render


def _logged_in(request: Request) -> Response:
    response = RedirectResponse("/search", status_code=303)
    response.set_cookie(COOKIE, dashboard(request).keys.session, httponly=True,
                        samesite="strict", path="/")
    return response


async def login(request: Request) -> Response:
    """``GET /login[?token=...]`` and ``POST /login`` (form field ``token``)."""
    if request.method == "POST":
        given = str((await request.form()).get("token") or "")
    else:
        given = request.query_params.get("token", "")
    if given and dashboard(request).keys.token_matches(given.strip()[:200]):
        return _logged_in(request)
    return render(request, "login.html", code=401 if given else 200, failed=bool(given))


async def home(request: Request) -> Response:
    """``GET /``: the Search page."""
    return RedirectResponse("/search", status_code=303)


async def icon(request: Request) -> Response:
    """``GET /favicon.ico``: none (204), so browsers stop asking."""
    return Response(status_code=204)


ROUTES = [Route("/login", login, methods=["GET", "POST"]), Route("/", home),
          Route("/favicon.ico", icon)]
