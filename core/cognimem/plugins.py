"""The plugin manager each engine owns: loading, checking and the component registry."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterable, Sequence
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from . import hookspecs
from .errors import PluginError, ProfileError
from .registry import HOOK_KINDS, Register, Registration

if TYPE_CHECKING:
    from .profile import ComponentSpec

GROUP = "cognimem"


class PluginHost:
    """A pluggy manager plus the components its plugins registered.

    Nothing is loaded at import time; each engine builds its own host, so tests and
    experiments never share state.

    :param allow: when given, only these entry-point plugins are loaded.
    :param deny: entry-point plugins never loaded (blocked in pluggy).
    :param modules: importable module names loaded as plugins (one-off research components).
    :param files: Python files loaded as plugins.
    :param plugins: already-imported plugin objects (modules or instances), e.g. from tests.
    :param entrypoints: load the ``cognimem`` entry-point group at all.
    """

    def __init__(
        self,
        *,
        allow: Sequence[str] | None = None,
        deny: Sequence[str] = (),
        modules: Sequence[str] = (),
        files: Sequence[str | Path] = (),
        plugins: Iterable[object] = (),
        entrypoints: bool = True,
    ) -> None:
        self.pm = pluggy.PluginManager(GROUP)
        self.pm.add_hookspecs(hookspecs)
        #: the version of the distribution of each entry-point plugin
        self._versions: dict[str, str | None] = {}
        for name in deny:
            self.pm.set_blocked(name)
        if entrypoints:
            self._load_entrypoints(allow)
        for module in modules:
            self._register(_import_module(module), module)
        for file in files:
            path = Path(file).expanduser()
            self._register(_import_file(path), f"file:{path.name}")
        for plugin in plugins:
            self._register(plugin, None)
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(
                f"{exc}. Hook implementations must be named after a cognimem hook; "
                f"valid names: {', '.join(hookspecs.HOOK_NAMES)}"
            ) from exc
        self.registry: dict[str, dict[str, Registration]] = {}
        self._collect()

    # loading -------------------------------------------------------------------------------

    def _load_entrypoints(self, allow: Sequence[str] | None) -> None:
        available = {ep.name: ep for ep in entry_points(group=GROUP)}
        names = list(available) if allow is None else list(allow)
        for name in names:
            if self.pm.is_blocked(name):
                continue
            if name not in available:
                raise PluginError(
                    f"[plugins] allow names {name!r}, but no installed package provides a "
                    f"'{GROUP}' entry point of that name; installed: {', '.join(sorted(available))}"
                )
            if self.pm.get_plugin(name) is not None:
                continue
            ep = available[name]
            try:
                # each entry point loaded here, not by pluggy's loader: that one reads every
                # installed distribution's metadata per call (a third of a second for 23)
                plugin = ep.load()
            except Exception as exc:
                raise PluginError(
                    f"plugin {name!r} failed to import from {ep.value!r}: "
                    f"{type(exc).__name__}: {exc}. Fix or uninstall it, or add {name!r} to "
                    "the profile's [plugins] deny list"
                ) from exc
            try:
                self.pm.register(plugin, name=name)
            except (pluggy.PluginValidationError, ValueError) as exc:
                raise PluginError(f"plugin {name!r} (entry point): {exc}") from exc
            self._versions[name] = ep.dist.version if ep.dist is not None else None

    def _register(self, plugin: object, name: str | None) -> None:
        try:
            self.pm.register(plugin, name=name)
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {name or plugin!r}: {exc}") from exc
        except ValueError as exc:
            raise PluginError(f"plugin {name or plugin!r} is registered twice: {exc}") from exc

    # registry ------------------------------------------------------------------------------

    def _collect(self) -> None:
        versions = self._versions
        for hook, kinds in HOOK_KINDS.items():
            caller = getattr(self.pm.hook, hook)
            for impl in caller.get_hookimpls():
                # Call each plugin's implementation through a subset caller (public API), so
                # a registration can be attributed to the plugin that made it.
                others = [p for p in self.pm.get_plugins() if p is not impl.plugin]
                only = self.pm.subset_hook_caller(hook, remove_plugins=others)
                register = Register(
                    hook, kinds, impl.plugin_name, versions.get(impl.plugin_name), self.registry
                )
                only(register=register)

    def components(self, kind: str) -> dict[str, Registration]:
        """The registrations of one kind ("ranker", "tool"...), by name."""
        return dict(self.registry.get(kind, {}))

    def get(self, kind: str, name: str) -> Registration | None:
        """One registration, or None."""
        return self.registry.get(kind, {}).get(name)

    def plugin_names(self) -> list[str]:
        """Names of every registered plugin (blocked ones are not registered)."""
        return sorted(
            name for name, plugin in self.pm.list_name_plugin()
            if name is not None and plugin is not None
        )

    def describe(self) -> list[dict[str, Any]]:
        """Every component: kind, name, plugin, version and its options' JSON schema."""
        rows: list[dict[str, Any]] = []
        for kind in sorted(self.registry):
            for name, reg in sorted(self.registry[kind].items()):
                row: dict[str, Any] = {
                    "kind": kind, "name": name, "plugin": reg.plugin, "version": reg.version,
                }
                if kind == "tool":
                    row["options"] = {}
                    row["sets"] = sorted(reg.obj.sets)
                elif kind in ("command", "web_app"):
                    row["options"] = {}
                    row["doc"] = reg.obj.help
                elif kind in ("prompt", "resource"):
                    row["options"] = {}
                    row["doc"] = reg.obj.description or f"from the {reg.obj.tool} tool"
                else:
                    row["options"] = _options_summary(reg.obj.Options)
                    row["doc"] = (reg.obj.__doc__ or "").strip().split("\n")[0]
                rows.append(row)
        return rows + self._describe_hook_plugins()

    def _describe_hook_plugins(self) -> list[dict[str, Any]]:
        """A ``hooks`` row per plugin implementing lifecycle hooks: which ones, and the
        options its ``[hooks.NAME]`` profile table takes (its ``HookOptions`` model, if any)."""
        versions = self._versions
        lifecycle = [h for h in hookspecs.HOOK_NAMES if h not in HOOK_KINDS]
        rows: list[dict[str, Any]] = []
        for name, plugin in sorted(self.pm.list_name_plugin(), key=lambda p: str(p[0])):
            if not name or plugin is None:
                continue
            hooks = [h.removeprefix("cognimem_") for h in lifecycle
                     if any(i.plugin is plugin for i in getattr(self.pm.hook, h).get_hookimpls())]
            if not hooks:
                continue
            model = getattr(plugin, "HookOptions", None)
            rows.append({
                "kind": "hooks", "name": name, "plugin": name, "version": versions.get(name),
                "options": _options_summary(model) if isinstance(model, type) else {},
                "hooks": hooks, "doc": (getattr(plugin, "__doc__", None) or "").strip()
                .split("\n")[0]})
        return rows


