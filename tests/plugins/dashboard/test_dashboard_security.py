"""Each guard of the dashboard, tested so that the test fails without it: credentials
(bearer or session cookie), the Host header, CSRF on every POST (and a foreign Origin),
escaping of hostile memory text, the Content-Security-Policy and no outside resources."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from dash_fixtures import HOST, HOSTILE, TOKEN, Filled, make_app
from starlette.testclient import TestClient

from cognimem.engine import Engine
from cognimem_plugins.dashboard.security import COOKIE, CSP, Keys

PAGES = ["/search", "/search?q=orders", "/conflicts", "/consolidation",
         "/consolidation?preview=1&force=1", "/agents", "/health", "/health?check=1",
         "/graph", "/eval"]


class Elements(HTMLParser):
    """Every start tag of a page with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def elements(page: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Elements()
    parser.feed(page)
    return parser.tags


# credentials --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/search", "/memory/x", "/health", "/graph/frame", "/eval"])
def test_no_credentials_is_401(anonymous: TestClient, path: str) -> None:
    response = anonymous.get(path)
    assert response.status_code == 401
    assert "Orders API" not in response.text


@pytest.mark.parametrize("header", [f"Bearer {TOKEN}x", f"Bearer {TOKEN[:-1]}", TOKEN,
                                    "Bearer ", f"Basic {TOKEN}"],
                         ids=["longer", "shorter", "no-scheme", "empty", "basic"])
def test_a_wrong_token_is_401(anonymous: TestClient, header: str) -> None:
    assert anonymous.get("/search", headers={"Authorization": header}).status_code == 401


def test_the_bearer_token_opens_every_page(client: TestClient) -> None:
    for path in PAGES:
        assert client.get(path).status_code == 200, path


def test_login_sets_a_derived_cookie_that_opens_pages(anonymous: TestClient) -> None:
    response = anonymous.get(f"/login?token={TOKEN}")
    assert response.status_code == 303 and response.headers["location"] == "/search"
    cookie = response.headers["set-cookie"]
    assert TOKEN not in cookie  # the cookie is an HMAC of the token, not the token
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert anonymous.get("/search").status_code == 200  # the client kept the cookie


def test_odd_credentials_are_401_not_an_error(anonymous: TestClient) -> None:
    for name, value in ((b"cookie", f"{COOKIE}=sesión-ü"),
                        (b"authorization", "Bearer tökén-ü-0123456789")):
        response = anonymous.get("/search", headers={name: value.encode("utf-8")})
        assert response.status_code == 401


def test_a_wrong_login_sets_no_cookie(anonymous: TestClient) -> None:
    response = anonymous.post("/login", data={"token": "not-the-token-at-all"})
    assert response.status_code == 401 and "set-cookie" not in response.headers
    anonymous.cookies.set(COOKIE, "f" * 64)
    assert anonymous.get("/search").status_code == 401


# Host ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example:8766", "localhost:9999",
                                  ""])
def test_an_unknown_host_is_refused_even_with_the_token(engine: Engine, filled: Filled,
                                                        host: str) -> None:
    client = TestClient(make_app(engine), base_url=f"http://{HOST}",
                        headers={"Authorization": f"Bearer {TOKEN}"})
    response = client.get("/search", headers={"Host": host})
    assert response.status_code == 400
    assert "Orders API" not in response.text


# CSRF ---------------------------------------------------------------------------------------


def test_a_post_without_csrf_is_403_and_changes_nothing(client: TestClient, engine: Engine,
                                                        filled: Filled) -> None:
    target = filled.plain
    for data in ({}, {"csrf": "0" * 64}, {"csrf": ""}):
        response = client.post(f"/memory/{target}/archive", data=data)
        assert response.status_code == 403
    assert client.post(f"/conflicts/{filled.conflict}/resolve",
                       data={"resolution": "keep_a"}).status_code == 403
    assert client.post("/consolidation/apply", data={"force": "1"}).status_code == 403
    assert not engine.get(target).archived
    assert engine.conflicts(status="open")
    assert not engine.graveyard()


def test_odd_or_oversized_posts_are_refused(client: TestClient, engine: Engine,
                                           filled: Filled) -> None:
    assert client.post(f"/memory/{filled.plain}/archive",
                       data={"csrf": "jetón-ü"}).status_code == 403
    huge = client.post(f"/memory/{filled.plain}/edit",
                       data={"csrf": Keys(TOKEN).csrf, "content": "x" * 300_000})
    assert huge.status_code == 413
    assert client.put(f"/memory/{filled.plain}/archive").status_code == 403  # not GET: CSRF
    assert engine.get(filled.plain).version == 1 and not engine.get(filled.plain).archived


def test_a_foreign_origin_is_403_even_with_the_csrf_token(client: TestClient, engine: Engine,
                                                          filled: Filled) -> None:
    csrf = Keys(TOKEN).csrf
    response = client.post(f"/memory/{filled.plain}/archive", data={"csrf": csrf},
                           headers={"Origin": "http://evil.example"})
    assert response.status_code == 403
    assert not engine.get(filled.plain).archived


