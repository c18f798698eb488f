"""How long the daemon's recent calls took, by call, for its status.

Each answered call is timed from its request read to its answer sent: what a client waits
for, less the socket. The status gives, for each tool and memory API operation, how many
calls were answered and the p50, p95 and maximum of the last :data:`WINDOW` of them, so the
latency agents see under their real load can be read off a running daemon (the many-agents
benchmark measures the same from the agents' side: docs/benchmarks.md, "Many agents").
"""

from __future__ import annotations

import threading
from collections import deque

#: The calls of each name the percentiles are taken over (the most recent ones).
WINDOW = 1024
#: The most names kept (tools and operations are a few dozen; a bound all the same).
MAX_NAMES = 128


def nearest_rank(ordered: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of sorted values, by the nearest rank."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class CallTimes:
    """Recent durations of the daemon's answered calls, by name (thread-safe)."""

    def __init__(self, window: int = WINDOW, max_names: int = MAX_NAMES) -> None:
        self._window = window
        self._max_names = max_names
        self._recent: dict[str, deque[float]] = {}
        self._answered: dict[str, int] = {}
        self._lock = threading.Lock()

    def record(self, name: str, seconds: float) -> None:
        """One call of ``name`` answered in ``seconds`` (a new name past the bound is
        not kept)."""
        with self._lock:
            recent = self._recent.get(name)
            if recent is None:
                if len(self._recent) >= self._max_names:
                    return
                recent = self._recent[name] = deque(maxlen=self._window)
            recent.append(seconds)
            self._answered[name] = self._answered.get(name, 0) + 1

    def summary(self) -> dict[str, dict[str, float | int]]:
        """For each name: ``answered`` (all calls so far) and, over the last calls
        (``window`` of them at most), ``p50_ms``, ``p95_ms`` and ``max_ms``."""
        with self._lock:  # copied under the lock, sorted outside it
            taken = {name: (list(recent), self._answered[name])
                     for name, recent in self._recent.items()}
        out: dict[str, dict[str, float | int]] = {}
        for name, (recent, answered) in sorted(taken.items()):
            ordered = sorted(recent)
            out[name] = {"answered": answered, "window": len(ordered),
                         "p50_ms": round(nearest_rank(ordered, 0.5) * 1000, 1),
                         "p95_ms": round(nearest_rank(ordered, 0.95) * 1000, 1),
                         "max_ms": round(ordered[-1] * 1000, 1)}
        return out
