"""The daemon's door: who may hold a connection, how many, and for how long before hello.

* A connection must finish its hello within :attr:`DoorLimits.hello_timeout` seconds *in
  all* (:func:`read_hello` counts one deadline across every read, so a peer that sends one
  byte at a time is cut off when the deadline passes, not at the first silence).
* At most :attr:`DoorLimits.max_connections` are open at once, admitted or not, and at most
  :attr:`DoorLimits.max_per_peer` from one peer process (``SO_PEERCRED``'s pid; every peer
  is this user's, others are refused before this): one runaway or hostile process cannot
  hold every slot while the other agents wait.

Each limit can be set for a daemon through its environment (``COGNIMEM_DAEMON_HELLO_TIMEOUT``,
``COGNIMEM_DAEMON_MAX_CONNECTIONS``, ``COGNIMEM_DAEMON_MAX_PER_PEER``); a value that is not a
positive number stops the daemon from starting with a line naming the variable.
"""

from __future__ import annotations

import os
import socket
import struct
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import StoreError
from .wire import MessageTooLarge, parse_message

#: Seconds a new connection has, in all, to send its hello.
HELLO_TIMEOUT = 5.0
#: Connections open at once, admitted or not; more are refused.
MAX_CONNECTIONS = 64
#: Connections open at once from one peer process; more from it are refused.
MAX_PER_PEER = 16

_ENV = {"hello_timeout": "COGNIMEM_DAEMON_HELLO_TIMEOUT",
        "max_connections": "COGNIMEM_DAEMON_MAX_CONNECTIONS",
        "max_per_peer": "COGNIMEM_DAEMON_MAX_PER_PEER"}


class HandshakeTimeout(TimeoutError):
    """The peer did not finish its hello before the connection's deadline."""


@dataclass(frozen=True)
class DoorLimits:
    """The door's limits (see the module's docstring)."""

    hello_timeout: float = HELLO_TIMEOUT
    max_connections: int = MAX_CONNECTIONS
    max_per_peer: int = MAX_PER_PEER

    @classmethod
    def from_env(cls) -> DoorLimits:
        """The defaults, each replaced by its environment variable when that is set.

        :raises StoreError: a variable is set to something other than a positive number.
        """
        values: dict[str, Any] = {}
        for field, name in _ENV.items():
            raw = os.environ.get(name)
            if raw is None or raw == "":
                continue
            try:
                value = float(raw) if field == "hello_timeout" else int(raw)
            except ValueError:
                value = 0
            if value <= 0:
                kind = "a number of seconds" if field == "hello_timeout" else "a whole number"
                raise StoreError(f"{name}={raw[:40]!r} must be {kind} above 0 (unset it for "
                                 "the default)")
            values[field] = value
        return cls(**values)


def peer_credentials(sock: socket.socket) -> tuple[int, int] | None:
    """``(pid, uid)`` of the process at the other end of a Unix socket (None: not reported)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    try:
        raw = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    except OSError:
        return None
    pid, uid, _gid = struct.unpack("3i", raw)
    return int(pid), int(uid)


def read_hello(sock: socket.socket, limit: int, timeout: float) -> dict[str, Any] | None:
    """The connection's first message, read within ``timeout`` seconds *in all*, or None
    when the peer closed first. Only the hello's own bytes are taken from the socket (what
    follows stays there for the connection's reader).

    :raises HandshakeTimeout: the deadline passed before a whole line arrived.
    :raises MessageTooLarge: more than ``limit`` bytes arrived without a line end.
    :raises WireError: the line is not a JSON object.
    """
    deadline = time.monotonic() + timeout
    line = bytearray()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise HandshakeTimeout(f"no hello within {timeout:g}s")
        sock.settimeout(left)
        try:
            seen = sock.recv(limit + 1 - len(line), socket.MSG_PEEK)
        except TimeoutError:
            raise HandshakeTimeout(f"no hello within {timeout:g}s") from None
        if not seen:
            return None
        end = seen.find(b"\n")
        line += sock.recv(len(seen) if end < 0 else end + 1)  # what was seen: no wait
        if end >= 0:
            return parse_message(bytes(line))
        if len(line) > limit:
            raise MessageTooLarge(f"a hello exceeded the limit of {limit:,} bytes")


class Door:
    """Counts the open connections, in all and per peer process, against the limits."""

    def __init__(self, limits: DoorLimits) -> None:
        self.limits = limits
        self.open = 0
        self.refused = 0  # connections turned away at the door since start
        self.timed_out = 0  # connections that did not finish their hello in time
        self._per_peer: Counter[int] = Counter()
        self._lock = threading.Lock()

    def take(self, peer: int | None) -> str | None:
        """Count one connection from process ``peer`` (None: unknown) as it arrives; returns
        None when admitted, else the refusal to send. Each take is paired with a ``leave``.

        The server takes in its accept loop, so connections are counted in the order they
        arrived: one that arrives while the door is full is refused whatever order the
        handler threads then run in."""
        with self._lock:
            self.open += 1
            if peer is not None:
                self._per_peer[peer] += 1
            refusal = self._refusal(peer)
            if refusal is not None:
                self.refused += 1
            return refusal

    def leave(self, peer: int | None) -> None:
        """Release the slot a ``take`` for ``peer`` counted."""
        with self._lock:
            self.open -= 1
            if peer is not None:
                self._per_peer[peer] -= 1
                if not self._per_peer[peer]:
                    del self._per_peer[peer]

    def _refusal(self, peer: int | None) -> str | None:
        limits = self.limits
        if self.open > limits.max_connections:
            return (f"the memory daemon already has {limits.max_connections} connections "
                    "open; close some clients and retry (its door is saturated)")
        if peer is not None and self._per_peer[peer] > limits.max_per_peer:
            return (f"process {peer} already has {limits.max_per_peer} connections open to "
                    "the memory daemon, the most one process may hold "
                    "(COGNIMEM_DAEMON_MAX_PER_PEER); close some and retry")
        return None

    def timed_out_once(self) -> None:
        """Count a connection cut off at its hello deadline."""
        with self._lock:
            self.timed_out += 1

    def status(self) -> dict[str, Any]:
        """The door's counters and limits, for the daemon's status."""
        with self._lock:
            return {"open": self.open, "refused": self.refused, "timed_out": self.timed_out,
                    "max_connections": self.limits.max_connections,
                    "max_per_peer": self.limits.max_per_peer,
                    "hello_timeout_s": self.limits.hello_timeout}
