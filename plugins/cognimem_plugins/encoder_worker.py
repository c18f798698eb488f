"""An offline embedder's model run in worker processes of its own.

A forward pass in numpy is a few hundred numpy calls, and each one gives up and takes back
the interpreter lock. In a process whose other threads run Python (the owner daemon's
searches and write groups) every take-back can wait up to the interpreter's switch interval
(5 ms): a pass of four queries that takes 12 ms alone took 570 ms beside one busy Python
thread (docs/benchmarks.md, "Many agents"). A worker process has an interpreter of its own,
so its passes never wait for the lock; the caller waits on a socket, which releases it once.

Each caller thread has a channel of its own to each worker (a socket pair, whose far end
is handed to the worker over a control socket), and the worker batches: between two passes
it reads every request that arrived meanwhile, runs the queries (calls of one text) queued
together in one pass, and the calls of several texts (a write group's memories) a piece at
a time, a pass of queries and a piece in turn while both wait. With two workers or more,
the last takes the write path's texts and the others the searches' queries, at a higher
CPU priority (:class:`WorkerPool`). So no caller waits for another in the daemon, and the
daemon's threads do no work for a pass but send their texts and read their vectors (with 32
agents, the daemon's threads had led the passes of a shared queue, each pass waiting for
the interpreter lock several times; docs/benchmarks.md, "Many agents").

The protocol is private to this module: frames of a 4-byte big-endian length and a payload.
The worker answers its start on its standard output with ``R`` + JSON (the model's
``dimension``, its OpenBLAS ``kernels``), or ``E`` + the error; then, on a channel, each
request (JSON ``{"texts": [...], "batch_size": n, "piece": p}``) with ``V`` + the float32
vectors, row by row, or ``E`` + the error. The worker exits when its standard input closes:
when the daemon exits, however it exits.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import select
import selectors
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
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


def _framed(payload: bytes) -> bytes:
    return _HEADER.pack(len(payload)) + payload


def _write_frame(stream: IO[bytes], payload: bytes) -> None:
    view = memoryview(_framed(payload))
    while view:  # an unbuffered pipe may take part of it
        written = stream.write(view)
        view = view[written:]
    stream.flush()


def _read_frame(recv: Callable[[int], bytes]) -> bytes | None:
    """One frame's payload, read by ``recv(n)`` (up to ``n`` bytes; empty at the end),
    usually in one read (each read gives the interpreter lock up once); None when the
    stream ends before a whole frame."""
    data = bytearray(recv(1 << 16))
    while 0 < len(data) < _HEADER.size:
        more = recv(_HEADER.size - len(data))
        if not more:
            return None
        data += more
    if not data:
        return None
    (size,) = _HEADER.unpack_from(data)
    if size > _MAX_FRAME:
        raise WorkerError(f"the encoder worker sent a frame of {size} bytes")
    while len(data) < _HEADER.size + size:
        more = recv(min(_HEADER.size + size - len(data), 1 << 20))
        if not more:
            return None
        data += more
    return bytes(data[_HEADER.size :])


def _read_reply(fd: int, deadline: float) -> bytes | None:
    """One frame's payload from the pipe ``fd``, each read waiting with ``select`` until
    ``deadline`` (monotonic; _Timeout after it)."""

    def recv(size: int) -> bytes:
        wait = deadline - time.monotonic()
        if wait <= 0 or not select.select([fd], [], [], wait)[0]:
            raise _Timeout
        return os.read(fd, size)

    return _read_frame(recv)


class _Timeout(Exception):
    pass


def load_model(loader: str, folder: str | None, precision: str = "auto") -> Any:
    """``loader`` (``module:Class``, a NumpyEncoder with ``load(folder, precision)``) loaded
    from ``folder`` (None: the installed package), its dense layers in ``precision``."""
    from pathlib import Path

    module, _, name = loader.partition(":")
    cls = getattr(importlib.import_module(module), name)
    return cls.load(Path(folder).expanduser() if folder else None, precision=precision)


class _Channel:
    """The worker's end of one caller thread's channel, and the bytes read from it that do
    not make a whole frame yet."""

    __slots__ = ("buffer", "sock")

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""

    def frames(self, data: bytes) -> list[bytes]:
        """The whole frames that ``data`` completes."""
        self.buffer += data
        out: list[bytes] = []
        while len(self.buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack(self.buffer[:_HEADER.size])
            if size > _MAX_FRAME:
                raise WorkerError(f"a request of {size} bytes")
            if len(self.buffer) < _HEADER.size + size:
                break
            out.append(self.buffer[_HEADER.size : _HEADER.size + size])
            self.buffer = self.buffer[_HEADER.size + size :]
        return out


class _Work:
    """The requests the worker holds: queries (one text) in one pass of up to
    ``max_texts``, the calls of several texts one piece of ``piece`` texts at a time, and
    while both wait, a pass of queries and a piece in turn: a query waits behind at most one
    piece, and a write group's memories behind at most one pass of queries between two of
    their pieces (a stream of queries never holds a write back)."""

    def __init__(self, model: Any, max_texts: int) -> None:
        self.model = model
        self.max_texts = max_texts
        self.queries: list[tuple[_Channel, str, int]] = []
        self.wide: list[tuple[_Channel, list[str], int, int]] = []  # texts, batch, piece
        self.done: list[npt.NDArray[np.float32]] = []  # the first wide call's pieces so far
        self.piece_next = False  # a pass of queries ran last: a piece goes next

    def add(self, channel: _Channel, frame: bytes) -> None:
        try:
            request = json.loads(frame)
            texts = [str(t) for t in request["texts"]]
            batch, piece = int(request["batch_size"]), int(request.get("piece") or 0)
        except Exception as exc:
            _reply(channel, _error(exc))
            return
        if len(texts) == 1:
            self.queries.append((channel, texts[0], batch))
        else:
            self.wide.append((channel, texts, batch, max(1, piece or len(texts))))

    def drop(self, channel: _Channel) -> None:
        """Forget what a closed channel asked (its caller is gone)."""
        self.queries = [q for q in self.queries if q[0] is not channel]
        if self.wide and self.wide[0][0] is channel:
            self.done = []
        self.wide = [w for w in self.wide if w[0] is not channel]

    def __bool__(self) -> bool:
        return bool(self.queries or self.wide)

    def step(self) -> None:
        """Run one pass: the queued queries, or the next piece of the first wide call."""
        if self.queries and not (self.piece_next and self.wide):
            self.piece_next = True
            batch, self.queries = self.queries[:self.max_texts], self.queries[self.max_texts:]
            try:
                vectors = self.model.encode([text for _, text, _ in batch],
                                            batch_size=max(b for _, _, b in batch))
            except Exception as exc:
                for channel, _, _ in batch:
                    _reply(channel, _error(exc))
                return
            for row, (channel, _, _) in enumerate(batch):
                _reply(channel, _vectors(vectors[row]))
            return
        self.piece_next = False
        channel, texts, batch_size, piece = self.wide[0]
        start = sum(len(part) for part in self.done)
        try:
            self.done.append(self.model.encode(texts[start : start + piece],
                                               batch_size=batch_size))
        except Exception as exc:
            self.wide.pop(0)
            self.done = []
            _reply(channel, _error(exc))
            return
        if start + piece >= len(texts):
            self.wide.pop(0)
            vectors, self.done = np.concatenate(self.done), []
            _reply(channel, _vectors(vectors))


def _vectors(vectors: npt.NDArray[np.float32]) -> bytes:
    return b"V" + np.ascontiguousarray(vectors, dtype="<f4").tobytes()


def _error(exc: BaseException) -> bytes:
    return b"E" + f"{type(exc).__name__}: {exc}".encode("utf-8", "replace")


def _reply(channel: _Channel, payload: bytes) -> None:
    """Send a frame to a caller; a caller that is gone or stopped reading is dropped by
    the loop when its channel closes."""
    try:
        channel.sock.sendall(_framed(payload))
    except OSError:
        return


def serve(loader: str, folder: str | None, blas_threads: int, stdin: IO[bytes],
          stdout: IO[bytes], control: socket.socket, max_texts: int = 64,
          precision: str = "auto") -> int:
    """The worker's loop: load the model, say it is ready, then answer the requests of
    the callers' channels (each arrives over ``control``) until ``stdin`` closes."""
    try:
        from .blas_threads import kernels, limit_blas_threads

        model = load_model(loader, folder, precision)
        limit_blas_threads(blas_threads)
        ready = {"dimension": model.dimension, "kernels": kernels(),
                 "precision": model.precision}
    except Exception as exc:  # the parent raises it with the embedder's own message
        _write_frame(stdout, b"E" + str(exc).encode("utf-8", "replace"))
        return 1
    _write_frame(stdout, b"R" + json.dumps(ready).encode())
    work = _Work(model, max_texts)
    with selectors.DefaultSelector() as selector:
        selector.register(stdin.fileno(), selectors.EVENT_READ, "stdin")
        selector.register(control, selectors.EVENT_READ, "control")
        while True:
            # waits only when there is nothing to encode; else picks up what arrived
            # during the last pass, so queries queued meanwhile go first
            for key, _ in selector.select(timeout=0 if work else None):
                if key.data == "stdin":
                    if not os.read(stdin.fileno(), 1 << 12):
                        return 0  # the daemon is gone, however it went
                elif key.data == "control":
                    # one byte a channel, its socket attached: read one at a time
                    _message, fds, _flags, _addr = socket.recv_fds(control, 1, 1)
                    if not fds and not _message:
                        return 0
                    for fd in fds:
                        sock = socket.socket(fileno=fd)
                        sock.settimeout(REQUEST_TIMEOUT)  # a caller that stopped reading
                        selector.register(sock, selectors.EVENT_READ, _Channel(sock))
                else:
                    channel: _Channel = key.data
                    try:
                        data = channel.sock.recv(1 << 16)
                        frames = channel.frames(data) if data else None
                    except (OSError, WorkerError):
                        frames = None
                    if frames is None:  # its caller (a daemon thread) is gone
                        selector.unregister(channel.sock)
                        channel.sock.close()
                        work.drop(channel)
                        continue
                    for frame in frames:
                        work.add(channel, frame)
            if work:
                work.step()


