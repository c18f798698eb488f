"""The engine's facade: builds the pipeline a profile describes, opens and closes it.

The engine's work is spread over the modules of this package, one job each, combined here:
:mod:`.write` (the write path), :mod:`.relations` (edges), :mod:`.read` (the read path),
:mod:`.maintenance` (decay, re-embedding), :mod:`.integrity` (check, export, import),
:mod:`.conflicts`, :mod:`.authority` (agents' levels) and :mod:`.sync` (their offsets), on
the shared plumbing of :mod:`.base`; :mod:`.types` holds what hooks and clients see.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable, Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from ..clock import Clock, SystemClock
from ..components import (
    Calibrator,
    Component,
    Consolidator,
    DecayPolicy,
    Embedder,
    Extractor,
    Fuser,
    Guard,
    LexicalIndex,
    Ranker,
    RecordStore,
    Retriever,
    VectorIndex,
)
from ..context import Context, SearchContext
from ..errors import CognimemError, ProfileError
from ..models import Query
from ..models.summary import SearchSummary, summarize
from ..plugins import PluginHost, component_options
from ..privacy import make_private, open_store_folder, shown
from ..profile import ComponentSpec, Profile, load_profile, merge_tables
from ..slots import SLOTS
from ..slots import specs as slot_specs
from ..stages import Ranking, Stage
from .authority import Authority
from .conflicts import Conflicts
from .consolidation import Consolidation
from .delegate import client_method, operation, state
from .intake import Intake
from .integrity import Integrity
from .jobs import Jobs
from .kernel import Kernel
from .maintenance import Maintenance
from .pipeline import read_pipeline
from .read import Reader
from .relations import Relations
from .services import Services, StoreView
from .sync import Sync
from .types import validation_message
from .unit import UnitOfWork
from .versions import Versions
from .write import Writer

log = logging.getLogger("cognimem")


class Engine:
    """One memory store and the pipeline that serves it, as a profile describes.

    A facade over collaborators, not a stack of mixins: the :class:`~.kernel.Kernel` (the
    components, the unit of work, embedding and index upkeep) and one part per job (the
    writer and its rules, versions, verdicts, authority, conflicts, relations, the reader,
    integrity, maintenance, consolidation, intake, sync). Every public method below hands
    the call to the part that does the work.

    Build it with :meth:`from_profile`; close it with :meth:`close` (or use it as a context
    manager). The engine owns its plugin manager, its components and its clock.
    """

    def __init__(self, profile: Profile, host: PluginHost, clock: Clock) -> None:
        k = self._k = Kernel(self, profile, host, clock)
        k.hook_options = _hook_options(profile, host)
        for slot in SLOTS:  # every component the profile names, in the slots' order
            built = [self._build(slot.kind, spec, key)
                     for of, key, spec in slot_specs(profile) if of is slot]
            setattr(k, slot.attr, built if slot.many else (built[0] if built else None))
        if k.vectors is not None and k.embedder is None:
            raise ProfileError("profile key `vectors`: a vector index needs an [embedder] table")
        if not k.retrievers:
            raise ProfileError("profile key `retrieve`: list at least one [[retrieve]] table")
        k.retriever_labels = _labels(r.name for r in k.retrievers)
        k.uow = UnitOfWork(k.records)
        k.ctx = Context(
            path=profile.store_path(), clock=clock, seed=profile.seed, records=k.records,
            lexical=k.lexical, vectors=k.vectors, embedder=k.embedder, hook=k.hook,
            profile=profile, retriever_labels=k.retriever_labels,
            outbound=lambda text: k.clean_text(text, "outbound"),
        )
        k.attach_parts()
        store = k.ctx.path
        if store is not None:
            with contextlib.suppress(OSError):  # the record store names what is wrong
                open_store_folder(Path(store))
        opened: list[Component] = []
        try:
            for component in self.components():
                component.open(k.ctx)
                opened.append(component)
            opened_report = k.integrity.reconcile_on_open()
            if (opened_report is not None and opened_report.stale_embeddings
                    and k.embedder is not None):
                log.warning(
                    "%d memories were embedded with another model than the embedder %s: they "
                    "are left out of vector search until you run `cognimem reindex`",
                    len(opened_report.stale_embeddings), k.embedder.model_id)
            k.hook.cognimem_engine_opened(engine=self)
        except BaseException:
            for component in reversed(opened):
                _close_quietly(component)
            raise
        if store is not None:
            make_private(Path(store))

    # what the engine holds (read only but for concurrent_reads) ---------------------------------

    profile = state[Profile]("profile")
    host = state[PluginHost]("host")
    clock = state[Clock]("clock")
    hook = state[Any]("hook")
    # the engine's own (plugins read through ``store`` and ``services``, write through the
    # operations: docs/plugins.md, "The engine a plugin receives")
    _ctx = state[Context]("ctx")
    _records = state[RecordStore]("records")
    lexical = state[LexicalIndex | None]("lexical")
    vectors = state[VectorIndex | None]("vectors")
    embedder = state[Embedder | None]("embedder")
    extractors = state[list[Extractor]]("extractors")
    retrievers = state[list[Retriever]]("retrievers")
    retriever_labels = state[list[str]]("retriever_labels")
    fuser = state[Fuser]("fuser")
    rankers = state[list[Ranker]]("rankers")
    calibrator = state[Calibrator | None]("calibrator")
    decay = state[list[DecayPolicy]]("decay")
    guards = state[list[Guard]]("guards")
    consolidator = state[Consolidator | None]("consolidator")
    hook_options = state[dict[str, Any]]("hook_options")

    @property
    def store(self) -> StoreView:
        """The record store, read only (what a plugin reads besides the memory API)."""
        return StoreView(self._k.records)

    @property
    def services(self) -> Services:
        """The in-process services plugins share (derived state, by key)."""
        return Services(self._k.ctx)

    @property
    def concurrent_reads(self) -> bool:
        """Set by an owner that runs searches beside writes (the store daemon): a search
        then never writes, and several searches share the retriever pool."""
        return self._k.concurrent_reads

    @concurrent_reads.setter
    def concurrent_reads(self, value: bool) -> None:
        self._k.concurrent_reads = value

    @property
    def held_accesses(self) -> int:
        """How many accesses of recent searches wait to be written."""
        return self._k.held_accesses

    @property
    def needs_repair(self) -> bool:
        """Whether a failed index update left the indexes to re-derive from the records (a
        search repairs them first, or, with :attr:`concurrent_reads`, :meth:`repair`)."""
        return self._k.dirty

    # the memory API: each operation is the method of the part that does it --------------------
    # (``client=True``: the daemon serves it, and RemoteEngine's method is generated from it:
    # ``python -m cognimem.daemon.apigen``, docs/architecture.md "One API")

    # writing (the write pipeline, docs/architecture.md)
    add = operation(Writer.add, client=True)
    add_many = operation(Writer.add_many, client=True)
    update = operation(Writer.update, client=True)
    delete = operation(Writer.delete, client=True)
    archive = operation(Writer.archive, client=True, retry_safe=True)
    restore = operation(Writer.restore, client=True)
    supersede = operation(Versions.supersede, client=True)
    update_links = operation(Versions.update_links)
    relate = operation(Relations.relate, client=True, retry_safe=True)
    unrelate = operation(Relations.unrelate, client=True, retry_safe=True)
    write_edges = operation(Relations.write_edges)
    record_conflict = operation(Conflicts.record_conflict, client=True, retry_safe=True)
    resolve_conflict = operation(Conflicts.resolve_conflict, client=True)
    ingest = operation(Intake.ingest, client=True)
    import_ = operation(Integrity.import_, client=True)
    # long operations one unit at a time (engine/steps.py; the daemon's jobs)
    import_steps = operation(Integrity.import_steps)
    ingest_steps = operation(Intake.ingest_steps)
    reindex_steps = operation(Maintenance.reindex_steps)
    # jobs: a long operation run in units (engine/jobs.py; in the daemon, beside other calls)
    start_job = operation(Jobs.start_job, client=True)
    jobs = operation(Jobs.jobs, client=True, retry_safe=True)
    job = operation(Jobs.job, client=True, retry_safe=True)
    cancel_job = operation(Jobs.cancel_job, client=True, retry_safe=True)
    # reading
    get = operation(Kernel.get, client=True, retry_safe=True)
    get_many = operation(Kernel.get_many, client=True, retry_safe=True)
    search = operation(Reader.search, client=True, retry_safe=True)
    list_memories = operation(Reader.list_memories, client=True, retry_safe=True)
    graveyard = operation(Reader.graveyard, client=True, retry_safe=True)
    events = operation(Reader.events, client=True, retry_safe=True)
    edges = operation(Relations.edges, client=True, retry_safe=True)
    conflicts = operation(Conflicts.conflicts, client=True, retry_safe=True)
    in_open_conflict = operation(Conflicts.in_open_conflict, client=True, retry_safe=True)
    export = operation(Integrity.export, client=True, retry_safe=True)
    authority = operation(Authority.authority)
    offsets = operation(Sync.offsets, client=True, retry_safe=True)
    offset = operation(Sync.offset, client=True, retry_safe=True)
    sync = operation(Sync.sync, client=True, retry_safe=True)
    acknowledge = operation(Sync.acknowledge, client=True, retry_safe=True)
    # upkeep
    check = operation(Integrity.check, client=True, retry_safe=True)
    purge = operation(Integrity.purge, client=True, retry_safe=True)
    repair = operation(Reader.repair)
    maintain = operation(Maintenance.maintain, client=True)
    reindex = operation(Maintenance.reindex, client=True)
    dream = operation(Consolidation.dream, client=True)
    undo_dream = operation(Consolidation.undo_dream, client=True)
    flush_accesses = operation(Kernel.flush_accesses)
    now = operation(Kernel.now, client=True, retry_safe=True)
    clean_text = operation(Kernel.clean_text)
    # plugins keeping derived state (docs/plugins.md, "What a plugin may write")
    put_meta = operation(Kernel.put_meta)
    touch_edges = operation(Kernel.touch_edges)
    on_rollback = operation(Kernel.on_rollback)
    transaction = operation(Kernel.transaction)

    def pipeline(self) -> Stage:
        """The profile's read path as a composable value (:mod:`cognimem.stages`): ranks as
        :meth:`search` does, records nothing; ``engine.pipeline() >> reranker % 10``."""
        self._k.check_open()
        return read_pipeline(self._k)

    def ranked(self, stage: Stage, query: Query | str, /) -> Ranking:
        """Run a stage value (:meth:`pipeline`, or any composition of components) on this
        engine's store for ``query``; nothing is recorded."""
        self._k.check_open()
        found = Query(text=query) if isinstance(query, str) else query
        return stage.run(Ranking(query=found), SearchContext(self._k.ctx, found))

    def options_of(self, plugin: object) -> Any:
        """The validated ``[hooks.NAME]`` options of a lifecycle-hook plugin (the plugin
        object, e.g. its module), or None when the plugin declares no ``HookOptions``."""
        return self.hook_options.get(self.host.pm.get_name(plugin) or "")

    # construction ----------------------------------------------------------------------------

    @classmethod
    def from_profile(
        cls,
        profile: Profile | str | Path | None = None,
        *,
        path: str | Path | None = None,
        clock: Clock | None = None,
        plugins: Iterable[object] = (),
        overrides: Mapping[str, Any] | None = None,
    ) -> Engine:
        """Build an engine from a profile (an object, a file, or a built-in profile's name).

        :param profile: a :class:`Profile`, a TOML path or a built-in name; None = ``default``.
        :param path: the store directory, overriding the profile's ``path``.
        :param clock: the clock (default: the wall clock); pass a ManualClock to move time.
        :param plugins: extra plugin objects to register (tests, notebooks).
        :param overrides: highest-priority profile values as nested dicts.
        :raises ProfileError: unknown components or bad options, naming the profile key.
        :raises PluginError: a plugin failed to load or misspelt a hook.
        """
        if not isinstance(profile, Profile):
            refs = [] if profile is None else [profile]
            profile = load_profile(*refs, overrides=overrides)
        elif overrides:
            # Validate (model_copy would not) and layer like load_profile does.
            try:
                profile = Profile.model_validate(merge_tables(profile.model_dump(), overrides))
            except ValidationError as exc:
                raise ProfileError(validation_message(exc, "profile")) from None
        if path is not None:
            profile = profile.model_copy(update={"path": str(path)})
        settings = profile.plugins
        host = PluginHost(
            allow=settings.allow, deny=settings.deny, modules=settings.modules,
            files=settings.files, plugins=plugins, entrypoints=settings.entrypoints,
        )
        return cls(profile, host, clock or SystemClock())

    def _build(self, kind: str, spec: ComponentSpec, key: str) -> Component:
        component_cls, options = component_options(self.host, kind, spec, key)
        component: Component = component_cls(options)
        return component

    def components(self) -> list[Component]:
        """Every component, in the slots' order (stores first): the order they open in."""
        out: list[Component] = []
        for slot in SLOTS:
            value = getattr(self._k, slot.attr)
            out += value if slot.many else ([value] if value is not None else [])
        return out

    # lifecycle ---------------------------------------------------------------------------------

    def close(self) -> None:
        """Close every component (idempotent)."""
        if self._k.closed or self._k.closing:
            return
        self._k.closing = True  # the engine stays usable inside engine_closing hooks
        try:
            try:
                self.flush_accesses()
            except CognimemError as exc:  # closing must still release the store
                log.error("the accesses of the last %d search hits were not written: %s",
                          len(self._k.held), exc)
            self.hook.cognimem_engine_closing(engine=self)
            if self._k.purge_pending:  # an update removed text: it leaves the files now
                try:
                    self._k.integrity.purge(vectors=False)
                except CognimemError as exc:
                    log.warning("could not purge the store at close (run `cognimem purge`): "
                                "%s", exc)
            self._k.settle_indexes()  # a failed background update: no seal, repaired at open
            try:
                self._k.integrity.write_seal()
            except CognimemError as exc:  # the next open compares everything: nothing lost
                log.warning("could not seal the store at close: %s", exc)
        finally:
            self._k.closed = True
            if self._k.pool is not None:
                self._k.pool.shutdown(wait=True)
                self._k.pool = None
            for component in reversed(self.components()):
                _close_quietly(component)
            if self._k.ctx.path is not None:
                make_private(Path(self._k.ctx.path))

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @client_method(retry_safe=True)
    def search_summary(self, query: Query | str, /, **params: Any) -> SearchSummary:
        """:meth:`search`, with each hit's open conflicts, as plain data (what a command
        line prints; :mod:`cognimem.models.summary`)."""
        result = self.search(query, **params)
        return summarize(result, self.in_open_conflict([h.id for h in result.hits]))

    @client_method(retry_safe=True)
    def stats(self) -> dict[str, Any]:
        """Counts and the pipeline, safe to share (no content)."""
        self._k.check_open()
        counts = self._k.records.memory_counts()
        last = self._k.records.last_event()
        return {
            "profile": self.profile.name,
            "path": shown(self._k.ctx.path) if self._k.ctx.path else None,
            "memories": counts["memories"],
            "archived": counts["archived"],
            "superseded": counts["superseded"],
            "layers": counts["layers"],
            "edges": self._k.records.count_edges(),
            "events": last.seq if last else 0,
            "embedder": self.embedder.signature.model_dump() if self.embedder else None,
            "pipeline": {
                slot.key: self._k.retriever_labels if slot.kind == "retriever" else (
                    [c.name for c in getattr(self._k, slot.attr)] if slot.many else
                    getattr(getattr(self._k, slot.attr), "name", None))
                for slot in SLOTS if slot.kind != "embedder"
            },
        }



