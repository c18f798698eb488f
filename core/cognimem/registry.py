"""The typed ``register`` callable handed to registry hooks, and what it records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .components import KINDS, CommandSpec, Component, PromptSpec, ResourceSpec, ToolSpec
from .errors import PluginError
from .extensions import WebAppSpec


@dataclass(frozen=True)
class Registration:
    """A component (or tool) and the plugin that registered it."""

    kind: str
    name: str
    obj: Any
    plugin: str
    version: str | None


class Register:
    """Collects what one plugin registers through one registry hook.

    Call it with a component class (``register(MyRanker)``, optionally
    ``register(MyRanker, name="mine")``), for tools with a :class:`ToolSpec` (or an MCP
    prompt or resource: :class:`PromptSpec`, :class:`ResourceSpec`), for commands with a
    :class:`CommandSpec`, for web apps with a :class:`~cognimem.extensions.WebAppSpec`.
    """

    def __init__(
        self,
        hook: str,
        kinds: tuple[str, ...],
        plugin: str,
        version: str | None,
        sink: dict[str, dict[str, Registration]],
    ) -> None:
        self.hook = hook
        self.kinds = kinds
        self.plugin = plugin
        self.version = version
        self._sink = sink

    def __call__(self, obj: Any, name: str | None = None) -> None:
        """Register ``obj`` under ``name`` (default: its ``name`` attribute)."""
        spec_kind = SPEC_KINDS.get(type(obj))
        if spec_kind is not None:
            kind = spec_kind
            if kind not in self.kinds:
                raise PluginError(f"plugin {self.plugin!r}: {self.hook} cannot register "
                                  f"{kind}s")
            key = name or obj.name
        else:
            kind = _kind_of(obj, self.kinds, self.hook, self.plugin)
            key = name or obj.name
            if not key:
                raise PluginError(
                    f"plugin {self.plugin!r} registered {obj.__qualname__} without a name: "
                    "set the class attribute `name` or pass name=..."
                )
            if obj.name != key:
                obj = type(obj.__name__, (obj,), {"name": key, "__module__": obj.__module__,
                                                   "__doc__": obj.__doc__})
        table = self._sink.setdefault(kind, {})
        if key in table:
            other = table[key]
            raise PluginError(
                f"duplicate {kind} name {key!r}: registered by plugin {other.plugin!r} and by "
                f"plugin {self.plugin!r}; rename one of them or deny one plugin in the profile's "
                "[plugins] table"
            )
        table[key] = Registration(kind, key, obj, self.plugin, self.version)


def _kind_of(obj: Any, kinds: tuple[str, ...], hook: str, plugin: str) -> str:
    if isinstance(obj, type) and issubclass(obj, Component):
        for kind in kinds:
            if kind in KINDS and issubclass(obj, KINDS[kind]):
                return kind
    expected = " or ".join(f"subclass of {KINDS[k].__name__}" if k in KINDS
                           else SPEC_NAMES[k] for k in kinds)
    raise PluginError(
        f"plugin {plugin!r}: {hook} was given {obj!r}, which is not a {expected}"
    )


#: The registrations that are spec values rather than component classes, by kind.
SPEC_KINDS: dict[type, str] = {ToolSpec: "tool", PromptSpec: "prompt",
                               ResourceSpec: "resource", CommandSpec: "command",
                               WebAppSpec: "web_app"}
SPEC_NAMES = {kind: cls.__name__ for cls, kind in SPEC_KINDS.items()}

def _hook_kinds() -> dict[str, tuple[str, ...]]:
    from .slots import SLOTS

    kinds: dict[str, tuple[str, ...]] = {}
    for slot in SLOTS:  # the pipeline's kinds, from the slot table
        kinds[slot.hook] = (*kinds.get(slot.hook, ()), slot.kind)
    # the kinds that are not pipeline slots
    kinds["cognimem_register_tools"] = ("tool", "prompt", "resource")
    kinds["cognimem_register_datasets"] = ("dataset",)
    kinds["cognimem_register_sources"] = ("source",)
    kinds["cognimem_register_commands"] = ("command",)
    kinds["cognimem_register_web_apps"] = ("web_app",)
    return kinds


#: Which component kinds each registry hook accepts.
HOOK_KINDS: dict[str, tuple[str, ...]] = _hook_kinds()
