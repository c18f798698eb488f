"""One authenticated connection to a store's owner daemon (JSON lines over loopback TCP)."""

from __future__ import annotations

import contextlib
import itertools
import select
import socket
from dataclasses import dataclass
from typing import Any

from ..errors import StoreError
from ..paths import display_path
from .wire import WireError, decode, decode_error, encode, read_message, write_message

#: Seconds allowed for the TCP connect and the hello exchange.
CONNECT_TIMEOUT = 5.0


class ConnectionLost(StoreError):
    """The daemon connection broke. ``sent`` tells whether the request had been written."""

    def __init__(self, message: str, *, sent: bool) -> None:
        super().__init__(message)
        self.sent = sent


class DaemonStopping(StoreError):
    """The daemon is shutting down and did not run the request; retrying is safe."""


@dataclass(frozen=True)
class OwnerRecord:
    """Where a store's owner daemon listens, and the token that admits a client.

    Written by the daemon into the store directory (mode 0600) once the store is open.
    """

    pid: int
    host: str
    port: int
    token: str
    store: str
    profile: str = ""
    fingerprint: str = ""
    started_at: str = ""
    version: str = ""

    @property
    def address(self) -> str:
        """``host:port``."""
        return f"{self.host}:{self.port}"

    def public(self) -> dict[str, Any]:
        """Everything but the token (safe to print; the store relative to the home folder)."""
        return {"pid": self.pid, "address": self.address, "store": display_path(self.store),
                "profile": self.profile, "fingerprint": self.fingerprint,
                "started_at": self.started_at, "version": self.version}


class Connection:
    """A client connection: ``hello`` on open, then one request at a time.

    Not thread-safe; :class:`~cognimem.mcp.remote.RemoteEngine` serialises its calls.

    :raises ConnectionLost: the daemon is not listening or closed during the hello.
    :raises StoreError: the daemon refused the token.
    """

    def __init__(self, record: OwnerRecord, *, client: str = "cognimem") -> None:
        self.record = record
        self._ids = itertools.count(1)
        try:
            self._sock = socket.create_connection((record.host, record.port),
                                                  timeout=CONNECT_TIMEOUT)
        except OSError as exc:
            raise ConnectionLost(f"the memory daemon at {record.address} is not reachable: "
                                 f"{exc}", sent=False) from None
        self._rfile = self._sock.makefile("rb")
        self._wfile = self._sock.makefile("wb")
        try:
            self.info: dict[str, Any] = self.request("hello", token=record.token, client=client)
        except BaseException:
            self.close()
            raise
        self._sock.settimeout(None)  # a call may legitimately take long (a large import)

    def request(self, method: str, **params: Any) -> Any:
        """Send one request and return its decoded result.

        :raises ConnectionLost: the connection broke (``sent`` says whether it was written).
        :raises DaemonStopping: the daemon is shutting down and did not run it.
        :raises CognimemError: the daemon ran it and it failed (the original class when it is
            one of cognimem's errors).
        """
        message = {"id": next(self._ids), "method": method,
                   **{k: encode(v) for k, v in params.items()}}
        sent = False
        try:
            write_message(self._wfile, message)
            sent = True
            reply = read_message(self._rfile)
        except (OSError, ValueError) as exc:
            raise ConnectionLost(f"the connection to the memory daemon broke: {exc}",
                                 sent=sent) from None
        if reply is None:
            raise ConnectionLost("the memory daemon closed the connection", sent=sent)
        if "error" in reply:
            error = reply["error"]
            if error.get("type") == "DaemonStopping":
                raise DaemonStopping(str(error.get("message", "")))
            raise decode_error(error)
        if reply.get("id") != message["id"]:
            raise WireError("the memory daemon answered a different request")
        return decode(reply.get("result"))

    def alive(self) -> bool:
        """False when the daemon has closed its end (it exited or stopped) since last use."""
        try:
            readable, _, _ = select.select([self._sock], [], [], 0)
            if not readable:
                return True
            return bool(self._sock.recv(1, socket.MSG_PEEK))
        except (OSError, ValueError):
            return False

    def close(self) -> None:
        """Close the connection (the daemon keeps running)."""
        for closer in (self._rfile.close, self._wfile.close, self._sock.close):
            with contextlib.suppress(OSError):
                closer()
