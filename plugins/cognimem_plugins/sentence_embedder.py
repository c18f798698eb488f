"""What the offline sentence embedders share (``minilm``, ``mpnet``): a BERT-style encoder
run with numpy (no torch), batched, coalesced across concurrent calls, cached by content
hash, optionally in worker processes. Each embedder names its model and loads its weights
(:meth:`SentenceEmbedder._load_model`); nothing is fetched from a hub."""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import numpy as np
from pydantic import Field

from cognimem.components import Embedder
from cognimem.components import Options as BaseOptions

from .coalesce import Coalescer
from .encoder_worker import WorkerError

if TYPE_CHECKING:
    from pathlib import Path

    from cognimem.context import Context

    from .encoder_worker import WorkerPool
    from .numpy_encoder import NumpyEncoder

log = logging.getLogger("cognimem.embedder")


class SentenceEmbedder(Embedder):
    """A sentence encoder run with numpy, batched and cached by content hash (a base class:
    a subclass names its model and loads it)."""

    reads_beside_writes = True  # the cache is locked
    #: ``module:Class`` of the model, loaded by worker processes (None: no workers)
    worker_loader: ClassVar[str | None] = None

    class Options(BaseOptions):
        """Batching and cache size."""

        batch_size: int = Field(default=64, ge=1, le=1024, description="texts per forward pass")
        cache_size: int = Field(default=4096, ge=0, description="embeddings kept by content hash")
        coalesce: bool = Field(
            default=True,
            description="concurrent calls of up to batch_size texts share one forward pass")
        lanes: int = Field(
            default=2, ge=1, le=64,
            description="forward passes that may run at once when coalescing; with 2 or "
                        "more, one-text calls (queries) keep a lane of their own "
                        "(docs/retrieval.md)")
        piece: int = Field(
            default=8, ge=1, le=1024,
            description="texts per piece of a coalesced pass of several texts (a write "
                        "group's memories); queued queries run between pieces "
                        "(docs/retrieval.md)")
        blas_threads: int = Field(
            default=1, ge=1, le=256,
            description="BLAS threads while encoding (more helps only large batches on an "
                        "otherwise idle machine; docs/retrieval.md)")
        workers: int | None = Field(
            default=None, ge=0, le=64,
            description="worker processes that run the model's passes, out of the "
                        "interpreter lock's way; with two or more, the last embeds the "
                        "write path's texts and the others the searches' queries (None: "
                        "one per lane in the owner daemon, started when two passes first "
                        "run at once, none elsewhere; 0: never; docs/retrieval.md)")
        query_nice: int = Field(
            default=8, ge=0, le=19,
            description="the query workers' CPU priority below the daemon's (nice +N): "
                        "with every core busy, the daemon's own work never queues behind a "
                        "forward pass; with one worker, that worker's (0: the daemon's own; "
                        "docs/retrieval.md)")
        write_nice: int = Field(
            default=12, ge=0, le=19,
            description="the write worker's CPU priority below the daemon's (nice +N): "
                        "with every core busy, the daemon's threads and the searches' "
                        "queries run before a write group's memories (docs/retrieval.md)")
        precision: Literal["auto", "f32", "bf16"] = Field(
            default="auto",
            description="the dense layers' arithmetic: bf16 (weights packed in bfloat16, "
                        "float32 sums; 0.4-0.7 of a pass's CPU, vectors at a cosine of 0.9999+ "
                        "to float32's) or f32; auto takes bf16 where the CPU has AMX tiles "
                        "(docs/retrieval.md)")
        model_dir: str | None = Field(default=None,
                                      description="weights folder (default: the installed package)")

    options: SentenceEmbedder.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self._model: NumpyEncoder | None = None
        self._pool: WorkerPool | None = None
        self._closed = False
        self._workers_wanted = 0  # workers to start when two passes run at once here
        self._passes_here = 0  # passes running in this process
        self._workers_starting = 0  # workers being started in the background
        self._coalescer: Coalescer | None = None
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_lock = threading.Lock()

    def open(self, ctx: Context) -> None:
        """Load the weights now, so a missing package fails at start with the fix; start
        the workers when ``workers`` asks for them outside the daemon too."""
        _ = self.model
        if self.options.workers and self.worker_loader is not None:
            self._start_workers(self.options.workers, wait=True)

    @property
    def model(self) -> NumpyEncoder:
        """The loaded model (loaded on first use)."""
        if self._model is None:
            from pathlib import Path

            from .blas_threads import limit_blas_threads

            folder = Path(self.options.model_dir).expanduser() if self.options.model_dir else None
            self._model = self._load_model(folder)
            limit_blas_threads(self.options.blas_threads)
        return self._model

    def _encode(self, texts: Sequence[str], query: bool = False) -> np.ndarray:
        """The model's vectors of ``texts`` (``query``: a search's, which goes to the query
        workers): by a worker process once they run (it answers what arrived during its
        pass with the next one), else here, concurrent small calls sharing a pass."""
        if self._pool is not None or not self.options.coalesce:
            return self._pass(texts, query)
        if self._coalescer is None:
            with self._cache_lock:
                if self._coalescer is None:
                    self._coalescer = Coalescer(
                        self._pass, max_texts=self.options.batch_size,
                        lanes=self.options.lanes, piece=self.options.piece)
        return self._coalescer(texts)

    def _pass(self, texts: Sequence[str], query: bool = False) -> np.ndarray:
        """One forward pass over ``texts``: in a worker process once they run (a search's
        query by a query worker, the write path's texts by the write worker, a call of
        several texts a ``piece`` at a time), else here."""
        pool = self._pool
        if pool is not None:
            piece = (self.options.piece if len(texts) <= self.options.batch_size
                     else self.options.batch_size)
            try:
                return pool.encode(texts, batch_size=self.options.batch_size, piece=piece,
                                   query=query)
            except WorkerError as exc:  # the pass runs here; a dead worker is replaced
                log.warning("the %s worker failed (%s): encoding in the daemon", self.name, exc)
        with self._cache_lock:
            self._passes_here += 1
            start = self._passes_here > 1 and self._workers_wanted > 0
            count, self._workers_wanted = self._workers_wanted, (0 if start else
                                                                 self._workers_wanted)
            if start:
                self._workers_starting = count
        if start:  # two passes at once: many callers; the workers start in the background
            self._start_workers(count, wait=False)
        try:
            return self.model.encode(texts, batch_size=self.options.batch_size)
        finally:
            with self._cache_lock:
                self._passes_here -= 1

    def serve_many(self) -> None:
        """Allow the worker processes (``workers``; by default one per lane): they start in
        the background the first time two passes run at once (a lone agent's daemon never
        pays for them); passes run here until they are up, then in them."""
        count = self.options.lanes if self.options.workers is None else self.options.workers
        if count > 0 and self.worker_loader is not None and self._pool is None:
            with self._cache_lock:
                self._workers_wanted = count

    def serving(self) -> dict[str, Any]:
        """The worker processes encoding (``workers``), those loading the model now
        (``workers_starting``: a few seconds, passes run here meanwhile) and those allowed
        but not started (``workers_unstarted``: they start when two passes first run at
        once), and the passes and calls coalesced in this process so far (the workers
        batch their own), the dense layers' arithmetic (``precision``: ``f32``,
        ``bf16``) and the OpenBLAS kernels the passes run (``kernels``: ``SkylakeX``...,
        None under another BLAS)."""
        from .blas_threads import kernels
        from .dense_kernels import resolve_precision

        with self._cache_lock:
            pool, coalescer, model = self._pool, self._coalescer, self._model
            starting, unstarted = self._workers_starting, self._workers_wanted
        precision = (pool.precision if pool is not None else
                     getattr(model, "precision", None))
        return {"workers": 0 if pool is None else pool.size, "workers_starting": starting,
                "workers_unstarted": unstarted,
                "precision": precision or resolve_precision(self.options.precision),
                "kernels": pool.kernels if pool is not None else kernels(),
                "passes": 0 if coalescer is None else coalescer.passes,
                "calls": 0 if coalescer is None else coalescer.calls}

    def _start_workers(self, count: int, wait: bool) -> None:
        from .encoder_worker import WorkerPool

        def start() -> None:
            try:
                pool = WorkerPool(self.worker_loader or "", self.options.model_dir, size=count,
                                  blas_threads=self.options.blas_threads,
                                  chunk=self.options.batch_size * 16,
                                  max_texts=self.options.batch_size,
                                  nice=self.options.write_nice,
                                  query_nice=self.options.query_nice,
                                  precision=self.options.precision)
            except (WorkerError, OSError) as exc:
                log.warning("the %s workers did not start (%s): encoding in the daemon",
                            self.name, exc)
                with self._cache_lock:
                    self._workers_starting = 0
                return
            with self._cache_lock:
                self._workers_starting = 0
                if self._closed:
                    pool.close()
                    return
                self._pool = pool
                # the workers hold the weights now; a fallback pass here loads them again
                self._model = None
            log.info("%s: %d worker process(es) encode (dense layers in %s; OpenBLAS "
                     "kernels: %s)", self.name, count, pool.precision,
                     pool.kernels or "not OpenBLAS")

        if wait:
            start()
        else:
            threading.Thread(target=start, name=f"{self.name}-workers", daemon=True).start()

    def close(self) -> None:
        with self._cache_lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    def _load_model(self, folder: Path | None) -> NumpyEncoder:
        """Load the weights from ``folder`` (None: the installed package)."""
        raise NotImplementedError(f"{type(self).__name__} must load its model")

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts, query=False)

    def embed_query(self, text: str) -> np.ndarray:
        """A search's query: from the cache, else by a query worker (never queued behind a
        write group's memories; docs/retrieval.md)."""
        return self._embed([text], query=True)[0]

    def _embed(self, texts: Sequence[str], query: bool) -> np.ndarray:
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        todo: dict[str, list[int]] = {}
        for row, text in enumerate(texts):
            key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
            with self._cache_lock:  # searches and a write group embed side by side
                cached = self._cache.get(key)
                if cached is not None:
                    self._cache.move_to_end(key)
            if cached is not None:
                out[row] = cached
            else:
                todo.setdefault(key, []).append(row)
        if todo:
            keys = list(todo)
            vectors = self._encode([texts[todo[k][0]] for k in keys], query)
            with self._cache_lock:
                for key, vector in zip(keys, vectors, strict=True):
                    out[todo[key]] = vector
                    if self.options.cache_size:
                        self._cache[key] = vector
                while len(self._cache) > self.options.cache_size:
                    self._cache.popitem(last=False)
        return out
