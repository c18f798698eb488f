"""Group commit: concurrent ``add`` calls share one engine call.

Agents that remember at the same moment would otherwise queue for the engine one by one,
each paying for its own transaction, embedding call and index commit. Here a caller puts its
memory in a queue and waits for the engine lock; whoever gets the lock takes every memory
queued by then and writes them with one ``add_many`` (one transaction, one embedding batch,
one index commit), and each caller gets its own :class:`~cognimem.engine.Written`. If the
group fails (``add_many`` writes nothing when any item is bad), each memory is written on
its own, so one caller's bad input is that caller's error only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from ..session import ITEM_SESSION, Session
from ..session import current as current_session

#: The most memories written by one group (more wait for the next).
MAX_GROUP = 256


class _Pending:
    __slots__ = ("done", "error", "item", "result", "session")

    def __init__(self, item: dict[str, Any], session: Session) -> None:
        self.item = item
        #: The caller's session, bound while its group is written (its folder and roots).
        self.session = session
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = threading.Event()

    def carried(self) -> dict[str, Any]:
        """The item with its caller's session, which ``add_many`` binds while it prepares
        it (a group holds callers of several sessions)."""
        return {**self.item, ITEM_SESSION: self.session}


class GroupCommit:
    """Writes concurrent adds together under the engine lock.

    The first caller to find no writer at work becomes the writer: it takes the engine lock,
    writes everything queued, and goes on while more is queued; the others wait only for
    their own memory to be written (never for the engine lock), so a read holding the lock
    delays a group, not each caller in turn.

    :param lock: the engine lock (held while a group is written).
    :param add_many: the engine's ``add_many``.
    """

    def __init__(self, lock: AbstractContextManager[Any],
                 add_many: Callable[[list[Any]], list[Any]]) -> None:
        self._lock = lock
        self._add_many = add_many
        self._queue: list[_Pending] = []
        self._mutex = threading.Lock()
        self._writing = False
        self.groups = 0  # groups written (for the status)
        self.grouped = 0  # memories written in groups of more than one

    @staticmethod
    def groupable(args: list[Any], kwargs: Mapping[str, Any]) -> bool:
        """Whether ``add(*args, **kwargs)`` can join a group: text or a dict, plus fields
        (a write that asks for its own ``on_duplicate`` verdict is written on its own)."""
        return (len(args) == 1 and isinstance(args[0], str | Mapping)
                and kwargs.get("on_duplicate", "auto") == "auto")

    def add(self, content: str | Mapping[str, Any], fields: Mapping[str, Any]) -> Any:
        """Write one memory, with whatever else is queued; its ``Written``.

        :raises CognimemError: this memory's own error.
        """
        fields = {k: v for k, v in fields.items() if k != "on_duplicate"}  # "auto"
        item = {"content": content, **fields} if isinstance(content, str) else \
            {**content, **fields}
        session = current_session()
        mine = _Pending(item, session)  # add_many applies it as it prepares the item
        with self._mutex:
            self._queue.append(mine)
            writer = not self._writing
            self._writing = True
        if writer:
            self._write_queued()
        mine.done.wait()
        if mine.error is not None:
            raise mine.error
        return mine.result

    def _write_queued(self) -> None:
        try:
            while True:
                with self._lock:
                    with self._mutex:  # callers of any sessions: each item carries its own
                        group, self._queue = self._queue[:MAX_GROUP], self._queue[MAX_GROUP:]
                    self._write(group)
                with self._mutex:
                    if not self._queue:
                        self._writing = False
                        return
        except BaseException as exc:  # never leave callers waiting
            with self._mutex:
                left, self._queue, self._writing = self._queue, [], False
            for pending in left:
                pending.error = exc
                pending.done.set()
            raise

    def _write(self, group: list[_Pending]) -> None:
        self.groups += 1
        try:
            try:
                results = self._add_many([p.carried() for p in group])
            except Exception as exc:
                if len(group) == 1:
                    group[0].error = exc
                    return
                for pending in group:  # nothing was written: each on its own
                    try:
                        pending.result = self._add_many([pending.carried()])[0]
                    except Exception as single:
                        pending.error = single
                return
            if len(group) > 1:
                self.grouped += len(group)
            for pending, result in zip(group, results, strict=True):
                pending.result = result
        finally:
            for pending in group:
                pending.done.set()
