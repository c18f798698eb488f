"""``ollama``: embeddings from a local Ollama server (any embedding model, e.g. nomic-embed-text).

Texts go to Ollama's ``/api/embed`` through the ``ollama`` Python client, ``batch_size`` at a
time; the vectors come back L2-normalised as float32. The dimension is discovered by
embedding a probe text when the engine opens (or checked against the ``dimension`` option),
so an unreachable server or a model that is not pulled fails at start with the fix, and a
server whose vectors change dimension later is refused before anything is written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import Field

from cognimem.components import Embedder
from cognimem.components import Options as BaseOptions
from cognimem.errors import CognimemError, EmbedderUnavailable

if TYPE_CHECKING:
    from cognimem.context import Context

DEFAULT_HOST = "http://127.0.0.1:11434"
DEFAULT_MODEL = "nomic-embed-text"
#: The text embedded at open to reach the server and learn the model's dimension.
PROBE_TEXT = "cognimem dimension probe"


def default_host() -> str:
    """``$OLLAMA_HOST`` when set, else Ollama's default local address."""
    return os.environ.get("OLLAMA_HOST") or DEFAULT_HOST


class OllamaEmbedder(Embedder):
    """Vectors from an Ollama embedding model, batched, normalised and dimension-checked."""

    name = "ollama"

    class Options(BaseOptions):
        """Which model on which server, and how to call it."""

        model: str = Field(default=DEFAULT_MODEL, min_length=1,
                           description="an Ollama embedding model (pull it first)")
        host: str = Field(default_factory=default_host,
                          description="Ollama's URL (default: $OLLAMA_HOST or 127.0.0.1:11434)")
        dimension: int | None = Field(default=None, ge=1, le=65_536,
                                      description="expected dimension (None: ask the model)")
        batch_size: int = Field(default=32, ge=1, le=4096, description="texts per request")
        timeout: float = Field(default=60.0, gt=0, description="seconds per request")
        truncate: bool = Field(default=True,
                               description="cut texts longer than the model's context "
                                           "(False: such texts are an error)")
        keep_alive: str | float | None = Field(default=None,
                                               description="how long Ollama keeps the model "
                                                           "loaded (e.g. '5m'; None: its default)")

    options: OllamaEmbedder.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.model_id = f"ollama:{self.options.model}"
        self._dimension: int | None = self.options.dimension
        self._probed = False
        self._client: Any = None
        #: the engine's guard on every text sent to the server (set when the engine opens)
        self._outbound: Callable[[str], str] = lambda text: text

    # the dimension: given, or learnt from the server on first need ---------------------------

    @property
    def dimension(self) -> int:
        """The model's vector dimension (asks the server once when the option is unset)."""
        if self._dimension is None:
            self._probe()
        assert self._dimension is not None
        return self._dimension

    @dimension.setter
    def dimension(self, value: int) -> None:
        self._dimension = value

    @property
    def host(self) -> str:
        """The Ollama URL used."""
        return self.options.host

    def open(self, ctx: Context) -> None:
        """Reach the server and check the model now, so a problem fails at start with its fix."""
        self._outbound = ctx.outbound
        if not self._probed:
            self._probe()

    def close(self) -> None:
        """Close the HTTP connection pool (safe to call twice)."""
        client, self._client = self._client, None
        if client is not None:
            inner = getattr(client, "_client", None)
            if inner is not None:
                inner.close()

    def _probe(self) -> None:
        self._probed = True
        vectors = self._request([PROBE_TEXT])
        if self._dimension is None:
            self._dimension = int(vectors.shape[1])
        else:
            self._check_dimension(vectors)

    # embedding ------------------------------------------------------------------------------------

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        size = self.options.batch_size
        parts = [self._request(list(texts[i : i + size])) for i in range(0, len(texts), size)]
        out = np.concatenate(parts, axis=0)
        self._check_dimension(out)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.where(norms > 0, norms, 1.0)
        return out

    def _check_dimension(self, vectors: np.ndarray) -> None:
        got, expected = int(vectors.shape[1]), self.dimension
        if got != expected:
            raise CognimemError(
                f"embedder 'ollama': model {self.options.model!r} at {self.host} returned "
                f"{got}-dimensional vectors, but {expected} dimensions were expected. If the "
                "model changed, reopen the store (the dimension is learnt at start; set "
                f"[embedder] dimension = {got} if you set it) and run `cognimem reindex` to "
                "re-embed the memories with the new model. Nothing was written"
            )

    def _connect(self) -> Any:
        if self._client is None:
            import ollama

            self._client = ollama.Client(host=self.host, timeout=self.options.timeout)
        return self._client

    def _request(self, texts: list[str]) -> np.ndarray:
        """One ``/api/embed`` call: a float32 (len(texts), d) array, not yet normalised."""
        import httpx
        import ollama

        opts = self.options
        client = self._connect()
        try:
            sent = [self._outbound(text) for text in texts]  # the guard, before they leave
            reply = client.embed(model=opts.model, input=sent, truncate=opts.truncate,
                                 keep_alive=opts.keep_alive)
        except (ConnectionError, httpx.TransportError) as exc:
            # ollama turns httpx.ConnectError into ConnectionError; timeouts stay httpx's
            raise EmbedderUnavailable(
                f"embedder 'ollama': no Ollama server answered at {self.host} "
                f"({type(exc).__name__}: {exc}). Start it with `ollama serve` and "
                f"`ollama pull {opts.model}`, or set [embedder] host = \"http://HOST:PORT\" "
                "in the profile (or $OLLAMA_HOST) to where Ollama runs"
            ) from None
        except ollama.ResponseError as exc:
            if exc.status_code == 404 or "not found" in str(exc.error).lower():
                raise EmbedderUnavailable(
                    f"embedder 'ollama': the Ollama server at {self.host} does not have the "
                    f"model {opts.model!r} ({exc.error}). Pull it with `ollama pull "
                    f"{opts.model}`, or set [embedder] model to one listed by `ollama list`"
                ) from None
            raise CognimemError(
                f"embedder 'ollama': the Ollama server at {self.host} failed to embed with "
                f"model {opts.model!r}: {exc}. Check that it is an embedding model and see "
                "the server's log"
            ) from None
        try:
            vectors = np.asarray(reply.embeddings, dtype=np.float32)
        except ValueError:  # ragged rows
            vectors = np.zeros((0, 0), dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(texts) or vectors.shape[1] == 0:
            raise CognimemError(
                f"embedder 'ollama': model {opts.model!r} at {self.host} answered "
                f"{len(reply.embeddings)} embeddings of mixed or empty size for {len(texts)} "
                "texts; check that it is an embedding model"
            )
        if not np.isfinite(vectors).all():
            raise CognimemError(
                f"embedder 'ollama': model {opts.model!r} at {self.host} returned non-finite "
                "values; check the model with `ollama show " + opts.model + "`"
            )
        return vectors
