"""An offline embedder's model run in worker processes of its own.

A forward pass in numpy is a few hundred numpy calls, and each one gives up and takes back
the interpreter lock. In a process whose other threads run Python (the owner daemon's
searches and write groups) every take-back can wait up to the interpreter's switch interval
(5 ms): a pass of four queries that takes 12 ms alone took 570 ms beside one busy Python
thread (docs/benchmarks.md, "Many agents"). A worker process has an interpreter of its own,
so its passes never wait for the lock; the caller waits on a pipe, which releases it once.

The protocol is private to this module: frames of a 4-byte big-endian length and a payload.
The worker answers its start with ``R`` + JSON (the model's ``dimension``, its OpenBLAS
``kernels``), or ``E`` + the error; then for each request (JSON ``{"texts": [...],
"batch_size": n}``) ``V`` + the float32 vectors, row by row, or ``E`` + the error. The
worker exits when its input closes: when the daemon exits, however it exits.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import queue
import select
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

import numpy as np
import numpy.typing as npt

_HEADER = struct.Struct(">I")
_MAX_FRAME = 256 << 20  # a reply of 64 texts is ~100 KB; anything near this is a broken pipe
#: Seconds a worker may take to load its model and say it is ready.
START_TIMEOUT = 120.0
#: Seconds a request may take (plus 0.25 s per text) before its worker is deemed hung.
REQUEST_TIMEOUT = 60.0


class WorkerError(RuntimeError):
    """The worker process failed to start, broke, or reported an error."""


def _write_frame(stream: IO[bytes], payload: bytes) -> None:
    view = memoryview(_HEADER.pack(len(payload)) + payload)
    while view:  # an unbuffered pipe may take part of it
        written = stream.write(view)
        view = view[written:]
    stream.flush()


def _read_frame(stream: IO[bytes]) -> bytes | None:
    header = stream.read(_HEADER.size)
    if not header:
        return None
    if len(header) != _HEADER.size:
        raise WorkerError("the encoder worker's pipe closed mid-frame")
    (size,) = _HEADER.unpack(header)
    if size > _MAX_FRAME:
        raise WorkerError(f"the encoder worker sent a frame of {size} bytes")
    payload = stream.read(size)
    if len(payload) != size:
        raise WorkerError("the encoder worker's pipe closed mid-frame")
    return payload


def _read_reply(fd: int, deadline: float) -> bytes | None:
    """One frame's payload from ``fd``: waits with ``select`` until ``deadline``
    (monotonic; _Timeout after it) and reads what is there, usually the whole frame at
    once (a wait and a read: each gives the interpreter lock up once). None at the end of
    the pipe before a whole frame."""
    data = b""
    need = _HEADER.size
    while len(data) < need:
        wait = deadline - time.monotonic()
        if wait <= 0 or not select.select([fd], [], [], wait)[0]:
            raise _Timeout
        chunk = os.read(fd, max(need - len(data), 1 << 16))
        if not chunk:
            return None
        data += chunk
        if need == _HEADER.size and len(data) >= _HEADER.size:
            (size,) = _HEADER.unpack(data[:_HEADER.size])
            if size > _MAX_FRAME:
                raise WorkerError(f"the encoder worker sent a frame of {size} bytes")
            need = _HEADER.size + size
    return data[_HEADER.size :]


class _Timeout(Exception):
    pass


def load_model(loader: str, folder: str | None) -> Any:
    """``loader`` (``module:Class``, a NumpyEncoder with ``load(folder)``) loaded from
    ``folder`` (None: the installed package)."""
    from pathlib import Path

    module, _, name = loader.partition(":")
    cls = getattr(importlib.import_module(module), name)
    return cls.load(Path(folder).expanduser() if folder else None)


def serve(loader: str, folder: str | None, blas_threads: int,
          stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """The worker's loop: load the model, then answer requests until ``stdin`` closes."""
    try:
        from .blas_threads import kernels, limit_blas_threads

        model = load_model(loader, folder)
        limit_blas_threads(blas_threads)
        ready = {"dimension": model.dimension, "kernels": kernels()}
    except Exception as exc:  # the parent raises it with the embedder's own message
        _write_frame(stdout, b"E" + str(exc).encode("utf-8", "replace"))
        return 1
    _write_frame(stdout, b"R" + json.dumps(ready).encode())
    while True:
        frame = _read_frame(stdin)
        if frame is None:
            return 0
        try:
            request = json.loads(frame)
            vectors = model.encode(request["texts"], batch_size=int(request["batch_size"]))
            reply = b"V" + np.ascontiguousarray(vectors, dtype="<f4").tobytes()
        except Exception as exc:
            reply = b"E" + f"{type(exc).__name__}: {exc}".encode("utf-8", "replace")
        _write_frame(stdout, reply)


