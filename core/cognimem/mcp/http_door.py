"""The HTTP server's door: deadlines for a request's headers and body, a cap on open
connections and on a body's size, so that half-open or trickling connections cannot hold
the server.

uvicorn closes an idle kept-alive connection (``timeout_keep_alive``) and answers 503 past
``limit_concurrency`` requests, but a connection that never finishes its headers is held
for as long as the peer likes. :func:`door_protocol` gives uvicorn an HTTP protocol (its
own h11 one) that also:

* closes a connection whose request headers are not complete within
  :attr:`HttpLimits.header_timeout` seconds of the connection (or of the first byte of the
  next request on a kept-alive one), with ``408`` when no response has started;
* closes one whose body is not complete within :attr:`HttpLimits.body_timeout` seconds of
  its headers;
* answers ``413`` and closes when a body is larger than :attr:`HttpLimits.max_body` bytes;
* answers ``503`` and closes a connection beyond :attr:`HttpLimits.max_connections` open at
  once, before reading anything from it.

Headers are bounded by h11 (:data:`MAX_HEADER_BYTES`, ``431``/``400`` past it).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("cognimem.mcp.http")

#: The largest request head (request line and headers) h11 buffers.
MAX_HEADER_BYTES = 16 * 1024


@dataclass(frozen=True)
class HttpLimits:
    """The HTTP door's limits; every one must be above 0."""

    header_timeout: float = 10.0
    body_timeout: float = 30.0
    max_connections: int = 64
    max_body: int = 16 * 1024 * 1024
    keep_alive: float = 5.0

    def __post_init__(self) -> None:
        for name in ("header_timeout", "body_timeout", "max_connections", "max_body",
                     "keep_alive"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name.replace('_', '-')} must be above 0, "
                                 f"got {getattr(self, name)!r}")

    def uvicorn_options(self) -> dict[str, Any]:
        """uvicorn's own settings that go with these limits (pass to ``uvicorn.run``)."""
        # uvicorn answers 503 once its open connections (the asking one included) or running
        # requests reach limit_concurrency: one more, so the door's own cap is the one that bites
        return {"http": door_protocol(self), "limit_concurrency": self.max_connections + 1,
                "timeout_keep_alive": self.keep_alive,
                "h11_max_incomplete_event_size": MAX_HEADER_BYTES}


def _reply(status: int, reason: str) -> bytes:
    return (f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain\r\nConnection: close\r\n"
            f"Content-Length: {len(reason) + 1}\r\n\r\n{reason}\n").encode("ascii")


def door_protocol(limits: HttpLimits) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with the door's deadlines and caps (see the module)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    finished = (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR, h11.SWITCHED_PROTOCOL)

    class DoorH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _body_bytes = 0

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            if len(self.connections) > limits.max_connections:
                log.warning("refused a connection: %d open, the limit is %d",
                            len(self.connections) - 1, limits.max_connections)
                self._refuse(503, "Service Unavailable: too many connections")
                return
            self._arm(limits.header_timeout)

        def data_received(self, data: bytes) -> None:
            before = self.conn.their_state
            if before is h11.IDLE and self._deadline is None:  # the next request begins
                self._arm(limits.header_timeout)
            if before is h11.SEND_BODY:
                self._body_bytes += len(data)
            super().data_received(data)
            state = self.conn.their_state
            if state is h11.SEND_BODY and before is not h11.SEND_BODY:  # headers complete
                self._body_bytes = 0
                self._arm(limits.body_timeout)
                length = dict(self.headers or []).get(b"content-length", b"0")
                if length.isdigit() and int(length) > limits.max_body:
                    self._refuse(413, f"Content Too Large: the limit is {limits.max_body} bytes")
            elif state is h11.SEND_BODY and self._body_bytes > limits.max_body:
                self._refuse(413, f"Content Too Large: the limit is {limits.max_body} bytes")
            elif state in finished:
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._timed_out)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _timed_out(self) -> None:
            self._deadline = None
            if self.conn.their_state in finished:
                return
            log.warning("closed a connection that did not send its request in time")
            self._refuse(408, "Request Timeout")

        def _refuse(self, status: int, reason: str) -> None:
            self._disarm()
            if self.transport.is_closing():
                return
            if self.cycle is None or not self.cycle.response_started:
                self.transport.write(_reply(status, reason))
            self.transport.close()

    return DoorH11Protocol