def test_a_post_with_csrf_goes_through(client: TestClient, engine: Engine,
                                       filled: Filled) -> None:
    csrf = Keys(TOKEN).csrf
    response = client.post(f"/memory/{filled.plain}/archive", data={"csrf": csrf},
                           headers={"Origin": f"http://{HOST}"})
    assert response.status_code == 303
    assert engine.get(filled.plain).archived


def test_the_csrf_token_is_in_every_form(client: TestClient, filled: Filled) -> None:
    page = client.get(f"/memory/{filled.plain}").text
    forms = [a for tag, a in elements(page) if tag == "form" and a.get("method") == "post"]
    hidden = [a for tag, a in elements(page) if tag == "input" and a.get("name") == "csrf"]
    assert forms and len(hidden) == len(forms)
    assert {a["value"] for a in hidden} == {Keys(TOKEN).csrf}


def test_a_redirect_never_leaves_the_server(client: TestClient, engine: Engine,
                                           filled: Filled) -> None:
    csrf = Keys(TOKEN).csrf
    for target in ("//evil.example/x", "http://evil.example", "/\\evil.example"):
        engine.archive(filled.plain)
        response = client.post(f"/memory/{filled.plain}/restore",
                               data={"csrf": csrf, "next": target})
        assert response.headers["location"] == "/", target


# hostile content ----------------------------------------------------------------------------


def _hostile_pages(client: TestClient, filled: Filled) -> list[str]:
    return [client.get(f"/memory/{filled.hostile}").text,
            client.get("/search?q=alert+click+docs+tracker").text,
            client.get("/search").text, client.get("/conflicts").text]


def test_hostile_text_is_shown_as_text(client: TestClient, filled: Filled) -> None:
    for page in _hostile_pages(client, filled):
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page
        assert "&lt;img src=x onerror=alert(1)&gt;" in page
        assert "![tracker](http://example.invalid/pixel.png)" in page  # markdown stays text
        assert "<script>alert" not in page and "<img" not in page


def test_hostile_text_makes_no_element_handler_or_link(client: TestClient,
                                                       filled: Filled) -> None:
    for page in _hostile_pages(client, filled):
        tags = elements(page)
        scripts = [a.get("src") for tag, a in tags if tag == "script"]
        assert scripts == ["/static/dashboard.js"]
        assert not [t for t, _ in tags if t in ("img", "iframe", "object", "embed", "b", "i")]
        for _tag, attrs in tags:
            assert not [k for k in attrs if k.startswith("on")], attrs
            for key in ("href", "src", "action"):
                value = (attrs.get(key) or "").strip().lower()
                assert not value.startswith(("javascript:", "data:")), attrs


def test_the_memory_page_quotes_untrusted_content(client: TestClient, filled: Filled) -> None:
    page = client.get(f"/memory/{filled.untrusted}").text
    assert 'id="untrusted"' in page and "instruction_override" in page
    assert 'class="content untrusted"' in page
    assert 'id="untrusted"' not in client.get(f"/memory/{filled.plain}").text


def test_hostile_content_reaches_the_edit_box_escaped(client: TestClient,
                                                      filled: Filled) -> None:
    page = client.get(f"/memory/{filled.hostile}").text
    box = page.split('<textarea name="content" rows="6" cols="90">', 1)[1].split("</textarea>")[0]
    assert box.startswith("&lt;script&gt;") and HOSTILE not in page
    assert page.count("</textarea>") == 1


# policy and outside resources ----------------------------------------------------------------


def test_every_response_carries_the_policy(client: TestClient, anonymous: TestClient,
                                           filled: Filled) -> None:
    responses = [client.get(p) for p in PAGES]
    responses += [client.get(f"/memory/{filled.plain}"), client.get("/memory/nope"),
                  client.get("/static/dashboard.css"), anonymous.get("/search"),
                  anonymous.get("/search", headers={"Host": "evil.example"})]
    for response in responses:
        assert response.headers["content-security-policy"] == CSP, response.url
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "SAMEORIGIN"
    assert "default-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert "script-src 'self';" in CSP and "style-src 'self';" in CSP


def test_the_graph_frame_allows_only_its_own_blocks(client: TestClient) -> None:
    response = client.get("/graph/frame")
    policy = response.headers["content-security-policy"]
    assert response.status_code == 200
    assert "unsafe-inline" not in policy and "default-src 'none'" in policy
    assert policy.count("'sha256-") == 2


def test_no_page_loads_anything_from_outside(client: TestClient, filled: Filled) -> None:
    for path in [*PAGES, f"/memory/{filled.hostile}"]:
        for tag, attrs in elements(client.get(path).text):
            for key in ("href", "src", "action"):
                value = attrs.get(key)
                if value is not None:
                    parts = urlsplit(value)
                    assert not parts.scheme and not parts.netloc, (path, tag, value)