class _Worker:
    """One worker process: its start-up pipes, and a channel per caller thread.

    Each thread that calls :meth:`encode` gets a socket of its own to the worker (one pair
    per thread, its far end handed to the worker over a control socket), so callers never
    wait for each other here: the worker reads every request sent while it ran a pass and
    answers them with the next one.
    """

    def __init__(self, loader: str, folder: str | None, blas_threads: int,
                 timeout: float = START_TIMEOUT, max_texts: int = 64,
                 precision: str = "auto", *, nice: int = 0) -> None:
        self._control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        command = [sys.executable, "-m", __name__, loader, folder or "", str(blas_threads),
                   str(theirs.fileno()), str(max_texts), str(nice), precision]
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, env=env, close_fds=True,
                                            pass_fds=(theirs.fileno(),), bufsize=0)
        finally:
            theirs.close()
        assert self.process.stdin is not None and self.process.stdout is not None
        self._in, self._out = self.process.stdin, self.process.stdout
        self.timeout = timeout  # seconds a request may take, plus a little per text
        self._local = threading.local()  # each thread's channel
        self._lock = threading.Lock()
        self.outstanding = 0  # texts sent and not yet answered (to choose a worker)
        ready = self._startup_reply(START_TIMEOUT)
        if ready[:1] != b"R":
            self.close()
            raise WorkerError(ready[1:].decode("utf-8", "replace"))
        said = json.loads(ready[1:])
        self.dimension = int(said["dimension"])
        self.kernels: str | None = said.get("kernels")  # the worker's OpenBLAS kernels
        self.precision: str | None = said.get("precision")  # its dense layers' arithmetic

    def _startup_reply(self, seconds: float) -> bytes:
        """The worker's first frame; a worker silent for ``seconds`` is killed and
        WorkerError raised."""
        try:
            payload = _read_reply(self._out.fileno(), time.monotonic() + seconds)
        except _Timeout:
            self._kill()
            raise WorkerError(f"the encoder worker did not answer within {seconds:.0f} s; "
                              "it was stopped") from None
        if payload is not None:
            return payload
        code = self.process.wait()
        raise WorkerError(f"the encoder worker exited (status {code})")

    def _kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def _channel(self) -> socket.socket:
        sock: socket.socket | None = getattr(self._local, "sock", None)
        if sock is None:
            sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                with self._lock:
                    socket.send_fds(self._control, [b"c"], [theirs.fileno()])
            except OSError as exc:
                sock.close()
                raise WorkerError(f"the encoder worker is gone ({exc})") from exc
            finally:
                theirs.close()
            self._local.sock = sock
        return sock

    def _drop_channel(self) -> None:
        sock = getattr(self._local, "sock", None)
        self._local.sock = None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.close()

    def encode(self, texts: Sequence[str], batch_size: int,
               piece: int = 0) -> npt.NDArray[np.float32]:
        """The vectors of ``texts``, encoded by the worker (``piece``: texts per pass of a
        call of several texts; 0: all at once)."""
        payload = json.dumps({"texts": list(texts), "batch_size": batch_size,
                              "piece": piece}).encode()
        with self._lock:
            self.outstanding += len(texts)
            ahead = self.outstanding
        try:
            sock = self._channel()
            sock.settimeout(self.timeout + 0.25 * ahead)
            try:
                sock.sendall(_framed(payload))
                reply = _read_frame(sock.recv)
            except TimeoutError:
                self._drop_channel()
                self._kill()  # it hangs: the pool replaces it
                raise WorkerError(f"the encoder worker did not answer within "
                                  f"{self.timeout + 0.25 * ahead:.0f} s; it was stopped") \
                    from None
            except OSError as exc:
                self._drop_channel()
                raise self._gone(exc) from exc
        finally:
            with self._lock:
                self.outstanding -= len(texts)
        if reply is None:
            self._drop_channel()
            raise self._gone(None)
        if reply[:1] != b"V":
            raise WorkerError(reply[1:].decode("utf-8", "replace"))
        vectors = np.frombuffer(reply, dtype="<f4", offset=1).astype(np.float32)
        return vectors.reshape(len(texts), self.dimension)

    def _gone(self, exc: BaseException | None) -> WorkerError:
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return WorkerError(f"the encoder worker is gone ({exc})")
        return WorkerError(f"the encoder worker exited (status {code})")

    def close(self) -> None:
        for stream in (self._in, self._out, self._control):
            with contextlib.suppress(OSError):
                stream.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._kill()