def _options_summary(model: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        field_name = info.alias or name  # the key a profile uses
        default = info.get_default(call_default_factory=True)
        annotation = getattr(info.annotation, "__name__", None) or str(info.annotation)
        out[field_name] = {"type": annotation.replace("typing.", ""), "default": _jsonable(default)}
        if info.description:
            out[field_name]["help"] = info.description
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return str(value)


def _import_module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except Exception as exc:
        raise PluginError(
            f"[plugins] modules names {name!r}, which failed to import: "
            f"{type(exc).__name__}: {exc}. Fix the module (is it on sys.path?) or remove it "
            "from the profile's [plugins] modules list"
        ) from exc


def _import_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise PluginError(f"[plugins] files names {str(path)!r}, which is not a file")
    module_name = f"cognimem_file_plugin_{path.stem}_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"[plugins] files names {str(path)!r}, which is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(module_name, None)
        raise PluginError(
            f"plugin file {str(path)!r} failed to import: {type(exc).__name__}: {exc}. "
            "Fix the file or remove it from the profile's [plugins] files list"
        ) from exc
    return module


def component_options(host: PluginHost, kind: str, spec: ComponentSpec,
                      key: str) -> tuple[type[Any], Any]:
    """The class of the ``kind`` component a profile table names, and its validated options:
    what the engine builds and what a client checks before starting a daemon, with the same
    one-line errors.

    :raises ProfileError: no installed component of that kind has this name (the error
        lists the choices), or its options are wrong (naming each key and the valid ones).
    """
    from pydantic import ValidationError

    registration = host.get(kind, spec.use)
    if registration is None:
        choices = ", ".join(sorted(host.components(kind))) or "(none installed)"
        raise ProfileError(f"profile key `{key}.use` = {spec.use!r} is not a known {kind}; "
                           f"choose one of: {choices}")
    cls = registration.obj
    try:
        options = cls.Options(**spec.options)
    except ValidationError as exc:
        problems = "; ".join(
            f"`{key}.{'.'.join(str(p) for p in e['loc'])}`: {e['msg']}"
            + ("" if isinstance(e.get("input"), dict) else f" (got {e.get('input')!r})")
            for e in exc.errors())
        valid = ", ".join(cls.Options.model_fields) or "none"
        raise ProfileError(f"profile key `{key}` ({kind} {spec.use!r}): {problems}. "
                           f"Valid options: {valid}") from None
    return cls, options
