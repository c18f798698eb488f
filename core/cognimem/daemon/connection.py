"""One connection to a store's owner daemon: JSON lines over its Unix socket.

The socket lives in the user's private runtime folder (mode 0700, checked before use), so
the file system keeps other users out before a byte is read; both ends also check the
peer's user id (``SO_PEERCRED``) where the OS reports it.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import select
import socket
import time
from collections.abc import Callable
from typing import Any

from ..errors import StoreError
from .door import peer_credentials
from .runtime import OwnerRecord
from .wire import (
    MessageTooLarge,
    WireError,
    decode,
    decode_error,
    dump_message,
    encode,
    message_limit,
    read_message,
)

#: Seconds allowed for the connect and the hello exchange.
CONNECT_TIMEOUT = 5.0


class ConnectionLost(StoreError):
    """The daemon connection broke. ``sent`` tells whether the request had been written."""

    def __init__(self, message: str, *, sent: bool) -> None:
        super().__init__(message)
        self.sent = sent


class DaemonStopping(StoreError):
    """The daemon is shutting down and did not run the request; retrying is safe."""


class Refused(StoreError):
    """The daemon (or this client, before sending) refused a request; nothing was run."""


def peer_uid(sock: socket.socket) -> int | None:
    """The user id of the process at the other end of a Unix socket (None: not reported)."""
    credentials = peer_credentials(sock)
    return None if credentials is None else credentials[1]


class Connection:
    """A client connection: ``hello`` on open, then one request at a time.

    Not thread-safe; :class:`~cognimem.daemon.remote.RemoteEngine` serialises its calls.

    :raises ConnectionLost: the daemon is not listening or closed during the hello.
    :raises StoreError: the socket is served by another user's process.
    """

    def __init__(self, record: OwnerRecord, *, client: str = "cognimem") -> None:
        self.record = record
        self._ids = itertools.count(1)
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(CONNECT_TIMEOUT)
        deadline = time.monotonic() + CONNECT_TIMEOUT
        while True:
            try:
                self._sock.connect(record.socket)
                break
            except BlockingIOError:  # the daemon's backlog is full: it is accepting others
                if time.monotonic() < deadline:
                    time.sleep(0.01)
                    continue
                exc_text = "its connection backlog stayed full"
            except OSError as exc:
                exc_text = str(exc)
            self._sock.close()
            raise ConnectionLost(f"the memory daemon at {record.address} is not reachable: "
                                 f"{exc_text}", sent=False) from None
        uid = peer_uid(self._sock)
        if uid is not None and uid != os.getuid():
            self._sock.close()
            raise StoreError(f"the memory daemon socket {record.socket} is served by another "
                             f"user (uid {uid}): refusing to send it anything")
        self._rfile = self._sock.makefile("rb")
        try:
            self.info: dict[str, Any] = self.request("hello", client=client)
        except BaseException:
            self.close()
            raise
        self._sock.settimeout(None)  # a call may legitimately take long (a large import)

    def request(self, method: str, *, on_frame: Callable[[dict[str, Any]], None] | None = None,
                **params: Any) -> Any:
        """Send one request and return its decoded result.

        :raises Refused: the request is larger than the daemon accepts (it was not sent), or
            the daemon refused it without running it.
        :raises ConnectionLost: the connection broke (``sent`` says whether it was written).
        :raises DaemonStopping: the daemon is shutting down and did not run it.
        :raises CognimemError: the daemon ran it and it failed (the original class when it is
            one of cognimem's errors).

        ``on_frame`` receives the frames a streaming method sends before its result
        (``{"chunk": ...}``, ``{"progress": ...}``).
        """
        message = {"id": next(self._ids), "method": method,
                   **{k: encode(v) for k, v in params.items()}}
        line = dump_message(message)
        limit = message_limit()
        if len(line) > limit:
            raise Refused(f"refused before sending: the request is {len(line):,} bytes, over the "
                          f"memory daemon's message limit of {limit:,} bytes; nothing was "
                          "written (export and import stream stores of any size)")
        sent = False
        try:
            self._sock.sendall(line)
            sent = True
            reply = read_message(self._rfile)
            while reply is not None and "result" not in reply and "error" not in reply:
                if on_frame is not None:
                    on_frame(reply)
                reply = read_message(self._rfile)
        except MessageTooLarge as exc:
            raise ConnectionLost(f"the memory daemon's reply was too large: {exc}",
                                 sent=True) from None
        except (OSError, ValueError) as exc:
            if not sent:  # the daemon may have said why before closing (a refusal at the door)
                refusal = self._pending_refusal()
                if refusal is not None:
                    raise Refused(refusal) from None
            raise ConnectionLost(f"the connection to the memory daemon broke: {exc}",
                                 sent=sent) from None
        if reply is None:
            raise ConnectionLost("the memory daemon closed the connection", sent=sent)
        if "error" in reply:
            error = reply["error"]
            kind = error.get("type")
            if kind == "DaemonStopping":
                raise DaemonStopping(str(error.get("message", "")))
            if kind == "Refused":
                raise Refused(str(error.get("message", "")))
            raise decode_error(error)
        if reply.get("id") != message["id"]:
            raise WireError("the memory daemon answered a different request")
        return decode(reply.get("result"))

    def _pending_refusal(self) -> str | None:
        """The message of a refusal the daemon wrote before closing, if one is waiting."""
        try:
            self._sock.settimeout(0.5)
            reply = read_message(self._rfile)
        except (OSError, ValueError):
            return None
        if reply is not None and (reply.get("error") or {}).get("type") == "Refused":
            return str(reply["error"].get("message", ""))
        return None

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
        for closer in (self._rfile.close, self._sock.close):
            with contextlib.suppress(OSError):
                closer()
