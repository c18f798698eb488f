"""A stand-in for a local Ollama server, for tests of components that call one.

:class:`FakeOllama` is a real HTTP server on a free local port that speaks the parts of
Ollama's API cognimem's plugins use: ``POST /api/chat``, ``/api/generate`` (the model's text
comes from :attr:`FakeOllama.answer`) and ``/api/embed`` (vectors from
:attr:`FakeOllama.embed`). It records every request (:attr:`FakeOllama.seen`) and answers a
model that is not pulled with Ollama's own 404. No network: it listens on 127.0.0.1 only.

The ``fake_ollama`` fixture (:mod:`cognimem.testing.pytest_plugin`) gives a started one per
test::

    def test_my_extractor(fake_ollama, cognimem_engine):
        fake_ollama.answer = '{"entities": []}'
        engine = cognimem_engine(extract=[{"use": "ollama", "host": fake_ollama.url}])
        ...
        assert fake_ollama.seen[0]["path"] == "/api/chat"
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

#: The model's text for a prompt: ``answer(prompt, request_body)``.
Answer = Callable[[str, dict[str, Any]], str]
#: A text's vector.
Embed = Callable[[str], list[float]]

#: The largest request body read (a test's prompt is far smaller).
MAX_BODY = 16 * 1024 * 1024
_CREATED = "2025-01-01T00:00:00Z"


class FakeOllama:
    """A local HTTP server speaking Ollama's chat, generate and embed endpoints.

    :param answer: the model's text: a fixed string, or ``answer(prompt, body)`` where the
        prompt is the last chat message's content or the generate request's ``prompt``.
    :param embed: ``embed(text)`` -> the text's vector for ``/api/embed``; without it that
        endpoint answers 404, as a server without an embedding model does.
    :param pulled: the models the server has; any other gets Ollama's "model not found"
        404. ``None`` (the default): every model is there.
    """

    def __init__(self, answer: Answer | str = "", *, embed: Embed | None = None,
                 pulled: set[str] | None = None) -> None:
        self.answer: Answer | str = answer
        self.embed: Embed | None = embed
        self.pulled: set[str] | None = pulled
        #: Every request's body, with its ``path``, in the order they came.
        self.seen: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # --- life ------------------------------------------------------------------------------

    def start(self) -> FakeOllama:
        """Listen on a free port of 127.0.0.1 and serve in a daemon thread."""
        if self._server is None:
            self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
            threading.Thread(target=self._server.serve_forever, daemon=True,
                             name="fake-ollama").start()
        return self

    def close(self) -> None:
        """Stop serving and free the port."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeOllama:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``: the ``host`` option of an Ollama component."""
        if self._server is None:
            raise RuntimeError("the fake Ollama server is not started: call start()")
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    # --- what it was asked -----------------------------------------------------------------

    def prompts(self) -> list[str]:
        """The prompt of every chat and generate request, in order."""
        return [_prompt(body) for body in list(self.seen)
                if body["path"] in ("/api/chat", "/api/generate")]

    def models(self) -> set[str]:
        """Every model a request named."""
        return {str(body.get("model")) for body in list(self.seen)}

    # --- answers ---------------------------------------------------------------------------

    def respond(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """The status and JSON reply to ``POST path`` with ``body`` (recorded first)."""
        with self._lock:
            self.seen.append({"path": path, **body})
        model = body.get("model")
        endpoints = {"/api/chat", "/api/generate"} | ({"/api/embed"} if self.embed else set())
        if path not in endpoints:
            return 404, {"error": "404 page not found"}
        if self.pulled is not None and model not in self.pulled:
            return 404, {"error": f'model "{model}" not found, try pulling it first'}
        if path == "/api/embed":
            assert self.embed is not None
            raw = body.get("input", [])
            texts = raw if isinstance(raw, list) else [raw]
            return 200, {"model": model, "embeddings": [self.embed(str(t)) for t in texts]}
        prompt = _prompt({"path": path, **body})
        text = self.answer if isinstance(self.answer, str) else self.answer(prompt, body)
        if path == "/api/chat":
            return 200, {"model": model, "created_at": _CREATED, "done": True,
                         "message": {"role": "assistant", "content": text}}
        return 200, {"model": model, "created_at": _CREATED, "response": text, "done": True}


def _prompt(body: dict[str, Any]) -> str:
    if body["path"] == "/api/chat":
        messages = body.get("messages") or [{}]
        return str(messages[-1].get("content", ""))
    return str(body.get("prompt", ""))


def _handler(fake: FakeOllama) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = min(int(self.headers.get("Content-Length") or 0), MAX_BODY)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                body = None
            if not isinstance(body, dict):
                status, reply = 400, {"error": "the request body is not a JSON object"}
            else:
                status, reply = fake.respond(self.path, body)
            data = json.dumps(reply).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the tests read :attr:`FakeOllama.seen` instead."""

    return Handler


__all__ = ["Answer", "Embed", "FakeOllama"]
