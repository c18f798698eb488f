"""How the :class:`~.facade.Engine` facade exposes its parts: an operation is the method of
the part that does the work (its signature, types and docstring stay where the work is), and
what the engine holds is read from its kernel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, NamedTuple, ParamSpec, TypeVar, overload

from ..delegation import delegate

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")

#: The kernel's attribute holding each part, by the class that does the work.
PARTS = {"Writer": "writer", "Versions": "versions", "Relations": "relations",
         "Conflicts": "conflicts", "Intake": "intake", "Integrity": "integrity",
         "Reader": "reader", "Authority": "authority", "Sync": "sync",
         "Maintenance": "maintenance", "Consolidation": "consolidation", "Jobs": "jobs",
         "Kernel": None}


class operation(delegate[P, R]):
    """``add = operation(Writer.add, client=True)``: the engine's ``add`` is its writer's
    (a :class:`~cognimem.delegation.delegate` to the part its kernel holds).

    :param client: a client may call it through the store's daemon: the daemon serves it
        and :class:`~cognimem.daemon.remote.RemoteEngine` has it (both from these
        declarations, :func:`client_operations`).
    :param retry_safe: it only reads, or its repetition changes nothing, so a client
        repeats it when the connection breaks mid-call (:data:`~cognimem.daemon.api.RETRY_SAFE`).
    """

    def __init__(self, func: Callable[Concatenate[Any, P], R], *, client: bool = False,
                 retry_safe: bool = False) -> None:
        owner = func.__qualname__.split(".")[0]
        if owner not in PARTS:
            raise TypeError(f"{func.__qualname__} is not a method of an engine part")
        super().__init__(func, to=PARTS[owner])
        self.client = client
        self.retry_safe = retry_safe

    def holder(self, obj: Any) -> Any:
        kernel = obj._k
        return kernel if self.part is None else getattr(kernel, self.part)


class state(Generic[T]):
    """``records = state[RecordStore]("records")``: read from the engine's kernel."""

    def __init__(self, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> state[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return getattr(obj._k, self.name)  # type: ignore[attr-defined]


def declared(cls: type) -> dict[str, operation[Any, Any]]:
    """The operations a facade class declares, by public name."""
    return {name: value for name, value in vars(cls).items() if isinstance(value, operation)}


F = TypeVar("F", bound=Callable[..., Any])


def client_method(*, retry_safe: bool) -> Callable[[F], F]:
    """Mark a method of the facade itself (not of a part) as a client operation, as
    ``operation(..., client=True, retry_safe=...)`` marks a part's."""

    def mark(func: F) -> F:
        func.__client_operation__ = retry_safe  # type: ignore[attr-defined]
        return func

    return mark


class ClientOperation(NamedTuple):
    """One operation a client may call: the function that does it (its signature is the
    operation's), the engine part holding it (None: the kernel or the facade), and whether
    a client repeats it when the connection breaks mid-call."""

    func: Callable[..., Any]
    part: str | None
    retry_safe: bool


def client_operations(cls: type) -> dict[str, ClientOperation]:
    """What a client may call, by name, in declaration order: each operation declared with
    ``client=True`` and each :func:`client_method` of the facade. The daemon serves these and
    :class:`~cognimem.daemon.remote.RemoteEngine`'s methods are generated from them."""
    out: dict[str, ClientOperation] = {}
    members = {name: value for klass in reversed(cls.__mro__)
               for name, value in vars(klass).items()}
    for name, value in members.items():
        if isinstance(value, operation) and value.client:
            out[name] = ClientOperation(value.__wrapped__, value.part, value.retry_safe)
        elif callable(value) and hasattr(value, "__client_operation__"):
            out[name] = ClientOperation(value, None, bool(value.__client_operation__))
    return out


_SERVED: dict[type, frozenset[str]] = {}


def served_operations(cls: type) -> frozenset[str]:
    """The names of :func:`client_operations`: what a daemon serving a ``cls`` engine serves."""
    found = _SERVED.get(cls)
    if found is None:
        found = _SERVED[cls] = frozenset(client_operations(cls))
    return found