def _hook_options(profile: Profile, host: PluginHost) -> dict[str, Any]:
    """Each lifecycle-hook plugin's ``HookOptions`` (a pydantic model it may declare) validated
    against the profile's ``[hooks.NAME]`` table; a table naming no plugin, loaded or
    installed, is an error."""
    out: dict[str, Any] = {}
    declared: dict[str, Any] = {}
    for name, plugin in host.pm.list_name_plugin():
        model = getattr(plugin, "HookOptions", None)
        if name and isinstance(model, type) and issubclass(model, BaseModel):
            declared[name] = model
    # a table for an installed plugin the profile leaves out ([plugins]) is unused; a table
    # naming no plugin at all is a mistake
    installed = {ep.name for ep in entry_points(group="cognimem")}
    unknown = sorted(set(profile.hooks) - set(declared) - installed)
    if unknown:
        raise ProfileError(
            f"profile key `hooks.{unknown[0]}`: no loaded plugin named {unknown[0]!r} takes "
            f"options; plugins with options: {', '.join(sorted(declared)) or '(none)'}")
    for name, model in declared.items():
        try:
            out[name] = model(**profile.hooks.get(name, {}))
        except ValidationError as exc:
            problems = "; ".join(
                f"`hooks.{name}.{'.'.join(str(p) for p in e['loc'])}`: {e['msg']}"
                + ("" if isinstance(e.get("input"), dict) else f" (got {e.get('input')!r})")
                for e in exc.errors())
            raise ProfileError(f"profile key `hooks.{name}`: {problems}. Valid options: "
                               f"{', '.join(model.model_fields)}") from None
    return out


def _labels(names: Iterable[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        label, n = name, 2
        while label in out:
            label, n = f"{name}@{n}", n + 1
        out.append(label)
    return out


def _close_quietly(component: Component) -> None:
    try:
        component.close()
    except Exception:
        log.exception("closing %s %r failed", component.kind, component.name)


if TYPE_CHECKING:
    from .surface import PluginEngine

    def _plugin_surface(engine: Engine) -> PluginEngine:  # mypy: the engine conforms
        return engine