class WorkerPool:
    """``size`` worker processes with a role each: with two or more, the last embeds the
    write path's texts (a write group's memories) and the others the searches' queries,
    each query to the query worker with the fewest texts outstanding; one worker does both.
    So a query never waits behind a write group's pass, and a slot whose worker is being
    replaced lends its calls to the others meanwhile.

    A worker that breaks mid-call is replaced at once, in its slot; the failed call raises
    :class:`WorkerError`.

    ``query_nice`` and ``nice``: the query workers' and the write worker's CPU priority
    below the caller's (``nice`` +N, 0 to 19; a lone worker takes ``query_nice``). On a
    machine whose cores are all busy, the owner daemon's threads and the queries' passes
    then run as soon as they are ready, and a write group's memories take what is left
    (docs/benchmarks.md, "Many agents"); every worker still takes every cycle nothing else
    wants.
    """

    def __init__(self, loader: str, folder: str | None, size: int = 1,
                 blas_threads: int = 1, chunk: int = 1024,
                 timeout: float = REQUEST_TIMEOUT, max_texts: int = 64,
                 nice: int = 0, query_nice: int = 0, precision: str = "auto") -> None:
        if size < 1:
            raise ValueError(f"size must be >= 1, got {size}")
        for name, value in (("nice", nice), ("query_nice", query_nice)):
            if not 0 <= value <= 19:
                raise ValueError(f"{name} must be 0 to 19, got {value}")
        self._spec = (loader, folder, blas_threads, timeout, max_texts, precision)
        # the slots' priorities: the last slot is the write worker's when there are two
        self._nices = [query_nice] * size if size == 1 else [query_nice] * (size - 1) + [nice]
        self.chunk = max(1, chunk)  # texts per request: a bulk call's replies stay small
        self._all: list[_Worker] = []
        self._broken: set[_Worker] = set()  # being replaced
        self._lock = threading.Lock()
        self._closed = False
        try:
            for slot in range(size):
                self._all.append(self._start(slot))
        except BaseException:
            self.close()
            raise

    def _start(self, slot: int) -> _Worker:
        return _Worker(*self._spec, nice=self._nices[slot])

    @property
    def size(self) -> int:
        """The worker processes up now."""
        with self._lock:
            return len(self._all) - len(self._broken)

    @property
    def kernels(self) -> str | None:
        """The OpenBLAS kernels the workers run (``SkylakeX``, ``Haswell``...), if known."""
        with self._lock:
            return next((w.kernels for w in self._all if w.kernels), None)

    @property
    def precision(self) -> str | None:
        """The workers' dense layers' arithmetic (``f32``, ``bf16``), if known."""
        with self._lock:
            return next((w.precision for w in self._all if w.precision), None)

    def encode(self, texts: Sequence[str], batch_size: int = 64, piece: int = 0,
               query: bool = False) -> npt.NDArray[np.float32]:
        """The vectors of ``texts``, in requests of at most ``chunk`` texts (``piece``: texts
        per pass of a call of several, the worker's queries running between two;
        ``query``: a search's, for a query worker)."""
        if len(texts) <= self.chunk:
            return self._request(texts, batch_size, piece, query)
        return np.concatenate([self._request(texts[i : i + self.chunk], batch_size, piece,
                                             query)
                               for i in range(0, len(texts), self.chunk)])

    def _pick(self, query: bool) -> _Worker:
        with self._lock:
            if self._closed or not self._all:
                raise WorkerError("the encoder workers are closed")
            role = (self._all if len(self._all) == 1 else
                    self._all[:-1] if query else self._all[-1:])
            ready = [w for w in role if w not in self._broken] or \
                [w for w in self._all if w not in self._broken]  # the others lend a hand
            if not ready:
                raise WorkerError("the encoder workers are being replaced")
            return min(ready, key=lambda worker: worker.outstanding)

    def _request(self, texts: Sequence[str], batch_size: int, piece: int,
                 query: bool) -> npt.NDArray[np.float32]:
        worker = self._pick(query)
        try:
            return worker.encode(texts, batch_size, piece)
        except WorkerError:
            if worker.process.poll() is None:  # alive: it reported an error
                raise
            self._replace(worker)
            raise

    def _replace(self, broken: _Worker) -> None:
        with self._lock:
            if broken not in self._all or broken in self._broken:  # replaced or under way
                return
            slot = self._all.index(broken)
            self._broken.add(broken)
            closed = self._closed
        broken.close()
        if closed:
            return
        worker = self._start(slot)
        with self._lock:
            self._broken.discard(broken)
            if not self._closed:
                self._all[slot] = worker
                return
        worker.close()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers = list(self._all)
            self._all.clear()
            self._broken.clear()
        for worker in workers:
            worker.close()


def main(argv: list[str]) -> int:
    loader, folder, blas_threads = argv[0], argv[1] or None, int(argv[2])
    control = socket.socket(fileno=int(argv[3]))
    max_texts = int(argv[4]) if len(argv) > 4 else 64
    if len(argv) > 5 and int(argv[5]):
        os.nice(int(argv[5]))  # below the daemon's own threads: see WorkerPool
    precision = argv[6] if len(argv) > 6 else "auto"
    # frames go to the original stdout; anything a library prints goes to stderr instead
    frames = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return serve(loader, folder, blas_threads, sys.stdin.buffer, frames, control, max_texts,
                 precision)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
