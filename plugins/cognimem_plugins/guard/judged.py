"""The semantic judge on the engine's writes: which writes it reads, what it adds.

The judge (:mod:`.judge`) reads the vector the engine computed for a write; it runs from
``cognimem_memory_embedded`` on every door that embeds (add, add_many, an update of a
screened field, an untrusted import) and in ``cognimem guard --rescan`` and ``--explain``
(which embed the text with the engine's embedder). A write the text guard flagged already
is left as it is; another one the judge flags gets the text guard's ``meta.untrusted``
entry (kind ``semantic_judge``, its probability in the reason), so recall quotes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from cognimem.models import embedding_text

from .judge import DIMENSION, NAME, Verdict, judge, reads
from .options import guard_options
from .screening import UNTRUSTED, mark_untrusted

if TYPE_CHECKING:
    from cognimem.components import Embedder
    from cognimem.engine import Engine, PreparedWrite

#: the kind a flag of the judge carries in ``meta.untrusted.kinds``
KIND = NAME


def embedder_of(engine: Engine) -> Embedder | None:
    """The engine's embedder when the judge reads its vectors (``minilm``), else None."""
    for component in engine.components():
        if component.kind == "embedder":
            name = getattr(component, "name", None)
            dimension = getattr(component, "dimension", None)
            return component if reads(name, dimension) else None  # type: ignore[return-value]
    return None


def active(engine: Engine) -> bool:
    """Whether the judge runs in this engine: injection screening on, the judge on, and the
    embedder the one it was trained on."""
    options = guard_options(engine)
    return options.injection != "off" and options.judge and embedder_of(engine) is not None


def judge_writes(writes: list[PreparedWrite], engine: Engine) -> None:
    """Flag (quarantine, refuse) each write the judge reads as an injection and the text
    guard did not flag."""
    if not writes or not active(engine):
        return
    pending = [w for w in writes if w.memory is not None and w.vector is not None
               and len(w.vector) == DIMENSION and UNTRUSTED not in w.memory.meta]
    if not pending:
        return
    mode = guard_options(engine).injection
    vectors = np.stack([w.vector for w in pending if w.vector is not None])
    texts = [embedding_text(w.memory) for w in pending if w.memory is not None]
    for write, verdict in zip(pending, judge(vectors, texts), strict=True):
        if verdict.flags and write.memory is not None:
            meta: dict[str, Any] = dict(write.memory.meta)
            mark_untrusted(write, meta, [KIND], verdict.reason, mode)
            write.memory.meta = meta


def judge_texts(texts: list[str], engine: Engine) -> list[Verdict] | None:
    """The judge's verdict on each text, embedded with the engine's embedder (None when the
    judge does not run in this engine)."""
    embedder = embedder_of(engine) if active(engine) else None
    if embedder is None:
        return None
    if not texts:
        return []
    return judge(embedder.embed_batch(texts), texts)
