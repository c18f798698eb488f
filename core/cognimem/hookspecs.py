"""Hook specifications: every way a plugin can extend cognimem.

Two kinds, kept apart:

* **Registry hooks** (``cognimem_register_*``) are called once when an engine's plugin
  manager starts. Each receives a ``register`` callable and registers named components;
  the profile then picks components *by name*, so pluggy's call order never decides which
  ranker runs. Registering a name twice is an error that names both plugins.
* **Lifecycle hooks** are called by the engine at fixed points of its write, read and
  maintenance paths. They observe (and ``cognimem_memory_prepare`` may transform or reject).

Plugins implement hooks with :data:`cognimem.hookimpl` and are found through the
``cognimem`` entry-point group, or named in a profile's ``[plugins]`` table.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .engine import Engine, MaintenanceReport, PreparedQuery, PreparedText, PreparedWrite
    from .labels import MemoryLabel
    from .models import Hit, Memory, MemoryDraft, Query, SearchResult
    from .registry import Register

_spec = pluggy.HookspecMarker("cognimem")

# ---------------------------------------------------------------------------------------------
# Registry hooks: called once per engine, in no guaranteed order.
# ---------------------------------------------------------------------------------------------


@_spec
def cognimem_register_stores(register: Register) -> None:
    """Register record stores, lexical indexes and vector indexes.

    Called once when the plugin manager starts.

    :param register: call ``register(cls)`` with a subclass of
        :class:`~cognimem.components.RecordStore`, :class:`~cognimem.components.LexicalIndex`
        or :class:`~cognimem.components.VectorIndex`; its ``name`` is what the profile's
        ``[records]``, ``[lexical]`` or ``[vectors]`` table selects with ``use``.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_embedders(register: Register) -> None:
    """Register embedders (subclasses of :class:`~cognimem.components.Embedder`).

    Called once when the plugin manager starts; ``[embedder] use = NAME`` selects one.

    :param register: call ``register(cls)`` for each embedder class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_extractors(register: Register) -> None:
    """Register extractors (subclasses of :class:`~cognimem.components.Extractor`).

    Called once when the plugin manager starts; ``[[extract]] use = NAME`` selects them,
    and they run in the profile's order on every write.

    :param register: call ``register(cls)`` for each extractor class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_retrievers(register: Register) -> None:
    """Register retrievers (subclasses of :class:`~cognimem.components.Retriever`).

    Called once when the plugin manager starts; each ``[[retrieve]] use = NAME`` entry of
    the profile adds one to the read path.

    :param register: call ``register(cls)`` for each retriever class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_fusers(register: Register) -> None:
    """Register fusers (subclasses of :class:`~cognimem.components.Fuser`).

    Called once when the plugin manager starts; ``[fuse] use = NAME`` selects one.

    :param register: call ``register(cls)`` for each fuser class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_rankers(register: Register) -> None:
    """Register rankers (subclasses of :class:`~cognimem.components.Ranker`).

    Called once when the plugin manager starts; ``[[rank]] use = NAME`` entries run in the
    profile's order after fusion.

    :param register: call ``register(cls)`` for each ranker class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_calibrators(register: Register) -> None:
    """Register calibrators (subclasses of :class:`~cognimem.components.Calibrator`): what
    turns a hit's scores into a confidence in [0, 1] that it is relevant.

    Called once when the plugin manager starts; ``[confidence] use = NAME`` selects one,
    which runs after the rankers on every search and sets each hit's ``confidence``; hits
    below its floor are held back (``recall`` then says nothing relevant was found).

    :param register: call ``register(cls)`` for each calibrator class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_decay(register: Register) -> None:
    """Register decay policies (subclasses of :class:`~cognimem.components.DecayPolicy`).

    Called once when the plugin manager starts; ``[[decay]] use = NAME`` entries run in the
    profile's order on every maintenance pass.

    :param register: call ``register(cls)`` for each policy class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_tools(register: Register) -> None:
    """Register MCP tools (:class:`~cognimem.components.ToolSpec` values), and MCP prompts
    and resources made from tools (:class:`~cognimem.components.PromptSpec`,
    :class:`~cognimem.components.ResourceSpec`).

    Called once when the plugin manager starts. ``build_server`` exposes the tools whose
    ``sets`` include the profile's ``[mcp] tools`` set, and every prompt and resource; a
    duplicate name fails the build.

    :param register: call ``register(ToolSpec(...))`` for each tool (``PromptSpec``,
        ``ResourceSpec`` likewise).
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_datasets(register: Register) -> None:
    """Register evaluation datasets (subclasses of :class:`~cognimem.components.Dataset`).

    Called once when the plugin manager starts; ``cognimem eval --dataset NAME`` selects one.

    :param register: call ``register(cls)`` for each dataset class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_guards(register: Register) -> None:
    """Register write guards and consolidators (subclasses of
    :class:`~cognimem.components.Guard` or :class:`~cognimem.components.Consolidator`).

    Called once when the plugin manager starts. ``[[guard]] use = NAME`` entries screen
    every new memory in the profile's order, after the prepare hooks and the embedding;
    ``[consolidate] use = NAME`` selects the consolidator ``cognimem dream`` runs.

    :param register: call ``register(cls)`` for each guard or consolidator class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_sources(register: Register) -> None:
    """Register intake sources (subclasses of :class:`~cognimem.sources.IntakeSource`): what
    fills memory without a ``remember`` call (a notes vault, a wiki, a ticket tracker).

    Called once when the plugin manager starts; ``Engine.ingest(NAME, target)``, ``cognimem
    ingest NAME TARGET`` and the ``ingest`` MCP tool run one.

    :param register: call ``register(cls)`` for each source class.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_commands(register: Register) -> None:
    """Register ``cognimem`` subcommands (:class:`~cognimem.components.CommandSpec` values).

    Called when the command line is built for a command that is not one of cognimem's own
    (or for ``cognimem --help``): core commands start without loading any plugin. Only the
    spec is read then; its ``configure`` module is imported when the command runs or shows
    its help. A name that a core command or another plugin already uses is an error.

    :param register: call ``register(CommandSpec(...))`` for each subcommand.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_register_web_apps(register: Register) -> None:
    """Register web apps (:class:`~cognimem.extensions.WebAppSpec` values) that
    ``cognimem serve --http --mount NAME`` serves beside the MCP endpoint.

    Called when the server's plugins load. Only the spec is read then; its ``build``
    module is imported when the app is mounted. The app answers every path but the MCP
    endpoint's and checks the server's bearer token and the Host itself. A name another
    plugin already uses is an error.

    :param register: call ``register(WebAppSpec(...))`` for each web app.
    :returns: nothing; the return value is ignored.
    """


