"""The HTTP server's door: a request's headers and body have deadlines, a body has a size
limit and the open connections a cap, so half-open or trickling connections cannot hold it
(each limit set small on the command line here)."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_helpers import COGNIMEM, free_port, server_env, stop_server, wait_for_port

TOKEN = "door-test-token-0123456789abcdef"


@pytest.fixture
def port(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[int]:
    """A server with a 1 s header deadline (or the test's ``header_timeout`` mark)."""
    mark = request.node.get_closest_marker("header_timeout")
    header = str(mark.args[0]) if mark else "1"
    port = free_port()
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [COGNIMEM, "serve", "--http", "--port", str(port), "--profile", "test",
         "--header-timeout", header, "--body-timeout", "1", "--max-connections", "3",
         "--max-body", "1000"],
        stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, **server_env(), "COGNIMEM_HTTP_TOKEN": TOKEN})
    try:
        wait_for_port(port, process)
        # one whole request answered: the server is serving, and the probes' connections
        # (queued while it started) are gone before a test counts connections
        sock = connect(port)
        sock.sendall(b"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert reply_and_close(sock, 30)[0].startswith(b"HTTP/1.1 401")
        yield port
    finally:
        stop_server(process)
        log.close()


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    return sock


def reply_and_close(sock: socket.socket, within: float) -> tuple[bytes, float]:
    """What the server sent until it closed, and how long that took (fails past ``within``)."""
    began, got = time.monotonic(), b""
    sock.settimeout(within)
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        raise AssertionError(f"the server held the connection for {within}s") from None
    return got, time.monotonic() - began


def head(content_length: int) -> bytes:
    return (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\n"
            "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
            f"Content-Length: {content_length}\r\n\r\n").encode()


def test_headers_trickled_a_byte_at_a_time_are_cut_off(port: int) -> None:
    sock = connect(port)
    began = time.monotonic()
    sock.sendall(b"POST /mcp HTTP/1.1\r\n")
    try:
        while time.monotonic() - began < 8:
            sock.sendall(b"X")  # one header byte every 0.3 s, never finishing
            time.sleep(0.3)
    except OSError:
        pass  # the server closed it
    got, _ = reply_and_close(sock, 5)
    assert time.monotonic() - began < 4
    assert got.startswith(b"HTTP/1.1 408")


def test_a_stalled_body_is_cut_off(port: int) -> None:
    sock = connect(port)
    sock.sendall(head(500) + b'{"jsonrpc":')  # 11 of 500 bytes, then nothing
    got, waited = reply_and_close(sock, 6)
    assert got.startswith(b"HTTP/1.1 408")
    assert waited < 4


def test_a_body_over_the_limit_is_refused_unread(port: int) -> None:
    sock = connect(port)
    sock.sendall(head(5000))
    got, waited = reply_and_close(sock, 5)
    assert got.startswith(b"HTTP/1.1 413") and b"1000 bytes" in got
    assert waited < 1


@pytest.mark.header_timeout(4)  # the held ones must outlive a busy machine's accepts
def test_connections_past_the_cap_get_503_and_half_open_ones_expire(port: int) -> None:
    held = [connect(port) for _ in range(3)]  # silent: never a byte
    began = time.monotonic()
    try:
        time.sleep(0.2)
        got, waited = reply_and_close(connect(port), 5)
        assert got.startswith(b"HTTP/1.1 503") and waited < 1
        for sock in held:  # each cut off at the header deadline
            got, _ = reply_and_close(sock, 10)
            assert got.startswith(b"HTTP/1.1 408")
        assert time.monotonic() - began < 8
    finally:
        for sock in held:
            sock.close()
    sock = connect(port)  # served again
    sock.sendall(b"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    got, _ = reply_and_close(sock, 10)
    assert got.startswith(b"HTTP/1.1 401")  # reached the app (no token sent)


def test_a_bad_limit_is_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [COGNIMEM, "serve", "--http", "--profile", "test", "--max-connections", "0"],
        capture_output=True, text=True, timeout=60, env={**os.environ, **server_env()})
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "max-connections must be above 0" in result.stderr
