"""Which transport for the owner daemon: JSON lines or HTTP (starlette on uvicorn), both
over a Unix socket. ``python bench/transport_compare.py --calls 3000 --clients 1 8``

Starts one server of each kind in a child process, answering a small JSON request with a
small JSON reply (no store work), and times round trips from 1 and N client threads:
p50/p95 latency and requests per second. The HTTP client is the standard library's
``http.client`` over the socket (the cheapest to import for a CLI).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import socket
import socketserver
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPLY = {"id": 1, "result": {"$datetime": "2026-12-01T12:00:00+00:00"}}


def serve_lines(path: str) -> None:
    class Handler(socketserver.StreamRequestHandler):
        def handle(self) -> None:
            while line := self.rfile.readline(1 << 20):
                json.loads(line)
                self.wfile.write(json.dumps(REPLY).encode() + b"\n")
                self.wfile.flush()

    class Server(socketserver.ThreadingUnixStreamServer):
        daemon_threads = True

    Server(path, Handler).serve_forever()


def serve_http(path: str) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    async def call(request: Request) -> JSONResponse:
        await request.json()
        return JSONResponse(REPLY)

    app = Starlette(routes=[Route("/call", call, methods=["POST"])])
    uvicorn.run(app, uds=path, log_level="warning", access_log=False)


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str) -> None:
        super().__init__("localhost")
        self.path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


def lines_client(path: str) -> Any:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    rfile = sock.makefile("rb")
    body = json.dumps({"id": 1, "method": "call", "op": "now", "args": [], "kwargs": {}})

    def call() -> None:
        sock.sendall(body.encode() + b"\n")
        json.loads(rfile.readline())
    return call


def http_client(path: str) -> Any:
    conn = UnixHTTPConnection(path)
    body = json.dumps({"op": "now", "args": [], "kwargs": {}})

    def call() -> None:
        conn.request("POST", "/call", body, {"Content-Type": "application/json"})
        json.loads(conn.getresponse().read())
    return call


def measure(make: Any, path: str, clients: int, calls: int) -> dict[str, Any]:
    times: list[float] = []
    lock = threading.Lock()

    def worker() -> None:
        call = make(path)
        call()
        mine = []
        for _ in range(calls // clients):
            t0 = time.perf_counter()
            call()
            mine.append(time.perf_counter() - t0)
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    ordered = sorted(times)
    return {"clients": clients, "p50_us": round(statistics.median(ordered) * 1e6),
            "p95_us": round(ordered[int(0.95 * len(ordered))] * 1e6),
            "per_s": round(len(ordered) / wall)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8])
    args = parser.parse_args()
    print(json.dumps({"load_average": os.getloadavg()}))
    with tempfile.TemporaryDirectory() as tmp:
        for name, server, client in (("json-lines", serve_lines, lines_client),
                                     ("http", serve_http, http_client)):
            path = str(Path(tmp) / f"{name}.sock")
            proc = mp.get_context("spawn").Process(target=server, args=(path,), daemon=True)
            proc.start()
            while not os.path.exists(path):
                time.sleep(0.05)
            time.sleep(0.3)
            for clients in args.clients:
                print(json.dumps({"transport": name, **measure(client, path, clients,
                                                                args.calls)}), flush=True)
            proc.terminate()
            proc.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
