"""How a facade exposes the parts it is made of: a public member is the method of the part
that does the work (its signature, types and docstring stay where the work is), declared in
one line, ``put_memories = delegate(MemoryRows.put_memories, to="memories")``.

The record stores are built so (``duckdb``, ``postgres``): one class per job, each in a
module named for it, and a facade that only names which part answers what. The engine's
facade declares its operations the same way (:class:`cognimem.engine.delegate.operation`,
which also says what a client may call).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

P = ParamSpec("P")
R = TypeVar("R")


class delegate(Generic[P, R]):
    """``put_memories = delegate(MemoryRows.put_memories, to="memories")``: the facade's
    ``put_memories`` is the one of the part its instance holds in the attribute ``memories``.

    On the class it is the part's function (so ``inspect.signature`` and ``help`` show the
    real signature and docstring, and an abstract method of a base class counts as
    implemented); on an instance, the part's bound method.
    """

    def __init__(self, func: Callable[Concatenate[Any, P], R], *, to: str | None) -> None:
        self.part = to
        self.name = func.__name__
        self.__doc__ = func.__doc__
        self.__wrapped__ = func

    @overload
    def __get__(self, obj: None, owner: type | None = None
                ) -> Callable[Concatenate[Any, P], R]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> Callable[P, R]: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> Any:
        if obj is None:
            return self.__wrapped__
        return getattr(self.holder(obj), self.name)

    def holder(self, obj: Any) -> Any:
        """The part of ``obj`` that does the work (``obj`` itself when ``to`` is None)."""
        return obj if self.part is None else getattr(obj, self.part)


def delegations(cls: type) -> dict[str, delegate[Any, Any]]:
    """The members a facade class (and its bases) delegates, by name."""
    return {name: value for klass in reversed(cls.__mro__)
            for name, value in vars(klass).items() if isinstance(value, delegate)}