class _Worker:
    """One worker process and its pipes; used by one thread at a time."""

    def __init__(self, loader: str, folder: str | None, blas_threads: int,
                 timeout: float = START_TIMEOUT) -> None:
        command = [sys.executable, "-m", __name__, loader, folder or "", str(blas_threads)]
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env, close_fds=True, bufsize=0)
        assert self.process.stdin is not None and self.process.stdout is not None
        self._in, self._out = self.process.stdin, self.process.stdout
        self.timeout = timeout  # seconds a request may take, plus a little per text
        ready = self._reply(START_TIMEOUT)
        if ready[:1] != b"R":
            self.close()
            raise WorkerError(ready[1:].decode("utf-8", "replace"))
        said = json.loads(ready[1:])
        self.dimension = int(said["dimension"])
        self.kernels: str | None = said.get("kernels")  # the worker's OpenBLAS kernels

    def _reply(self, seconds: float) -> bytes:
        """The worker's next frame; a worker silent for ``seconds`` is killed (it hangs:
        the pool replaces it) and WorkerError raised."""
        try:
            payload = _read_reply(self._out.fileno(), time.monotonic() + seconds)
        except _Timeout:
            self.process.kill()
            self.process.wait()
            raise WorkerError(f"the encoder worker did not answer within {seconds:.0f} s; "
                              "it was stopped") from None
        if payload is not None:
            return payload
        code = self.process.wait()
        raise WorkerError(f"the encoder worker exited (status {code})")

    def encode(self, texts: Sequence[str], batch_size: int) -> npt.NDArray[np.float32]:
        try:
            _write_frame(self._in, json.dumps({"texts": list(texts),
                                               "batch_size": batch_size}).encode())
        except (BrokenPipeError, OSError) as exc:
            raise WorkerError(f"the encoder worker is gone ({exc})") from exc
        reply = self._reply(self.timeout + 0.25 * len(texts))
        if reply[:1] != b"V":
            raise WorkerError(reply[1:].decode("utf-8", "replace"))
        vectors = np.frombuffer(reply, dtype="<f4", offset=1).astype(np.float32)
        return vectors.reshape(len(texts), self.dimension)

    def close(self) -> None:
        for stream in (self._in, self._out):
            with contextlib.suppress(OSError):
                stream.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class WorkerPool:
    """``size`` worker processes; :meth:`encode` runs on whichever is free.

    A worker that breaks mid-call is replaced by a new one on the next call; the failed call
    raises :class:`WorkerError`.
    """

    def __init__(self, loader: str, folder: str | None, size: int = 1,
                 blas_threads: int = 1, chunk: int = 1024,
                 timeout: float = REQUEST_TIMEOUT) -> None:
        if size < 1:
            raise ValueError(f"size must be >= 1, got {size}")
        self._spec = (loader, folder, blas_threads, timeout)
        self.chunk = max(1, chunk)  # texts per request: a bulk call's replies stay small
        self._idle: queue.LifoQueue[_Worker | None] = queue.LifoQueue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False
        for _ in range(size):
            worker = _Worker(*self._spec)
            self._all.append(worker)
            self._idle.put(worker)

    @property
    def size(self) -> int:
        """The worker processes up now."""
        with self._lock:
            return len(self._all)

    @property
    def kernels(self) -> str | None:
        """The OpenBLAS kernels the workers run (``SkylakeX``, ``Haswell``...), if known."""
        with self._lock:
            return next((w.kernels for w in self._all if w.kernels), None)

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> npt.NDArray[np.float32]:
        """The vectors of ``texts``, in requests of at most ``chunk`` texts."""
        if len(texts) <= self.chunk:
            return self._request(texts, batch_size)
        return np.concatenate([self._request(texts[i : i + self.chunk], batch_size)
                               for i in range(0, len(texts), self.chunk)])

    def _request(self, texts: Sequence[str], batch_size: int) -> npt.NDArray[np.float32]:
        worker = self._idle.get()
        if worker is None:  # closed
            self._idle.put(None)
            raise WorkerError("the encoder workers are closed")
        try:
            vectors = worker.encode(texts, batch_size)
        except WorkerError:
            if worker.process.poll() is None:  # alive: it reported an error
                self._idle.put(worker)
                raise
            self._replace(worker)
            raise
        self._idle.put(worker)
        return vectors

    def _replace(self, broken: _Worker) -> None:
        broken.close()
        with self._lock:
            self._all.remove(broken)
            if self._closed:
                return
        try:
            worker = _Worker(*self._spec)
        except WorkerError:
            self._idle.put(None)  # callers fail instead of waiting for a worker
            raise
        with self._lock:
            self._all.append(worker)
        self._idle.put(worker)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers = list(self._all)
            self._all.clear()
        self._idle.put(None)
        for worker in workers:
            worker.close()


def main(argv: list[str]) -> int:
    loader, folder, blas_threads = argv[0], argv[1] or None, int(argv[2])
    # frames go to the original stdout; anything a library prints goes to stderr instead
    frames = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return serve(loader, folder, blas_threads, sys.stdin.buffer, frames)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
