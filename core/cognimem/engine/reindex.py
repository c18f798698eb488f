"""Re-embedding after a change of embedder: ``cognimem reindex``.

Every memory carries the signature (model, dimension) of the embedding stored for it. When
the profile's embedder changes, the engine notices on open (``CheckReport.stale_embeddings``)
and keeps those memories out of the vector index, and :func:`reindex` re-embeds them:

* in batches, each committed in its own record-store transaction (memories' signatures,
  embeddings and a ``reindex`` event together), so an interrupted run loses at most the
  batch in flight and the next run continues with what is left — the work list is simply
  "every memory whose signature differs", read from the records each time;
* the stale entries are first removed from the vector index, and each batch is indexed
  after its commit (a crash in between is repaired by reconciliation on the next open);
* a run in progress is recorded in the store's metadata (namespace ``cognimem.reindex``),
  so a continued run reports ``resumed``.

Memory versions do not change (the memories themselves did not), so the lexical index is
left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from pydantic import BaseModel

from ..errors import CognimemError, InvalidInput
from ..events import next_event
from ..models import EmbeddingSignature, embedding_text
from .steps import Step, Steps, drive

if TYPE_CHECKING:
    from .kernel import Kernel

#: The metadata namespace and key of a run in progress.
META_NAMESPACE = "cognimem.reindex"
META_KEY = "run"


class ReindexReport(BaseModel):
    """What a reindex call did and what is left."""

    signature: EmbeddingSignature
    done: int = 0
    remaining: int = 0
    total: int = 0
    batches: int = 0
    resumed: bool = False

    @property
    def finished(self) -> bool:
        """True when every memory carries the embedder's signature."""
        return self.remaining == 0


def stale_ids(engine: Kernel) -> list[str]:
    """Ids of the memories not embedded with the engine's embedder, in id order.

    :raises InvalidInput: the profile has no embedder.
    """
    if engine.embedder is None:
        raise InvalidInput("the profile has no [embedder] table: there is nothing to reindex")
    signature = engine.embedder.signature
    return engine.records.ids_not_embedded_with(signature)


def reindex(engine: Kernel, *, limit: int | None = None, batch_size: int = 256,
            progress: Callable[[int, int], None] | None = None) -> ReindexReport:
    """Re-embed every memory whose embedding signature differs from the embedder's.

    :param limit: re-embed at most this many now (call again to continue).
    :param batch_size: memories per embedding call and per committed transaction.
    :param progress: called after each batch with (done in this call, total to do).
    :raises InvalidInput: no embedder, or a bad ``limit`` / ``batch_size``.
    """
    def heard(done: int, total: int | None) -> None:
        if progress is not None and total is not None and done:
            progress(done, total)

    return drive(reindex_steps(engine, limit=limit, batch_size=batch_size), heard)


def reindex_steps(engine: Kernel, *, limit: int | None = None,
                  batch_size: int = 256) -> Steps[ReindexReport]:
    """:func:`reindex` as steps (:mod:`.steps`): a step after each committed batch.

    :raises InvalidInput: no embedder, or a bad ``limit`` / ``batch_size`` (raised here,
        before any step).
    """
    if batch_size < 1:
        raise InvalidInput(f"batch_size must be at least 1, not {batch_size}")
    if limit is not None and limit < 1:
        raise InvalidInput(f"limit must be at least 1, not {limit}")
    stale_ids(engine)  # no embedder: refused now
    return _reindex_steps(engine, limit, batch_size)


def _reindex_steps(engine: Kernel, limit: int | None, batch_size: int) -> Steps[ReindexReport]:
    todo = stale_ids(engine)
    assert engine.embedder is not None
    embedder, records = engine.embedder, engine.records
    signature = embedder.signature
    state = records.get_meta(META_NAMESPACE, META_KEY)
    resumed = isinstance(state, dict) and state.get("signature") == signature.model_dump()
    report = ReindexReport(signature=signature, total=len(todo), remaining=len(todo),
                           resumed=resumed and bool(todo))
    if not todo:
        if state is not None:
            records.set_meta(META_NAMESPACE, META_KEY, None)
        return report
    if not resumed:
        records.set_meta(META_NAMESPACE, META_KEY, {
            "signature": signature.model_dump(), "started": engine.now().isoformat(),
            "total": len(todo)})
    if engine.vectors is not None:
        indexed = engine.vectors.versions()
        stale = [i for i in todo if i in indexed]
        if len(stale) == len(indexed):
            # every indexed vector is stale (a model change): drop the whole index, so a new
            # model of another dimension can fill it
            engine.vectors.clear()
        else:
            engine.vectors.delete(stale)
    work = todo if limit is None else todo[:limit]
    yield Step(0, len(work), report)
    for start in range(0, len(work), batch_size):
        _reembed_batch(engine, work[start : start + batch_size], signature)
        report.done += len(work[start : start + batch_size])
        report.remaining = len(todo) - report.done
        report.batches += 1
        yield Step(report.done, len(work), report)
    if report.remaining == 0:
        records.set_meta(META_NAMESPACE, META_KEY, None)
    return report


def _reembed_batch(engine: Kernel, ids: list[str], signature: EmbeddingSignature) -> None:

    assert engine.embedder is not None
    records = engine.records
    found = records.get_memories(ids)
    memories = [found[i].model_copy(update={"embedding": signature}) for i in ids if i in found]
    if not memories:
        return
    vectors = np.asarray(engine.embedder.embed_batch([embedding_text(m) for m in memories]),
                         dtype=np.float32)
    if vectors.shape != (len(memories), signature.dim):
        raise CognimemError(
            f"embedder {engine.embedder.name!r} returned shape {vectors.shape}, expected "
            f"{(len(memories), signature.dim)}: its `dimension` does not match its model"
        )
    with engine.transaction():  # a batch: one unit of work
        records.put_memories(memories)
        records.put_embeddings({m.id: v for m, v in zip(memories, vectors, strict=True)},
                               signature)
        records.append_event(next_event(
            records.last_event(), engine.now(), "reindex", None, None,
            {"model": signature.model, "dim": signature.dim, "count": len(memories),
             "first": memories[0].id, "last": memories[-1].id}))
    if engine.vectors is not None:
        engine.vectors.upsert(memories, vectors)
