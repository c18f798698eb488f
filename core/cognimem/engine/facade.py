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
import threading
from collections.abc import Iterable, Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..accesses import HeldAccesses
from ..clock import Clock, SystemClock
from ..components import (
    Component,
)
from ..context import Context
from ..errors import CognimemError, ProfileError
from ..models import Query
from ..models.summary import SearchSummary, summarize
from ..plugins import PluginHost
from ..privacy import make_private, open_store_folder, shown
from ..profile import ComponentSpec, Profile, load_profile, merge_tables
from .consolidation import Consolidation
from .intake import Intake
from .maintenance import Maintenance
from .read import ReadPath
from .relations import Relations
from .sync import Sync
from .types import validation_message
from .unit import UnitOfWork

log = logging.getLogger("cognimem")


class Engine(Sync, Maintenance, Consolidation, Intake, Relations, ReadPath):
    """One memory store and the pipeline that serves it, as a profile describes.

    Build it with :meth:`from_profile`; close it with :meth:`close` (or use it as a context
    manager). The engine owns its plugin manager, its components and its clock.
    """

    def __init__(self, profile: Profile, host: PluginHost, clock: Clock) -> None:
        self.profile = profile
        self.host = host
        self.clock = clock
        self.hook = host.pm.hook
        self._closed = False
        self._closing = False
        self._dirty = False
        self._held = HeldAccesses()  # accesses of recent searches (see flush_accesses)
        self._conflict_index: tuple[int, Any] | None = None  # (log version, open conflicts)
        self._conflict_index_lock = threading.Lock()
        self._pool = None  # runs retrievers concurrently
        self.records = self._build("records", profile.records, "records")  # type: ignore[assignment]
        self.lexical = (
            self._build("lexical", profile.lexical, "lexical") if profile.lexical else None  # type: ignore[assignment]
        )
        self.vectors = (
            self._build("vectors", profile.vectors, "vectors") if profile.vectors else None  # type: ignore[assignment]
        )
        self.embedder = (
            self._build("embedder", profile.embedder, "embedder") if profile.embedder else None  # type: ignore[assignment]
        )
        self.hook_options = _hook_options(profile, host)
        if self.vectors is not None and self.embedder is None:
            raise ProfileError("profile key `vectors`: a vector index needs an [embedder] table")
        self.extractors = [
            self._build("extractor", s, f"extract[{i}]") for i, s in enumerate(profile.extract)  # type: ignore[misc]
        ]
        self.retrievers = [
            self._build("retriever", s, f"retrieve[{i}]") for i, s in enumerate(profile.retrieve)  # type: ignore[misc]
        ]
        if not self.retrievers:
            raise ProfileError("profile key `retrieve`: list at least one [[retrieve]] table")
        self.retriever_labels = _labels(r.name for r in self.retrievers)
        self.fuser = self._build("fuser", profile.fuse, "fuse")  # type: ignore[assignment]
        self.rankers = [
            self._build("ranker", s, f"rank[{i}]") for i, s in enumerate(profile.rank)  # type: ignore[misc]
        ]
        self.calibrator = (
            self._build("calibrator", profile.confidence, "confidence")  # type: ignore[assignment]
            if profile.confidence else None
        )
        self.decay = [
            self._build("decay", s, f"decay[{i}]") for i, s in enumerate(profile.decay)  # type: ignore[misc]
        ]
        self.guards = [
            self._build("guard", s, f"guard[{i}]") for i, s in enumerate(profile.guard)  # type: ignore[misc]
        ]
        self.consolidator = (
            self._build("consolidator", profile.consolidate, "consolidate")  # type: ignore[assignment]
            if profile.consolidate else None
        )
        self._uow = UnitOfWork(self.records.transaction)
        self.ctx = Context(
            path=profile.store_path(), clock=clock, seed=profile.seed, records=self.records,
            lexical=self.lexical, vectors=self.vectors, embedder=self.embedder, hook=self.hook,
            profile=profile, retriever_labels=self.retriever_labels,
        )
        store = self.ctx.path
        if store is not None:
            with contextlib.suppress(OSError):  # the record store names what is wrong
                open_store_folder(Path(store))
        opened: list[Component] = []
        try:
            for component in self.components():
                component.open(self.ctx)
                opened.append(component)
            opened_report = self._reconcile_on_open()
            if (opened_report is not None and opened_report.stale_embeddings
                    and self.embedder is not None):
                log.warning(
                    "%d memories were embedded with another model than the embedder %s: they "
                    "are left out of vector search until you run `cognimem reindex`",
                    len(opened_report.stale_embeddings), self.embedder.model_id)
            self.hook.cognimem_engine_opened(engine=self)
        except BaseException:
            for component in reversed(opened):
                _close_quietly(component)
            raise
        if store is not None:
            make_private(Path(store))

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
        registration = self.host.get(kind, spec.use)
        if registration is None:
            choices = ", ".join(sorted(self.host.components(kind))) or "(none installed)"
            raise ProfileError(
                f"profile key `{key}.use` = {spec.use!r} is not a known {kind}; "
                f"choose one of: {choices}"
            )
        component_cls = registration.obj
        try:
            options = component_cls.Options(**spec.options)
        except ValidationError as exc:
            problems = "; ".join(
                f"`{key}.{'.'.join(str(p) for p in e['loc'])}`: {e['msg']}"
                + ("" if isinstance(e.get("input"), dict) else f" (got {e.get('input')!r})")
                for e in exc.errors()
            )
            valid = ", ".join(component_cls.Options.model_fields) or "none"
            raise ProfileError(
                f"profile key `{key}` ({kind} {spec.use!r}): {problems}. Valid options: {valid}"
            ) from None
        component: Component = component_cls(options)
        return component

    def components(self) -> list[Component]:
        """Every component, stores first, in the order they are opened."""
        out: list[Component] = [self.records]
        for optional in (self.lexical, self.vectors, self.embedder):
            if optional is not None:
                out.append(optional)
        out += [*self.extractors, *self.retrievers, self.fuser, *self.rankers]
        if self.calibrator is not None:
            out.append(self.calibrator)
        out += [*self.decay, *self.guards]
        if self.consolidator is not None:
            out.append(self.consolidator)
        return out

    # lifecycle ---------------------------------------------------------------------------------

    def close(self) -> None:
        """Close every component (idempotent)."""
        if self._closed or self._closing:
            return
        self._closing = True  # the engine stays usable inside engine_closing hooks
        try:
            try:
                self.flush_accesses()
            except CognimemError as exc:  # closing must still release the store
                log.error("the accesses of the last %d search hits were not written: %s",
                          len(self._held), exc)
            self.hook.cognimem_engine_closing(engine=self)
            try:
                self._write_seal()
            except CognimemError as exc:  # the next open compares everything: nothing lost
                log.warning("could not seal the store at close: %s", exc)
        finally:
            self._closed = True
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None
            for component in reversed(self.components()):
                _close_quietly(component)
            if self.ctx.path is not None:
                make_private(Path(self.ctx.path))

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def search_summary(self, query: Query | str, /, **params: Any) -> SearchSummary:
        """:meth:`search`, with each hit's open conflicts, as plain data (what a command
        line prints; :mod:`cognimem.models.summary`)."""
        result = self.search(query, **params)
        return summarize(result, self.in_open_conflict([h.id for h in result.hits]))

    def stats(self) -> dict[str, Any]:
        """Counts and the pipeline, safe to share (no content)."""
        self._check_open()
        counts = self.records.memory_counts()
        last = self.records.last_event()
        return {
            "profile": self.profile.name,
            "path": shown(self.ctx.path) if self.ctx.path else None,
            "memories": counts["memories"],
            "archived": counts["archived"],
            "superseded": counts["superseded"],
            "layers": counts["layers"],
            "edges": self.records.count_edges(),
            "events": last.seq if last else 0,
            "embedder": self.embedder.signature.model_dump() if self.embedder else None,
            "pipeline": {
                "records": self.records.name,
                "lexical": self.lexical.name if self.lexical else None,
                "vectors": self.vectors.name if self.vectors else None,
                "retrieve": self.retriever_labels,
                "fuse": self.fuser.name,
                "rank": [r.name for r in self.rankers],
                "confidence": self.calibrator.name if self.calibrator else None,
                "decay": [d.name for d in self.decay],
                "extract": [e.name for e in self.extractors],
                "guard": [g.name for g in self.guards],
                "consolidate": self.consolidator.name if self.consolidator else None,
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