# ---------------------------------------------------------------------------------------------
# Lifecycle hooks: engine start and stop.
# ---------------------------------------------------------------------------------------------


@_spec
def cognimem_engine_opened(engine: Engine) -> None:
    """Called once when an engine has opened its stores and reconciled its indexes.

    Plugins that keep derived state (an in-memory graph, caches) build it here.

    :param engine: the engine that opened.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_engine_closing(engine: Engine) -> None:
    """Called once when an engine is about to close its components.

    :param engine: the engine that is closing.
    :returns: nothing; the return value is ignored.
    """


# ---------------------------------------------------------------------------------------------
# Lifecycle hooks: the write path, in the order the engine calls them.
#   prepare -> (extractors, dedup, records, indexes) -> added / updated / deleted
# ---------------------------------------------------------------------------------------------


@_spec
def cognimem_memory_prepare_many(drafts: list[MemoryDraft], engine: Engine) -> None:
    """See the drafts of several writes before their prepare hooks run (``add_many``).

    Called with up to a few hundred drafts at a time, in order, as they will enter
    :func:`cognimem_memory_prepare`; the prepare hooks then run for each write as before.
    A plugin may compute here, in one pass over the batch, what its prepare hook will need
    (the guard redacts, then screens, the batch's texts while its tables are warm). It
    must not change the drafts nor act on them: whatever it computes must be what the
    prepare hook would compute itself (the prepare hook may see another draft: an earlier
    hook may change it). Called once more with no draft when the chunk's prepare hooks
    have run (or one failed): drop what was kept for it. Called by ``add_many`` and by
    imports (chunks of their memories' drafts); not for ``update``.

    :param drafts: the drafts, read only (empty: the chunk is done).
    :param engine: the engine doing the write.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_memory_prepare(write: PreparedWrite, engine: Engine) -> None:
    """Screen, redact or enrich a memory before it is written.

    Called for every ``add`` and for every ``update`` that changes content, before anything
    is written. All implementations are called in turn on the same ``write`` object, so a
    later one sees an earlier one's changes.

    :param write: ``write.draft`` is the memory about to be written (a
        :class:`~cognimem.models.MemoryDraft`); replace or change it to redact or enrich;
        call ``write.flag(text)`` to attach a warning shown to the caller, or
        ``write.reject(reason)`` to refuse the write (raises :class:`~cognimem.errors.Rejected`;
        nothing is written).
    :param engine: the engine doing the write.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_text_prepare(text: PreparedText, engine: Engine) -> None:
    """Screen or redact a piece of free text that is not a memory's content.

    Called by the write pipeline for every other text a write stores (tags as given, before
    they are lowercased; a scope's project; an edge's type; a forget, archive or conflict
    reason) and for everything the product writes out (compaction summaries, receipts,
    exports). A memory's content, title and meta pass :func:`cognimem_memory_prepare`.
    All implementations are called in turn on the same object.

    :param text: ``text.text`` is the text, ``text.where`` names it; replace ``text.text``
        to redact; append to ``text.notes`` to say what was done (never the secret).
    :param engine: the engine doing the write.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_memory_derive(before: Memory | None, after: Memory | None,
                           engine: Engine) -> None:
    """Keep derived state in step with one memory's change, inside the write's transaction.

    Called by the write pipeline after the records of an add (``before`` is None), an update
    or supersession (both given) or a delete (``after`` is None) are written, before the
    operation commits. Write what follows from the change through the engine
    (``engine.write_edges``, ``engine.update``, ``engine.put_meta``): those writes join the
    operation's transaction, so they commit with it or not at all. In-process state changed
    here must be dropped if the operation rolls back (``engine.on_rollback(action)``).

    :param before: the memory as it was, or None for a new memory.
    :param after: the memory as it is now, or None when it was deleted.
    :param engine: the engine doing the write.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_memory_added(memory: Memory, engine: Engine) -> None:
    """Called after a memory was committed to the record store and indexed: a notification
    (derived writes belong in :func:`cognimem_memory_derive`).

    :param memory: the stored memory, with its id.
    :param engine: the engine that added it.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_memory_updated(before: Memory, after: Memory, engine: Engine) -> None:
    """Called after a memory's update (or supersession) was committed and re-indexed.

    :param before: the memory as it was.
    :param after: the memory as it is now (``version`` incremented).
    :param engine: the engine that updated it.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_memory_deleted(memory: Memory, engine: Engine) -> None:
    """Called after a memory was deleted from the record store and the indexes.

    :param memory: the memory as it was before deletion.
    :param engine: the engine that deleted it.
    :returns: nothing; the return value is ignored.
    """


# ---------------------------------------------------------------------------------------------
# Lifecycle hooks: the read path.
#   query_prepare -> (retrievers -> fuser -> rankers -> filters -> top k) -> accessed
#   -> search_finished
# ---------------------------------------------------------------------------------------------


@_spec
def cognimem_query_prepare(query: PreparedQuery, engine: Engine) -> None:
    """Screen or redact a search's text before it is used or kept.

    Called at the start of every search, before retrieval. The text the hooks leave in
    ``query.text`` is what the retrievers see, what the access history keeps and what the
    result reports (so a credential pasted into a query is never stored). All
    implementations are called in turn on the same object.

    :param query: ``query.text`` is the search's text; replace it to redact.
    :param engine: the engine doing the search.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_memories_accessed(hits: list[Hit], query: Query, engine: Engine) -> None:
    """Called after a search returned hits and their accesses were recorded.

    Not called when the query sets ``record_access = False`` (evaluation runs do).

    :param hits: the hits returned, best first.
    :param query: the query that retrieved them.
    :param engine: the engine that searched.
    :returns: nothing; the return value is ignored.
    """


@_spec
def cognimem_search_finished(result: SearchResult, engine: Engine) -> None:
    """Called at the end of every search, with its hits and per-stage timings.

    :param result: the result about to be returned (hits, timings).
    :param engine: the engine that searched.
    :returns: nothing; the return value is ignored.
    """


# ---------------------------------------------------------------------------------------------
# Lifecycle hooks: maintenance.
# ---------------------------------------------------------------------------------------------


@_spec
def cognimem_maintenance(
    engine: Engine, now: datetime, dry_run: bool, report: MaintenanceReport
) -> None:
    """Called once per maintenance pass, after the profile's decay policies were applied.

    For housekeeping that is not a decay policy: compacting indexes, consolidation,
    refreshing derived state.

    :param engine: the engine being maintained.
    :param now: the engine clock's time for this pass.
    :param dry_run: when True, change nothing; only add what would be done to ``report``.
    :param report: append lines describing what was (or would be) done to ``report.notes``.
    :returns: nothing; the return value is ignored.
    """



# ---------------------------------------------------------------------------------------------
# Lifecycle hooks: views of memories that do not search (a startup context).
# ---------------------------------------------------------------------------------------------


@_spec
def cognimem_memory_labels(memories: list[Memory],
                            engine: Engine) -> dict[str, MemoryLabel] | None:
    """Label memories a view shows without searching (the startup context), by id.

    Called by :func:`cognimem.labels.labels_of` with the memories a view is about to show,
    in the session they are shown in (:func:`cognimem.session.current`): the ``anchors``
    plugin says which memories about code are ``fresh``, ``stale`` or ``orphaned``. A
    search's hits are labelled by rankers instead (``meta.anchor_state``). Every
    implementation is called; their labels are merged per memory, in the order of the
    results. Read only: an implementation never writes.

    :param memories: the memories to label (bounded by the view; at most a few thousand).
    :param engine: the engine the memories were read from.
    :returns: a :class:`~cognimem.labels.MemoryLabel` per memory id it has something to say
        about (an empty dict, or None, when it has nothing to say).
    """


# ---------------------------------------------------------------------------------------------
# Lifecycle hooks: a write screened with its embedding.
# ---------------------------------------------------------------------------------------------


@_spec
def cognimem_memory_embedded(writes: list[PreparedWrite], engine: Engine) -> None:
    """Screen writes with their embedding, after the prepare hooks and the embedding.

    Called by the write pipeline once per batch of writes that passed
    :func:`cognimem_memory_prepare` (every ``add`` and ``add_many``, every ``update`` of a
    screened field, every memory of an untrusted import), once the engine has embedded them
    (or read an update's stored vector), before the transaction. The guard's semantic
    injection judge reads the vectors here. All implementations are called in turn.

    :param writes: each write's ``write.memory`` is the memory about to be stored (add to its
        ``meta`` to flag it; never change its text: the vector is of that text),
        ``write.vector`` its embedding (None without an embedder or a stored vector);
        ``write.flag(text)`` attaches a warning shown to the caller, ``write.reject(reason)``
        refuses the write (nothing is written).
    :param engine: the engine doing the write.
    :returns: nothing; the return value is ignored.
    """

#: Every hook name, for the manager and the meta-tests.
HOOK_NAMES: tuple[str, ...] = tuple(
    name for name in list(globals()) if name.startswith("cognimem_")
)

