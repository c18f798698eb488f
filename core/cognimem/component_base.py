"""The root of every component: its ``Options`` model and the ``Component`` base class.

Import these from :mod:`cognimem.components`, which re-exports them with every kind's base.
"""

from __future__ import annotations

from abc import ABC
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from .context import Context


class Options(BaseModel):
    """Base of every component's options: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid")


class Component(ABC):  # noqa: B024 - abstract by role; each kind adds its method
    """Base of every component: a name, options, and open/close around the engine's life."""

    #: The kind of component ("ranker", "retriever"...), set by each base class.
    kind: ClassVar[str] = "component"
    #: The name a profile selects it by; set by the class or at registration.
    name: ClassVar[str] = ""
    #: Whether its search-time methods may run in several threads at once while a write is
    #: under way (they change no shared state, or guard it). The store daemon runs searches
    #: beside writes only when every component of the read path says so.
    reads_beside_writes: ClassVar[bool] = False
    #: Plain names of the keys it puts in a score trail's detail (``{"S": "spreading
    #: activation"}``): what ``--explain`` shows people instead of the short keys.
    glossary: ClassVar[dict[str, str]] = {}

    class Options(Options):
        """No options."""

    def __init__(self, options: BaseModel | None = None) -> None:
        self.options = options if options is not None else self.Options()

    def open(self, ctx: Context) -> None:  # noqa: B027 - optional hook for subclasses
        """Called once when the engine starts, after the stores are open."""

    def close(self) -> None:  # noqa: B027 - optional hook for subclasses
        """Called once when the engine closes. Must be safe to call twice."""

    def plain_names(self, detail: dict[str, Any]) -> dict[str, str]:
        """The :attr:`glossary` entries of the keys of ``detail`` (for a trail step)."""
        return {key: self.glossary[key] for key in detail if key in self.glossary}

    def describe(self) -> dict[str, Any]:
        """Name, kind and options as plain data (for ``cognimem plugins`` and explanations)."""
        return {"name": self.name, "kind": self.kind,
                "options": self.options.model_dump(mode="json")}
